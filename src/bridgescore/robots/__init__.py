"""Robot players for the empty seats of an online table: they bid, play, answer claims
and undo requests.  A pure library module: the table state machine calls

- :func:`robot_call` (``hand, auction, vulnerability`` -> a legal :class:`Call`),
- :func:`robot_card` (``deal, play, solver=`` -> a legal :class:`Card`; declarer's robot
  also plays dummy's cards),
- :func:`robot_accepts_claim` and :func:`robot_accepts_undo`.

The bidding system (docs/robots.md has it in English and Chinese):

- Openings: 1♣/1♦/1♥/1♠ with 12+ HCP or the rule of 20 (in fourth seat also the rule of
  15), five-card majors (the longer major; 5-5 spades; a longer minor first), 1♦ with four
  or more diamonds longer than the clubs (or 4-4), else 1♣; 1NT 15-17 balanced without a
  five-card major; 2NT 20-21 balanced; 2♣ 22+ (artificial, forcing); weak twos in ♦ ♥ ♠
  (six cards, 5-10 HCP), three-level preempts with seven cards.
- Responses to one of a suit: raises with support (three cards for a major, five for a
  minor): 6-9 a single raise, 10-12 a limit raise, 13+ game in a major; a new suit at the
  one level (6+ HCP, four cards, majors up the line) or the two level (11+ HCP), forcing
  one round; 1NT 6-10, 2NT 11-12 balanced, 3NT 13-15 balanced.  After an overcall:
  negative doubles (four cards in an unbid major), raises, new five-card suits, notrump
  with a stopper.
- Over 1NT (and 2NT, one level up): Stayman with a four-card major and invitational
  values, Jacoby transfers with a five-card major, 2NT/3NT/4NT/6NT on points; opener
  completes transfers, answers Stayman and accepts invitations with a maximum.
- Over 2♣: 2♦ waiting; opener shows 2NT (22-24) or a suit, and the side goes to game.
- Opener's rebid: raise partner's major with four cards (by strength), a new suit at the
  one level, 1NT 12-14 / 2NT 18-19 balanced, rebid a six-card suit (a jump with 16-18),
  a lower second suit (or a reverse with 17+); after a raise, game or an invitation by
  points.
- Competition: overcalls with five cards and 8-16 HCP (10+ at the two level, six cards at
  the three level), 1NT 15-18 balanced with a stopper, takeout doubles (12+ with shortness
  in their suit and three cards in the others, or any 17+), a little lighter in the
  balancing seat; advances raise, bid a new suit, bid notrump with a stopper, or answer a
  takeout double (jumps with 9-11, game with 12+).
- Everything else: the robot places the contract from its hand and what partner has shown:
  a major fit, notrump with their suits stopped, a minor fit; game with 25 points between
  the hands (a minor game with 28), Blackwood (4NT; 5♣ 0/4 aces, 5♦ 1, 5♥ 2, 5♠ 3) with a
  fit and 31+, slam when 33 are certain, a grand slam with 37, else
  the partscore the fit's length allows (the law of total tricks) in competition.  Penalty
  doubles only when the opponents outbid a side with the balance of strength at the three
  level or higher.

A robot never raises on an auction in progress, whatever humans have bid: any call its
rules would make illegally becomes a pass.

Card play: ``solver="fair"`` plays from what its seat may know only (:mod:`.fair`: it
samples layouts of the hidden hands consistent with the auction and the play, solves them
double dummy and plays the card of the best expected score); ``solver="simple"`` plays by
rules of thumb from what a player sees (:mod:`.cardplay`); ``"auto"`` (the default) is fair
when endplay imports, else simple.  ``solver="dd"`` plays double dummy (endplay's DDS,
seeing all four hands: the lowest card among those that keep the most tricks): an
omniscient opponent, kept as the benchmarks' yardstick and never anyone's default.

Imports: core, scoring, deals, table.
"""

from __future__ import annotations

from ..core.cards import Card
from ..core.deal import Deal
from ..core.errors import IllegalPlayError
from ..core.play import Play
from ..deals.ddplay import dd_card, endplay_available, use_dd
from .bidding import robot_call
from .cardplay import simple_card
from .claims import robot_accepts_claim
from .fair import SeatKnowledge, fair_card, knowledge_from_play

__all__ = ["card_solver", "robot_accepts_claim", "robot_accepts_undo", "robot_call",
           "robot_card"]


def card_solver(solver: str) -> str:
    """``"auto"`` made concrete: the fair robot where endplay's solver imports, else the
    rule-of-thumb one; any other name as it is (``"dd"``, ``"fair"``, ``"simple"``)."""
    if solver == "auto":
        return "fair" if endplay_available() else "simple"
    use_dd(solver)  # an unknown name, or dd or fair without the solver: a clear error
    return solver


def robot_card(deal: Deal, play: Play, *, solver: str = "auto",
               knowledge: SeatKnowledge | None = None, salt: str = "",
               scoring: str = "mp") -> Card:
    """The card for ``play.next_seat`` (dummy's card when dummy is to play: declarer's robot
    plays it), always one of ``play.legal_cards()``.

    With ``solver="fair"`` the robot decides from ``knowledge`` only (what its seat may
    know; :func:`bridgescore.robots.table.robot_action` builds it from the seat's view), or
    when it is not given from the seat's own hand, dummy once faced and the cards played
    (:func:`~.fair.knowledge_from_play`: no auction); ``salt`` varies its random layouts
    between tables, ``scoring`` is ``"mp"`` or ``"imp"``.  The other solvers ignore them."""
    if play.is_over:
        raise IllegalPlayError("the robot has no card to play: the play is over",
                               "机器人无牌可出：打牌已经结束")
    if deal != play.deal:
        raise IllegalPlayError("the robot was given another deal than the one being played",
                               "给机器人的牌局与正在打的牌局不同")
    solver = card_solver(solver)
    if solver == "dd":
        return dd_card(play)
    if solver == "fair":
        known = knowledge if knowledge is not None else knowledge_from_play(play)
        if known.to_play is not play.next_seat or len(known.played) != len(play.cards_played()):
            raise IllegalPlayError("the robot's knowledge is of another position",
                                   "机器人所知的局面与正在打的不同")
        card = fair_card(known, salt=salt, scoring=scoring)
        assert card in play.legal_cards()
        return card
    return simple_card(play)


def robot_accepts_undo() -> bool:
    """Robots accept every undo request.  A robot loses nothing by it (it neither wins nor
    loses masterpoints and cannot be annoyed), while the humans it plays with are usually
    practising: letting them take back a slip keeps the practice useful, and refusing would
    only teach them that robots are unkind.  (An undo is still the table's to allow: in a
    scored event the table's own rules decide whether undo requests are offered at all.)"""
    return True
