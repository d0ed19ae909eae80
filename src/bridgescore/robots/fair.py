"""The fair robot: card play from what its seat may know, by sampling the hidden hands.

The double-dummy robot (:mod:`.ddplay`) solves the actual deal: it sees all four hands.
The fair robot is handed a :class:`SeatKnowledge` instead, which holds only what a player at
its seat may know: its own hand, dummy once the opening lead is faced (declarer's robot,
playing dummy's cards, sees declarer's hand and dummy's), the cards played and who played
them, the auction, the vulnerability and the contract.  It never receives the deal.
:func:`knowledge_for` builds the knowledge of a seat at an online table from that seat's own
view (:func:`bridgescore.table.views.view`): the robot can never see more than a person in
its chair.

How it decides a card:

1. **Layouts.**  :func:`sample_layouts` deals the unseen cards to the hidden hands (each
   gets exactly the number of cards it holds now; a player who showed out of a suit gets
   none of it).  It keeps first the layouts where the robots' own system, given each
   hidden player's original hand (what it holds now plus what it played), makes every
   call that player made: the auction's whole meaning, what a player did *not* bid
   included.  A call depends only on the caller's hand and the calls before it, so each
   hand is re-bid alone (:func:`bridgescore.robots.bidding.robot_call` on the auction read
   once, :func:`bridgescore.robots.bidding.read`).  Random deals filtered so are few (about
   one in ten of those that fit the calls' ranges), so once one is found more are walked
   from it by swapping a card between two hidden hands, a swap kept when both hands still
   bid so (:func:`_swap_walk`; the walk's layouts are uniform over those it reaches).  The
   number of layouts so found is :attr:`Layouts.exact`.  When they fall short (a human's
   calls the system never makes), the rest fit what the calls showed by the system's
   reading (:func:`bridgescore.robots.bidding.meanings.describe`: a range of HCP, minimum
   suit lengths, balanced).  Rejection sampling with a bounded number of tries; when even
   those cannot be met within it (contradictory calls) they are relaxed step by step
   (level 1: HCP ranges two wider, lengths one shorter, no balanced; level 2: HCP four
   wider, no lengths; level 3: the auction ignored, only the facts of the play), and the
   result says which level was needed (:attr:`Layouts.level`).
2. **Solving.**  Each layout is solved double dummy (endplay's DDS, one batch through
   ``solve_all_boards``): the tricks the side to play takes from here with each legal card.
3. **Choosing.**  ``scoring="mp"`` (matchpoints): the card that is best (takes the most
   tricks of the legal cards) on the most layouts, ties broken by the expected tricks;
   ``scoring="imp"``: the card with the highest expected IMPs against the card of the most
   expected tricks (each layout's contract score converted by the IMP scale, so that making
   or defeating the contract weighs what it is worth), ties broken by how often the side
   makes (or defeats) the contract, then the expected tricks.  Remaining ties: the lowest
   card (a lower suit on ties of rank), so that a choice is deterministic.

The opening lead is made by the simple robot's lead rules (:mod:`.cardplay`: top of a
sequence, fourth best, the ace from AK, no trump leads, ...), not by sampling, unless
``lead="sample"``: at trick one the defender knows least (three hidden hands), a
double-dummy lead assumes that declarer will then play as if seeing all the cards (it
misvalues passive and attacking leads alike), and the opening position is the slowest to
solve (all 52 cards).  Signals: the fair robot gives none beyond what the choice above
yields (of equal cards it plays the lowest) and reads none: partner's cards tell it only
what they are and whether partner showed out.

Claims: when declarer's side is on lead at the start of a trick with two or more tricks
left and one card takes every remaining trick on every layout sampled, the choice says so
(:attr:`FairChoice.sure`) and the table's robot claims the rest
(:func:`bridgescore.robots.table.robot_action`).  A sample is not every layout: a claim the
actual cards defeat is possible, rare, and the opponents then reject it and play goes on.

Replays: the random layouts come from a seed taken from the position (:func:`position_seed`:
the board number, the seat, the cards it holds, the auction, the cards played, and an
optional table ``salt``): the same position gives the same card; two tables with different
salts may choose differently.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.auction import Auction, Call
from ..core.cards import Card, Rank, Suit
from ..core.contract import Contract
from ..core.deal import Deal, Hand
from ..core.errors import IllegalPlayError
from ..core.law77 import score
from ..core.play import Play, trick_winner
from ..core.seat import Seat
from ..core.vulnerability import Vulnerability
from ..deals.dd import _DDS_LOCK, _endplay
from ..scoring.imps import imps

if TYPE_CHECKING:
    from ..table.state import TableState

__all__ = ["DEFAULT_SAMPLES", "FairChoice", "Layouts", "SeatKnowledge", "fair_card",
           "fair_choice", "knowledge_for", "knowledge_from_play", "knowledge_from_view",
           "layouts_for", "played_in_view", "position_seed", "sample_layouts"]

DEFAULT_SAMPLES = 32  # layouts a card from trick four (docs/robots.md; fewer before: layouts_for)
SCORINGS = ("mp", "imp")
LEVELS = 4  # 0 all of the auction, 1 and 2 relaxed, 3 the auction ignored
_FULL = (1 << 52) - 1
_SUIT_BITS = (1 << 13) - 1
# HCP of the 13 bits of one suit (bit r = rank r + 2): a table of 8192
_HCP13 = [sum(max(0, r + 2 - 10) for r in range(13) if bits >> r & 1) for bits in range(1 << 13)]
_BALANCED = ((3, 3, 3, 4), (2, 3, 4, 4), (2, 3, 3, 5))


def _bad(en: str, zh: str) -> IllegalPlayError:
    return IllegalPlayError(en, zh)


# -- what a seat knows -----------------------------------------------------------------


@dataclass(frozen=True)
class SeatKnowledge:
    """What the player at ``seat`` may know while the cards are played, and nothing more.

    ``visible``: the unplayed cards of each hand the seat sees (its own; dummy's once the
    opening lead is made), ``None`` for the hidden hands; ``counts``: how many cards each
    hand holds now; ``played``: every card played so far, in order, with the seat of the
    hand that played it.  ``seat`` is the player deciding: declarer decides dummy's cards
    too (:attr:`to_play` says which hand plays next).
    """

    seat: Seat
    board_number: int
    dealer: Seat
    vulnerability: Vulnerability
    calls: tuple[Call, ...]
    contract: Contract
    declarer: Seat
    visible: tuple[Hand | None, Hand | None, Hand | None, Hand | None]
    counts: tuple[int, int, int, int]
    played: tuple[tuple[Seat, Card], ...]
    # derived from the above in __post_init__
    to_play: Seat = field(init=False)
    leader: Seat = field(init=False)  # of the trick in progress
    current: tuple[Card, ...] = field(init=False)
    completed: int = field(init=False)
    declarer_tricks: int = field(init=False)
    voids: tuple[frozenset[Suit], ...] = field(init=False)  # suits each seat showed out of

    def __post_init__(self) -> None:
        trump = Suit.from_strain(self.contract.strain)
        leader = self.declarer.lho
        trick: list[Card] = []
        completed = won = 0
        voids: list[set[Suit]] = [set() for _ in Seat]
        seen = 0
        for seat, card in self.played:
            if seat is not leader.next(len(trick)):
                raise _bad(f"{card} is said to be played by {seat.name_in('en')} out of turn",
                           f"{card.format('zh')} 被记为{seat.name_in('zh')}不按顺序打出")
            if seen >> card.index & 1:
                raise _bad(f"{card} is played twice", f"{card.format('zh')} 被打出两次")
            seen |= 1 << card.index
            if trick and card.suit is not trick[0].suit:
                voids[seat.value].add(trick[0].suit)
            trick.append(card)
            if len(trick) == 4:
                winner = trick_winner(leader, trick, trump)
                completed += 1
                won += winner.side is self.declarer.side
                leader, trick = winner, []
        to_play = leader.next(len(trick))
        shown = 0
        for s in Seat:
            hand = self.visible[s.value]
            mine = sum(1 for p, _ in self.played if p is s)
            if self.counts[s.value] != 13 - mine:
                raise _bad(f"{s.name_in('en')} is said to hold {self.counts[s.value]} cards "
                           f"after playing {mine}", f"{s.name_in('zh')}的张数与已出的牌不符")
            if hand is not None:
                if len(hand) != self.counts[s.value] or hand.mask & seen:
                    raise _bad(f"{s.name_in('en')}'s visible hand does not fit the play",
                               f"{s.name_in('zh')}可见的牌与打牌过程不符")
                if shown & hand.mask:
                    raise _bad("two visible hands hold the same card", "两手可见的牌有同一张")
                shown |= hand.mask
        controller = self.declarer if to_play is self.declarer.partner else to_play
        if completed < 13 and (controller is not self.seat or self.visible[to_play.value] is None):
            raise _bad(f"it is not {self.seat.name_in('en')}'s turn to play from a hand it sees",
                       f"现在不是{self.seat.name_in('zh')}从看得见的一手出牌")
        object.__setattr__(self, "to_play", to_play)
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "current", tuple(trick))
        object.__setattr__(self, "completed", completed)
        object.__setattr__(self, "declarer_tricks", won)
        object.__setattr__(self, "voids", tuple(frozenset(v) for v in voids))

    @property
    def trump(self) -> Suit | None:
        return Suit.from_strain(self.contract.strain)

    @property
    def played_mask(self) -> int:
        m = 0
        for _, c in self.played:
            m |= 1 << c.index
        return m

    def known_cards(self) -> frozenset[Card]:
        """Every card the knowledge names: the visible hands' and those played."""
        out = {c for _, c in self.played}
        for h in self.visible:
            if h is not None:
                out.update(h)
        return frozenset(out)

    def hidden(self) -> tuple[Seat, ...]:
        return tuple(s for s in Seat if self.visible[s.value] is None)

    def legal_cards(self) -> list[Card]:
        hand = self.visible[self.to_play.value]
        assert hand is not None
        if self.current and hand.length(self.current[0].suit):
            return list(hand.cards_in(self.current[0].suit))
        return list(hand)


