"""The robots' bidding: a simple natural system (described in the package docstring and in
docs/robots.md).

How it works: the auction so far is read call by call, and each call is given a meaning
(a range of high-card points, the suit lengths it shows, balanced or not, and whether it is
forcing, invitational or to play).  The robot then calls by the first round's rules
(opening, response, opener's rebid, overcall, advance, the notrump and 2♣ sequences); past
them, and whenever an auction leaves the rules (a human's odd sequence, doubles, high bids),
it *places the contract*: with its own hand and what partner has shown it picks a strain (a
major fit, notrump, a minor fit) and a level (game with 25 points between the hands, slam
with 33 for sure, else a partscore that the total number of trumps allows in competition)
and bids it if that is higher than the contract so far, else passes.  Game and slam bids are
final unless more is certain, so the two robots of a side never outbid each other for ever.

Every call is checked against the Laws before it is returned (a call the rules would get
wrong becomes a pass), so a robot's call is always legal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..auction import Auction, Call, CallKind
from ..cards import Suit
from ..deal import Hand
from ..errors import IllegalCallError
from ..seat import Seat
from ..strain import Strain
from ..vulnerability import Vulnerability

__all__ = ["robot_call"]

PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
C, D, H, S, NT = Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP
MAJORS = (S, H)
GAME_LEVEL = {C: 5, D: 5, H: 4, S: 4, NT: 3}


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
        as its bottom plus three."""
        return (self.lo + min(self.hi, self.lo + 6)) / 2


class Ctx:
    """The facts of an auction (the calls so far) that the rules read."""

    def __init__(self, auction: Auction) -> None:
        self.auction = auction
        self.dealer = auction.dealer
        self.calls = auction.calls
        self.seat = auction.next_seat
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


# -- meanings --------------------------------------------------------------------------------


def describe(auction: Auction) -> dict[Seat, Desc]:
    """What each seat's calls have shown, read with the same rules the robots bid by."""
    out = {s: Desc() for s in Seat}
    for i in range(len(auction.calls)):
        ctx = Ctx(Auction(auction.dealer, auction.calls[:i]))
        meaning(ctx, auction.calls[i], out)
    return out


def meaning(ctx: Ctx, call: Call, descs: dict[Seat, Desc]) -> None:
    """Record in ``descs`` what ``call`` by ``ctx.seat`` shows."""
    me = descs[ctx.seat]
    kind = situation(ctx)
    if call.kind is CallKind.PASS:
        if kind == "open":
            me.show(hi=11)
        elif kind == "resp1":
            me.show(hi=5 if ctx.last_bidder is ctx.seat.partner else 9)
        elif kind in ("overcall",):
            me.show(hi=15)
        elif kind == "advance":
            me.show(hi=7)
        elif kind == "nt":
            seq = ctx.our_sequence()
            if seq is not None and len(seq) == 1:
                me.show(hi=7 if seq[0].level == 1 else 3)
        else:
            me.show()
        return
    if call.kind is CallKind.REDOUBLE:
        me.show(lo=10)
        return
    strain = call.strain
    if kind == "open":
        _open_meaning(ctx, call, me)
    elif kind == "nt":
        _nt_meaning(ctx, call, me)
    elif kind == "2c":
        _two_clubs_meaning(ctx, call, me)
    elif kind == "resp1":
        _resp1_meaning(ctx, call, me, descs)
    elif kind == "rebid":
        _rebid_meaning(ctx, call, me)
    elif kind == "overcall":
        if call.kind is CallKind.DOUBLE:
            me.show(lo=12, forcing=True)
        elif strain is NT and call.level == 1:
            me.show(lo=15, hi=18, bal=True)
        elif strain is not None:
            me.show(lo=8 + 2 * (call.level - 1), hi=16, lens={strain: 5 + (call.level >= 3)})
    elif kind == "advance":
        _advance_meaning(ctx, call, me, descs)
    else:
        _later_meaning(ctx, call, me, descs)


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


# -- opening -----------------------------------------------------------------------------------


def _open_call(hand: Hand, ctx: Ctx, vul: Vulnerability) -> Call:
    hcp = hand.hcp
    n = lens(hand)
    seat_no = len(ctx.calls) + 1  # first to fourth seat
    two_longest = sum(sorted(n, reverse=True)[:2])
    if hcp >= 22:
        return bid(2, C)
    if hand.is_balanced and 20 <= hcp <= 21:
        return bid(2, NT)
    if hand.is_balanced and 15 <= hcp <= 17 and max(n[2], n[3]) < 5:
        return bid(1, NT)
    opens = hcp >= 12 or (hcp >= 10 and hcp + two_longest >= 20)
    if seat_no == 4:
        opens = opens and hcp + n[3] >= 15
    if opens:
        return bid(1, _opening_suit(hand))
    if seat_no < 4 and 5 <= hcp <= 10:
        best = longest(hand)
        top = sum(1 for r in hand.ranks(Suit(best.value))[:3] if r.value >= 12)
        if ln(hand, best) == 6 and best is not C and top >= 1:
            return bid(2, best)
        # three-level preempts: not vulnerable, or with two of the top three honours
        if ln(hand, best) >= 7 and (top >= 2 or (top >= 1 and not vul.is_vulnerable(ctx.seat))):
            return bid(3, best)
    return PASS


