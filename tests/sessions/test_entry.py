"""One table entry at a time: every contract × declarer × tricks against Law 77 written out,
every error code in both languages, every field in English and Chinese, round trips, fuzzing."""

from __future__ import annotations

import itertools
import json
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from law77 import law77

from bridgescore import Board, BridgeError, Contract, NotationError, Seat, Vulnerability
from bridgescore.core.cards import Card
from bridgescore.core.contract import all_contracts
from bridgescore.core.deal import Deal
from bridgescore.core.text import excerpt
from bridgescore.sessions.entry import (
    ENTRY_VERSION,
    ERROR_CODES,
    FIELDS,
    Entry,
    EntryCheck,
    EntryError,
    FieldError,
    Params,
    check_entry,
)

CONTRACTS = all_contracts()
# Boards 1-4 have each vulnerability once (Law 2): none, NS, EW, both.
BOARD_OF = {"none": 1, "ns": 2, "ew": 3, "both": 4}
STRAIN_LETTER = {"C": "C", "D": "D", "H": "H", "S": "S", "NT": "NT"}


def expected_ns(level: int, strain: str, dbl: int, seat: str, tricks: int, board: int) -> int:
    """The NS score by Law 77 (tests/law77.py), the declarer's side and board's vulnerability
    worked out here by hand: boards 1-4 are none, NS, EW, both."""
    ns_side = seat in "NS"
    vulnerable = {1: False, 2: ns_side, 3: not ns_side, 4: True}[board]
    points = law77(level, strain, dbl, vulnerable, tricks)
    return points if ns_side else -points


def ok(**fields: Any) -> Entry:
    got = check_entry(**{"board": 1, "ns_pair": 1, "ew_pair": 2, **fields})
    assert got.ok, [e.message() for e in got.errors]
    assert got.entry is not None and got.errors == ()
    return got.entry


def codes(**fields: Any) -> list[str]:
    got = check_entry(**{"board": 1, "ns_pair": 1, "ew_pair": 2, **fields})
    assert not got.ok and got.entry is None
    return [e.code for e in got.errors]


# --- exhaustive: every contract, declarer and trick count ----------------------------------


def _text(contract: Contract) -> tuple[int, str, int]:
    return contract.level, str(contract.strain), contract.doubling.value


@pytest.mark.parametrize("contract", CONTRACTS, ids=str)
def test_every_result_given_as_tricks_result_or_score(contract: Contract) -> None:
    level, strain, dbl = _text(contract)
    need = level + 6
    for seat, tricks in itertools.product("NESW", range(14)):
        board = 1 + (tricks + "NESW".index(seat)) % 4  # every vulnerability for every seat
        ns = expected_ns(level, strain, dbl, seat, tricks, board)
        rel = tricks - need
        rel_text = "=" if rel == 0 else f"{rel:+d}"
        rel_zh = "正好完成" if rel == 0 else (f"超{rel}" if rel > 0 else f"宕{-rel}")
        ways = [
            {"tricks": tricks}, {"tricks": str(tricks)}, {"tricks": f"{tricks}墩"},
            {"result": rel_text}, {"result": rel_zh}, {"result": rel}, {"score": ns},
            {"score": str(ns)}, {"tricks": tricks, "result": rel_text, "score": ns},
        ]
        for way in ways:
            e = ok(board=board, contract=str(contract), declarer=seat, **way)
            assert (e.ns_score, e.tricks, str(e.declarer), e.contract) == (
                ns, tricks, seat, contract), (contract, seat, tricks, way)
            assert e.ew_score == -ns and e.board.number == board


@pytest.mark.parametrize("vul", list(BOARD_OF))
def test_every_score_tells_the_tricks_on_every_vulnerability(vul: str) -> None:
    board = BOARD_OF[vul]
    for contract, seat in itertools.product(CONTRACTS, "NESW"):
        level, strain, dbl = _text(contract)
        wrong = set()
        for tricks in range(14):
            ns = expected_ns(level, strain, dbl, seat, tricks, board)
            assert ok(board=board, contract=contract, declarer=seat, score=ns).tricks == tricks
            wrong |= {ns + 10, ns - 10}
        scores = {expected_ns(level, strain, dbl, seat, t, board) for t in range(14)}
        for ns in sorted(wrong - scores)[:3]:
            assert codes(board=board, contract=contract, declarer=seat, score=ns) == [
                "score.impossible_for_contract"]


