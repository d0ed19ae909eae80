"""The NumPy batch API: every result against the scalar scorer, broadcasting, dtypes,
bad input (only BridgeError escapes, naming the element) and Hypothesis properties."""

from __future__ import annotations

import contextlib
import itertools
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from bridgescore import (
    BridgeError,
    Contract,
    Doubling,
    ImpossibleResultError,
    NotationError,
    Result,
    Seat,
    Strain,
    Vulnerability,
    score,
)
from bridgescore.scoring.batch import (
    CODE_COUNT,
    RESULT_DTYPE,
    encode,
    ns_scores,
    parse_results,
    score_batch,
    score_codes,
)

# Every result: 7 levels x 5 strains x 3 doublings x 2 vulnerabilities x 14 trick counts.
ALL = np.array(
    list(itertools.product(range(1, 8), range(5), range(3), (0, 1), range(14))), dtype=np.int64
)
LEVEL, STRAIN, DOUBLING, VUL, TRICKS = ALL.T


def scalar(level: int, strain: int, doubling: int, vul: bool, tricks: int) -> int:
    if level == 0:
        return score(Contract.passed_out(), 0, bool(vul))
    return score(Contract(int(level), Strain(int(strain)), Doubling(int(doubling))), int(tricks), bool(vul))


EXPECTED = np.array([scalar(*row) for row in ALL.tolist()], dtype=np.int32)


def test_the_domain_is_complete() -> None:
    assert len(ALL) == 2940 == len(set(map(tuple, ALL.tolist())))


def test_score_batch_equals_scalar_score_for_all_2940_results() -> None:
    got = score_batch(LEVEL, STRAIN, DOUBLING, VUL.astype(bool), TRICKS)
    assert got.dtype == np.int32 and got.shape == (2940,)
    np.testing.assert_array_equal(got, EXPECTED)


def test_codes_equal_scalar_score_for_all_2940_results_and_are_distinct() -> None:
    codes = encode(LEVEL, STRAIN, DOUBLING, VUL, TRICKS)
    assert codes.dtype == np.uint16
    assert len(np.unique(codes)) == 2940 and int(codes.max()) < CODE_COUNT
    np.testing.assert_array_equal(score_codes(codes), EXPECTED)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.int64, ">i4"])
def test_any_integer_dtype_gives_the_same_scores(dtype: Any) -> None:
    columns = [c.astype(dtype) for c in (LEVEL, STRAIN, DOUBLING, VUL, TRICKS)]
    np.testing.assert_array_equal(score_batch(*columns), EXPECTED)
    np.testing.assert_array_equal(score_codes(encode(*columns)), EXPECTED)


def test_passed_out_scores_zero_whatever_the_other_columns_say() -> None:
    n = 5 * 3 * 2
    rest = np.array(list(itertools.product(range(5), range(3), (0, 1)))).T
    assert score(Contract.passed_out(), 0, True) == 0
    np.testing.assert_array_equal(score_batch(0, *rest, 0), np.zeros(n, np.int32))
    np.testing.assert_array_equal(score_codes(encode(0, *rest, 0)), np.zeros(n, np.int32))
    np.testing.assert_array_equal(ns_scores(0, rest[0], rest[1], -1, 3, 0), np.zeros(n))
    np.testing.assert_array_equal(ns_scores(0, rest[0], rest[1], 2, 3, 0), np.zeros(n))


def _passed_out_error(e: BridgeError, tricks: int, where_en: str, where_zh: str) -> None:
    assert isinstance(e, ImpossibleResultError)
    assert e.message("en") == (f"invalid number of tricks {tricks}{where_en} for a passed-out board "
                               "(level 0): no trick is played (0)")
    assert e.message("zh") == f"无效的墩数 {tricks}{where_zh}：四家不叫（阶数 0）的牌不打牌（墩数为 0）"


