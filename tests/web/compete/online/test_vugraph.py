"""The vugraph's own match page for the online competitions' VP team matches (one set up by
a director, and a ladder's challenge): both rooms, the comparison board by board with the
VPs on the match's scale, the final result; who may follow (anonymous, a member, a player
of the match, the director, a stranger) in English and Chinese; the rooms of a finished
match shown from the record (to anonymous visitors too, where the competition is open to
all).

Every expected figure is worked out here from the stored boards (``PlayBoard.score_ns`` of
both rooms) with the library's IMP and VP scales alone (``bridgescore.scoring.imps.imps``,
``VpScale.points``), never read from the code under test."""

from __future__ import annotations

import random
from typing import Any

from django.test import TransactionTestCase

from bridgescore.scoring.imps import imps
from bridgescore.scoring.vp import get_vp_scale
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import Competition
from bridgescore.web.play import matches
from bridgescore.web.play.models import PlayBoard, PlayTable

from ...base import make_user
from ...play.records.helpers import play_board, script_json
from .helpers import FAST, T0, club_with, group, run_robots, tables_of, team_match

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}
BOARDS = 8


def fmt(x: float) -> str:
    """A figure as the pages write it (whole, or at most two decimals)."""
    return f"{x:g}" if float(x) == int(x) else f"{x:.2f}".rstrip("0").rstrip(".")


def reference(open_: PlayTable, closed: PlayTable) -> dict[str, Any]:
    """The match from the stored boards: per board compared, the IMPs to the home team (the
    open room's North–South) or the away team, and the totals."""
    rows = []
    home = away = 0
    for o in PlayBoard.objects.filter(table=open_, finished__isnull=False).order_by("number"):
        c = PlayBoard.objects.filter(table=closed, number=o.number,
                                     finished__isnull=False).first()
        if c is None:
            continue
        assert o.score_ns is not None and c.score_ns is not None
        diff = o.score_ns - c.score_ns
        won = imps(abs(diff))
        if diff > 0:
            home += won
        else:
            away += won
        rows.append({"board": o.number, "diff": diff, "won": won, "home": home, "away": away})
    return {"rows": rows, "home": home, "away": away}


def vps(home: int, away: int, boards: int = BOARDS) -> tuple[str, str]:
    v = get_vp_scale("wbf").points(home - away, boards)
    return fmt(float(v[0])), fmt(float(v[1]))


def robots_finish(c: Competition) -> None:
    """Robots stand in for every seat still to play (as for people who do not come) and
    play the match out."""
    ids = [t.play_table_id for t in tables_of(c)]
    for t in tables_of(c):
        t.play_table.seats.update(robot=True)
    PlayTable.objects.filter(pk__in=ids).update(due=clock.moment(0))
    run_robots(ids)


