"""Responses to one of a suit, and opener's rebid."""

from __future__ import annotations

from ...core.auction import Call, CallKind
from ...core.deal import Hand
from ...core.seat import Seat
from ...core.strain import Strain
from .context import (
    DOUBLE,
    GAME_LEVEL,
    MAJORS,
    NT,
    PASS,
    C,
    Ctx,
    D,
    Desc,
    H,
    S,
    bid,
    dummy_points,
    length_points,
    ln,
    stopper,
)

# -- responses to one of a suit ----------------------------------------------------------------


def resp1_call(hand: Hand, ctx: Ctx, descs: dict[Seat, Desc]) -> Call | None:
    partner = ctx.seat.partner
    opening = ctx.bids[partner][0]
    x = opening.strain
    assert x is not None
    if x is NT:
        return None  # partner's notrump was overcalled: place the contract
    if opening.level >= 2:
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
        others = [m for m in (S, H, D, C) if m is not x and m is not y]
        if not unbid_majors and hcp >= 8 and all(ln(hand, m) >= 4 for m in others):
            return DOUBLE  # negative double: the two unbid minors
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


def resp1_meaning(ctx: Ctx, call: Call, me: Desc, descs: dict[Seat, Desc]) -> None:
    partner = ctx.seat.partner
    opening = ctx.bids[partner][0]
    x = opening.strain
    if x is None:
        return
    if x is NT:
        if call.is_bid and call.strain is not None:
            me.show(lens={call.strain: 5})  # a free bid over the overcall of our notrump
        return
    if opening.level >= 2:
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


def rebid_call(hand: Hand, ctx: Ctx, descs: dict[Seat, Desc]) -> Call | None:
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


def rebid_meaning(ctx: Ctx, call: Call, me: Desc) -> None:
    opening = ctx.bids[ctx.seat][0]
    x = opening.strain
    partner = ctx.seat.partner
    resp = ctx.actions[partner][0]
    if not call.is_bid or call.strain is None or x is None:
        return
    strain, level = call.strain, call.level
    jump = level > (ctx.cheapest(strain) or 8)
    if resp.kind is CallKind.DOUBLE:  # answering a negative double: a jump shows extras
        me.show(lo=16 if jump else 12, hi=18 if jump else 15, lens={strain: 4} if strain is not NT
                else None, bal=strain is NT)
        return
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
