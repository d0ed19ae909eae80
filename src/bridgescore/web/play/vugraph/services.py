"""The vugraph's matches, from every source that plays team matches online.

A **source** answers the vugraph's questions about its own matches: which ones a user may
list (``matches``), the match a page's address names (``find``), who may follow it
(``may_see``), the teams' names and the board-by-board comparison as this user may see it
(``comparison``).  Two sources exist:

- ``event`` (this module, :data:`EVENTS`): a club's team event — an event's open and closed
  ``PlayTable`` of the same round and match (``event_round``, ``event_table``,
  ``room_label``), scored by the teams app (``LiveTeams.match_state``, ``match_view``: the
  comparison is never recomputed here).  A match goes by its open room's event table (the
  library's ``match_schedule`` and ``round_robin_schedule`` number the open room 2i−1 and
  the closed room 2i): both rooms may name that table, or each its own
  (``play.matches.match_table``).  Address ``/vugraph/<event>/<round>/<table>/``.
- ``online`` (``web.online.vugraph_source``, registered by that app: this one imports none of
  it): an online competition's VP team match (kind ``teams``, a ladder's challenge
  included), its two rooms the competition's tables, scored by the library's
  ``compete.teammatch``.  Address ``/vugraph/online/<competition>/``.

Whatever the source, the rooms are the two tables ``play.matches.rooms_of`` names (the same
answer the play rules use to keep a match's players out of its other room), and the rules
of what a reader is shown are the same: a director sees every compared board at once;
anyone else a board once it has been played wherever it is played (both rooms; a round
robin's every table) and the tables' spectators' delay has passed since
(:func:`shown_after_delay`); the VPs on the match's scale once the match is over and
wholly shown, and meanwhile what the current margin would give (:func:`running_vp`).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.utils import timezone
from django.utils.translation import gettext as _

from ....core.errors import BridgeError
from ....core.i18n import Lang
from ....scoring.vp import VpScale
from ....sessions.live_teams import MatchPlan
from ....sessions.teams import whole_margin
from ...clubs.roles import AnyUser, can_direct
from ...core.bilingual import pick
from ...events.models import Event
from ...events.teams import services as teams
from ..matches import match_table
from ..models import PlayBoard, PlayTable


@dataclass(frozen=True)
class VugraphMatch:
    """A match the vugraph can follow: its source and the key its address carries, what it
    belongs to (``holder``: the ``Event`` or the ``Competition``), its name and its two
    rooms.  ``round``/``table``: the event's round and open table (None for a competition's
    match, which has one of each)."""

    source: Source = field(repr=False)
    key: tuple[int, ...]
    holder: Any = field(repr=False)
    name_en: str
    name_zh: str
    open: PlayTable
    closed: PlayTable
    round: int | None = None
    table: int | None = None
    page: str | None = None  # the holder's own page for this match, if it has one

    @property
    def finished(self) -> bool:
        return (self.open.status == PlayTable.Status.FINISHED
                and self.closed.status == PlayTable.Status.FINISHED)

    @property
    def rooms(self) -> tuple[PlayTable, PlayTable]:
        return self.open, self.closed

    @property
    def url(self) -> str:
        return self.source.url(self)

    def name_in(self, lang: Lang) -> str:
        return pick(self.name_en, self.name_zh, lang)


@dataclass(frozen=True)
class Comparison:
    """A match's comparison as one reader may see it now.

    ``m``: what the teams app's ``_scorecard.html`` reads (``teams.scorecard``);
    ``notices``: what the reader is told of the rule (in their language); ``full``: every
    compared board is shown; ``director``: the reader directs it; ``running_vp``: the VPs
    the current margin gives on the match's scale and length (while not final); ``final``:
    the result once the match is over and wholly shown (``vp``, ``winner`` — a name, None for
    a draw); ``socket``: the push socket that says when it changed (None: the page asks
    again when a room ends a board, and every ``poll`` seconds while in play)."""

    m: dict[str, Any]
    vp_scale_title: str
    notices: list[str]
    full: bool
    director: bool
    live: bool
    running_vp: tuple[str, str] | None = None
    final: dict[str, Any] | None = None
    seq: int = 0
    socket: str | None = None
    poll: int = 0


class Source(Protocol):
    name: str

    def matches(self, user: AnyUser) -> list[VugraphMatch]: ...

    def find(self, key: tuple[int, ...]) -> VugraphMatch | None: ...

    def may_see(self, user: AnyUser, match: VugraphMatch) -> bool: ...

    def url(self, match: VugraphMatch) -> str: ...

    def teams(self, match: VugraphMatch, lang: Lang) -> tuple[str, str] | None: ...

    def comparison(self, match: VugraphMatch, user: AnyUser,
                   lang: Lang) -> Comparison | None: ...

    def label(self, match: VugraphMatch) -> str: ...


_SOURCES: dict[str, Source] = {}


def register(source: Source) -> None:
    """A source of matches (once, by name)."""
    _SOURCES.setdefault(source.name, source)


def matches(user: AnyUser) -> list[VugraphMatch]:
    """Every match the user may follow, from every source."""
    return [m for s in list(_SOURCES.values()) for m in s.matches(user)]


def find(source: str, key: tuple[int, ...]) -> VugraphMatch | None:
    """The match a page's address names (None: no such source or match)."""
    s = _SOURCES.get(source)
    return None if s is None else s.find(key)