def _opening_suit(hand: Hand) -> Strain:
    s, h, d, c = ln(hand, S), ln(hand, H), ln(hand, D), ln(hand, C)
    if max(s, h) >= 5:
        major = S if s >= h else H
        minor = D if d >= c else C
        if max(d, c) > ln(hand, major):
            return minor  # a longer minor first (6-5)
        return major
    if d > c or (d == c and d >= 4):
        return D
    return C


def _open_meaning(ctx: Ctx, call: Call, me: Desc) -> None:
    if call.kind is not CallKind.BID or call.strain is None:
        return
    level, strain = call.level, call.strain
    if (level, strain) == (2, C):
        me.show(lo=22, forcing=True)
    elif (level, strain) == (2, NT):
        me.show(lo=20, hi=21, bal=True)
    elif (level, strain) == (1, NT):
        me.show(lo=15, hi=17, bal=True)
    elif level == 1:
        me.show(lo=11, hi=21, lens={strain: 5 if strain.is_major else 3})
    elif level == 2:
        me.show(lo=5, hi=10, lens={strain: 6})
    elif level == 3:
        me.show(lo=5, hi=10, lens={strain: 7})
    else:
        me.show(lo=5, hi=12, lens={strain: 7})


# -- notrump sequences -------------------------------------------------------------------------


def _nt_call(hand: Hand, ctx: Ctx, descs: dict[Seat, Desc]) -> Call | None:
    """1NT or 2NT (opening or overcall) and what follows while the opponents pass."""
    seq = ctx.our_sequence()
    assert seq is not None
    base = seq[0].level  # 1 or 2
    words = [str(c) for c in seq]
    hcp = hand.hcp
    s, h = ln(hand, S), ln(hand, H)
    lo_nt = descs[ctx.seat.partner].lo if len(seq) % 2 == 1 else 15
    stay, to_h, to_s = bid(base + 1, C), bid(base + 1, D), bid(base + 1, H)
    if len(seq) == 1:  # responder
        need = 0 if base == 1 else 4  # opposite 20-21, 4 points make game
        if max(s, h) >= 5:
            return to_s if s >= h else to_h
        if max(s, h) == 4 and hcp >= 8 - need and hand.pattern != (4, 3, 3, 3):
            return stay
        total = hcp + lo_nt
        if total >= 37:
            return bid(7, NT)
        if total >= 33:
            return bid(6, NT)
        if total >= 31:
            return bid(4, NT)  # quantitative: partner bids six with a maximum
        if total >= 25:
            return bid(3, NT)
        if total >= 23 and base == 1:
            return bid(2, NT)
        return PASS
    if len(seq) == 2:  # opener answers Stayman or completes the transfer
        ask = seq[1]
        if ask == stay:
            if h >= 4:
                return bid(base + 1, H)
            if s >= 4:
                return bid(base + 1, S)
            return bid(base + 1, D)
        if ask == to_h:
            return bid(base + 1, H)
        if ask == to_s:
            return bid(base + 1, S)
        maximum = hcp >= (16 if base == 1 else 21)
        if base == 1 and ask == bid(2, NT):  # invitations
            return bid(3, NT) if maximum else PASS
        if ask == bid(4, NT):
            return bid(6, NT) if maximum else PASS
        return None
    if len(seq) == 3:  # responder's second call
        ask, answer = seq[1], seq[2]
        total = hcp + lo_nt
        if ask in (to_h, to_s):
            major = H if ask == to_h else S
            mine = ln(hand, major)
            if total >= 33:
                return bid(6, major) if mine >= 6 else bid(6, NT)
            if total >= 25:
                return bid(4, major) if mine >= 6 else bid(3, NT)
            if total >= 23 and base == 1:
                return bid(3, major) if mine >= 6 else bid(2, NT)
            return PASS
        if ask == stay:
            fit = answer.strain if answer.strain in MAJORS and ln(hand, answer.strain) >= 4 else None
            if fit is not None:
                if total >= 33:
                    return bid(6, fit)
                if total >= 25:
                    return bid(4, fit)
                return bid(answer.level + 1, fit) if answer.level + 1 <= 3 else PASS
            if total >= 33:
                return bid(6, NT)
            if total >= 25:
                return bid(3, NT)
            return bid(2, NT) if base == 1 and answer.level == 2 else PASS
        return None
    # opener's last word (len(seq) == 4)
    ask, _answer, cont = seq[1], seq[2], seq[3]
    maximum = hcp >= (16 if base == 1 else 21)
    if ask in (to_h, to_s):
        major = H if ask == to_h else S
        support = ln(hand, major) >= 3
        if cont == bid(2, NT):
            if maximum:
                return bid(4, major) if support else bid(3, NT)
            return bid(3, major) if support else PASS
        if cont == bid(3, NT):
            return bid(4, major) if support else PASS
        if cont == bid(3, major):
            return bid(4, major) if maximum or ln(hand, major) >= 4 else PASS
        return PASS if cont.kind is CallKind.PASS else None
    if ask == stay:
        if cont in (bid(2, NT), bid(3, NT)) and s >= 4 and words[2] == f"{base + 1}H":
            # responder asked for a major and denied hearts: the spade fit
            return bid(4, S) if maximum or cont.level == 3 else bid(3, S)
        if cont == bid(2, NT):
            return bid(3, NT) if maximum else PASS
        if cont.strain in MAJORS and cont.level == 3 and base == 1:
            return bid(4, cont.strain) if maximum else PASS
        return PASS if cont.kind is CallKind.PASS else None
    return None


