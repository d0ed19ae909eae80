"""The lobby, a room and the table page: who may open what, the new-table form and its
errors in both languages, the one-click practice table, sitting and standing, and the score
arithmetic the table page asks for (expected figures worked by hand from Law 77)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from django.test import Client, override_settings

from bridgescore.core.seat import Seat
from bridgescore.web.accounts.models import User
from bridgescore.web.events.models import BoardSet
from bridgescore.web.play import services
from bridgescore.web.play import tables as play_tables
from bridgescore.web.play.models import PlaySeat, PlayTable, Room

from ...base import BaseTestCase

FAST = override_settings(BRIDGESCORE_PLAY_ROBOT_SECONDS=0, BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS=0)


def form_data(room: Room, **changes: object) -> dict[str, object]:
    data: dict[str, object] = {"room": room.pk, "name": "Evening", "boards": 2,
                               "first_board": 1, "undo_allowed": "on",
                               "spectators_allowed": "on", "spectator_delay": 0,
                               "grace_seconds": 60, "seat": "S", "board_set": ""}
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def text(html: bytes) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode()))


@FAST
class PlayPagesTestCase(BaseTestCase):
    def setUp(self) -> None:
        self.site = Room.objects.create(name_en="Open room", name_zh="公共房间")
        self.club_room = Room.objects.create(club=self.north, name_en="North practice",
                                             name_zh="北方练习室")

    def as_(self, user: User | None) -> Client:
        c = Client()
        if user is not None:
            c.force_login(user)
        return c


class LobbyTest(PlayPagesTestCase):
    def test_signed_in_players_only(self) -> None:
        for url in ("/play/", "/play/live", f"/play/rooms/{self.site.pk}/"):
            page = self.as_(None).get(url)
            assert page.status_code == 302 and "/account/login/" in page["Location"], url

    def test_a_club_s_room_is_for_its_members(self) -> None:
        member = self.as_(self.bob).get("/play/")
        assert member.status_code == 200
        assert "North practice" in member.content.decode()
        assert "Open room" in member.content.decode()
        outsider = self.as_(self.charlie).get("/play/")
        assert "Open room" in outsider.content.decode()
        assert "North practice" not in outsider.content.decode()
        assert self.as_(self.charlie).get(f"/play/rooms/{self.club_room.pk}/").status_code == 403
        assert self.as_(self.charlie).get(f"/play/live?room={self.club_room.pk}").status_code == 403
        assert self.as_(self.bob).get("/play/live?room=²").status_code == 404
        assert self.as_(self.bob).get("/play/live?room=x").status_code == 404
        assert self.as_(self.bob).get(f"/play/rooms/{self.club_room.pk}/").status_code == 200

    def test_both_languages(self) -> None:
        en = text(self.as_(self.bob).get("/play/").content)
        assert "Play bridge" in en and "Practise alone" in en
        zh = text(self.as_(self.bob).get("/play/", headers=self.zh()).content)
        assert "打桥牌" in zh and "独自练习" in zh and "公共房间" in zh and "北方练习室" in zh

    def test_tables_show_who_sits_robots_and_empty_seats(self) -> None:
        t = play_tables.create_table(self.site, self.alice, name="Tuesday", boards=2)
        services.sit(t, self.alice, Seat.NORTH)
        services.seat_robot(t, self.alice, Seat.EAST)
        live = self.as_(self.bob).get("/play/live").content.decode()
        row = re.search(rf'<li class="ptable" data-table="{t.pk}">(.*?)</ul>', live, re.S)
        assert row is not None
        seats = dict(re.findall(r'data-seat="([NESW])">(.*?)</li>', row.group(1), re.S))
        assert "Alice Wang" in seats["N"]
        assert "Robot" in seats["E"]
        assert "Sit here" in seats["S"] and "Sit here" in seats["W"]
        assert "hx-get" not in live  # the part only: the lobby's own div polls it
        lobby = self.as_(self.bob).get("/play/").content.decode()
        assert 'hx-get="/play/live" hx-trigger="every 3s"' in lobby

    def test_no_watch_link_where_spectators_are_not_allowed(self) -> None:
        t = play_tables.create_table(self.site, self.alice, name="Private",
                                     spectators_allowed=False)
        live = self.as_(self.bob).get("/play/live").content.decode()
        row = re.search(rf'data-table="{t.pk}">(.*?)</li>\s*</ul>\s*</section>', live, re.S)
        assert row is not None
        assert "No spectators" in row.group(1) and ">Watch<" not in row.group(1)


class CreateTableTest(PlayPagesTestCase):
    def test_a_table_with_its_settings_and_the_host_seated(self) -> None:
        answer = self.as_(self.bob).post("/play/tables/new", form_data(
            self.club_room, spectators_allowed=None, grace_seconds=30, boards=3))
        assert answer.status_code == 302
        t = PlayTable.objects.get(name="Evening")
        assert answer["Location"] == f"/play/tables/{t.pk}/"
        assert (t.room, t.host, t.boards, t.grace_seconds) == (self.club_room, self.bob, 3, 30)
        assert t.undo_allowed and not t.spectators_allowed and not t.spectators_see_hands
        assert PlaySeat.objects.get(table=t, seat=Seat.SOUTH.value).user == self.bob

    def test_errors_in_english_and_chinese(self) -> None:
        bad = form_data(self.site, boards=0, grace_seconds="soon")
        en = self.as_(self.bob).post("/play/tables/new", bad)
        assert en.status_code == 400
        body = text(en.content)
        assert "Ensure this value is greater than or equal to 1." in body
        assert "Enter a whole number." in body
        zh = self.as_(self.bob).post("/play/tables/new", bad, headers=self.zh())
        assert zh.status_code == 400
        body = text(zh.content)
        assert "确保该值大于或等于1。" in body and "输入整数。" in body
        assert not PlayTable.objects.exists()

    def test_a_room_the_user_may_not_use_is_refused(self) -> None:
        answer = self.as_(self.charlie).post("/play/tables/new", form_data(self.club_room))
        assert answer.status_code == 400
        assert "Select a valid choice." in text(answer.content)
        assert not PlayTable.objects.exists()

    def test_a_board_set_must_be_the_room_s_club_s(self) -> None:
        other = BoardSet.objects.create(club=self.south, name="South's boards", pbn="", boards=8)
        own = BoardSet.objects.create(club=self.north, name="North's boards", pbn="", boards=8)
        # A South set is not even offered to a North member; in the site's room no set is.
        answer = self.as_(self.bob).post("/play/tables/new",
                                         form_data(self.club_room, board_set=other.pk))
        assert answer.status_code == 400
        answer = self.as_(self.bob).post("/play/tables/new",
                                         form_data(self.site, board_set=own.pk),
                                         headers=self.zh())
        assert answer.status_code == 400
        assert "此牌套属于其他俱乐部" in text(answer.content)
        answer = self.as_(self.bob).post("/play/tables/new",
                                         form_data(self.club_room, board_set=own.pk,
                                                   first_board=7, boards=4))
        assert answer.status_code == 400
        assert "The board set has 8 boards: boards 7 to 10 are not all in it." in text(answer.content)


class PractiseSitStandTest(PlayPagesTestCase):
    def test_practise_alone_is_one_click(self) -> None:
        answer = self.as_(self.charlie).post("/play/practise")
        assert answer.status_code == 302
        t = PlayTable.objects.get()
        assert answer["Location"] == f"/play/tables/{t.pk}/"
        seats = {s.seat: s for s in PlaySeat.objects.filter(table=t)}
        assert seats[Seat.SOUTH.value].user == self.charlie
        assert all(seats[s.value].robot and seats[s.value].user is None
                   for s in (Seat.NORTH, Seat.EAST, Seat.WEST))
        assert t.room.club is None and t.host == self.charlie

    def test_sit_stand_and_a_taken_seat(self) -> None:
        t = play_tables.create_table(self.site, self.alice, name="T")
        services.sit(t, self.alice, Seat.NORTH)
        answer = self.as_(self.bob).post(f"/play/tables/{t.pk}/sit", {"seat": "E"})
        assert answer.status_code == 302 and answer["Location"] == f"/play/tables/{t.pk}/"
        assert PlaySeat.objects.get(table=t, seat=1).user == self.bob
        taken = self.as_(self.charlie).post(f"/play/tables/{t.pk}/sit",
                                            {"seat": "N", "next": "/play/"}, follow=True)
        assert PlaySeat.objects.get(table=t, seat=0).user == self.alice
        messages = [str(m) for m in taken.context["messages"]]
        assert len(messages) == 1 and "North" in messages[0], messages
        zh = self.as_(self.charlie).post(f"/play/tables/{t.pk}/sit", {"seat": "N"},
                                         headers=self.zh(), follow=True)
        assert re.search(r"[\u4e00-\u9fff]", str(next(iter(zh.context["messages"]))))
        nonsense = self.as_(self.charlie).post(f"/play/tables/{t.pk}/sit", {"seat": "Q"},
                                               follow=True)
        assert "Choose a seat" in str(next(iter(nonsense.context["messages"])))
        self.as_(self.bob).post(f"/play/tables/{t.pk}/stand", {"next": "/play/"})
        assert PlaySeat.objects.get(table=t, seat=1).user is None

    def test_a_club_table_only_for_its_members(self) -> None:
        t = play_tables.create_table(self.club_room, self.alice, name="Club")
        assert self.as_(self.charlie).post(f"/play/tables/{t.pk}/sit", {"seat": "E"}).status_code == 403
        assert self.as_(self.charlie).get(f"/play/tables/{t.pk}/").status_code == 403
        assert not PlaySeat.objects.filter(table=t, user=self.charlie).exists()

    def test_only_posts_change_anything(self) -> None:
        t = play_tables.create_table(self.site, self.alice, name="T")
        for url in ("/play/practise", "/play/tables/new", f"/play/tables/{t.pk}/sit",
                    f"/play/tables/{t.pk}/stand"):
            assert self.as_(self.bob).get(url).status_code == 405, url

    def test_next_never_leaves_the_play_pages(self) -> None:
        t = play_tables.create_table(self.site, self.alice, name="T")
        answer = self.as_(self.bob).post(f"/play/tables/{t.pk}/stand",
                                         {"next": "//evil.example/play/"})
        assert answer["Location"] == "/play/"


class TablePageTest(PlayPagesTestCase):
    def client_config(self, html: str) -> dict[str, object]:
        m = re.search(r'<script id="play-client" type="application/json">(.*?)</script>', html)
        assert m is not None
        return json.loads(m.group(1))  # type: ignore[no-any-return]

    def test_the_frame_and_its_strings_in_the_page_s_language(self) -> None:
        t = play_tables.create_table(self.site, self.alice, name="T")
        services.sit(t, self.bob, Seat.SOUTH)
        en = self.as_(self.bob).get(f"/play/tables/{t.pk}/").content.decode()
        config = self.client_config(en)
        assert config["ws"] == f"/ws/play/tables/{t.pk}" and config["lang"] == "en"
        strings = config["strings"]
        assert isinstance(strings, dict)
        assert (strings["N"], strings["Pass"], strings["XX"], strings["NT"]) == ("North", "Pass", "XX", "NT")
        assert "play/table.js" in en and "<kbd>" in en
        zh = self.as_(self.bob).get(f"/play/tables/{t.pk}/", headers=self.zh()).content.decode()
        config = self.client_config(zh)
        strings = config["strings"]
        assert isinstance(strings, dict) and config["lang"] == "zh"
        assert (strings["N"], strings["E"], strings["S"], strings["W"]) == ("北", "东", "南", "西")
        assert (strings["Pass"], strings["X"], strings["XX"], strings["NT"]) == ("不叫", "加倍", "再加倍", "无将")
        assert "键盘操作" in zh
        # Every text the script shows is in the table, translated (none left in English).
        english = self.client_config(en)["strings"]
        assert isinstance(english, dict) and strings.keys() == english.keys()
        same = [k for k in strings if strings[k] == english[k]]
        assert same == [], same

    def test_spectators_only_where_allowed(self) -> None:
        open_table = play_tables.create_table(self.site, self.alice, name="Open")
        closed = play_tables.create_table(self.site, self.alice, name="Closed",
                                          spectators_allowed=False)
        services.sit(closed, self.bob, Seat.SOUTH)
        assert self.as_(self.charlie).get(f"/play/tables/{open_table.pk}/").status_code == 200
        assert self.as_(self.charlie).get(f"/play/tables/{closed.pk}/").status_code == 403
        assert self.as_(self.bob).get(f"/play/tables/{closed.pk}/").status_code == 200  # seated
        assert self.as_(self.alice).get(f"/play/tables/{closed.pk}/").status_code == 200  # host
        assert self.as_(None).get(f"/play/tables/{closed.pk}/").status_code == 302
        assert self.as_(self.bob).get("/play/tables/999999/").status_code == 404

    def test_host_controls_are_refused_to_others(self) -> None:
        t = play_tables.create_table(self.site, self.alice, name="T")
        services.sit(t, self.bob, Seat.SOUTH)
        attempts: list[Callable[[], object]] = [
            lambda: services.seat_robot(t, self.bob, Seat.WEST),
            lambda: services.remove_player(t, self.charlie, Seat.SOUTH),
            lambda: services.reserve(t, self.bob, Seat.EAST, self.charlie)]
        for attempt in attempts:
            try:
                attempt()
            except services.NotAllowed as e:
                assert e.en and e.zh
            else:
                raise AssertionError("a host's control was allowed to a player")
        assert PlaySeat.objects.get(table=t, seat=Seat.SOUTH.value).user == self.bob
        assert not PlaySeat.objects.filter(table=t, robot=True).exists()


class ScoreTest(PlayPagesTestCase):
    def score(self, **query: str) -> tuple[int, dict[str, object]]:
        answer = self.as_(self.bob).get("/play/score", query)
        return answer.status_code, answer.json()

    def test_the_arithmetic_of_law_77(self) -> None:
        # 2♠ making 8 tricks, not vulnerable: 2×30 trick score + 50 part score = 110.
        assert self.score(contract="2S", tricks="8", vulnerable="0") == (
            200, {"expression": "2×30+50", "total": 110, "declarer_score": 110, "made": True})
        # 4♥ doubled, vulnerable, 8 tricks: two down doubled vulnerable = 200 + 300 = 500.
        status, data = self.score(contract="4HX", tricks="8", vulnerable="1")
        assert status == 200
        assert (data["expression"], data["total"], data["declarer_score"]) == ("200+300", 500, -500)
        # 3NT making 10, not vulnerable: 40+30+30 + one overtrick 30 + game 300 = 430.
        status, data = self.score(contract="3NT", tricks="10", vulnerable="0")
        assert (status, data["total"]) == (200, 430)

    def test_bad_questions_are_answered_in_both_languages(self) -> None:
        for query in ({"contract": "9NT", "tricks": "7", "vulnerable": "0"},
                      {"contract": "2S", "tricks": "14", "vulnerable": "0"},
                      {"contract": "2S", "tricks": "x", "vulnerable": "0"},
                      {"contract": "2S", "tricks": "8", "vulnerable": "yes"},
                      {"contract": "2S", "tricks": "²", "vulnerable": "0"},
                      {}):
            status, data = self.score(**query)
            assert status == 400, query
            assert data["code"] == "bad_request" and data["en"] and data["zh"], data
        assert self.as_(None).get("/play/score?contract=2S&tricks=8&vulnerable=0").status_code == 302
