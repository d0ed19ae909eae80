"""The home tools' vulnerability flags are checked where they are given, by name."""

from __future__ import annotations

import pytest

from bridgescore import BridgeError, Contract, Result
from bridgescore.core.seat import Side
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.home.compensation import DEFAULT_TABLE
from bridgescore.home.handicap import twenty_eight_point_score
from bridgescore.home.pad import DealEntry, deal_postings
from bridgescore.home.quiz import Question
from bridgescore.home.sacrifice import sacrifice

BAD = ["no", 0, 1, None, Vulnerability.NONE]


@pytest.mark.parametrize("flag", BAD)
def test_question_refuses_a_non_bool_flag_when_built(flag: object) -> None:
    # Before: built without a word; text() said "vulnerable" for "no".
    with pytest.raises(BridgeError) as info:
        Question(Contract.parse("4S"), 10, vulnerable=flag)  # type: ignore[arg-type]
    assert info.value.message("en").startswith("invalid vulnerable ")
    assert "expected True or False" in info.value.message("en")
    assert info.value.message("zh").startswith("无效的 vulnerable ")
    assert "应为 True 或 False" in info.value.message("zh")


def test_question_message_quotes_the_value_and_hints_at_a_board_vulnerability() -> None:
    with pytest.raises(BridgeError) as info:
        Question(Contract.parse("4S"), 10, vulnerable="no")  # type: ignore[arg-type]
    assert "'no'" in info.value.message("en") and "'no'" in info.value.message("zh")
    with pytest.raises(BridgeError) as info:
        Question(Contract.parse("4S"), 10, vulnerable=Vulnerability.NS)  # type: ignore[arg-type]
    assert "is_vulnerable" in info.value.message("en")
    assert "局况" in info.value.message("zh")


@pytest.mark.parametrize("tricks", [-1, 14, "10", True, 10**5000], ids=["-1", "14", "str", "bool", "huge"])
def test_question_refuses_bad_tricks_when_built(tricks: object) -> None:
    with pytest.raises(BridgeError) as info:
        Question(Contract.parse("4S"), tricks, vulnerable=False)  # type: ignore[arg-type]
    assert "expected 0-13" in info.value.message("en")
    assert "应为 0-13" in info.value.message("zh")
    assert len(info.value.message("en")) < 100


def test_question_refuses_a_string_or_passed_out_contract() -> None:
    with pytest.raises(BridgeError, match="expected a Contract"):
        Question("4S", 10, vulnerable=False)  # type: ignore[arg-type]
    with pytest.raises(BridgeError) as info:
        Question(Contract.parse("pass"), 0, vulnerable=False)
    assert "passed-out" in info.value.message("en") and "四家不叫" in info.value.message("zh")


@pytest.mark.parametrize("flag", BAD)
@pytest.mark.parametrize("name", ["we_vulnerable", "they_vulnerable"])
def test_sacrifice_names_the_bad_flag(name: str, flag: object) -> None:
    # Before: the core's message about "vulnerable flag", not naming the argument given.
    kwargs: dict[str, object] = {"we_vulnerable": False, "they_vulnerable": True, name: flag}
    with pytest.raises(BridgeError) as info:
        sacrifice("4S", "5CX", 3, **kwargs)  # type: ignore[arg-type]
    assert info.value.message("en").startswith(f"invalid {name} ")
    assert info.value.message("zh").startswith(f"无效的 {name} ")
    assert "True or False" in info.value.message("en")


def test_sacrifice_quotes_a_huge_count_as_an_excerpt() -> None:
    # Before: repr() of a 5000-digit int raised Python's own ValueError.
    for kwargs in ({"down": 10**5000}, {"down": 3, "their_tricks": 10**5000}):
        with pytest.raises(BridgeError) as info:
            sacrifice("4S", "5CX", we_vulnerable=False, they_vulnerable=True,
                      **kwargs)  # type: ignore[arg-type]
        assert "…" in info.value.message("en") and len(info.value.message("en")) < 120
        assert "…" in info.value.message("zh")


@pytest.mark.parametrize("flag", BAD)
def test_compensation_table_refuses_a_non_bool_flag(flag: object) -> None:
    # Before: "no" and Vulnerability.NONE read as vulnerable, 0 and None as not.
    with pytest.raises(BridgeError) as info:
        DEFAULT_TABLE.expected(26, flag)  # type: ignore[arg-type]
    assert info.value.message("en").startswith("invalid vulnerable ")
    assert info.value.message("zh").startswith("无效的 vulnerable ")


@pytest.mark.parametrize("flag", BAD)
def test_scorepad_postings_refuse_a_non_bool_flag(flag: object) -> None:
    # A passed-out deal is never scored, so before the flag went unchecked there.
    for text in ("pass", "4S N ="):
        with pytest.raises(BridgeError) as info:
            deal_postings(DealEntry(Result.parse(text)), 1, Side.NS, flag)  # type: ignore[arg-type]
        assert info.value.message("en").startswith("invalid vulnerable ")
        assert info.value.message("zh").startswith("无效的 vulnerable ")


@pytest.mark.parametrize("flag", BAD)
def test_twenty_eight_point_rule_refuses_a_non_bool_flag(flag: object) -> None:
    # Before: with fewer than 28 points the flag was never looked at.
    with pytest.raises(BridgeError) as info:
        twenty_eight_point_score(Result.parse("3NT N +2"), flag, 20)  # type: ignore[arg-type]
    assert info.value.message("en").startswith("invalid vulnerable ")


def test_good_flags_still_score() -> None:
    # Hand computation (Law 77): 4S doubled down 2 vulnerable = 200 + 300 = 500.
    assert Question(Contract.parse("4SX"), 8, vulnerable=True).answer == -500
    # 4S making vulnerable 620, 5C doubled down 3 not vulnerable 100+200+200 = 500: saves 120.
    assert sacrifice("4S", "5CX", 3, we_vulnerable=False, they_vulnerable=True).saving == 120