def _nt_meaning(ctx: Ctx, call: Call, me: Desc) -> None:
    seq = ctx.our_sequence()
    assert seq is not None
    base = seq[0].level
    if not call.is_bid or call.strain is None:
        return
    if len(seq) == 1:
        if call == bid(base + 1, C):
            me.show(lo=8 - 4 * (base - 1), forcing=True)
        elif call == bid(base + 1, D):
            me.show(lens={H: 5}, forcing=True)
        elif call == bid(base + 1, H):
            me.show(lens={S: 5}, forcing=True)
        elif call.strain is NT:
            opener_lo = 15 if base == 1 else 20
            tops = {2: 23, 3: 25, 4: 31, 6: 33, 7: 37}
            lo = tops.get(call.level, 25) - opener_lo
            me.show(lo=max(lo, 0), hi=max(lo, 0) + (1 if call.level in (2, 4) else 5),
                    invite=call.level in (2, 4), to_play=call.level in (3, 6, 7))
        return
    if len(seq) == 2:
        if call.strain in MAJORS and seq[1] == bid(base + 1, C):
            me.show(lens={call.strain: 4})
        return
    if len(seq) == 3 and seq[1].strain in (D, H) and seq[1].level == base + 1:
        major = H if seq[1].strain is D else S
        if call.strain is major:
            me.show(lens={major: 6}, invite=call.level == 3, to_play=call.level >= 4)
        elif call.strain is NT:
            me.show(invite=call.level == 2, to_play=call.level >= 3)


# -- 2♣ ------------------------------------------------------------------------------------------


def _two_clubs_call(hand: Hand, ctx: Ctx, descs: dict[Seat, Desc]) -> Call | None:
    seq = ctx.our_sequence()
    assert seq is not None
    hcp = hand.hcp
    if len(seq) == 1:
        return bid(2, D)  # waiting, whatever the hand
    if len(seq) == 2:
        if hand.is_balanced:
            return bid(2, NT) if hcp <= 24 else bid(3, NT)
        own = longest(hand)
        level = ctx.cheapest(own)
        return bid(level, own) if level is not None else None
    rebid = seq[2]
    if rebid == bid(2, NT):
        total = hcp + 22
        if hcp <= 2:
            return PASS
        return bid(6, NT) if total >= 33 else bid(3, NT)
    strain = rebid.strain
    if strain is None or strain is NT:
        return None
    total = hcp + 22
    if ln(hand, strain) >= 3:
        level = 6 if total >= 33 else GAME_LEVEL[strain]
        if strain.is_minor and total < 33 and hand.is_balanced:
            return bid(3, NT)
        return bid(level, strain)
    own = longest(hand)
    if ln(hand, own) >= 5 and hcp >= 5:
        level = ctx.cheapest(own)
        if level is not None and level <= 3:
            return bid(level, own)
    return bid(3, NT) if ctx.cheapest(NT) == 3 else None


def _two_clubs_meaning(ctx: Ctx, call: Call, me: Desc) -> None:
    seq = ctx.our_sequence()
    assert seq is not None
    if len(seq) == 2 and call.is_bid:
        if call.strain is NT:
            me.show(lo=22 if call.level == 2 else 25, hi=24 if call.level == 2 else 37, bal=True,
                    forcing=call.level == 2)
        elif call.strain is not None:
            me.show(lens={call.strain: 5}, forcing=True)
    elif len(seq) == 3 and call.is_bid and call.strain is not None and call.strain is not NT:
        me.show(lens={call.strain: 3 if call.strain is seq[2].strain else 5})


# -- responses to one of a suit ----------------------------------------------------------------


