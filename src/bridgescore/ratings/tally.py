"""A week's pool figures per player (seed §2: this week's points 本周积分, this week's boards,
the average): each seat's IMPs added up, the disconnection penalties taken off, the average
per result.  Whole-number arithmetic, the same in any row order.

>>> import numpy as np
>>> t = tally_week(np.array([[1, 2, 3, 4], [1, 3, 5, 6]]), np.array([3, -2]),
...                penalty_player=np.array([5, 9]), penalty_points=np.array([-3, -1]))
>>> t.player.tolist(), t.played.tolist(), t.points.tolist()
([1, 2, 3, 4, 5, 6], [2, 1, 2, 1, 1, 1], [1, -3, 5, -3, -5, 2])
>>> [round(x, 2) for x in t.average.tolist()]
[0.5, -3.0, 2.5, -3.0, -5.0, 2.0]

(Player 9's penalty counts for no one here: a player without a result this week has no
figures; the caller keeps the penalty elsewhere.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..core.errors import BridgeError

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

__all__ = ["WeekTally", "tally_week"]

#: Player ids below this are counted in arrays indexed by the id (database keys: no sort).
DENSE = 50_000_000


@dataclass(frozen=True)
class WeekTally:
    """This week's figures of every player with a result (``player`` sorted): results
    (``played``), points (their IMPs plus their disconnection penalties) and the average
    (points per result)."""

    player: NDArray[np.int64]
    played: NDArray[np.int64]
    points: NDArray[np.int64]

    @property
    def average(self) -> NDArray[np.float64]:
        out: NDArray[np.float64] = self.points / np.maximum(self.played, 1)
        return out


def tally_week(players: ArrayLike, ns_imps: ArrayLike, penalty_player: ArrayLike | None = None,
               penalty_points: ArrayLike | None = None) -> WeekTally:
    """The tally of a week's results: ``players`` (n, 4) in seat order N, E, S, W, each
    result's NS IMPs ``ns_imps`` (n,) (a result's four scores are +, −, +, − of it), and the
    week's penalties (``penalty_player``, ``penalty_points``: one each, points negative for
    a penalty), which count for a player with a result this week."""
    p = np.asarray(players, dtype=np.int64).reshape(-1, 4)
    imps = np.asarray(ns_imps, dtype=np.int64).reshape(-1)
    if imps.size != p.shape[0]:
        raise BridgeError(f"{p.shape[0]} results but {imps.size} IMP figures",
                          f"有 {p.shape[0]} 个结果，却有 {imps.size} 个 IMP 数")
    if p.size and int(p.min()) >= 0 and int(p.max()) < DENSE:
        size = int(p.max()) + 1
        played = np.zeros(size, np.int64)
        points = np.zeros(size, np.int64)
        for seat in range(4):
            col = np.ascontiguousarray(p[:, seat])
            played += np.bincount(col, minlength=size)
            # Whole numbers far below 2**53: the float sums are exact.
            got = np.bincount(col, weights=imps, minlength=size)
            points += np.rint(got).astype(np.int64) * (1 if seat % 2 == 0 else -1)
        player = np.flatnonzero(played).astype(np.int64)
        played, points = played[player], points[player]
    else:
        player, code = np.unique(p.reshape(-1), return_inverse=True)
        code = code.reshape(p.shape)
        played = np.zeros(player.size, np.int64)
        points = np.zeros(player.size, np.int64)
        for seat in range(4):
            played += np.bincount(code[:, seat], minlength=player.size)
            np.add.at(points, code[:, seat], imps if seat % 2 == 0 else -imps)
        player = player.astype(np.int64)
    if penalty_player is not None:
        who = np.asarray(penalty_player, dtype=np.int64).reshape(-1)
        pts = np.asarray(penalty_points, dtype=np.int64).reshape(-1)
        if who.size != pts.size:
            raise BridgeError(f"{who.size} penalised players but {pts.size} penalties",
                              f"有 {who.size} 名被罚牌手，却有 {pts.size} 个罚分")
        i = np.searchsorted(player, who)
        ok = i < player.size
        ok[ok] = player[i[ok]] == who[ok]
        np.add.at(points, i[ok], pts[ok])
    return WeekTally(player, played, points)
