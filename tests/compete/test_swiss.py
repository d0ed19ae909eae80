"""The automatic Swiss pairs as a whole: 40 pairs register through the registration room and
play 6 rounds of 3 boards on a fake clock — some late, some withdrawing, some leaving boards
unfinished at the bell, results sent after the bell — and every registration, draw, cut,
round score, total, place and masterpoint is checked against the independent reference of
``tests/swiss_reference.py``.  Then the clock: replays, catch-up, any interleaving of ticks."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.compete.swiss_messages import (
    Action,
    AskToLeave,
    BoardDone,
    BoardsCut,
    Event,
    Final,
    LowerHand,
    PairRegistered,
    RaiseHand,
    RoundScored,
    Sit,
    SwissActionError,
    TablesCreated,
    Tick,
    Withdraw,
    action_from_dict,
)
from bridgescore.compete.swissevent import SwissEvent, SwissSettings, apply
from bridgescore.core.contract import Contract
from bridgescore.core.result import Result
from bridgescore.core.seat import Seat
from tests.swiss_reference import Entered, reference

START = 1_000_000.0


def random_result(rng: random.Random) -> Result:
    """A plausible table result: a contract from the usual ones, a declarer, a trick count
    near the level (every one is legal: Result checks it)."""
    if rng.random() < 0.04:
        return Result(Contract(0), None, 0)
    level = rng.choice([1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 6])
    strain = rng.choice("CDHSN")
    dbl = rng.choice(["", "", "", "", "X"])
    contract = Contract.parse(f"{level}{strain}{dbl}")
    tricks = max(0, min(13, level + 6 + rng.choice([-3, -2, -1, -1, 0, 0, 0, 0, 1, 1, 2])))
    return Result(contract, rng.choice(list(Seat)), tricks)


@dataclass
class Run:
    state: SwissEvent
    events: list[Event]
    actions: list[Action]  # every action accepted, in order (the web's log)
    refused: list[tuple[Action, str]]


def play(state: SwissEvent, actions: Sequence[Action], run: Run | None = None) -> Run:
    out = run or Run(state, [], [], [])
    for a in actions:
        try:
            out.state, evs = apply(out.state, a)
        except SwissActionError as e:
            out.refused.append((a, e.code))
            continue
        out.events.extend(evs)
        out.actions.append(a)
    return out


def of(events: Sequence[Event], kind: type) -> list[object]:
    return [e for e in events if isinstance(e, kind)]


# ---------------------------------------------------------------------- the whole event
class Driver:
    """Makes a whole event's actions round by round (a round's tables are known only once it
    is drawn) and keeps what the reference needs."""

    def __init__(self, st_: SwissSettings, seed: int) -> None:
        self.st = st_
        self.rng = random.Random(seed)
        self.entered: list[Entered] = []
        self.withdrawals: dict[str, float] = {}
        self.sent: list[tuple[float, int, int, int, Result]] = []
        self.timeline: list[tuple[float, int, Action]] = []
        self.n = 0

    def at(self, t: float, action: Action) -> None:
        self.timeline.append((t, len(self.timeline), action))

    def register(self, i: int, table: int, t0: float) -> None:
        """One pair's way through the registration room, in one of four ways."""
        n, s, rng = f"n{i}", f"s{i}", self.rng
        t = t0
        kind = i % 4
        if kind == 1:  # a stranger sits opposite first and is sent away
            self.at(t, Sit(n, table, "N", t))
            self.at(t + 1, Sit(f"x{i}", table, "S", t + 1))
            self.at(t + 2, AskToLeave(n, t + 2))
            self.at(t + 4, AskToLeave(n, t + 4, force=True))
            t += 5
            self.at(t, Sit(s, table, "S", t))
        elif kind == 3:  # South first
            self.at(t, Sit(s, table, "S", t))
            t += rng.uniform(1, 20)
            self.at(t, Sit(n, table, "N", t))
        else:
            self.at(t, Sit(n, table, "N", t))
            t += rng.uniform(1, 20)
            self.at(t, Sit(s, table, "S", t))
        rn = t + rng.uniform(0.5, 10)
        rs = t + rng.uniform(0.5, 10)
        if kind == 2:  # North lowers before the hold ends and raises again
            self.at(rn, RaiseHand(n, rn))
            self.at(max(rn, rs) + 10, LowerHand(n, max(rn, rs) + 10))
            rn = max(rn, rs) + 15
        self.at(rn, RaiseHand(n, rn))
        self.at(rs, RaiseHand(s, rs))
        self.entered.append(Entered(n, s, (rn, rs), 0))

    def flush(self, run: Run, until: float) -> None:
        """Apply the timeline up to ``until`` in time order, with ticks now and then."""
        due = sorted(x for x in self.timeline if x[0] <= until)
        self.timeline = [x for x in self.timeline if x[0] > until]
        for t, _, a in due:
            if self.rng.random() < 0.05:
                play(run.state, [Tick(t)], run)
            # The reference breaks ties of confirmation time by the order of the raises.
            if isinstance(a, RaiseHand):
                for e in self.entered:
                    if a.player in (e.north, e.south) and a.now == max(e.raised):
                        e.order = len(run.actions)
            play(run.state, [a], run)
        play(run.state, [Tick(until)], run)


