"""Live sessions (``sessions.live``): entries one by one, checked against the movement, scored
as they arrive, with the history kept and "what changed since n" for the pages."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import Result
from bridgescore.core.errors import BridgeError
from bridgescore.core.seat import Side
from bridgescore.sessions.imp_pairs import ImpSettings, score_imp_pairs
from bridgescore.sessions.live import Action, LiveSession, Slot
from bridgescore.sessions.matchpoints import MatchpointSettings, score_matchpoints
from bridgescore.sessions.model import BoardResult, Pair, Session
from bridgescore.sessions.movements import howell, mitchell
from bridgescore.sessions.scores import SessionScores

R = Result.parse


def _mitchell3() -> LiveSession:
    # 3 tables, 1 board a round: NS pairs 1-3 stay, EW pairs 4-6 move up, boards move down.
    return LiveSession.start(mitchell(3, boards_per_round=1), scoring="mp")


def test_the_movement_decides_what_may_be_entered() -> None:
    live = _mitchell3()
    assert live.winners == 2 and len(live.outstanding()) == 9
    # Round 1: table t has NS t, EW 3+t, board t.
    assert [(s.table, s.board, s.ns_pair, s.ew_pair) for s in live.outstanding(1)] == [
        (1, 1, "1", "4"), (2, 2, "2", "5"), (3, 3, "3", "6")]
    cases = [
        (BoardResult(1, 1, 4, R("4S N =")), "an entry needs its round and table"),
        (BoardResult(1, 1, 4, R("4S N ="), table=4, round=1), "no play at table 4 in round 1"),
        (BoardResult(2, 1, 4, R("4S N ="), table=1, round=1),
         "board 2: not played at table 1 in round 1 (boards there: 1)"),
        (BoardResult(1, 1, 5, R("4S N ="), table=1, round=1),
         "pairs 1 v 5 are not at table 1 in round 1: the movement has 1 v 4 there"),
        (BoardResult(1, 4, 1, R("4S N ="), table=1, round=1),
         "pair 4 holds the EW cards at table 1 in round 1, not NS (NS is pair 1)"),
        (BoardResult(7, 1, 4, R("4S N ="), table=1, round=1), "board 7: not a board of this session"),
    ]
    for r, message in cases:
        with pytest.raises(BridgeError) as e:
            live.enter(r)
        assert message in str(e.value)
        assert "第" in e.value.message("zh") and e.value.message("zh") != e.value.message("en")
    assert live.seq == 0 and live.entries == ()  # refused entries leave no trace


def test_duplicates_are_refused_and_corrections_are_explicit() -> None:
    live, c1 = _mitchell3().enter(BoardResult(1, 1, 4, R("4S N ="), table=1, round=1))
    with pytest.raises(BridgeError, match=r"already entered at table 1 in round 1 \(entry 1\)") as e:
        live.enter(BoardResult(1, 1, 4, R("4S N +1"), table=1, round=1))
    assert "第1轮第1桌已录入（第 1 条）" in e.value.message("zh")
    live2, c2 = live.correct(1, BoardResult(1, 1, 4, R("4S N +1"), table=1, round=1))
    assert (c1.seq, c2.seq, live2.seq) == (1, 2, 2)
    assert [r.score for r in live2.results()] == [450]
    assert live2.entries[0].action.result is not None and live2.entries[0].action.result.score == 420
    assert live.results()[0].score == 420  # the old state is untouched: states are values
    with pytest.raises(BridgeError, match="cannot correct entry 1: it was superseded by entry 2"):
        live2.correct(1, BoardResult(1, 1, 4, R("4S N -1"), table=1, round=1))
    with pytest.raises(BridgeError, match="cannot cancel entry 9: there is no such entry") as e:
        live2.cancel(9)
    assert "无法撤销第 9 条录入" in e.value.message("zh")
    live3, _ = live2.cancel(2)
    assert live3.results() == () and len(live3.outstanding()) == 9 and live3.seq == 3


def test_sequence_numbers_and_arrival() -> None:
    live, _ = _mitchell3().enter(BoardResult(2, 2, 5, score=-100, table=2, round=1, seq=99))
    live, _ = live.enter(BoardResult(1, 1, 4, R("4S N ="), table=1, round=1))
    live, _ = live.correct(1, BoardResult(2, 2, 5, score=-200, table=2, round=1))
    # The session numbers entries itself; a correction keeps the place of what it corrects.
    assert [(r.board, r.seq) for r in live.results()] == [(2, 1), (1, 2)]
    assert [e.seq for e in live.entries] == [1, 2, 3]
    assert live.entry(3).action == Action("correct", BoardResult(2, 2, 5, score=-200, table=2,
                                                                   round=1, seq=1), 1)
    with pytest.raises(BridgeError, match="no entry 4: entries are 1-3"):
        live.entry(4)


def _moved(before: tuple[Any, ...], after: tuple[Any, ...]) -> set[str]:
    old = {p.pair: p for p in before}
    return {p.pair for p in after if old.get(p.pair) != p}


def test_scores_and_changes_after_each_entry() -> None:
    live = _mitchell3()
    # Board 1 is played in round 1 at table 1 (1 v 4), round 2 at table 3 (3 v 5), round 3 at
    # table 2 (2 v 6).  Neuberg with N = 3 plays: one result is an average (2 of a top of 4).
    before = live.standings()
    live, ch = live.enter(BoardResult(1, 1, 4, R("4S N ="), table=1, round=1))
    assert ch.boards == (1,) and set(ch.pairs) == _moved(before, live.standings())
    assert {"1", "4"} <= set(ch.pairs)  # and the others, who lost their shared first place
    assert live.board(1).results[0].ns == 2.0 and live.board(1).top == 4.0
    before = live.standings()
    live, ch = live.enter(BoardResult(1, 3, 5, R("4S N +1"), table=3, round=2))
    # Two results: raw 2/0; Neuberg (2+1)·3/2 − 1 = 3.5 and (0+1)·3/2 − 1 = 0.5.
    assert [s.ns for s in live.board(1).results] == [0.5, 3.5]
    assert set(ch.pairs) == _moved(before, live.standings()) >= {"1", "3", "4", "5"}
    live, ch = live.enter(BoardResult(1, 2, 6, R("4S N -1"), table=2, round=3))
    assert [s.ns for s in live.board(1).results] == [2.0, 4.0, 0.0]
    since = live.changes_since(1)
    assert (since.since, since.upto, since.boards, [e.seq for e in since.entries]) == (
        1, 3, (1,), [2, 3])
    assert set(since.pairs) == {"1", "2", "3", "4", "5", "6"}
    assert live.changes_since(3).entries == () and live.changes_since(3).pairs == ()
    with pytest.raises(BridgeError, match="invalid sequence number 4: expected 0 to 3"):
        live.changes_since(4)
    ns = [(p.pair, p.place, p.total) for p in live.standings() if p.direction is Side.NS]
    assert ns == [("3", "1", 4.0), ("1", "2", 2.0), ("2", "3", 0.0)]


def test_online_scoring_follows_the_sequence_not_the_list() -> None:
    """Seed 002: provisional below 6 results, the 6 scored when the 6th arrives, later results
    against the datum of everything so far.  Here the slam (+1430) arrived 7th although it is
    listed first: by arrival the first six are 420 420 450 170 −50 630, datum 370 (the top and
    bottom dropped: (170+420+420+450)/4 = 365 → 370), so +630 gets +6 IMPs (260); the slam,
    7th, against the datum of all seven (2090/5 = 418 → 420) gets +14 (1010).  By list
    position the +630 would be the 7th and get +5 (210 against 420)."""
    scores = [1430, 420, 420, 450, 170, -50, 630]
    seqs = [7, 1, 2, 3, 4, 5, 6]
    rs = tuple(BoardResult(1, f"n{i}", f"e{i}", score=s, seq=q)
               for i, (s, q) in enumerate(zip(scores, seqs, strict=True)))
    by_pair = {s.result.score: s.ns for s in score_imp_pairs(Session(rs), "online").boards[0].results}
    assert by_pair == {420: 2, 450: 2, 170: -5, -50: -9, 630: 6, 1430: 14}
    with pytest.raises(BridgeError, match="some results carry a sequence number and some do not"):
        score_imp_pairs(Session((*rs, BoardResult(1, "x", "y", score=0))), "online")


def test_online_pool_provisional_six_and_retired_at_forty() -> None:
    live = LiveSession.start(None, scoring="online")
    for i, s in enumerate([420, 420, 450, 170, -50], 1):
        live, ch = live.enter(BoardResult(1, f"n{i}", f"e{i}", score=s))
        assert {x.note for x in live.board(1).results} == {"provisional"}
        assert all(x.ns == 0 for x in live.board(1).results)
    live, ch = live.enter(BoardResult(1, "n6", "e6", score=630))
    # The sixth arrives: all six tables, 24 players, are scored at once against datum 370.
    assert [x.ns for x in live.board(1).results] == [2, 2, 2, -5, -9, 6]
    assert len(ch.pairs) == 12 and live.board(1).datum == 370
    for i in range(7, 41):
        live, _ = live.enter(BoardResult(1, f"n{i}", f"e{i}", score=420))
    with pytest.raises(BridgeError, match="board 1: retired: it has its 40 results") as e:
        live.enter(BoardResult(1, "n41", "e41", score=420))
    assert "已停用" in e.value.message("zh")


def test_two_winner_pool_keeps_each_pair_on_its_side() -> None:
    live = LiveSession.start(None, scoring="mp", winners=2)
    live, _ = live.enter(BoardResult(1, "a", "b", score=50))
    with pytest.raises(BridgeError, match="pair b sits EW in this two-winner session, not NS"):
        live.enter(BoardResult(2, "b", "c", score=50))


def test_pairs_names_and_registration_carry_through() -> None:
    live = LiveSession.start(mitchell(3, 1), pairs=[Pair(1, ("Ann", "Bo"), registration=2)])
    scores = live.scores()
    assert scores.names("1") == ("Ann", "Bo") and scores.session is not None
    assert scores.session.pairs["1"].registration == 2
    assert scores.session.pairs["4"].direction is Side.EW  # from the movement


# ---------------------------------------------------------------- live == batch, always

MOVEMENTS = [mitchell(3, 2), mitchell(4, 1), howell(4, 1, rounds=4), howell(5, 1, rounds=3)]


def _batch(live: LiveSession) -> SessionScores:
    s = live.session()
    if live.scoring == "mp":
        assert isinstance(live.settings, MatchpointSettings)
        return score_matchpoints(s, live.settings)
    assert isinstance(live.settings, ImpSettings)
    return score_imp_pairs(s, live.scoring, live.settings)


def _same(live: LiveSession, batch: SessionScores) -> None:
    """Exactly the batch scoring's boards, totals (exact sums), places and order."""
    assert live.scores().boards == batch.boards
    assert live.standings() == batch.pairs