@FAST
class OnlineMatchPageTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, people = club_with(9)
        self.players, self.fan = people[:8], people[8]
        self.stranger = make_user("out", "Out", "外人")
        p = [str(u.pk) for u in self.players]
        self.c = team_match(self.club, self.td, p[:4], p[4:])
        sv.act(self.c, {"type": "start"}, self.td)
        self.open, self.closed = (t.play_table for t in tables_of(self.c))
        u = self.players
        # Open: home 1-2 NS, away 1-2 EW; closed: away 3-4 NS, home 3-4 EW (N, E, S, W).
        self.seats = {"open": [u[0], u[4], u[1], u[5]], "closed": [u[6], u[2], u[7], u[3]]}
        self.page = f"/vugraph/online/{self.c.pk}/"

    def part(self, user: Any = None, headers: dict[str, str] | None = None) -> str:
        if user is None:
            self.client.logout()
        else:
            self.client.force_login(user)
        r = self.client.get(self.page + "?part=live", headers=headers or {})
        assert r.status_code == 200
        text = r.content.decode()
        assert "<html" not in text
        return text

    def test_the_rooms_are_the_competitions_tables(self) -> None:
        rooms = matches.rooms_of(self.closed)
        assert rooms is not None
        assert (rooms.open, rooms.closed) == (self.open, self.closed)
        assert [t.pk for t in rooms.others] == [self.open.pk]
        assert rooms.holder.pk == self.c.pk and rooms.club == self.club
        assert not rooms.public  # members-only, and not over

    def test_who_may_follow_in_both_languages(self) -> None:
        # Anonymous: a members-only competition asks to sign in; a stranger is refused.
        self.client.logout()
        r = self.client.get(self.page)
        assert r.status_code == 302 and "/account/login/" in r["Location"]
        self.client.force_login(self.stranger)
        assert self.client.get(self.page).status_code == 403
        assert self.page not in self.client.get("/vugraph/").content.decode()
        # A member: both rooms followed live, the comparison below.
        self.client.force_login(self.fan)
        text = self.client.get(self.page).content.decode()
        for t in (self.open, self.closed):
            assert f'data-table-socket="/ws/play/tables/{t.pk}"' in text
        assert "Open room" in text and "Closed room" in text and "Comparison" in text
        assert "Lions – Tigers" in text and "Online VP team match" in text
        assert "You play in this match" not in text
        assert "No board has been played in both rooms yet." in text
        assert f'href="/compete/teams/{self.c.pk}/"' in text
        assert 'hx-trigger="bs-refresh, every 15s"' in text  # no push socket: asked again
        zh = self.client.get(self.page, headers=ZH).content.decode()
        assert "开室" in zh and "闭室" in zh and "比较" in zh and "狮队 – 虎队" in zh
        assert "网上VP队式赛" in zh
        words = script_json(zh, "vugraph-words")
        assert (words["N"], words["pass"], words["lang"]) == ("北", "不叫", "zh")
        # The list links the vugraph's page (and the competition's own), in both languages.
        listing = self.client.get("/vugraph/").content.decode()
        assert f'href="{self.page}"' in listing and f'href="/compete/teams/{self.c.pk}/"' in listing
        zh_list = self.client.get("/vugraph/", headers=ZH).content.decode()
        assert f'href="{self.page}"' in zh_list and "狮队对虎队" in zh_list
        # A player of the match is told each room shows a player's view.
        self.client.force_login(self.players[6])
        text = self.client.get(self.page).content.decode()
        assert "You play in this match" in text
        zh = self.client.get(self.page, headers=ZH).content.decode()
        assert "您是这场比赛的牌手" in zh
        # The director.
        self.client.force_login(self.td)
        assert self.client.get(self.page).status_code == 200
        # No such match: not found (a competition of another kind, a wrong source).
        other = sv.create_competition(self.club, self.td, kind="ladder", name_en="Ladder")
        for path in (f"/vugraph/online/{other.pk}/", "/vugraph/online/999999/",
                     f"/vugraph/nowhere/{self.c.pk}/"):
            assert self.client.get(path).status_code == 404, path

    def test_the_comparison_board_by_board_then_the_final_result(self) -> None:
        rng = random.Random(7)
        o1 = play_board(self.open, self.seats["open"], rng)
        # One room only: nothing compared, for the members, the players and the director.
        for who in (self.fan, self.players[6], self.td):
            text = self.part(who)
            assert "No board has been played in both rooms yet." in text
            assert "Board 1" not in text and o1.result
        play_board(self.closed, self.seats["closed"], rng)
        ref = reference(self.open, self.closed)
        [row] = ref["rows"]
        text = self.part(self.fan)
        assert "Board 1" in text
        # The IMPs of the difference, to the side that won them, and the running totals.
        won = fmt(row["won"])
        assert (f"<strong>{won}</strong>" in text) if row["won"] else ("(0)" in text)
        assert f"<strong>{fmt(ref['home'])}</strong> – <strong>{fmt(ref['away'])}</strong>" in text
        h, a = vps(ref["home"], ref["away"])
        assert f'class="helptext running-vp" data-vp="{h}-{a}"' in text
        assert "WBF 2013" in text and "Final result" not in text
        zh = self.part(self.fan, ZH)
        assert "第1副" in zh and "按目前的分差" in zh
        # With a spectators' delay the board waits for everyone but the director.
        PlayTable.objects.filter(pk__in=[self.open.pk, self.closed.pk]).update(
            spectator_delay=300)
        assert "No board has been played in both rooms yet." in self.part(self.fan)
        assert "Board 1" in self.part(self.td)
        assert "As a director you see every board at once" in self.part(self.td)
        PlayTable.objects.filter(pk__in=[self.open.pk, self.closed.pk]).update(
            spectator_delay=0)
        # The rest of the match, both rooms, each board as its players play it.
        for _ in range(2, BOARDS + 1):
            for label, table in (("open", self.open), ("closed", self.closed)):
                play_board(table, self.seats[label], rng)
        c = Competition.objects.get(pk=self.c.pk)
        assert c.status == "finished"
        ref = reference(self.open, self.closed)
        assert [r["board"] for r in ref["rows"]] == list(range(1, BOARDS + 1))
        h, a = vps(ref["home"], ref["away"])
        text = self.part(self.fan)
        for r in ref["rows"]:
            assert f"Board {r['board']}" in text
        assert f'class="total final" data-vp="{h}-{a}"' in text
        assert f"Victory points: <strong>{h}</strong> – <strong>{a}</strong>" in text
        if h == a:
            assert f"Final result: a draw, {h} – {a} VPs." in text
        else:
            winner = "Lions" if float(h) > float(a) else "Tigers"
            assert f"Final result: {winner} win, {h} – {a} VPs." in text
        assert "running-vp" not in text and "In play:" not in text
        assert "最终结果" in self.part(self.fan, ZH)
        # The competition's own page shows the same comparison.
        self.client.force_login(self.fan)
        own = self.client.get(f"/compete/teams/{self.c.pk}/?part=live").content.decode()
        assert f'data-vp="{h}-{a}"' in own
        # Over: the rooms come from the record, every board of each room, no sockets.
        page = self.client.get(self.page).content.decode()
        assert "data-table-socket" not in page and page.count("data-record=") == 2
        for t in (self.open, self.closed):
            boards = script_json(page, f"vg-record-{t.pk}")
            stored = list(PlayBoard.objects.filter(table=t).order_by("index"))
            assert [b["number"] for b in boards] == [b.number for b in stored]
            for b, s in zip(boards, stored, strict=True):
                assert b["view"]["result"] == s.result and b["view"]["phase"] == "done"
                assert sorted(b["view"]["deal"]) == ["E", "N", "S", "W"]
                assert b["href"] == f"/play/boards/{s.pk}/" and b["analysis"] == ""
        # Once the background has analysed the boards, each shows its play against double
        # dummy under it, in the reader's language.
        from bridgescore.deals.ddplay import endplay_available
        from bridgescore.web.play import analysis
        from bridgescore.web.play.models import PlayBoardAnalysis

        assert endplay_available(), "the web tests need the dev extras' solver (endplay)"
        assert analysis.analyse_due(100) > 0
        for lang, headers in (("en", {}), ("zh", ZH)):
            page = self.client.get(self.page, headers=headers).content.decode()
            for t in (self.open, self.closed):
                for b in script_json(page, f"vg-record-{t.pk}"):
                    row = PlayBoardAnalysis.objects.get(board_id=int(b["href"].split("/")[3]))
                    want = row.data["summary"][lang] if row.data is not None else ""
                    assert b["analysis"] == want
        # Still members-only: an anonymous visitor is asked to sign in.
        self.client.logout()
        assert self.client.get(self.page).status_code == 302

    def test_a_player_sees_no_result_of_the_other_room_early(self) -> None:
        """The closed room finishes board 1 first: its record and the comparison tell the
        open room's players nothing until they have played it."""
        c1 = play_board(self.closed, self.seats["closed"], random.Random(3))
        self.client.force_login(self.players[0])  # open room, North
        r = self.client.get(f"/play/boards/{c1.pk}/")
        assert r.status_code == 403 and "other room" in r.content.decode()
        assert "Board 1" not in self.part(self.players[0])
        own = self.client.get(f"/compete/teams/{self.c.pk}/?part=live").content.decode()
        assert "Board 1" not in own and "No board has been played in both rooms yet." in own
        # Nor a member watching (the open room is still to play it); the director may.
        self.client.force_login(self.fan)
        assert self.client.get(f"/play/boards/{c1.pk}/").status_code == 403
        self.client.force_login(self.td)
        assert self.client.get(f"/play/boards/{c1.pk}/").status_code == 200
        play_board(self.open, self.seats["open"], random.Random(4))
        self.client.force_login(self.players[0])
        assert self.client.get(f"/play/boards/{c1.pk}/").status_code == 200

    def test_the_live_pages_list_of_finished_boards(self) -> None:
        """The match's ``boards/`` (JSON) for the list under each live room: a board once
        both rooms have played it, to whoever may follow the match; refusals as JSON."""
        boards = self.page + "boards/"
        self.client.force_login(self.fan)
        assert f'data-boards-url="{boards}"' in self.client.get(self.page).content.decode()
        c1 = play_board(self.closed, self.seats["closed"], random.Random(3))
        got = self.client.get(boards).json()
        assert got["rooms"] == [{"table": self.open.pk, "boards": []},
                                {"table": self.closed.pk, "boards": []}]
        o1 = play_board(self.open, self.seats["open"], random.Random(4))
        got = self.client.get(boards, headers=ZH).json()
        assert [[b["href"] for b in r["boards"]] for r in got["rooms"]] == [
            [f"/play/boards/{o1.pk}/"], [f"/play/boards/{c1.pk}/"]]
        assert all(b["pending"] and b["number"] == 1 for r in got["rooms"] for b in r["boards"])
        # A stranger is refused, an anonymous visitor asked to sign in (members only), a
        # match that is not one is not found: each a JSON error in both languages.
        for user, status in ((self.stranger, 403), (None, 401)):
            if user is None:
                self.client.logout()
            else:
                self.client.force_login(user)
            r = self.client.get(boards, headers=ZH)
            assert r.status_code == status and r.json()["message"] == r.json()["zh"]
        other = sv.create_competition(self.club, self.td, kind="ladder", name_en="Ladder")
        r = self.client.get(f"/vugraph/online/{other.pk}/boards/")
        assert r.status_code == 404 and r.json()["code"] == "not_found"


