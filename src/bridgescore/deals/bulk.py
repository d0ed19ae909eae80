"""Bulk dealing for simulation, with NumPy: millions of deals a second, with constraints.

A batch of deals is an ``(n, 52)`` array of seat numbers (0 N, 1 E, 2 S, 3 W) indexed by
card (``Card.index``: clubs 2 first, spade ace last).  Each row is made by sorting 52 random
32-bit keys and giving the cards, in that order, 13 to each seat; a sort of random keys is a
uniform permutation except when two keys tie (about 3 deals in 10 million), a bias far below
anything a simulation can measure.  Pre-dealt cards are fixed and only the rest are shuffled.

>>> from bridgescore.core.seat import Seat
>>> c = Constraints.parse(["N:hcp=20-", "S:S=5-,balanced=no"])
>>> deals = generate(100, c, seed=7)
>>> deals.shape, bool((hcp(deals)[:, 0] >= 20).all()), bool((lengths(deals)[:, 2, 3] >= 5).all())
((100, 52), True, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.cards import Suit
from ..core.deal import Deal
from ..core.errors import NotationError
from ..core.i18n import plural
from ..core.seat import Seat

if TYPE_CHECKING:
    import numpy.typing as npt

    Array = npt.NDArray[Any]

__all__ = ["Constraints", "SeatConstraint", "deal_array", "generate", "hcp", "lengths", "to_deals"]

def deal_array(
    n: int, seed: int | None = None, predeal: Deal | None = None, rng: Any = None,
    chunk: int = 32768,
) -> Array:
    """``n`` random deals as an ``(n, 52)`` uint8 array of seats; ``predeal`` fixes cards."""
    import numpy as np
    if rng is None:
        rng = np.random.default_rng(seed)
    fixed = np.full(52, 255, dtype=np.uint8)
    capacity = [13, 13, 13, 13]
    if predeal is not None:
        for seat in Seat:
            for card in predeal[seat]:
                fixed[card.index] = seat.value
            capacity[seat.value] -= len(predeal[seat])
        if min(capacity) < 0:
            raise NotationError("a seat has more than 13 pre-dealt cards", "某家预发的牌超过 13 张")
    free = np.flatnonzero(fixed == 255)
    labels = np.repeat(np.arange(4, dtype=np.uint8), capacity)
    out = np.empty((n, 52), dtype=np.uint8)
    out[:] = fixed
    m = len(free)
    if m == 0:
        return out
    for start in range(0, n, chunk):
        k = min(chunk, n - start)
        keys = rng.integers(0, 1 << 32, size=(k, m), dtype=np.uint32)
        order = np.argsort(keys, axis=1)
        if m == 52:
            out[start : start + k] = labels[order]
        else:
            out[start : start + k, free] = labels[order]
    return out


def hcp(deals: Array) -> Array:
    """``(n, 4)`` high-card points of each seat."""
    import numpy as np
    idx = np.array([s * 13 + r for s in range(4) for r in range(9, 13)])
    weights = np.array([1, 2, 3, 4] * 4, dtype=np.int16)
    honours = deals[:, idx]
    out = np.empty((deals.shape[0], 4), dtype=np.int16)
    for seat in range(4):
        out[:, seat] = (honours == seat) @ weights
    return out


def lengths(deals: Array) -> Array:
    """``(n, 4, 4)`` suit lengths: ``[deal, seat, suit]`` with suits in bridge order (C D H S)."""
    import numpy as np
    out = np.empty((deals.shape[0], 4, 4), dtype=np.int8)
    for suit in range(4):
        block = deals[:, suit * 13 : suit * 13 + 13]
        for seat in range(4):
            out[:, seat, suit] = (block == seat).sum(axis=1)
    return out


@dataclass(frozen=True, slots=True)
class SeatConstraint:
    """What one seat must hold: an HCP range, suit-length ranges, balanced or not, or one of
    a list of exact shapes (spades, hearts, diamonds, clubs)."""

    seat: Seat
    hcp: tuple[int, int] = (0, 40)
    suits: tuple[tuple[Suit, int, int], ...] = ()
    balanced: bool | None = None
    shapes: tuple[tuple[int, int, int, int], ...] = ()
    spec: str = ""  # the text it was parsed from, to name it in messages

    @property
    def name(self) -> str:
        return self.spec or f"{self.seat.letter}:hcp={self.hcp[0]}-{self.hcp[1]}"

    def mask(self, deals: Array, cache: dict[str, Array]) -> Array:
        import numpy as np
        ok = np.ones(deals.shape[0], dtype=bool)
        s = self.seat.value
        if self.hcp != (0, 40):
            if "hcp" not in cache:
                cache["hcp"] = hcp(deals)
            h = cache["hcp"][:, s]
            ok &= (h >= self.hcp[0]) & (h <= self.hcp[1])
        if self.suits or self.balanced is not None or self.shapes:
            if "len" not in cache:
                cache["len"] = lengths(deals)
            ln = cache["len"][:, s, :]
            for suit, lo, hi in self.suits:
                col = ln[:, suit.value]
                ok &= (col >= lo) & (col <= hi)
            if self.balanced is not None:
                bal = (ln >= 2).all(axis=1) & ((ln == 2).sum(axis=1) <= 1) & (ln.max(axis=1) <= 5)
                ok &= bal if self.balanced else ~bal
            if self.shapes:
                any_shape = np.zeros(deals.shape[0], dtype=bool)
                for shape in self.shapes:
                    # shape is S H D C; columns are C D H S
                    any_shape |= (ln == np.array(shape[::-1])).all(axis=1)
                ok &= any_shape
        return ok


_RANGE_RE = re.compile(r"(\d{1,3})?\s*(-)?\s*(\d{1,3})?")  # longer is no count of cards


def _range(text: str, top: int, what: str) -> tuple[int, int]:
    m = _RANGE_RE.fullmatch(text.strip())
    if m is None or (m[1] is None and m[3] is None):
        raise NotationError(
            f"invalid {what} range {text!r}: expected e.g. 15-17, 20- or -9 or 5",
            f"无效的{what}范围 {text!r}：应为如 15-17、20-、-9 或 5",
        )
    lo = int(m[1]) if m[1] else 0
    hi = int(m[3]) if m[3] else (top if m[2] else lo)
    if lo > hi or hi > top:
        raise NotationError(f"invalid {what} range {text!r}: must lie within 0-{top}",
                            f"无效的{what}范围 {text!r}：应在 0-{top} 之间")
    return lo, hi


@dataclass(frozen=True, slots=True)
class Constraints:
    seats: tuple[SeatConstraint, ...] = ()
    predeal: Deal | None = None

    def mask(self, deals: Array) -> Array:
        import numpy as np
        ok = np.ones(deals.shape[0], dtype=bool)
        cache: dict[str, Array] = {}
        for c in self.seats:
            ok &= c.mask(deals, cache)
        return ok

    @classmethod
    def parse(cls, specs: Iterable[str], predeal: Deal | str | None = None) -> Constraints:
        """``"N:hcp=20-"``, ``"S:S=5-,H=0-1"``, ``"E:balanced"``, ``"W:shape=4333/4432"``;
        ``predeal`` is a PBN deal with ``-`` for hands not pre-dealt (or partial hands)."""
        out = []
        for spec in specs:
            head, sep, body = spec.partition(":")
            if not sep:
                raise NotationError(
                    f"invalid constraint {spec!r}: expected SEAT:conditions, e.g. 'N:hcp=20-'",
                    f"无效的条件 {spec!r}：应为 方位:条件，如 'N:hcp=20-'",
                )
            seat = Seat.parse(head)
            hcp_range = (0, 40)
            suits: list[tuple[Suit, int, int]] = []
            balanced: bool | None = None
            shapes: list[tuple[int, int, int, int]] = []
            for item in body.split(","):
                key, _, value = item.strip().partition("=")
                key = key.strip().lower()
                if key == "hcp":
                    hcp_range = _range(value, 40, "HCP")
                elif key == "balanced":
                    balanced = value.strip().lower() not in ("no", "n", "false", "0")
                elif key == "shape":
                    for shape in value.split("/"):
                        digits = shape.strip()
                        if len(digits) != 4 or not digits.isdigit() or sum(map(int, digits)) != 13:
                            raise NotationError(
                                f"invalid shape {shape!r}: expected four lengths adding to 13, e.g. 5431",
                                f"无效的牌型 {shape!r}：应为四门长度之和为 13，如 5431",
                            )
                        a, b, c, d = map(int, digits)
                        shapes.append((a, b, c, d))
                else:
                    try:
                        suit = Suit.parse(key)
                    except NotationError:
                        raise NotationError(
                            f"invalid constraint {item.strip()!r}: expected hcp=, S=, H=, D=, C=, "
                            "balanced or shape=",
                            f"无效的条件 {item.strip()!r}：应为 hcp=、S=、H=、D=、C=、balanced 或 shape=",
                        ) from None
                    lo, hi = _range(value, 13, "length")
                    suits.append((suit, lo, hi))
            out.append(SeatConstraint(seat, hcp_range, tuple(suits), balanced, tuple(shapes),
                                      " ".join(spec.split())))
        pre = Deal.from_pbn(predeal, complete=False) if isinstance(predeal, str) else predeal
        return cls(tuple(out), pre)

    def check(self) -> None:
        """Raise for constraints that no deal can meet, found cheaply from card counts, so
        that rejection sampling is never started on a hopeless search."""
        for c in self.seats:
            _check_seat(c, self.predeal)
        # Each hand holds at least the larger of its pre-dealt HCP and its lowest minimum.
        lows: dict[Seat, int] = {}
        named: list[str] = []
        for c in self.seats:
            if c.hcp[0] > 0:
                named.append(c.name)
                lows[c.seat] = max(lows.get(c.seat, 0), c.hcp[0])
        total = sum(max(low, _hcp_of(self.predeal, seat)) for seat, low in lows.items())
        if total > 40 and len(lows) > 1:
            what = " and ".join(named)
            raise NotationError(
                f"no deal satisfies {what} (the hands need at least {total} HCP; the deck has 40)",
                f"没有满足 {'、'.join(named)} 的牌（这几手牌至少共需{total}点，整副牌只有40点）",
            )


_HONOUR_HCP = {12: 4, 11: 3, 10: 2, 9: 1}  # rank index (two = 0) of A K Q J -> points


def _hcp_of(predeal: Deal | None, seat: Seat) -> int:
    if predeal is None:
        return 0
    return sum(_HONOUR_HCP.get(card.index % 13, 0) for card in predeal[seat])


def _check_seat(c: SeatConstraint, predeal: Deal | None) -> None:
    seat = c.seat
    own = list(predeal[seat]) if predeal is not None else []
    taken = {card.index for s in Seat for card in predeal[s]} if predeal is not None else set()
    room = 13 - len(own)
    free = [i for i in range(52) if i not in taken]
    have = _hcp_of(predeal, seat)
    best = have + sum(sorted((_HONOUR_HCP.get(i % 13, 0) for i in free), reverse=True)[:room])
    who_zh = seat.name_in("zh")
    lo, hi = c.hcp
    why: tuple[str, str] | None = None
    if lo > best:
        if predeal is None or not taken:
            why = (f"a hand holds at most {best} HCP", f"一手牌最多{best}点")
        else:
            why = (f"with the pre-dealt cards, {seat.letter} can hold at most {best} HCP",
                   f"按预发的牌，{who_zh}家最多只能有{best}点")
    elif have > hi:
        why = (f"the pre-dealt cards of {seat.letter} already have {have} HCP",
               f"{who_zh}家预发的牌已有{have}点")
    for suit, s_lo, s_hi in c.suits:
        if why is not None:
            break
        held = sum(1 for card in own if card.index // 13 == suit.value)
        most = held + min(room, sum(1 for i in free if i // 13 == suit.value))
        if held > s_hi:
            why = (f"{seat.letter} already has {held} pre-dealt cards in {suit.letter}",
                   f"{who_zh}家预发的 {suit.letter} 已有{held}张")
        elif s_lo > most:
            why = (f"{seat.letter} can hold at most {most} cards in {suit.letter}",
                   f"{who_zh}家的 {suit.letter} 最多只能有{most}张")
    if why is not None:
        raise NotationError(f"no deal satisfies {c.name} ({why[0]})",
                            f"没有满足 {c.name} 的牌（{why[1]}）")


def generate(
    n: int, constraints: Constraints | None = None, seed: int | None = None,
    batch: int = 262144, max_deals: int = 10**8,
) -> Array:
    """``n`` deals meeting the constraints (rejection sampling in batches).  Constraints that
    no deal can meet raise at once; otherwise the search gives up after ``max_deals`` tries
    (a bound on the time spent: roughly a second for every million deals tried)."""
    import numpy as np
    rng = np.random.default_rng(seed)
    c = constraints or Constraints()
    c.check()
    parts = []
    have = 0
    tried = 0
    while have < n:
        if tried >= max_deals:
            en_names = " and ".join(s.name for s in c.seats) or "the pre-dealt cards"
            zh_names = "、".join(s.name for s in c.seats) or "预发的牌"
            if have == 0:
                raise NotationError(
                    f"no deal satisfies {en_names} in {tried} attempts",
                    f"尝试 {tried} 次后仍没有满足 {zh_names} 的牌",
                )
            raise NotationError(
                f"only {have} of {plural(n, 'deal', 'deals')} satisfied {en_names} in {tried} "
                "attempts",
                f"尝试 {tried} 次后只有 {have} 副（共需 {n} 副）满足 {zh_names}",
            )
        size = min(batch if c.seats else min(batch, n - have), max_deals - tried)
        deals = deal_array(size, predeal=c.predeal, rng=rng)
        tried += size
        if c.seats:
            deals = deals[c.mask(deals)]
        parts.append(deals[: n - have])
        have += len(parts[-1])
    return np.concatenate(parts) if len(parts) > 1 else parts[0]


def to_deals(deals: Array | Sequence[Sequence[int]]) -> list[Deal]:
    return [Deal.from_seat_of_card(row.tolist() if hasattr(row, "tolist") else row) for row in deals]

