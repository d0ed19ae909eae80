"""A spectator who has seen every hand does not sit down to play them: not mid-board at the
table watched, and never in the other room of the same match."""

from __future__ import annotations

import datetime

import pytest
from django.test import TransactionTestCase, override_settings

from bridgescore.core.seat import Seat
from bridgescore.table.actions import TableActionError
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.events import services as ev
from bridgescore.web.events.models import Event
from bridgescore.web.events.teams import services as teams
from bridgescore.web.play import access, messages, services, tables
from bridgescore.web.play.models import HandsSeen, PlaySeat, Room

from .helpers import table, users
from .test_sockets import FAST


@override_settings(**FAST)
class HandsSeenTests(TransactionTestCase):
    def test_a_spectator_of_all_hands_sits_only_between_boards(self) -> None:
        ann, bob, cat, dan, eve = users("ann", "bob", "cat", "dan", "eve")
        t = table(ann, spectators_see_hands=True, boards=2)
        for u, s in zip((ann, bob, cat, dan), Seat, strict=True):
            services.sit(t, u, s)
        v = access.viewer_for(t, eve)
        assert v is not None and v.sees_all
        hello = messages.hello(t, eve, v)
        assert sorted(hello["view"]["hands"]) == ["E", "N", "S", "W"]
        assert HandsSeen.objects.filter(user=eve, table=t).count() == 1
        # No service empties a seat mid-board today (a robot takes over a player who leaves
        # and finishes the board); the guard holds should one ever do: empty West directly.
        PlaySeat.objects.filter(table=t, seat=Seat.WEST.value).update(user=None, robot=False)
        with pytest.raises(TableActionError) as e:
            services.sit(t, eve, Seat.WEST)
        assert e.value.code == "seen_hands" and "四家牌" in e.value.zh
        # Someone who watched without the hands may sit.
        services.sit(t, users("fay")[0], Seat.WEST)

    def test_a_spectator_of_one_room_never_plays_in_the_other(self) -> None:
        director, eve = users("dir", "eve")
        room = Room.objects.create(name_en="Match")
        event = _team_event(director)
        rooms = {label: tables.create_table(room, director, boards=2, room_label=label,
                                            spectators_see_hands=True, event=event,
                                            event_round=1, event_table=1)
                 for label in ("open", "closed")}
        v = access.viewer_for(rooms["open"], eve)
        assert v is not None and v.sees_all
        messages.hello(rooms["open"], eve, v)
        with pytest.raises(TableActionError) as e:
            services.sit(rooms["closed"], eve, Seat.NORTH)
        assert e.value.code == "seen_hands" and e.value.en.startswith("You have watched")


def _team_event(director: User) -> Event:
    club = Club.objects.create(slug="south", name_en="South", name_zh="南方")
    Membership.objects.create(club=club, player=director.player, role="director")
    lions = [teams.Guest(f"Lion {i}", "") for i in range(4)]
    tigers = [teams.Guest(f"Tiger {i}", "") for i in range(4)]
    return teams.create_team_event(
        club, ev.Actor(director), name_en="Match", date=datetime.date(2026, 12, 2),
        movement="match", boards=2, segments=1,
        teams=[teams.TeamSpec("Lions", "狮队", tuple(lions)),
               teams.TeamSpec("Tigers", "虎队", tuple(tigers))])
