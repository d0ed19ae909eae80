"""The 贴点 room's rules (compete.handicaproom): tables with boards of their own, each board
scored by the library's 贴点 method, a player's total their side's running total as
HandicapSession keeps it, whatever the tables and seats; refusals bilingual."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.compete import handicaproom as hr
from bridgescore.compete.refusal import Refusal
from bridgescore.core.result import Result
from bridgescore.core.seat import Side
from bridgescore.home.handicap import HandicapDeal, HandicapSession

RESULTS = ["2S N =", "4H S -1", "3NT E +1", "1NT W -2", "pass", "6C N =", "4SX E -3",
           "2D S +1"]


def room(boards: int = 4) -> hr.HandicapRoom:
    return hr.HandicapRoom.start(hr.HandicapRoomSettings(boards_per_table=boards))


def test_seed_board_one() -> None:
    # Seed board 1 (handicap.py): North 2S making with 22 HCP: 110 is 3 IMPs, give 2: +1.
    r, _ = hr.apply(room(), hr.OpenTable("n", 0))
    r, [e] = hr.apply(r, hr.RecordDeal(1, 1, Result.parse("2S N ="), 22, ("n", "e", "s", "w"), 1))
    assert (e.ns_imps, e.net, e.winners) == (1, 1, ("n", "s"))
    assert r.totals() == {"n": 1, "s": 1, "e": 0, "w": 0}


def test_tables_have_boards_of_their_own() -> None:
    r = room(3)
    for k in range(3):
        r, _ = hr.apply(r, hr.OpenTable(f"p{k}", k))
    assert [t.boards for t in r.tables.values()] == [(1, 2, 3), (4, 5, 6), (7, 8, 9)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(RESULTS), st.integers(14, 26)), min_size=1,
                max_size=8))
def test_totals_are_the_sessions(deals: list[tuple[str, int]]) -> None:
    r, _ = hr.apply(room(8), hr.OpenTable("n", 0))
    entered = []
    for i, (text, hcp) in enumerate(deals, 1):
        # Every drawn result and 14–26 HCP is a deal the library scores: one that raised
        # would fail the test, not be left out of it.
        entered.append(HandicapDeal.for_board(i, text, hcp))
        r, _ = hr.apply(r, hr.RecordDeal(1, i, Result.parse(text), hcp, ("n", "e", "s", "w"), i))
    want = HandicapSession(entered, "simple").totals()
    assert r.totals() == {"n": want[Side.NS], "s": want[Side.NS], "e": want[Side.EW],
                          "w": want[Side.EW]}


def test_refusals() -> None:
    r, _ = hr.apply(room(2), hr.OpenTable("n", 0))
    seats = ("n", "e", "s", "w")
    for action, code in ((hr.RecordDeal(2, 1, Result.parse("pass"), 20, seats, 1), "bad_table"),
                         (hr.RecordDeal(1, 3, Result.parse("pass"), 20, seats, 1), "bad_board")):
        with pytest.raises(Refusal) as e:
            hr.apply(r, action)
        assert e.value.code == code and e.value.zh
    r, _ = hr.apply(r, hr.RecordDeal(1, 1, Result.parse("pass"), 20, seats, 1))
    with pytest.raises(Refusal) as e:
        hr.apply(r, hr.RecordDeal(1, 1, Result.parse("pass"), 20, seats, 2))
    assert e.value.code == "already_recorded"
    with pytest.raises(Refusal):
        hr.HandicapRoomSettings(method="nonsense")


def test_an_unlikely_result_is_recorded_once_confirmed() -> None:
    # Issue 23, finding 23: 6NT× by South making 13 tricks with 13 HCP happens (the ♣A drops
    # East-West's singleton K and Q, East's ♠A goes on the clubs): refused until confirmed,
    # never as impossible.
    r, _ = hr.apply(room(), hr.OpenTable("n", 0))
    seats = ("n", "e", "s", "w")
    unconfirmed = hr.RecordDeal(1, 1, Result.parse("6NTX S +1"), 13, seats, 1)
    with pytest.raises(Refusal) as e:
        hr.apply(r, unconfirmed)
    assert e.value.code == "unlikely_result"
    assert e.value.en.startswith("6NTX S +1 (13 tricks) is unlikely with NS holding 13 HCP")
    assert e.value.en.endswith("; confirm that it happened to record it")
    assert e.value.zh.startswith("南北只有 13 点大牌，南打6NT×超1（13 墩）不太可能")
    assert e.value.zh.endswith("；确认确实如此后才记分")
    assert r.played == {}
    confirmed, [scored] = hr.apply(r, replace(unconfirmed, confirm_unlikely=True))
    want = HandicapSession([HandicapDeal.for_board(1, "6NTX S +1", 13)], "simple").totals()
    assert scored.winners == ("n", "s") and scored.net == want[Side.NS]
    assert confirmed.totals() == {"n": want[Side.NS], "s": want[Side.NS], "e": 0, "w": 0}
    # The suit rule's two tricks (no honour at all) likewise; a likely result needs nothing.
    with pytest.raises(Refusal) as e:
        hr.apply(confirmed, hr.RecordDeal(1, 2, Result.parse("6SX N ="), 0, seats, 2))
    assert e.value.code == "unlikely_result" and "A K Q J of trumps" in e.value.en
    hr.apply(confirmed, hr.RecordDeal(1, 2, Result.parse("6SX N ="), 0, seats, 2, True))
    hr.apply(confirmed, hr.RecordDeal(1, 2, Result.parse("4S N ="), 25, seats, 2))
    with pytest.raises(Refusal) as e:
        hr.apply(confirmed, hr.RecordDeal(1, 2, Result.parse("4S N ="), 25, seats, 2,
                                          "yes"))  # type: ignore[arg-type]
    assert e.value.code == "bad_confirm" and e.value.zh