def whole_event(scoring: str, unfinished: str = "cut", seed: int = 1) -> tuple[Run, Driver]:
    st_ = SwissSettings(start=START, rounds=6, boards_per_round=3, round_minutes=24,
                        scoring=scoring, unfinished=unfinished,  # type: ignore[arg-type]
                        late_entry=True, late_score=-3.0 if scoring != "mp" else 0.0)
    d = Driver(st_, seed)
    run = Run(SwissEvent.start(st_), [], [], [])
    for i in range(37):  # on time, in the 25 minutes before the start
        d.register(i, i + 1, st_.opens + d.rng.uniform(0, 1450))
    # Two too early (refused: the room is not open) and one too late for round 1: it
    # confirms during round 1 and so enters round 2.
    d.at(st_.opens - 5, Sit("early", 99, "N", st_.opens - 5))
    d.register(37, 38, START - 10)
    d.flush(run, START)
    for r in range(1, st_.rounds + 1):
        start, end = st_.round_start(r), st_.round_end(r)
        rec = run.state.current
        assert rec is not None and rec.round == r
        if r == 2:
            d.register(38, 39, start + 100)  # enters round 3
            d.register(39, 40, start + 200)
        if r in (2, 3, 5):  # a withdrawal mid-round: the pair's table plays on
            pid = d.rng.choice([p.id for p in run.state.pairs
                                if p.id not in d.withdrawals and p.entry_round <= r])
            t = d.rng.uniform(start + 60, end - 60)
            d.withdrawals[pid] = t
            d.at(t, Withdraw(pid, t))
        for table in rec.tables:
            slow = d.rng.random() < 0.15  # this table will not finish
            stalled = r == 4 and table.table == len(rec.tables)  # nor even start
            for k, b in enumerate(table.boards):
                res = random_result(d.rng)
                if stalled or (slow and k == len(table.boards) - 1) or d.rng.random() < 0.05:
                    t = end + d.rng.uniform(0, 90)  # after the bell: refused ("cut")
                else:
                    t = start + 60 + (end - start - 61) * d.rng.random()
                d.sent.append((t, r, table.table, b, res))
                d.at(t, BoardDone(r, table.table, b, res, t))
        for _ in range(d.rng.randint(0, 30)):
            t = start + d.rng.uniform(0, end - start)
            d.at(t, Tick(t))
        # A duplicate of a done board: refused.
        d.flush(run, end - 2)
        done = next(iter(run.state.current.done.values())) if run.state.current.done else None
        if done is not None:
            assert done.table is not None and done.result is not None
            d.at(end - 1, BoardDone(r, done.table, done.board, done.result, end - 1))
        d.flush(run, end + (95 if r == st_.rounds else 0))
    d.flush(run, st_.round_end(st_.rounds) + 3600)
    return run, d


