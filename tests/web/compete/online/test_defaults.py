"""The online kinds and the team match's set-up page state no default of their own: a
setting not given is the library's (``compete.teammatch.TeamMatchSettings``,
``compete.ladder.LadderSettings``), so the two cannot drift apart (issue 24)."""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

from django.test import TransactionTestCase

from bridgescore.compete.ladder import LadderSettings
from bridgescore.compete.teammatch import TeamMatchSettings
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import Competition
from bridgescore.web.compete.online.ladder_kind import LadderKind
from bridgescore.web.compete.online.teams_kind import MATCH_SETTINGS, TeamsKind

from .helpers import FAST, T0, club_with

TEAMS: dict[str, Any] = {
    "home": {"id": "home", "name_en": "Lions", "name_zh": "狮队", "players": list("abcd")},
    "away": {"id": "away", "name_en": "Tigers", "name_zh": "虎队", "players": list("efgh")}}


def test_a_team_match_not_told_otherwise_has_the_librarys_settings() -> None:
    assert TeamsKind().read_settings(TEAMS).match == TeamMatchSettings()
    # Every setting of the library's match can be given, and each given one is taken.
    assert set(MATCH_SETTINGS) == {f.name for f in fields(TeamMatchSettings)}
    given: dict[str, Any] = {"boards": 8, "vp_scale": "wbf", "imp_scale": "wbf",
                             "time_limit": 3600.0, "unfinished": "average"}
    assert TeamsKind().read_settings({**TEAMS, **given}).match == TeamMatchSettings(**given)


def test_a_ladder_not_told_otherwise_has_the_librarys_settings() -> None:
    setup = LadderKind().read_settings({})
    assert setup.ladder == LadderSettings() and setup.ladder.match == TeamMatchSettings()
    setup = LadderKind().read_settings({"boards": 12})
    assert setup.ladder.match == TeamMatchSettings(boards=12)


@FAST
class SetUpPageTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(8)

    def test_the_form_offers_and_fills_in_the_librarys_defaults(self) -> None:
        self.client.force_login(self.td)
        page = self.client.get("/compete/teams/new/online/").content.decode()
        chosen = dict(re.findall(r'<select name="(\w+)">.*?<option value="(\w+)" selected>',
                                 page))
        default = TeamMatchSettings()
        assert chosen == {"boards": str(default.boards), "vp_scale": default.vp_scale}
        # Neither sent: the library's again.
        p = [str(u.pk) for u in self.people]
        r = self.client.post("/compete/teams/new/online/", {
            "name_en": "Friday match", **{f"home{i + 1}": p[i] for i in range(4)},
            **{f"away{i + 1}": p[4 + i] for i in range(4)}})
        assert r.status_code == 302
        c = Competition.objects.get(name_en="Friday match")
        assert (c.settings["boards"], c.settings["vp_scale"]) == (default.boards,
                                                                  default.vp_scale)