@pytest.mark.parametrize("contract", CONTRACTS, ids=str)
def test_impossible_results_for_every_contract(contract: Contract) -> None:
    need = contract.level + 6
    for relative in (13 - need + 1, 13 - need + 5, -need - 1, -13 - 1):
        got = check_entry(board=1, ns_pair=1, ew_pair=2, contract=contract, declarer="S",
                          result=f"{relative:+d}")
        (error,) = got.errors
        assert error.code == "result.impossible" and error.field == "result"
        assert dict(error.params) == {"text": f"{relative:+d}", "contract": str(contract),
                                      "needed": need, "max_down": need, "max_over": 13 - need}
    for tricks, result in ((need, "+1"), (need, "-1"), (need - 1, "=")):
        if 0 <= tricks <= 13 and (result != "+1" or need < 13):
            assert codes(contract=contract, declarer="S", tricks=tricks, result=result) == [
                "result.mismatch"]


def test_a_result_that_does_not_match_the_score() -> None:
    # Board 1, none vulnerable: 4S= by North is +420 (Law 77), not +450 or +620.
    assert codes(contract="4S", declarer="N", tricks=10, score=450) == ["score.mismatch"]
    assert codes(contract="4S", declarer="N", result="=", score=620) == ["score.mismatch"]
    got = check_entry(board=1, ns_pair=1, ew_pair=2, contract="4S", declarer="N", tricks=10,
                      score=-420)
    assert got.errors[0].message() == (
        "NS score -420 does not match 4S N = (none vulnerable): it scores +420 for NS")
    assert got.errors[0].message("zh") == (
        "南北得分 -420 与 北打4S，正好完成（双方无局）不符：应为南北 +420")


# --- passed out ----------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["pass", "PASS", "passed out", "p", "四家不叫", "全部不叫",
                                  "四家都不叫", "不叫", "作廢", Contract.passed_out()])
def test_passed_out(word: object) -> None:
    e = ok(contract=word)
    assert e.is_passed_out and e.ns_score == 0 and e.declarer is None and e.tricks is None
    assert e.describe() == "Board 1 (none vulnerable): NS 1 v EW 2, pass: NS 0"
    assert e.describe("zh") == "第1副（双方无局）：南北 1 对 东西 2，四家不叫：南北 0"
    assert e.explain("zh") == ["四家不叫，双方均得0分"]
    assert ok(contract=word, score=0) == e and ok(contract=word, score="0") == e


EXTRA = {"declarer": "N", "lead": "SA", "tricks": 9, "result": "="}


@pytest.mark.parametrize("given_fields", [
    combo for n in range(1, 5) for combo in itertools.combinations(EXTRA, n)],
    ids=lambda c: "+".join(c))
def test_a_passed_out_board_takes_no_declarer_lead_tricks_or_result(
        given_fields: tuple[str, ...]) -> None:
    fields = {f: EXTRA[f] for f in given_fields}
    assert codes(contract="pass", **fields) == [f"{f}.unexpected" for f in FIELDS
                                                if f in given_fields]


def test_a_passed_out_board_scores_zero() -> None:
    assert codes(contract="pass", score=50) == ["score.mismatch"]


# --- every field, English and Chinese --------------------------------------------------------


def test_every_field_in_chinese() -> None:
    e = ok(board="第五副", ns_pair="三", ew_pair="１２", contract="四黑桃加倍", declarer="北家",
           lead="黑桃10", tricks="八墩")
    assert (e.board, e.ns_pair, e.ew_pair, str(e.result), str(e.lead), e.ns_score) == (
        Board(5), "3", "12", "4SX N -2", "ST", -500)
    # Traditional characters and Taiwan's words: 東, 無王, 剛好.
    t = ok(board="第2副", contract="3無王", declarer="東", result="剛好", lead="紅心K")
    assert (str(t.result), str(t.lead), t.ns_score) == ("3NT E =", "HK", -400)
    assert ok(contract="南打3NT超1").ns_score == 430
    assert ok(contract="3NT", declarer="S", result="差一墩").ns_score == -50
    assert ok(contract="3NT", declarer="S", result="下2").ns_score == -100


