"""``views`` (one move's views for all six viewers, the shared parts worked out once) gives
exactly what building each viewer's view on its own gives: the per-viewer construction it
replaced is kept here as the reference, and both are compared at every position of boards
played at random (claims and undo included)."""

from __future__ import annotations

import random
from typing import Any

from bridgescore.core.seat import Seat
from bridgescore.deals.dealing import random_deal
from bridgescore.table.state import Phase, TableState, claim_total
from bridgescore.table.views import (
    Viewer,
    _trick_dict,
    alert_for,
    sorted_hand,
    view,
    views,
    visible_hands,
)

from .test_state import VIEWERS, random_step, start


def reference_view(state: TableState, viewer: Viewer) -> dict[str, Any]:
    """The view as it was made for one viewer at a time, before views() shared the work."""
    phase = state.phase
    shown = visible_hands(state, viewer)
    counts = {s.letter: len(state.hand(s)) for s in Seat}
    hands = {s.letter: sorted_hand(state.hand(s)) for s in shown}
    if phase is Phase.DONE:
        hands_dealt = {s.letter: sorted_hand(state.board.deal[s]) for s in Seat}
    else:
        hands_dealt = None
    auction = [{"call": str(c), "alert": alert_for(state, i, viewer),
                "alerted": state.alerts[i] is not None
                and (viewer.seat is not Seat((state.board.dealer.value + i) % 4).partner
                     or phase is Phase.DONE)}
               for i, c in enumerate(state.calls)]
    out: dict[str, Any] = {
        "board": {"number": state.board.number, "dealer": state.board.dealer.letter,
                  "vulnerability": str(state.board.vulnerability)},
        "phase": phase.value,
        "you": viewer.seat.letter if viewer.seat is not None else None,
        "moves": state.moves,
        "hands": hands,
        "counts": counts,
        "auction": auction,
        "contract": str(state.contract) if state.contract is not None else None,
        "declarer": state.declarer.letter if state.declarer is not None else None,
        "dummy": state.dummy.letter if state.dummy is not None and state.play else None,
        "next": state.next_seat.letter if state.next_seat is not None else None,
        "to_act": [s.letter for s in state.to_act],
        "tricks": [], "current": None, "declarer_tricks": 0, "defender_tricks": 0,
        "claim": None, "undo": None, "result": None, "score_ns": None,
        "legal_calls": [], "legal_cards": [], "undo_allowed": state.rules.undo_allowed,
        "deal": hands_dealt,
    }
    play = state.play
    if play is not None:
        out["tricks"] = [_trick_dict(t) for t in play.tricks]
        cur = play.current
        out["current"] = {"leader": cur.leader.letter, "cards": [str(c) for c in cur.cards]}
        out["declarer_tricks"] = play.declarer_tricks
        out["defender_tricks"] = play.defender_tricks
    if state.claim is not None:
        c = state.claim
        out["claim"] = {"seat": c.seat.letter, "tricks": c.tricks, "statement": c.statement,
                        "deciders": [s.letter for s in c.deciders],
                        "accepted": [s.letter for s in sorted(c.accepted, key=lambda s: s.value)],
                        "total": claim_total(state, c)}
    if state.undo is not None:
        u = state.undo
        last = state.last_move()
        out["undo"] = {"seat": u.seat.letter, "deciders": [s.letter for s in u.deciders],
                       "accepted": [s.letter for s in sorted(u.accepted, key=lambda s: s.value)],
                       "kind": last[0] if last else None}
    if phase is Phase.DONE:
        result = state.result
        assert result is not None
        out["result"] = str(result)
        out["result_text"] = {"en": result.format("en", symbols=True),
                              "zh": result.format("zh", symbols=True)}
        out["score_ns"] = state.score_ns
        out["tricks_taken"] = result.tricks
    if viewer.seat is not None and viewer.seat in state.to_act and not (state.claim or state.undo):
        out["legal_calls"] = [str(c) for c in state.legal_calls()]
        out["legal_cards"] = [str(c) for c in state.legal_cards()]
    return out



def test_views_equal_each_viewers_own_view_at_every_position() -> None:
    rng = random.Random(7)
    positions = 0
    for board in range(60):
        number = rng.randint(1, 16)
        state = start(number, random_deal(seed=1000 + board, board=number))
        while True:
            expected = [reference_view(state, v) for v in VIEWERS]
            assert views(state, VIEWERS) == expected
            assert [view(state, v) for v in VIEWERS] == expected
            # Any subset and order of viewers: each view is its viewer's alone.
            some = rng.sample(VIEWERS, rng.randint(1, len(VIEWERS)))
            assert views(state, some) == [expected[VIEWERS.index(v)] for v in some]
            positions += 1
            step = random_step(state, rng)
            if step is None:
                break
            state = step[0]
    assert positions > 2000