@pytest.mark.parametrize("tricks", range(1, 14))
def test_passed_out_with_tricks_is_refused_as_by_the_scalar_scorer(tricks: int) -> None:
    # Before: the batch scored it 0 while score("pass", tricks, False) refuses it.
    with pytest.raises(ImpossibleResultError):
        score("pass", tricks, False)
    for call in (lambda: score_batch([1, 0], 0, 0, False, [7, tricks]),
                 lambda: encode([1, 0], 0, 0, False, [7, tricks]),
                 lambda: ns_scores([1, 0], 0, 0, [0, -1], 0, [7, tricks]),
                 lambda: ns_scores([1, 0], 0, 0, 1, 3, [7, tricks])):
        with pytest.raises(ImpossibleResultError) as info:
            call()
        _passed_out_error(info.value, tricks, " at index 1", "（下标 1）")
    # A code made by hand for level 0 with tricks (code = tricks, all other digits 0).
    with pytest.raises(ImpossibleResultError) as info:
        score_codes(np.array([0, 0, tricks], np.uint16))
    _passed_out_error(info.value, tricks, " at index 2", "（下标 2）")


def test_passed_out_with_tricks_reports_the_first_bad_index_past_a_chunk() -> None:
    # Results are scored in chunks of 32,768: the index must count the chunks before.
    n = 100_000
    level = np.zeros(n, np.int64)
    tricks = np.zeros(n, np.int64)
    tricks[[70_001, 90_000]] = [5, 6]
    with pytest.raises(ImpossibleResultError) as info:
        score_batch(level, 0, 0, False, tricks)
    _passed_out_error(info.value, 5, " at index 70001", "（下标 70001）")
    grid = np.zeros((3, 4), np.int8)
    grid[2, 1] = 9
    with pytest.raises(ImpossibleResultError) as info:
        score_batch(0, 0, 0, True, grid)
    _passed_out_error(info.value, 9, " at index (2, 1)", "（下标 (2, 1)）")
    with pytest.raises(ImpossibleResultError) as info:
        score_batch(0, 0, 0, True, 4)
    _passed_out_error(info.value, 4, "", "")


@pytest.mark.parametrize(
    ("level", "strain", "doubling", "vul", "tricks", "expected"),
    [  # rules.md section 1.2 (published vectors, not the library's output)
        (1, Strain.NOTRUMP, 0, False, 7, 90),  # D1
        (1, Strain.HEARTS, 0, False, 9, 140),  # D3
        (3, Strain.NOTRUMP, 0, True, 11, 660),  # D8
        (6, Strain.DIAMONDS, 0, True, 12, 1370),  # D13
        (7, Strain.SPADES, 0, True, 13, 2210),  # D17
        (2, Strain.HEARTS, 1, False, 8, 470),  # D22
        (5, Strain.SPADES, 2, True, 12, 1600),  # D27
        (1, Strain.NOTRUMP, 2, True, 8, 1160),  # D30
        (4, Strain.SPADES, 1, False, 5, -1100),  # D36
        (7, Strain.NOTRUMP, 1, True, 0, -3800),  # D38
        (7, Strain.NOTRUMP, 2, True, 0, -7600),  # D39
    ],
)
def test_published_vectors(
    level: int, strain: Strain, doubling: int, vul: bool, tricks: int, expected: int
) -> None:
    assert score_batch(level, strain, doubling, vul, tricks) == expected
    assert score_codes(encode(level, strain.value, Doubling(doubling), vul, tricks)) == expected


def test_ns_scores_equal_result_ns_score_for_every_seat_and_vulnerability() -> None:
    rows = list(itertools.product(range(1, 8), range(5), range(3), range(4), range(4), range(14)))
    lev, strain, dbl, decl, vul, tricks = np.array(rows).T
    expected = [
        Result(Contract(r[0], Strain(r[1]), Doubling(r[2])), Seat(r[3]), r[5]).ns_score(
            Vulnerability(r[4])
        )
        for r in rows
    ]
    np.testing.assert_array_equal(ns_scores(lev, strain, dbl, decl, vul, tricks), expected)


# --- broadcasting and shapes -------------------------------------------------------------


def test_scalars_broadcast_against_arrays() -> None:
    got = score_batch(4, Strain.SPADES, Doubling.UNDOUBLED, [False, True], [10, 8])
    np.testing.assert_array_equal(got, [420, -200])  # 4S= NV; 4S-2 V (rules.md D9, 2 x 100)


def test_two_dimensional_broadcasting_keeps_the_shape() -> None:
    tricks = np.arange(14).reshape(1, 14)
    vul = np.array([[False], [True]])
    got = score_batch(3, 4, 0, vul, tricks)
    assert got.shape == (2, 14)
    for v in (0, 1):
        for t in range(14):
            assert got[v, t] == score("3NT", t, bool(v))
    np.testing.assert_array_equal(encode(3, 4, 0, vul, tricks).shape, (2, 14))


