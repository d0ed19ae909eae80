"""The double-dummy robot: endplay's solver (DDS) on the position at the table.

The position handed to DDS is the cards each seat still holds plus the card it has played
to the trick in progress, with the trick's leader on lead, the contract's trump, and the
trick's cards played again on endplay's deal: DDS then scores every card the seat to play
may play by the tricks its side takes from here (the trick in progress included).

This robot sees all four hands (that is what double dummy means): a strong, not a fair,
player; the simple robot (:mod:`.cardplay`) is the one that plays from what it sees.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..core.cards import Card, Rank, Suit
from ..core.deal import Hand
from ..core.errors import NotationError
from ..core.play import Play
from ..core.seat import Seat
from .dd import _DDS_LOCK, _endplay

__all__ = ["SOLVERS", "dd_card", "dd_scores", "endplay_available", "use_dd"]

SOLVERS = ("auto", "dd", "simple", "fair")


@cache
def endplay_available() -> bool:
    """Whether endplay (and so DDS) imports."""
    try:
        _endplay()
    except ImportError:
        return False
    return True


def use_dd(solver: str) -> bool:
    """Whether ``solver`` (``"dd"``, ``"simple"``, ``"auto"`` or ``"fair"``) means the
    double-dummy robot; ``"dd"`` and ``"fair"`` (the fair robot, :mod:`.fair`, which is not
    the double-dummy robot but solves its sampled layouts with DDS) without endplay raise
    :class:`~bridgescore.deals.dd.MissingSolverError`."""
    if solver not in SOLVERS:
        raise NotationError(
            f"invalid robot solver {solver!r}: expected 'auto', 'dd', 'simple' or 'fair'",
            f"无效的机器人求解方式 {solver!r}：应为 'auto'、'dd'、'simple' 或 'fair'",
        )
    if solver == "fair":
        _endplay()
        return False
    if solver == "dd":
        _endplay()  # raises the bilingual MissingSolverError when endplay is missing
        return True
    return solver == "auto" and endplay_available()


def _endplay_deal(play: Play, types: Any) -> Any:
    trick = play.current
    masks = [play.hand(seat).mask for seat in Seat]
    for i, card in enumerate(trick.cards):
        masks[trick.leader.next(i).value] |= 1 << card.index
    pbn = "N:" + " ".join(Hand(m).pbn() for m in masks)
    # endplay's Denom: spades 0, hearts 1, diamonds 2, clubs 3, notrump 4
    trump = 4 if play.trump is None else 3 - play.trump.value
    deal = types.Deal(pbn, first=types.Player(trick.leader.value), trump=types.Denom(trump))
    for card in trick.cards:
        deal.play(str(card))
    return deal


def _from_endplay(card: Any) -> Card:
    # endplay's Card: suit is a Denom (spades 0 … clubs 3), rank a bit 1 << rank number
    return Card.of(Suit(3 - int(card.suit)), Rank(int(card.rank).bit_length() - 1))


def dd_scores(play: Play) -> dict[Card, int]:
    """For each card the seat to play may play: the tricks its side takes from here on
    (the trick in progress included) with double-dummy play by all four."""
    dds, types = _endplay()
    deal = _endplay_deal(play, types)
    with _DDS_LOCK:
        solved = dds.solve_board(deal)
        scores = {_from_endplay(card): int(tricks) for card, tricks in solved}
    return scores


def dd_card(play: Play) -> Card:
    """The lowest-ranked of the cards that keep the most tricks for the side to play
    (ties of rank: the lower suit), so that the choice is deterministic."""
    legal = play.legal_cards()
    scores = dd_scores(play)
    best = max(scores[c] for c in legal)
    return min((c for c in legal if scores[c] == best), key=lambda c: (c.rank.value, c.suit.value))

