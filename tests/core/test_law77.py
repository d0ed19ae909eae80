"""Law 77 scoring: all 2,940 results against an independent expression, the rules.md vectors,
the seeds' sixteen worked examples, and properties of the breakdowns."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from law77 import law77

from bridgescore import (
    BridgeError,
    Contract,
    Doubling,
    ImpossibleResultError,
    NotationError,
    Seat,
    Strain,
    Vulnerability,
    breakdown,
    score,
)
from bridgescore.core.contract import all_contracts
from bridgescore.core.law77 import SCORE_TABLE, undertrick_penalty

STRAINS = ["C", "D", "H", "S", "NT"]


def test_all_2940_results() -> None:
    count = 0
    for level, strain, dbl, vul, tricks in itertools.product(
        range(1, 8), STRAINS, range(3), (False, True), range(14)
    ):
        contract = Contract(level, Strain.parse(strain), Doubling(dbl))
        expected = law77(level, strain, dbl, vul, tricks)
        assert score(contract, tricks, vul) == expected, (str(contract), vul, tricks)
        assert score(str(contract), tricks, vul) == expected
        assert breakdown(contract, tricks, vul).declarer_score == expected
        count += 1
    assert count == 2940


# rules.md section 1.2 (contract, tricks, vulnerable, expected declarer score)
VECTORS = [
    ("1NT", 7, False, 90), ("1C", 9, False, 110), ("1H", 9, False, 140), ("2NT", 9, False, 150),
    ("2C", 8, True, 90), ("2H", 8, True, 110), ("3NT", 9, False, 400), ("3NT", 9, True, 600),
    ("3NT", 11, True, 660), ("4H", 10, False, 420), ("4S", 10, True, 620), ("5C", 11, False, 400),
    ("5D", 11, True, 600), ("5C", 12, False, 420), ("5C", 12, True, 620), ("5S", 12, False, 480),
    ("5S", 12, True, 680), ("6D", 12, False, 920), ("6D", 12, True, 1370), ("6S", 12, True, 1430),
    ("6NT", 12, False, 990), ("6NT", 12, True, 1440), ("6NT", 13, False, 1020),
    ("7S", 13, False, 1510), ("7S", 13, True, 2210), ("7NT", 13, False, 1520),
    ("7NT", 13, True, 2220), ("1CX", 7, False, 140), ("1CX", 8, False, 240), ("1CX", 8, True, 340),
    ("2CX", 8, False, 180), ("2CX", 9, False, 280), ("2CX", 9, True, 380), ("2HX", 8, False, 470),
    ("2SX", 8, True, 670), ("3CX", 9, False, 470), ("4HX", 11, True, 990), ("5SX", 12, False, 750),
    ("5SX", 12, True, 1050), ("5SXX", 12, False, 1200), ("5SXX", 12, True, 1600),
    ("5CXX", 12, False, 1000), ("6C", 12, False, 920), ("1NTXX", 7, False, 560),
    ("1NTXX", 7, True, 760), ("1NTXX", 8, True, 1160), ("7SXX", 13, False, 2240),
    ("3NT", 8, False, -50), ("3NTX", 8, False, -100), ("3NTX", 8, True, -200),
    ("3NTXX", 8, True, -400), ("4D", 7, False, -150), ("4D", 7, True, -300),
    ("4DX", 7, False, -500), ("4DX", 7, True, -800), ("4DXX", 7, False, -1000),
    ("4SX", 6, True, -1100), ("4SX", 5, False, -1100), ("4SX", 5, True, -1400),
    ("7NT", 0, False, -650), ("7NT", 0, True, -1300), ("7NTX", 0, False, -3500),
    ("7NTX", 0, True, -3800), ("7NTXX", 0, False, -7000), ("7NTXX", 0, True, -7600),
    ("2H", 10, False, 170), ("pass", 0, False, 0), ("pass", 0, True, 0),
]


@pytest.mark.parametrize(("contract", "tricks", "vul", "expected"), VECTORS)
def test_rules_vectors(contract: str, tricks: int, vul: bool, expected: int) -> None:
    assert score(contract, tricks, vul) == expected


@pytest.mark.parametrize("vul", [False, True])
def test_any_doubled_contract_down_one_to_four(vul: bool) -> None:
    expected = [-200, -500, -800, -1100] if vul else [-100, -300, -500, -800]
    for contract in all_contracts():
        if contract.doubling is Doubling.DOUBLED:
            got = [score(contract, contract.tricks_needed - d, vul) for d in range(1, 5)
                   if contract.tricks_needed - d >= 0]
            assert got == expected[: len(got)]


def test_redoubled_overtrick_beats_small_slam() -> None:
    # Why the redoubled insult became 100 (rules.md 1.1): 5♣XX+1 must beat 6♣=.
    assert score("5CXX", 12, False) > score("6C", 12, False)


# The sixteen worked examples of seed 003 (例一 … 例十六): board, contract, declarer side
# vulnerable?, tricks, the scoring side's points, and the expression as the seed prints it.
SEED_EXAMPLES = [
    ("2S", 9, False, 140, "2×30+30+50"),
    ("3S", 7, True, 200, "100×2"),
    ("3NT", 9, False, 400, "40+2×30+300"),
    ("3C", 8, True, 100, "100"),
    ("6D", 12, False, 920, "6×20+800"),
    ("7S", 13, True, 2210, "7×30+2000"),
    ("5DX", 10, True, 200, "200"),
    ("6HX", 8, False, 800, "100+200×2+300"),
    ("1DXX", 10, False, 830, "20×4+3×200+50+100"),
    ("2NTXX", 6, True, 1000, "(200+300)×2"),
    ("2HXX", 10, False, 1040, "2×30×4+200×2+300+100"),
    ("6NTX", 13, True, 1880, "(40+5×30)×2+200+1250+50"),
    ("2NTX", 9, True, 890, "(40+30)×2+200+500+50"),
    ("7CXX", 13, False, 1960, "7×20×4+1300+100"),
    ("4HXX", 7, False, 1000, "(100+200×2)×2"),
    ("7NTXX", 13, True, 2980, "(40+6×30)×4+2000+100"),
]


@pytest.mark.parametrize(("contract", "tricks", "vul", "total", "seed_expr"), SEED_EXAMPLES)
def test_seed_examples_breakdown(contract: str, tricks: int, vul: bool, total: int,
                                 seed_expr: str) -> None:
    b = breakdown(contract, tricks, vul)
    assert b.total == total
    if contract == "2HXX":
        # 例十一: the seed writes the two redoubled overtricks "200×2"; we write overtricks as
        # count×value throughout ("3×200" in 例九), so this one expression differs in form.
        assert b.expression == "2×30×4+2×200+300+100"
    else:
        assert b.expression == seed_expr


def _evaluate(expression: str) -> int:
    python = expression.replace("×", "*")
    assert re.fullmatch(r"[0-9+*()]+", python)
    return int(eval(python))


@given(
    st.sampled_from(all_contracts()), st.integers(0, 13), st.booleans()
)
def test_breakdown_arithmetic_is_the_score(contract: Contract, tricks: int, vul: bool) -> None:
    b = breakdown(contract, tricks, vul)
    assert _evaluate(b.expression) == b.total
    for part in b.parts:
        assert _evaluate(part.expression) == part.points
    assert sum(p.points for p in b.parts) == b.total
    assert b.formula().endswith(f"={b.total}") or b.formula() == str(b.total)


@given(st.sampled_from(all_contracts()), st.integers(0, 12), st.booleans())
def test_one_more_trick_never_scores_less(contract: Contract, tricks: int, vul: bool) -> None:
    assert score(contract, tricks + 1, vul) > score(contract, tricks, vul)


@given(st.sampled_from(all_contracts()), st.integers(0, 13))
def test_vulnerability_raises_the_stakes(contract: Contract, tricks: int) -> None:
    nv, v = score(contract, tricks, False), score(contract, tricks, True)
    if tricks >= contract.tricks_needed:
        assert v >= nv
    else:
        assert v <= nv


def test_bad_tricks_and_contracts() -> None:
    from bridgescore import BridgeError

    for bad in (-1, 14, 2.5, True, "9"):
        with pytest.raises(BridgeError):
            score("4S", bad, False)  # type: ignore[arg-type]
    with pytest.raises(BridgeError, match="8S"):
        score("8S", 10, False)
    with pytest.raises(BridgeError):
        score(42, 10, False)  # type: ignore[arg-type]


def test_part_names_in_both_languages() -> None:
    b = breakdown("6NTXX", 12, True)
    names_en = [p.name_in("en") for p in b.parts]
    names_zh = [p.name_in("zh") for p in b.parts]
    assert names_en == ["trick score", "game bonus", "small slam bonus",
                        "bonus for making a redoubled contract"]
    assert names_zh == ["基本分", "成局奖分", "小满贯奖分", "完成再加倍定约奖分"]
    assert breakdown("3NT", 5, True).parts[0].name_in("zh") == "罚分"


# Values that are true or false only by accident: each would have been scored as a flag.
NOT_BOOLS = ["no", "yes", "", "False", 0, 1, 2, None, 1.0, [], [True],
             Vulnerability.NONE, Vulnerability.NS, Vulnerability.BOTH, Seat.NORTH]


@pytest.mark.parametrize("flag", NOT_BOOLS, ids=repr)
def test_vulnerable_must_be_a_bool(flag: object) -> None:
    # score("4S", 10, Vulnerability.NONE) was 620: any truthy value counted as vulnerable.
    for call in (lambda: score("4S", 10, flag), lambda: score(Contract.parse("4S"), 10, flag),
                 lambda: breakdown("4S", 10, flag), lambda: breakdown("4S", 9, flag),
                 lambda: undertrick_penalty(1, Doubling.DOUBLED, flag)):
        with pytest.raises(NotationError) as info:
            call()
        assert "True or False" in info.value.message("en")
        assert "True 或 False" in info.value.message("zh")


def test_a_vulnerability_given_as_the_flag_says_what_to_use() -> None:
    with pytest.raises(NotationError, match=r"Result\.score\(vulnerability\)") as info:
        score("4S", 10, Vulnerability.NONE)  # type: ignore[arg-type]
    assert "局况" in info.value.message("zh")


def test_the_bool_check_keeps_both_columns() -> None:
    # Rules.md 1.2: 4S making 10 is 420 not vulnerable, 620 vulnerable.
    assert (score("4S", 10, False), score("4S", 10, True)) == (420, 620)
    assert (breakdown("4S", 10, False).total, breakdown("4S", 10, True).total) == (420, 620)
    assert undertrick_penalty(2, Doubling.DOUBLED, False) == (300, "100+200")
    assert undertrick_penalty(2, Doubling.DOUBLED, True) == (500, "200+300")


@pytest.mark.parametrize("tricks", range(1, 14))
def test_a_passed_out_board_takes_no_tricks(tricks: int) -> None:
    # score("pass", 9, False) was 0: a passed-out board with tricks is a mistake, not 0.
    for call in (lambda: score("pass", tricks, False), lambda: breakdown("pass", tricks, True)):
        with pytest.raises(ImpossibleResultError) as info:
            call()
        assert "passed-out" in info.value.message("en") and "四家不叫" in info.value.message("zh")
    assert score("pass", 0, True) == 0 and breakdown("pass", 0, False).total == 0


def test_only_the_passed_out_row_scores_zero() -> None:
    # score() tells a passed-out board by its 0: no played result may score 0.
    assert SCORE_TABLE[-28:] == (0,) * 28 and 0 not in SCORE_TABLE[:-28]


@pytest.mark.parametrize("bad", [42, None, 4.0, ["4S"], Strain.SPADES])
def test_breakdown_refuses_what_is_not_a_contract(bad: object) -> None:
    with pytest.raises(NotationError) as info:
        breakdown(bad, 10, False)  # type: ignore[arg-type]
    assert "Contract" in info.value.message("zh")


@pytest.mark.parametrize(("down", "doubling"), [(0, Doubling.DOUBLED), (14, Doubling.DOUBLED),
                                                ("2", Doubling.DOUBLED), (True, Doubling.DOUBLED),
                                                (2, "X"), (2, 1)])
def test_undertrick_penalty_refuses_bad_arguments(down: object, doubling: object) -> None:
    with pytest.raises(BridgeError) as info:
        undertrick_penalty(down, doubling, False)  # type: ignore[arg-type]
    assert info.value.message("zh") != info.value.message("en")


@pytest.mark.parametrize("tricks", [10**5000, -(10**5000), 10**40], ids=["huge", "-huge", "40 digits"])
def test_huge_trick_counts_are_refused_with_a_short_excerpt(tricks: int) -> None:
    for call in (lambda: score("4S", tricks, False), lambda: breakdown("4S", tricks, False)):
        with pytest.raises(ImpossibleResultError) as info:
            call()
        assert len(info.value.message("en")) < 120 and "…" in info.value.message("zh")