def _controller(play: Play) -> Seat:
    nxt = play.next_seat
    return play.declarer if nxt is play.dummy else nxt


def knowledge_from_play(play: Play, seat: Seat | None = None, *, calls: Sequence[Call] = (),
                        dealer: Seat | None = None,
                        vulnerability: Vulnerability = Vulnerability.NONE,
                        board_number: int = 0) -> SeatKnowledge:
    """The knowledge of ``seat`` (by default the player to play: declarer for dummy) by the
    table's rule (:func:`bridgescore.table.views.visible_hands`): its own hand, and dummy's
    once the opening lead is made.  ``calls`` (from ``dealer``) is the auction, when known."""
    seat = _controller(play) if seat is None else seat
    started = bool(play.tricks or play.current.cards)
    visible: list[Hand | None] = [None] * 4
    visible[seat.value] = play.hand(seat)
    if started:
        visible[play.dummy.value] = play.hand(play.dummy)
    played = tuple((t.leader.next(i), c) for t in [*play.tricks, play.current]
                   for i, c in enumerate(t.cards))
    return SeatKnowledge(
        seat, board_number, dealer if dealer is not None else play.declarer, vulnerability,
        tuple(calls), play.contract, play.declarer,
        (visible[0], visible[1], visible[2], visible[3]),
        tuple(len(play.hand(s)) for s in Seat),  # type: ignore[arg-type]
        played)