@pytest.mark.parametrize(("scoring", "unfinished", "seed"), [
    ("ximp", "cut", 1), ("butler", "cut", 2), ("mp", "cut", 3), ("ximp", "average", 4),
    ("mp", "average", 5)])
def test_a_whole_event_against_the_reference(scoring: str, unfinished: str, seed: int) -> None:
    run, d = whole_event(scoring, unfinished, seed)
    st_ = run.state.settings
    ref = reference(st_, d.entered, d.withdrawals, d.sent)
    assert run.state.phase == "finished"

    # Refusals: only the expected ones, with their codes.
    codes = sorted({c for _, c in run.refused})
    assert set(codes) <= {"cut", "board_done", "not_open", "registration_closed"}, run.refused
    late = [a for a, c in run.refused if c == "cut"]
    assert late and all(isinstance(a, BoardDone) and a.now >= st_.round_end(a.round)
                        for a in late)
    assert sum(c == "board_done" for _, c in run.refused) == st_.rounds

    # Registrations: numbers in order of confirmation, entry rounds, times.
    regs = of(run.events, PairRegistered)
    assert [(e.pair, e.north, e.south, e.entry_round, e.at) for e in regs] == \
        [(p.id, p.north, p.south, p.entry_round, p.at) for p in ref.pairs]
    assert len(regs) == 40 and sum(p.entry_round > 1 for p in ref.pairs) == 3

    # Draws, cuts and round scores, round by round, each at its scheduled time.
    created = of(run.events, TablesCreated)
    cuts = of(run.events, BoardsCut)
    scored = of(run.events, RoundScored)
    assert len(created) == len(cuts) == len(scored) == st_.rounds
    met: set[frozenset[str]] = set()
    for r, rr in enumerate(ref.rounds, 1):
        tc, bc, rs = created[r - 1], cuts[r - 1], scored[r - 1]
        assert isinstance(tc, TablesCreated) and isinstance(bc, BoardsCut)
        assert isinstance(rs, RoundScored)
        assert [(t.table, t.ns, t.ew) for t in tc.tables] == rr.tables and tc.bye == rr.bye
        assert tc.at == (START if r == 1 else st_.round_end(r - 1))
        for t in tc.tables:
            assert frozenset((t.ns, t.ew)) not in met  # never a rematch
            met.add(frozenset((t.ns, t.ew)))
        assert sorted(bc.boards) == sorted(rr.cut) and bc.at == st_.round_end(r)
        assert bc.averaged == (unfinished == "average")
        got = {x.pair: (x.status, x.score, x.total, x.boards) for x in rs.lines}
        want = {p: (rr.status[p], rr.scores[p], rr.totals[p], rr.boards[p]) for p in rr.status}
        assert got == want
    assert sum(len(c.boards) for c in cuts) > 0  # some boards were cut
    assert any(c == "bye" for rr in ref.rounds for c in rr.status.values())
    assert any(c == "no_board" for rr in ref.rounds for c in rr.status.values()) \
        or unfinished == "average"

    # The final results: order, places, totals, boards, masterpoints.
    final = run.events[-1]
    assert isinstance(final, Final) and final == run.state.final
    assert final.at == st_.round_end(st_.rounds)
    assert [s.pair for s in final.standings] == ref.order
    for s in final.standings:
        assert (s.place, s.total, s.boards) == (ref.places[s.pair], ref.totals[s.pair],
                                                ref.boards[s.pair])
        assert s.withdrawn_from == next(p.withdrawn_from for p in ref.pairs if p.id == s.pair)
        assert s.masterpoints == ref.masterpoints[s.players[0]]
    assert dict(final.players) == {k: Fraction(v) for k, v in ref.masterpoints.items()}
    ranked = sum(1 for s in final.standings if s.place is not None)
    assert 20 <= ranked < 40  # pairs withdrawn early are below the share
    assert sum(v for _, v in final.players) == 2 * (3 + 3 * 2 + 6 * 1)

    # The web's log replayed with no ticks at all but one at the end: the same events.
    quiet = [a for a in run.actions if not isinstance(a, Tick)]
    again = play(SwissEvent.start(st_), [*quiet, Tick(st_.round_end(st_.rounds) + 3600)])
    assert again.events == run.events and again.state == run.state
    # The same log through its plain data (as the web stores it).
    stored = [action_from_dict(json.loads(json.dumps(a.to_dict()))) for a in run.actions]
    assert stored == run.actions
    # Every event and the final state as plain data.
    json.dumps([e.to_dict() for e in run.events])
    back = SwissEvent.from_dict(json.loads(json.dumps(run.state.to_dict())))
    assert back == run.state