def test_all_scalars_give_a_zero_dimensional_array() -> None:
    got = score_batch(3, 4, 0, True, 9)
    assert got.shape == () and got == 600
    assert encode(3, 4, 0, True, 9).shape == ()
    assert ns_scores(3, 4, 0, Seat.EAST, Vulnerability.EW, 9) == -600


def test_empty_inputs_give_empty_results() -> None:
    assert score_batch([], [], [], [], []).shape == (0,)
    assert encode([], 0, 0, False, []).shape == (0,)
    assert score_codes([]).shape == (0,)
    assert ns_scores([], 0, 0, [], 0, []).shape == (0,)


def test_non_contiguous_and_large_inputs() -> None:
    big = np.tile(ALL, (40, 1))[::-1]  # reversed: negative strides, > one chunk of 32,768
    got = score_batch(*big.T)
    np.testing.assert_array_equal(got, np.tile(EXPECTED, 40)[::-1])
    np.testing.assert_array_equal(score_batch(*np.asfortranarray(ALL).T), EXPECTED)


def test_outputs_are_fresh_writable_arrays() -> None:
    first = score_codes(encode(3, 4, 0, False, [9]))
    first[0] = 0
    assert score_codes(encode(3, 4, 0, False, [9]))[0] == 400
    assert score_batch(3, 4, 0, False, [9]).flags.writeable


# --- bad input ---------------------------------------------------------------------------


def raises(error: type[BridgeError], call: Any, *words: str) -> BridgeError:
    with pytest.raises(BridgeError) as info:
        call()
    assert type(info.value) is error, info.value
    for word in words:
        assert word in info.value.message("en") or word in info.value.message("zh"), (
            word,
            info.value.message("en"),
        )
    assert info.value.message("en") != info.value.message("zh")
    return info.value


@pytest.mark.parametrize(
    ("args", "error", "value", "index", "name"),
    [
        (([1, 2, 8], 0, 0, False, 7), NotationError, "8", "2", "level"),
        (([1, -1], 0, 0, False, 7), NotationError, "-1", "1", "level"),
        ((1, [0, 5], 0, False, 7), NotationError, "5", "1", "strain"),
        ((1, 0, [3], False, 7), NotationError, "3", "0", "doubling"),
        ((1, 0, 0, [0, 1, 2], 7), NotationError, "2", "2", "vulnerable"),
        ((1, 0, 0, False, [13, 14]), ImpossibleResultError, "14", "1", "tricks"),
        ((1, 0, 0, False, [0, -1]), ImpossibleResultError, "-1", "1", "tricks"),
        ((1, 0, 0, False, np.array([[0, 1], [99, 1]], np.int8)), ImpossibleResultError, "99", "(1, 0)", "tricks"),
    ],
)
def test_out_of_range_values_name_the_element(
    args: tuple[Any, ...], error: type[BridgeError], value: str, index: str, name: str
) -> None:
    for call in (lambda: score_batch(*args), lambda: encode(*args)):
        e = raises(error, call, value, name)
        assert f"index {index}" in e.message("en") and f"下标 {index}" in e.message("zh")


def test_scalar_out_of_range_value_is_quoted() -> None:
    e = raises(NotationError, lambda: score_batch(9, 0, 0, False, 7), "9", "0-7")
    assert "阶数" in e.message("zh")


def test_shapes_that_do_not_broadcast() -> None:
    raises(NotationError, lambda: score_batch([1, 2], [0, 1, 2], 0, False, 7), "(2,)", "(3,)", "形状")
    raises(NotationError, lambda: ns_scores([1, 2], 0, 0, [0, 1, 2], 0, 7), "declarer (3,)")


@pytest.mark.parametrize(
    "bad",
    [
        np.array([1.0, 2.0]),
        [1.5],
        ["4"],
        "4",
        np.array([1, 2], dtype=object),
        [True, False],  # bool is not a level
        [[1, 2], [3]],  # ragged
        None,
        2**70,
        1 + 2j,
    ],
)
def test_non_integer_input_is_refused(bad: Any) -> None:
    raises(NotationError, lambda: score_batch(bad, 0, 0, False, 7), "level")
    raises(NotationError, lambda: encode(1, 0, 0, False, bad), "tricks")
    raises(NotationError, lambda: score_codes(bad), "code")


