"""Player groups through their service (``online.groups``): making one, names and limits,
the invitation flow (nobody joins without accepting), removing and leaving, handing the
leadership over (the ladders learn the new captain), dissolving (refused while a challenge
or a match is in progress; the ladder and the history afterwards), and the log of every
change."""

from __future__ import annotations

import datetime

from django.test import TestCase, TransactionTestCase, override_settings
from django.utils import timezone

from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import (
    Competition,
    GroupInvitation,
    GroupLog,
    GroupMember,
    PlayerGroup,
)
from bridgescore.web.compete.online import groups
from bridgescore.web.compete.online import services as online

from ...base import make_user
from .helpers import FAST, T0, club_with


def refused(code: str, fn: object, *args: object, **kwargs: object) -> groups.GroupRefused:
    try:
        fn(*args, **kwargs)  # type: ignore[operator]
    except groups.GroupRefused as e:
        assert e.code == code, (e.code, e.en)
        assert e.en and e.zh and e.en != e.zh
        return e
    raise AssertionError(f"{fn} was not refused ({code})")


def member_ids(g: PlayerGroup) -> list[int]:
    return [m.user_id for m in groups.members(g)]


def log(g: PlayerGroup) -> list[tuple[str, int | None, int | None]]:
    return [(r.action, r.by_user_id, r.user_id) for r in GroupLog.objects.filter(group=g)
            .order_by("id")]


class MakingTests(TestCase):
    def setUp(self) -> None:
        self.club, self.td, self.p = club_with(6)

    def test_a_member_makes_a_group_and_leads_it(self) -> None:
        a = self.p[0]
        g = groups.create(self.club, a, kind="team", name_en="  The   Aces ", name_zh="王牌队")
        assert (g.name_en, g.name_zh, g.kind, g.leader_id) == ("The Aces", "王牌队", "team", a.pk)
        assert member_ids(g) == [a.pk]
        assert log(g) == [("create", a.pk, a.pk)]
        # A director is a member too and may make a group of their own.
        d = groups.create(self.club, self.td, kind="club", name_zh="裁判帮")
        assert d.leader_id == self.td.pk and d.kind == "club"

    def test_who_may_not(self) -> None:
        from django.contrib.auth.models import AnonymousUser

        refused("not_authenticated", groups.create, self.club, AnonymousUser(), kind="team",
                name_en="X")
        refused("not_member", groups.create, self.club, make_user("out", "Out", "外人"),
                kind="team", name_en="X")
        refused("bad_kind", groups.create, self.club, self.p[0], kind="gang", name_en="X")
        assert not PlayerGroup.objects.exists()

    def test_names(self) -> None:
        a, b = self.p[0], self.p[1]
        e = refused("no_name", groups.create, self.club, a, kind="team", name_en="  ",
                    name_zh="")
        assert e.field == "name_en"
        e = refused("name_too_long", groups.create, self.club, a, kind="team", name_en="x" * 61)
        assert "61" in e.en and "'xxxxxxxxxxxxxxxxxxxx…'" in e.en and e.field == "name_en"
        groups.create(self.club, a, kind="team", name_en="Tigers", name_zh="虎队")
        # The same name whatever the case, in the same language or in the other one.
        e = refused("name_taken", groups.create, self.club, b, kind="team", name_en="TIGERS")
        assert "'TIGERS'" in e.en and "'TIGERS'" in e.zh and e.field == "name_en"
        refused("name_taken", groups.create, self.club, b, kind="team", name_en="虎队")
        refused("name_taken", groups.create, self.club, b, kind="club", name_zh="tigers")
        # Another club may use it.
        from bridgescore.web.clubs.models import Club, Membership

        other = Club.objects.create(slug="other", name_en="Other")
        Membership.objects.create(club=other, player=b.player)
        assert groups.create(other, b, kind="team", name_en="Tigers").pk

    @override_settings(BRIDGESCORE_GROUPS_PER_PLAYER=2)
    def test_a_players_groups_in_a_club_are_limited(self) -> None:
        a = self.p[0]
        groups.create(self.club, a, kind="team", name_en="One")
        groups.create(self.club, a, kind="club", name_en="Two")
        e = refused("too_many_groups", groups.create, self.club, a, kind="team", name_en="Three")
        assert "2" in e.en
        # Invited elsewhere, the player cannot be invited either, nor accept.
        g = groups.create(self.club, self.p[1], kind="team", name_en="Four")
        refused("too_many_groups", groups.invite, g, self.p[1], str(a.pk))

    def test_rename(self) -> None:
        a, b = self.p[0], self.p[1]
        g = groups.create(self.club, a, kind="team", name_en="Lions")
        groups.create(self.club, b, kind="team", name_en="Bears", name_zh="熊队")
        refused("not_leader", groups.rename, g, b, "Cats", "")
        refused("not_leader", groups.rename, g, self.td, "Cats", "")  # a director neither
        refused("name_taken", groups.rename, g, a, "Lions", "熊队")
        groups.rename(g, a, "Lions", "狮队")
        g.refresh_from_db()
        assert (g.name_en, g.name_zh) == ("Lions", "狮队")
        row = GroupLog.objects.get(group=g, action="rename")
        assert row.data == {"before": {"name_en": "Lions", "name_zh": ""},
                            "after": {"name_en": "Lions", "name_zh": "狮队"}}
        # Its own name again, in another case: allowed.
        groups.rename(g, a, "LIONS", "狮队")