@pytest.mark.parametrize(("lead", "card"), [
    ("S10", "ST"), ("♠10", "ST"), ("黑桃10", "ST"), ("ST", "ST"), ("st", "ST"), ("10S", "ST"),
    ("♠T", "ST"), ("SA", "SA"), ("♥K", "HK"), ("红心K", "HK"), ("紅心K", "HK"), ("d2", "D2"),
    ("方块Q", "DQ"), ("方塊Q", "DQ"), ("梅花J", "CJ"), ("♣９", "C9"), ("  HA  ", "HA")])
def test_leads(lead: str, card: str) -> None:
    assert str(ok(contract="3NT", declarer="S", tricks=9, lead=lead).lead) == card


@pytest.mark.parametrize("lead", ["SZ", "S1", "S11", "Z10", "10", "S", "♠", "NT5", "S10S", "SAK",
                                  "黑桃", 10, 1.5, ["SA"], "1" * 5000], ids=excerpt)
def test_bad_leads(lead: object) -> None:
    got = check_entry(board=1, ns_pair=1, ew_pair=2, contract="3NT", declarer="S", tricks=9,
                      lead=lead)
    (error,) = got.errors
    assert (error.code, error.field) == ("lead.invalid", "lead")
    assert "SA、S10、♠10、黑桃10" in error.message("zh") and "e.g. SA, S10" in error.message()
    assert len(error.message()) < 200


@pytest.mark.parametrize(("given_pair", "written"), [
    (1, "1"), ("1", "1"), ("07", "7"), ("a3", "A3"), ("A 3", "A3"), ("B12", "B12"),
    ("１２", "12"), ("十二", "12"), (10**9, "1000000000")])
def test_pairs(given_pair: object, written: str) -> None:
    assert ok(ns_pair=given_pair, ew_pair="99", contract="pass").ns_pair == written


@pytest.mark.parametrize("pair", ["-1", -1, 0, "0", "1.5", True, 1.0, "A", "ABC1", "1A", "一二",
                                  10**9 + 1, "9" * 5000, [1]], ids=excerpt)
def test_bad_pairs(pair: object) -> None:
    assert codes(ns_pair=pair, contract="pass") == ["ns_pair.invalid"]
    assert codes(ew_pair=pair, contract="pass") == ["ew_pair.invalid"]


def test_the_same_pair_on_both_sides() -> None:
    got = check_entry(board=1, ns_pair="A3", ew_pair="a03", contract="pass")
    (error,) = got.errors
    assert (error.code, error.field, dict(error.params)) == ("ew_pair.same", "ew_pair",
                                                             {"pair": "A3"})
    assert error.message("zh") == "第 A3 对不能同时坐南北和东西"


@pytest.mark.parametrize(("given_board", "number"), [
    (5, 5), ("5", 5), ("第五副", 5), ("board 5", 5), ("B5", 5), (Board(5), 5), ("#16", 16)])
def test_boards(given_board: object, number: int) -> None:
    assert ok(board=given_board, contract="pass").board == Board(number)


@pytest.mark.parametrize("bad", [0, "0", -1, "x", True, 1.0, "第一二三副", 10**5000], ids=excerpt)
def test_bad_boards(bad: object) -> None:
    assert codes(board=bad, contract="pass") == ["board.invalid"]


@pytest.mark.parametrize(("tricks", "code"), [
    ("x", "tricks.invalid"), ("+1", "tricks.invalid"), ("=", "tricks.invalid"),
    (9.0, "tricks.invalid"), (True, "tricks.invalid"), ("一百五", "tricks.invalid"),
    ("9" * 5000, "tricks.invalid"), (14, "tricks.impossible"), (-1, "tricks.impossible"),
    ("14", "tricks.impossible"), ("十四墩", "tricks.impossible"), (10**5000, "tricks.impossible")],
    ids=excerpt)
def test_bad_tricks(tricks: object, code: str) -> None:
    assert codes(contract="3NT", declarer="S", tricks=tricks) == [code]


@pytest.mark.parametrize("result", ["9", "x", "+", "超", True, 1.5, "pass", "3NT S =",
                                    "+" + "1" * 5000])
def test_bad_results(result: object) -> None:
    assert codes(contract="3NT", declarer="S", result=result) == ["result.invalid"]