# ---------------------------------------------------------------------------- shared rules


def shown_after_delay(match: VugraphMatch) -> frozenset[int] | None:
    """The boards both rooms finished at least the tables' spectator delay ago (None: no
    delay), so that the comparison tells a spectator no result before the delayed rooms
    show the board's end."""
    delay = max(match.open.spectator_delay, match.closed.spectator_delay)
    if delay <= 0:
        return None
    since = timezone.now() - datetime.timedelta(seconds=delay)
    done: dict[int, int] = {}
    for number in (PlayBoard.objects.filter(table__in=match.rooms, finished__lte=since)
                   .values_list("number", flat=True)):
        done[number] = done.get(number, 0) + 1
    return frozenset(n for n, rooms in done.items() if rooms >= 2)


def running_vp(scale: VpScale, home: float, away: float,
               boards: int) -> tuple[str, str]:
    """The VPs the IMP margin ``home − away`` gives on ``scale`` for a match of ``boards``
    boards (the margin made whole as the library's team scoring makes it)."""
    v = scale.points(whole_margin(home - away), boards)
    return teams.number_text(float(v[0])), teams.number_text(float(v[1]))


def seated_in(match: VugraphMatch, user: AnyUser) -> bool:
    from ..models import PlaySeat

    return bool(user.is_authenticated and PlaySeat.objects.filter(
        table__in=match.rooms, user_id=user.pk).exists())


# ---------------------------------------------------------------------------- club events


