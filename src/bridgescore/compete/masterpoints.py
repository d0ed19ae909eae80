"""Masterpoints (巅峰大师分) for the places of an event, as seed 002 awards them.

The seed (巅峰大师分授予): "每场比赛的第一名3个大师分。完成比赛的选手超过20对（含）时，2，3，4名2个大师分，
5-10名1个大师分。完成比赛的对子不足20时，排名在半数之前的都授予大师分，第一名3个，其后1-3个2分，其余1分。"

With ``n`` pairs that completed the event (the ranked pairs):

* 1st place: **3**, in every event (also when the top half is empty: one ranked pair).
* ``n ≥ 20`` ("超过20对（含）": 20 included): places 2–4 get **2**, places 5–10 get **1**.
* ``n < 20``: only the top half gets points (``n // 2`` places; ``top_half="up"`` rounds an
  odd half up instead): 1st 3, "其后1-3个2分" — the next places, *one to three* of them, get
  2: places 2–4 as far as the top half reaches — and "其余1分", the rest of the top half, 1.
  So 5 pairs: 3, 2; 9 pairs: 3, 2, 2, 2; 19 pairs: 3, 2, 2, 2, 1, 1, 1, 1, 1.  This reading
  joins the two rules seamlessly: 20 pairs have a top half of 10 and get 3, 2, 2, 2 and six
  1s from either rule.

Places that are tied (a ranking that shares a place, ``2=``) share the points of the
positions they cover equally: two pairs tied for 4th among 20 get (2 + 1)/2 = 3/2 each.  The
automatic Swiss pairs never ties (its tie-breaks end with the order of registration), so its
awards are whole numbers; the sharing is for the other events that award masterpoints.  Each
player of a pair gets the pair's award (``player_points``), not half of it.

>>> place_points(5)
(3, 2, 0, 0, 0)
>>> place_points(20)[:11]
(3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0)
>>> award({"7": 1, "3": 2, "9": 3, "1": 4, "4": 5})
{'7': Fraction(3, 1), '3': Fraction(2, 1), '9': Fraction(0, 1), '1': Fraction(0, 1), '4': Fraction(0, 1)}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Literal

from ..core.errors import BridgeError

__all__ = ["BIG_FIELD", "TOP_HALF", "TopHalf", "award", "place_points", "player_points"]

TopHalf = Literal["down", "up"]
TOP_HALF: tuple[TopHalf, ...] = ("down", "up")
BIG_FIELD = 20  # from 20 completed pairs the fixed scale applies (seed: "超过20对（含）")


def _check_top_half(top_half: object) -> None:
    if top_half not in TOP_HALF:
        raise BridgeError(f"unknown top-half rounding {top_half!r}: expected 'down' or 'up'",
                          f"未知的半数取整方式 {top_half!r}：应为 'down'（向下）或 'up'（向上）")


def place_points(n: int, top_half: TopHalf = "down") -> tuple[int, ...]:
    """The masterpoints of places 1…``n`` when ``n`` pairs completed the event."""
    _check_top_half(top_half)
    if type(n) is not int or n < 0:
        raise BridgeError(f"invalid number of pairs {n!r}: expected a whole number from 0",
                          f"无效的对数 {n!r}：应为从 0 起的整数")
    # The last place with points: 10 in a big field, else the end of the top half.
    half = n // 2 if top_half == "down" else (n + 1) // 2
    last = 10 if n >= BIG_FIELD else half
    out = []
    for place in range(1, n + 1):
        if place == 1:
            out.append(3)
        elif place > last:
            out.append(0)
        else:
            out.append(2 if place <= 4 else 1)
    return tuple(out)


def award(places: Mapping[str, int], top_half: TopHalf = "down") -> dict[str, Fraction]:
    """Each ranked pair's masterpoints from its place (1-based; tied pairs share a place and
    the next place skips, as ``1, 2=, 2=, 4``), in the order given.  Only the pairs that
    completed the event are given: their number decides the scale."""
    _check_top_half(top_half)
    for pair, p in places.items():
        if type(p) is not int or p < 1:
            raise BridgeError(f"invalid place {p!r} of pair {pair!r}: expected a whole number "
                              "from 1", f"第 {pair!r} 对的名次 {p!r} 无效：应为从 1 起的整数")
    ordered = sorted(places.values())
    groups: dict[int, int] = {}
    for i, p in enumerate(ordered, 1):
        if p not in groups:
            if p != i:
                raise BridgeError(
                    f"invalid places: place {p} follows {i - 1} better-placed pairs; expected "
                    f"place {i} (tied pairs share a place and the next place skips: 1, 2=, 2=, 4)",
                    f"名次无效：名次 {p} 之前有 {i - 1} 对，应为第 {i} 名"
                    "（并列的对同一名次，下一名次跳过：1、2=、2=、4）")
            groups[p] = 0
        groups[p] += 1
    points = place_points(len(ordered), top_half)
    share = {p: Fraction(sum(points[p - 1:p - 1 + m]), m) for p, m in groups.items()}
    return {pair: share[p] for pair, p in places.items()}


def player_points(pairs: Mapping[str, Iterable[str]],
                  points: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """Each player's masterpoints: the award of the pair the player played in (pairs with no
    award get 0).  A player in two pairs of one event is an error."""
    out: dict[str, Fraction] = {}
    where: dict[str, str] = {}
    for pair, players in pairs.items():
        for player in players:
            if player in where:
                raise BridgeError(
                    f"player {player!r} is in two pairs ({where[player]} and {pair})",
                    f"牌手 {player!r} 同时在两对中（{where[player]} 和 {pair}）")
            where[player] = pair
            out[player] = Fraction(points.get(pair, 0))
    return out
