"""Who may do what: only a club's director sets up and controls a competition; members
enter a members-only one, for themselves only; robots and acting for others are the
director's; the clock's tick is nobody's."""

from __future__ import annotations

from django.test import TransactionTestCase

from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.kinds import robot_id

from ..base import make_user
from .helpers import T0, club_with, pairs_event, seated, tables


class RightsTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(4)
        self.outsider = make_user("out", "Outsider", "外人")
        other = Club.objects.create(slug="other", name_en="Other", name_zh="别的")
        self.other_td = make_user("otd", "Other TD", "别的裁判")
        Membership.objects.create(club=other, player=self.other_td.player, role="director")
        self.admin = make_user("root", "Root", "管理员", superuser=True)

    def refused(self, code: str, fn: object, *args: object) -> None:
        with self.assertRaises(sv.NotAllowed) as e:
            fn(*args)  # type: ignore[operator]
        assert e.exception.code == code, e.exception.code
        assert e.exception.en and e.exception.zh

    def test_only_a_director_of_the_club_sets_up(self) -> None:
        for who in (self.people[0], self.outsider, self.other_td):
            self.refused("not_allowed", lambda u=who: pairs_event(self.club, u))
        assert pairs_event(self.club, self.td).created_by_id == self.td.pk
        assert pairs_event(self.club, self.admin).pk  # the site's administrator too
        self.refused("bad_kind", lambda: sv.create_competition(self.club, self.td,
                                                               kind="chess", name_en="x"))

    def test_members_enter_for_themselves(self) -> None:
        c = pairs_event(self.club, self.td)
        m1, m2, m3, m4 = (str(u.pk) for u in self.people)
        self.refused("not_member", sv.act, c,
                     {"type": "signup", "players": [str(self.outsider.pk), m1]}, self.outsider)
        self.refused("not_yourself", sv.act, c, {"type": "signup", "players": [m2, m3]},
                     self.people[0])
        self.refused("not_director", sv.act, c,
                     {"type": "signup", "players": [m1, robot_id("r1")]}, self.people[0])
        self.refused("not_director", sv.act, c, {"type": "start"}, self.people[0])
        self.refused("not_director", sv.act, c, {"type": "close_round"}, self.people[0])
        self.refused("system_only", sv.act, c, {"type": "tick"}, self.td)
        from django.contrib.auth.models import AnonymousUser

        self.refused("not_authenticated", sv.act, c, {"type": "signup", "players": [m1, m2]},
                     AnonymousUser())
        assert sv.act(c, {"type": "signup", "players": [m1, m2]}, self.people[0]).seq == 1
        # The director enters anyone, and robots.
        assert sv.act(c, {"type": "signup", "players": [m3, m4]}, self.td).seq == 2
        assert sv.act(c, {"type": "signup", "players": [robot_id("a"), robot_id("b")]},
                      self.td).seq == 3
        self.refused("not_yourself", sv.act, c, {"type": "withdraw", "player": m3},
                     self.people[0])

    def test_open_competitions_take_anyone_signed_in(self) -> None:
        c = pairs_event(self.club, self.td)
        c.members_only = False
        c.save(update_fields=["members_only"])
        out = str(self.outsider.pk)
        assert sv.act(c, {"type": "signup", "players": [out, str(self.people[0].pk)]},
                      self.outsider).seq == 1

    def test_unpublished_is_the_directors_only(self) -> None:
        c = sv.create_competition(self.club, self.td, kind="pairs", name_zh="内部测试",
                                  settings={"winners": 1}, published=False)
        assert not sv.can_see(self.people[0], c) and sv.can_see(self.td, c)
        assert c not in sv.visible(self.people[0]) and c in sv.visible(self.td, self.club)

    def test_robot_entrants_get_robots_at_their_seats(self) -> None:
        c = pairs_event(self.club, self.td)
        m = [str(u.pk) for u in self.people]
        for players in ([m[0], m[1]], [m[2], m[3]], [robot_id("a"), robot_id("b")]):
            sv.act(c, {"type": "signup", "players": players}, self.td)
        clock.set(T0 + 100)
        assert sv.sweep() == 1
        # 3 pairs in a Howell: pair 4 is absent, its opponent sits out; one table plays.
        [t] = tables(c, 1)
        rows = {s.seat: s for s in t.play_table.seats.all()}
        robots = [s for s in range(4) if rows[s].robot]
        people = [u for u in seated(t.play_table) if u is not None]
        assert len(robots) == 2 and len(people) == 2
        assert all(rows[s].user_id is None for s in robots)
