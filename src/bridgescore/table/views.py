"""Who sees what at an online table: a viewer (a player's seat or a spectator), the hands and
cards that viewer may see, a whole view of the state for one viewer or for many at once (the
shared parts worked out once), an event as a viewer may be told it, and how far behind a
delayed stream is.  Nothing here changes a state (:mod:`bridgescore.table.state`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import Card, Suit
from ..core.deal import Hand
from ..core.play import Trick
from ..core.seat import Seat
from .actions import (
    AuctionEnded,
    BoardEnded,
    CallMade,
    CardPlayed,
    ClaimMade,
    DummyFaced,
    Event,
    MoveTakenBack,
    TrickCompleted,
    UndoRequested,
)
from .state import Phase, TableState, claim_total

__all__ = [
    "Viewer",
    "seen_after_delay",
    "view",
    "views",
    "visible_cards",
]

# -- who sees what -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking: a player at ``seat``, or a spectator (``seat`` None).  ``sees_all``:
    a spectator the event lets see every hand (never a player at the table, nor at the other
    room of the same match: the web layer decides who gets it)."""

    seat: Seat | None = None
    sees_all: bool = False


def seen_after_delay(times: Sequence[float], now: float, delay: float) -> int:
    """How many of a table's steps a viewer ``delay`` seconds behind has been shown at
    ``now``: ``times`` are when each step was made (seconds, in the steps' order: a session's
    boards started, or a board's moves); the answer counts the leading steps made at or
    before ``now - delay``.

    A prefix, never a filter: a step stamped later than one not yet shown waits for it (two
    servers' clocks may disagree a little), so that the viewer is always shown a position
    the table really had.  No delay shows every step.

    >>> seen_after_delay([0.0, 10.0, 20.0], now=75.0, delay=60)
    2
    >>> seen_after_delay([0.0, 10.0, 20.0], now=50.0, delay=60)
    0
    >>> seen_after_delay([0.0, 30.0, 10.0], now=75.0, delay=60)  # the third waits for the second
    1
    """
    if delay <= 0:
        return len(times)
    cutoff = now - delay
    shown = 0
    for t in times:
        if t > cutoff:
            break
        shown += 1
    return shown


def visible_hands(state: TableState, viewer: Viewer) -> tuple[Seat, ...]:
    """The hands whose unplayed cards ``viewer`` may see now."""
    if state.phase is Phase.DONE:
        return tuple(Seat)  # the board is over: the hands are shown, as at a real table
    if viewer.seat is None and viewer.sees_all:
        return tuple(Seat)
    seen: list[Seat] = []
    if viewer.seat is not None:
        seen.append(viewer.seat)
    if state.dummy_faced and state.dummy is not None and state.dummy not in seen:
        seen.append(state.dummy)  # Law 41D: dummy is faced after the opening lead
    claim = state.claim
    if claim is not None and viewer.seat in claim.deciders and claim.seat not in seen:
        seen.append(claim.seat)  # the claimer's hand is shown to those who must decide
    return tuple(seen)


def visible_cards(state: TableState, viewer: Viewer) -> frozenset[Card]:
    """Every unplayed card ``viewer`` may see now (the security property's reference)."""
    out: set[Card] = set()
    for seat in visible_hands(state, viewer):
        out.update(state.hand(seat))
    return frozenset(out)


_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def sorted_hand(hand: Hand) -> list[str]:
    """A hand as the table shows it: spades, hearts, diamonds, clubs, high to low."""
    return [str(c) for suit in _SUIT_ORDER for c in hand.cards_in(suit)]  # (highest first)


def _trick_dict(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader.letter, "cards": [str(c) for c in trick.cards],
            "winner": trick.winner.letter if trick.winner is not None else None}


def alert_for(state: TableState, index: int, viewer: Viewer) -> str | None:
    """The explanation of call ``index`` as ``viewer`` may read it: the caller's opponents,
    the caller, and spectators read it; the caller's partner does not (only once the board
    is over)."""
    alert = state.alerts[index] if index < len(state.alerts) else None
    if alert is None:
        return None
    caller = Seat((state.board.dealer.value + index) % 4)
    if viewer.seat is caller.partner and state.phase is not Phase.DONE:
        return None
    return alert


def view(state: TableState, viewer: Viewer) -> dict[str, Any]:
    """Everything ``viewer`` may know of the table, as JSON-ready data (docs/protocol.md).
    Hands appear only where :func:`visible_hands` allows; the others by their card counts."""
    return views(state, (viewer,))[0]