def test_a_trick_count_in_the_result_field() -> None:
    assert ok(contract="3NT", declarer="S", result="9墩").tricks == 9
    assert ok(contract="3NT", declarer="S", result="拿10墩", tricks=10).tricks == 10
    assert codes(contract="3NT", declarer="S", result="拿10墩", tricks=9) == ["tricks.mismatch"]
    assert codes(contract="3NT", declarer="S", result="14墩") == ["tricks.impossible"]


@pytest.mark.parametrize(("score", "code"), [
    ("x", "score.invalid"), ("6 20", "score.invalid"), (620.0, "score.invalid"),
    (True, "score.invalid"), ("1" * 5000, "score.invalid"), (625, "score.impossible"),
    # Board 1, none vulnerable: 620 needs a vulnerable game, so nobody scores it.
    (620, "score.impossible"), (-620, "score.impossible"), (10**5000, "score.impossible")],
    ids=excerpt)
def test_bad_scores_alone(score: object, code: str) -> None:
    assert codes(score=score) == [code]


@pytest.mark.parametrize(("score", "ns"), [("420", 420), ("+420", 420), ("-420", -420),
                                           ("−420", -420), ("－４２０", -420), (0, 0), (-50, -50)])
def test_a_score_alone(score: object, ns: int) -> None:
    e = ok(score=score)
    assert e.ns_score == ns and e.result is None and e.breakdown() is None
    assert e.explain() == [f"NS score {ns:+d}" if ns else "NS score 0"]
    assert e.to_dict()["contract"] is None


@pytest.mark.parametrize("fields", [
    {"declarer": "N"}, {"tricks": 9}, {"result": "="}, {"declarer": "N", "score": 400}, {}])
def test_no_contract(fields: dict[str, Any]) -> None:
    assert "contract.missing" in codes(**fields)


def test_missing_fields() -> None:
    assert codes(contract="4S", declarer="N") == ["result.missing"]
    assert codes(contract="4S", tricks=10) == ["declarer.missing"]
    got = check_entry(board=None, ns_pair="", ew_pair="  ", contract="")
    assert [e.code for e in got.errors] == ["board.missing", "ns_pair.missing",
                                            "ew_pair.missing", "contract.missing"]


def test_every_error_at_once() -> None:
    got = check_entry(board="x", ns_pair="-1", ew_pair="?", contract="8S", declarer="Q",
                      lead="SZ", tricks="many", result="z", score="lots")
    assert [(e.field, e.code) for e in got.errors] == [
        ("board", "board.invalid"), ("ns_pair", "ns_pair.invalid"),
        ("ew_pair", "ew_pair.invalid"), ("contract", "contract.invalid"),
        ("declarer", "declarer.invalid"), ("lead", "lead.invalid"),
        ("tricks", "tricks.invalid"), ("result", "result.invalid"), ("score", "score.invalid")]
    assert got.errors_for("lead") == (got.errors[5],)
    with pytest.raises(EntryError) as info:
        Entry.parse(board="x", ns_pair="-1", ew_pair="?", contract="8S", declarer="Q",
                    lead="SZ", tricks="many", result="z", score="lots")
    assert info.value.errors == got.errors
    for e in got.errors:
        assert e.message("en") in str(info.value) and e.message("zh") in info.value.message("zh")
    assert isinstance(info.value, BridgeError)


# --- every code, in both languages -----------------------------------------------------------

