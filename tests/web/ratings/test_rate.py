"""The Rate's pages and API: the five figures of a club's players, the club's members page,
the leaderboards by Rate and by this week's points, the profile's Rate section (its chart,
its weeks, a board's arithmetic), and the API's /me/rate, /players/{id}/rate.

North Club: week 1 closed and rated (board 1: alice N, p1 E, bob S, p2 W: 420 for NS, +3
IMPs; p3, p4, p5, p6: 170, −4 IMPs); week 2 closed, not rated yet (board 1: the same four
as before, +2); week 3 open (board 1: +5 to alice and bob; board 2: alice, p3, bob, p4, +1;
p1 disconnected: −16).  South Club: dave 70, bob 60.
"""

from __future__ import annotations

import math
import re
from typing import Any, ClassVar
from urllib.parse import quote, urlencode

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.web.accounts import tokens
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Membership
from bridgescore.web.compete.models import PoolBoard, PoolPenalty
from bridgescore.web.play.models import Disconnection, PlayTable, Room
from bridgescore.web.ratings import standing
from bridgescore.web.ratings.rate_profile import board_rate

from ..base import BaseTestCase, make_user, unwrap_arith
from . import rate_helpers as h

# Hand-worked (docs/ratings.md "A board's share"): datum (420 + 170)/2 = 295 → 300; +3 and −4
# IMPs: NS 50 + 50·tanh(3/3) at alice's table, 50 + 50·tanh(−4/3) at the other; the board's
# mean NS % is their mean.  The fitted Rates stored for the week: D = (52.5 + 52.5)/2 −
# (45 + 46)/2 = 7 at alice's table, (51 + 49)/2 − (48 + 49)/2 = 1.5 at the other: D̄ = 4.25.
# u = ±(7 − 4.25) = ±2.75 and the expectation g(u) = 30·tanh(u/30) (issue 21's saturating
# Rate; the board's mean of g is 0 by symmetry): alice's residual
# r = (y₁ − y₂)/2 − g(2.75), the slope s = 1 − tanh²(2.75/30) at both tables, the board's
# mean of s × residual 0, its weight in her equation q = s²·(1 − 1/2); her precision 80
# boards: her share 2·s·r/(80 − q); p1 (East, precision 60) the opposite residual:
# 2·s·(−r)/(60 − q).
TANH1 = 0.7615941559557649
TANH43 = -0.8700616617426719  # tanh(−4/3)
T275 = math.tanh(2.75 / 30)
SLOPE = 1 - T275 * T275
R_ALICE = (50 * TANH1 - 50 * TANH43) / 2 - 30 * T275
ALICE_SHARE = 2 * SLOPE * R_ALICE / (80 - SLOPE * SLOPE / 2)
P1_SHARE = -2 * SLOPE * R_ALICE / (60 - SLOPE * SLOPE / 2)