def test_only_the_matching_enum_stands_for_a_value() -> None:
    assert score_batch(4, Strain.SPADES, Doubling.DOUBLED, False, 10) == 590  # 4SX= NV
    raises(NotationError, lambda: score_batch(4, Doubling.DOUBLED, 0, False, 10), "strain", "Strain")  # type: ignore[arg-type]
    raises(NotationError, lambda: ns_scores(4, 3, 0, Seat.NORTH, Seat.EAST, 10), "vulnerability")  # type: ignore[arg-type]
    raises(NotationError, lambda: score_batch(Strain.SPADES, 3, 0, False, 10), "level")  # type: ignore[arg-type]


def test_codes_out_of_range() -> None:
    raises(NotationError, lambda: score_codes([0, CODE_COUNT]), str(CODE_COUNT), "index 1")
    raises(NotationError, lambda: score_codes(np.array([5, -1], np.int16)), "-1", "index 1")
    raises(NotationError, lambda: score_codes(np.array([2**64 - 1], np.uint64)), "index 0")


def test_ns_scores_bad_declarer_and_vulnerability() -> None:
    raises(NotationError, lambda: ns_scores(3, 4, 0, [0, 4], 0, 9), "declarer", "4", "index 1")
    raises(NotationError, lambda: ns_scores(3, 4, 0, [-2], 0, 9), "declarer", "-2")
    raises(NotationError, lambda: ns_scores(3, 4, 0, 0, [0, 4], 9), "vulnerability", "4")
    e = raises(NotationError, lambda: ns_scores([0, 3], 4, 0, [-1, -1], 0, 9), "-1", "index 1")
    assert "passed-out" in e.message("en") and "四家不叫" in e.message("zh")
    # -1 broadcast against levels: the index is the broadcast element's.
    raises(NotationError, lambda: ns_scores([[0, 0], [0, 2]], 4, 0, -1, 0, 9), "(1, 1)", "level-2")


def test_parse_results_reads_every_notation_and_repeats() -> None:
    got = parse_results(["4SX N -2", "南打3NT超1", "pass", "4SX N -2", "3nt by s +1"])
    assert got.dtype == RESULT_DTYPE
    assert got.tolist() == [
        (4, 3, 1, 0, 8),
        (3, 4, 0, 2, 10),
        (0, 4, 0, -1, 0),
        (4, 3, 1, 0, 8),
        (3, 4, 0, 2, 10),
    ]
    scores = ns_scores(got["level"], got["strain"], got["doubling"], got["declarer"], 0, got["tricks"])
    np.testing.assert_array_equal(scores, [-300, 430, 0, -300, 430])  # NV: 4SX-2 = 300, 3NT+1 = 430


def test_parse_results_takes_any_iterable_and_empty() -> None:
    assert parse_results(iter(["1C N =", "1C N ="])).tolist() == [(1, 0, 0, 0, 7)] * 2
    assert parse_results([]).shape == (0,)


@pytest.mark.parametrize(
    ("texts", "error", "index"),
    [
        (["3NT S =", "3NT S ="[:-1] + "=x", "3NT S ="], NotationError, "1"),
        (["3NT S =", "7S N +1"], ImpossibleResultError, "1"),
        (["3NT S =", 5], NotationError, "1"),
        (["3NT S =", "1C N =", ["3NT S ="]], NotationError, "2"),
    ],
)
def test_parse_results_errors_name_the_element(texts: list[Any], error: type[BridgeError], index: str) -> None:
    e = raises(error, lambda: parse_results(texts), f"index {index}")
    assert f"第 {index} 项" in e.message("zh")


# --- properties --------------------------------------------------------------------------

results = st.tuples(
    st.integers(1, 7), st.integers(0, 4), st.integers(0, 2), st.booleans(), st.integers(0, 13)
)


