"""The director console of a team event links to the event's VP scale and bye
(``/events/<id>/match/settings``), in both languages, for those who may change them only."""

from __future__ import annotations

import datetime
import re

from bridgescore.web.events import services as sv
from bridgescore.web.events.teams import services as teams

from ...base import BaseTestCase, tuesday_pairs


def _team(prefix: str) -> teams.TeamSpec:
    return teams.TeamSpec(prefix, "", tuple(teams.Guest(f"{prefix} {i}", "")
                                            for i in range(1, 5)))


class TeamSettingsLinkTest(BaseTestCase):
    def setUp(self) -> None:
        self.event = teams.create_team_event(
            self.north, sv.Actor(self.alice), name_en="Club match", name_zh="俱乐部对抗赛",
            date=datetime.date(2026, 12, 1), movement="match", boards=4,
            teams=[_team("Lions"), _team("Tigers")])
        self.console = f"/events/{self.event.pk}/director/"
        self.settings_url = f"/events/{self.event.pk}/match/settings"

    def link(self, page: str) -> str | None:
        found = re.search(rf'<a href="{re.escape(self.settings_url)}">([^<]*)</a>', page)
        return found.group(1) if found else None

    def test_a_director_sees_it_in_both_languages_and_it_leads_there(self) -> None:
        for user in (self.alice, self.root):
            self.client.force_login(user)
            page = self.client.get(self.console)
            assert page.status_code == 200
            assert self.link(page.content.decode()) == "VP scale and bye"
            zh = self.client.get(self.console, headers=self.zh()).content.decode()
            assert self.link(zh) == "VP 换算表与轮空"
            target = self.client.get(self.settings_url)
            assert target.status_code == 200 and 'name="vp_scale"' in target.content.decode()

    def test_not_shown_to_others(self) -> None:
        anonymous = self.client.get(self.console)
        assert anonymous.status_code == 302 and "/account/login/" in anonymous["Location"]
        for user in (self.bob, self.charlie, self.dave):
            self.client.force_login(user)
            for headers in ({}, self.zh()):
                page = self.client.get(self.console, headers=headers)
                assert page.status_code == 403
                assert self.settings_url not in page.content.decode()
            # Nor on the match page a member may read (and the link's page is refused).
            match = self.client.get(f"/events/{self.event.pk}/match/")
            assert self.settings_url not in match.content.decode()
            assert self.client.get(self.settings_url).status_code == 403

    def test_not_on_a_pairs_session_s_console(self) -> None:
        pairs = tuesday_pairs(self.north, sv.Actor(self.alice))
        self.client.force_login(self.alice)
        page = self.client.get(f"/events/{pairs.pk}/director/").content.decode()
        assert "/match/settings" not in page and "VP scale and bye" not in page
