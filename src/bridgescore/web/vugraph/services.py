"""The vugraph's matches: an event's open and closed ``PlayTable`` of the same round and
match (``event_round``, ``event_table``, ``room_label``), and the match of the team event's
schedule they play (``teams.services`` scores it: the comparison is that app's
``LiveTeams.match_state`` and ``match_view``, never recomputed here).

A match goes by its open room's event table (the library's ``match_schedule`` and
``round_robin_schedule`` number the open room 2i−1 and the closed room 2i): both rooms
may name that table, or each its own (``play.records.match_table``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from ...errors import BridgeError
from ...events.live_teams import MatchPlan
from ...i18n import Lang
from ..clubs.roles import AnyUser, can_direct
from ..events.models import Event
from ..play.models import PlayBoard, PlayTable
from ..play.records import match_table
from ..teams import services as teams


@dataclass(frozen=True, slots=True)
class VugraphMatch:
    event: Event
    round: int
    table: int
    open: PlayTable
    closed: PlayTable

    @property
    def finished(self) -> bool:
        return (self.open.status == PlayTable.Status.FINISHED
                and self.closed.status == PlayTable.Status.FINISHED)

    @property
    def rooms(self) -> tuple[PlayTable, PlayTable]:
        return self.open, self.closed


def _pairs(tables: list[PlayTable]) -> list[VugraphMatch]:
    found: dict[tuple[int, int, int], dict[str, PlayTable]] = {}
    for t in tables:
        if t.event_id is None or t.event_round is None or t.event_table is None:
            continue
        key = (t.event_id, t.event_round, match_table(t))
        found.setdefault(key, {}).setdefault(t.room_label, t)
    out = []
    for (_e, r, n), rooms in sorted(found.items()):
        o, c = rooms.get(PlayTable.RoomLabel.OPEN), rooms.get(PlayTable.RoomLabel.CLOSED)
        if o is not None and c is not None and o.event is not None:
            out.append(VugraphMatch(o.event, r, n, o, c))
    return out


def matches(user: AnyUser) -> list[VugraphMatch]:
    """Every match the user may follow: the team events they may see, tables that take
    spectators (or where the user plays: the page shows them a player's view)."""
    tables = list(PlayTable.objects.filter(event__kind=Event.Kind.TEAMS,
                                           room_label__in=[PlayTable.RoomLabel.OPEN,
                                                           PlayTable.RoomLabel.CLOSED])
                  .select_related("event__club").order_by("-event__date", "event_id"))
    return [m for m in _pairs(tables) if teams.may_see(user, m.event)]


def match_at(event_id: int, round: int, table: int) -> VugraphMatch | None:
    """The match of that event and round whose open room is event table ``table``."""
    tables = list(PlayTable.objects.filter(event_id=event_id, event_round=round,
                                           event__kind=Event.Kind.TEAMS,
                                           room_label__in=[PlayTable.RoomLabel.OPEN,
                                                           PlayTable.RoomLabel.CLOSED])
                  .select_related("event__club").order_by("pk"))
    return next((m for m in _pairs(tables) if m.table == table), None)


def plan_of(match: VugraphMatch) -> MatchPlan | None:
    """The schedule's match these rooms play (see the module's docstring)."""
    try:
        plans = teams.live_of(match.event).matches()
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


def _shown_after_delay(match: VugraphMatch) -> frozenset[int] | None:
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


def teams_of(match: VugraphMatch, lang: Lang) -> tuple[str, str] | None:
    """The home and the away team's names (the open room's North–South first)."""
    plan = plan_of(match)
    if plan is None:
        return None
    names = teams.team_names(match.event, lang)
    return names.get(plan.home, plan.home), names.get(plan.away, plan.away)


def comparison(match: VugraphMatch, user: AnyUser, lang: Lang) -> dict[str, Any] | None:
    """The match's board-by-board comparison as the teams app scores and shows it
    (``LiveTeams.match_state``, ``teams.match_view``), on the scoreboard's own rule for this
    user (a board once every table that plays it has played it; a director: every board)
    and, for anyone but a director, only once the spectators' delay has passed; with what
    the scorecard's template reads beside it.  None without a match in the schedule."""
    plan = plan_of(match)
    if plan is None:
        return None
    live = teams.live_of(match.event)
    director = can_direct(user, match.event.club)
    full = teams.sees_everything(user, match.event)
    everywhere = None if full else live.played_everywhere()
    delayed = None if director else _shown_after_delay(match)

    def visible(board: int) -> bool:
        return ((everywhere is None or board in everywhere)
                and (delayed is None or board in delayed))

    state = live.match_state(plan, visible)
    m = teams.match_view(state, teams.team_names(match.event, lang), lang)
    board = {"full": full and delayed is None, "vp_scale_title": live.vp_scale.title(lang)}
    return {"board": board, "m": m, "seq": live.seq, "director": director}
