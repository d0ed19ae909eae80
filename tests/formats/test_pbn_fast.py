"""The fast paths of PBN reading agree with the careful ones: the reader's regex path with the
line-by-line reader, quick records with careful records, the quick deal parser with the
careful one, and the integer trick winner with the Laws."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.auction import Auction, CallKind
from bridgescore.core.cards import DECK, Card
from bridgescore.core.contract import Contract
from bridgescore.core.deal import Deal
from bridgescore.core.errors import BridgeError, FileFormatError
from bridgescore.core.gamerecord import GameRecord
from bridgescore.core.play import Play, trick_winner, winning_offset
from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain
from bridgescore.formats import pbn, pbn_reader, pbn_records

DATA = Path(__file__).parents[1] / "data"
FILES = sorted(DATA.glob("*.pbn"))


def _read(text: str, strict: bool, fast: bool) -> tuple[list[pbn.PbnGame], list[str]]:
    reader = pbn_reader._Reader(text, "f.pbn", strict, fast=fast)
    games = reader.run()
    return games, [str(e) for e in reader.errors]


def _same_reading(text: str) -> None:
    fast_games, fast_errors = _read(text, False, True)
    careful_games, careful_errors = _read(text, False, False)
    assert fast_errors == careful_errors
    assert pbn.dumps(fast_games) == pbn.dumps(careful_games)
    assert [g.names() for g in fast_games] == [g.names() for g in careful_games]
    assert [[g.tag(n) for n in g.names()] for g in fast_games] == [
        [g.tag(n) for n in g.names()] for g in careful_games]
    # every tag, line number and section line (errors are compared by their text)
    assert [(g.tags, g.line, g.preamble, [str(e) for e in g.errors], g.terminated, g.trailer)
            for g in fast_games] == [
        (g.tags, g.line, g.preamble, [str(e) for e in g.errors], g.terminated, g.trailer)
        for g in careful_games]
    for strict in (True, False):
        outcomes = []
        for fast in (True, False):
            try:
                outcomes.append(("ok", pbn.dumps(_read(text, strict, fast)[0])))
            except FileFormatError as e:
                outcomes.append(("error", str(e)))
        assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_real_files_read_the_same_both_ways(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    _same_reading(text)
    _same_reading(text.replace("\n", "\r\n"))
    games = pbn.loads(text)
    assert [pbn_records._quick_record(g) for g in games] == [pbn_records._careful_record(g) for g in games]


_LINES = [
    '[Event "Club"]', '[Board "1"]', '[Event "#"]', '[Board "#"]', '[Dealer "N"]',
    '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]',
    '[Contract "3NT"]', '[Declarer "S"]', '[Result "9"]', '[Auction "N"]', "1NT Pass 3NT Pass",
    "Pass Pass", "AP", '[Play "W"]', "S2 S5 SA S4", "- - H3 -", "*",
    '[T "a\\"b"]', '[U "c\\\\"]', '[Table "Rank\\2R;Name"]', ' 1 "A B"', "2 C", "N NT  7",
    '[A "1"][B "2"]', '[A  "1"]', ' [Ind "1"]', '[Tail "1"] ; note', '[Tail "2"] {a', "b}",
    "{ one line }", "{ open", "close }", "; comment", "% PBN 2.1", "%x", " %y", "", " ", "\t",
    "\u3000", "[Bad", "data", "1C =1= 1H $2", '[Note "1:x"]', "[", "]", '"', "{", "}", ";",
    '[Event "{x}"]', '[E "a;b"]', '[Deal "-"]', "x [Y \"z\"]",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_LINES), max_size=25),
       st.sampled_from(["\n", "\r\n", "\r", "\u2028", "\n\n"]), st.booleans())
def test_generated_files_read_the_same_both_ways(lines: list[str], sep: str, last: bool) -> None:
    _same_reading(sep.join(lines) + ("\n" if last else ""))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet='[]{}";%\n abcN:ST1-*=#\\\r', max_size=150))
def test_random_text_reads_the_same_both_ways(text: str) -> None:
    _same_reading(text)


def _record_or_error(fn: object, game: pbn.PbnGame) -> object:
    try:
        return fn(game)  # type: ignore[operator]
    except BridgeError as e:
        return (type(e), str(e))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_LINES), max_size=25))
def test_quick_records_agree_with_careful_ones(lines: list[str]) -> None:
    for g in pbn.loads("\n".join(lines) + "\n"):
        try:
            quick = pbn_records._quick_record(g)
        except (BridgeError, pbn_records._Unusual):
            quick = None
        careful = _record_or_error(pbn_records._careful_record, g)
        if quick is not None:
            assert quick == careful
        assert _record_or_error(pbn.to_record, g) == careful


def _played_game(seed: int) -> GameRecord:
    """A random deal, a random legal auction and a random legal play (some of it)."""
    rnd = random.Random(seed)
    cards = list(DECK)
    rnd.shuffle(cards)
    deal = Deal.from_seat_of_card([cards.index(c) // 13 for c in DECK])
    dealer = Seat(rnd.randrange(4))
    auction = Auction(dealer)
    while not auction.is_complete:
        legal = auction.legal_calls()
        weights = [8 if c.kind is CallKind.PASS else 1 for c in legal]
        auction = auction.add(rnd.choices(legal, weights)[0])
    rec = GameRecord(board=rnd.randrange(1, 33), dealer=dealer, deal=deal, auction=auction)
    contract, declarer = auction.contract, auction.declarer
    if contract is None or contract.is_passed_out or declarer is None:
        return rec
    play = Play(deal, contract, declarer)
    stop = rnd.choice([52, 52, rnd.randrange(53)])
    while len(play.cards_played()) < stop:
        play.play(rnd.choice(play.legal_cards()))
    rec.play = list(play.cards_played())
    rec.claimed = stop < 52
    return rec


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9))
def test_quick_records_of_played_games(seed: int) -> None:
    text = pbn.dumps([pbn.from_record(_played_game(seed))])
    for variant in (text, text.replace("\n[Play", "\n[Play").replace(" ", "  ")):
        for g in pbn.loads(variant):
            careful = pbn_records._careful_record(g)
            assert pbn_records._quick_record(g) == careful == pbn.to_record(g)


# -- deals ------------------------------------------------------------------------------------


def _deal_error(text: str, complete: bool | None) -> object:
    try:
        return Deal._from_pbn_careful(text, complete)
    except BridgeError as e:
        return (type(e), e.en, e.zh)


def _fast_deal(text: str, complete: bool | None) -> object:
    try:
        return Deal.from_pbn(text, complete)
    except BridgeError as e:
        return (type(e), e.en, e.zh)


@settings(max_examples=500)
@given(st.permutations(range(52)), st.sampled_from("NESW"), st.integers(0, 12),
       st.sampled_from([None, True, False]))
def test_quick_deal_parser_agrees_with_the_careful_one(
    order: list[int], first: str, mutation: int, complete: bool | None
) -> None:
    hands = [sorted(order[13 * i : 13 * i + 13], reverse=True) for i in range(4)]

    def hand_text(cards: list[int]) -> str:
        return ".".join("".join(str(DECK[c])[1] for c in cards if c // 13 == s) for s in (3, 2, 1, 0))

    parts = [hand_text(h) for h in hands]
    text = f"{first}:" + " ".join(parts)
    mutated = [
        text,
        text.lower(),
        text.replace("T", "10"),
        text + "  ",
        "  " + text,
        text.replace(" ", "  ", 1),
        text.replace(" ", "\t", 1),
        f"{first}:" + " ".join([parts[0], "-", parts[2], parts[3]]),
        f"{first}:" + " ".join([parts[0], parts[0], parts[2], parts[3]]),
        f"{first}:" + " ".join([parts[0] + "." + parts[1], parts[2], parts[3], ""]),
        text.replace(".", "", 1).replace(" ", ". ", 1),
        f"{first}:" + " ".join([parts[0][::-1], parts[1], parts[2], parts[3]]),
        f"{first}:" + " ".join([parts[0], parts[1], parts[2], parts[3][1:]]),
    ][mutation]
    assert _fast_deal(mutated, complete) == _deal_error(mutated, complete)


def test_quick_deal_parser_needs_four_suits_in_each_hand() -> None:
    good = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    assert Deal.from_pbn(good).pbn() == good
    # 16 holdings in all, as in the good deal, but five in North's hand and three in East's
    shifted = "N:AKQJT98765432.... AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    with pytest.raises(BridgeError, match="four suits"):
        Deal.from_pbn(shifted)


# -- tricks -----------------------------------------------------------------------------------


def _law_winner(leader: Seat, cards: list[Card], trump: Strain) -> Seat:
    """Law 44E/F written out: the highest trump, else the highest card of the suit led."""
    trumps = [c for c in cards if trump is not Strain.NOTRUMP and c.suit.value == trump.value]
    pool = trumps or [c for c in cards if c.suit is cards[0].suit]
    best = max(pool, key=lambda c: c.rank.value)
    return leader.next(cards.index(best))


@settings(max_examples=500)
@given(st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True),
       st.sampled_from(list(Strain)), st.sampled_from(list(Seat)))
def test_trick_winners_agree_with_the_laws(indices: list[int], strain: Strain, leader: Seat) -> None:
    cards = [DECK[i] for i in indices]
    expected = _law_winner(leader, cards, strain)
    assert trick_winner(leader, cards, strain) is expected
    trump = strain.value if strain is not Strain.NOTRUMP else -1
    assert leader.next(winning_offset(indices, trump)) is expected
    ranking = pbn_records._TRICK_RANKING_BY_LEAD[strain.value][indices[0]]
    assert leader.next(max(range(4), key=lambda k: ranking[indices[k]])) is expected


def test_lazily_built_tags_are_the_careful_ones() -> None:
    text = (DATA / "endplay_example2_head.pbn").read_text(encoding="utf-8")
    games = pbn.loads(text)
    assert games[0]._tags is None  # not built until asked for
    assert games[1].tag("Contract") == "1NT" and games[1].names()[:2] == ["Event", "Site"]
    careful, _ = _read(text, False, False)
    assert games[1].tags == careful[1].tags and games[1]._tags is not None
    play = games[1].get("Play")
    assert play is not None and play.line == 70 and play.tokens[0] == ("D4", 71)  # as in the file
    assert Contract.parse("1NT") == pbn.to_record(games[1]).final_contract
