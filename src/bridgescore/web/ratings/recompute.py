"""The Rate recomputed from the pool's stored results (``bridgescore web ratings recompute``).

A club's rated weeks are rated again, in order, from an empty prior and each week's stored
settings (``RatingWeek.settings``), with the weekly job's own reader and arithmetic
(``weekly.read_week``, ``read_window``, ``week_rows``), and compared with the stored
``RatingHistory`` rows and, through the club's last rated week, its ``RatingStanding`` rows:
to the last digit (floats equal exactly; a NULL only where none is recomputed).  The window
is carried from week to week while the settings stay the same (the window a fit leaves is the
one the next week's close rebuilds from the stored results: ``Window.of``), and rebuilt as the
close rebuilds it when they change.

``refit`` (``recompute --refit``) is the switch-over to a new Rate: the club's history and
standings are deleted and every rated week is rated again, in order, exactly once, with the
platform's settings now (``weekly.rate_settings``), and written as the weekly close writes
it — all in one transaction, the club's rated weeks locked, so that a second refit waits and
then does the same again from the start.  The window kept for the next close
(``RatingWindow``) is rewritten with it; the recomputation never reads it (it reads the results
back), which is what checks it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from django.db import connection, transaction

from ...core.errors import BridgeError
from ...ratings import RateSettings, Ratings, Window
from ..clubs.models import Club
from .models import RatingHistory, RatingStanding, RatingWeek, RatingWindow
from .weekly import _write, keep_window, rate_settings, read_week, read_window, week_rows

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["Recomputed", "recompute"]

SHOWN = 10  # differences listed
_HISTORY = ("rate", "weight", "boards", "precision", "week_rate", "week_boards", "played",
            "points", "average")
_STANDING = ("rate", "weight", "boards", "anchor", "anchor_weight", "played_total",
             "last_average", "week")


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


def _settings(rw: RatingWeek) -> RateSettings:
    try:
        return RateSettings.from_dict(rw.settings)
    except BridgeError:
        raise BridgeError(f"week {rw.number} was rated by an earlier Rate whose settings this one "
                          "does not read: run recompute --refit to rate the club's weeks again",
                          f"第 {rw.number} 周是用旧版牌技指数计算的，其设置无法读取：请运行 recompute "
                          "--refit 重新计算该俱乐部各周") from None


def _club(club_slug: str) -> Club:
    club = Club.objects.filter(slug=club_slug).first()
    if club is None:
        raise BridgeError(f"no club {club_slug!r}", f"没有俱乐部 {club_slug!r}")
    return club


def recompute(club_slug: str, week: int | None = None) -> Recomputed:
    club = _club(club_slug)
    weeks = list(RatingWeek.objects.filter(club=club).order_by("number"))
    if week is not None:
        if not any(w.number == week for w in weeks):
            raise BridgeError(f"club {club_slug!r} has no rated week {week}",
                              f"俱乐部 {club_slug!r} 没有已计算的第 {week} 周")
        weeks = [w for w in weeks if w.number <= week]
    out = Recomputed(club_slug)
    prior = Ratings.empty()
    window: Window | None = None
    last: RateSettings | None = None
    total = np.zeros(0, np.int64)
    last_average = np.zeros(0)
    last_week = np.zeros(0)
    for rw in weeks:
        st = _settings(rw)
        if window is None or st != last:
            # From the stored results, never the kept window: this is what checks it.
            window = read_window(int(club.pk), int(rw.number), st, cached=False)
        results, tally = read_week(int(rw.week_id))
        rows = week_rows(prior, results, tally, st, window)
        window, last = rows.rating.window, st
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
        want = [rows.rate, rows.weight, rows.boards, rows.precision, rows.week_rate,
                rows.week_boards, rows.played, rows.points, rows.average]
        _compare(out, (f"week {rw.number}", f"第 {rw.number} 周"), rows.player, sp, _HISTORY,
                 want, got)
        prior = new
        out.weeks += 1
    if weeks and weeks[-1].number == RatingWeek.objects.filter(club=club).order_by(
            "-number").values_list("number", flat=True).first():
        stored = list(RatingStanding.objects.filter(club=club).order_by("player_id")
                      .values_list("player_id", "rate", "weight", "boards", "anchor",
                                   "anchor_weight", "played_total", "last_average",
                                   "week__number"))
        sp = np.array([r[0] for r in stored], dtype=np.int64)
        got = _arrays([r[1:] for r in stored], len(_STANDING))
        _compare(out, ("standings", "当前排名"), prior.player, sp, _STANDING,
                 [prior.rate, prior.weight, prior.boards, prior.anchor, prior.anchor_weight,
                  total, last_average, last_week], got)
    return out


def refit(club_slug: str) -> int:
    """The switch-over: every rated week of the club rated again with the platform's
    settings, in order, and stored as the weekly close stores it (module docstring); how
    many weeks."""
    club = _club(club_slug)
    st = rate_settings()
    with transaction.atomic():
        qs = RatingWeek.objects.filter(club=club).order_by("number")
        if connection.features.has_select_for_update:
            qs = qs.select_for_update()
        weeks = list(qs)
        RatingHistory.objects.filter(club=club).delete()
        RatingStanding.objects.filter(club=club).delete()
        RatingWindow.objects.filter(club=club).delete()
        prior = Ratings.empty()
        window: Window | None = None
        for rw in weeks:
            if window is None:
                window = read_window(int(club.pk), int(rw.number), st, cached=False)
            results, tally = read_week(int(rw.week_id))
            rows = week_rows(prior, results, tally, st, window)
            _write(rw, rows, prior)
            RatingWeek.objects.filter(pk=rw.pk).update(settings=st.to_dict(),
                                                       results=len(results),
                                                       players=int(rows.player.size))
            prior, window = rows.rating.ratings, rows.rating.window
        if weeks and window is not None:
            keep_window(int(club.pk), int(weeks[-1].number), st, window)
    return len(weeks)