# An input that gives each code (with the other fields valid).
SCENARIOS: dict[str, dict[str, Any]] = {
    "board.missing": {"board": None, "contract": "pass"},
    "board.invalid": {"board": "x", "contract": "pass"},
    "board.not_here": {"board": 3, "boards": (1, 2), "contract": "pass"},
    "ns_pair.missing": {"ns_pair": "", "contract": "pass"},
    "ns_pair.invalid": {"ns_pair": "-1", "contract": "pass"},
    "ew_pair.missing": {"ew_pair": None, "contract": "pass"},
    "ew_pair.invalid": {"ew_pair": "0", "contract": "pass"},
    "ew_pair.same": {"ew_pair": 1, "contract": "pass"},
    "contract.missing": {"declarer": "N", "tricks": 9},
    "contract.invalid": {"contract": "8S", "declarer": "N", "tricks": 9},
    # The whole result in the contract field, the tricks stuck to the contract: the library's
    # own reason (it reads two ways), not a vague "invalid contract".
    "contract.unreadable": {"contract": "南打3NT9"},
    "declarer.missing": {"contract": "3NT", "tricks": 9},
    "declarer.invalid": {"contract": "3NT", "declarer": "X", "tricks": 9},
    "declarer.unexpected": {"contract": "pass", "declarer": "N"},
    "lead.invalid": {"contract": "3NT", "declarer": "N", "tricks": 9, "lead": "SZ"},
    "lead.unexpected": {"contract": "pass", "lead": "SA"},
    # East (North's left) leads; North holds the spade ace in this deal.
    "lead.not_held": {"contract": "3NT", "declarer": "N", "tricks": 9, "lead": "SA",
                      "deals": {1: Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ "
                                                 "765.432.AKQJ.T98 432.AKQJ.T98.765")}},
    "tricks.invalid": {"contract": "3NT", "declarer": "N", "tricks": "x"},
    "tricks.impossible": {"contract": "3NT", "declarer": "N", "tricks": 14},
    "tricks.mismatch": {"contract": "3NT", "declarer": "N", "tricks": 9, "result": "10墩"},
    "tricks.unexpected": {"contract": "pass", "tricks": 0},
    "result.missing": {"contract": "3NT", "declarer": "N"},
    "result.invalid": {"contract": "3NT", "declarer": "N", "result": "x"},
    "result.impossible": {"contract": "3NT", "declarer": "N", "result": "+5"},
    "result.mismatch": {"contract": "3NT", "declarer": "N", "tricks": 9, "result": "+1"},
    "result.unexpected": {"contract": "pass", "result": "="},
    "score.invalid": {"score": "x"},
    "score.impossible": {"score": 625},
    "score.impossible_for_contract": {"contract": "3NT", "declarer": "N", "score": 420},
    "score.mismatch": {"contract": "3NT", "declarer": "N", "tricks": 9, "score": 600},
}


def test_the_scenarios_cover_every_code() -> None:
    assert set(SCENARIOS) == set(ERROR_CODES)


@pytest.mark.parametrize("code", ERROR_CODES)
def test_each_code_in_both_languages(code: str) -> None:
    got = check_entry(**{"board": 1, "ns_pair": 1, "ew_pair": 2, **SCENARIOS[code]})
    assert [e.code for e in got.errors] == [code]
    (error,) = got.errors
    assert error.field == code.partition(".")[0] and error.field in FIELDS
    en, zh = error.message("en"), error.message("zh")
    assert en and zh and en != zh and "{" not in en + zh
    assert any("\u4e00" <= ch <= "\u9fff" for ch in zh)
    # English text is English: its only non-ASCII characters are in quoted input or examples.
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in en.split("'")[0].replace("第五副", ""))
    for value in error.params.values():
        if isinstance(value, int) and code not in ("score.mismatch", "score.impossible",
                                                   "score.impossible_for_contract"):
            assert str(value) in en and str(value) in zh
    assert FieldError.from_dict(json.loads(json.dumps(error.to_dict()))) == error


def test_board_outside_the_tables_round() -> None:
    got = check_entry(board=5, ns_pair=1, ew_pair=2, contract="pass", boards=(7, 1, 2))
    assert got.errors[0].message("en") == ("board 5 is not played here in this round: "
                                           "expected 1, 2, 7")
    assert got.errors[0].message("zh") == "本轮这里不打第5副：应为 1, 2, 7"
    assert check_entry(board=2, ns_pair=1, ew_pair=2, contract="pass", boards=(1, 2)).ok


def test_messages_fill_their_parameters_per_language() -> None:
    got = check_entry(board=2, ns_pair=1, ew_pair=2, contract="3NT", declarer="W", score=-600)
    (error,) = got.errors
    assert dict(error.params) == {"score": -600, "contract": "3NT", "declarer": "W",
                                  "vulnerability": "NS"}
    assert error.message() == "NS score -600 is impossible for 3NT by West (NS vulnerable)"
    assert error.message("zh") == "西打3NT（南北有局）不可能得到南北 -600"
    got = check_entry(board=1, ns_pair=1, ew_pair=2, contract="4SX", declarer="N", tricks=9,
                      result="超1")
    assert got.errors[0].message() == "9 tricks in 4SX is -1, not +1"
    assert got.errors[0].message("zh") == "4S× 拿9墩即宕1，与所写结果 +1 不符"


