"""Membership (§8): every competition but 贴点 is for the club's members
(``clubs.roles.is_member``: a Membership row in that club, as member or director, or the
site's administrator).  A non-member is refused, in English and Chinese, in each kind;
the 贴点 room admits them."""

from __future__ import annotations

from django.test import TransactionTestCase

from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.kinds import robot_id

from ...base import make_user
from ...compete.helpers import pairs_event
from .helpers import T0, club_with, group, team_match


class MembershipTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(8)
        self.out = make_user("out", "Outsider", "外人")
        # A member of another club is no member of this one.
        other = Club.objects.create(slug="other", name_en="Other", name_zh="别的")
        Membership.objects.create(club=other, player=self.out.player, role="member")

    def not_member(self, fn: object, *args: object) -> None:
        with self.assertRaises(sv.NotAllowed) as e:
            fn(*args)  # type: ignore[operator]
        assert e.exception.code == "not_member", e.exception.code
        assert "member" in e.exception.en and "会员" in e.exception.zh

    def test_pairs(self) -> None:
        c = pairs_event(self.club, self.td)
        self.not_member(sv.act, c, {"type": "signup", "players": [str(self.out.pk),
                                                                  str(self.people[0].pk)]},
                        self.out)

    def test_swiss(self) -> None:
        c = sv.create_competition(self.club, self.td, kind="swiss", name_en="Swiss",
                                  settings={"start": T0 + 600, "rounds": 2,
                                            "boards_per_round": 1, "round_minutes": 10})
        self.not_member(sv.act, c, {"type": "Sit", "player": str(self.out.pk), "table": 1,
                                    "seat": "N"}, self.out)

    def test_team_match(self) -> None:
        p = [str(u.pk) for u in self.people]
        self.not_member(team_match, self.club, self.td, [p[0], p[1], p[2], str(self.out.pk)],
                        p[4:])
        # Robots are no members and need none; an open match takes anyone.
        assert team_match(self.club, self.td, p[:4], [robot_id(f"r{i}") for i in range(4)])
        c = sv.create_competition(
            self.club, self.td, kind="teams", name_en="Open match", members_only=False,
            settings={"home": {"players": [p[0], p[1], p[2], str(self.out.pk)]},
                      "away": {"players": p[4:]}, "boards": 8})
        assert c.pk

    def test_ladder(self) -> None:
        c = sv.create_competition(self.club, self.td, kind="ladder", name_en="Ladder")
        g = group(self.club, "Mixed", [*self.people[:3], self.out])
        self.not_member(sv.act, c, {"type": "join", "entrant": g.entrant_id,
                                    "captain": str(self.people[0].pk)}, self.people[0])
        # A group led by a non-member: refused before anything else.
        g2 = group(self.club, "Theirs", [self.out, *self.people[4:7]])
        self.not_member(sv.act, c, {"type": "join", "entrant": g2.entrant_id,
                                    "captain": str(self.out.pk)}, self.out)

    def test_handicap_admits_everyone(self) -> None:
        c = sv.create_competition(self.club, self.td, kind="handicap", name_en="贴点",
                                  members_only=False)
        assert sv.act(c, {"type": "open_table", "player": str(self.out.pk)}, self.out).seq == 1
        assert sv.act(c, {"type": "open_table", "player": str(self.people[0].pk)},
                      self.people[0]).seq == 2
