"""Notation: contracts, results, seats, strains, vulnerability; round trips and fuzzing."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import (
    Board,
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
from bridgescore.core.contract import all_contracts
from bridgescore.core.result import parse_outcome
from bridgescore.core.text import normalize, parse_int

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
    from bridgescore.core.result import RESULTS

    assert len(RESULTS) == 5880
    built = [Result(c, s, t) for c in all_contracts() for s in Seat for t in range(14)]
    assert list(RESULTS) == built
    assert Result.parse("4SX N -2") is RESULTS[built.index(Result.parse("北打4S×宕2"))]


# --- Chinese as people write it ------------------------------------------------------------

# Simplified → traditional, written out by hand for every character the parsers' words use
# that has a distinct traditional form (the rest are the same in both scripts).  Independent
# of core/text.py: a word added to a parser with a character missing here fails the coverage test.
_TRADITIONAL = {
    "东": "東", "块": "塊", "红": "紅", "无": "無", "将": "將", "双": "雙", "价": "價",
    "废": "廢", "过": "過", "约": "約", "刚": "剛", "额": "額", "赢": "贏", "结": "結",
    "后": "後", "对": "對", "敌": "敵", "庄": "莊", "号": "號", "两": "兩", "余": "餘",
    "况": "況",
}
# Characters that are written the same in both scripts.
_SAME = set("北南西家方梅花草片心桃黑王局有全都身四不叫作部其未加倍再派司斯正好完成定刚做打"
            "超宕下倒差墩拿得取了到果是最被防守主坐第副牌一二三五六七八九十零〇百千人")


def _traditional(word: str) -> str:
    return "".join(_TRADITIONAL.get(ch, ch) for ch in word)


def _vocabulary() -> list[tuple[object, str]]:
    """(parser, word) for every Chinese word in the parsers' tables."""
    from bridgescore.core.auction import _ALL_PASS, _CALL_WORDS, _FOUR_PASSES, Call
    from bridgescore.core.contract import _DOUBLING_WORDS, PASS_WORDS
    from bridgescore.core.seat import _SEAT_WORDS
    from bridgescore.core.strain import STRAIN_WORDS
    from bridgescore.core.vulnerability import _VUL_WORDS

    tables: list[tuple[object, object]] = [
        (Seat.parse, _SEAT_WORDS), (Strain.parse, STRAIN_WORDS), (Vulnerability.parse, _VUL_WORDS),
        (Contract.parse, PASS_WORDS), (Doubling.parse, _DOUBLING_WORDS), (Call.parse, _CALL_WORDS),
    ]
    # Sorted: the tables are sets, whose order differs between processes, and the test ids
    # must be the same in every pytest-xdist worker.
    words = [(parser, word) for parser, table in tables
             for word in sorted(table)  # type: ignore[attr-defined]
             if not word.isascii()]
    words += [(_after_one_spade, w) for w in sorted(_ALL_PASS) if not w.isascii()]
    words += [(_auction, w) for w in sorted(_FOUR_PASSES)]
    return words


def _after_one_spade(word: str) -> object:
    from bridgescore.core.auction import Auction

    return Auction.parse("N", f"1S {word}")


def _auction(word: str) -> object:
    from bridgescore.core.auction import Auction

    return Auction.parse("N", word)


def test_every_chinese_word_of_the_parsers_is_covered_by_the_traditional_table() -> None:
    chars = {ch for _, word in _vocabulary() for ch in word if not ch.isascii()}
    chars -= set("♣♦♥♠×")
    assert chars - _SAME - set(_TRADITIONAL) == set()


@pytest.mark.parametrize(("parser", "word"), _vocabulary(), ids=lambda x: getattr(x, "__qualname__", x))
def test_traditional_form_of_every_word_parses_the_same(parser: object, word: str) -> None:
    assert parser(_traditional(word)) == parser(word)  # type: ignore[operator]


