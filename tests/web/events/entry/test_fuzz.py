"""Whatever a phone sends to the entry pages, the answer is a page, never a server error,
and nothing is stored that the library did not accept."""

from __future__ import annotations

import datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from bridgescore.web.accounts.models import Player, User
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.events import services as sv
from bridgescore.web.events import tables
from bridgescore.web.events.entry import form
from bridgescore.web.events.models import Event, ResultEntry

# Near misses of what the buttons send, and any text at all.
VALUES = st.one_of(
    st.sampled_from(["", "1", "2", "3", "7", "pass", "NT", "S", "X", "XX", "N", "T", "=", "+1",
                     "-13", "+7", "0", "99999999999999999999", "南打3NT超1", "4S N =", "７NT",
                     "\x00", "<b>", "'", "第五副"]),
    st.text(max_size=30),
)
FIELDS = st.dictionaries(st.sampled_from([*form.INPUTS, "round", "seq", "key", "step"]),
                         VALUES, max_size=12)


class FuzzTest(TestCase):
    event: Event
    url: str

    @classmethod
    def setUpTestData(cls) -> None:
        club = Club.objects.create(slug="fuzz", name_en="Fuzz", name_zh="模糊")
        user = User.objects.create_user("dir", "dir@example.org", "pw-not-used-0")
        Player.objects.create(user=user, name_en="Dir", name_zh="裁判")
        Membership.objects.create(club=club, player=user.player, role="director")
        director = sv.Actor(user)
        cls.event = sv.create_event(club, director, name_en="Fuzz", date=datetime.date(2026, 12, 1),
                                    movement="mitchell", tables=3, boards_per_round=2)
        sv.set_status(cls.event, director, Event.Status.RUNNING)
        cls.url = f"/t/{tables.secret(cls.event.table_set.get(number=1))}/"

    @settings(max_examples=60, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(FIELDS, st.sampled_from(["check", "accept"]), st.booleans())
    def test_no_post_gets_a_server_error(self, data: dict[str, str], path: str,
                                         chinese: bool) -> None:
        headers = {"Accept-Language": "zh-CN"} if chinese else {}
        r = self.client.post(self.url + path, data, headers=headers)
        assert r.status_code in (200, 303, 400, 403, 404, 409), r.status_code
        for row in ResultEntry.objects.filter(event=self.event):
            # Whatever was stored is at table 1, on a board it plays in that round (the
            # library's Mitchell: boards 1-2 in round 1, 3-4 in round 2, 5-6 in round 3).
            assert row.table == 1 and (row.round, row.board) in {
                (1, 1), (1, 2), (2, 3), (2, 4), (3, 5), (3, 6)}

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.dictionaries(st.sampled_from(["round", "board", "stored"]), VALUES, max_size=3))
    def test_no_query_gets_a_server_error(self, query: dict[str, str]) -> None:
        assert self.client.get(self.url, query).status_code == 200
