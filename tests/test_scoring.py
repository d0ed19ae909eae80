"""Law 77 scoring: all 2,940 results against an independent expression, the rules.md vectors,
the seeds' sixteen worked examples, and properties of the breakdowns."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import Contract, Doubling, Strain, breakdown, score
from bridgescore.contract import all_contracts


def law77(level: int, strain: str, dbl: int, vul: bool, tricks: int) -> int:
    """Law 77 written out independently of the library: table values, not a breakdown."""
    need = level + 6
    if tricks < need:
        down = need - tricks
        if dbl == 0:
            return -down * (100 if vul else 50)
        # Law 77: first undertrick, each of the 2nd and 3rd, each from the 4th on.
        per_trick = [200] + [300] * 12 if vul else [100, 200, 200] + [300] * 10
        return -sum(per_trick[:down]) * (2 if dbl == 2 else 1)
    odd = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    mult = (1, 2, 4)[dbl]
    bid = (odd * level + (10 if strain == "NT" else 0)) * mult
    total = bid
    over = tricks - need
    if dbl == 0:
        total += over * odd
    else:
        total += over * (200 if vul else 100) * (mult // 2)
        total += 50 * (mult // 2)
    total += (500 if vul else 300) if bid >= 100 else 50
    if level == 6:
        total += 750 if vul else 500
    if level == 7:
        total += 1500 if vul else 1000
    return total


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
