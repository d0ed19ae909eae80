"""The sacrifice calculator: the seeds' example and its arithmetic."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from bridgescore import BridgeError, Contract, imps, score
from bridgescore.home.sacrifice import parse_their_contract, parse_vulnerabilities, sacrifice


def test_seed_example() -> None:
    # 000: 南北有局做成4S得分为620；东西无局方叫5C定被加倍，结果宕3，罚分为500。东西少负120！
    s = sacrifice("4S", "5CX", 3, we_vulnerable=False, they_vulnerable=True)
    assert (s.their_score, s.our_cost, s.saving, s.imps) == (620, 500, 120, 3)
    assert s.worthwhile and s.break_even == 3
    assert [o.cost for o in s.options[:5]] == [100, 300, 500, 800, 1100]
    assert s.options[3].saving == -180
    assert s.explain("zh") == (
        "对方（有局）打4S正好完成得 4×30+500=620分；我方（无局）打5C×宕3罚 100+200×2=500分。"
        "牺牲叫少负120分，合3 IMP，值得。宕3以内都合算（宕4罚800分）。")
    assert s.explain("en").startswith("They (vulnerable) make 4S exactly: 4×30+500=620; ")
    assert "saves 120 points (3 IMPs)" in s.explain("en")


def test_vulnerable_against_not_vulnerable() -> None:
    # 4♥ = NV (420) against 5♣× V: down 1 (200) pays, down 2 (500) does not.
    s = sacrifice("4H", "5CX", 2, we_vulnerable=True, they_vulnerable=False)
    assert (s.saving, s.break_even) == (-80, 1)
    assert not s.worthwhile and "不值得" in s.explain("zh")


def test_their_overtricks_and_phantom() -> None:
    s = sacrifice("4S", "5DX", 3, we_vulnerable=False, they_vulnerable=False, their_tricks=11)
    assert s.their_score == 450 and s.saving == -50
    phantom = sacrifice("4S", "5DX", 1, we_vulnerable=False, they_vulnerable=False,
                        their_tricks=9)
    assert phantom.their_score == -50 and phantom.saving == -150 and phantom.break_even == 0
    assert "would go down 1" in phantom.explain("en") and "本应失" in phantom.explain("zh")


def test_undoubled_and_redoubled_sacrifices() -> None:
    assert sacrifice("3NT", "4C", 2, we_vulnerable=False, they_vulnerable=True).our_cost == 100
    assert sacrifice("3NT", "4CXX", 2, we_vulnerable=False, they_vulnerable=True).our_cost == 600


def test_json() -> None:
    data = sacrifice("4S", "5CX", 3, we_vulnerable=False, they_vulnerable=True).to_json()
    assert data["saving"] == 120 and data["options"][2]["expression"] == "100+200×2=500"


@pytest.mark.parametrize(("text", "contract", "tricks"), [
    ("4S", "4S", 10), ("4S=", "4S", 10), ("4S+1", "4S", 11), ("4S -1", "4S", 9),
    ("4♠超1", "4S", 11), ("4S宕2", "4S", 8), ("四黑桃", "4S", 10), ("3NT正好", "3NT", 9),
])
def test_their_contract(text: str, contract: str, tricks: int) -> None:
    assert parse_their_contract(text) == (Contract.parse(contract), tricks)


@pytest.mark.parametrize("text", ["4S+4", "7NT+1", "pass", "4S超x", "", "8S"])
def test_their_contract_errors(text: str) -> None:
    with pytest.raises(BridgeError):
        parse_their_contract(text)


def test_bad_arguments() -> None:
    with pytest.raises(BridgeError, match="1-11"):
        sacrifice("4S", "5CX", 12, we_vulnerable=False, they_vulnerable=False)
    with pytest.raises(BridgeError):
        sacrifice("4S", "5CX", 0, we_vulnerable=False, they_vulnerable=False)
    with pytest.raises(BridgeError):
        sacrifice("pass", "5CX", 1, we_vulnerable=False, they_vulnerable=False)


@pytest.mark.parametrize(("theirs", "ours"), [
    ("4S", "3CX"), ("4S", "4HX"), ("4S", "4SX"), ("3NT", "3NT"), ("7NT", "7NTX"),
])
def test_a_sacrifice_must_outbid_them(theirs: str, ours: str) -> None:
    with pytest.raises(BridgeError) as e:
        sacrifice(theirs, ours, 1, we_vulnerable=False, they_vulnerable=False)
    assert f"{ours} does not outbid {theirs}" in e.value.message("en")
    assert "牺牲叫必须叫得更高" in e.value.message("zh")


def test_the_lowest_outbid_is_allowed() -> None:
    # 4NT over 4S, and 5C over 4NT: the next bids up.
    assert sacrifice("4S", "4NTX", 1, we_vulnerable=False, they_vulnerable=False).our_cost == 100
    assert sacrifice("4NT", "5CX", 1, we_vulnerable=False, they_vulnerable=False).our_cost == 100
    with pytest.raises(BridgeError, match=r"\(4NT or higher\)"):
        sacrifice("4S", "2DX", 1, we_vulnerable=False, they_vulnerable=False)


@pytest.mark.parametrize(("text", "we", "they"), [
    ("none", False, False), ("双无", False, False), ("we", True, False),
    ("我方有局", True, False), ("They", False, True), ("对方有局", False, True),
    ("both", True, True), ("双有", True, True),
])
def test_vulnerabilities(text: str, we: bool, they: bool) -> None:
    assert parse_vulnerabilities(text) == (we, they)


@given(st.text(max_size=20))
def test_fuzz(text: str) -> None:
    for f in (parse_their_contract, parse_vulnerabilities):
        with contextlib.suppress(BridgeError):
            f(text)


@given(st.integers(1, 7), st.sampled_from("CDHSN"), st.integers(1, 7),
       st.sampled_from("CDHSN"), st.sampled_from(["", "X", "XX"]), st.booleans(), st.booleans())
def test_arithmetic(tl: int, ts: str, ol: int, os_: str, dbl: str, wv: bool, tv: bool) -> None:
    theirs, ours = Contract.parse(f"{tl}{ts}"), Contract.parse(f"{ol}{os_}{dbl}")
    assume((ours.level, ours.strain.value) > (theirs.level, theirs.strain.value))
    s = sacrifice(theirs, ours, 1, we_vulnerable=wv, they_vulnerable=tv)
    their = score(theirs, theirs.tricks_needed, tv)
    for o in s.options:
        assert o.cost == -score(ours, ours.tricks_needed - o.down, wv)
        assert o.saving == their - o.cost and o.imps == imps(o.saving)
    # Each more undertrick costs more; the break-even is the last saving one.
    assert all(a.cost < b.cost for a, b in zip(s.options, s.options[1:], strict=False))
    assert all(o.saving > 0 for o in s.options[: s.break_even])
    assert all(o.saving <= 0 for o in s.options[s.break_even:])