def _resp1_call(hand: Hand, ctx: Ctx, descs: dict[Seat, Desc]) -> Call | None:
    partner = ctx.seat.partner
    opening = ctx.bids[partner][0]
    x = opening.strain
    assert x is not None
    if opening.level >= 2 or x is NT:
        return _resp_preempt(hand, ctx, opening)
    hcp = hand.hcp
    interfered = ctx.last_bidder is not partner
    over = ctx.last_bid if interfered and ctx.last_bidder is not None and \
        ctx.last_bidder.side is not ctx.seat.side else None
    if hcp < 6:
        return PASS
    supp = ln(hand, x)
    if (x.is_major and supp >= 3) or (x.is_minor and supp >= 5):
        dp = dummy_points(hand, x) if supp >= 4 else hand.hcp
        want = 2 if dp <= 9 else 3 if dp <= 12 else GAME_LEVEL[x] if x.is_major else 3
        if x.is_minor and dp >= 13:
            want = 0  # game values opposite a minor: look for notrump or a major first
        level = ctx.cheapest(x)
        if want and level is not None and level <= want:
            return bid(want, x)
    if over is None:
        return _resp1_free(hand, ctx, x)
    # after an overcall (or a double) by the right-hand opponent
    y = over.strain
    if y is not None and y is not NT and over.level <= 2 and ctx.legal(DOUBLE):
        unbid_majors = [m for m in MAJORS if m is not x and m is not y]
        if any(ln(hand, m) >= 4 for m in unbid_majors) and not any(
                ln(hand, m) >= 5 and ctx.cheapest(m) == 1 for m in unbid_majors):
            return DOUBLE  # negative double
    for suit in (S, H, D, C):
        if suit in (x, y) or ln(hand, suit) < 5:
            continue
        level = ctx.cheapest(suit)
        if level == 1 or (level == 2 and hcp >= 10):
            return bid(level, suit)
    if y is not None and y is not NT and stopper(hand, y):
        target = 1 if hcp <= 10 else 2 if hcp <= 12 else 3
        level = ctx.cheapest(NT)
        if level is not None and level <= target:
            return bid(target, NT)
    if hcp >= 13:
        level = ctx.cheapest(x)
        if level is not None and level <= 3 and supp >= 3:
            return bid(GAME_LEVEL[x] if x.is_major else level, x)
    return PASS


def _resp1_free(hand: Hand, ctx: Ctx, x: Strain) -> Call:
    """Responding to one of a suit when the right-hand opponent passed."""
    hcp = hand.hcp
    s, h, d = ln(hand, S), ln(hand, H), ln(hand, D)
    bal = hand.is_balanced
    up = [m for m in (H, S) if m.value > x.value and ln(hand, m) >= 4]
    if up:
        # the longer major; with four of each, hearts first (up the line)
        if len(up) == 2:
            return bid(1, S) if s > h else bid(1, H)
        return bid(1, up[0])
    if x is C and d >= 4 and (d >= 5 or hcp <= 10 or not bal):
        return bid(1, D)
    if hcp >= 11:
        low = [m for m in (C, D, H) if m.value < x.value and ln(hand, m) >= (5 if m is H else 4)]
        if bal and 13 <= hcp <= 15:
            return bid(3, NT)
        if bal and hcp <= 12:
            return bid(2, NT)
        if low:
            return bid(2, max(low, key=lambda m: (ln(hand, m), m.value)))
        if hcp >= 13:
            return bid(3, NT)
        return bid(2, NT) if bal else bid(1, NT)
    return bid(1, NT)


def _resp_preempt(hand: Hand, ctx: Ctx, opening: Call) -> Call:
    """Responding to a weak two or a three-level preempt: game or nothing."""
    x = opening.strain
    assert x is not None
    hcp = hand.hcp
    if hcp < 16:
        return PASS
    if x.is_major and ln(hand, x) >= 2 and ctx.cheapest(x) is not None and ctx.cheapest(x) <= 4:  # type: ignore[operator]
        return bid(4, x)
    if hand.is_balanced and ctx.cheapest(NT) == 3:
        return bid(3, NT)
    return PASS


def _resp1_meaning(ctx: Ctx, call: Call, me: Desc, descs: dict[Seat, Desc]) -> None:
    partner = ctx.seat.partner
    opening = ctx.bids[partner][0]
    x = opening.strain
    if x is None:
        return
    if opening.level >= 2 or x is NT:
        if call.is_bid:
            me.show(lo=16, to_play=True)
        return
    if call.kind is CallKind.DOUBLE:
        me.show(lo=6, forcing=True)
        return
    strain = call.strain
    if strain is None:
        return
    if strain is x:
        support = 3 if x.is_major else 5
        if call.level == 2:
            me.show(lo=6, hi=9, lens={x: support})
        elif call.level == 3:
            me.show(lo=10, hi=12, lens={x: support}, invite=True)
        else:
            me.show(lo=13, hi=16, lens={x: support})
        return
    if strain is NT:
        lo, hi = {1: (6, 10), 2: (11, 12), 3: (13, 15)}.get(call.level, (13, 17))
        me.show(lo=lo, hi=hi, bal=call.level >= 2, invite=call.level == 2,
                to_play=call.level >= 3)
        return
    if call.level == 1:
        me.show(lo=6, lens={strain: 4}, forcing=True)
    else:
        me.show(lo=10, lens={strain: 5 if strain is H or ctx.last_bidder is not partner else 4},
                forcing=True)


# -- opener's rebid ------------------------------------------------------------------------------