@given(st.lists(results, max_size=50))
def test_random_batches_equal_the_scalar_scorer(rows: list[tuple[int, int, int, bool, int]]) -> None:
    columns = [list(c) for c in zip(*rows, strict=True)] if rows else [[]] * 5
    expected = [scalar(*r) for r in rows]
    np.testing.assert_array_equal(score_batch(*columns), expected)
    np.testing.assert_array_equal(score_codes(encode(*columns)), expected)


@given(
    hnp.arrays(np.int8, st.integers(0, 30), elements=st.integers(1, 7)),
    st.integers(0, 4),
    st.integers(0, 2),
    st.integers(0, 3),
    st.integers(0, 12),
)
def test_one_more_trick_never_scores_less(
    level: np.ndarray[Any, Any], strain: int, dbl: int, vul: int, tricks: int
) -> None:
    for seat in (0, 2):  # NS declares, so the NS score is the declarer's
        fewer = ns_scores(level, strain, dbl, seat, vul, tricks)
        more = ns_scores(level, strain, dbl, seat, vul, tricks + 1)
        assert (more >= fewer).all()


@given(
    hnp.arrays(np.int64, st.integers(0, 30), elements=st.integers(1, 7)),
    st.integers(0, 4),
    st.integers(0, 2),
    st.sampled_from(list(Vulnerability)),
    st.integers(0, 13),
)
def test_ns_score_of_a_north_result_is_minus_the_east_mirror(
    level: np.ndarray[Any, Any], strain: int, dbl: int, vul: Vulnerability, tricks: int
) -> None:
    # Swapping the sides and their vulnerability turns the NS score into its negation.
    mirror = Vulnerability.of(ns=vul.is_vulnerable(Seat.EAST), ew=vul.is_vulnerable(Seat.NORTH))
    north = ns_scores(level, strain, dbl, Seat.NORTH, vul, tricks)
    east = ns_scores(level, strain, dbl, Seat.EAST, mirror, tricks)
    np.testing.assert_array_equal(north, -east)


scalars_or_junk = st.one_of(
    st.integers(-300, 70000),
    st.floats(allow_nan=True),
    st.booleans(),
    st.text(max_size=3),
    st.none(),
    hnp.arrays(
        st.sampled_from([np.int8, np.uint8, np.int16, np.int64, np.uint64, np.float32, np.bool_]),
        hnp.array_shapes(min_dims=0, max_dims=2, max_side=3),
    ),
    st.lists(st.integers(-3, 20), max_size=4),
)


@given(st.tuples(*([scalars_or_junk] * 6)))
def test_random_input_lets_only_bridge_error_escape(args: tuple[Any, ...]) -> None:
    for call in (
        lambda: score_batch(*args[:5]),
        lambda: encode(*args[:5]),
        lambda: score_codes(args[0]),
        lambda: ns_scores(*args),
    ):
        try:
            out = call()
        except BridgeError:
            continue
        assert out.dtype in (np.int32, np.uint16)


@given(st.lists(st.text(max_size=12), max_size=5))
def test_parse_results_on_random_text_lets_only_bridge_error_escape(texts: list[str]) -> None:
    with contextlib.suppress(BridgeError):
        parse_results(texts)


@given(
    st.lists(
        st.tuples(
            st.integers(1, 7), st.sampled_from(list(Strain)), st.sampled_from(list(Doubling)),
            st.sampled_from(list(Seat)), st.integers(0, 13), st.sampled_from(["en", "zh"]),
        ),
        max_size=20,
    ),
    st.sampled_from(list(Vulnerability)),
)
def test_parse_results_round_trips_formatted_results(
    rows: list[tuple[int, Strain, Doubling, Seat, int, str]], vul: Vulnerability
) -> None:
    results = [Result(Contract(lv, s, d), seat, t) for lv, s, d, seat, t, _ in rows]
    texts = [r.format(lang=row[5]) for r, row in zip(results, rows, strict=True)]
    got = parse_results(texts)
    assert got.tolist() == [
        (r.contract.level, r.contract.strain.value, r.contract.doubling.value, r.declarer.value, r.tricks)
        for r in results
        if r.declarer is not None
    ]
    scores = ns_scores(got["level"], got["strain"], got["doubling"], got["declarer"], vul, got["tricks"])
    np.testing.assert_array_equal(scores, [r.ns_score(vul) for r in results])


def test_import_bridgescore_does_not_load_numpy() -> None:
    code = "import sys, bridgescore; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
