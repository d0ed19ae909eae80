"""Rankings: places within each field, shared places, tie-breaks, the Swiss-pairs rule.

Two rules:

* ``"shared"`` (default, as at club pairs and teams): pairs with equal scores share the place,
  written ``2=``; the next place skips (1, 2=, 2=, 4).
* ``"swiss"`` (the online Swiss pairs of the seeds, 002): equal scores are split by more
  boards completed, then by earlier registration; only pairs that completed at least
  ``completion`` of the scheduled boards are ranked (002: "usually 60% to 80%"); the others
  are listed after them without a place.

Matchpoint fields rank by percentage (fair when pairs played different numbers of boards);
IMP and total-point fields by total.  Two-winner sessions rank NS and EW separately.

>>> from bridgescore.events.model import PairScore
>>> ps = [PairScore("A", None, 10, 4), PairScore("B", None, 12, 4), PairScore("C", None, 10, 4)]
>>> [(p.pair, p.place) for p in rank(ps)]
[('B', '1'), ('A', '2='), ('C', '2=')]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Literal

from ..errors import BridgeError
from ..seat import Side
from .model import PairScore

__all__ = ["Rule", "rank"]

Rule = Literal["shared", "swiss"]


def _score(p: PairScore) -> float:
    pct = p.percentage
    # Rounded so that float noise (e.g. Neuberg thirds) never splits a real tie.
    return round(pct if pct is not None else p.total, 6)


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
        needed = math.ceil(completion * most - 1e-9)
    out: list[PairScore] = []
    fields: list[Side | None] = [Side.NS, Side.EW, None]
    for fld in fields:
        group = [p for p in scores if p.direction is fld]
        ranked = [p for p in group if p.boards >= needed]
        unranked = [p for p in group if p.boards < needed]

        def order(p: PairScore) -> tuple[float, ...]:
            if rule == "swiss":
                return (-_score(p), -p.boards, reg.get(p.pair, math.inf))
            return (-_score(p),)

        ranked.sort(key=lambda p: (order(p), _natural(p.pair)))
        keys = [order(p) for p in ranked]
        for i, p in enumerate(ranked):
            first = i
            while first > 0 and keys[first - 1] == keys[i]:
                first -= 1
            shared = (i > 0 and keys[i - 1] == keys[i]) or (
                i + 1 < len(ranked) and keys[i + 1] == keys[i])
            place = f"{first + 1}=" if shared else str(first + 1)
            out.append(replace(p, place=place, rank=first + 1))
        unranked.sort(key=lambda p: (-_score(p), -p.boards, _natural(p.pair)))
        out.extend(replace(p, place="", rank=None) for p in unranked)
    return out


def _natural(pair: str) -> tuple[int, str]:
    """Pair ids in number order (2 before 10), text ids after."""
    return (int(pair), "") if pair.isdigit() else (1 << 30, pair)