@FAST
class OpenCompetitionTests(TransactionTestCase):
    """A match of a competition open to everyone: anonymous visitors see the comparison
    while it is played (the rooms' sockets are for signed-in users) and, once it is over,
    the rooms too, from the record."""

    def test_anonymous_visitors(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        club, td, people = club_with(8)
        p = [str(u.pk) for u in people]
        c = sv.create_competition(club, td, kind="teams", name_en="Open match",
                                  name_zh="公开对抗赛", members_only=False, settings={
                                      "home": {"id": "home", "name_en": "Lions",
                                               "name_zh": "狮队", "players": p[:4]},
                                      "away": {"id": "away", "name_en": "Tigers",
                                               "name_zh": "虎队", "players": p[4:]},
                                      "boards": BOARDS, "deal_seed": 3})
        sv.act(c, {"type": "start"}, td)
        open_, closed = (t.play_table for t in tables_of(c))
        page = f"/vugraph/online/{c.pk}/"
        o1 = play_board(open_, [people[0], people[4], people[1], people[5]], random.Random(1))
        play_board(closed, [people[6], people[2], people[7], people[3]], random.Random(2))
        text = self.client.get(page).content.decode()
        assert "data-table-socket" not in text and "data-record" not in text
        assert "The rooms are followed live by signed-in users." in text
        assert "Board 1" in text  # the comparison is open to all
        zh = self.client.get(page, headers=ZH).content.decode()
        assert "登录后观看" in zh
        r = self.client.get(f"/play/boards/{o1.pk}/")
        assert r.status_code == 302  # a record while the match runs: signed-in users only
        robots_finish(c)
        assert Competition.objects.get(pk=c.pk).status == "finished"
        rooms = matches.rooms_of(open_)
        assert rooms is not None and rooms.public
        ref = reference(open_, closed)
        h, a = vps(ref["home"], ref["away"])
        text = self.client.get(page).content.decode()
        assert f'class="total final" data-vp="{h}-{a}"' in text
        assert text.count("data-record=") == 2
        assert len(script_json(text, f"vg-record-{open_.pk}")) == BOARDS
        assert len(script_json(text, f"vg-record-{closed.pk}")) == BOARDS
        assert self.client.get(f"/play/boards/{o1.pk}/").status_code == 200
        assert self.client.get(f"/play/tables/{closed.pk}/session").status_code == 200
        listing = self.client.get("/vugraph/").content.decode()
        assert f'href="{page}"' in listing and "Finished matches" in listing


@FAST
class LadderMatchTests(TransactionTestCase):
    """A ladder's accepted challenge is a VP team match like any other on the vugraph."""

    def test_a_ladder_match_on_the_vugraph(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        club, td, people = club_with(9)
        fan = people[8]
        alpha, beta = group(club, "Alpha", people[:4]), group(club, "Beta", people[4:8])
        ladder = sv.create_competition(club, td, kind="ladder", name_en="Ladder",
                                       name_zh="梯级赛", settings={"boards": BOARDS,
                                                                   "deal_seed": 5,
                                                                   "match_start_after": 0})
        for g, cap in ((alpha, people[0]), (beta, people[4])):
            sv.act(ladder, {"type": "join", "entrant": g.entrant_id, "kind": "team",
                            "captain": str(cap.pk)}, cap)
        sv.act(ladder, {"type": "challenge", "challenger": beta.entrant_id,
                        "defender": alpha.entrant_id}, people[4])
        sv.act(ladder, {"type": "accept", "challenge": 1, "by": alpha.entrant_id}, people[0])
        [match] = Competition.objects.filter(kind="teams")
        assert sv.sweep() >= 1  # the clock starts it
        open_, closed = (t.play_table for t in tables_of(match))
        page = f"/vugraph/online/{match.pk}/"
        self.client.logout()
        assert self.client.get(page).status_code == 302
        self.client.force_login(make_user("out", "Out", "外人"))
        assert self.client.get(page).status_code == 403
        self.client.force_login(fan)
        text = self.client.get(page).content.decode()
        assert "Ladder match" in text and "Alpha – Beta" in text
        assert f"/ws/play/tables/{open_.pk}" in text and f"/ws/play/tables/{closed.pk}" in text
        zh = self.client.get(page, headers=ZH).content.decode()
        assert "梯级挑战赛对抗" in zh and "Alpha队 – Beta队" in zh
        assert f'href="{page}"' in self.client.get("/vugraph/").content.decode()
        self.client.force_login(people[1])  # Alpha's second player: the open room
        assert "You play in this match" in self.client.get(page).content.decode()
        self.client.force_login(td)
        assert self.client.get(page).status_code == 200
        robots_finish(match)
        ref = reference(open_, closed)
        h, a = vps(ref["home"], ref["away"])
        self.client.force_login(fan)
        text = self.client.get(page + "?part=live").content.decode()
        assert f'class="total final" data-vp="{h}-{a}"' in text
        outcome = sv.state_of(Competition.objects.get(pk=match.pk)).match.outcome()
        assert outcome is not None and (fmt(outcome.vp[0]), fmt(outcome.vp[1])) == (h, a)