def played_in_view(view: Mapping[str, Any]) -> list[tuple[Seat, Card]]:
    """Every card a table's view shows played, in order, with the seat that played it."""
    played: list[tuple[Seat, Card]] = []
    tricks = list(view.get("tricks") or [])
    if view.get("current"):
        tricks.append(view["current"])
    for t in tricks:
        lead = Seat.parse(t["leader"])
        played.extend((lead.next(i), Card.parse(c)) for i, c in enumerate(t["cards"]))
    return played


def knowledge_from_view(view: Mapping[str, Any], seat: Seat) -> SeatKnowledge:
    """The knowledge of ``seat`` read from its view of the table (the JSON-ready data of
    :func:`bridgescore.table.views.view` for ``Viewer(seat)``): only what that view shows."""
    if view.get("you") != seat.letter:
        raise _bad(f"this view is not {seat.name_in('en')}'s", f"这不是{seat.name_in('zh')}的视图")
    if view.get("contract") is None or view.get("declarer") is None:
        raise _bad("no contract to play yet", "还没有定约")
    board = view["board"]
    visible: list[Hand | None] = [None] * 4
    for letter, cards in view["hands"].items():
        visible[Seat.parse(letter).value] = Hand.from_cards(Card.parse(c) for c in cards)
    played = played_in_view(view)
    counts = view["counts"]
    return SeatKnowledge(
        seat, int(board["number"]), Seat.parse(board["dealer"]),
        Vulnerability.parse(board["vulnerability"]),
        tuple(Call.parse(a["call"]) for a in view["auction"]),
        Contract.parse(view["contract"]), Seat.parse(view["declarer"]),
        (visible[0], visible[1], visible[2], visible[3]),
        (counts["N"], counts["E"], counts["S"], counts["W"]),
        tuple(played))