@st.composite
def _actions(draw: Any) -> tuple[LiveSession, list[tuple[str, Any]]]:
    mv = draw(st.sampled_from(MOVEMENTS))
    scoring = draw(st.sampled_from(["mp", "ximp", "butler", "online", "total"]))
    if scoring == "mp":
        st_: Any = MatchpointSettings(factoring=draw(st.sampled_from(["neuberg", "session", "none"])),
                                      session_rule=draw(st.booleans()))
    else:
        st_ = ImpSettings(form=draw(st.sampled_from(["sum", "average", "factored"])),
                          provisional_below=draw(st.integers(1, 4)), close_at=draw(st.integers(2, 9)))
    if draw(st.booleans()):
        live = LiveSession.start(mv, scoring=scoring, settings=st_)  # type: ignore[arg-type]
        slots: Any = live.outstanding()
    else:  # a board pool: no movement, any pairs, arrival order only
        live = LiveSession.start(None, scoring=scoring, settings=st_)  # type: ignore[arg-type]
        ids = [str(i) for i in range(1, 7)]
        slots = [Slot(0, 0, b, ns, ew) for b in (1, 2, 3) for ns in ids for ew in ids if ns != ew]
    steps = []
    for _ in range(draw(st.integers(1, 25))):
        slot = draw(st.sampled_from(slots))
        kind = draw(st.sampled_from(["enter", "enter", "enter", "correct", "cancel"]))
        how = draw(st.sampled_from(["score", "score", "award", "weighted"]))
        score = draw(st.sampled_from([-200, -100, 0, 100, 110, 140, 200, 500]))
        where = {"table": slot.table or None, "round": slot.round or None}
        if how == "award":
            r = BoardResult(slot.board, slot.ns_pair, slot.ew_pair, ns_award="A+", ew_award="A-",
                            **where)
        elif how == "weighted":
            r = BoardResult(slot.board, slot.ns_pair, slot.ew_pair,
                            weighted=((0.5, score), (0.5, -score)), **where)
        else:
            r = BoardResult(slot.board, slot.ns_pair, slot.ew_pair, score=score, **where)
        steps.append((kind, r, draw(st.integers(1, 30))))
    return live, steps


