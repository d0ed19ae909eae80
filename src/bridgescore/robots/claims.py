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

The fair robot (:func:`fair_accepts_claim`) judges from what its seat may know: its own view
of the table, which shows the claimer's hand to those who decide (Law 68B: a claimer faces
the hand).  With its own hand, dummy and the claimer's hand faced and the cards played,
the fourth hand is what no one has seen or played, so the robot knows the position exactly
without being given the deal; it then judges as above on that position.  Should a view
ever leave two hands unseen, it cannot know, and refuses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.cards import Card, Suit
from ..core.contract import Contract
from ..core.deal import Deal, Hand
from ..core.errors import IllegalPlayError
from ..core.play import Play
from ..core.seat import Seat, Side
from ..deals.ddplay import dd_scores, use_dd
from .fair import played_in_view

__all__ = ["CLAIM_STATEMENT", "claim_position", "fair_accepts_claim", "obvious_tricks",
           "robot_accepts_claim"]

# A robot's claim statement (Law 68C), both languages in one text: the table stores one.
CLAIM_STATEMENT = ("其余各墩都归我方：无论其他牌怎样分布，我方的牌都大。 "
                   "The rest are ours: our cards are high however the others lie.")


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



def claim_position(view: Mapping[str, Any]) -> tuple[Deal, Play] | None:
    """The position of a table's view (:func:`bridgescore.table.views.view`): the whole deal
    and the play so far, when the view leaves at most one hand unseen (that hand holds what
    no one has seen or played); ``None`` when two or more are unseen."""
    played = played_in_view(view)
    masks: dict[Seat, int] = {}
    for letter, cards in view["hands"].items():
        masks[Seat.parse(letter)] = Hand.from_cards(Card.parse(c) for c in cards).mask
    unseen_seats = [s for s in Seat if s not in masks]
    if len(unseen_seats) > 1:
        return None
    seen = 0
    for m in masks.values():
        seen |= m
    for _, c in played:
        seen |= 1 << c.index
    if unseen_seats:
        masks[unseen_seats[0]] = ((1 << 52) - 1) & ~seen
    for s, c in played:
        masks[s] |= 1 << c.index
    deal = Deal.from_hands({s: Hand(masks[s]) for s in Seat})
    contract = Contract.parse(view["contract"])
    declarer = Seat.parse(view["declarer"])
    return deal, Play.replay(deal, contract, declarer, [c for _, c in played])


def fair_accepts_claim(view: Mapping[str, Any], seat: Seat, *, solver: str = "auto") -> bool:
    """Whether the robot at ``seat`` accepts the claim its own ``view`` shows, judged from
    that view alone (see the module's text); ``solver`` as for :func:`robot_accepts_claim`."""
    claim = view.get("claim")
    if view.get("you") != seat.letter or not claim:
        raise IllegalPlayError("there is no claim in this seat's view to answer",
                               "本家的视图中没有需要答复的摊牌")
    position = claim_position(view)
    if position is None:
        return False
    deal, play = position
    return robot_accepts_claim(deal, play, Seat.parse(claim["seat"]), int(claim["tricks"]),
                               solver=solver)