def _rebid_call(hand: Hand, ctx: Ctx, descs: dict[Seat, Desc]) -> Call | None:
    seat = ctx.seat
    partner = seat.partner
    opening = ctx.bids[seat][0]
    x = opening.strain
    if opening.level != 1 or x is None or x is NT:
        return None
    resp = ctx.actions[partner][0]
    pd = descs[partner]
    hcp = hand.hcp
    tp = length_points(hand)
    n_x = ln(hand, x)
    bal = hand.is_balanced
    if resp.kind is CallKind.DOUBLE:  # a negative double: bid an unbid major
        for m in MAJORS:
            if ln(hand, m) >= 4 and m not in ctx.suits_bid_by(tuple(Seat)):
                level = ctx.cheapest(m)
                if level is not None and level <= 2:
                    return bid(min(level + (tp >= 17), 4), m)
        return None
    y = resp.strain
    if y is None or resp.kind is not CallKind.BID:
        return None
    if ctx.last_bidder is not partner:
        return None  # the opponents came in: the general rules
    if y is x:  # partner raised
        total = tp + pd.lo
        if resp.level == 2:
            if total + 1 >= 25:
                return bid(GAME_LEVEL[x], x) if x.is_major else (bid(3, NT) if bal else bid(5, x))
            if total + 1 >= 23:
                return bid(3, x)
            return PASS
        if resp.level == 3:
            if total >= 33:
                return bid(6, x)
            if total + 1 >= 25:
                return bid(4, x) if x.is_major else bid(3, NT)
            return PASS
        return bid(6, x) if hcp + pd.lo >= 33 and ctx.cheapest(x) == 6 else PASS
    if y is NT:
        total = hcp + pd.lo
        if resp.level == 1:
            if n_x >= 6:
                return bid(3, x) if 16 <= tp <= 18 else bid(4, x) if tp >= 19 and x.is_major \
                    else bid(2, x)
            if bal:
                return bid(3, NT) if hcp >= 18 else bid(2, NT) if hcp >= 16 else PASS
            other = _second_suit(hand, x, hcp >= 17)
            if other is not None and ctx.cheapest(other) == 2:
                return bid(2, other)
            return bid(2, x) if n_x >= 5 else PASS
        if total >= 33:
            return bid(6, NT)
        if resp.level == 2:
            if total + 1 >= 25:
                return bid(4, x) if x.is_major and n_x >= 6 else bid(3, NT)
            return bid(3, x) if n_x >= 6 else PASS
        return PASS
    # a new suit: forcing
    support = ln(hand, y) >= (4 if resp.level == 1 or y.is_minor else 3)
    if support and y.is_major:
        total = dummy_points(hand, y) + pd.lo
        if total >= 25:
            return bid(4, y)
        level = ctx.cheapest(y)
        if level is None:
            return None
        return bid(level + 1, y) if total >= 22 and level + 1 < 4 else bid(level, y)
    if resp.level == 1:
        one = [m for m in (H, S) if m.value > y.value and ln(hand, m) >= 4]
        if one and not (bal and hcp >= 18):
            return bid(1, one[0])
        if bal:
            return bid(2, NT) if hcp >= 18 else bid(1, NT)
    else:
        if bal:
            return bid(3, NT) if hcp >= 15 else bid(2, NT)
    if n_x >= 6:
        level = ctx.cheapest(x)
        if level is None:
            return None
        return bid(level + 1, x) if tp >= 16 and level + 1 <= 3 else bid(level, x)
    other = _second_suit(hand, x, tp >= 17, exclude=y)
    if other is not None:
        level = ctx.cheapest(other)
        if level is not None and level <= 2 + (tp >= 16):
            return bid(level, other)
    if support and y.is_minor:
        return bid(3, NT) if hcp >= 15 else bid(ctx.cheapest(y) or 7, y)
    if n_x >= 5:
        level = ctx.cheapest(x)
        if level is not None and level <= 3:
            return bid(level, x)
    level = ctx.cheapest(NT)
    return bid(level, NT) if level is not None and level <= 3 else None


def _second_suit(hand: Hand, x: Strain, strong: bool, exclude: Strain | None = None) -> Strain | None:
    """A second four-card suit to show: lower-ranking than the first, or higher with a
    strong hand (a reverse)."""
    for m in (S, H, D, C):
        if m in (x, exclude) or ln(hand, m) < 4:
            continue
        if m.value < x.value or strong:
            return m
    return None


def _rebid_meaning(ctx: Ctx, call: Call, me: Desc) -> None:
    opening = ctx.bids[ctx.seat][0]
    x = opening.strain
    partner = ctx.seat.partner
    resp = ctx.actions[partner][0]
    if not call.is_bid or call.strain is None or x is None:
        return
    strain, level = call.strain, call.level
    jump = level > (ctx.cheapest(strain) or 8)
    if strain is NT:
        if level == 1:
            me.show(lo=12, hi=14, bal=True)
        elif level == 2:
            me.show(lo=18 if resp.level == 1 else 12, hi=19 if resp.level == 1 else 14, bal=True,
                    invite=resp.level == 1)
        else:
            me.show(lo=18, hi=19, bal=True, to_play=True)
    elif strain is x:
        me.show(lo=16 if jump else 12, hi=18 if jump else 15, lens={x: 6 if level >= 2 else 5},
                invite=jump and level < GAME_LEVEL[x], to_play=level >= GAME_LEVEL[x])
    elif resp.strain is strain:
        me.show(lo=15 if jump else 12, hi=18 if jump else 15, lens={strain: 4},
                invite=jump and level < GAME_LEVEL[strain], to_play=level >= GAME_LEVEL[strain])
    else:
        me.show(lo=12, hi=21, lens={strain: 4}, forcing=strain.value > x.value and level == 2)