# What Chinese players write, with what it means: traditional characters, Taiwan's words
# (無王 notrump, 身價 vulnerability, 倒/下 down), 刚好, 差一墩, a trick count in the result.
CHINESE_RESULTS = [
    ("東打7NT××，剛好完成定約", "7NTXX E ="), ("南定約5D，東西方加倍，結果宕二", "5DX S -2"),
    ("西打2S，被敵方加倍，結果超一", "2SX W +1"), ("北主打3C，結果下一", "3C N -1"),
    ("南做莊3NT，超額1墩", "3NT S +1"), ("南坐莊3NT 拿9墩", "3NT S ="), ("南打3無王超1", "3NT S +1"),
    ("東打3无王宕1", "3NT E -1"), ("3無王 N =", "3NT N ="), ("南打4S刚好", "4S S ="),
    ("南打4S剛好", "4S S ="), ("4S N 剛好", "4S N ="), ("4S N 刚好完成", "4S N ="),
    ("南打3NT下2", "3NT S -2"), ("南打3NT倒2", "3NT S -2"), ("3NT S 下2", "3NT S -2"),
    ("3NT S 倒二", "3NT S -2"), ("南打4S差一墩", "4S S -1"), ("南打4S差两墩", "4S S -2"),
    ("南打4S差兩墩", "4S S -2"), ("4S N 差2墩", "4S N -2"), ("4S N 差2", "4S N -2"),
    ("3NT S 9", "3NT S ="), ("3NT by S 9", "3NT S ="), ("S 3NT 9", "3NT S ="),
    ("3NT S 九", "3NT S ="), ("4H N 10墩", "4H N ="), ("4H N 10 墩", "4H N ="),
    ("3NT S 13", "3NT S +4"), ("1NT W 0", "1NT W -7"), ("南打3NT 9", "3NT S ="),
    ("南打3NT，9墩", "3NT S ="), ("北打4H 10墩", "4H N ="), ("北打4H10墩", "4H N ="),
    ("南打3NT 拿到9墩", "3NT S ="), ("南打4S×，10", "4SX S ="), ("南打4S 加倍 10", "4SX S ="),
    ("南打4S被加倍宕2", "4SX S -2"), ("南打3NT 9 =", "3NT S ="), ("全部不叫", "pass"),
    ("四家都不叫", "pass"), ("全都不叫", "pass"), ("作廢", "pass"), ("過", "pass"),
    ("莊家南打3NT超1", "3NT S +1"), ("庄家：南，3NT，超1", "3NT S +1"), ("定約人北 4S 宕1", "4S N -1"),
    ("莊家東 3NT 9", "3NT E ="),
]


@pytest.mark.parametrize(("text", "expected"), CHINESE_RESULTS)
def test_chinese_results_as_people_write_them(text: str, expected: str) -> None:
    assert str(Result.parse(text)) == expected


