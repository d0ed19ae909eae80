"""A whole automatic Swiss on the platform, 40 pairs, 6 rounds of 3 boards, on the fake clock:
robot pairs (entered by the director) play through the play app's robots, members register
in the registration room and play through ``play.services.act``; some decline a partner,
some withdraw, two arrive late (late entry on), some leave boards unfinished at the bell.
At the end the ranking, totals, cut boards, draws and masterpoints are checked against
``tests/swiss_reference.py``, fed only with what the database stored: the registration
order and withdrawals from the ``CompetitionAction`` log (read as plain data, not replayed
through the state machine) and the results of the competition's ``PlayBoard`` rows.

The play app stamps boards with Django's clock: it is the competitions' fake clock here
(``timezone.now`` patched), so a board's stored end time is on the event's clock and the
reference decides by it which boards were in time.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any
from unittest import mock

from django.test import TransactionTestCase, override_settings

from bridgescore.compete.swissevent import SwissSettings
from bridgescore.core.errors import BridgeError
from bridgescore.core.result import Result
from bridgescore.core.seat import Seat
from bridgescore.robots.claims import obvious_tricks
from bridgescore.robots.table import robot_action
from bridgescore.table.actions import AnswerClaim, Claim, MakeCall, PlayCard
from bridgescore.table.state import TableState
from bridgescore.web.accounts.models import User
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import (
    Competition,
    CompetitionAction,
    CompetitionTable,
    MasterpointAward,
)
from bridgescore.web.compete.swiss_kind import SwissKind
from bridgescore.web.play import position as play_position
from bridgescore.web.play import robots as play_robots
from bridgescore.web.play import services as play
from bridgescore.web.play.models import Move, PlayBoard, PlaySeat
from tests.swiss_reference import Entered, reference

from ..base import make_user
from .helpers import T0, club_with

FAST = {"BRIDGESCORE_PLAY_ROBOT_SECONDS": 0, "BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS": 0,
        "BRIDGESCORE_PLAY_SWEEP_SECONDS": 0, "BRIDGESCORE_PLAY_ROBOT_SOLVER": "simple"}
SETTINGS: dict[str, Any] = {
    "start": T0 + 1800, "rounds": 6, "boards_per_round": 3, "round_minutes": 30,
    "registration_minutes": 30, "hold_seconds": 30, "completion": 0.6, "scoring": "ximp",
    "late_entry": True, "deal_seed": 11}
ROBOT_PAIRS = 8
PEOPLE_PAIRS = 32  # 30 at the start, 2 late


@contextmanager
def fake_django_clock() -> Iterator[None]:
    with mock.patch("django.utils.timezone.now", lambda: clock.moment()):
        yield


def wire(action: Any) -> dict[str, Any]:
    """A move as a person's message to the table."""
    if isinstance(action, MakeCall):
        return {"type": "call", "call": str(action.call)}
    if isinstance(action, PlayCard):
        return {"type": "card", "card": str(action.card)}
    if isinstance(action, Claim):
        return {"type": "claim", "tricks": action.tricks, "statement": ""}
    assert isinstance(action, AnswerClaim), action
    return {"type": "claim_answer", "accept": action.accept}


def person_move(state: TableState, seat: Seat) -> Any:
    """A scripted person's move: the robot's call in the auction; in the play, the robot's
    lead or card, then at their next turn a claim of the tricks their side cashes from the top
    (none: the rest conceded), which robots accept; a claim is answered as a robot would.
    (People claim so that the whole event stays quick: the robots play every card.)"""
    play = state.play
    if (state.claim is None and play is not None and state.cards
            and seat is not state.dummy):
        return Claim(seat, obvious_tricks(play, seat.side))
    return robot_action(state, seat, solver="simple")