# -- overcalls and advances --------------------------------------------------------------------


def _overcall_call(hand: Hand, ctx: Ctx) -> Call:
    last = ctx.last_bid
    assert last is not None and last.strain is not None
    hcp = hand.hcp
    # balancing: the opponents are about to stop low; act with a little less
    balancing = len(ctx.calls) >= 2 and ctx.calls[-1].kind is CallKind.PASS and \
        ctx.calls[-2].kind is CallKind.PASS
    lower = 3 if balancing and last.level <= 2 else 0
    theirs = ctx.suits_bid_by((ctx.seat.lho, ctx.seat.rho))
    if last.strain is NT:
        if last.level == 1 and hcp >= 16 and ctx.legal(DOUBLE):
            return DOUBLE
        best = longest(hand)
        level = ctx.cheapest(best)
        if last.level == 1 and ln(hand, best) >= 6 and hcp >= 8 and level == 2:
            return bid(2, best)
        return PASS
    y = last.strain
    if last.level == 1 and hand.is_balanced and 15 - lower <= hcp <= 18 and stopper(hand, y):
        return bid(1, NT)
    unbid = [s for s in (S, H, D, C) if s not in theirs]
    if last.level >= 2 and hand.is_balanced and hcp >= 16 and stopper(hand, y):
        level = ctx.cheapest(NT)
        if level is not None and level <= 3:
            return bid(max(level, 3 if hcp >= 19 else level), NT)
    long_suit = any(ln(hand, s) >= 6 or (ln(hand, s) >= 5 and s.is_major and last.level == 1)
                    for s in unbid)
    shape_ok = ln(hand, y) <= 2 and all(ln(hand, s) >= 3 for s in unbid)
    if ctx.legal(DOUBLE) and last.level <= 3 and (
            (hcp >= 12 - lower and shape_ok and not (long_suit and hcp <= 16))
            or (hcp >= 17 and ln(hand, y) <= 3)):
        return DOUBLE
    for suit in sorted(unbid, key=lambda s: (ln(hand, s), s.value), reverse=True):
        n = ln(hand, suit)
        level = ctx.cheapest(suit)
        if level is None or n < 5:
            continue
        need = {1: 8, 2: 10, 3: 12}.get(level)
        if need is None or (level == 3 and n < 6):
            continue
        if need - lower <= hcp <= 16 + (level == 1):
            return bid(level, suit)
    return PASS


def _advance_call(hand: Hand, ctx: Ctx, descs: dict[Seat, Desc]) -> Call | None:
    partner = ctx.seat.partner
    act = ctx.actions[partner][0]
    hcp = hand.hcp
    theirs = ctx.suits_bid_by((ctx.seat.lho, ctx.seat.rho))
    their_last = ctx.their_last_bid()
    # partner's double was the last call but right-hand opponent's pass: I must answer it
    doubled_just_now = (len(ctx.calls) >= 2 and ctx.calls[-1].kind is CallKind.PASS
                        and ctx.calls[-2].kind is CallKind.DOUBLE)
    if act.kind is CallKind.DOUBLE and their_last is not None and their_last.strain is NT:
        # a penalty double of notrump: stand it, unless too weak to defend
        best = longest(hand)
        level = ctx.cheapest(best)
        if hcp <= 4 and ln(hand, best) >= 5 and level is not None and level <= 2:
            return bid(level, best)
        return PASS
    if act.kind is CallKind.DOUBLE:
        forced = doubled_just_now
        y = their_last.strain if their_last is not None else None
        candidates = [s for s in (S, H, D, C) if s not in theirs]
        if not candidates:
            return PASS
        best = max(candidates, key=lambda s: (ln(hand, s) + (0.5 if s.is_major else 0), s.value))
        level = ctx.cheapest(best)
        if level is None:
            return PASS
        if not forced:
            return bid(level, best) if hcp >= 7 and level <= 2 and ln(hand, best) >= 5 else PASS
        stop = y is not None and y is not NT and stopper(hand, y)
        if hcp >= 12:
            if best.is_major and ln(hand, best) >= 4 and level <= 4:
                return bid(4, best)
            if stop and ctx.cheapest(NT) is not None and ctx.cheapest(NT) <= 3:  # type: ignore[operator]
                return bid(3, NT)
        if 9 <= hcp <= 11 and level + 1 <= 3:
            return bid(level + 1, best)
        if 6 <= hcp <= 9 and stop and hand.is_balanced and ctx.cheapest(NT) == 1 and \
                not any(ln(hand, m) >= 4 for m in MAJORS if m not in theirs):
            return bid(1, NT)
        return bid(level, best)
    x = act.strain
    if x is None or x is NT:
        return None
    supp = ln(hand, x)
    if supp >= 3:
        dp = dummy_points(hand, x)
        level = ctx.cheapest(x)
        if level is not None:
            if dp >= 13 and x.is_major and level <= 4:
                return bid(4, x)
            if 11 <= dp <= 12 and level + 1 <= 3:
                return bid(level + 1, x)
            if dp >= 8 and level <= 3:
                return bid(level, x)
    for suit in (S, H, D, C):
        if suit in theirs or suit is x or ln(hand, suit) < 5:
            continue
        level = ctx.cheapest(suit)
        if ((level == 1 and hcp >= 8) or (level == 2 and hcp >= 10)
                or (level == 3 and hcp >= 12 and ln(hand, suit) >= 6)):
            return bid(level, suit)
    y = their_last.strain if their_last is not None else None
    if y is not None and y is not NT and stopper(hand, y):
        target = 1 if hcp <= 11 else 2 if hcp <= 14 else 3
        level = ctx.cheapest(NT)
        if hcp >= 8 and level is not None and level <= target:
            return bid(target, NT)
    return PASS