def test_a_snapshot_mid_event_goes_on_the_same() -> None:
    run, _ = whole_event("ximp", seed=6)
    st_ = run.state.settings
    cut_at = len(run.actions) // 2
    first = play(SwissEvent.start(st_), run.actions[:cut_at])
    snap = SwissEvent.from_dict(json.loads(json.dumps(first.state.to_dict())))
    assert snap == first.state
    rest = play(snap, run.actions[cut_at:])
    assert first.events + rest.events == run.events and rest.state == run.state


# ---------------------------------------------------------------------- the clock
def small_event(**kw: object) -> tuple[SwissSettings, list[Action]]:
    """Five pairs registered, two rounds of two boards, some boards done."""
    st_ = SwissSettings(start=10_000.0, rounds=2, boards_per_round=2, round_minutes=10,
                        registration_minutes=5, **kw)  # type: ignore[arg-type]
    acts: list[Action] = []
    for i in range(5):
        t = st_.opens + 1 + 5 * i
        acts += [Sit(f"n{i}", i + 1, "N", t), Sit(f"s{i}", i + 1, "S", t),
                 RaiseHand(f"n{i}", t + 1), RaiseHand(f"s{i}", t + 2)]
    # Round 1: pairs 1v2, 3v4 (5 the bye); round 2 drawn at 10600.
    acts += [BoardDone(1, 1, 1, Result.parse("4S N ="), 10_100),
             BoardDone(1, 1, 2, Result.parse("3NT S -1"), 10_200),
             BoardDone(1, 2, 1, Result.parse("4S N +1"), 10_300)]
    return st_, acts


def test_one_tick_long_after_catches_up_every_transition_as_scheduled() -> None:
    st_, acts = small_event()
    stepwise = play(SwissEvent.start(st_), acts)
    for t in range(10_000, 11_400, 50):
        play(stepwise.state, [Tick(float(t))], stepwise)
    late = play(SwissEvent.start(st_), acts)
    late.state, caught = apply(late.state, Tick(50_000.0))  # the server was down 10 hours
    assert [type(e).__name__ for e in caught] == [
        "BoardsCut", "RoundScored", "TablesCreated", "BoardsCut", "RoundScored", "Final"]
    assert stepwise.events == late.events + caught
    assert [e.at for e in caught] == [10_600, 10_600, 10_600, 11_200, 11_200,
                                                  11_200]
    assert late.state == replace(stepwise.state, clock=50_000.0)