class InvitationTests(TestCase):
    def setUp(self) -> None:
        self.club, self.td, self.p = club_with(8)
        self.a = self.p[0]
        self.g = groups.create(self.club, self.a, kind="team", name_en="Aces", name_zh="王牌队")

    def test_invited_players_join_only_by_accepting(self) -> None:
        b, c = self.p[1], self.p[2]
        inv = groups.invite(self.g, self.a, str(b.pk))
        assert inv.status == "pending" and member_ids(self.g) == [self.a.pk]
        assert [i.pk for i in groups.invitations_for(b)] == [inv.pk]
        # Only the invited player answers; nobody else (the leader, a director) for them.
        refused("not_yours", groups.answer, inv, self.a, True)
        refused("not_yours", groups.answer, inv, self.td, True)
        refused("not_yours", groups.answer, inv, c, True)
        groups.answer(inv, b, True)
        assert member_ids(self.g) == [self.a.pk, b.pk]
        refused("answered", groups.answer, inv, b, True)
        refused("already_member", groups.invite, self.g, self.a, str(b.pk))
        # Declined: not a member; a new invitation may be sent.
        inv2 = groups.invite(self.g, self.a, str(c.pk))
        refused("already_invited", groups.invite, self.g, self.a, str(c.pk))
        groups.answer(inv2, c, False)
        assert c.pk not in member_ids(self.g)
        inv3 = groups.invite(self.g, self.a, str(c.pk))
        # Withdrawn by the leader: cannot be accepted.
        refused("not_leader", groups.withdraw, inv3, b)
        groups.withdraw(inv3, self.a)
        refused("answered", groups.answer, inv3, c, True)
        assert [a for a, _, _ in log(self.g)] == ["create", "invite", "accept", "invite",
                                                  "decline", "invite", "withdraw_invitation"]
        # Members join in order: the default line-up's order.
        assert [m.order for m in GroupMember.objects.filter(group=self.g)
                .order_by("order")] == [0, 1]

    def test_who_may_invite_whom(self) -> None:
        b = self.p[1]
        refused("not_leader", groups.invite, self.g, b, str(self.p[2].pk))
        refused("not_leader", groups.invite, self.g, self.td, str(self.p[2].pk))
        out = make_user("out", "Out", "外人")
        refused("not_member", groups.invite, self.g, self.a, str(out.pk))
        e = refused("no_player", groups.invite, self.g, self.a, "12abc")
        assert "'12abc'" in e.en
        refused("no_player", groups.invite, self.g, self.a, "999999")

    @override_settings(BRIDGESCORE_GROUP_TEAM_MAX=4)
    def test_a_full_group_invites_no_more(self) -> None:
        invs = [groups.invite(self.g, self.a, str(u.pk)) for u in self.p[1:4]]
        # Pending invitations count: the fourth place is promised.
        refused("group_full", groups.invite, self.g, self.a, str(self.p[4].pk))
        groups.withdraw(invs[2], self.a)
        groups.invite(self.g, self.a, str(self.p[4].pk))

    def test_an_old_invitation_expires(self) -> None:
        b = self.p[1]
        inv = groups.invite(self.g, self.a, str(b.pk))
        GroupInvitation.objects.filter(pk=inv.pk).update(
            created=timezone.now() - datetime.timedelta(days=14, seconds=1))
        assert groups.invitations_for(b) == []
        e = refused("expired", groups.answer, inv, b, True)
        assert "14" in e.en
        assert GroupInvitation.objects.get(pk=inv.pk).status == "expired"
        assert groups.invite(self.g, self.a, str(b.pk)).status == "pending"

    def test_remove_and_leave(self) -> None:
        b, c = self.p[1], self.p[2]
        for u in (b, c):
            groups.answer(groups.invite(self.g, self.a, str(u.pk)), u, True)
        refused("not_leader", groups.remove, self.g, b, str(c.pk))
        refused("leader", groups.remove, self.g, self.a, str(self.a.pk))
        refused("leader", groups.leave, self.g, self.a)  # the leader hands over first
        groups.remove(self.g, self.a, str(c.pk))
        refused("not_in_group", groups.remove, self.g, self.a, str(c.pk))
        groups.leave(self.g, b)
        refused("not_in_group", groups.leave, self.g, b)
        assert member_ids(self.g) == [self.a.pk]
        assert log(self.g)[-2:] == [("remove", self.a.pk, c.pk), ("leave", b.pk, b.pk)]

    def test_transfer(self) -> None:
        b = self.p[1]
        refused("not_in_group", groups.transfer, self.g, self.a, str(b.pk))
        groups.answer(groups.invite(self.g, self.a, str(b.pk)), b, True)
        refused("not_leader", groups.transfer, self.g, b, str(b.pk))
        refused("same", groups.transfer, self.g, self.a, str(self.a.pk))
        groups.transfer(self.g, self.a, str(b.pk))
        self.g.refresh_from_db()
        assert self.g.leader_id == b.pk and member_ids(self.g) == [b.pk, self.a.pk]
        refused("not_leader", groups.invite, self.g, self.a, str(self.p[2].pk))
        groups.leave(self.g, self.a)  # no longer the leader: may leave
        row = GroupLog.objects.get(group=self.g, action="transfer")
        assert (row.by_user_id, row.user_id, row.data) == (self.a.pk, b.pk,
                                                           {"before": self.a.pk, "after": b.pk})

    def test_the_log_is_never_changed(self) -> None:
        row = GroupLog.objects.get(group=self.g)
        row.action = "rename"
        with self.assertRaises(ValueError):
            row.save()
        with self.assertRaises(ValueError):
            row.delete()


