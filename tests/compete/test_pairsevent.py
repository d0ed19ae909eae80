"""The online pairs event (双人赛) state machine: the movement chosen from the number of pairs
(the expected sizes written here from the documented rule, the movements built here with the
library's own constructors), who meets whom on which boards, the rounds as rooms, and the
published results, which must equal the library's session scorer run directly on the same
results."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bridgescore.compete.pairsevent import (
    Adjust,
    CloseRound,
    Completed,
    PairsEvent,
    PairsEventSettings,
    Phase,
    Publish,
    Published,
    RecordResult,
    ResultRecorded,
    RoundClosed,
    RoundOpened,
    SignUp,
    Start,
    Started,
    Tick,
    Withdraw,
    apply,
    plan_movement,
)
from bridgescore.compete.refusal import Refusal
from bridgescore.core.result import Result
from bridgescore.core.seat import Side
from bridgescore.sessions.imp_pairs import score_session
from bridgescore.sessions.model import BoardResult, Session
from bridgescore.sessions.movements import Movement, howell, mitchell

RESULTS = ["4S N =", "4S N -1", "4S N +1", "3NT S =", "3NT S -2", "2H E =", "2H E +1",
           "1NT W -1", "5DX N -1", "PASS", "6NT S ="]


def signed(n: int, settings: PairsEventSettings | None = None) -> PairsEvent:
    ev = PairsEvent.open(settings, now=-10_000)  # sign-up before time 0
    for i in range(n):
        ev, _ = apply(ev, SignUp((f"p{2 * i}", f"p{2 * i + 1}"), now=i - 10_000))
    return ev


def refused(ev: PairsEvent, action: object) -> str:
    with pytest.raises(Refusal) as e:
        apply(ev, action)  # type: ignore[arg-type]
    assert e.value.en and e.value.zh and e.value.en != e.value.zh
    return e.value.code


def play_all(ev: PairsEvent, rnd: random.Random) -> tuple[PairsEvent, list[BoardResult], list]:
    """Every board of every round, rounds in turn, with random results; returns the results
    as the test itself builds them (pair numbers from the tables given)."""
    mine: list[BoardResult] = []
    events: list = []
    now = 100.0
    while ev.phase is Phase.PLAYING:
        r = ev.round
        tables = ev.tables(r)
        slots = [(t, b) for t in tables for b in t.boards]
        rnd.shuffle(slots)  # any order within the round
        for t, b in slots:
            text = rnd.choice(RESULTS)
            now += 1
            ev, new = apply(ev, RecordResult(r, t.table, b, Result.parse(text), now))
            events += new
            mine.append(BoardResult(b, str(t.ns), str(t.ew), Result.parse(text), table=t.table,
                                    round=r))
    return ev, mine, events


# -- the movement from the number of pairs -------------------------------------------------

# n pairs → (kind, tables, rounds, boards a round), by the rule in the module's docs: Howell
# for 3-20 pairs with all 2T − 1 rounds (2 tables: 3), boards a round making the session
# nearest 24 boards (smaller on a tie); Mitchell above, ⌈n/2⌉ tables, at most 12 rounds.
EXPECTED = {
    3: ("howell", 2, 3, 8), 4: ("howell", 2, 3, 8), 5: ("howell", 3, 5, 5),
    7: ("howell", 4, 7, 3), 8: ("howell", 4, 7, 3),    # 21 (|−3|) beats 28 (|+4|)
    9: ("howell", 5, 9, 3), 12: ("howell", 6, 11, 2), 14: ("howell", 7, 13, 2),
    16: ("howell", 8, 15, 2),                          # 30 (|+6|) beats 15 (|−9|)
    17: ("howell", 9, 17, 1), 20: ("howell", 10, 19, 1),
    21: ("mitchell", 11, 11, 2), 24: ("mitchell", 12, 11, 2), 26: ("mitchell", 13, 12, 2),
    41: ("mitchell", 21, 12, 2), 400: ("mitchell", 200, 12, 2),
}


def library_movement(n: int, kind: str, tables: int, rounds: int, k: int) -> Movement:
    if kind == "howell":
        return howell(pairs=n, boards_per_round=k, rounds=rounds)
    return mitchell(tables, boards_per_round=k, rounds=rounds)


@pytest.mark.parametrize("n", sorted(EXPECTED))
def test_movement_from_pair_count(n: int) -> None:
    kind, tables, rounds, k = EXPECTED[n]
    m = plan_movement(n)
    assert (m.kind, m.tables, m.rounds, m.boards_per_round) == (kind, tables, rounds, k)
    assert m == library_movement(n, kind, tables, rounds, k)


def test_two_winner_small_fields() -> None:
    two = PairsEventSettings(winners=2)
    assert plan_movement(5, two) == mitchell(3, boards_per_round=8, rounds=3)
    assert plan_movement(8, two) == mitchell(4, boards_per_round=8, rounds=3)  # skip, 3 rounds
    assert plan_movement(13, two) == mitchell(7, boards_per_round=3, rounds=7)  # 21 boards


def test_settings_given_are_checked() -> None:
    m = plan_movement(8, PairsEventSettings(rounds=5, boards_per_round=4))
    assert m == howell(pairs=8, boards_per_round=4, rounds=5)
    assert plan_movement(8, PairsEventSettings(rounds=4)).boards_per_round == 6
    for n, st, code in ((21, PairsEventSettings(winners=1), "bad_pairs"),
                        (4, PairsEventSettings(winners=2), "bad_pairs"),
                        (8, PairsEventSettings(rounds=8), "bad_movement"),  # a Howell of 7
                        (10, PairsEventSettings(winners=2, rounds=6), "bad_movement")):
        with pytest.raises(Refusal) as e:
            plan_movement(n, st)
        assert e.value.code == code and e.value.zh and str(n) in e.value.zh
    for kw in ({"winners": 3}, {"scoring": "online"}, {"rounds": 0},
               {"boards_per_round": 41}, {"round_time": -5}, {"max_pairs": 2}):
        with pytest.raises(Refusal) as e:
            PairsEventSettings(**kw)  # type: ignore[arg-type]
        assert e.value.code == "bad_settings"


# -- seating: as the library's movement ------------------------------------------------------


@pytest.mark.parametrize("n", [3, 4, 5, 7, 8, 9, 12, 20, 21, 41])
def test_tables_are_the_library_movement(n: int) -> None:
    kind, tables, rounds, k = EXPECTED[n]
    lib = library_movement(n, kind, tables, rounds, k)
    ev, started = apply(signed(n), Start(1000))
    assert isinstance(started[0], Started) and started[0].movement == lib
    # Pair numbers by sign-up order: the i-th pair to sign up is pair i.
    assert [(num, players) for num, players in started[0].pairs] == [
        (i + 1, (f"p{2 * i}", f"p{2 * i + 1}")) for i in range(n)]
    for r in range(1, rounds + 1):
        real = [a for a in lib.round(r) if a.ns <= n and a.ew <= n]
        got = ev.tables(r)
        assert [(t.table, t.ns, t.ew, t.boards) for t in got] == [
            (a.table, a.ns, a.ew, a.boards) for a in real]
        for t in got:
            assert t.ns_players == (f"p{2 * t.ns - 2}", f"p{2 * t.ns - 1}")
        absent_opponents = {a.ns if a.ew > n else a.ew for a in lib.round(r)
                            if (a.ns > n) != (a.ew > n)}
        assert set(ev.sit_out(r)) == absent_opponents | {p for p in range(1, n + 1)
                                                         if lib.position(p, r).sits_out}


@pytest.mark.parametrize("n", [4, 5, 8, 9, 12, 13, 20])
def test_one_winner_everyone_meets_everyone(n: int) -> None:
    ev, _ = apply(signed(n), Start(0))
    mv = ev.movement
    assert mv is not None and mv.kind == "howell"
    meets: Counter[frozenset[int]] = Counter()
    boards: Counter[int] = Counter()
    played_by: dict[int, list[int]] = {b: [] for b in range(1, mv.total_boards + 1)}
    for r in range(1, mv.rounds + 1):
        for t in ev.tables(r):
            meets[frozenset((t.ns, t.ew))] += 1
            for p in (t.ns, t.ew):
                boards[p] += len(t.boards)
            for b in t.boards:
                played_by[b] += [t.ns, t.ew]
    pairs = range(1, n + 1)
    assert set(meets) == {frozenset((a, b)) for a in pairs for b in pairs if a < b}
    assert set(meets.values()) == {1}
    k = mv.boards_per_round
    # A complete Howell: every pair plays every round, but one round out with an odd count.
    want = (mv.rounds - (n % 2)) * k
    assert all(boards[p] == want for p in pairs)
    for who in played_by.values():  # no pair plays a board twice
        assert len(who) == len(set(who))
    if n % 2 == 0:  # and every board is played at as many tables
        assert len({len(who) for who in played_by.values()}) == 1


@pytest.mark.parametrize("n", [6, 7, 10, 14, 23])
def test_two_winner_boards(n: int) -> None:
    ev, _ = apply(signed(n, PairsEventSettings(winners=2)), Start(0))
    mv = ev.movement
    assert mv is not None and mv.kind == "mitchell" and mv.two_winner
    t_count = (n + 1) // 2
    ns_pairs = set(range(1, t_count + 1))
    seen: dict[int, set[int]] = {p: set() for p in range(1, n + 1)}
    for r in range(1, mv.rounds + 1):
        for t in ev.tables(r):
            assert t.ns in ns_pairs and t.ew not in ns_pairs and t.ns == t.table
            for p in (t.ns, t.ew):
                assert not seen[p] & set(t.boards)  # never the same board twice
                seen[p] |= set(t.boards)
    k = mv.boards_per_round
    for p in range(1, n + 1):
        out = sum(1 for r in range(1, mv.rounds + 1) if p in ev.sit_out(r))
        assert len(seen[p]) == (mv.rounds - out) * k
    # The phantom (the last EW number of an odd field) sits at no table: its NS opponents
    # sit out one round each, in turn.
    if n % 2:
        outs = [ev.sit_out(r) for r in range(1, mv.rounds + 1)]
        assert all(len(o) == 1 and o[0] in ns_pairs for o in outs)
        assert len({o[0] for o in outs}) == mv.rounds


def test_seeded_draw() -> None:
    ev = signed(10)
    a, _ = apply(ev, Start(0, seed=7))
    b, _ = apply(ev, Start(0, seed=7))
    assert a.numbers == b.numbers
    assert sorted(e.order for e in a.numbers.values()) == list(range(1, 11))
    assert [e.order for e in a.numbers.values()] != list(range(1, 11))
    assert refused(ev, Start(0, seed="x")) == "bad_seed"


# -- sign-up ----------------------------------------------------------------------------------


def test_sign_up() -> None:
    ev = signed(2)
    assert refused(ev, SignUp(("p0", "q"), 5)) == "already_entered"
    assert refused(ev, SignUp(("q", "q"), 5)) == "same_player"
    assert refused(ev, SignUp(("q",), 5)) == "bad_pair"  # type: ignore[arg-type]
    assert refused(ev, SignUp(("q", ""), 5)) == "bad_pair"
    assert refused(ev, Start(5)) == "too_few"
    ev, out = apply(ev, Withdraw("p1", 5))
    assert [e.players for e in ev.entries] == [("p2", "p3")] and out[0].players == ("p0", "p1")
    assert refused(ev, Withdraw("p1", 6)) == "not_entered"
    ev, _ = apply(ev, SignUp(("p1", "x"), 6))
    assert [e.order for e in ev.entries] == [2, 3]  # sign-up numbers are never reused
    full = signed(3, PairsEventSettings(max_pairs=3))
    assert refused(full, SignUp(("a", "b"), 9)) == "full"
    assert refused(signed(20, PairsEventSettings(winners=1)), SignUp(("a", "b"), 99)) == "full"
    ev, _ = apply(signed(4), Start(10))
    assert refused(ev, SignUp(("a", "b"), 11)) == "signup_closed"
    assert refused(ev, Withdraw("p0", 11)) == "signup_closed"
    assert refused(ev, Start(11)) == "signup_closed"
    assert ev.number_of("p3") == 2 and ev.number_of("nobody") is None


# -- rounds -------------------------------------------------------------------------------


def test_rounds_open_in_turn() -> None:
    ev, events = apply(signed(4, PairsEventSettings(boards_per_round=2)), Start(0))
    assert isinstance(events[-1], RoundOpened) and events[-1].round == 1
    r1 = ev.tables(1)
    r2 = ev.tables(2)
    res = Result.parse("4S N =")
    assert refused(ev, RecordResult(2, r2[0].table, r2[0].boards[0], res, 1)) == "round_not_open"
    assert refused(ev, RecordResult(1, 9, 1, res, 1)) == "bad_table"
    assert refused(ev, RecordResult(1, r1[0].table, 99, res, 1)) == "bad_board"
    assert refused(ev, RecordResult(4, 1, 1, res, 1)) == "bad_round"
    assert refused(ev, RecordResult(1, r1[0].table, r1[0].boards[0], "4S", 1)) == "bad_result"  # type: ignore[arg-type]
    assert refused(ev, Publish(1)) == "not_complete"
    slots = [(t.table, b) for t in r1 for b in t.boards]
    for i, (t, b) in enumerate(slots):
        ev, out = apply(ev, RecordResult(1, t, b, res, 10 + i))
        assert out[0] == ResultRecorded(1, t, b, *next((x.ns, x.ew) for x in r1 if x.table == t),
                                        {1: 420, 2: 620}[b], "", 10 + i)  # board 2: NS vul
        if i == 0:
            assert refused(ev, RecordResult(1, t, b, res, 11)) == "already_recorded"
    assert [type(e) for e in out] == [ResultRecorded, RoundClosed, RoundOpened]
    assert ev.round == 2 and out[1].cut == ()
    t, b = slots[0]
    assert refused(ev, RecordResult(1, t, b, res, 20)) == "round_closed"


def test_close_round_cuts() -> None:
    ev, _ = apply(signed(4, PairsEventSettings(boards_per_round=2)), Start(0))
    t = ev.tables(1)[0]
    ev, _ = apply(ev, RecordResult(1, t.table, t.boards[0], Result.parse("3NT S ="), 1))
    ev, out = apply(ev, CloseRound(2))
    cut = [(x.table, b) for x in ev.tables(1) for b in x.boards][1:]
    assert out[0] == RoundClosed(1, tuple(cut), 2) and ev.round == 2
    assert refused(ev, RecordResult(1, *cut[0], Result.parse("PASS"), 3)) == "round_closed"
    ev, _ = apply(ev, CloseRound(3))
    ev, out = apply(ev, CloseRound(4))
    assert isinstance(out[-1], Completed) and ev.phase is Phase.COMPLETE
    assert refused(ev, CloseRound(5)) == "no_round"
    scores = ev.scores()
    assert sum(len(b.results) for b in scores.boards) == 1  # only the board played counts


def test_round_time() -> None:
    ev, out = apply(signed(4, PairsEventSettings(boards_per_round=2, round_time=1800)), Start(0))
    assert out[-1].deadline == 1800  # type: ignore[union-attr]
    t = ev.tables(1)[0]
    ev, out = apply(ev, Tick(1799))
    assert out == []
    # The clock jumps past two deadlines: rounds 1 and 2 close at 1800 and 3600.
    ev, out = apply(ev, Tick(4000))
    closed = [e for e in out if isinstance(e, RoundClosed)]
    opened = [e for e in out if isinstance(e, RoundOpened)]
    assert [(e.round, e.at) for e in closed] == [(1, 1800), (2, 3600)]
    assert [(e.round, e.at, e.deadline) for e in opened] == [(2, 1800, 3600), (3, 3600, 5400)]
    assert refused(ev, RecordResult(1, t.table, t.boards[0], Result.parse("PASS"), 4001)) \
        == "round_closed"


# -- scoring ------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "winners", "scoring"), [
    (8, 0, "mp"), (9, 0, "mp"), (12, 0, "ximp"), (7, 2, "mp"), (10, 2, "butler"),
    (5, 1, "total"), (22, 0, "mp")])
def test_published_equals_the_library_scorer(n: int, winners: int, scoring: str) -> None:
    st = PairsEventSettings(winners=winners, scoring=scoring)  # type: ignore[arg-type]
    ev, _ = apply(signed(n, st), Start(50, seed=n))
    mv = ev.movement
    assert mv is not None
    ev, mine, events = play_all(ev, random.Random(n))
    assert ev.phase is Phase.COMPLETE and isinstance(events[-1], Completed)
    assert len(mine) == sum(len(t.boards) for r in range(1, mv.rounds + 1) for t in ev.tables(r))
    ev, out = apply(ev, Publish(10_000))
    assert isinstance(out[-1], Published) and ev.phase is Phase.PUBLISHED
    direct = score_session(Session(tuple(mine), winners=2 if mv.two_winner else 1, movement=mv),
                           scoring)
    got = out[-1].scores
    assert got == ev.published
    key = lambda ps: sorted((p.pair, p.exact, p.place, p.boards, p.direction) for p in ps)  # noqa: E731
    assert key(got.pairs) == key(direct.pairs)
    for gb, db in zip(got.boards, direct.boards, strict=True):
        assert gb.board == db.board
        assert sorted((r.result.ns_pair, r.ns, r.ew) for r in gb.results) == sorted(
            (r.result.ns_pair, r.ns, r.ew) for r in db.results)
    if mv.two_winner:
        assert {p.direction for p in got.pairs} == {Side.NS, Side.EW}
    assert refused(ev, Publish(10_001)) == "published"
    t = ev.tables(1)[0]
    assert refused(ev, Adjust(1, t.table, t.boards[0], "A", "A", 10_002)) == "published"


def test_director_adjusts_before_publication() -> None:
    ev, _ = apply(signed(4, PairsEventSettings(boards_per_round=1)), Start(0))
    ev, _, _ = play_all(ev, random.Random(1))
    t = ev.tables(1)[0]
    b = t.boards[0]
    ev, out = apply(ev, Adjust(1, t.table, b, "A+", "A-", 9_000))
    assert out == [ResultRecorded(1, t.table, b, t.ns, t.ew, None, "A+/A-", 9_000, True)]
    assert ev.phase is Phase.COMPLETE  # no second completion
    scored = next(r for sb in ev.scores().boards for r in sb.results
                  if sb.board == b and r.result.table == t.table)
    assert scored.note == "A+/A-"
    assert refused(ev, RecordResult(1, t.table, b, Result.parse("PASS"), 9_001)) \
        == "round_closed"


def test_a_board_is_settled_once_no_table_can_play_it() -> None:
    """The 3-table Howell of six pairs, a board a round: board 1 is played in rounds 1, 3
    and 4, board 2 in 1–3, board 3 in 2–4, board 4 in 1, 2 and 4, board 5 in round 5 (the
    library's movement, as written in tests/web/compete/pairs_played.py).  A board is settled
    once the last round that plays it has closed; the players take part until the event is
    complete."""
    ev = PairsEvent.open(PairsEventSettings(winners=1, boards_per_round=1))
    players = [f"p{i}" for i in range(12)]
    for i in range(6):
        ev, _ = apply(ev, SignUp((players[2 * i], players[2 * i + 1]), now=i))
    assert not any(ev.board_settled(b) for b in range(1, 6)) and ev.board_rounds == {}
    assert ev.taking_part == frozenset(players)
    ev, _ = apply(ev, Start(now=10))
    assert dict(ev.board_rounds) == {1: (1, 3, 4), 2: (1, 2, 3), 3: (2, 3, 4), 4: (1, 2, 4),
                                     5: (5,)}
    settled_after = {1: set(), 2: set(), 3: {2}, 4: {1, 2, 3, 4}}
    for r in (1, 2, 3, 4):
        assert {b for b in range(1, 7) if ev.board_settled(b)} == (settled_after[r - 1]
                                                                   if r > 1 else set())
        ev, _ = apply(ev, CloseRound(now=20 + r))
        assert ev.round == r + 1
        assert {b for b in range(1, 7) if ev.board_settled(b)} == settled_after[r]
        assert ev.taking_part == frozenset(players)
    ev, _ = apply(ev, CloseRound(now=30))
    assert ev.phase is Phase.COMPLETE
    assert all(ev.board_settled(b) for b in range(1, 6)) and ev.taking_part == frozenset()
    assert not PairsEvent.open().board_settled(1)


@pytest.mark.parametrize("n", [3, 5, 8, 11, 13, 24])
def test_settled_boards_against_the_movement(n: int) -> None:
    """For Howells and Mitchells, odd fields too (a pair absent: its tables play nothing), a
    board is settled after round r exactly when no assignment of a later round seats two
    present pairs on it (worked out here from the movement's assignments)."""
    ev = PairsEvent.open(PairsEventSettings())
    for i in range(n):
        ev, _ = apply(ev, SignUp((f"a{i}", f"b{i}"), now=i))
    ev, _ = apply(ev, Start(now=100))
    mv = ev.movement
    assert mv is not None
    present = set(ev.numbers)
    boards = {b for a in mv.assignments for b in a.boards}
    for r in range(1, mv.rounds + 1):
        later = {b for a in mv.assignments if a.round >= r and a.ns in present
                 and a.ew in present for b in a.boards}
        played = {b for a in mv.assignments if a.ns in present and a.ew in present
                  for b in a.boards}
        assert {b for b in boards if ev.board_settled(b)} == played - later, (n, r)
        ev, _ = apply(ev, CloseRound(now=200 + r))
    assert ev.phase is Phase.COMPLETE and all(ev.board_settled(b) for b in boards)