class EventSource:
    """A club's team event's matches played online (see the module)."""

    name = "event"

    def _pairs(self, tables: list[PlayTable]) -> list[VugraphMatch]:
        found: dict[tuple[int, int, int], dict[str, PlayTable]] = {}
        for t in tables:
            if t.event_id is None or t.event_round is None or t.event_table is None:
                continue
            key = (t.event_id, t.event_round, match_table(t))
            found.setdefault(key, {}).setdefault(t.room_label, t)
        out = []
        for (e, r, n), rooms in sorted(found.items()):
            o, c = rooms.get(PlayTable.RoomLabel.OPEN), rooms.get(PlayTable.RoomLabel.CLOSED)
            if o is not None and c is not None and o.event is not None:
                out.append(VugraphMatch(self, (e, r, n), o.event, o.event.name_en,
                                        o.event.name_zh, o, c, r, n))
        return out

    def _tables(self) -> Any:
        return (PlayTable.objects.filter(event__kind=Event.Kind.TEAMS,
                                         room_label__in=[PlayTable.RoomLabel.OPEN,
                                                         PlayTable.RoomLabel.CLOSED])
                .select_related("event__club"))

    def matches(self, user: AnyUser) -> list[VugraphMatch]:
        """The team events the user may see, tables that take spectators (or where the
        user plays: the page shows them a player's view)."""
        tables = list(self._tables().order_by("-event__date", "event_id"))
        return [m for m in self._pairs(tables) if teams.may_see(user, m.holder)]

    def find(self, key: tuple[int, ...]) -> VugraphMatch | None:
        if len(key) != 3:
            return None
        event_id, round, table = key
        tables = list(self._tables().filter(event_id=event_id, event_round=round)
                      .order_by("pk"))
        return next((m for m in self._pairs(tables) if m.table == table), None)

    def may_see(self, user: AnyUser, match: VugraphMatch) -> bool:
        return teams.may_see(user, match.holder)

    def url(self, match: VugraphMatch) -> str:
        from django.urls import reverse

        e, r, t = match.key
        return reverse("vugraph:match", kwargs={"event_id": e, "round": r, "table": t})

    def label(self, match: VugraphMatch) -> str:
        return _("Club team match")

    def plan_of(self, match: VugraphMatch) -> MatchPlan | None:
        """The schedule's match these rooms play (see the module's docstring)."""
        try:
            plans = teams.live_of(match.holder).matches()
        except BridgeError:
            return None
        here = (match.round, match.table)
        for p in plans:
            if any(p.open[b] == here for b in p.boards):
                return p
        for p in plans:
            if any(p.closed[b] == here for b in p.boards):
                return p
        return None

    def teams(self, match: VugraphMatch, lang: Lang) -> tuple[str, str] | None:
        """The home and the away team's names (the open room's North–South first)."""
        plan = self.plan_of(match)
        if plan is None:
            return None
        names = teams.team_names(match.holder, lang)
        return names.get(plan.home, plan.home), names.get(plan.away, plan.away)

    def comparison(self, match: VugraphMatch, user: AnyUser,
                   lang: Lang) -> Comparison | None:
        """The match's board-by-board comparison as the teams app scores and shows it
        (``LiveTeams.match_state``, ``teams.match_view``), on the scoreboard's own rule for
        this user (a board once every table that plays it has played it; a director: every
        board) and, for anyone but a director, only once the spectators' delay has passed.
        None without a match in the schedule."""
        plan = self.plan_of(match)
        if plan is None:
            return None
        event: Event = match.holder
        live = teams.live_of(event)
        director = can_direct(user, event.club)
        full = teams.sees_everything(user, event)
        everywhere = None if full else live.played_everywhere()
        delayed = None if director else shown_after_delay(match)

        def visible(board: int) -> bool:
            return ((everywhere is None or board in everywhere)
                    and (delayed is None or board in delayed))

        state = live.match_state(plan, visible)
        names = teams.team_names(event, lang)
        m = teams.match_view(state, names, lang)
        running = state.score.boards and state.vp is None
        shown_all = full and delayed is None
        running_at = (running_vp(live.vp_scale, state.score.home_total,
                                 state.score.away_total, len(plan.boards))
                      if running else None)
        final = None
        if state.vp is not None:
            h, a = state.vp
            winner = (None if h == a else m["home_name"] if h > a else m["away_name"])
            final = {"winner": winner}
        in_play = event.status == Event.Status.RUNNING
        notices = []
        if director and in_play and not event.published:
            notices.append(_("As a director you see every board; until the results are "
                             "published, members see a board once every table has played "
                             "it."))
        if not shown_all and final is None:  # once final, every board is shown
            notices.append(_("In play: a board's results are shown once every table has "
                             "played it; the totals count those boards only."))
        return Comparison(m, live.vp_scale.title(lang), notices, shown_all, director, in_play,
                          running_at, final, live.seq, f"/ws/events/{event.pk}/match")


EVENTS = EventSource()
register(EVENTS)


def comparison_of(match: VugraphMatch, user: AnyUser, lang: Lang) -> Comparison | None:
    return match.source.comparison(match, user, lang)


def teams_of(match: VugraphMatch, lang: Lang) -> tuple[str, str] | None:
    return match.source.teams(match, lang)