# --- values ----------------------------------------------------------------------------------


def test_field_errors_are_immutable_values() -> None:
    error = FieldError("lead.invalid", "lead", Params({"text": "SZ"}))
    assert error == FieldError("lead.invalid", "lead", {"text": "SZ"})  # type: ignore[arg-type]
    assert hash(error) == hash(FieldError("lead.invalid", "lead", Params({"text": "SZ"})))
    assert error.params == {"text": "SZ"} and len({error, error}) == 1
    with pytest.raises(AttributeError):
        error.code = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        error.params["text"] = "x"  # type: ignore[index]
    with pytest.raises(AttributeError):
        error.params._items = {}  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(error)) == error


@pytest.mark.parametrize(("code", "field", "params"), [
    ("nope", "lead", {}), ("lead.invalid", "nope", {}), ("lead.invalid", "lead", {"text": 1.5}),
    ("lead.invalid", "lead", {1: "x"})])
def test_field_errors_refuse_unknown_codes_and_odd_params(code: str, field: str,
                                                          params: dict[Any, Any]) -> None:
    with pytest.raises(NotationError):
        FieldError(code, field, Params(params))


def test_an_entry_built_by_hand_is_checked() -> None:
    from bridgescore import Result

    r = Result.parse("4SX N -2")
    e = Entry(Board(5), "3", "12", r, -500, Card.parse("ST"))
    assert e == ok(board=5, ns_pair=3, ew_pair=12, contract="4SX", declarer="N", tricks=8,
                   lead="ST")
    with pytest.raises(EntryError) as info:
        Entry(Board(5), "3", "12", r, -200)  # the score of board 1, not board 5
    assert [x.code for x in info.value.errors] == ["score.mismatch"]
    with pytest.raises(EntryError):
        Entry(Board(5), "3", "3", r, -500)
    with pytest.raises(EntryError):
        Entry(Board(5), "03", "12", r, -500)  # pairs are written 3, not 03
    with pytest.raises(EntryError):
        Entry(Board(5), "3", "12", Result.passed_out(), 0, Card.parse("SA"))
    for bad in [("5", "3", "12", r, -500), (Board(5), 3, "12", r, -500),
                (Board(5), "3", "12", "4SX N -2", -500), (Board(5), "3", "12", r, -500.0),
                (Board(5), "3", "12", r, -500, "ST")]:
        with pytest.raises(NotationError):
            Entry(*bad)  # type: ignore[arg-type]


def test_breakdown_and_explain_for_the_confirmation_screen() -> None:
    # 南打2S，超1 on board 1 (none vulnerable): the seeds' 2×30+30+50=140 (seed 003, 例一).
    e = ok(contract="2S", declarer="南", result="超1")
    assert e.breakdown() is not None and e.breakdown().formula() == "2×30+30+50=140"  # type: ignore[union-attr]
    assert e.explain("zh") == ["南北得 2×30+30+50=140分", "  基本分 2×30=60", "  超额奖分 30",
                               "  未成局奖分 50"]
    assert e.describe() == "Board 1 (none vulnerable): NS 1 v EW 2, 2S S +1: NS +140"
    assert e.describe("zh") == "第1副（双方无局）：南北 1 对 东西 2，南打2S超1：南北 +140"


def test_to_dict_and_from_dict() -> None:
    e = ok(board=5, ns_pair="A3", ew_pair="A12", contract="4SX", declarer="N", tricks=8,
           lead="♠10")
    d = e.to_dict()
    assert d == {"version": ENTRY_VERSION, "board": 5, "ns_pair": "A3", "ew_pair": "A12",
                 "contract": "4SX", "declarer": "N", "tricks": 8, "lead": "ST",
                 "ns_score": -500}
    assert Entry.from_dict(json.loads(json.dumps(d))) == e
    with pytest.raises(NotationError, match="version"):
        Entry.from_dict({**d, "version": 2})
    with pytest.raises(NotationError, match="version"):
        Entry.from_dict({k: v for k, v in d.items() if k != "version"})
    with pytest.raises(NotationError, match="unknown key 'extra'"):
        Entry.from_dict({**d, "extra": 1})
    with pytest.raises(EntryError):
        Entry.from_dict({**d, "ns_score": -200})
    with pytest.raises(NotationError):
        Entry.from_dict([("version", 1)])  # type: ignore[arg-type]
    check = check_entry(board=5, ns_pair=1, ew_pair=2, contract="8S")
    assert check.to_dict()["ok"] is False and check.to_dict()["errors"][0]["field"] == "contract"
    assert EntryCheck(e).to_dict()["entry"] == d