def _advance_meaning(ctx: Ctx, call: Call, me: Desc, descs: dict[Seat, Desc]) -> None:
    partner = ctx.seat.partner
    act = ctx.actions[partner][0]
    if not call.is_bid or call.strain is None:
        if call.kind is CallKind.DOUBLE:
            me.show(lo=8)
        return
    strain, level = call.strain, call.level
    jump = level > (ctx.cheapest(strain) or 8)
    if act.strain is NT:
        me.show(hi=9, lens={strain: 5})  # competing over partner's notrump
        return
    if act.kind is CallKind.DOUBLE:
        if strain is NT:
            me.show(lo=6 if level == 1 else 12, hi=9 if level == 1 else 16, bal=True)
        elif level >= GAME_LEVEL[strain]:
            me.show(lo=12, lens={strain: 4}, to_play=True)
        else:
            me.show(lo=9 if jump else 0, hi=11 if jump else 8, lens={strain: 4}, invite=jump)
        return
    if strain is act.strain:
        me.show(lo=13 if level >= 4 else 11 if jump else 8, hi=16 if level >= 4 else 12 if jump else 10,
                lens={strain: 3}, invite=jump, to_play=level >= 4)
    elif strain is NT:
        me.show(lo={1: 8, 2: 12}.get(level, 15), hi={1: 11, 2: 14}.get(level, 18), bal=True)
    else:
        me.show(lo={1: 8, 2: 10}.get(level, 12), hi=16, lens={strain: 5})


# -- placing the contract (later rounds, and every auction the rules do not know) -----------


def _later_meaning(ctx: Ctx, call: Call, me: Desc, descs: dict[Seat, Desc]) -> None:
    if call.kind is CallKind.DOUBLE:
        me.show(lo=me.lo)
        return
    strain = call.strain
    if strain is None:
        return
    ours = ctx.suits_bid_by((ctx.seat, ctx.seat.partner))
    theirs = ctx.suits_bid_by((ctx.seat.lho, ctx.seat.rho))
    partner_suits = ctx.suits_bid_by((ctx.seat.partner,))
    game = call.level >= GAME_LEVEL[strain]
    if strain is NT:
        me.show(lo=me.lo, bal=True, to_play=game)
    elif strain in partner_suits:
        me.show(lo=me.lo, lens={strain: 3}, to_play=game)
    elif strain in ours:
        me.show(lo=me.lo, lens={strain: 6}, to_play=game)
    elif strain in theirs:
        me.show(lo=max(me.lo, 12), forcing=True)  # a cue-bid
    else:
        opponents_quiet = not any(ctx.actions[s] for s in (ctx.seat.lho, ctx.seat.rho))
        me.show(lo=me.lo, lens={strain: 4}, forcing=not game and opponents_quiet)