# Ambiguous or malformed: an error, never a guess.
@pytest.mark.parametrize(
    "text",
    ["南打3NT9", "北打4S10", "南打4S×10", "南打4S，加倍10", "4S N10", "3NT S 9 超1", "南打3NT 9 超1",
     "3NT S 14", "南打三无将一百五", "南打4S差", "4S 10", "3NT S 9 10", "南打3NT 9 10墩"],
)
def test_ambiguous_results_are_errors(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Result.parse(text)
    assert info.value.message("en") != info.value.message("zh")


@pytest.mark.parametrize(
    ("text", "vul"),
    [("全有", 3), ("全无", 0), ("全無", 0), ("全局", 3), ("雙無", 0), ("雙方無局", 0), ("雙方有局", 3),
     ("東西有局", 2), ("東西方有局", 2), ("南北方有局", 1), ("雙方無身價", 0), ("南北有身價", 1),
     ("東西有身價", 2), ("雙方有身價", 3), ("无身价", 0), ("双方都无局", 0), ("全有局", 3)],
)
def test_more_vulnerability_words(text: str, vul: int) -> None:
    assert Vulnerability.parse(text) is Vulnerability(vul)


@pytest.mark.parametrize("text", ["南北无局", "东西无局", "有局", "无南北", "全"])
def test_vulnerability_phrases_that_do_not_say_who_are_errors(text: str) -> None:
    with pytest.raises(NotationError):
        Vulnerability.parse(text)


@pytest.mark.parametrize(("text", "expected"), [("3無王", "3NT"), ("3无王", "3NT"), ("七無王再加倍", "7NTXX"),
                                                ("全部不叫", "pass"), ("四家都不叫", "pass")])
def test_more_contract_words(text: str, expected: str) -> None:
    assert str(Contract.parse(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("=", (0, None)), ("+1", (1, None)), ("- 2", (-2, None)), ("超1", (1, None)),
     ("超额2墩", (2, None)), ("宕2", (-2, None)), ("下2", (-2, None)), ("倒2", (-2, None)),
     ("差一墩", (-1, None)), ("差兩墩", (-2, None)), ("差2墩", (-2, None)), ("正好", (0, None)),
     ("刚好", (0, None)), ("剛好", (0, None)), ("making", (0, None)), ("down 2", (-2, None)),
     ("9", (None, 9)), ("9墩", (None, 9)), ("拿9墩", (None, 9)), ("9 tricks", (None, 9)),
     ("十墩", (None, 10))],
)
def test_parse_outcome(text: str, expected: tuple[int | None, int | None]) -> None:
    assert parse_outcome(text) == expected


def test_parse_outcome_refuses_a_bare_number_when_asked() -> None:
    assert parse_outcome("9墩", bare=False) == (None, 9)
    with pytest.raises(NotationError):
        parse_outcome("9", bare=False)


# --- numbers -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [("0", 0), ("000", 0), ("007", 7), ("１２", 12), ("٣", 3), ("零", 0), ("〇", 0), ("十", 10),
     ("两", 2), ("十六", 16), ("二十", 20), ("一百一十", 110), ("一千零一十", 1010),
     ("九千九百九十九", 9999), ("9" * 30, int("9" * 30))],
)
def test_numbers(text: str, value: int) -> None:
    assert parse_int(text) == value


@pytest.mark.parametrize(
    "text",
    # 一二三 was 3 and 十十 was 20 (misread without a word); ² raised ValueError.
    ["一二三", "十十", "五十五十", "1十", "一百五", "一百十", "零五", "五零", "一百零", "²", "½",
     "9" * 31, "9" * 5000, "十" * 5000, "-1", "1.5", " 1"],
)
def test_not_numbers(text: str) -> None:
    assert parse_int(text) is None


HUGE = "1" * 5000


@pytest.mark.parametrize(
    ("parser", "text"),
    [(Contract.parse, HUGE + "S"), (Contract.parse, HUGE), (Result.parse, "4S N +" + HUGE),
     (Result.parse, "4S N " + HUGE), (Result.parse, "4S N down " + HUGE),
     (Result.parse, "4S N " + HUGE + " tricks"), (Result.parse, "南打4S超" + HUGE),
     (Result.parse, "南打4S，拿" + HUGE + "墩"), (Result.parse, "4S+" + HUGE),
     (Result.parse, HUGE + "S N ="), (Result.parse, "x" * 100_000), (parse_outcome, "+" + HUGE),
     (parse_outcome, HUGE), (Seat.parse, HUGE), (Side.parse, HUGE), (Strain.parse, HUGE),
     (Vulnerability.parse, HUGE), (Doubling.parse, HUGE)],
    ids=lambda x: getattr(x, "__qualname__", None) or x[:12],
)
def test_huge_numbers_are_refused_with_a_short_excerpt(parser: object, text: str) -> None:
    # Each of these raised ValueError (Python's 4,300-digit limit) or echoed the whole text.
    with pytest.raises(NotationError) as info:
        parser(text)  # type: ignore[operator]
    for lang in ("en", "zh"):
        message = info.value.message(lang)
        assert len(message) < 300 and "…" in message


@pytest.mark.parametrize(
    "text",
    ["南" + " " * 3000 + "x", "南打3NT" + " " * 3000 + "x", "4S" + " " * 3000 + "N =x",
     "3NT" + " " * 3000 + "x", "4S" + "\u3000" * 3000 + "N x", "南 ," * 3000, "4S\t" * 3000],
    ids=lambda t: repr(t[:6]),
)
def test_long_runs_of_spaces_are_read_in_linear_time(text: str) -> None:
    # Neighbouring \s* in the patterns tried every way of sharing a run of spaces: a few
    # hundred spaces took seconds, these would not finish.
    with pytest.raises(NotationError):
        Result.parse(text)


