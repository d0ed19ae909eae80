"""Notation: contracts, results, seats, strains, vulnerability; round trips and fuzzing."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import (
    BridgeError,
    Contract,
    Doubling,
    ImpossibleResultError,
    NotationError,
    Result,
    Seat,
    Side,
    Strain,
    Vulnerability,
)
from bridgescore.contract import all_contracts
from bridgescore.text import normalize, parse_int

ALL = [*all_contracts(), Contract.passed_out()]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4SX", "4SX"), ("4♠X", "4SX"), ("4sx", "4SX"), ("4S*", "4SX"), ("4S**", "4SXX"),
        ("7NTXX", "7NTXX"), ("3N", "3NT"), ("3nt", "3NT"), ("pass", "pass"), ("PASS", "pass"),
        ("Passed out", "pass"), ("四家不叫", "pass"), ("6H×", "6HX"), ("1D××", "1DXX"),
        ("3无将", "3NT"), ("四黑桃加倍", "4SX"), ("2红心再加倍", "2HXX"), ("5方块", "5D"),
        ("1梅花", "1C"), ("1草花", "1C"), ("4ª", "4S"), ("5¨", "5D"), ("3©", "3H"), ("2§", "2C"),
        ("７ＮＴ", "7NT"), ("4♤", "4S"), ("4♥️", "4H"), ("1 NT", "1NT"), ("1無將", "1NT"),
    ],
)
def test_contract_spellings(text: str, expected: str) -> None:
    assert str(Contract.parse(text)) == expected


@pytest.mark.parametrize(
    "text", ["", "8S", "0S", "1Spam", "4", "S", "4SXXX", "4Z", "44S", "4S X X X", "12NT", "-1S"]
)
def test_contract_errors_quote_the_input(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Contract.parse(text)
    assert repr(text) in str(info.value)
    assert repr(text) in info.value.message("zh")


def test_contract_level_message() -> None:
    with pytest.raises(NotationError, match=r"invalid contract '8S': level must be 1-7"):
        Contract.parse("8S")


@pytest.mark.parametrize("contract", ALL, ids=str)
def test_contract_round_trips(contract: Contract) -> None:
    assert Contract.parse(str(contract)) == contract
    assert Contract.parse(contract.format(symbols=True)) == contract
    assert Contract.parse(contract.format(lang="zh")) == contract
    assert Contract.parse(contract.format(lang="zh", symbols=True)) == contract
    assert Contract.parse(contract.name_in("zh")) == contract
    assert eval(repr(contract), {"Contract": Contract}) == contract


def test_doubled_contract_is_not_equal_to_undoubled() -> None:
    assert Contract.parse("4S") != Contract.parse("4SX")
    assert len({c for c in ALL}) == 106


def test_contract_properties() -> None:
    assert Contract.parse("3NT").trick_score == 100 and Contract.parse("3NT").is_game
    assert not Contract.parse("4D").is_game and Contract.parse("2HX").is_game
    assert Contract.parse("1HXX").trick_score == 120
    assert str(Doubling.UNDOUBLED) == "" and str(Strain.NOTRUMP) == "NT"
    with pytest.raises(NotationError):
        Contract(8, Strain.SPADES)
    with pytest.raises(NotationError):
        Contract(0, Strain.SPADES)


# The results the issue and the seeds write, with what they mean.
RESULTS = [
    ("4SX N -2", "4SX N -2"), ("4SXN-2", "4SX N -2"), ("3NT by S +1", "3NT S +1"),
    ("3NT S =", "3NT S ="), ("南打3NT超1", "3NT S +1"), ("西打6H×宕4", "6HX W -4"),
    ("北打1D××，超3", "1DXX N +3"), ("东打7NT××，正好完成", "7NTXX E ="),
    ("南打2S，超1", "2S S +1"), ("北定约2S，拿8墩", "2S N ="), ("南打3S，宕2", "3S S -2"),
    ("南主打3S，结果超1", "3S S +1"), ("北主打6D××，超1", "6DXX N +1"),
    ("西主打4S×宕2", "4SX W -2"), ("东定约2D，结果超二", "2D E +2"),
    ("北主打3C，结果宕一", "3C N -1"), ("南定约5D，东西方加倍，结果宕二", "5DX S -2"),
    ("西打2S，南北方加倍，结果超一", "2SX W +1"), ("北定约2S，拿8墩，正好完成定约", "2S N ="),
    ("東打7NT××，正好完成", "7NTXX E ="), ("南打３ＮＴ超１", "3NT S +1"),
    ("北打4ª", None), ("3nts=", "3NT S ="), ("N 4S =", "4S N ="), ("4S= N", "4S N ="),
    ("4S N 10 tricks", "4S N ="), ("4S N making", "4S N ="), ("4S N down 2", "4S N -2"),
    ("4♠X by North -2", "4SX N -2"), ("pass", "pass"), ("四家不叫", "pass"),
    ("西家打3无将超2", "3NT W +2"), ("4S by E, down 1", "4S E -1"), ("4S E, -1", "4S E -1"),
    ("3NT by South, +1", "3NT S +1"), ("3NT S making 10 tricks", "3NT S +1"),
    ("3nt/s/+1", "3NT S +1"), ("4♠×东-1", "4SX E -1"), ("4S 北家 =", "4S N ="),
    ("3NT S took 9 tricks", "3NT S ="), ("4S N 超1", "4S N +1"), ("4S N 宕1", "4S N -1"),
    ("4S 北 宕一", "4S N -1"), ("4S N 正好", "4S N ="), ("4S N 拿10墩", "4S N ="),
    ("4SX E 宕二墩", "4SX E -2"), ("南打三无将宕一墩", "3NT S -1"), ("東打1無將，結果超1", "1NT E +1"),
]


@pytest.mark.parametrize(("text", "expected"), RESULTS)
def test_result_spellings(text: str, expected: str | None) -> None:
    if expected is None:
        with pytest.raises(NotationError):
            Result.parse(text)
    else:
        assert str(Result.parse(text)) == expected


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("7S+1", ImpossibleResultError), ("7S N +1", ImpossibleResultError),
        ("1S N -8", ImpossibleResultError), ("4S N 14 tricks", ImpossibleResultError),
        ("4S N", NotationError), ("4S+1", NotationError), ("南打3NT", NotationError),
        ("南打2S，南北加倍，超1", NotationError), ("北定约2S，拿9墩，正好完成", NotationError),
        ("南打2S超1宕1", NotationError), ("1Spam N =", NotationError), ("", NotationError),
    ],
)
def test_result_errors(text: str, kind: type[BridgeError]) -> None:
    with pytest.raises(kind) as info:
        Result.parse(text)
    assert info.value.message("zh") and info.value.message("en")


def test_impossible_result_message() -> None:
    with pytest.raises(ImpossibleResultError, match="7S needs 13 of the 13 tricks"):
        Result.parse("7S+1")


@pytest.mark.parametrize("contract", all_contracts(), ids=str)
def test_every_result_round_trips(contract: Contract) -> None:
    for seat, tricks in itertools.product(Seat, range(14)):
        r = Result(contract, seat, tricks)
        assert Result.parse(str(r)) == r
        assert Result.parse(r.format(lang="zh")) == r
        assert Result.parse(r.format(symbols=True)) == r
        assert eval(repr(r), {"Result": Result}) == r


@given(st.sampled_from(all_contracts()), st.sampled_from(list(Seat)), st.integers(0, 13),
       st.sampled_from(list(Vulnerability)))
def test_ns_score_is_minus_ew_score(contract: Contract, seat: Seat, tricks: int,
                                   vul: Vulnerability) -> None:
    r = Result(contract, seat, tricks)
    partner = Result(contract, seat.partner, tricks)
    opponent = Result(contract, seat.lho, tricks)
    assert r.ns_score(vul) == partner.ns_score(vul)
    flipped = Vulnerability.of(vul.is_vulnerable(Side.EW), vul.is_vulnerable(Side.NS))
    assert opponent.ns_score(flipped) == -r.ns_score(vul)
    assert r.ns_score(vul) == (r.score(vul) if seat.side is Side.NS else -r.score(vul))


def test_passed_out_result() -> None:
    r = Result.parse("pass")
    assert r.is_passed_out and r.ns_score(Vulnerability.BOTH) == 0 and r.declarer is None
    assert r.format(lang="zh") == "四家不叫"
    with pytest.raises(NotationError):
        Result(Contract.parse("4S"), None, 10)


@pytest.mark.parametrize(
    ("text", "vul"),
    [("none", 0), ("NS", 1), ("ew", 2), ("both", 3), ("all", 3), ("-", 0), ("b", 3), ("B", 3),
     ("None", 0), ("Both", 3), ("双无", 0), ("南北", 1), ("东西", 2), ("双有", 3),
     ("双方无局", 0), ("南北有局", 1), ("東西", 2), ("雙有", 3), ("双方有局", 3)],
)
def test_vulnerability_spellings(text: str, vul: int) -> None:
    assert Vulnerability.parse(text) is Vulnerability(vul)


def test_vulnerability_names_round_trip() -> None:
    for v in Vulnerability:
        for lang in ("en", "zh"):
            assert Vulnerability.parse(v.name_in(lang)) is v
            assert Vulnerability.parse(v.describe(lang)) is v


def test_seats_and_sides() -> None:
    assert [str(s) for s in Seat] == ["N", "E", "S", "W"]
    assert Seat.NORTH.lho is Seat.EAST and Seat.NORTH.rho is Seat.WEST
    assert Seat.SOUTH.partner is Seat.NORTH and Seat.WEST.side is Side.EW
    assert Seat.parse("北家") is Seat.NORTH and Seat.parse("east") is Seat.EAST
    assert Side.parse("东西方") is Side.EW and Side.NS.opponents is Side.EW
    for seat in Seat:
        assert Seat.parse(seat.name_in("zh")) is seat
        assert Seat.parse(seat.name_in("en")) is seat
    with pytest.raises(NotationError):
        Seat.parse("X")
    with pytest.raises(NotationError):
        Side.parse("NE")


def test_text_helpers() -> None:
    assert normalize("（40＋5×30）×2") == "(40+5×30)×2"
    assert parse_int("十六") == 16 and parse_int("三十二") == 32 and parse_int("") is None


PARSERS = [Contract.parse, Result.parse, Vulnerability.parse, Seat.parse, Side.parse,
           Strain.parse, Doubling.parse]
ALPHABET = st.sampled_from(list("0123456789NSEWHDCXnsewhdcx +-=*×♠♥♦♣§¨©ª南北东西打超宕拿墩，正好完成加倍再无将pasP ."))


@pytest.mark.parametrize("parser", PARSERS, ids=lambda p: p.__qualname__)
@given(text=st.one_of(st.text(), st.text(ALPHABET, max_size=20)))
def test_fuzz_only_bridge_errors(parser: object, text: str) -> None:
    try:
        value = parser(text)  # type: ignore[operator]
    except BridgeError as e:
        assert e.message("en") and e.message("zh")
    else:
        # Whatever parses must format and parse back to the same value.
        assert value is not None
        if isinstance(value, Contract | Result):
            assert type(value).parse(str(value)) == value


@given(st.one_of(st.integers(), st.none(), st.lists(st.integers())))
def test_non_strings_are_bridge_errors(value: object) -> None:
    for parser in (Contract.parse, Result.parse):
        with pytest.raises(BridgeError):
            parser(value)  # type: ignore[arg-type]


_STRAIN_SPELLINGS = {Strain.CLUBS: ["C", "c", "♣"], Strain.DIAMONDS: ["D", "d", "♦"],
                     Strain.HEARTS: ["H", "h", "♥"], Strain.SPADES: ["S", "s", "♠"],
                     Strain.NOTRUMP: ["NT", "N", "nt", "n"]}
_SEAT_SPELLINGS = {Seat.NORTH: ["N", "n", "North"], Seat.EAST: ["E", "e", "east"],
                   Seat.SOUTH: ["S", "s", "SOUTH"], Seat.WEST: ["W", "w", "West"]}


@given(st.sampled_from(all_contracts()), st.sampled_from(list(Seat)), st.integers(0, 13),
       st.data())
def test_english_spellings_mean_what_they_say(contract: Contract, seat: Seat, tricks: int,
                                              data: st.DataObject) -> None:
    """Every way of writing a result in English gives that result (the common forms take a
    fast path in the parser; this pins it to the meaning, not to the other path)."""
    strain = data.draw(st.sampled_from(_STRAIN_SPELLINGS[contract.strain]))
    dbl = data.draw(st.sampled_from({0: [""], 1: ["X", "x", "*"], 2: ["XX", "xx", "**"]}[
        contract.doubling.value]))
    who = data.draw(st.sampled_from(_SEAT_SPELLINGS[seat]))
    rel = tricks - contract.tricks_needed
    res = data.draw(st.sampled_from(["=", "+0", "-0"] if rel == 0 else [f"{rel:+d}", f"{rel:+d}".replace("+", "+ ").replace("-", "- ")]))
    gap = data.draw(st.sampled_from(["", " ", "  "]))
    by = data.draw(st.sampled_from(["", "by ", "BY "]))
    text = f"{contract.level}{strain}{dbl}{gap or ' '}{by}{who}{gap}{res}"
    if len(who) == 1 and not by:
        text = f"{contract.level}{strain}{dbl}{gap}{who}{gap}{res}"
    if strain in ("N", "n") and who.lower() in ("north", "n") and not gap and not by and not dbl:
        text = f"{contract.level}{strain}{dbl} {who}{res}"  # 3NN= is ambiguous to a reader
    assert Result.parse(text) == Result(contract, seat, tricks), text


def test_interned_results_are_the_validated_values() -> None:
    from bridgescore.result import RESULTS

    assert len(RESULTS) == 5880
    built = [Result(c, s, t) for c in all_contracts() for s in Seat for t in range(14)]
    assert list(RESULTS) == built
    assert Result.parse("4SX N -2") is RESULTS[built.index(Result.parse("北打4S×宕2"))]
