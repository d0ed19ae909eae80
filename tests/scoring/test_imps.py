"""IMP scales: every boundary of Law 78B, the 1960 scale, off-grid differences, scale files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import BridgeError, ScaleError, get_imp_scale, imps, load_imp_scale

# Law 78B as printed in the seeds' 表五 and in rules.md 2.1: (low, high, IMPs).
LAW_78B = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11),
    (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16),
    (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21),
    (3000, 3490, 22), (3500, 3990, 23), (4000, 7600, 24),
]


def test_every_difference_on_the_grid() -> None:
    for low, high, expected in LAW_78B:
        for diff in range(low, high + 10, 10):
            assert imps(diff) == expected, diff
            assert imps(-diff) == -expected
    assert imps(50_000) == 24


@pytest.mark.parametrize(
    ("diff", "expected"),
    [(0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (490, 10), (500, 11),
     (590, 11), (600, 12), (2240, 19), (3490, 22), (3500, 23), (3600, 23), (3990, 23),
     (4000, 24), (7600, 24), (50000, 24), (-20, -1), (-4000, -24), (620 - 170, 10),
     (420 + 50, 10), (1430 - 680, 13)],
)
def test_rules_vectors(diff: int, expected: int) -> None:
    assert imps(diff) == expected


def test_off_grid_differences() -> None:
    # Default: a band is reached only at its printed lower bound.
    assert [imps(d) for d in (15, 19.99, 45, 49, 4005, -45)] == [0, 0, 1, 1, 24, -1]
    # Setting: read the table by its upper bounds (round up to the grid of 10).
    assert [imps(d, between="upper") for d in (15, 45, 41, 40, 10.5, -45)] == [1, 2, 2, 1, 1, -2]
    with pytest.raises(ScaleError):
        imps(10, between="middle")  # type: ignore[arg-type]


def test_european_1960_scale() -> None:
    s = get_imp_scale("ebl-1960")
    assert s.maximum == 15
    assert s.imps(4100) == 15
    assert 8 * s.imps(70) == 16  # SI 1960: eight swings of 70 beat one of 4,100
    assert [s.imps(d) for d in (10, 20, 60, 70, 130, 140, 340, 350, 490, 500, 3990, 4000)] == [
        0, 1, 1, 2, 2, 3, 4, 5, 5, 6, 14, 15]


def test_bands_match_the_printed_table() -> None:
    assert get_imp_scale("wbf").bands() == [(lo, None if i == 24 else hi, i)
                                            for lo, hi, i in LAW_78B]


def test_scale_files(tmp_path: Path) -> None:
    text = tmp_path / "club.txt"
    text.write_text("# a toy scale\n20\n50 # two\n\n100\n", encoding="utf-8")
    s = load_imp_scale(text)
    assert [s.imps(d) for d in (10, 20, 60, 200, -100)] == [0, 1, 2, 3, -3]
    js = tmp_path / "club.json"
    js.write_text(json.dumps({"name": "club", "thresholds": [10, 30]}), encoding="utf-8")
    assert load_imp_scale(js).imps(30) == 2
    bad = tmp_path / "bad.txt"
    bad.write_text("20\nfifty\n", encoding="utf-8")
    with pytest.raises(ScaleError, match=r"bad.txt:2"):
        load_imp_scale(bad)
    for content in ("50\n20\n", "{\"thresholds\": 5}", "{", "0\n10\n", ""):
        bad.write_text(content, encoding="utf-8")
        with pytest.raises(ScaleError):
            load_imp_scale(bad)
    with pytest.raises(ScaleError):
        load_imp_scale(tmp_path / "missing.txt")


@given(st.integers(-10_000, 10_000))
def test_antisymmetric_and_monotone(diff: int) -> None:
    assert imps(-diff) == -imps(diff)
    assert imps(diff + 10) >= imps(diff)
    assert 0 <= abs(imps(diff)) <= 24


@pytest.mark.parametrize("bad", ["10", None, float("nan"), float("inf"), True])
def test_bad_differences(bad: object) -> None:
    with pytest.raises(BridgeError):
        imps(bad)  # type: ignore[arg-type]
    with pytest.raises(ScaleError):
        get_imp_scale("nonesuch")


@given(st.one_of(st.text(max_size=60), st.text(st.sampled_from(list("0123456789-#,{}[]\":. \nabc")),
                                               max_size=60)))
def test_fuzzed_scale_files_give_only_scale_errors(content: str) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scale.txt"
        path.write_text(content, encoding="utf-8")
        try:
            scale = load_imp_scale(path)
        except ScaleError as e:
            assert e.message("en") and e.message("zh")
        else:
            assert scale.imps(scale.thresholds[-1]) == scale.maximum