def knowledge_for(state: TableState, seat: Seat) -> SeatKnowledge:
    """What the player at ``seat`` of an online table knows now, built from its own view
    (so the robot never sees more than that seat's view shows)."""
    from ..table.views import Viewer, view

    return knowledge_from_view(view(state, Viewer(seat)), seat)


def position_seed(known: SeatKnowledge, salt: str = "") -> int:
    """The seed of a position's layouts: the same position (board number, seat, its hand,
    the auction, the cards played) and salt give the same seed."""
    own = known.visible[known.seat.value]
    text = "|".join((
        salt, str(known.board_number), known.seat.letter, str(len(known.played)),
        own.pbn() if own is not None else "",
        " ".join(str(c) for c in known.calls), str(known.contract),
        " ".join(f"{s.letter}{c}" for s, c in known.played)))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


# -- the sampler -------------------------------------------------------------------------


@dataclass(frozen=True)
class Layouts:
    """Sampled layouts of the remaining cards: ``hands[i][seat]`` is a bit mask (as
    :attr:`Hand.mask`) of what that seat holds now in layout ``i`` (the visible hands are
    the same in all).  ``level``: how far the auction's constraints had to be relaxed (0
    none; 3 the auction ignored); ``by_level``: how many layouts each level gave; ``tries``:
    the random deals tried; ``exact``: how many of them (the first) the robots' system bids
    exactly as the table did."""

    hands: tuple[tuple[int, int, int, int], ...]
    level: int
    by_level: tuple[int, ...]
    tries: int
    # of the level-0 layouts, how many (the first ones) the robots' own system would have
    # bid exactly as the table did: every hidden seat's every call re-made from its hand
    exact: int = 0

    @property
    def relaxed(self) -> bool:
        return self.level > 0


@dataclass(frozen=True)
class _Shown:
    lo: int
    hi: int
    lens: tuple[int, int, int, int]
    bal: bool


def _shown(known: SeatKnowledge) -> dict[Seat, _Shown]:
    """What each seat's calls showed by the robots' system (nothing when it cannot read the
    auction)."""
    if not known.calls:
        return {}
    from .bidding.meanings import describe

    try:
        descs = describe(Auction(known.dealer, known.calls))
    except (ValueError, KeyError, IndexError, AttributeError, AssertionError):
        return {}
    return {s: _Shown(d.lo, d.hi, (d.lens[0], d.lens[1], d.lens[2], d.lens[3]), d.bal)
            for s, d in descs.items()}


def _at_level(shown: _Shown, level: int) -> _Shown | None:
    if level == 0:
        return shown
    if level == 1:
        return _Shown(shown.lo - 2, shown.hi + 2,
                      (max(0, shown.lens[0] - 1), max(0, shown.lens[1] - 1),
                       max(0, shown.lens[2] - 1), max(0, shown.lens[3] - 1)), False)
    if level == 2:
        return _Shown(shown.lo - 4, shown.hi + 4, (0, 0, 0, 0), False)
    return None


