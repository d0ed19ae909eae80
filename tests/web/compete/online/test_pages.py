"""The pages: the match page (comparison, totals, VPs) and its place on the vugraph list,
the ladder page (160+ entrants, the buttons each reader may use) and its history, the 贴点
room's page; in English and Chinese."""

from __future__ import annotations

import time

from django.test import TransactionTestCase

from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.kinds import robot_id
from bridgescore.web.events.teams.services import number_text

from ...base import make_user
from .helpers import FAST, T0, club_with, group, run_robots, tables_of, team_match

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}


@FAST
class PagesTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(8)

    def test_match_page_and_vugraph_list(self) -> None:
        robots = [robot_id(f"r{i}") for i in range(8)]
        c = team_match(self.club, self.td, robots[:4], robots[4:])
        sv.act(c, {"type": "start"}, self.td)
        self.client.force_login(self.people[0])
        page = self.client.get(f"/compete/teams/{c.pk}/").content.decode()
        assert "Open room" in page and "/ws/play/tables/" in page and "Lions" in page
        assert f'href="/compete/teams/{c.pk}/"' in self.client.get("/vugraph/").content.decode()
        run_robots([t.play_table_id for t in tables_of(c)])
        vp = sv.standings(c)[0]["vp"]
        part = self.client.get(f"/compete/teams/{c.pk}/?part=live").content.decode()
        assert "<html" not in part and "Victory points:" in part and "running totals" in part
        assert f'data-vp="{number_text(vp)}-' in part
        zh = self.client.get(f"/compete/teams/{c.pk}/", headers=ZH).content.decode()
        assert "开室" in zh and "狮队" in zh and "胜利分" in zh

    def test_set_up_page(self) -> None:
        self.client.force_login(self.people[0])
        assert self.client.get("/compete/teams/new/online/").status_code == 403
        self.client.force_login(self.td)
        assert "Home team" in self.client.get("/compete/teams/new/online/").content.decode()
        p = [str(u.pk) for u in self.people]
        r = self.client.post("/compete/teams/new/online/", {
            "name_en": "Friday match", "boards": "12", "vp_scale": "wbf",
            **{f"home{i + 1}": p[i] for i in range(4)},
            **{f"away{i + 1}": p[4 + i] for i in range(4)}})
        assert r.status_code == 302 and r["Location"].startswith("/compete/teams/")
        # A non-member named: refused, said in the reader's language.
        out = make_user("out", "Out", "外人")
        r = self.client.post("/compete/teams/new/online/", {
            "name_en": "x", "boards": "8", **{f"home{i + 1}": p[i] for i in range(3)},
            "home4": str(out.pk), **{f"away{i + 1}": p[4 + i] for i in range(4)}},
            headers=ZH, follow=True)
        assert "只有本俱乐部会员可以参加此比赛" in r.content.decode()

    def test_ladder_pages(self) -> None:
        p = self.people
        alpha, beta = group(self.club, "Alpha", p[:4]), group(self.club, "Beta", p[4:])
        entrants = [{"id": alpha.entrant_id, "kind": "team", "captain": str(p[0].pk)}]
        for i in range(163):
            g = group(self.club, f"T{i}", [make_user(f"l{i}", f"L{i}", f"队长{i}")])
            entrants.append({"id": g.entrant_id, "kind": "team", "captain": str(g.leader_id)})
        c = sv.create_competition(self.club, self.td, kind="ladder", name_en="Big ladder",
                                  name_zh="大梯级", settings={"entrants": entrants})
        self.client.force_login(p[4])
        started = time.perf_counter()
        page = self.client.get(f"/compete/ladder/{c.pk}/").content.decode()
        took = time.perf_counter() - started
        assert page.count('<td class="num">') == 164 and took < 3, took
        assert "Join the ladder with Beta" in page
        r = self.client.post(f"/compete/ladder/{c.pk}/act", {"type": "join",
                                                            "entrant": beta.entrant_id})
        assert r.status_code == 302
        page = self.client.get(f"/compete/ladder/{c.pk}/").content.decode()
        assert page.count('>Challenge</button>') == 3  # places 162-164 are in reach
        zh = self.client.get(f"/compete/ladder/{c.pk}/", headers=ZH).content.decode()
        assert "挑战" in zh and "名次" in zh
        hist = self.client.get(f"/compete/ladder/{c.pk}/history/").content.decode()
        assert "Beta joined at place 165." in hist

    def test_the_competitions_pages_lead_to_these(self) -> None:
        robots = [robot_id(f"r{i}") for i in range(8)]
        m = team_match(self.club, self.td, robots[:4], robots[4:])
        lad = sv.create_competition(self.club, self.td, kind="ladder", name_en="Ladder")
        h = sv.create_competition(self.club, self.td, kind="handicap", name_en="Room",
                                  members_only=False)
        self.client.force_login(self.people[0])
        assert self.client.get("/compete/").status_code == 200
        assert self.client.get("/compete/results/").status_code == 200
        for c, page in ((m, "teams"), (lad, "ladder"), (h, "handicap")):
            for tail in ("", "results/"):
                r = self.client.get(f"/compete/{c.pk}/{tail}")
                assert r.status_code == 302 and r["Location"] == f"/compete/{page}/{c.pk}/"

    def test_handicap_page(self) -> None:
        c = sv.create_competition(self.club, self.td, kind="handicap", name_en="Room",
                                  name_zh="贴点室", members_only=False)
        out = make_user("out", "Guest", "来宾")
        self.client.force_login(out)
        r = self.client.post(f"/compete/handicap/{c.pk}/open")
        assert r.status_code == 302 and r["Location"].startswith("/play/tables/")
        page = self.client.get(f"/compete/handicap/{c.pk}/").content.decode()
        assert "Open a table" in page and "Table 1" in page
        zh = self.client.get(f"/compete/handicap/{c.pk}/", headers=ZH).content.decode()
        assert "开一张桌" in zh
