"""Overcalls, takeout doubles and their advances."""

from __future__ import annotations

from ...core.auction import Call, CallKind
from ...core.deal import Hand
from ...core.seat import Seat
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
    longest,
    stopper,
)

# -- overcalls and advances --------------------------------------------------------------------


def overcall_call(hand: Hand, ctx: Ctx) -> Call:
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
        # long suits count: a point for each card past the fourth
        if need - lower <= length_points(hand) and hcp <= 16 + (level == 1):
            return bid(level, suit)
    return PASS


def advance_call(hand: Hand, ctx: Ctx, descs: dict[Seat, Desc]) -> Call | None:
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
        if hcp >= 9 and level >= 3 and best.is_major and ln(hand, best) >= 5 and level <= 4:
            return bid(4, best)  # a double at the three level: game with values and a suit
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


def advance_meaning(ctx: Ctx, call: Call, me: Desc, descs: dict[Seat, Desc]) -> None:
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
