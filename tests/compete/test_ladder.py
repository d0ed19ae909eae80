"""The ladder challenge (梯级挑战赛) state machine: moves worked by hand, every refusal, the
deadlines, the history, and random sequences on a 200-entrant ladder checked against a
reference model written here (a plain list: the winner is taken out and put in before the
defender), which is the spec's rule and nothing of the code under test."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.compete.ladder import (
    DAY,
    HOUR,
    Accept,
    ChallengeClosed,
    Challenged,
    Decline,
    Entrant,
    Join,
    Joined,
    Ladder,
    LadderSettings,
    Leave,
    Left,
    MatchResult,
    Moved,
    Tick,
    Withdraw,
    apply,
    match_result,
    replay,
    start_match,
)
from bridgescore.compete.ladder import Challenge as Ch
from bridgescore.compete.refusal import Refusal
from bridgescore.compete.teammatch import RecordBoard, Start, TeamMatchSettings
from bridgescore.compete.teammatch import apply as play
from bridgescore.core.result import Result

TEN = "ABCDEFGHIJ"


def ladder(names: str = TEN, **kw: object) -> Ladder:
    return Ladder.start([Entrant(x) for x in names], LadderSettings(**kw))  # type: ignore[arg-type]


def order(lad: Ladder) -> str:
    return "".join(lad.order)


def refused(lad: Ladder, action: object) -> str:
    with pytest.raises(Refusal) as e:
        apply(lad, action)  # type: ignore[arg-type]
    assert e.value.en and e.value.zh and e.value.en != e.value.zh
    return e.value.code


def moves(events: list) -> list[tuple[str, int, int]]:
    return [(e.entrant, e.before, e.after) for e in events if isinstance(e, Moved)]


def won_match(lad: Ladder, challenger: str, defender: str, t: float = 0) -> tuple[Ladder, list]:
    lad, ev = apply(lad, Ch(challenger, defender, t))
    cid = next(e.challenge for e in ev if isinstance(e, Challenged))
    lad, _ = apply(lad, Accept(cid, defender, t + HOUR))
    return apply(lad, MatchResult(cid, t + 2 * HOUR, vp=(15.0, 5.0)))


# -- moves by hand ------------------------------------------------------------------------


def test_challenger_at_7_beats_5() -> None:
    # A B C D E F G H I J: G (7) beats E (5): G takes place 5, E and F move down one.
    lad, events = won_match(ladder(), "G", "E")
    assert order(lad) == "ABCDGEFHIJ"
    assert moves(events) == [("G", 7, 5), ("E", 5, 6), ("F", 6, 7)]
    closed = [e for e in events if isinstance(e, ChallengeClosed)]
    assert [(c.outcome, c.reason, c.vp) for c in closed] == [("won", "match", (15.0, 5.0))]
    assert lad.challenges == {}


def test_one_place_up_swaps() -> None:
    lad, events = won_match(ladder(), "B", "A")
    assert order(lad) == "BACDEFGHIJ"
    assert moves(events) == [("B", 2, 1), ("A", 1, 2)]


def test_defender_wins_or_draw_nothing_moves() -> None:
    for vp, outcome in (((5.0, 15.0), "defended"), ((10.0, 10.0), "defended")):
        lad, ev = apply(ladder(), Ch("D", "B", 0))
        lad, _ = apply(lad, Accept(1, "B", 1))
        lad, ev = apply(lad, MatchResult(1, 2, vp=vp))
        assert order(lad) == TEN and moves(ev) == []
        assert [e.outcome for e in ev if isinstance(e, ChallengeClosed)] == [outcome]
    lad, _ = apply(ladder(), Ch("D", "B", 0))
    lad, _ = apply(lad, Accept(1, "B", 1))
    lad, ev = apply(lad, MatchResult(1, 2, winner="D"))  # a forfeit the administrator records
    assert order(lad) == "ADBCEFGHIJ"


def test_places_at_the_result_not_at_the_challenge() -> None:
    # G (7) challenges E (5); meanwhile I (9) beats F (6): G moves down to 8, E stays.
    lad, _ = apply(ladder(), Ch("G", "E", 0))
    lad, _ = apply(lad, Accept(1, "E", 1))
    lad, _ = won_match(lad, "I", "F", 2)
    assert order(lad) == "ABCDEIFGHJ"
    lad, ev = apply(lad, MatchResult(1, 3 * HOUR, vp=(12.0, 8.0)))
    # G (now 8) takes E's place 5; E, I, F move down one.
    assert order(lad) == "ABCDGEIFHJ"
    assert moves(ev) == [("G", 8, 5), ("E", 5, 6), ("I", 6, 7), ("F", 7, 8)]


# -- refusals -----------------------------------------------------------------------------


def test_range_and_direction() -> None:
    lad = ladder()
    assert refused(lad, Ch("H", "D", 0)) == "out_of_range"  # 8 → 4: four places up
    assert refused(lad, Ch("D", "H", 0)) == "not_above"
    assert refused(lad, Ch("D", "D", 0)) == "self"
    assert refused(lad, Ch("Z", "A", 0)) == "unknown_entrant"
    assert refused(lad, Ch("B", "Z", 0)) == "unknown_entrant"
    apply(lad, Ch("H", "E", 0))  # three places up: allowed
    assert lad.may_challenge("H") == ("E", "F", "G")
    assert lad.may_challenge("A") == ()
    assert ladder(reach=1).may_challenge("H") == ("G",)
    assert refused(ladder(reach=5), Ch("J", "D", 0)) == "out_of_range"
    apply(ladder(reach=5), Ch("J", "E", 0))


def test_one_open_challenge_each() -> None:
    lad, _ = apply(ladder(), Ch("C", "A", 0))
    assert refused(lad, Ch("B", "A", 1)) == "busy"  # A is defending
    assert refused(lad, Ch("D", "C", 1)) == "busy"  # C is challenging
    assert refused(lad, Ch("C", "B", 1)) == "busy"
    assert lad.may_challenge("D") == ("B",)
    lad, _ = apply(lad, Ch("E", "D", 1))  # others are free
    assert set(lad.challenges) == {1, 2}


def test_answers_by_the_right_party() -> None:
    lad, _ = apply(ladder(), Ch("C", "A", 0))
    assert refused(lad, Accept(1, "C", 1)) == "not_yours"
    assert refused(lad, Decline(1, "B", 1)) == "not_yours"
    assert refused(lad, Withdraw(1, "A", 1)) == "not_yours"
    assert refused(lad, Accept(2, "A", 1)) == "unknown_challenge"
    assert refused(lad, MatchResult(1, 1, vp=(12, 8))) == "not_accepted"
    lad, _ = apply(lad, Accept(1, "A", 1))
    assert refused(lad, Accept(1, "A", 2)) == "already_accepted"
    assert refused(lad, Withdraw(1, "C", 2)) == "already_accepted"
    assert refused(lad, MatchResult(1, 2)) == "bad_result"
    assert refused(lad, MatchResult(1, 2, winner="B")) == "bad_result"
    assert refused(lad, MatchResult(1, 2, winner="A", vp=(12, 8))) == "bad_result"
    assert refused(lad, MatchResult(1, 2, vp=(-1, 8))) == "bad_result"
    assert refused(lad, MatchResult(1, 2, vp=(12, float("nan")))) == "bad_result"
    lad, _ = apply(lad, MatchResult(1, 2, winner="C", vp=(12, 8)))
    assert order(lad) == "CABDEFGHIJ"


def test_time_cannot_go_back() -> None:
    lad, _ = apply(ladder(), Tick(100))
    assert refused(lad, Ch("B", "A", 99)) == "time_backwards"
    assert refused(lad, Ch("B", "A", "soon")) == "bad_time"
    apply(lad, Ch("B", "A", 100))  # the same time is fine


def test_settings_refused() -> None:
    for kw in ({"reach": 0}, {"answer_within": 0}, {"cooling": -1}, {"play_within": "x"},
               {"unanswered": "win"}, {"declined": None}, {"kinds": ("gang",)},
               {"match": "16 boards"}):
        with pytest.raises(Refusal) as e:
            LadderSettings(**kw)  # type: ignore[arg-type]
        assert e.value.code == "bad_settings" and e.value.zh
    with pytest.raises(Refusal) as e:
        LadderSettings(match=TeamMatchSettings(boards=10))
    assert e.value.code == "bad_boards"


# -- deadlines ----------------------------------------------------------------------------


def test_unanswered_is_a_forfeit_by_default() -> None:
    lad, _ = apply(ladder(), Ch("F", "D", 0))
    lad, ev = apply(lad, Tick(72 * HOUR - 1))
    assert ev == [] and 1 in lad.challenges
    lad, ev = apply(lad, Tick(80 * HOUR))
    # Settled at its deadline (72 h), not when the clock was next heard.
    assert ev[0] == ChallengeClosed(1, "F", "D", "won", "unanswered", 72 * HOUR)
    assert order(lad) == "ABCFDEGHIJ"
    assert moves(ev) == [("F", 6, 4), ("D", 4, 5), ("E", 5, 6)]


def test_answer_at_the_deadline_is_too_late() -> None:
    lad, _ = apply(ladder(), Ch("F", "D", 0))
    assert refused(lad, Accept(1, "D", 72 * HOUR)) == "unknown_challenge"
    apply(lad, Accept(1, "D", 72 * HOUR - 0.5))


def test_any_action_settles_the_deadlines_first() -> None:
    lad, _ = apply(ladder(), Ch("F", "D", 0))
    lad, ev = apply(lad, Ch("J", "I", 100 * HOUR))  # no Tick in between
    assert [type(e).__name__ for e in ev][:1] == ["ChallengeClosed"]
    assert isinstance(ev[-1], Challenged)
    assert order(lad) == "ABCFDEGHIJ"


def test_lapse_settings() -> None:
    lad, _ = apply(ladder(unanswered="lapse", declined="lapse"), Ch("F", "D", 0))
    lad, ev = apply(lad, Tick(72 * HOUR))
    assert [(e.outcome, e.reason) for e in ev] == [("lapsed", "unanswered")]
    assert order(lad) == TEN
    lad, _ = apply(lad, Ch("G", "E", 73 * HOUR))
    lad, ev = apply(lad, Decline(2, "E", 74 * HOUR))
    assert [(e.outcome, e.reason) for e in ev] == [("lapsed", "declined")] and order(lad) == TEN


def test_decline_is_a_forfeit_by_default() -> None:
    lad, _ = apply(ladder(), Ch("G", "E", 0))
    lad, ev = apply(lad, Decline(1, "E", 5))
    assert ev[0] == ChallengeClosed(1, "G", "E", "won", "declined", 5)
    assert order(lad) == "ABCDGEFHIJ"


def test_accepted_match_not_played_lapses() -> None:
    lad, _ = apply(ladder(), Ch("G", "E", 0))
    lad, ev = apply(lad, Accept(1, "E", 10))
    assert ev[0].play_by == 10 + 14 * DAY
    lad, ev = apply(lad, Tick(10 + 14 * DAY))
    assert [(e.outcome, e.reason, e.at) for e in ev] == [("lapsed", "unplayed", 10 + 14 * DAY)]
    assert order(lad) == TEN and lad.challenges == {}
    lad, _ = apply(ladder(play_within=None), Ch("G", "E", 0))
    lad, _ = apply(lad, Accept(1, "E", 10))
    lad, ev = apply(lad, Tick(1000 * DAY))
    assert ev == [] and 1 in lad.challenges


def test_withdraw() -> None:
    lad, _ = apply(ladder(), Ch("G", "E", 0))
    lad, ev = apply(lad, Withdraw(1, "G", 5))
    assert [(e.outcome, e.reason) for e in ev] == [("lapsed", "withdrawn")] and order(lad) == TEN


def test_cooling() -> None:
    lad, _ = won_match(ladder(), "G", "E")  # ended at 2 h; G 5th, E 6th
    assert refused(lad, Ch("E", "G", DAY)) == "cooling"
    assert refused(lad, Ch("E", "G", 2 * HOUR + 7 * DAY - 1)) == "cooling"
    lad2, _ = apply(lad, Ch("E", "G", 2 * HOUR + 7 * DAY))
    assert 2 in lad2.challenges
    lad, _ = apply(lad, Ch("E", "D", DAY))  # another pair: no cooling
    # A withdrawn challenge cools the pair too, so it cannot be repeated to harass.
    lad, _ = apply(ladder(), Ch("G", "E", 0))
    lad, _ = apply(lad, Withdraw(1, "G", 1))
    assert refused(lad, Ch("G", "E", 2)) == "cooling"
    lad, _ = apply(ladder(cooling=0), Ch("G", "E", 0))
    lad, _ = apply(lad, Withdraw(1, "G", 1))
    apply(lad, Ch("G", "E", 1))


# -- joining and leaving ------------------------------------------------------------------


def test_join_and_leave() -> None:
    lad, ev = apply(ladder(), Join(Entrant("K", "club"), 0))
    assert ev == [Joined("K", "club", 11, 0)] and order(lad) == TEN + "K"
    assert refused(lad, Join(Entrant("K"), 1)) == "already_entered"
    assert refused(ladder(kinds=("team",)), Join(Entrant("K", "club"), 1)) == "wrong_kind"
    assert refused(lad, Join("L", 1)) == "bad_entrant"  # type: ignore[arg-type]
    with pytest.raises(Refusal):
        Entrant("X", "gang")  # type: ignore[arg-type]
    with pytest.raises(Refusal):
        Entrant("")
    lad, _ = apply(lad, Ch("F", "D", 1))
    lad, ev = apply(lad, Leave("D", 2))
    assert ev[0] == ChallengeClosed(1, "F", "D", "lapsed", "left", 2)
    assert ev[1] == Left("D", 4, 2)
    assert moves(ev) == [(x, p + 1, p) for p, x in enumerate("EFGHIJK", 4)]
    assert order(lad) == "ABCEFGHIJK" and lad.challenges == {}
    assert refused(lad, Leave("D", 3)) == "unknown_entrant"
    lad, ev = apply(lad, Join(Entrant("D"), 3))  # back, at the bottom
    assert order(lad) == "ABCEFGHIJKD"


def test_history_is_every_event() -> None:
    lad = ladder()
    actions = [Ch("G", "E", 0), Accept(1, "E", 1), MatchResult(1, 2, vp=(13.0, 7.0)),
               Ch("J", "H", 3), Tick(100 * HOUR), Leave("A", 101 * HOUR)]
    end, events = replay(lad, actions)
    assert end.history == tuple(events)
    assert order(end) == "BCDGEFJHI"
    kinds = [type(e).__name__ for e in events]
    assert kinds[:4] == ["Challenged", "Accepted", "ChallengeClosed", "Moved"]


def test_a_ladder_match_is_a_vp_team_match() -> None:
    lad, _ = apply(ladder(match=TeamMatchSettings(boards=8)), Ch("G", "E", 0))
    lad, _ = apply(lad, Accept(1, "E", 1))
    m = start_match(lad, 1)
    assert (m.home.id, m.away.id, m.settings.boards) == ("E", "G", 8)
    m, _ = play(m, Start(2))
    for b in range(1, 9):
        # Open room: E (home) NS go one down in 4S; closed: G NS make it: 100 + 420 to G.
        m, _ = play(m, RecordBoard("open", b, Result.parse("4S N -1"), 2 + b))
        m, _ = play(m, RecordBoard("closed", b, Result.parse("4S N =" if b % 2 else "4S S ="),
                                   2 + b))
    out = m.outcome()
    assert out is not None and out.winner == "G"
    lad, ev = apply(lad, match_result(lad, 1, out, 20))
    assert order(lad) == "ABCDGEFHIJ"
    closed = next(e for e in ev if isinstance(e, ChallengeClosed))
    assert closed.vp == (out.vp[1], out.vp[0])  # the challenger's first
    with pytest.raises(Refusal):
        start_match(lad, 1)


# -- 200 entrants, random sequences -------------------------------------------------------

N = 200
NAMES = [f"T{i:03d}" for i in range(N)]


def reference_after(ref: list[str], events: list) -> None:
    """The spec's moves on a plain list."""
    for e in events:
        if isinstance(e, Joined):
            ref.append(e.entrant)
        elif isinstance(e, Left):
            ref.remove(e.entrant)
        elif isinstance(e, ChallengeClosed) and e.outcome == "won":
            ref.remove(e.challenger)
            ref.insert(ref.index(e.defender), e.challenger)