def views(state: TableState, viewers: Sequence[Viewer]) -> list[dict[str, Any]]:
    """:func:`view` for each of ``viewers``.  A server sends every move to six viewers (four
    seats, two kinds of spectator): what all of them may know is worked out once and shared
    (read-only) between their views; only the hands, the alerts and the legal moves are each
    viewer's own."""
    phase = state.phase
    remaining = {s: state.hand(s) for s in Seat}
    counts = {s.letter: len(remaining[s]) for s in Seat}
    sorted_hands: dict[Seat, list[str]] = {}
    if phase is Phase.DONE:
        hands_dealt: dict[str, list[str]] | None = {
            s.letter: sorted_hand(state.board.deal[s]) for s in Seat}
    else:
        hands_dealt = None
    calls = [str(c) for c in state.calls]
    common: dict[str, Any] = {
        "board": {"number": state.board.number, "dealer": state.board.dealer.letter,
                  "vulnerability": str(state.board.vulnerability)},
        "phase": phase.value,
        "moves": state.moves,
        "counts": counts,
        "contract": str(state.contract) if state.contract is not None else None,
        "declarer": state.declarer.letter if state.declarer is not None else None,
        "dummy": state.dummy.letter if state.dummy is not None and state.play else None,
        "next": state.next_seat.letter if state.next_seat is not None else None,
        "to_act": [s.letter for s in state.to_act],
        "tricks": [], "current": None, "declarer_tricks": 0, "defender_tricks": 0,
        "claim": None, "undo": None, "result": None, "score_ns": None,
        "undo_allowed": state.rules.undo_allowed,
        "deal": hands_dealt,
    }
    play = state.play
    if play is not None:
        common["tricks"] = [_trick_dict(t) for t in play.tricks]
        cur = play.current
        common["current"] = {"leader": cur.leader.letter, "cards": [str(c) for c in cur.cards]}
        common["declarer_tricks"] = play.declarer_tricks
        common["defender_tricks"] = play.defender_tricks
    if state.claim is not None:
        c = state.claim
        common["claim"] = {"seat": c.seat.letter, "tricks": c.tricks, "statement": c.statement,
                           "deciders": [s.letter for s in c.deciders],
                           "accepted": [s.letter for s in sorted(c.accepted, key=lambda s: s.value)],
                           "total": claim_total(state, c)}
    if state.undo is not None:
        u = state.undo
        last = state.last_move()
        common["undo"] = {"seat": u.seat.letter, "deciders": [s.letter for s in u.deciders],
                          "accepted": [s.letter for s in sorted(u.accepted, key=lambda s: s.value)],
                          "kind": last[0] if last else None}
    if phase is Phase.DONE:
        result = state.result
        assert result is not None
        common["result"] = str(result)
        # The same in each reader's notation, for the page to show as it is.
        common["result_text"] = {"en": result.format("en", symbols=True),
                                 "zh": result.format("zh", symbols=True)}
        common["score_ns"] = state.score_ns
        common["tricks_taken"] = result.tricks
    may_move = not (state.claim or state.undo)
    legal: tuple[list[str], list[str]] | None = None
    out: list[dict[str, Any]] = []
    for viewer in viewers:
        hands = {}
        for s in visible_hands(state, viewer):
            if s not in sorted_hands:
                sorted_hands[s] = sorted_hand(remaining[s])
            hands[s.letter] = sorted_hands[s]
        auction = [{"call": call, "alert": alert_for(state, i, viewer),
                    "alerted": state.alerts[i] is not None
                    and (viewer.seat is not Seat((state.board.dealer.value + i) % 4).partner
                         or phase is Phase.DONE)}
                   for i, call in enumerate(calls)]
        legal_calls: list[str] = []
        legal_cards: list[str] = []
        if viewer.seat is not None and viewer.seat in state.to_act and may_move:
            if legal is None:
                legal = ([str(c) for c in state.legal_calls()],
                         [str(c) for c in state.legal_cards()])
            legal_calls, legal_cards = legal
        # Each view a dict of its own; the values they share are never changed.
        mine = {"board": common["board"], "phase": common["phase"],
                "you": viewer.seat.letter if viewer.seat is not None else None,
                "moves": common["moves"], "hands": hands, "counts": counts,
                "auction": auction}
        mine.update(common)
        mine["legal_calls"], mine["legal_cards"] = legal_calls, legal_cards
        out.append(mine)
    return out


def event_dict(event: Event, viewer: Viewer, state: TableState) -> dict[str, Any]:
    """An event as ``viewer`` may be told it (an alert's explanation withheld from the caller's
    partner; no event carries an unplayed card)."""
    name = type(event).__name__
    out: dict[str, Any] = {"event": name}
    if isinstance(event, CallMade):
        out.update(seat=event.seat.letter, call=str(event.call))
        if event.alert is not None and viewer.seat is not event.seat.partner:
            out["alert"] = event.alert
        out["alerted"] = event.alert is not None and viewer.seat is not event.seat.partner
    elif isinstance(event, AuctionEnded):
        out.update(contract=str(event.contract),
                   declarer=event.declarer.letter if event.declarer else None)
    elif isinstance(event, CardPlayed):
        out.update(seat=event.seat.letter, card=str(event.card))
    elif isinstance(event, DummyFaced):
        out.update(dummy=event.dummy.letter)
    elif isinstance(event, TrickCompleted):
        out.update(winner=event.winner.letter, declarer_tricks=event.declarer_tricks,
                   defender_tricks=event.defender_tricks)
    elif isinstance(event, ClaimMade):
        out.update(seat=event.seat.letter, tricks=event.tricks, statement=event.statement,
                   deciders=[s.letter for s in event.deciders])
    elif isinstance(event, UndoRequested):
        out.update(seat=event.seat.letter, deciders=[s.letter for s in event.deciders])
    elif isinstance(event, MoveTakenBack):
        out.update(kind=event.kind, seat=event.seat.letter)
    elif isinstance(event, BoardEnded):
        out.update(result=str(event.result), score_ns=event.score_ns)
    else:
        out.update(seat=event.seat.letter)
    return out
