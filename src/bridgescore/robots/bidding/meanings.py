"""What each call shows, read with the same rules the robots bid by."""

from __future__ import annotations

from ...core.auction import Auction, Call, CallKind
from ...core.seat import Seat
from .competition import advance_meaning
from .context import NT, C, Ctx, D, Desc, H, S, situation
from .openings import nt_meaning, open_meaning, two_clubs_meaning
from .placing import later_meaning
from .responses import rebid_meaning, resp1_meaning


def describe(auction: Auction) -> dict[Seat, Desc]:
    """What each seat's calls have shown, read with the same rules the robots bid by."""
    out = {s: Desc() for s in Seat}
    for i in range(len(auction.calls)):
        ctx = Ctx(auction.dealer, auction.calls[:i])
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
        open_meaning(ctx, call, me)
    elif kind == "nt":
        nt_meaning(ctx, call, me)
    elif kind == "2c":
        two_clubs_meaning(ctx, call, me)
    elif kind == "resp1":
        resp1_meaning(ctx, call, me, descs)
    elif kind == "rebid":
        rebid_meaning(ctx, call, me)
    elif kind == "overcall":
        if call.kind is CallKind.DOUBLE:
            me.show(lo=12, forcing=True)
        elif strain is NT and call.level == 1:
            me.show(lo=15, hi=18, bal=True, lens={S: 2, H: 2, D: 2, C: 2})
        elif strain is not None:
            me.show(lo=8 + 2 * (call.level - 1), hi=16, lens={strain: 5 + (call.level >= 3)})
    elif kind == "advance":
        advance_meaning(ctx, call, me, descs)
    else:
        later_meaning(ctx, call, me, descs)
