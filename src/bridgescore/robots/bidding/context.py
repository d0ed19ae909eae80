"""What the bidding rules read: the meaning of calls so far (:class:`Desc`), the facts
of the auction (:class:`Ctx`), hand evaluation, and which rules apply (:func:`situation`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ...core.auction import Call, CallKind
from ...core.cards import Suit
from ...core.deal import Hand
from ...core.seat import Seat
from ...core.strain import Strain

PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
C, D, H, S, NT = Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP
MAJORS = (S, H)
# the lowest game in each strain (read-only: a module's table is shared by every table served)
GAME_LEVEL: Mapping[Strain, int] = MappingProxyType({C: 5, D: 5, H: 4, S: 4, NT: 3})


def bid(level: int, strain: Strain) -> Call:
    return Call(CallKind.BID, level, strain)


# -- what the robot knows of the auction ---------------------------------------------------


@dataclass
class Desc:
    """What a player's calls have shown: points, minimum suit lengths (by Suit value),
    balanced; and what the last call asked of partner."""

    lo: int = 0
    hi: int = 37
    lens: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    bal: bool = False
    forcing: bool = False
    invite: bool = False
    to_play: bool = False

    def show(self, lo: int = 0, hi: int = 37, lens: dict[Strain, int] | None = None,
             bal: bool = False, forcing: bool = False, invite: bool = False,
             to_play: bool = False) -> None:
        new_lo, new_hi = max(self.lo, lo), min(self.hi, hi)
        if new_lo > new_hi:  # calls that disagree: believe the latest
            new_lo, new_hi = lo, hi
        self.lo, self.hi = new_lo, new_hi
        for strain, n in (lens or {}).items():
            if strain is not NT:
                self.lens[strain.value] = max(self.lens[strain.value], n)
        self.bal = self.bal or bal
        self.forcing, self.invite, self.to_play = forcing, invite, to_play

    @property
    def expected(self) -> float:
        """A working estimate of the points: the middle of the range, an open range read
        as its bottom plus two and a half."""
        return (self.lo + min(self.hi, self.lo + 5)) / 2


class Ctx:
    """The facts of an auction (the calls so far) that the rules read.  Built from the
    dealer and the calls of a legal auction (the prefixes of one are legal too, so they are
    not checked again: reading an auction call by call stays linear in its checks)."""

    def __init__(self, dealer: Seat, calls: tuple[Call, ...]) -> None:
        self.dealer = dealer
        self.calls = calls
        self.seat = dealer.next(len(calls))
        self.last_bid: Call | None = None
        self.last_bidder: Seat | None = None
        self.doubling = 0
        self.doubler: Seat | None = None
        self.first_bidder: Seat | None = None
        self.bids: dict[Seat, list[Call]] = {s: [] for s in Seat}
        self.actions: dict[Seat, list[Call]] = {s: [] for s in Seat}  # bids and doubles
        for i, call in enumerate(self.calls):
            who = self.dealer.next(i)
            if call.is_bid:
                self.last_bid, self.last_bidder = call, who
                self.doubling, self.doubler = 0, None
                self.bids[who].append(call)
                self.actions[who].append(call)
                if self.first_bidder is None:
                    self.first_bidder = who
            elif call.kind is CallKind.DOUBLE:
                self.doubling, self.doubler = 1, who
                self.actions[who].append(call)
            elif call.kind is CallKind.REDOUBLE:
                self.doubling = 2
                self.actions[who].append(call)

    def their_last_bid(self) -> Call | None:
        """The opponents' last bid (of the seat to call)."""
        for i in range(len(self.calls) - 1, -1, -1):
            if self.calls[i].is_bid and self.dealer.next(i).side is not self.seat.side:
                return self.calls[i]
        return None

    @property
    def last_rank(self) -> int:
        return -1 if self.last_bid is None else self.last_bid.rank

    def cheapest(self, strain: Strain) -> int | None:
        """The lowest level at which ``strain`` may be bid now (``None`` above seven)."""
        level = 1
        while (level - 1) * 5 + strain.value <= self.last_rank:
            level += 1
        return level if level <= 7 else None

    def legal(self, call: Call) -> bool:
        if call.kind is CallKind.PASS:
            return True
        if call.kind is CallKind.DOUBLE:
            return (self.last_bidder is not None and self.last_bidder.side is not self.seat.side
                    and self.doubling == 0)
        if call.kind is CallKind.REDOUBLE:
            return (self.doubling == 1 and self.doubler is not None
                    and self.doubler.side is not self.seat.side)
        return 1 <= call.level <= 7 and call.rank > self.last_rank

    def suits_bid_by(self, seats: tuple[Seat, ...]) -> set[Strain]:
        out: set[Strain] = set()
        for s in seats:
            for b in self.bids[s]:
                if b.strain is not None and b.strain is not NT:
                    out.add(b.strain)
        return out

    def our_sequence(self) -> list[Call] | None:
        """Our side's calls from our first action on, when the opponents have only passed
        since it (the sequences the notrump and 2♣ rules know); else ``None``."""
        side = self.seat.side
        start = None
        for i, call in enumerate(self.calls):
            who = self.dealer.next(i)
            if who.side is side and call.kind is not CallKind.PASS:
                start = i
                break
        if start is None:
            return None
        seq = []
        for i in range(start, len(self.calls)):
            who = self.dealer.next(i)
            call = self.calls[i]
            if who.side is side:
                seq.append(call)
            elif call.kind is not CallKind.PASS:
                return None
        return seq