class RateTests(BaseTestCase):
    p: ClassVar[list[User]]
    b1: ClassVar[PoolBoard]

    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        cls.p = [make_user(f"p{i}", f"Player {i}", f"牌手{i}") for i in range(1, 8)]
        for u in cls.p:
            Membership.objects.create(club=cls.north, player=u.player, role="member")
        p1, p2, p3, p4, p5, p6, _p7 = cls.p
        alice, bob = cls.alice, cls.bob
        w1 = h.week(cls.north, 1, closed=True)
        cls.b1 = h.board(w1, 1)
        h.result(cls.b1, [alice, p1, bob, p2], 420, 3)
        h.result(cls.b1, [p3, p4, p5, p6], 170, -4, arrival=2)
        rw = h.rated(w1)
        precision = {alice: 80.0, p1: 60.0}
        after = {alice: 52.5, bob: 52.5, p1: 45.0, p2: 46.0, p3: 51.0, p4: 48.0, p5: 49.0,
                 p6: 49.0}
        for u, rate in after.items():
            pts = 3 if u in (alice, bob) else -3 if u in (p1, p2) else -4 if u in (p3, p5) else 4
            h.history(rw, u, rate=rate, precision=precision.get(u, 70.0), played=1, points=pts,
                      average=float(pts), week_rate=rate + 10, week_boards=1, boards=1)
            h.standing(rw, u, rate, played_total=1, last_average=float(pts))
        w2 = h.week(cls.north, 2, closed=True)
        h.result(h.board(w2, 1), [alice, p1, bob, p2], 110, 2)
        w3 = h.week(cls.north, 3)
        b31, b32 = h.board(w3, 1), h.board(w3, 2)
        h.result(b31, [alice, p1, bob, p2], 420, 5)
        h.result(b32, [alice, p3, bob, p4], 140, 1, minutes=10)
        table = PlayTable.objects.create(room=Room.objects.get(club=cls.north))
        d = Disconnection.objects.create(table=table, user=p1, seat=1, dropped_at=h.T0)
        PoolPenalty.objects.create(disconnection=d, week=w3, board=b31, player=p1, points=-16,
                                   at=h.T0)
        sw = h.week(cls.south, 1, closed=True)
        srw = h.rated(sw)
        h.standing(srw, cls.dave, 70.0, played_total=30, last_average=1.5)
        h.standing(srw, bob, 60.0, played_total=12)
        Membership.objects.create(club=cls.south, player=bob.player, role="member")

    # ----------------------------------------------------------------- the five figures

    def test_the_five_figures_of_many_players_in_five_queries(self) -> None:
        p1, p5, p7 = self.p[0], self.p[4], self.p[6]
        ids = [self.alice.pk, p1.pk, p5.pk, p7.pk, self.charlie.pk]
        with self.assertNumQueries(5):
            got = standing.club_figures(self.north, ids)
        f = got[self.alice.pk]
        assert (f.rate, f.week_points, f.week_boards, f.total_boards, f.last_average) == (
            52.5, 6, 2, 4, 3.0)  # 1 rated + 1 in week 2 (not rated yet) + 2 this week
        f = got[p1.pk]
        assert (f.rate, f.week_points, f.week_boards, f.total_boards) == (45.0, -21, 1, 3)
        f = got[p5.pk]
        assert (f.rate, f.week_points, f.week_boards, f.total_boards, f.last_average) == (
            49.0, 0, 0, 1, -4.0)
        f = got[p7.pk]
        assert (f.rate, f.rated, f.shown_rate, f.total_boards, f.last_average) == (
            None, False, 50.0, 0, None)

    def test_a_player_s_figures_in_each_club(self) -> None:
        got = [(c.slug, f.rate, f.total_boards) for c, f in standing.player_figures(self.bob.pk)]
        assert got == [("north", 52.5, 4), ("south", 60.0, 12)]
        assert standing.player_figures(self.charlie.pk) == []

    # --------------------------------------------------------------- the members page

    def _member_cells(self, r: Any, name: str) -> dict[str, str]:
        html = re.sub(r"\s+", " ", r.content.decode())
        row = next(x for x in re.findall(r"<tr[^>]*>(.*?)</tr>", html) if name in x)
        return {k: re.sub(r"<[^>]+>", "", v) for k, v in
                re.findall(r'<td class="(\w+)(?: num)?"[^>]*>(.*?)</td>', row)}

    def test_the_members_page_shows_the_club_s_figures(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.get("/clubs/north/")
        for label in ("Rate", "This week&#x27;s points", "This week&#x27;s boards",
                      "Total boards", "Last week&#x27;s average"):
            self.assertContains(r, f">{label}</th>", html=False)
        c = self._member_cells(r, "Alice Wang")
        assert (c["rate"], c["week_points"], c["week_boards"], c["total_boards"],
                c["last_average"]) == ("52.50", "+6", "2", "4", "3.00")
        c = self._member_cells(r, "Player 7")
        assert (c["rate"], c["week_points"], c["total_boards"], c["last_average"]) == (
            "50.00 (provisional)", "0", "0", "—")
        # The club's own: bob's Rate at South Club is not North's.
        assert self._member_cells(r, "Bob Li")["rate"] == "52.50"

    def test_the_members_page_in_chinese(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.get("/clubs/north/", headers=self.zh())
        for label in ("牌技指数", "本周积分", "本周副数", "总副数", "上周平均分"):
            self.assertContains(r, f">{label}</th>", html=False)
        assert self._member_cells(r, "牌手7")["rate"] == "50.00（暂定）"
        assert self._member_cells(r, "牌手1")["week_points"] == "−21"

    # ----------------------------------------------------------------- the leaderboards

    def _rows(self, r: Any, key: str) -> list[tuple[str, str, str]]:
        html = re.sub(r"\s+", " ", r.content.decode())
        out = []
        for row in re.findall(r'<tr data-user[^>]*>(.*?)</tr>', html):
            place = re.search(r'<td class="num place">([^<]*)</td>', row).group(1)  # type: ignore[union-attr]
            who = re.sub(r"<[^>]+>", "", re.search(r'<td class="who">(.*?)</td>', row).group(1))  # type: ignore[union-attr]
            value = re.sub(r"<[^>]+>", " ", re.search(  # type: ignore[union-attr]
                rf'<td class="{key} num">(.*?)</td>', row).group(1)).strip()
            out.append((place, who, value))
        return out

    def test_a_club_s_rate_board_ties_share_a_place(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.get("/ratings/leaderboards/?by=rate&club=north")
        assert self._rows(r, "rate") == [
            ("1", "Alice Wang", "52.50"), ("1", "Bob Li", "52.50"), ("3", "Player 3", "51.00"),
            ("4", "Player 5", "49.00"), ("4", "Player 6", "49.00"), ("6", "Player 4", "48.00"),
            ("7", "Player 2", "46.00"), ("8", "Player 1", "45.00")]
        self.assertContains(r, '<p id="my-place">Your place: 1', html=False)
        self.assertContains(r, ">Total boards</th>", html=False)

    def test_the_rate_board_of_all_players_lists_each_once_with_the_club(self) -> None:
        r = self.client.get("/ratings/leaderboards/?by=rate")
        rows = self._rows(r, "rate")
        assert rows[:3] == [("1", "Dave Chen", "70.00 South Club"),
                            ("2", "Bob Li", "60.00 South Club"),
                            ("3", "Alice Wang", "52.50 North Club")]
        assert [w for _p, w, _v in rows].count("Bob Li") == 1
        self.assertNotContains(r, ">Total boards</th>", html=False)  # a club's figure only

    def test_the_week_points_board(self) -> None:
        self.client.force_login(self.p[0])
        r = self.client.get("/ratings/leaderboards/?by=week_points&club=north", headers=self.zh())
        assert self._rows(r, "week_points") == [
            ("1", "王爱丽", "+6"), ("1", "李博", "+6"), ("3", "牌手3", "−1"), ("3", "牌手4", "−1"),
            ("5", "牌手2", "−5"), ("6", "牌手1", "−21")]
        self.assertContains(r, ">本周副数</th>", html=False)
        self.assertContains(r, '<p id="my-place">您的名次：6', html=False)

    def test_a_club_s_boards_are_its_members(self) -> None:
        r = self.client.get("/ratings/leaderboards/?by=rate&club=north")
        assert r.status_code == 302  # to log in
        self.client.force_login(self.dave)
        r = self.client.get("/ratings/leaderboards/?by=week_points&club=north")
        assert r.status_code == 403

    # --------------------------------------------------------------- a board's arithmetic

    def test_a_board_s_share_is_the_hand_worked_figure(self) -> None:
        got = board_rate(self.b1, self.alice.pk, "en")
        assert got is not None and got.share is not None
        assert math.isclose(got.share, ALICE_SHARE, rel_tol=0, abs_tol=1e-9)
        assert f"= +{ALICE_SHARE:.2f} ({SLOPE:.2f} = 1 − tanh²(2.75/30)" in got.text, got.text
        assert "80.00: the Rate's precision" in got.text
        assert "Board 1, North" in got.text
        assert "(North 52.50, East 45.00, South 52.50, West 46.00)" in got.text
        east = board_rate(self.b1, self.p[0].pk, "zh")
        assert east is not None and east.share is not None
        assert math.isclose(east.share, P1_SHARE, rel_tol=0, abs_tol=1e-9)
        assert east.text.startswith("第 1 副，东"), east.text
        assert f"= −{-P1_SHARE:.2f}（{SLOPE:.2f} = 1 − tanh²(2.75/30)" in east.text, east.text
        assert "60.00 为牌技指数的精度" in east.text

    def test_no_arithmetic_before_the_week_is_rated(self) -> None:
        later = PoolBoard.objects.get(week__club=self.north, week__number=3, number=1)
        assert board_rate(later, self.alice.pk, "en") is None
        assert board_rate(self.b1, self.charlie.pk, "en") is None

    # ---------------------------------------------------------------------- the profile

    def test_the_profile_s_rate_section(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/account/")
        html = unwrap_arith(r.content.decode())
        section = html.split('id="rate"')[1].split("</section>")[0]
        assert '<article class="rate-club" id="rate-north"' in section
        assert "<strong>52.50</strong>" in section
        assert '<svg class="rate-chart"' in section
        assert "<title id=\"rate-chart-north-t\">The Rate after each week at North Club</title>" \
            in section
        assert ">Week</text>" in section and ">Rate</text>" in section
        assert re.search(r'<tr data-week="1"><td class="num">1</td><td class="num">1</td>'
                         r'<td class="num">\+3</td><td class="num">3.00</td>'
                         r'<td class="num">62.50</td><td class="num"><strong>52.50</strong>', section)
        assert f"Share in the Rate: +{ALICE_SHARE:.2f}" in section
        assert f"= +{ALICE_SHARE:.2f} ({SLOPE:.2f} = 1 − tanh²" in section
        assert "80.00: the Rate&#x27;s precision" in section
        assert section.count("rated when the week closes") == 3  # week 2's and this week's
        # The Rate comes before the masterpoints.
        assert html.index('id="rate"') < html.index('id="masterpoints"')

    def test_the_profile_in_chinese(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/account/", headers=self.zh())
        html = unwrap_arith(r.content.decode())
        assert "北方俱乐部 每周之后的牌技指数" in html
        assert ">周</text>" in html and ">牌技指数</text>" in html
        assert f"对牌技指数的影响：+{ALICE_SHARE:.2f}" in html
        assert "第 1 副，北" in html

    def test_no_rate_yet(self) -> None:
        self.client.force_login(self.charlie)
        r = self.client.get("/account/")
        self.assertContains(r, "No Rate yet: it comes from a club's board pool. A new "
                               "player starts at 50.00.", html=False)

    # -------------------------------------------------------------------------- the API

    def get(self, path: str, user: Any = None, **headers: str) -> Any:
        if user is not None:
            headers["Authorization"] = f"Bearer {tokens.issue(user, 'test')}"
        return self.client.get(path, headers=headers)

    def test_my_rate(self) -> None:
        body = self.get("/api/me/rate", self.alice).json()
        assert body["player"]["name"] == "Alice Wang"
        [north] = body["clubs"]
        assert north["club"] == {"slug": "north", "name_en": "North Club", "name_zh": "北方俱乐部",
                                 "name": "North Club"}
        assert {k: north[k] for k in ("rate", "rated", "week_points", "week_boards",
                                      "total_boards", "last_average")} == {
            "rate": 52.5, "rated": True, "week_points": 6, "week_boards": 2, "total_boards": 4,
            "last_average": 3.0}
        [week1] = north["history"]
        assert {k: week1[k] for k in ("week", "rate", "week_rate", "boards", "points",
                                      "average")} == {
            "week": 1, "rate": 52.5, "week_rate": 62.5, "boards": 1, "points": 3,
            "average": 3.0}
        nothing = self.get("/api/me/rate", self.charlie).json()
        assert nothing["clubs"] == []

    def test_a_player_s_rate_in_the_clubs_the_caller_shares(self) -> None:
        path = f"/api/players/{self.bob.pk}/rate"
        assert [c["club"]["slug"] for c in self.get(path, self.bob).json()["clubs"]] == [
            "north", "south"]
        assert [c["club"]["slug"] for c in self.get(path, self.root).json()["clubs"]] == [
            "north", "south"]
        assert [c["club"]["slug"] for c in self.get(path, self.alice).json()["clubs"]] == ["north"]
        r = self.client.get(path, headers={"Authorization": f"Bearer {tokens.issue(self.charlie, 't')}",
                                           "Accept-Language": "zh-CN"})
        assert r.status_code == 403
        assert r.json()["en"] == "A player's Rate is shown to the members of the player's clubs only."
        assert r.json()["message"] == r.json()["zh"] == "牌手的牌技指数仅其所在俱乐部的会员可见。"
        assert self.client.get(path).status_code == 401
        assert self.get("/api/me/rate").status_code == 401
        # A fellow member who has not played the pool yet: the club, not yet rated.
        [only] = self.get(f"/api/players/{self.p[6].pk}/rate", self.alice).json()["clubs"]
        assert (only["club"]["slug"], only["rated"], only["rate"], only["shown_rate"],
                only["total_boards"], only["history"]) == ("north", False, None, 50.0, 0, [])
        r = self.get("/api/players/999999/rate", self.alice)
        assert r.status_code == 404 and r.json()["zh"] == "没有编号为 999999 的牌手。"

    def test_the_leaderboards_in_the_api(self) -> None:
        body = self.get("/api/leaderboards/rate?club=north&limit=3", self.bob).json()
        assert [(x["place"], x["player"]["name"], x["value"]) for x in body["rows"]] == [
            (1, "Alice Wang", 52.5), (1, "Bob Li", 52.5), (3, "Player 3", 51.0)]
        assert body["count"] == 8
        body = self.get("/api/leaderboards/rate?offset=1&limit=2").json()
        assert [(x["place"], x["player"]["name"], x["value"], x["club"]) for x in body["rows"]] \
            == [(2, "Bob Li", 60.0, "south"), (3, "Alice Wang", 52.5, "north")]
        body = self.get("/api/leaderboards/week_points?club=north&offset=4", self.bob).json()
        assert [(x["place"], x["value"]) for x in body["rows"]] == [(5, -5), (6, -21)]
        r = self.get("/api/leaderboards/week_points?club=north")
        assert r.status_code == 401
        r = self.client.get("/api/leaderboards/rate?club=north",
                            headers={"Authorization": f"Bearer {tokens.issue(self.dave, 't')}",
                                     "Accept-Language": "zh-CN"})
        assert r.status_code == 403 and r.json()["message"] == "只有本俱乐部会员可以查看其排行榜。"

    # Hypothesis draws inside the test (the class's data stays; the requests only read).
    def test_any_parameters_get_an_answer_never_a_server_error(self) -> None:
        @given(by=st.sampled_from(["rate", "week_points", "Rate", "rate/", "week points"]),
               club=st.one_of(st.just(""), st.just("north"), st.text(max_size=60)),
               limit=st.one_of(st.integers(-3, 600), st.text(max_size=5)),
               offset=st.one_of(st.integers(-3, 10**8), st.text(max_size=5)),
               who=st.sampled_from(["anonymous", "bob", "dave"]))
        @settings(max_examples=60, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow])
        def check(by: str, club: str, limit: Any, offset: Any, who: str) -> None:
            user = None if who == "anonymous" else getattr(self, who)
            r = self.get(f"/api/leaderboards/{quote(by, safe='')}?"
                         + urlencode({"club": club, "limit": limit, "offset": offset}), user)
            assert r.status_code in (200, 401, 403, 404, 422), (r.status_code, r.content)
            if r.status_code != 200:
                assert {"code", "message", "en", "zh"} <= set(r.json())

        check()

    def test_any_player_id_gets_an_answer(self) -> None:
        @given(user_id=st.one_of(st.integers(-10, 10**12), st.text(max_size=8)),
               who=st.sampled_from(["anonymous", "bob", "charlie"]))
        @settings(max_examples=40, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow])
        def check(user_id: Any, who: str) -> None:
            user = None if who == "anonymous" else getattr(self, who)
            r = self.get(f"/api/players/{quote(str(user_id), safe='')}/rate", user)
            assert r.status_code in (200, 401, 403, 404, 422), (r.status_code, r.content)
            if r.status_code != 200:
                assert {"code", "message", "en", "zh"} <= set(r.json())

        check()
