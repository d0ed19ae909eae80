"""VP scales: published WBF 2013 values, the computed tables of rules.md 3.1, the whole-VP and
ACBL scales, and the properties the WBF asks for."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import ScaleError, get_vp_scale, victory_points
from bridgescore.scoring.vp import blitz, vp_table, wbf_continuous_cents, wbf_whole_bounds

MARGINS = (1, 2, 3, 5, 7, 10, 15, 20, 25, 30, 40)
# rules.md 3.1, computed tables [C] (winner's VP), and the first margin worth 20.00.
RULES_TABLE = {
    8: ((10.44, 10.86, 11.27, 12.05, 12.77, 13.78, 15.23, 16.46, 17.50, 18.37, 19.74), 43),
    12: ((10.36, 10.71, 11.05, 11.70, 12.31, 13.18, 14.46, 15.58, 16.55, 17.40, 18.78), 52),
    14: ((10.33, 10.66, 10.97, 11.58, 12.16, 12.97, 14.19, 15.26, 16.21, 17.04, 18.41), 57),
    16: ((10.31, 10.61, 10.91, 11.48, 12.03, 12.80, 13.97, 15.00, 15.92, 16.73, 18.09), 60),
    20: ((10.28, 10.55, 10.82, 11.34, 11.83, 12.53, 13.61, 14.58, 15.45, 16.23, 17.56), 68),
    24: ((10.25, 10.50, 10.75, 11.23, 11.68, 12.33, 13.34, 14.26, 15.08, 15.83, 17.13), 74),
    32: ((10.22, 10.44, 10.65, 11.07, 11.47, 12.05, 12.95, 13.78, 14.54, 15.24, 16.46), 85),
}


@pytest.mark.parametrize("boards", sorted(RULES_TABLE))
def test_rules_tables(boards: int) -> None:
    values, first_twenty = RULES_TABLE[boards]
    assert tuple(victory_points(m, boards)[0] for m in MARGINS) == values
    assert victory_points(first_twenty, boards)[0] == 20.0
    assert victory_points(first_twenty - 1, boards)[0] < 20.0


def test_published_values() -> None:
    # Klinger (IBPA 2013), the 14-board NEC Cup scale.
    assert [victory_points(m, 14)[0] for m in range(1, 8)] == [
        10.33, 10.66, 10.97, 11.28, 11.58, 11.87, 12.16]
    assert victory_points(10, 14)[0] == 12.97 and victory_points(20, 14)[0] == 15.26
    assert victory_points(7, 14) == (12.16, 7.84)
    # bcstar.nl, 20 boards.
    assert victory_points(1, 20)[0] == 10.28 and victory_points(2, 20)[0] == 10.55


def test_side_by_side_and_repairs() -> None:
    assert victory_points(10, 16) == (12.80, 7.20)
    assert victory_points(-10, 16) == (7.20, 12.80)
    assert victory_points(61, 16) == (20.0, 0.0)
    assert victory_points(0, 16) == (10.0, 10.0)
    # Concavity repair (rules.md 3.1): plain rounding would give 13.74 and 19.73.
    assert victory_points(14, 16)[0] == 13.75
    assert victory_points(40, 8)[0] == 19.74


@given(st.integers(1, 100))
def test_wbf_properties(boards: int) -> None:
    cents = wbf_continuous_cents(boards)
    assert cents[0] == 1000 and cents[-1] == 2000
    steps = [b - a for a, b in itertools.pairwise(cents)]
    assert all(s >= 0 for s in steps)
    # Each extra IMP is worth no more than the one before (the WBF's concavity).
    assert all(b <= a for a, b in itertools.pairwise(steps))
    assert len(cents) - 1 == pytest.approx(blitz(boards), abs=1.0)


@given(st.integers(-200, 200), st.integers(1, 64))
def test_vp_sums_to_twenty(margin: int, boards: int) -> None:
    a, b = victory_points(margin, boards)
    assert round((a + b) * 100) == 2000
    assert (a >= b) == (margin >= 0) or margin == 0
    assert victory_points(-margin, boards) == (b, a)


def test_whole_vp_scale() -> None:
    # rules.md 3.2: upper IMP bound of each VP 10..19; 20 beyond the last.
    assert wbf_whole_bounds(16) == (1, 4, 8, 12, 17, 22, 28, 35, 43, 53)
    assert wbf_whole_bounds(20) == (1, 5, 9, 14, 19, 25, 31, 39, 48, 60)
    assert [victory_points(m, 20, "wbf-whole")[0] for m in (0, 1, 2, 5, 6, 9, 61)] == [
        10, 10, 11, 11, 12, 12, 20]
    assert victory_points(-54, 16, "wbf-whole") == (0, 20)


def test_acbl_scales() -> None:
    six_to_eight = [(0, 10), (1, 11), (2, 11), (3, 12), (4, 12), (5, 13), (7, 13), (8, 14),
                    (10, 14), (11, 15), (13, 15), (14, 16), (16, 16), (17, 17), (19, 17),
                    (20, 18), (23, 18), (24, 19), (27, 19), (28, 20), (99, 20)]
    for margin, vp in six_to_eight:
        assert victory_points(margin, 7, "acbl-20") == (vp, 20 - vp)
    nine_to_eleven = {0: 10, 2: 11, 3: 12, 5: 12, 6: 13, 9: 13, 10: 14, 35: 19, 36: 20}
    for margin, vp in nine_to_eleven.items():
        assert victory_points(margin, 10, "acbl-20")[0] == vp
    thirty = {0: 15, 1: 18, 2: 19, 3: 20, 4: 21, 5: 22, 6: 22, 7: 23, 8: 23, 9: 24, 10: 24,
              11: 25, 13: 25, 14: 26, 16: 26, 17: 27, 19: 27, 20: 28, 23: 28, 24: 29, 27: 29,
              28: 30}
    for margin, vp in thirty.items():
        assert victory_points(margin, 8, "acbl-30") == (vp, 30 - vp)
        assert victory_points(-margin, 8, "acbl-30") == (30 - vp, vp)
    with pytest.raises(ScaleError, match="6-8"):
        victory_points(3, 12, "acbl-30")


def test_vp_table_rows() -> None:
    rows = vp_table(16)
    assert rows[0] == (0, 10.0, 10.0) and rows[-1] == (60, 20.0, 0.0) and len(rows) == 61


@pytest.mark.parametrize(
    ("margin", "boards", "scale"),
    [(1.5, 16, "wbf"), (3, 0, "wbf"), (3, -2, "wbf"), ("3", 16, "wbf"), (3, 16, "nonesuch"),
     (3, 2.5, "wbf"), (True, 16, "wbf")],
)
def test_bad_input(margin: object, boards: object, scale: str) -> None:
    with pytest.raises(ScaleError):
        victory_points(margin, boards, scale)  # type: ignore[arg-type]


def test_scale_titles_bilingual() -> None:
    for name in ("wbf", "wbf-whole", "acbl-20", "acbl-30"):
        s = get_vp_scale(name)
        assert s.title("en") != s.title("zh")