@settings(max_examples=60, deadline=None)
@given(_actions())
def test_live_scores_equal_the_batch_scores_after_every_action(case: Any) -> None:
    live, steps = case
    for kind, r, target in steps:
        try:
            if kind == "enter":
                live, change = live.enter(r)
            elif kind == "correct":
                live, change = live.correct(target, r)
            else:
                live, change = live.cancel(target)
        except BridgeError:
            continue  # a refused action changes nothing
        _same(live, _batch(live))
        assert change.seq == live.seq
    # Stored and rebuilt, the session is the same, history included.
    back = LiveSession.from_dict(live.to_dict())
    assert back == live and back.standings() == live.standings()
    assert back.scores().boards == live.scores().boards
    assert back.changes_since(0) == live.changes_since(0)


def test_changes_name_pairs_whose_place_moved_without_playing() -> None:
    """Butler, 3-table Mitchell, 1 board a round.  Board 2: 2 v 5 +110 and 1 v 6 −100, mean 5,
    datum 10 (a 5 rounds up): +3 and −3 IMPs (100 and 110)."""
    live = LiveSession.start(mitchell(3, 1), scoring="butler")
    live, _ = live.enter(BoardResult(2, 2, 5, score=110, table=2, round=1))
    live, _ = live.enter(BoardResult(2, 1, 6, score=-100, table=1, round=2))
    assert [(p.pair, p.total, p.place) for p in live.standings() if p.direction is Side.NS] == [
        ("2", 3, "1"), ("3", 0, "2"), ("1", -3, "3")]
    before = live.standings()
    # Board 1 at table 1 in round 1 (1 v 4) and at table 3 in round 2 (3 v 5): +420 and −100,
    # datum 160: +6 and −6 IMPs (260).  Pair 1 goes from −3 to +3 and ties pair 2 for first.
    live, _ = live.enter(BoardResult(1, 1, 4, score=420, table=1, round=1))
    live, ch = live.enter(BoardResult(1, 3, 5, score=-100, table=3, round=2))
    assert [(p.pair, p.total, p.place) for p in live.standings() if p.direction is Side.NS] == [
        ("1", 3, "1="), ("2", 3, "1="), ("3", -6, "3")]
    # Pair 2 did not play the board, but its place went from 1 to 1=: it is named.
    assert "2" in ch.pairs and "2" in live.changes_since(2).pairs
    assert set(live.changes_since(2).pairs) == _moved(before, live.standings())
