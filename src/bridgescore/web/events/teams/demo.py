"""A demo team match for the demo club (``bridgescore web demo`` may call it): two teams of
the club's members and guests, eight boards in two segments, the first segment played in both
rooms and the second in the open room only, so the page shows a match in play.

Every result goes through the events services, as the table phones' entries do."""

from __future__ import annotations

import datetime

from ...accounts.models import Player, User
from ...clubs.models import Club
from .. import entries as ev_entries
from .. import services as sv
from ..models import Event
from . import services as teams

NAME_EN, NAME_ZH = "Riverside teams: Lions v Tigers", "江滨队式赛：狮队对虎队"
# (board, open room, closed room): contract, declarer, result; None: not yet played.
PLAYS: list[tuple[int, tuple[str, str, str], tuple[str, str, str] | None]] = [
    (1, ("4S", "N", "="), ("4S", "N", "-1")),
    (2, ("3NT", "S", "+1"), ("3NT", "S", "+1")),
    (3, ("2H", "W", "="), ("4H", "W", "=")),
    (4, ("4S", "N", "+2"), ("6S", "N", "=")),
    (5, ("1NT", "E", "="), None),
    (6, ("3C", "S", "-1"), None),
]


def load_team_match(club: Club, director: User, today: datetime.date | None = None) -> Event:
    """The demo match (made once: a second call returns the first)."""
    found = Event.objects.filter(club=club, name_en=NAME_EN).first()
    if found is not None:
        return found
    members = list(Player.objects.filter(memberships__club=club)
                   .exclude(user=director).order_by("name_en")[:4])
    guests = [teams.Guest(en, zh) for en, zh in (
        ("Lin Tao", "林涛"), ("Ma Li", "马丽"), ("Guo Jing", "郭靖"), ("Huang Rong", "黄蓉"),
        ("Yang Guo", "杨过"), ("Xiao Long", "小龙"), ("Qiao Feng", "乔峰"), ("A Zhu", "阿朱"))]
    pool: list[Player | teams.Guest] = [*members, *guests]
    actor = sv.Actor(director)
    event = teams.create_team_event(
        club, actor, name_en=NAME_EN, name_zh=NAME_ZH, date=today or datetime.date.today(),
        movement=Event.Movement.MATCH, boards=8, segments=2,
        teams=[teams.TeamSpec("Lions", "狮队", tuple(pool[0:8:2])),
               teams.TeamSpec("Tigers", "虎队", tuple(pool[1:8:2]))])
    sv.set_status(event, actor, Event.Status.RUNNING)
    for board, open_, closed in PLAYS:
        rnd = 1 if board <= 4 else 2
        for table, play in ((1, open_), (2, closed)):
            if play is None:
                continue
            contract, declarer, result = play
            ev_entries.enter(event, sv.Actor(table=event.table_set.get(number=table)), round=rnd,
                             table=table, fields={"board": board, "contract": contract,
                                                  "declarer": declarer, "result": result})
    return event
