"""A ladder match's line-up: the captain (the group's leader, nobody else) chooses the four
and their seats between the acceptance and the start; the players seated at the start are
the chosen ones; without a choice the leader and the first three members play; at the start
the line-up locks."""

from __future__ import annotations

from django.test import TransactionTestCase

from bridgescore.compete.refusal import Refusal
from bridgescore.web.accounts.models import User
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import Competition, CompetitionAction, GroupLog, PlayerGroup
from bridgescore.web.compete.online import groups

from ...compete.helpers import seated
from .helpers import FAST, T0, club_with, tables_of


@FAST
class LineupTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.p = club_with(10)
        # Two groups of five: the Hawks (m1 leads, m2–m5 join in that order) and the
        # Owls (m6 leads, m7–m10).
        self.hawks = self.make("Hawks", "鹰队", self.p[0:5])
        self.owls = self.make("Owls", "猫头鹰队", self.p[5:10])
        self.lad = sv.create_competition(self.club, self.td, kind="ladder", name_en="Ladder",
                                         name_zh="梯级赛", settings={"boards": 8, "deal_seed": 9})
        groups.enter_ladder(self.hawks, self.p[0], self.lad)
        groups.enter_ladder(self.owls, self.p[5], self.lad)
        # The Owls (2nd) challenge the Hawks (1st), who accept at T0 + 60: the match (Hawks
        # at home) starts 900 s later.
        sv.act(self.lad, {"type": "challenge", "challenger": self.owls.entrant_id,
                          "defender": self.hawks.entrant_id}, self.p[5])
        clock.set(T0 + 60)
        sv.act(self.lad, {"type": "accept", "challenge": 1, "by": self.hawks.entrant_id},
               self.p[0])
        [self.match] = Competition.objects.filter(kind="teams")

    def make(self, en: str, zh: str, people: list[User]) -> PlayerGroup:
        g = groups.create(self.club, people[0], kind="team", name_en=en, name_zh=zh)
        for u in people[1:]:
            groups.answer(groups.invite(g, people[0], str(u.pk)), u, True)
        return g

    def ids(self, *indexes: int) -> list[str]:
        return [str(self.p[i].pk) for i in indexes]

    def start(self) -> tuple[list[int | None], list[int | None]]:
        assert self.match.settings["start_at"] == T0 + 60 + 900
        clock.set(T0 + 959)
        assert sv.sweep() == 0 and not tables_of(self.match)
        clock.set(T0 + 960)
        assert sv.sweep() >= 1
        open_room, closed_room = tables_of(self.match)
        assert (open_room.room_label, closed_room.room_label) == ("open", "closed")
        return seated(open_room.play_table), seated(closed_room.play_table)

    def test_the_default_line_up_is_the_leader_and_the_first_three(self) -> None:
        open_room, closed_room = self.start()
        h = [u.pk for u in self.p[0:4]]   # m1 (leader) m2 m3 m4; m5 sits out
        a = [u.pk for u in self.p[5:9]]   # m6 (leader) m7 m8 m9; m10 sits out
        # Open room: home 1–2 North–South, away 1–2 East–West; closed room: away 3–4
        # North–South, home 3–4 East–West.
        assert open_room == [h[0], a[0], h[1], a[1]]
        assert closed_room == [a[2], h[2], a[3], h[3]]

    def test_the_chosen_line_up_is_seated(self) -> None:
        # The Hawks' captain: m5 and m3 in the open room (North, South), m2 and m1 in the
        # closed room (East, West), m4 sits out.
        chosen = groups.choose_lineup(self.match, self.hawks, self.p[0], self.ids(4, 2, 1, 0))
        assert chosen == tuple(self.ids(4, 2, 1, 0))
        # The Owls' captain changes his mind once: the last choice counts.
        groups.choose_lineup(self.match, self.owls, self.p[5], self.ids(9, 8, 7, 6))
        groups.choose_lineup(self.match, self.owls, self.p[5], self.ids(6, 9, 5, 7))
        open_room, closed_room = self.start()
        m = [u.pk for u in self.p]
        assert open_room == [m[4], m[6], m[2], m[9]]    # N m5, E m7, S m3, W m10
        assert closed_room == [m[5], m[1], m[7], m[0]]  # N m6, E m2, S m8, W m1
        # Locked now.
        with self.assertRaises(Refusal) as e:
            groups.choose_lineup(self.match, self.hawks, self.p[0], self.ids(0, 1, 2, 3))
        assert e.exception.code == "lineup_locked"
        # Recorded in the match's log and the groups' logs.
        kinds = [r.data["type"] for r in CompetitionAction.objects.filter(competition=self.match)]
        assert kinds.count("lineup") == 3
        row = GroupLog.objects.filter(group=self.hawks, action="lineup").get()
        assert row.data == {"match": self.match.pk, "players": self.ids(4, 2, 1, 0)}
        assert row.by_user_id == self.p[0].pk

    def test_only_the_leader_chooses(self) -> None:
        four = self.ids(0, 1, 2, 3)
        for who in (self.p[1], self.td, self.p[5]):  # a member, a director, the other captain
            with self.assertRaises(groups.GroupRefused) as e:
                groups.choose_lineup(self.match, self.hawks, who, four)
            assert e.exception.code == "not_leader"
        # Not through the competitions' generic path either, a director's included.
        for who in (self.p[0], self.td):
            with self.assertRaises(sv.NotAllowed) as x:
                sv.act(self.match, {"type": "lineup", "team": self.hawks.entrant_id,
                                    "players": four}, who)
            assert x.exception.code == "not_here"
        # A new leader chooses; the old one no longer may.
        groups.transfer(self.hawks, self.p[0], str(self.p[1].pk))
        with self.assertRaises(groups.GroupRefused):
            groups.choose_lineup(self.match, self.hawks, self.p[0], four)
        groups.choose_lineup(self.match, self.hawks, self.p[1], self.ids(1, 0, 2, 3))

    def test_a_line_up_is_four_members(self) -> None:
        lead = self.p[0]
        bad = [(self.ids(0, 1, 2), "bad_lineup"), (self.ids(0, 1, 2, 2), "bad_lineup"),
               (self.ids(0, 1, 2, 6), "not_in_group"), ([*self.ids(0, 1, 2), "robot:x"],
                                                         "not_in_group"),
               ([*self.ids(0, 1, 2), ""], "bad_lineup")]
        for players, code in bad:
            with self.assertRaises(groups.GroupRefused) as e:
                groups.choose_lineup(self.match, self.hawks, lead, players)
            assert e.exception.code == code, (players, e.exception.code)
        # The Hawks cannot choose for the Owls' side of a match they do not play... they
        # do play this one; a group that does not is refused.
        other = self.make("Crows", "乌鸦队", [self.td])
        with self.assertRaises(groups.NotFound):
            groups.choose_lineup(self.match, other, self.td, self.ids(0, 1, 2, 3))
        assert sv.state_of(self.match).settings.home.players == tuple(self.ids(0, 1, 2, 3))