def _fits(mask: int, shown: _Shown) -> bool:
    hcp = 0
    lens = []
    for s in range(4):
        bits = mask >> (13 * s) & _SUIT_BITS
        hcp += _HCP13[bits]
        n = bits.bit_count()
        if n < shown.lens[s]:
            return False
        lens.append(n)
    if not shown.lo <= hcp <= shown.hi:
        return False
    return not shown.bal or tuple(sorted(lens)) in _BALANCED


def _system_checks(known: SeatKnowledge) -> dict[Seat, Callable[[int], bool]] | None:
    """For each hidden seat that called, a check of an original hand (a mask): would the
    robots' system, holding it, have made every call that seat made, in the same auction?
    A call depends only on the caller's hand and the calls before it, so each hand is
    checked alone.  None when there is nothing to check or the system cannot bid this
    auction (a call it never makes: then no layout could pass)."""
    if not known.calls:
        return None
    from .bidding import read, robot_call

    auctions = [Auction(known.dealer, known.calls[:i]) for i in range(len(known.calls))]
    try:
        readings = [read(a) for a in auctions]
    except (ValueError, KeyError, IndexError, AttributeError, AssertionError):
        return None
    mine: dict[Seat, list[int]] = {s: [] for s in known.hidden()}
    for i in range(len(known.calls)):
        caller = known.dealer.next(i)
        if caller in mine:
            mine[caller].append(i)

    def check(seat: Seat) -> Callable[[int], bool]:
        turns = mine[seat]

        def ok(mask: int) -> bool:
            # robot_call never raises on an unfinished auction: a rule that fails passes
            hand = Hand(mask)
            return all(robot_call(hand, auctions[i], known.vulnerability, readings[i])
                       == known.calls[i] for i in turns)
        return ok

    checks = {s: check(s) for s, turns in mine.items() if turns}
    return checks or None


