"""The vugraph's matches: an event's open and closed ``PlayTable`` of the same round and
table number (``event_round``, ``event_table``, ``room_label``), and the match of the team
event's schedule they play (``teams.services`` scores it: the comparison is that app's
``match_view``, never recomputed here).

A match of the schedule is found by the rooms' table: the schedule's open room of that
round is at ``event_table`` (the library's ``match_schedule`` and ``round_robin_schedule``
number the open room 2i−1 and the closed room 2i); a closed-room table number is taken too,
so that either numbering of the ``PlayTable`` finds its match.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import BridgeError
from ...events.live_teams import MatchPlan
from ...i18n import Lang
from ..clubs.roles import AnyUser
from ..events.models import Event
from ..play.models import PlayTable
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
        found.setdefault((t.event_id, t.event_round, t.event_table), {})[t.room_label] = t
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
    tables = list(PlayTable.objects.filter(event_id=event_id, event_round=round,
                                           event_table=table, event__kind=Event.Kind.TEAMS)
                  .select_related("event__club"))
    found = _pairs(tables)
    return found[0] if found else None


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


def comparison(match: VugraphMatch, user: AnyUser, lang: Lang) -> dict[str, Any] | None:
    """The match's board-by-board comparison as the teams app shows it to this user (the
    scoreboard's own rule: a board once every table that plays it has played it), with the
    scoreboard's settings (the VP scale's title) beside it; None without a match."""
    plan = plan_of(match)
    if plan is None:
        return None
    board = teams.scoreboard(match.event, user, lang)
    found = [m for m in board["matches"] if m["number"] == plan.number]
    if not found:
        return None
    return {"board": board, "m": found[0], "seq": board["seq"]}
