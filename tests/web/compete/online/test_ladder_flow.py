"""The ladder on the platform: groups join by their leaders, a challenge within range by the
challenger's captain only, accepted by the defender's captain only, the match played as a
VP team match (kind ``teams``) whose end moves the winner as the library says; expiry by the
clock; a ladder of 160 entrants."""

from __future__ import annotations

from django.test import TransactionTestCase

from bridgescore.compete.refusal import Refusal
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import Competition

from ...base import make_user
from .helpers import FAST, T0, club_with, group, run_robots, tables_of

HOUR = 3600.0


def order(c: Competition) -> list[str]:
    return list(sv.state_of(c).ladder.order)


@FAST
class LadderFlowTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(16)
        p = self.people
        self.groups = [group(self.club, n, p[4 * i:4 * i + 4])
                       for i, n in enumerate(("Alpha", "Beta", "Gamma", "Delta"))]
        self.ids = [g.entrant_id for g in self.groups]
        self.captains = [p[0], p[4], p[8], p[12]]
        self.c = sv.create_competition(self.club, self.td, kind="ladder", name_en="Ladder",
                                       name_zh="梯级赛", settings={"boards": 8, "deal_seed": 5})
        for g, cap in zip(self.groups, self.captains, strict=True):
            sv.act(self.c, {"type": "join", "entrant": g.entrant_id, "kind": "team",
                            "captain": str(cap.pk)}, cap)

    def refused(self, code: str, data: dict[str, object], by: object) -> None:
        with self.assertRaises((sv.NotAllowed, Refusal)) as e:
            sv.act(self.c, data, by)  # type: ignore[arg-type]
        assert getattr(e.exception, "code", None) == code, e.exception
        assert e.exception.en and e.exception.zh

    def test_joining_is_the_leaders(self) -> None:
        assert order(self.c) == self.ids
        extra = group(self.club, "Eps", [self.people[1], *self.people[5:8]])
        # Not its leader; the leader for someone else; a group of another club's: refused.
        self.refused("not_leader", {"type": "join", "entrant": extra.entrant_id,
                                    "captain": str(self.people[5].pk)}, self.people[5])
        self.refused("not_found", {"type": "join", "entrant": "g999999",
                                   "captain": str(self.people[1].pk)}, self.people[1])
        small = group(self.club, "Small", self.people[2:4])
        self.refused("too_few", {"type": "join", "entrant": small.entrant_id,
                                 "captain": str(self.people[2].pk)}, self.people[2])

    def test_a_challenge_played_and_won_moves_the_challenger_up(self) -> None:
        a, b, g, d = self.ids
        cap = self.captains
        # Delta (4th) may reach Alpha (3 up) but not by anyone else's hand.
        self.refused("not_yourself", {"type": "challenge", "challenger": d, "defender": a},
                     cap[0])
        self.refused("not_member", {"type": "challenge", "challenger": d, "defender": a},
                     make_user("out", "Out", "外人"))
        sv.act(self.c, {"type": "challenge", "challenger": d, "defender": b}, cap[3])
        # Only Beta's captain answers.
        self.refused("not_yourself", {"type": "accept", "challenge": 1, "by": b}, cap[3])
        self.refused("not_yours", {"type": "accept", "challenge": 1, "by": d}, cap[3])
        done = sv.act(self.c, {"type": "accept", "challenge": 1, "by": b}, cap[1])
        assert [type(e).__name__ for e in done.events] == ["Accepted"]
        [match] = Competition.objects.filter(kind="teams")
        assert match.settings["ladder"] == {"competition": self.c.pk, "challenge": 1}
        assert match.settings["home"]["id"] == b and match.settings["away"]["id"] == d
        u = [str(x.pk) for x in self.people]
        assert match.settings["home"]["players"] == u[4:8]
        assert match.settings["away"]["players"] == u[12:16]
        # The clock starts the match 15 minutes after the acceptance (match_start_after,
        # the captains' time to choose their line-ups), not before.
        assert match.settings["start_at"] == T0 + 900
        assert sv.sweep() == 0 and not tables_of(match)
        clock.set(T0 + 900)
        assert sv.sweep() >= 1
        t = tables_of(match)
        assert [x.room_label for x in t] == ["open", "closed"]
        # The eight players are people: robots stand in for them here, as for players who
        # do not come (the tables' seats made robots by the test).
        for x in t:
            x.play_table.seats.update(robot=True)
            from bridgescore.web.play.models import PlayTable

            PlayTable.objects.filter(pk=x.play_table_id).update(due=clock.moment(0))
        run_robots([x.play_table_id for x in t])
        match = Competition.objects.get(pk=match.pk)
        assert match.status == "finished"
        outcome = sv.state_of(match).match.outcome()
        lad = sv.state_of(self.c).ladder
        assert not lad.challenges
        if outcome.winner == d:
            assert order(self.c) == [a, d, b, g]
        elif outcome.winner == b:
            assert order(self.c) == [a, b, g, d]
        else:
            assert order(self.c) == [a, b, g, d]  # a draw: no change
        closed = [e for e in lad.history if type(e).__name__ == "ChallengeClosed"]
        assert len(closed) == 1 and closed[0].reason == "match"
        vp = outcome.vp
        assert closed[0].vp == (vp[1], vp[0])  # the challenger's first

    def test_results_move_as_the_library_says(self) -> None:
        a, b, g, d = self.ids
        cap = self.captains
        sv.act(self.c, {"type": "challenge", "challenger": d, "defender": a}, cap[3])
        sv.act(self.c, {"type": "accept", "challenge": 1, "by": a}, cap[0])
        # The director reports the result (a forfeit decided by hand): Delta wins.
        sv.act(self.c, {"type": "result", "challenge": 1, "vp": [15.0, 5.0]}, self.td)
        assert order(self.c) == [d, a, b, g]  # the defender and those between move down
        # Gamma (4th now) challenges Beta (3rd), who declines: a forfeit by default.
        sv.act(self.c, {"type": "challenge", "challenger": g, "defender": b}, cap[2])
        sv.act(self.c, {"type": "decline", "challenge": 2, "by": b}, cap[1])
        assert order(self.c) == [d, a, g, b]
        # Out of range: 4th may not challenge the one 4 places up (there are only 4; use reach).
        self.refused("not_above", {"type": "challenge", "challenger": a, "defender": b},
                     cap[0])

    def test_an_unanswered_challenge_expires_by_the_clock(self) -> None:
        a, b, g, d = self.ids
        sv.act(self.c, {"type": "challenge", "challenger": g, "defender": a},
               self.captains[2])
        c = Competition.objects.get(pk=self.c.pk)
        assert c.next_due is not None and c.next_due.timestamp() == T0 + 72 * HOUR
        clock.set(T0 + 72 * HOUR - 1)
        assert sv.sweep() == 0 and order(self.c) == self.ids
        clock.set(T0 + 72 * HOUR + 0.5)
        assert sv.sweep() == 1
        assert order(self.c) == [g, a, b, d]  # unanswered: the challenger's by forfeit
        closed = [h for h in sv.history(self.c) if any(e["type"] == "ChallengeClosed"
                                                        for e in h["events"])]
        assert len(closed) == 1 and closed[0]["action"]["type"] == "tick"
        assert sv.sweep() == 0


class BigLadderTests(TransactionTestCase):
    def test_160_entrants(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        club, td, people = club_with(4)
        entrants = []
        leader = people[0]
        for i in range(165):
            g = group(club, f"T{i}", [leader, *people[1:4]]) if i == 0 else \
                group(club, f"T{i}", [make_user(f"l{i}", f"L{i}", f"队长{i}")])
            entrants.append({"id": g.entrant_id, "kind": "team", "captain": str(g.leader_id)})
        c = sv.create_competition(club, td, kind="ladder", name_en="Big", name_zh="大梯级",
                                  settings={"entrants": entrants}, members_only=False)
        lad = sv.state_of(c).ladder
        assert len(lad.order) == 165 and lad.position(entrants[164]["id"]) == 165
        last = [e["id"] for e in entrants]
        assert sv.kind_of(c).entries(sv.state_of(c))[-1]["number"] == last[-1]