def _swap_walk(found: Sequence[tuple[int, int, int, int]], want: int, rng: random.Random,
               hidden: Sequence[Seat], free_mask: int, voids: Sequence[frozenset[Suit]],
               played_by: Sequence[int], passes: Callable[[Seat, int], bool],
               steps: int = 4, proposals: int = 24) -> list[tuple[int, int, int, int]]:
    """More layouts the system bids as the table did, walked from those found: swap one
    free card between two hidden hands and keep the swap when both hands' original holdings
    still ``pass`` (Metropolis with a symmetric proposal: the walk's layouts are uniform
    over the valid ones it can reach).  A layout every ``steps`` proposals; at most
    ``proposals`` a layout wanted, so that a walk stuck in a corner ends."""
    out: list[tuple[int, int, int, int]] = []
    movable = [s for s in hidden if found[0][s.value] & free_mask]
    if len(movable) < 2:
        return out
    state = list(found[rng.randrange(len(found))])
    for proposal in range(1, proposals * want + 1):
        a, b = rng.sample(movable, 2)
        # a swap keeps each hand's number of free cards, so neither list is ever empty
        x = rng.choice([i for i in range(52) if (state[a.value] & free_mask) >> i & 1])
        y = rng.choice([i for i in range(52) if (state[b.value] & free_mask) >> i & 1])
        new_a = state[a.value] & ~(1 << x) | 1 << y
        new_b = state[b.value] & ~(1 << y) | 1 << x
        if (Suit(x // 13) not in voids[b.value] and Suit(y // 13) not in voids[a.value]
                and passes(a, new_a | played_by[a.value])
                and passes(b, new_b | played_by[b.value])):
            state[a.value], state[b.value] = new_a, new_b
        if proposal % steps == 0:
            out.append((state[0], state[1], state[2], state[3]))
            if len(out) == want:
                break
    return out


def sample_layouts(known: SeatKnowledge, n: int, rng: random.Random,
                   tries_per_level: int | None = None, system: bool = True,
                   swaps: bool = True) -> Layouts:
    """``n`` layouts of the unseen cards consistent with ``known`` (see the module's text).
    Always returns: at most ``tries_per_level`` random deals (default ``60 * n``) are tried
    at each level of relaxation; the last level keeps only the facts of the play, which a
    real table's knowledge always allows.  Knowledge that no layout fits at all (hand
    sizes or voids that contradict the unseen cards) raises :class:`IllegalPlayError`."""
    if n < 1:
        raise ValueError("n must be at least 1")
    budget = tries_per_level if tries_per_level is not None else 60 * n
    hidden = known.hidden()
    base = [0, 0, 0, 0]
    for s in Seat:
        h = known.visible[s.value]
        if h is not None:
            base[s.value] = h.mask
    unseen = _FULL & ~(known.played_mask | base[0] | base[1] | base[2] | base[3])
    forced = {s: 0 for s in hidden}
    free: list[int] = []
    loose: list[int] = []  # free cards some hidden seat may not hold (checked each try)
    for i in range(52):
        if not unseen >> i & 1:
            continue
        suit = Suit(i // 13)
        may = [s for s in hidden if suit not in known.voids[s.value]]
        if not may:
            raise _bad("no hidden hand may hold an unseen card", "没有一手隐藏的牌能拿到某张未见的牌")
        if len(may) == 1:
            forced[may[0]] |= 1 << i
        else:
            free.append(i)
            if len(may) < len(hidden):
                loose.append(i)
    room = {s: known.counts[s.value] - forced[s].bit_count() for s in hidden}
    if any(r < 0 for r in room.values()) or sum(room.values()) != len(free):
        raise _bad("the hidden hands' sizes do not fit the unseen cards",
                   "隐藏各手的张数与未见的牌不符")
    played_by = [0, 0, 0, 0]
    for s, c in known.played:
        played_by[s.value] |= 1 << c.index
    shown_all = _shown(known)
    out: list[tuple[int, int, int, int]] = []
    by_level = [0] * LEVELS
    tries = 0

    def deal_once() -> list[int] | None:
        """One random layout that keeps the facts of the play, or None."""
        rng.shuffle(free)
        masks = list(base)
        k = 0
        for s in hidden:
            m = forced[s]
            for i in free[k:k + room[s]]:
                m |= 1 << i
            k += room[s]
            masks[s.value] = m
        if loose and any(masks[s.value] >> i & 1 and Suit(i // 13) in known.voids[s.value]
                         for s in hidden for i in loose):
            return None
        return masks

    # First the layouts the robots' own system bids exactly as the table did: the auction's
    # true meaning, negative inferences included (a hand that did not open, did not bid
    # its major), which the ranges and lengths below only approximate.  Measured: of the
    # layouts fitting the ranges, about one in ten is bid so (docs/robots.md).  A bounded
    # try: a human's calls may be ones the system never makes, and each check re-bids.
    system_checks = _system_checks(known) if system else None
    free_mask = sum(1 << i for i in free)
    if system_checks is not None:
        # A cheap look before each re-bid: the calls' ranges widened by four points, no
        # lengths.  Not the ranges themselves: the system's reading is sometimes narrower
        # than the hands it bids with (the actual hands fit it 83 % of the time, the
        # widened ranges 98.7 %), and a layout the look turns away is never sampled.
        first = {s: c for s, c in ((s, _at_level(shown_all[s], 2)) for s in hidden
                                   if s in shown_all) if c is not None}
        rebids = 0
        attempts = 0
        # Re-bids are the dear part: at most a quarter of the tries, and once a few layouts
        # are found (two re-bids a layout wanted), the walk below makes the rest.
        while (len(out) < n and attempts < budget and rebids < budget // 4
               and not (out and rebids >= 2 * n)):
            attempts += 1
            tries += 1
            masks = deal_once()
            if masks is None or any(not _fits(masks[s.value] | played_by[s.value], c)
                                    for s, c in first.items()):
                continue
            rebids += 1
            if all(ok(masks[s.value] | played_by[s.value]) for s, ok in system_checks.items()):
                out.append((masks[0], masks[1], masks[2], masks[3]))
        if 0 < len(out) < n and swaps:
            rebid = system_checks

            def passes(seat: Seat, whole: int) -> bool:
                shown, ok = first.get(seat), rebid.get(seat)
                return ((shown is None or _fits(whole, shown))
                        and (ok is None or ok(whole)))

            out.extend(_swap_walk(out, n - len(out), rng, hidden, free_mask, known.voids,
                                  played_by, passes))
    exact = len(out)
    by_level[0] = exact
    level = 0
    for level in range(LEVELS):
        checks = {s: _at_level(shown_all[s], level) for s in hidden if s in shown_all}
        last = level == LEVELS - 1
        attempts = 0
        while len(out) < n and ((last and not loose) or attempts < budget):
            attempts += 1
            tries += 1
            masks = deal_once()
            if masks is None:
                continue
            if any(c is not None and not _fits(masks[s.value] | played_by[s.value], c)
                   for s, c in checks.items()):
                continue
            out.append((masks[0], masks[1], masks[2], masks[3]))
            by_level[level] += 1
        if len(out) >= n:
            break
    if not out:
        raise _bad("no layout of the unseen cards fits what is known",
                   "未见的牌没有符合已知情况的分布")
    return Layouts(tuple(out), level, tuple(by_level), tries, exact)


# -- solving and choosing ---------------------------------------------------------------


def _from_endplay(card: Any) -> Card:
    return Card.of(Suit(3 - int(card.suit)), Rank(int(card.rank).bit_length() - 1))


def _solve(known: SeatKnowledge, layouts: Layouts) -> list[dict[Card, int]]:
    """For each layout, the tricks the side to play takes from here with each card."""
    dds, types = _endplay()
    trump = 4 if known.trump is None else 3 - known.trump.value
    deals = []
    for hands in layouts.hands:
        masks = list(hands)
        for i, card in enumerate(known.current):
            masks[known.leader.next(i).value] |= 1 << card.index
        pbn = "N:" + " ".join(Hand(m).pbn() for m in masks)
        deal = types.Deal(pbn, first=types.Player(known.leader.value), trump=types.Denom(trump))
        for card in known.current:
            deal.play(str(card))
        deals.append(deal)
    out: list[dict[Card, int]] = []
    with _DDS_LOCK:
        for start in range(0, len(deals), 100):
            solved = dds.solve_all_boards(deals[start:start + 100])
            for board in solved:
                out.append({_from_endplay(c): int(t) for c, t in board})
    return out


@dataclass(frozen=True)
class FairChoice:
    """The fair robot's card and why: per legal card, the mean tricks its side takes from
    here (``tricks``), on how many layouts it is a best card (``best``), how often the side
    makes (declarer) or defeats (defenders) the contract (``makes``), and with
    ``scoring="imp"`` the mean IMPs against the card of most tricks (``imps``).  ``method``
    is ``"sample"``, ``"rules"`` (an opening lead by the simple robot's rules), ``"only"``
    (one legal card) or ``"equal"`` (all legal cards equivalent)."""

    card: Card
    method: str
    scoring: str
    seed: int
    layouts: Layouts | None = None
    tricks: Mapping[Card, float] = field(default_factory=dict)
    best: Mapping[Card, int] = field(default_factory=dict)
    makes: Mapping[Card, float] = field(default_factory=dict)
    imps: Mapping[Card, float] = field(default_factory=dict)
    # Declarer's side on lead at a trick's start, two or more tricks left, and one card that
    # takes every remaining trick on every layout sampled: the robot may claim the rest.
    sure: bool = False


def _low(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank.value, c.suit.value))


def _all_equal(known: SeatKnowledge, legal: Sequence[Card]) -> bool:
    """The legal cards are one suit with nothing between them but the hand's own cards and
    played ones: whichever is played, the result is the same."""
    if len({c.suit for c in legal}) != 1:
        return False
    hand = known.visible[known.to_play.value]
    assert hand is not None
    lo, hi = min(c.index for c in legal), max(c.index for c in legal)
    fixed = hand.mask | known.played_mask
    return all(fixed >> i & 1 for i in range(lo, hi + 1))


def _rules_lead(known: SeatKnowledge, layouts: Layouts) -> Card:
    """The simple robot's opening lead: it reads only the leader's hand (no card is played
    and dummy is not faced), so any layout of the other hands gives the same card."""
    from .cardplay import simple_card

    deal = Deal.from_hands({s: Hand(layouts.hands[0][s.value]) for s in Seat})
    return simple_card(Play(deal, known.contract, known.declarer))


def layouts_for(known: SeatKnowledge, samples: int) -> int:
    """How many layouts this position is decided on: ``samples`` from trick four on, fewer
    in the first three tricks, where a layout (nearly 52 cards) costs the solver five to
    twenty times a later one: three eighths of ``samples`` in tricks one and two (at least
    8), five eighths in trick three.  Measured (docs/robots.md): 16 layouts choose the
    card of 96 on 93 % of positions, 32 on 97 %, and the tricks given away differ by 0.003
    a decision, while trick one's time a card falls by more than half."""
    remaining = 13 - known.completed
    if remaining >= 12:
        return max(min(8, samples), samples * 3 // 8)
    if remaining == 11:
        return max(min(8, samples), samples * 5 // 8)
    return samples


def fair_choice(known: SeatKnowledge, *, seed: int | None = None, salt: str = "",
                samples: int = DEFAULT_SAMPLES, scoring: str = "mp",
                lead: str = "rules") -> FairChoice:
    """The fair robot's card for ``known.to_play`` with its reasons (:class:`FairChoice`);
    ``seed`` defaults to :func:`position_seed` (with ``salt``)."""
    if scoring not in SCORINGS:
        raise ValueError(f"scoring must be 'mp' or 'imp', not {scoring!r}")
    if lead not in ("rules", "sample"):
        raise ValueError(f"lead must be 'rules' or 'sample', not {lead!r}")
    if known.completed == 13:
        raise _bad("the robot has no card to play: the play is over", "机器人无牌可出：打牌已经结束")
    seed = position_seed(known, salt) if seed is None else seed
    legal = known.legal_cards()
    if len(legal) == 1:
        return FairChoice(legal[0], "only", scoring, seed)
    if _all_equal(known, legal):
        return FairChoice(_low(legal), "equal", scoring, seed)
    rng = random.Random(seed)
    if not known.played and lead == "rules":
        layouts = sample_layouts(known, 1, rng)
        return FairChoice(_rules_lead(known, layouts), "rules", scoring, seed, layouts)
    layouts = sample_layouts(known, layouts_for(known, samples), rng)
    solved = _solve(known, layouts)
    n = len(solved)
    declaring = known.to_play.side is known.declarer.side
    remaining = 13 - known.completed
    vulnerable = known.vulnerability.is_vulnerable(known.declarer)
    need = known.contract.tricks_needed

    def side_score(t: int) -> int:
        total = known.declarer_tricks + (t if declaring else remaining - t)
        points = score(known.contract, total, vulnerable)
        return points if declaring else -points

    def made(t: int) -> bool:
        total = known.declarer_tricks + (t if declaring else remaining - t)
        return total >= need if declaring else total < need

    tricks = {c: sum(s[c] for s in solved) / n for c in legal}
    best = {c: 0 for c in legal}
    makes = {c: 0.0 for c in legal}
    for s in solved:
        top = max(s[c] for c in legal)
        for c in legal:
            best[c] += s[c] == top
            makes[c] += made(s[c]) / n

    def low_key(c: Card) -> tuple[int, int]:
        return (-c.rank.value, -c.suit.value)

    imp_means: dict[Card, float] = {}
    if scoring == "imp":
        ref = max(legal, key=lambda c: (tricks[c], *low_key(c)))
        for c in legal:
            imp_means[c] = sum(imps(side_score(s[c]) - side_score(s[ref])) for s in solved) / n
        card = max(legal, key=lambda c: (round(imp_means[c], 9), round(makes[c], 9),
                                         tricks[c], *low_key(c)))
    else:
        card = max(legal, key=lambda c: (best[c], tricks[c], *low_key(c)))
    sure = (declaring and not known.current and remaining >= 2
            and any(all(s[c] == remaining for s in solved) for c in legal))
    return FairChoice(card, "sample", scoring, seed, layouts, tricks, best, makes, imp_means,
                      sure)


def fair_card(known: SeatKnowledge, *, seed: int | None = None, salt: str = "",
              samples: int = DEFAULT_SAMPLES, scoring: str = "mp", lead: str = "rules") -> Card:
    """The fair robot's card for ``known.to_play``: always one of its legal cards."""
    return fair_choice(known, seed=seed, salt=salt, samples=samples, scoring=scoring,
                       lead=lead).card
