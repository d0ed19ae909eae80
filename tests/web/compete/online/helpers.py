"""Shared pieces of the online kinds' tests: a club with members, player groups, robots
driven through the play app's own path, the fake clock."""

from __future__ import annotations

from typing import Any

from django.test import override_settings

from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import Competition, CompetitionTable, GroupMember, PlayerGroup
from bridgescore.web.play import robots as play_robots

from ...compete.helpers import T0, club_with

__all__ = ["FAST", "T0", "club_with", "group", "run_robots", "tables_of", "team_match"]

FAST = override_settings(BRIDGESCORE_PLAY_ROBOT_SECONDS=0, BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS=0,
                         BRIDGESCORE_PLAY_ROBOT_SOLVER="simple")


def group(club: Club, name: str, people: list[User], kind: str = "team") -> PlayerGroup:
    """A player group led by ``people[0]``, its members in this order."""
    g = PlayerGroup.objects.create(club=club, kind=kind, name_en=name, name_zh=f"{name}队",
                                   leader=people[0])
    for i, u in enumerate(people):
        GroupMember.objects.create(group=g, user=u, order=i)
    return g


def team_match(club: Club, director: User, home: list[str], away: list[str],
               **settings: Any) -> Competition:
    base: dict[str, Any] = {"home": {"id": "home", "name_en": "Lions", "name_zh": "狮队",
                                     "players": home},
                            "away": {"id": "away", "name_en": "Tigers", "name_zh": "虎队",
                                     "players": away},
                            "boards": 8, "deal_seed": 11}
    base.update(settings)
    return sv.create_competition(club, director, kind="teams", name_en="Lions v Tigers",
                                 name_zh="狮队对虎队", settings=base)


def tables_of(c: Competition) -> list[CompetitionTable]:
    return list(CompetitionTable.objects.filter(competition=c).select_related("play_table")
                .order_by("round", "number"))


def run_robots(table_ids: list[int], limit: int = 20000) -> int:
    """Wake the tables until none has anything due (the robots' moves, the next boards):
    what the servers' loop does, without sleeping.  The number of wakes that acted."""
    acted = 0
    for _ in range(limit):
        moved = False
        for tid in table_ids:
            if play_robots.wake(tid) is not None:
                moved = True
                acted += 1
        if not moved:
            return acted
    raise AssertionError("the robots did not finish")