def test_long_text_is_not_kept_in_the_parse_caches() -> None:
    from bridgescore.core.contract import _parse_contract
    from bridgescore.core.result import _parse_result

    short_result, short_contract = Result.parse("4S N ="), Contract.parse("4S")
    before = _parse_result.cache_info().currsize, _parse_contract.cache_info().currsize
    for n in range(50):
        padding = " " * (1000 + n)  # valid text, so a cache would keep it
        assert Result.parse(f"4S N ={padding}") == short_result
        assert Contract.parse(f"{padding}4S") == short_contract
    assert (_parse_result.cache_info().currsize, _parse_contract.cache_info().currsize) == before


@pytest.mark.parametrize(
    "build",
    [lambda: Contract(10**5000), lambda: Contract(True), lambda: Contract(1, "S"),  # type: ignore[arg-type]
     lambda: Contract(1, Strain.SPADES, 1), lambda: Result(Contract.parse("4S"), Seat.NORTH, 10**5000),  # type: ignore[arg-type]
     lambda: Result(Contract.parse("4S"), "N", 10), lambda: Result("4S", Seat.NORTH, 10),  # type: ignore[arg-type]
     lambda: Result.from_relative(Contract.passed_out(), Seat.NORTH, 0),
     lambda: Result.from_relative(Contract.parse("4S"), Side.NS, 0),  # type: ignore[arg-type]
     lambda: Result.from_relative(Contract.parse("4S"), Seat.NORTH, "1")],  # type: ignore[arg-type]
)
def test_values_refuse_wrong_types(build: object) -> None:
    # Contract(True) was level 1; Result(…, "N", …) was built; the rest raised ValueError,
    # AttributeError or IndexError.
    with pytest.raises(NotationError) as info:
        build()  # type: ignore[operator]
    assert len(info.value.message("en")) < 300


@pytest.mark.parametrize("bad", [True, False, 1, "ns", None, Seat.WEST, Side.NS, Strain.SPADES])
def test_result_methods_take_only_a_vulnerability(bad: object) -> None:
    # Result.score(Seat.WEST) scored as both vulnerable; True raised AttributeError.
    r = Result.parse("4S E =")
    for method in (r.score, r.ns_score, r.breakdown, r.explain, r.declarer_vulnerable,
                   r.scoring_side):
        with pytest.raises(NotationError) as info:
            method(bad)  # type: ignore[arg-type]
        assert "Vulnerability" in info.value.message("zh")


def test_result_score_by_vulnerability_against_law_77() -> None:
    # East declares: the EW bit decides (Law 77: 4S= is 420 not vulnerable, 620 vulnerable).
    r = Result.parse("4S E =")
    assert [r.score(v) for v in Vulnerability] == [420, 420, 620, 620]
    assert [Result.parse("4S N =").score(v) for v in Vulnerability] == [420, 620, 420, 620]


@pytest.mark.parametrize(("ns", "ew"), [(1, 0), ("yes", False), (None, True), (True, 1)])
def test_vulnerability_of_takes_bools(ns: object, ew: object) -> None:
    with pytest.raises(NotationError):
        Vulnerability.of(ns, ew)  # type: ignore[arg-type]
    assert [Vulnerability.of(a, b) for a in (False, True) for b in (False, True)] == [
        Vulnerability.NONE, Vulnerability.EW, Vulnerability.NS, Vulnerability.BOTH]