# -- hand evaluation -------------------------------------------------------------------------


def lens(hand: Hand) -> list[int]:
    return [hand.length(s) for s in Suit]


def ln(hand: Hand, strain: Strain) -> int:
    return hand.length(Suit(strain.value))


def stopper(hand: Hand, strain: Strain) -> bool:
    """A stopper: A, Kx, Qxx, Jxxx."""
    ranks = [r.value for r in hand.ranks(Suit(strain.value))]
    n = len(ranks)
    return bool(ranks) and (ranks[0] == 14 or (13 in ranks and n >= 2) or (12 in ranks and n >= 3)
                            or (11 in ranks and n >= 4))


def length_points(hand: Hand) -> int:
    return hand.hcp + sum(max(0, n - 4) for n in lens(hand))


def dummy_points(hand: Hand, trump: Strain) -> int:
    """Points for play in partner's suit: high cards and shortness (void 3, singleton 2,
    doubleton 1)."""
    extra = sum((0, 2, 1, 0)[min(n, 3)] + (3 if n == 0 else 0) for s, n in enumerate(lens(hand))
                if s != trump.value)
    return hand.hcp + min(extra, 4)


def longest(hand: Hand, among: tuple[Strain, ...] = (S, H, D, C)) -> Strain:
    """The longest suit (the higher ranking of equals)."""
    return max(among, key=lambda s: (ln(hand, s), s.value))



def situation(ctx: Ctx) -> str:
    """Which rules apply to the call of ``ctx.seat`` now."""
    seat = ctx.seat
    partner = seat.partner
    if ctx.first_bidder is None:
        return "open"
    seq = ctx.our_sequence()
    if seq is not None and seq and seq[0].is_bid:
        first = seq[0]
        natural_nt = first.level == 1 or ctx.bids[ctx.first_bidder][0] == first
        if first.level in (1, 2) and first.strain is NT and len(seq) <= 4 and natural_nt:
            return "nt"
        if (first == bid(2, C) and ctx.first_bidder.side is seat.side and len(seq) <= 3
                and ctx.bids[ctx.first_bidder][0] == first):
            return "2c"
    opener = ctx.first_bidder
    if opener is partner and not ctx.actions[seat]:
        return "resp1"
    if opener is seat and len(ctx.actions[seat]) == 1 and len(ctx.actions[partner]) == 1:
        calls_by_me = [c for i, c in enumerate(ctx.calls) if ctx.dealer.next(i) is seat]
        if len(calls_by_me) == 1:
            return "rebid"
    if opener.side is not seat.side:
        if not ctx.actions[seat] and not ctx.actions[partner]:
            return "overcall"
        if not ctx.actions[seat] and len(ctx.actions[partner]) == 1:
            return "advance"
    return "later"