@FAST
class LadderTests(TransactionTestCase):
    """Transfers, dissolving and entering, with a ladder of four groups."""

    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.p = club_with(16)
        self.g = []
        for i, (en, zh) in enumerate((("Alpha", "甲队"), ("Beta", "乙队"), ("Gamma", "丙队"),
                                      ("Delta", "丁队"))):
            people = self.p[4 * i:4 * i + 4]
            g = groups.create(self.club, people[0], kind="team", name_en=en, name_zh=zh)
            for u in people[1:]:
                groups.answer(groups.invite(g, people[0], str(u.pk)), u, True)
            self.g.append(g)
        self.lad = sv.create_competition(self.club, self.td, kind="ladder", name_en="Ladder",
                                         name_zh="梯级赛", settings={"boards": 8, "deal_seed": 3})
        for g in self.g:
            groups.enter_ladder(g, g.leader, self.lad)

    def order(self) -> list[str]:
        return list(sv.state_of(self.lad).ladder.order)

    def test_entering_is_the_leaders_and_logged(self) -> None:
        assert self.order() == [g.entrant_id for g in self.g]
        assert GroupLog.objects.filter(action="ladder_join").count() == 4
        e = groups.create(self.club, self.p[1], kind="club", name_en="Eps")
        refused("not_leader", groups.enter_ladder, e, self.p[2], self.lad)
        with self.assertRaises(sv.NotAllowed) as x:  # four players at least
            groups.enter_ladder(e, self.p[1], self.lad)
        assert x.exception.code == "too_few"
        # The ladder's generic action path refuses the captain change (the service's own).
        with self.assertRaises(sv.NotAllowed) as x:
            sv.act(self.lad, {"type": "captain", "entrant": self.g[0].entrant_id,
                              "captain": str(self.td.pk)}, self.td)
        assert x.exception.code == "not_here"

    def test_a_new_leader_is_the_ladders_captain(self) -> None:
        a, b = self.g[0], self.g[1]
        old, new = self.p[4], self.p[5]
        groups.transfer(b, old, str(new.pk))
        assert sv.state_of(self.lad).captains[b.entrant_id] == str(new.pk)
        # Delta challenges Beta: Beta's new leader answers; the old one no longer may.
        sv.act(self.lad, {"type": "challenge", "challenger": self.g[3].entrant_id,
                          "defender": b.entrant_id}, self.p[12])
        with self.assertRaises(sv.NotAllowed):
            sv.act(self.lad, {"type": "accept", "challenge": 1, "by": b.entrant_id}, old)
        sv.act(self.lad, {"type": "accept", "challenge": 1, "by": b.entrant_id}, new)
        assert sv.state_of(self.lad).ladder.challenges[1].accepted is not None
        assert a.entrant_id in self.order()
        # The ladder's log has the hand-over.
        kinds = [h["action"]["type"] for h in sv.history(self.lad)]
        assert "captain" in kinds

    def test_dissolving_is_refused_while_a_challenge_or_match_is_in_progress(self) -> None:
        _, b, _, d = self.g
        sv.act(self.lad, {"type": "challenge", "challenger": d.entrant_id,
                          "defender": b.entrant_id}, d.leader)
        e = refused("busy", groups.dissolve, b, b.leader)
        assert "challenge 1" in e.en
        refused("busy", groups.dissolve, d, d.leader)
        # A member of a challenged group of four cannot leave (it could not play).
        refused("too_few", groups.leave, b, self.p[5])
        sv.act(self.lad, {"type": "accept", "challenge": 1, "by": b.entrant_id}, b.leader)
        [match] = Competition.objects.filter(kind="teams")
        # The result posted by hand ends the challenge; the match itself is still to play.
        sv.act(self.lad, {"type": "result", "challenge": 1, "vp": [12.0, 8.0]}, self.td)
        assert not sv.state_of(self.lad).ladder.challenges
        e = refused("busy", groups.dissolve, b, b.leader)
        assert match.name_en in e.en
        refused("in_lineup", groups.leave, b, self.p[5])  # plays in that match
        Competition.objects.filter(pk=match.pk).update(status="finished")
        # Now: a member may not dissolve; the leader (or a director) may.
        refused("not_leader", groups.dissolve, b, self.p[5])
        before = self.order()
        groups.dissolve(b, b.leader)
        b.refresh_from_db()
        assert b.dissolved is not None
        assert self.order() == [x for x in before if x != b.entrant_id]  # those below move up
        refused("dissolved", groups.invite, b, b.leader, str(self.p[0].pk))
        refused("dissolved", groups.dissolve, b, self.td)
        # The history stays readable, with the group's name.
        names = [r.get("entrant") or r.get("defender") for r in online.ladder_history(self.lad, "en")]
        assert "Beta" in names
        assert member_ids(b) == [u.pk for u in self.p[4:8]]  # kept as they were
        # Its names are free again.
        assert groups.create(self.club, self.p[5], kind="team", name_en="Beta").pk

    def test_a_director_may_dissolve_a_group(self) -> None:
        groups.dissolve(self.g[2], self.td)
        assert self.g[2].entrant_id not in self.order()
        assert log(self.g[2])[-1] == ("dissolve", self.td.pk, None)
        # Pending invitations are withdrawn with it.

    def test_dissolving_withdraws_invitations(self) -> None:
        x = groups.create(self.club, self.td, kind="club", name_en="Directors")
        inv = groups.invite(x, self.td, str(self.p[0].pk))
        groups.dissolve(x, self.td)
        assert GroupInvitation.objects.get(pk=inv.pk).status == "withdrawn"
        assert groups.invitations_for(self.p[0]) == []