def test_ticks_are_idempotent_and_replays_give_each_event_once() -> None:
    st_, acts = small_event()
    run = play(SwissEvent.start(st_), acts)
    s1, e1 = apply(run.state, Tick(10_600.0))
    assert [type(e).__name__ for e in e1] == ["BoardsCut", "RoundScored", "TablesCreated"]
    for t in (10_600.0, 10_599.0, 0.0, 10_600.0):
        s2, e2 = apply(s1, Tick(t))
        assert e2 == [] and s2 == s1
    # An action stamped before the clock is taken as at the clock (time never goes back):
    # at 10,500 this board was in time, but the round has been cut.
    with pytest.raises(SwissActionError) as e:
        apply(s1, BoardDone(1, 2, 2, Result.parse("4S N ="), 10_500.0))
    assert e.value.code == "cut"
    # The same ticks replayed on a state that has seen them: nothing new.
    replayed = play(s1, [Tick(t) for t in (10_000.0, 10_300.0, 10_600.0)])
    assert replayed.events == [] and replayed.state == s1


def test_a_refused_action_leaves_the_due_transitions_to_the_next_one() -> None:
    st_, acts = small_event()
    run = play(SwissEvent.start(st_), acts)
    with pytest.raises(SwissActionError):
        apply(run.state, BoardDone(1, 2, 2, Result.parse("4S N ="), 10_650.0))
    s, evs = apply(run.state, Tick(10_650.0))
    assert [type(e).__name__ for e in evs] == ["BoardsCut", "RoundScored", "TablesCreated"]
    assert s.current is not None and s.current.round == 2


@st.composite
def tick_interleavings(draw: st.DrawFn) -> tuple[list[Action], list[Action]]:
    """A small event's actions, and the same with ticks added anywhere at times no later than
    the next action (the web ticks whenever it likes)."""
    _, acts = small_event()
    rnd = draw(st.randoms(use_true_random=False))
    extra: list[Action] = []
    previous = 0.0
    for a in acts:
        for _ in range(rnd.choice([0, 0, 0, 1, 2])):
            extra.append(Tick(rnd.uniform(previous, a.now)))
        extra.append(a)
        previous = max(previous, a.now)
    tail = sorted(rnd.uniform(10_000, 12_000) for _ in range(rnd.randint(0, 6)))
    extra += [Tick(t) for t in tail]
    return [*acts, Tick(12_000.0)], [*extra, Tick(12_000.0)]


@settings(max_examples=40, deadline=None)
@given(tick_interleavings())
def test_any_interleaving_of_ticks_gives_the_same_events(
        case: tuple[list[Action], list[Action]]) -> None:
    plain_acts, ticked = case
    st_, _ = small_event()
    a = play(SwissEvent.start(st_), plain_acts)
    b = play(SwissEvent.start(st_), ticked)
    assert a.events == b.events
    assert a.state.final == b.state.final and a.state.final is not None


def test_a_board_is_settled_when_its_round_ends() -> None:
    """Round r plays boards (r-1)·b+1 … r·b at every table: settled once round r has ended;
    the registered pairs' players (and whoever sits in the registration room) take part
    until the event is over."""
    s = SwissEvent.start(SwissSettings(start=3600, rounds=2, boards_per_round=2,
                                       round_minutes=10, registration_minutes=60))
    for n, (a, b) in enumerate([("ann", "bob"), ("cy", "di")], 1):
        for act in (Sit(a, n, "N", 0), Sit(b, n, "S", 5), RaiseHand(a, 6), RaiseHand(b, 8)):
            s, _ = apply(s, act)
    s, _ = apply(s, Sit("eve", 3, "N", 9))
    assert s.taking_part == {"ann", "bob", "cy", "di", "eve"}
    assert not any(s.board_settled(b) for b in range(1, 5))
    s, _ = apply(s, Tick(3600))  # round 1: boards 1 and 2
    assert not any(s.board_settled(b) for b in range(1, 5))
    s, _ = apply(s, Tick(3600 + 600))  # round 1 over, round 2 drawn: boards 3 and 4
    assert [s.board_settled(b) for b in range(0, 6)] == [False, True, True, False, False,
                                                         False]
    assert "ann" in s.taking_part
    s, _ = apply(s, Tick(3600 + 1200))  # the end
    assert s.phase == "finished" and s.final is not None
    assert all(s.board_settled(b) for b in range(1, 5)) and s.taking_part == frozenset()
