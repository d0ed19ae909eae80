"""A robot deciding on a claim or a concession (Law 68-70).

With the double-dummy solver the robot accepts exactly when the claimer's side would take at
least the tricks claimed with best play by all four (the position of the trick in progress
included).  Without it, the robot accepts only what is plainly right:

- a claim of no tricks (a concession of the rest to the robot's side);
- a claim that the hand on lead for the claimer's side takes by cashing top cards: each of
  its cards that is the highest left in its suit (with the ones below it in a run of top
  cards) wins a trick, as long as notrump is played, the opponents hold no trumps, or that
  hand draws their trumps first with top trumps; when it cannot draw them, only its top
  trumps count.

Anything else is refused: refusing a correct claim costs the humans a few seconds of play,
while accepting a wrong one gives tricks away.
"""

from __future__ import annotations

from ..core.cards import Suit
from ..core.deal import Deal
from ..core.errors import IllegalPlayError
from ..core.play import Play
from ..core.seat import Seat, Side
from ..deals.ddplay import dd_scores, use_dd

__all__ = ["obvious_tricks", "robot_accepts_claim"]


def _top_run(play: Play, seat: Seat, suit: Suit) -> int:
    """How many of the seat's cards in the suit are the highest cards left in it."""
    held = play.hand(seat).suit_bits(suit)
    out = 0
    for r in range(12, -1, -1):  # ace down
        bit = 1 << r
        if held & bit:
            out += 1
            continue
        # a card still in someone else's hand ends the run; a played card is skipped
        if any(play.hand(s).suit_bits(suit) & bit for s in Seat if s is not seat):
            break
    return out


def obvious_tricks(play: Play, side: Side) -> int:
    """The tricks ``side`` takes by its hand on lead cashing top cards (0 when a trick is in
    progress or the other side is on lead)."""
    if play.is_over or play.current.cards or play.next_seat.side is not side:
        return 0
    leader = play.next_seat
    hand = play.hand(leader)
    runs = {s: min(_top_run(play, leader, s), hand.length(s)) for s in Suit}
    trump = play.trump
    if trump is None:
        return sum(runs.values())
    opp_trumps = max(play.hand(s).length(trump) for s in Seat if s.side is not side)
    if opp_trumps == 0 or runs[trump] >= opp_trumps:
        return sum(runs.values())
    return runs[trump]


def _check(deal: Deal, play: Play, claimer: Seat, tricks: int) -> None:
    if play.is_over:
        raise IllegalPlayError("there is nothing to claim: the play is over",
                               "没有可以摊牌的：打牌已经结束")
    if deal != play.deal:
        raise IllegalPlayError("the claim is about another deal than the one being played",
                               "摊牌所说的牌局与正在打的牌局不同")
    if type(claimer) is not Seat:
        raise IllegalPlayError(f"invalid claimer {claimer!r}: expected a Seat",
                               f"无效的摊牌人 {claimer!r}：应为 Seat")
    if type(tricks) is not int or not 0 <= tricks <= play.remaining:
        raise IllegalPlayError(
            f"invalid claim of {tricks!r} tricks: {play.remaining} remain, so a claim is of "
            f"0-{play.remaining}",
            f"无效的摊牌 {tricks!r} 墩：还剩 {play.remaining} 墩，摊牌应为 0-{play.remaining} 墩",
        )


def robot_accepts_claim(deal: Deal, play: Play, claimer: Seat, tricks: int, *,
                        solver: str = "auto") -> bool:
    """Whether a robot opponent accepts ``claimer``'s claim of ``tricks`` of the remaining
    tricks (the trick in progress counts as remaining).  ``solver``: ``"dd"``, ``"simple"``
    or ``"auto"`` (dd when endplay imports), as for :func:`robot_card`."""
    _check(deal, play, claimer, tricks)
    if tricks == 0:
        return True
    if use_dd(solver):
        scores = dd_scores(play)
        best = max(scores.values())
        ours = best if play.next_seat.side is claimer.side else play.remaining - best
        return ours >= tricks
    return obvious_tricks(play, claimer.side) >= tricks

