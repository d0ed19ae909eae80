"""Seats and presence at an online table: the grace period, robots standing in, and the
disconnections recorded for seed 002 §10 — pure, with the clock passed in."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.seat import Seat
from bridgescore.table.seating import (
    Disconnected,
    Dropped,
    Returned,
    RobotStandsIn,
    Sat,
    Seating,
    SeatingError,
    Stood,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def full() -> Seating:
    s = Seating(grace=60)
    for seat, who in zip(Seat, ["ann", "bob", "cy", "di"], strict=True):
        s, _ = s.sit(seat, who, now=0)
    return s


def code(e: pytest.ExceptionInfo[SeatingError]) -> str:
    assert e.value.en and e.value.zh and e.value.zh != e.value.en
    return e.value.code


def test_four_seats_filled_by_people_or_robots_make_a_table() -> None:
    s = Seating()
    s, events = s.sit(S, "ann", now=0)
    assert events == [Sat(S, "ann")] and not s.is_full
    for seat in (N, E, W):
        s, _ = s.seat_robot(seat)
    assert s.is_full and s.robot_plays(N) and not s.robot_plays(S)
    assert s.seat_of("ann") is S and s.seat_of("bob") is None


def test_sitting_rules() -> None:
    s, _ = Seating().sit(S, "ann", now=0)
    with pytest.raises(SeatingError) as e:
        s.sit(N, "ann", now=0)
    assert code(e) == "already_seated"
    with pytest.raises(SeatingError) as e:
        s.sit(S, "bob", now=0)
    assert code(e) == "seat_taken"
    s = s.reserve(E, "cy")
    with pytest.raises(SeatingError) as e:
        s.sit(E, "bob", now=0)
    assert code(e) == "seat_reserved"
    s, _ = s.sit(E, "cy", now=0)
    s, events = s.stand(E)
    assert events == [Stood(E, "cy")] and s[E].reserved_for == "cy" and s[E].empty
    with pytest.raises(SeatingError) as e:
        s.stand(E)
    assert code(e) == "seat_empty"
    with pytest.raises(SeatingError) as e:
        s.seat_robot(S)
    assert code(e) == "seat_taken"


def test_a_player_back_within_the_grace_period_keeps_the_seat() -> None:
    s = full()
    s, events = s.drop("cy", now=100)
    assert events == [Dropped(S, "cy", 100)]
    assert s.deadline() == 160
    s, events = s.tick(now=159.9, in_progress=True)
    assert events == [] and not s.robot_plays(S)
    s, events = s.connect("cy", now=150)
    assert events == [Returned(S, "cy")] and s.deadline() is None
    s, events = s.tick(now=1000, in_progress=True)
    assert events == []


def test_past_the_grace_period_a_robot_stands_in_and_it_is_recorded_once() -> None:
    s = full()
    s, _ = s.drop("cy", now=100)
    s, events = s.tick(now=160, in_progress=True)
    assert events == [RobotStandsIn(S, "cy"), Disconnected(S, "cy", 100)]
    assert s.robot_plays(S) and s[S].player == "cy"
    s, events = s.tick(now=500, in_progress=True)
    assert events == []  # once
    s, events = s.connect("cy", now=600)
    assert events == [Returned(S, "cy")] and not s.robot_plays(S)


def test_between_boards_a_drop_is_no_disconnection() -> None:
    s = full()
    s, _ = s.drop("ann", now=0)
    s, events = s.tick(now=61, in_progress=False)
    assert events == [RobotStandsIn(N, "ann")]


def test_a_second_drop_without_a_connection_changes_nothing() -> None:
    s = full()
    s, _ = s.drop("ann", now=0)
    s2, events = s.drop("ann", now=30)
    assert s2 == s and events == []  # the grace period runs from the first drop
    assert Seating().drop("zed", now=0) == (Seating(), [])
    assert Seating().connect("zed", now=0) == (Seating(), [])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["drop", "connect", "tick"]),
                          st.sampled_from(["ann", "bob", "cy", "di"]),
                          st.floats(0, 50)), max_size=40))
def test_every_drop_past_the_grace_gives_one_disconnection(ops: list[tuple[str, str, float]]) -> None:
    """An independent count: a drop is recorded iff the player stayed away for the whole
    grace period before a tick saw it (ticks always during a board here)."""
    s, now = full(), 0.0
    away: dict[str, float] = {}
    recorded: list[tuple[str, float]] = []
    expected: list[tuple[str, float]] = []
    for op, who, dt in ops:
        now += dt
        if op == "drop":
            s, _ = s.drop(who, now)
            away.setdefault(who, now)
        elif op == "connect":
            s, _ = s.connect(who, now)
            away.pop(who, None)
        else:
            s, events = s.tick(now, in_progress=True)
            recorded += [(e.player, e.at) for e in events if isinstance(e, Disconnected)]
            for player, since in list(away.items()):
                if now - since >= 60 and (player, since) not in expected:
                    expected.append((player, since))
    assert sorted(recorded) == sorted(expected)