step = st.tuples(st.integers(0, 9), st.integers(0, N + 20), st.integers(0, 5),
                 st.floats(0, 40 * HOUR))


@settings(max_examples=40)
@given(st.lists(step, min_size=30, max_size=150), st.sampled_from(["forfeit", "lapse"]))
def test_random_sequences_200(steps: list[tuple[int, int, int, float]], consequence: str) -> None:
    run(steps, consequence)


def test_long_random_runs_200() -> None:
    """Long runs (Hypothesis keeps its lists short): thousands of actions, many matches."""
    import random

    for seed in range(3):
        rnd = random.Random(seed)
        steps = [(rnd.randrange(10), rnd.randrange(N + 20), rnd.randrange(6),
                  rnd.uniform(0, 12 * HOUR)) for _ in range(1500)]
        counts = run(steps, "forfeit" if seed % 2 else "lapse")
        assert counts["won"] > 10 and counts["defended"] > 20 and counts["Left"] > 10


def run(steps: list[tuple[int, int, int, float]], consequence: str) -> Counter[str]:
    lad = Ladder.start([Entrant(x, "club" if i % 7 == 0 else "team") for i, x in enumerate(NAMES)],
                       LadderSettings(unanswered=consequence, declined=consequence,  # type: ignore[arg-type]
                                      cooling=2 * DAY))
    ref = list(lad.order)
    positions = {e: i + 1 for i, e in enumerate(lad.order)}
    now = 0.0
    fresh = 0
    counts: Counter[str] = Counter()
    for kind, i, j, dt in steps:
        now += dt
        open_ids = sorted(lad.challenges)
        n = len(lad.order)
        who = lad.order[i % n] if n else "nobody"
        if kind <= 3 and n:  # a challenge, mostly within range, sometimes not
            p = i % n + 1
            q = p - 1 - j if j < 4 else p + 1
            action: object = Ch(who, lad.order[q - 1] if 1 <= q <= n else "nobody", now)
        elif kind in (4, 5) and open_ids:
            c = lad.challenges[open_ids[i % len(open_ids)]]
            if c.accepted is None:
                action = (Accept if j % 2 else Decline)(c.id, c.defender if j < 5 else who, now)
            else:
                action = MatchResult(c.id, now, vp=(float(j), 5.0 - j / 2))
        elif kind == 6 and open_ids:
            c = lad.challenges[open_ids[i % len(open_ids)]]
            action = Withdraw(c.id, c.challenger, now)
        elif kind == 7:
            fresh += 1
            action = Join(Entrant(f"N{fresh}"), now)
        elif kind == 8 and n and j == 0:
            action = Leave(who, now)
        else:
            action = Tick(now)
        try:
            lad, events = apply(lad, action)  # type: ignore[arg-type]
        except Refusal as e:
            assert e.code and e.en and e.zh
            continue
        counts.update(e.outcome if isinstance(e, ChallengeClosed) else type(e).__name__
                      for e in events)
        # The ladder is always a permutation of the entrants.
        assert sorted(lad.order) == sorted(lad.entrants) and len(set(lad.order)) == len(lad.order)
        # The spec's moves, done independently, give the same order.
        reference_after(ref, events)
        assert ref == list(lad.order)
        # The Moved events are the full history of places: replayed, they give the order.
        for e in events:
            if isinstance(e, Left):
                del positions[e.entrant]
            elif isinstance(e, Joined):
                positions[e.entrant] = e.position
            elif isinstance(e, Moved):
                assert positions[e.entrant] == e.before
                positions[e.entrant] = e.after
        assert sorted(positions, key=positions.__getitem__) == list(lad.order)
        # Open challenges: one per entrant, the challenger below the defender.
        busy = [x for c in lad.challenges.values() for x in (c.challenger, c.defender)]
        assert len(busy) == len(set(busy))
        for c in lad.challenges.values():
            assert lad.position(c.challenger) > lad.position(c.defender)
    return counts