# --- properties and fuzzing ------------------------------------------------------------------


@given(st.sampled_from(CONTRACTS), st.sampled_from(list(Seat)), st.integers(0, 13),
       st.integers(1, 64), st.integers(1, 500), st.integers(1, 500),
       st.one_of(st.none(), st.sampled_from([str(c) for c in range(52)])))
def test_entries_round_trip(contract: Contract, seat: Seat, tricks: int, board: int, ns: int,
                            ew: int, lead_index: str | None) -> None:
    if ns == ew:
        ew += 1
    lead = None if lead_index is None else Card(int(lead_index))
    e = ok(board=board, ns_pair=ns, ew_pair=ew, contract=contract, declarer=seat,
           tricks=tricks, lead=lead)
    assert Entry.from_dict(json.loads(json.dumps(e.to_dict()))) == e
    # The same entry written in Chinese, as a form in Chinese would send it.
    assert ok(board=f"第{board}副", ns_pair=str(ns), ew_pair=str(ew),
              contract=contract.format(lang="zh"), declarer=seat.name_in("zh"),
              tricks=f"{tricks}墩", lead=None if lead is None else lead.format(lang="zh")) == e
    vul = Vulnerability.parse(str(Board(board).vulnerability))
    assert e.ns_score == e.result.ns_score(vul)  # type: ignore[union-attr]


_FIELD_TEXT = st.one_of(
    st.none(), st.integers(-20, 10_000), st.text(max_size=12),
    st.sampled_from(["", " ", "4S", "3NT", "pass", "N", "南", "SA", "SZ", "黑桃10", "9", "9墩",
                     "=", "+1", "-2", "超1", "宕2", "620", "-100", "第五副", "A3", "0", "-1",
                     "四家不叫", "無王", "1" * 5000, "南打3NT超1"]),
)


@given(st.fixed_dictionaries({f: _FIELD_TEXT for f in FIELDS}))
def test_fuzzed_entries_give_an_entry_or_known_errors(fields: dict[str, Any]) -> None:
    got = check_entry(**fields)
    assert got.ok == (got.entry is not None) == (not got.errors)
    order = [FIELDS.index(e.field) for e in got.errors]
    assert order == sorted(order)
    for e in got.errors:
        assert e.code in ERROR_CODES and e.field in FIELDS
        assert e.message("en") and e.message("zh") and len(e.message("en")) < 400
    if got.entry is not None:
        assert Entry.from_dict(got.entry.to_dict()) == got.entry
        assert got.entry.describe("zh") and got.entry.explain("en")


def test_what_the_contract_alone_decides_is_checked_without_a_declarer() -> None:
    assert codes(contract="3NT", result="+5") == ["declarer.missing", "result.impossible"]
    assert codes(contract="3NT", tricks=9, result="+1") == ["declarer.missing", "result.mismatch"]


def test_a_whole_result_that_reads_two_ways_says_so_in_both_languages() -> None:
    # Finding 8 of issue 23: the form answered "invalid contract … expected a level 1-7".
    for text in ("南打3NT9", "北打4S10"):
        check = check_entry(board=1, ns_pair="1", ew_pair="2", contract=text)
        (error,) = check.errors
        assert error.code == "contract.unreadable" and error.field == "contract"
        assert error.message("en") == (
            f"invalid result '{text}': write the number of tricks apart from the contract, "
            "e.g. 南打3NT 9 or 南打3NT，9墩")
        assert error.message("zh") == (
            f"无效的结果 '{text}'：墩数应与定约分开写，如 南打3NT 9 或 南打3NT，9墩")
        assert FieldError.from_dict(error.to_dict()) == error
    # Written apart, the same is read.
    assert check_entry(board=1, ns_pair="1", ew_pair="2", contract="南打3NT 9").ok
    # A text that is no result at all keeps the contract's message.
    (error,) = check_entry(board=1, ns_pair="1", ew_pair="2", contract="8S").errors
    assert error.code == "contract.invalid"
