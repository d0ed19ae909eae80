"""The one ranking engine for pairs, teams and Swiss events: order, tie-breaks, shared places.

``place(items, score, tie_breaks)`` orders by ``score`` (higher first), then splits each group
of equal scores with a **tie-break chain**: a sequence of ``TieBreak`` values, each a name and
a key (higher is better) that may look at the whole tied group (head to head does).  The first
tie-break that separates anyone in the group splits it; each smaller group still tied starts
again from the first tie-break (among fewer teams, head to head may now decide).  Whoever is
still level shares the place, written ``2=``, and the next place skips (1, 2=, 2=, 4).

Scores are compared exactly (whole numbers or ``Fraction``), never after rounding: a tie is
a tie in the arithmetic of the Laws, not at the sixth decimal.

Pairs sessions (``rank``) use two rules:

* ``"shared"`` (default, as at club pairs): no tie-break; equal scores share the place.
* ``"swiss"`` (the online Swiss pairs of the seeds, 002): equal scores are split by more
  boards completed, then by earlier registration; only pairs that completed at least
  ``completion`` of the scheduled boards are ranked (002: "usually 60% to 80%"); the others
  are listed after them without a place.

Matchpoint fields rank by percentage (fair when pairs played different numbers of boards);
IMP and total-point fields by total.  Two-winner sessions rank NS and EW separately.

>>> from bridgescore.sessions.scores import PairScore
>>> ps = [PairScore("A", None, 10, 4), PairScore("B", None, 12, 4), PairScore("C", None, 10, 4)]
>>> [(p.pair, p.place) for p in rank(ps)]
[('B', '1'), ('A', '2='), ('C', '2=')]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import groupby
from typing import Any, Generic, Literal, TypeVar

from ..core.errors import BridgeError
from ..core.seat import Side
from .scores import PairScore

__all__ = ["Placed", "Rule", "TieBreak", "boards_needed", "exact_key", "natural_key", "pair_score",
           "place", "rank"]

Rule = Literal["shared", "swiss"]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class TieBreak(Generic[T]):
    """One link of a tie-break chain: ``key(member, group)``, higher is better."""

    name: str
    key: Callable[[T, Sequence[T]], Any]


@dataclass(frozen=True, slots=True)
class Placed(Generic[T]):
    item: T
    place: str  # "1", "2=", …
    rank: int  # 1-based; shared by everyone in a tied group


def place(items: Sequence[T], score: Callable[[T], Any],
          tie_breaks: Sequence[TieBreak[T]] = (),
          display: Callable[[T], Any] | None = None) -> list[Placed[T]]:
    """Order ``items`` best first with places.  ``display`` orders the members of a group that
    stays tied (default: as given)."""
    position = {id(x): i for i, x in enumerate(items)}
    show = display or (lambda x: position[id(x)])
    groups: list[list[T]] = []
    for _, same in groupby(sorted(items, key=score, reverse=True), key=score):
        groups.extend(_split(list(same), tie_breaks))
    out: list[Placed[T]] = []
    for group in groups:
        first = len(out) + 1
        label = f"{first}=" if len(group) > 1 else str(first)
        out.extend(Placed(x, label, first) for x in sorted(group, key=show))
    return out


def _split(group: list[T], chain: Sequence[TieBreak[T]]) -> list[list[T]]:
    if len(group) < 2:
        return [group]
    for tb in chain:
        keys = {id(x): tb.key(x, group) for x in group}
        ordered = sorted(group, key=lambda x: keys[id(x)], reverse=True)
        parts = [list(g) for _, g in groupby(ordered, key=lambda x: keys[id(x)])]
        if len(parts) > 1:
            return [sub for part in parts for sub in _split(part, chain)]
    return [group]


def natural_key(pair: str | int) -> tuple[int, str]:
    """Ids in number order (2 before 10), text ids after them in text order."""
    text = str(pair)
    # isdecimal, not isdigit: "²" is a digit that int() refuses; and no int() of thousands
    # of digits (Python refuses those too).
    return (int(text), "") if text.isdecimal() and len(text) < 19 else (1 << 30, text)


def pair_score(p: PairScore) -> Fraction:
    """What a pair ranks by, exactly: its percentage when it has one, else its total."""
    total = p.exact if p.exact is not None else Fraction(repr(float(p.total)))
    if p.maximum is not None and p.maximum > 0:
        return 100 * total / Fraction(p.maximum)
    return total


def exact_key(x: Fraction) -> tuple[float, Fraction]:
    """A sort key that orders exactly but compares cheaply: the correctly rounded float first
    (it never reverses an order), the fraction only when the floats are equal."""
    return (float(x), x)


def rank(
    scores: Sequence[PairScore],
    *,
    rule: Rule = "shared",
    registration: Mapping[str, int] | None = None,
    completion: float = 0.0,
    total_boards: int | None = None,
) -> list[PairScore]:
    """Places for every pair, field by field (NS, then EW, then a single field)."""
    if rule not in ("shared", "swiss"):
        raise BridgeError(f"unknown ranking rule {rule!r}: expected 'shared' or 'swiss'",
                          f"未知的排名规则 {rule!r}：应为 'shared' 或 'swiss'")
    if not 0 <= completion <= 1:
        raise BridgeError(f"invalid completion threshold {completion!r}: expected 0 to 1",
                          f"无效的完成比例 {completion!r}：应在 0 到 1 之间")
    reg = registration or {}
    needed = 0
    if completion > 0:
        most = total_boards if total_boards is not None else max((p.boards for p in scores), default=0)
        needed = boards_needed(completion, most)
    chain: list[TieBreak[PairScore]] = []
    if rule == "swiss":
        chain = [TieBreak("boards", lambda p, _: p.boards),
                 TieBreak("registration", lambda p, _: -reg.get(p.pair, math.inf))]
    exact = {id(p): exact_key(pair_score(p)) for p in scores}

    def by_score(p: PairScore) -> tuple[float, Fraction]:
        return exact[id(p)]

    def display(p: PairScore) -> Hashable:
        return natural_key(p.pair)

    out: list[PairScore] = []
    fields: list[Side | None] = [Side.NS, Side.EW, None]
    for fld in fields:
        group = [p for p in scores if p.direction is fld]
        ranked = [p for p in group if p.boards >= needed]
        out.extend(replace(x.item, place=x.place, rank=x.rank)
                   for x in place(ranked, by_score, chain, display))
        unranked = sorted((p for p in group if p.boards < needed),
                          key=lambda p: (-exact[id(p)][1], -p.boards, natural_key(p.pair)))
        out.extend(replace(p, place="", rank=None) for p in unranked)
    return out


def boards_needed(completion: float, most: int) -> int:
    """The whole number of boards a pair must complete to be ranked: the share rounded up
    (60% of 27 boards is 16.2: 17 boards)."""
    if completion <= 0:
        return 0
    share = Fraction(repr(float(completion))) * most
    return math.ceil(share)
