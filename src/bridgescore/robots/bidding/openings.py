"""Openings, and the notrump and 2♣ sequences while the opponents pass."""

from __future__ import annotations

from ...core.auction import Call, CallKind
from ...core.cards import Suit
from ...core.deal import Hand
from ...core.seat import Seat
from ...core.strain import Strain
from ...core.vulnerability import Vulnerability
from .context import GAME_LEVEL, MAJORS, NT, PASS, C, Ctx, D, Desc, H, S, bid, lens, ln, longest

# -- opening -----------------------------------------------------------------------------------


def open_call(hand: Hand, ctx: Ctx, vul: Vulnerability) -> Call:
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


def open_meaning(ctx: Ctx, call: Call, me: Desc) -> None:
    if call.kind is not CallKind.BID or call.strain is None:
        return
    level, strain = call.level, call.strain
    if (level, strain) == (2, C):
        me.show(lo=22, forcing=True)
    elif (level, strain) == (2, NT):
        me.show(lo=20, hi=21, bal=True, lens={S: 2, H: 2, D: 2, C: 2})
    elif (level, strain) == (1, NT):
        me.show(lo=15, hi=17, bal=True, lens={S: 2, H: 2, D: 2, C: 2})
    elif level == 1:
        me.show(lo=11, hi=21, lens={strain: 5 if strain.is_major else 3})
    elif level == 2:
        me.show(lo=5, hi=10, lens={strain: 6})
    elif level == 3:
        me.show(lo=5, hi=10, lens={strain: 7})
    else:
        me.show(lo=5, hi=12, lens={strain: 7})


# -- notrump sequences -------------------------------------------------------------------------


def nt_call(hand: Hand, ctx: Ctx, descs: dict[Seat, Desc]) -> Call | None:
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


def nt_meaning(ctx: Ctx, call: Call, me: Desc) -> None:
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


def two_clubs_call(hand: Hand, ctx: Ctx, descs: dict[Seat, Desc]) -> Call | None:
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


def two_clubs_meaning(ctx: Ctx, call: Call, me: Desc) -> None:
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