def _place(hand: Hand, ctx: Ctx, descs: dict[Seat, Desc], vul: Vulnerability) -> Call:
    seat = ctx.seat
    partner = seat.partner
    pd = descs[partner]
    my = descs[seat]
    hcp = hand.hcp
    ours_last = ctx.last_bidder is not None and ctx.last_bidder.side is seat.side
    theirs = ctx.suits_bid_by((seat.lho, seat.rho))
    our_suits = ctx.suits_bid_by((seat, partner))
    game_forced = ctx.first_bidder is not None and ctx.first_bidder.side is seat.side and \
        ctx.bids[ctx.first_bidder][0] == bid(2, C)

    # the fit: our eight-card (or longer) suits, majors first
    fits = []
    for strain in (S, H, D, C):
        total = ln(hand, strain) + pd.lens[strain.value]
        if total >= 8 and strain not in theirs:
            fits.append((strain.is_major, total, strain.value, strain))
    fits.sort(reverse=True)
    fit = fits[0][3] if fits else None
    fit_len = fits[0][1] if fits else 0
    pts = hcp
    if fit is not None:
        pts = max(hcp, dummy_points(hand, fit) if pd.lens[fit.value] >= ln(hand, fit)
                  else length_points(hand))
    lo = pts + pd.lo
    exp = pts + pd.expected
    if pd.invite:
        # partner invites: accept with the upper half of what I have shown
        exp = max(exp, 25) if hcp >= my.expected else min(exp, 24)

    stopped = all(stopper(hand, s) or pd.lens[s.value] >= 4 for s in theirs)
    short = min(lens(hand))
    if fit is not None and (fit.is_major or not (stopped and short >= 2 and exp < 29)):
        strain = fit
    elif stopped and (short >= 2 or pd.bal):
        strain = NT
    elif fit is not None:
        strain = fit
    else:
        # no fit yet: my long suit, partner's suit, or notrump
        mine = longest(hand, tuple(s for s in (S, H, D, C) if s not in theirs) or (S, H, D, C))
        partner_long = max((S, H, D, C), key=lambda s: (pd.lens[s.value], s.value))
        if ln(hand, mine) >= 6:
            strain = mine
        elif pd.lens[partner_long.value] >= 5 and ln(hand, partner_long) >= 2:
            strain = partner_long
        elif ln(hand, mine) >= 5 and mine not in our_suits:
            strain = mine
        else:
            strain = NT if stopped else mine

    # the level
    if lo >= 37:
        target = 7
    elif lo >= 33:
        target = 6
    elif exp >= 25 or game_forced:
        target = GAME_LEVEL[strain]
        if strain.is_minor and exp < 28:
            target = 3 if not stopped else target
            if stopped:
                strain, target = NT, 3
    else:
        contested = any(ctx.actions[s] for s in (seat.lho, seat.rho))
        # the law of total tricks when they compete; the two level when they do not
        lott = min(fit_len - 6, 3) if contested else 2 + (exp >= 23 and fit_len >= 8)
        target = max(1, lott) if fit is not None else 2 if exp >= 20 else 1
        if fit is None and strain is NT:
            target = 1 if exp < 22 else 2
        elif fit is None and ln(hand, strain) >= 6 and hcp >= 10:
            target = 2  # a long suit competes for the partscore
    level = ctx.cheapest(strain)

    current = ctx.last_bid
    if ours_last and current is not None and current.strain is not None:
        cur_game = current.level >= GAME_LEVEL[current.strain] or current.level >= 4
        if pd.to_play and target < 6:
            return PASS
        if cur_game and target < 6:
            return PASS
        forced = pd.forcing and ctx.last_bidder is partner and ctx.calls[-1].kind is CallKind.PASS
        wants_game = target >= GAME_LEVEL[strain] or (strain is NT and target >= 3)
        if current.level >= target and not forced and not wants_game:
            return PASS
    if level is None:
        return _penalty(hand, ctx, pd, exp)
    if level <= target:
        return bid(max(level, target) if target >= GAME_LEVEL[strain] or target >= 6 else level,
                   strain)
    # cannot bid the strain at its level: forced by partner, take the cheapest sensible bid
    if ours_last and pd.forcing and ctx.last_bidder is partner and level <= 4:
        return bid(level, strain)
    if not ours_last:
        return _penalty(hand, ctx, pd, exp)
    return PASS


def _penalty(hand: Hand, ctx: Ctx, pd: Desc, exp: float) -> Call:
    """A penalty double, rarely: the opponents outbid a side that holds the balance of
    strength at the three level or higher, or bid on over our game."""
    last = ctx.last_bid
    if last is None or last.strain is None or not ctx.legal(DOUBLE):
        return PASS
    trumps = ln(hand, last.strain) if last.strain is not NT else 0
    if exp >= 26 and last.level >= 4:
        return DOUBLE
    if exp >= 23 and last.level >= 3 and (last.strain is NT or trumps >= 3):
        return DOUBLE
    return PASS


# -- the call ------------------------------------------------------------------------------------


def decide(hand: Hand, auction: Auction, vulnerability: Vulnerability) -> Call:
    """The call by the rules, not yet checked (tests call this to see rule errors)."""
    ctx = Ctx(auction)
    descs = describe(auction)
    kind = situation(ctx)
    call: Call | None = None
    if kind == "open":
        call = _open_call(hand, ctx, vulnerability)
    elif kind == "nt":
        call = _nt_call(hand, ctx, descs)
    elif kind == "2c":
        call = _two_clubs_call(hand, ctx, descs)
    elif kind == "resp1":
        call = _resp1_call(hand, ctx, descs)
    elif kind == "rebid":
        call = _rebid_call(hand, ctx, descs)
    elif kind == "overcall":
        call = _overcall_call(hand, ctx)
    elif kind == "advance":
        call = _advance_call(hand, ctx, descs)
    if call is None or not ctx.legal(call):
        call = _place(hand, ctx, descs, vulnerability)
    return call if ctx.legal(call) else PASS


def robot_call(hand: Hand, auction: Auction, vulnerability: Vulnerability) -> Call:
    """The robot's call for ``auction.next_seat`` holding ``hand``: always one of
    ``auction.legal_calls()``.  A finished auction raises :class:`IllegalCallError`."""
    if auction.is_complete:
        raise IllegalCallError(
            f"the robot has no call to make: the auction is over ({auction})",
            f"机器人无需叫牌：叫牌已经结束（{auction.format('zh')}）",
        )
    try:
        return decide(hand, auction, vulnerability)
    except Exception:
        # A table must never stop because a rule met an auction it did not foresee (the
        # tests run `decide` itself, so such an auction shows up there): pass instead.
        return PASS