@pytest.mark.parametrize("bad", ["N", 0, None, Vulnerability.NS])
def test_is_vulnerable_takes_a_seat_or_side(bad: object) -> None:
    with pytest.raises(NotationError):
        Vulnerability.BOTH.is_vulnerable(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("parser", [Seat.parse, Side.parse, Strain.parse, Vulnerability.parse,
                                    Doubling.parse, parse_outcome])
@given(st.one_of(st.integers(), st.none(), st.lists(st.integers()), st.floats()))
def test_every_parser_refuses_non_text(parser: object, value: object) -> None:
    with pytest.raises(NotationError):
        parser(value)  # type: ignore[operator]


_WORDS = ["南", "北", "東", "西", "打", "主打", "做莊", "3NT", "4S", "無王", "无将", "×", "加倍", "被",
          "超", "宕", "下", "倒", "差", "墩", "拿", "剛好", "正好", "完成", "結果", "9", "10", "一",
          "十", "百", "零", "两", "=", "+1", "-2", " ", "，", "N", "S", "by", "down", "tricks",
          "全部不叫", "pass", "全", "有", "無", "局", "身價"]


@pytest.mark.parametrize("parser", [*PARSERS, parse_outcome, Board.parse],
                         ids=lambda p: p.__qualname__)
@given(text=st.lists(st.sampled_from(_WORDS), max_size=8).map("".join))
def test_fuzz_chinese_words(parser: object, text: str) -> None:
    try:
        value = parser(text)  # type: ignore[operator]
    except BridgeError as e:
        assert e.message("en") and e.message("zh")
    else:
        if isinstance(value, Contract | Result):
            assert type(value).parse(str(value)) == value
            assert type(value).parse(value.format(lang="zh")) == value


_PHRASES = [text for text, expected in [*RESULTS, *CHINESE_RESULTS]
            if expected is not None and not text.isascii()]


def test_the_traditional_table_covers_every_example_phrase() -> None:
    chars = {ch for text in _PHRASES for ch in normalize(text) if not ch.isascii()}
    chars -= set("♣♦♥♠×")
    assert chars - _SAME - set(_TRADITIONAL) - set(_TRADITIONAL.values()) == set()


@pytest.mark.parametrize("text", _PHRASES)
def test_every_example_phrase_in_traditional_characters(text: str) -> None:
    # Each result the tests write in simplified Chinese, written in traditional characters.
    assert Result.parse(_traditional(text)) == Result.parse(text)


def test_file_words_in_traditional_characters() -> None:
    # The result-file readers (other modules) look their headers up after normalize().
    assert [normalize(w) for w in ["輪次", "開室", "閉室", "桌號", "室別", "莊家", "主隊", "副數"]] == [
        "轮次", "开室", "闭室", "桌号", "室别", "庄家", "主队", "副数"]


# Each new message, in both languages: the English says it in English, the Chinese in Chinese.
NEW_MESSAGES = [
    lambda: Result.parse("南打3NT9"), lambda: Result.parse("4S N +" + "1" * 40),
    lambda: parse_outcome("x"), lambda: Result.parse("4S").score(True),  # type: ignore[arg-type]
    lambda: Vulnerability.of(1, 0), lambda: Vulnerability.NS.is_vulnerable("N"),  # type: ignore[arg-type]
    lambda: Contract(1, "S"), lambda: Result("4S", Seat.NORTH, 10),  # type: ignore[arg-type]
    lambda: Result(Contract.parse("4S"), "N", 10),  # type: ignore[arg-type]
    lambda: Result.from_relative(Contract.passed_out(), Seat.NORTH, 0),
    lambda: Result.from_relative(Contract.parse("4S"), Seat.NORTH, "1"),  # type: ignore[arg-type]
    lambda: Seat.parse(5), lambda: Side.parse(5), lambda: Strain.parse(5),  # type: ignore[arg-type]
    lambda: Vulnerability.parse(5), lambda: Doubling.parse(5),  # type: ignore[arg-type]
    lambda: Board(10**9 + 1), lambda: Board.parse("第一二三副"),
]


@pytest.mark.parametrize("fail", NEW_MESSAGES)
def test_new_messages_in_both_languages(fail: object) -> None:
    with pytest.raises(NotationError) as info:
        fail()  # type: ignore[operator]
    en, zh = info.value.message("en"), info.value.message("zh")
    assert en != zh and any("\u4e00" <= ch <= "\u9fff" for ch in zh)
    # (English messages may quote the input and show Chinese examples, after the first quote.)
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in en.split("'")[0])
