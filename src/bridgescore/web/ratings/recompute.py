"""The Rate recomputed from the pool's stored results (``bridgescore web ratings recompute``).

A club's rated weeks are rated again, in order, from an empty prior and each week's stored
settings (``RatingWeek.settings``), with the weekly job's own reader and arithmetic
(``weekly.read_week``, ``read_tally``, ``week_rows``), and compared with the stored
``RatingHistory`` rows and, through the club's last rated week, its ``RatingStanding`` rows:
to the last digit (floats equal exactly; a NULL only where none is recomputed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from ...errors import BridgeError
from ...ratings import RateSettings, Ratings
from ..clubs.models import Club
from .models import RatingHistory, RatingStanding, RatingWeek
from .weekly import read_tally, read_week, week_rows

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["Recomputed", "recompute"]

SHOWN = 10  # differences listed
_HISTORY = ("rate", "weight", "boards", "pass_rate", "week_rate", "week_boards", "played",
            "points", "average")
_STANDING = ("rate", "weight", "boards", "played_total", "last_average", "week")


@dataclass
class Recomputed:
    club: str
    weeks: int = 0
    rows: int = 0  # history and standing rows compared
    differences: list[tuple[str, str]] = field(default_factory=list)  # (en, zh), the first
    count: int = 0  # all differences


def _arrays(rows: list[tuple[Any, ...]], width: int) -> list[NDArray[Any]]:
    cols = list(zip(*rows, strict=True)) if rows else [()] * width
    return [np.array([np.nan if v is None else v for v in c], dtype=np.float64) for c in cols]


def _compare(out: Recomputed, where: tuple[str, str], players: NDArray[np.int64],
             stored_players: NDArray[np.int64], names: tuple[str, ...],
             want: list[NDArray[Any]], got: list[NDArray[Any]]) -> None:
    en_where, zh_where = where
    if not np.array_equal(players, stored_players):
        missing = np.setdiff1d(players, stored_players)[:SHOWN].tolist()
        extra = np.setdiff1d(stored_players, players)[:SHOWN].tolist()
        out.count += 1
        out.differences.append((
            f"{en_where}: players differ (recomputed but not stored: {missing}; stored but "
            f"not recomputed: {extra})",
            f"{zh_where}：牌手不一致（重算有而存储没有：{missing}；存储有而重算没有：{extra}）"))
        return
    out.rows += int(players.size)
    for name, a, b in zip(names, want, got, strict=True):
        a64 = a.astype(np.float64)
        same = (a64 == b) | (np.isnan(a64) & np.isnan(b))
        bad = np.flatnonzero(~same)
        out.count += int(bad.size)
        for i in bad[:max(0, SHOWN - len(out.differences))].tolist():
            p, x, y = int(players[i]), _shown(a64[i]), _shown(b[i])
            out.differences.append((f"{en_where}, player {p}, {name}: recomputed {x}, stored {y}",
                                    f"{zh_where}，牌手 {p}，{name}：重算为 {x}，存储为 {y}"))


def _shown(x: float) -> str:
    return "none" if x != x else repr(float(x))


def recompute(club_slug: str, week: int | None = None) -> Recomputed:
    club = Club.objects.filter(slug=club_slug).first()
    if club is None:
        raise BridgeError(f"no club {club_slug!r}", f"没有俱乐部 {club_slug!r}")
    weeks = list(RatingWeek.objects.filter(club=club).order_by("number"))
    if week is not None:
        if not any(w.number == week for w in weeks):
            raise BridgeError(f"club {club_slug!r} has no rated week {week}",
                              f"俱乐部 {club_slug!r} 没有已计算的第 {week} 周")
        weeks = [w for w in weeks if w.number <= week]
    out = Recomputed(club_slug)
    prior = Ratings.empty()
    total = np.zeros(0, np.int64)
    last_average = np.zeros(0)
    last_week = np.zeros(0)
    for rw in weeks:
        rows = week_rows(prior, read_week(int(rw.week_id)), read_tally(int(rw.week_id)),
                         RateSettings.from_dict(rw.settings))
        new = rows.rating.ratings
        grown = np.zeros(new.player.size, np.int64)
        grown[np.searchsorted(new.player, prior.player)] = total
        total = grown + rows.stand_played
        last_average = rows.stand_average
        last_week = np.full(new.player.size, float(rw.number))
        stored = list(RatingHistory.objects.filter(week=rw).order_by("player_id")
                      .values_list("player_id", *_HISTORY))
        sp = np.array([r[0] for r in stored], dtype=np.int64)
        got = _arrays([r[1:] for r in stored], len(_HISTORY))
        want = [rows.rate, rows.weight, rows.boards, rows.pass_rate, rows.week_rate,
                rows.week_boards, rows.played, rows.points, rows.average]
        _compare(out, (f"week {rw.number}", f"第 {rw.number} 周"), rows.player, sp, _HISTORY,
                 want, got)
        prior = new
        out.weeks += 1
    if weeks and weeks[-1].number == RatingWeek.objects.filter(club=club).order_by(
            "-number").values_list("number", flat=True).first():
        stored = list(RatingStanding.objects.filter(club=club).order_by("player_id")
                      .values_list("player_id", "rate", "weight", "boards", "played_total",
                                   "last_average", "week__number"))
        sp = np.array([r[0] for r in stored], dtype=np.int64)
        got = _arrays([r[1:] for r in stored], len(_STANDING))
        _compare(out, ("standings", "当前排名"), prior.player, sp, _STANDING,
                 [prior.rate, prior.weight, prior.boards, total, last_average, last_week], got)
    return out
