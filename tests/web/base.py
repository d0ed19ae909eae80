"""A test case with a few named people, as healthchecks does it.

- alice: director of the North club;   bob: member of North;
- charlie: a player in no club;         dave: director of the South club;
- root: the site's administrator.
Every password is ``PASSWORD``.
"""

from __future__ import annotations

import datetime
import re
from typing import TYPE_CHECKING

from django.test import TestCase

from bridgescore.web.accounts.models import Player, User
from bridgescore.web.clubs.models import Club, Membership

if TYPE_CHECKING:
    from bridgescore.web.events.models import Event
    from bridgescore.web.events.services import Actor

PASSWORD = "correct-horse-battery"


def tuesday_pairs(club: Club, director: Actor) -> Event:
    """A 3-table Mitchell of 2 boards a round (3 rounds; pairs 1-3 NS, 4-6 EW), in play."""
    from bridgescore.web.events import services as sv
    from bridgescore.web.events.models import Event

    event = sv.create_event(club, director, name_en="Tuesday pairs", name_zh="周二双人赛",
                            date=datetime.date(2026, 12, 1), movement="mitchell", tables=3,
                            boards_per_round=2)
    sv.set_status(event, director, Event.Status.RUNNING)
    return event


def make_user(username: str, name_en: str, name_zh: str, *, superuser: bool = False) -> User:
    user = User.objects.create_user(username, f"{username}@example.org", PASSWORD,
                                    is_superuser=superuser, is_staff=superuser)
    Player.objects.create(user=user, name_en=name_en, name_zh=name_zh)
    return user


class BaseTestCase(TestCase):
    alice: User
    bob: User
    charlie: User
    dave: User
    root: User
    north: Club
    south: Club

    @classmethod
    def setUpTestData(cls) -> None:
        cls.north = Club.objects.create(slug="north", name_en="North Club", name_zh="北方俱乐部")
        cls.south = Club.objects.create(slug="south", name_en="South Club", name_zh="南方俱乐部")
        cls.alice = make_user("alice", "Alice Wang", "王爱丽")
        cls.bob = make_user("bob", "Bob Li", "李博")
        cls.charlie = make_user("charlie", "Charlie Zhang", "张查理")
        cls.dave = make_user("dave", "Dave Chen", "陈大卫")
        cls.root = make_user("root", "Root", "管理员", superuser=True)
        Membership.objects.create(club=cls.north, player=cls.alice.player, role="director")
        Membership.objects.create(club=cls.north, player=cls.bob.player, role="member")
        Membership.objects.create(club=cls.south, player=cls.dave.player, role="director")

    def zh(self) -> dict[str, str]:
        """Headers of a browser that prefers Chinese."""
        return {"Accept-Language": "zh-CN,zh;q=0.9"}


def unwrap_arith(html: str) -> str:
    """A page's HTML with the arithmetic's markup taken out (the ``arith`` filter's kept
    numbers and break points), to look for a score's arithmetic as it reads."""
    return re.sub(r'<wbr>|<span class="nb">([^<]*)</span>', lambda m: m.group(1) or "", html)