@override_settings(**FAST)
class SwissWithRobotsTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        for patch in (fake_django_clock(),
                      # No sockets here: what the tables would tell them is not sent.
                      mock.patch("bridgescore.web.play.live.deliver", lambda out: None),
                      mock.patch("bridgescore.web.play.live.deliver_many", lambda outs: None)):
            patch.__enter__()
            self.addCleanup(patch.__exit__, None, None, None)
        self.club, self.td, self.people = club_with(2 * PEOPLE_PAIRS + 1)
        self.c = sv.create_competition(self.club, self.td, kind="swiss", name_en="Robot Swiss",
                                       name_zh="机器人瑞士移位", settings=SETTINGS)
        self.table_no = 0
        self.moves: dict[int, int] = {}  # user id → moves made this round

    # -- registration ----------------------------------------------------------------------

    def act(self, by: User, **data: Any) -> None:
        sv.act(self.c, data, by)
        clock.advance(1)

    def register(self, north: str, south: str, by_n: User, by_s: User) -> int:
        self.table_no += 1
        t = self.table_no
        self.act(by_n, type="Sit", player=north, table=t, seat="N")
        self.act(by_s, type="Sit", player=south, table=t, seat="S")
        self.act(by_n, type="RaiseHand", player=north)
        self.act(by_s, type="RaiseHand", player=south)
        return t

    def person_pair(self, k: int) -> tuple[User, User]:
        return self.people[2 * k], self.people[2 * k + 1]

    def pid(self, u: User) -> str:
        return str(u.pk)

    # -- play ------------------------------------------------------------------------------

    def play_table(self, ct: CompetitionTable, stops: dict[int, int]) -> None:
        """Play the table's boards as far as they go: robots through ``wake``, people by
        choosing a legal move (the robot's choice for their own seat) through ``act``; a
        person in ``stops`` stops after that many moves this round (a board left
        unfinished)."""
        t = ct.play_table
        seats = {s.seat: s for s in PlaySeat.objects.filter(table=t).select_related("user")}
        board = None
        for _ in range(2000):
            if board is None:
                board = play_position.current_board(t)
                if board is None or board.finished is not None:
                    return
                board.table = t
            state = play_position.state_of(board)
            out = None
            for seat in state.to_act:
                row = seats[seat.value]
                if row.robot:
                    out = play_robots.robot_turn(int(t.pk))
                    break
                assert row.user is not None
                uid = int(row.user.pk)
                if self.moves.get(uid, 0) >= stops.get(uid, 10**6):
                    continue
                out = play.act(t, row.user, wire(person_move(state, seat)))
                self.moves[uid] = self.moves.get(uid, 0) + 1
                break
            if out is None:
                return
            if out.ended:
                board = None
        raise AssertionError(f"table {t.pk} never settled")

    def play_round(self, r: int, plan: list[int]) -> None:
        st = sv.state_of(self.c).settings
        clock.set(st.round_start(r) + 60)
        self.moves = {}
        tables = list(CompetitionTable.objects.filter(competition=self.c, round=r)
                      .select_related("play_table").order_by("number"))
        norths = [s.user_id for s in PlaySeat.objects.filter(
            table__competition_table__in=tables, seat=Seat.NORTH.value, user__isnull=False)
            .order_by("table__competition_table__number")]
        stops = {int(u or 0): moves for u, moves in zip(norths[1::3], plan, strict=False)}
        assert len(stops) == len(plan)
        for ct in tables:
            self.play_table(ct, stops)

    def bell(self, r: int) -> None:
        st = sv.state_of(self.c).settings
        clock.set(st.round_end(r) + 0.5)
        assert sv.sweep() == 1

    # -- the whole event -------------------------------------------------------------------

    def test_a_whole_swiss_with_robots_people_withdrawals_late_entries_and_cuts(self) -> None:
        st = SwissKind().read_settings({k: v for k, v in SETTINGS.items() if k != "deal_seed"})
        people = [self.person_pair(k) for k in range(PEOPLE_PAIRS)]
        extra = self.people[-1]  # sits opposite someone and is sent away
        clock.set(T0 + 10)
        # Robots and people register in turns (the registration order mixes them).
        robots = [(f"robot:n{i}", f"robot:s{i}") for i in range(ROBOT_PAIRS)]
        early = people[:PEOPLE_PAIRS - 2]
        for i in range(max(len(robots), len(early))):
            if i < len(robots):
                self.register(*robots[i], self.td, self.td)
            if i < len(early):
                a, b = early[i]
                if i == 3:
                    # The partner who sat opposite is not wanted: a raises a hand, the other
                    # does not, and a (who sat first) makes them leave; then b sits.
                    self.table_no += 1
                    t = self.table_no
                    self.act(a, type="Sit", player=self.pid(a), table=t, seat="N")
                    self.act(extra, type="Sit", player=self.pid(extra), table=t, seat="S")
                    self.act(a, type="RaiseHand", player=self.pid(a))
                    self.act(a, type="AskToLeave", player=self.pid(a), force=True)
                    self.act(b, type="Sit", player=self.pid(b), table=t, seat="S")
                    self.act(a, type="RaiseHand", player=self.pid(a))
                    self.act(b, type="RaiseHand", player=self.pid(b))
                else:
                    self.register(self.pid(a), self.pid(b), a, b)
        with self.assertRaises(sv.NotAllowed):  # a member does not enter robots
            sv.act(self.c, {"type": "Sit", "player": "robot:x", "table": 200, "seat": "N"},
                   people[0][0])
        stranger = make_user("stranger", "Stranger", "陌生人")
        with self.assertRaises(sv.NotAllowed):  # members only
            sv.act(self.c, {"type": "Sit", "player": self.pid(stranger), "table": 201,
                            "seat": "N"}, stranger)
        clock.advance(60)
        assert sv.sweep() == 1  # the holds end: every entry confirmed
        with self.assertRaises(BridgeError):  # no second registration
            sv.act(self.c, {"type": "Sit", "player": self.pid(people[0][0]), "table": 202,
                            "seat": "N"}, people[0][0])
        entries = sv.summary(self.c)["entries"]
        assert len(entries) == ROBOT_PAIRS + len(early)
        pair_of = {tuple(e["players"]): e["number"] for e in entries}
        clock.set(st.start + 0.5)
        assert sv.sweep() == 1  # round 1: 19 tables (38 pairs)

        withdrawn = [pair_of[(self.pid(people[1][0]), self.pid(people[1][1]))],
                     pair_of[(self.pid(people[5][0]), self.pid(people[5][1]))]]
        # Who stops when: in round r, the North of the k-th table with a person at North
        # stops after that many moves (0: never comes), leaving the table's boards unfinished.
        stops = {1: [3], 2: [7, 5], 3: [0], 4: [4], 5: [5, 2], 6: [6]}
        for r in range(1, 7):
            self.play_round(r, stops[r])
            if r == 2:
                # Two late pairs (late entry on): registered during round 2, they enter
                # at round 3; one pair withdraws after playing round 2.
                for a, b in people[-2:]:
                    self.register(self.pid(a), self.pid(b), a, b)
                clock.advance(40)
                assert sv.sweep() == 1
                sv.act(self.c, {"type": "Withdraw", "pair": withdrawn[0]}, people[1][1])
            if r == 4:
                sv.act(self.c, {"type": "Withdraw", "pair": withdrawn[1]}, people[5][0])
            self.bell(r)
        c = Competition.objects.get(pk=self.c.pk)
        assert c.status == "finished" and c.next_due is None

        ref = reference(st, *self.stored_inputs(st))
        self.check_against(ref)

    # -- the reference's inputs, from the stored rows ----------------------------------------

    def stored_inputs(self, st: SwissSettings) -> tuple[list[Entered], dict[str, float],
                                                        list[tuple[float, int, int, int,
                                                                   Result]]]:
        """The registrations and withdrawals from the log's plain data, and every board
        finished at the competition's tables (``PlayBoard``)."""
        at: dict[str, tuple[int, str]] = {}  # player → registration table and seat
        raised: dict[str, tuple[float, int]] = {}  # player → (time, seq) of the raise
        entered: list[Entered] = []
        withdrawals: dict[str, float] = {}

        def remove(player: str) -> None:
            table = at.pop(player)[0]
            raised.pop(player, None)
            for other, (t, _) in at.items():  # a hand up accepted the one who left
                if t == table:
                    raised.pop(other, None)

        for row in CompetitionAction.objects.filter(competition=self.c).order_by("seq"):
            d = row.data
            kind, player = d["type"], d.get("player")
            if kind == "Sit":
                at[player] = (d["table"], d["seat"])
            elif kind == "RaiseHand":
                raised[player] = (d["now"], row.seq)
            elif kind == "LowerHand":
                raised.pop(player, None)
            elif kind == "Leave":
                remove(player)
            elif kind == "AskToLeave" and d.get("force"):
                table, seat = at[player]
                other = next(p for p, (t, s) in at.items() if t == table and s != seat)
                remove(other)
            elif kind == "Withdraw":
                withdrawals[d["pair"]] = d["now"]
            # A confirmed pair leaves its table: both hands up for the hold time.
            for table in sorted({t for t, _ in at.values()}):
                here = {s: p for p, (t, s) in at.items() if t == table}
                if set(here) == {"N", "S"} and all(p in raised for p in here.values()):
                    n, s = here["N"], here["S"]
                    confirmed = max(raised[n][0], raised[s][0]) + st.hold_seconds
                    if confirmed <= d["now"]:
                        entered.append(Entered(n, s, (raised[n][0], raised[s][0]),
                                               max(raised[n][1], raised[s][1])))
                        for p in (n, s):
                            del at[p], raised[p]
        sent = []
        for b in (PlayBoard.objects.filter(table__competition_table__competition=self.c,
                                           finished__isnull=False)
                  .select_related("table__competition_table")):
            ct = b.table.competition_table
            assert b.finished is not None
            sent.append((b.finished.timestamp(), ct.round, ct.number, b.number,
                         Result.parse(b.result)))
        return entered, withdrawals, sent

    # -- the checks --------------------------------------------------------------------------

    def check_against(self, ref: Any) -> None:
        players = {p.id: (p.north, p.south) for p in ref.pairs}
        assert len(ref.pairs) == ROBOT_PAIRS + PEOPLE_PAIRS
        assert sum(1 for p in ref.pairs if p.entry_round == 3) == 2
        assert sum(1 for p in ref.pairs if p.withdrawn_from is not None) == 2
        # The draws: each round's stored tables seat the reference's pairs (the earlier-
        # registered NS: its North at N, South at S; the other's at E and W).
        for rr in ref.rounds:
            stored = {ct.number: ct for ct in CompetitionTable.objects.filter(
                competition=self.c, round=rr.round).select_related("play_table")}
            assert sorted(stored) == [t for t, _, _ in rr.tables], rr.round
            for t, ns, ew in rr.tables:
                seats = {s.seat: s for s in PlaySeat.objects.filter(table=stored[t].play_table)}
                want = (players[ns][0], players[ew][0], players[ns][1], players[ew][1])
                for i, p in enumerate(want):
                    row = seats[i]
                    if p.startswith("robot:"):
                        assert row.robot and row.user_id is None, (rr.round, t, i)
                    else:
                        assert row.user_id == int(p) and not row.robot, (rr.round, t, i)
                assert stored[t].stopped
        # The cut boards, round by round, as the competition recorded them.
        results = sv.board_results(self.c)
        for rr in ref.rounds:
            got_cut = sorted((x["table"], x["board"]) for x in results
                             if x["round"] == rr.round and x["cut"])
            assert got_cut == sorted(rr.cut), rr.round
            got_done = {(x["table"], x["board"]): x["result"] for x in results
                        if x["round"] == rr.round and not x["cut"]}
            assert got_done == {k: str(v) for k, v in rr.done.items()}, rr.round
        assert all(rr.cut for rr in ref.rounds), [(rr.round, rr.cut, rr.bye) for rr in ref.rounds]
        assert any(rr.bye for rr in ref.rounds)
        # The final: order, places, totals, boards, masterpoints.
        standings = sv.standings(self.c)
        assert [s["pair"] for s in standings] == ref.order
        for s in standings:
            p = s["pair"]
            assert s["place"] == ref.places[p], p
            assert Fraction(s["total"]) == ref.totals[p], p
            assert s["boards"] == ref.boards[p], p
            assert Fraction(s["masterpoints"]) == ref.masterpoints[players[p][0]], p
        assert any(ref.places[p] is None for p in ref.order), "some did not complete"
        assert sum(1 for p in ref.order if ref.places[p] is not None) >= 20
        awards = {(int(x), ref.places[pid], Fraction(ref.masterpoints[x]))
                for pid, two in players.items() for x in two
                if not x.startswith("robot:") and ref.masterpoints[x] > 0}
        ledger = {(a.user_id, a.place, Fraction(a.exact))
                  for a in MasterpointAward.objects.filter(competition=self.c)}
        assert ledger == awards and awards
        # Both kinds of player played: robots' moves and people's.
        moves = Move.objects.filter(board__table__competition_table__competition=self.c)
        assert moves.filter(by_robot=True).exists() and moves.filter(by_robot=False).exists()
