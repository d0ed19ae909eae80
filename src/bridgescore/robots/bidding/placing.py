"""Placing the contract: the later rounds, and every auction the first-round rules do not
know (a human's odd sequence, doubles, high bids)."""

from __future__ import annotations

from ...core.auction import Call, CallKind
from ...core.cards import Rank, Suit
from ...core.deal import Hand
from ...core.seat import Seat
from ...core.vulnerability import Vulnerability
from .context import (
    DOUBLE,
    GAME_LEVEL,
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

# -- placing the contract (later rounds, and every auction the rules do not know) -----------


ACES_ASK = bid(4, NT)
# Blackwood's answers: 5♣ no ace (or all four), 5♦ one, 5♥ two, 5♠ three
ANSWERS = (bid(5, C), bid(5, D), bid(5, H), bid(5, S))


def blackwood(ctx: Ctx) -> str | None:
    """``"answer"`` when partner has just asked for aces (4NT after our side bid a suit),
    ``"decide"`` when partner has just answered my 4NT, else ``None``."""
    seat, partner = ctx.seat, ctx.seat.partner
    if ctx.last_bidder is not partner or ctx.last_bid is None:
        return None
    suits = ctx.suits_bid_by((seat, partner))
    if ctx.last_bid == ACES_ASK and suits and ACES_ASK not in ctx.bids[seat]:
        return "answer"
    mine = ctx.bids[seat]
    if mine and mine[-1] == ACES_ASK and ctx.last_bid in ANSWERS:
        return "decide"
    return None


def aces(hand: Hand) -> int:
    return sum(1 for suit in Suit if Rank.ACE in hand.ranks(suit))


def later_meaning(ctx: Ctx, call: Call, me: Desc, descs: dict[Seat, Desc]) -> None:
    state = blackwood(ctx)
    if call == ACES_ASK and ctx.suits_bid_by((ctx.seat, ctx.seat.partner)):
        me.show(forcing=True)  # asks for aces: shows no suit
        return
    if state == "answer" and call in ANSWERS:
        me.show(forcing=True)  # an answer shows aces, not the suit named
        return
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


def place(hand: Hand, ctx: Ctx, descs: dict[Seat, Desc], vul: Vulnerability) -> Call:
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
    # shortness matters for notrump only in the suits partner has not shown
    short = min((ln(hand, s) for s in (S, H, D, C) if pd.lens[s.value] < 4), default=3)
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

    # slam: ask for aces with 31 or more between the hands and a suit agreed
    state = blackwood(ctx)
    if state == "answer":
        answer = ANSWERS[aces(hand) % 4]
        return answer if ctx.legal(answer) else PASS
    if state == "decide" and fit is not None and ctx.last_bid is not None:
        theirs_aces = ANSWERS.index(ctx.last_bid)
        total = aces(hand) + (4 if theirs_aces == 0 and aces(hand) == 0 else theirs_aces)
        call = bid(5 if total <= 2 else 7 if total == 4 and lo >= 35 else 6, fit)
        if not ctx.legal(call):
            call = bid(6, fit)
        return call if ctx.legal(call) else PASS
    if (fit is not None and lo >= 31 and ACES_ASK not in ctx.bids[seat] and ctx.legal(ACES_ASK)
            and ctx.last_bid is not None and ctx.last_bid.level <= 4 and not theirs):
        return ACES_ASK

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
    if (fit is None and strain is not NT and target < 6 and target >= GAME_LEVEL[strain]
            and ln(hand, strain) + pd.lens[strain.value] < 8 and ln(hand, strain) < 6):
        # game values but no fit: not a game in a suit that may be short; the cheapest bid
        # in it (partner's next call can still reach game), notrump when all is stopped
        if stopped:
            strain, target = NT, 3
        else:
            target = min(3, ctx.cheapest(strain) or 8)
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
