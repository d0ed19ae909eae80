"""The table across boards (``bridgescore.table.across``): when the server acts at a table by
itself, what a finished board leads to, and who has seen too much to sit.

Hand cases first; then every combination of a small domain (the table over or not, no board /
a board in play / a board ended, board 1–3 of 1–3, each set of seats to act, each set of
robot seats) against the rule as the module says it, written out again here."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from bridgescore.core.seat import Seat
from bridgescore.table.across import due, next_board, seen_hands_refusal
from bridgescore.table.seating import SeatInfo, Seating

T0 = dt.datetime(2026, 12, 7, 20, 0, tzinfo=dt.UTC)
ENDED = T0 - dt.timedelta(seconds=2)


def seating(robots: set[Seat]) -> Seating:
    return Seating(tuple(SeatInfo(robot=True) if s in robots else
                         SeatInfo(player=f"p{s.letter}", connected=True) for s in Seat))


def at(**kw: object) -> dt.datetime | None:
    args: dict[str, object] = {"now": T0, "over": False, "boards": 2, "board": (1, None),
                               "to_act": (), "seating": seating(set()), "robot_seconds": 0.6,
                               "next_board_seconds": 5.0}
    args.update(kw)
    return due(**args)  # type: ignore[arg-type]


def test_by_hand() -> None:
    east_robot = seating({Seat.EAST})
    assert at(to_act=(Seat.EAST,), seating=east_robot) == T0 + dt.timedelta(seconds=0.6)
    assert at(to_act=(Seat.SOUTH,), seating=east_robot) is None  # a person's turn
    # A claim waits on both defenders: a robot among them is enough for the server to act.
    assert at(to_act=(Seat.EAST, Seat.WEST), seating=east_robot) == T0 + dt.timedelta(seconds=0.6)
    assert at(board=(1, ENDED)) == ENDED + dt.timedelta(seconds=5)  # the next board
    assert at(board=(2, ENDED)) is None  # the last board ended
    assert at(board=None) is None and at(over=True, to_act=(Seat.EAST,), seating=east_robot) is None
    assert next_board(over=False, boards=2, board=(1, ENDED), full=True) == "start"
    assert next_board(over=False, boards=2, board=(1, ENDED), full=False) == "wait"
    assert next_board(over=False, boards=2, board=(1, None), full=True) == "none"
    assert next_board(over=True, boards=2, board=(1, ENDED), full=True) == "none"


BOARDS = [None, *((i, None) for i in (1, 2, 3)), *((i, ENDED) for i in (1, 2, 3))]
SEAT_SETS = [set(c) for n in range(5) for c in itertools.combinations(Seat, n)]


@pytest.mark.parametrize("over", [False, True])
@pytest.mark.parametrize("boards", [1, 2, 3])
@pytest.mark.parametrize("board", BOARDS)
def test_every_case_follows_the_rule(over: bool, boards: int,
                                     board: tuple[int, dt.datetime | None] | None) -> None:
    for robots, to_act in itertools.product(SEAT_SETS, SEAT_SETS):
        got = at(over=over, boards=boards, board=board, to_act=tuple(to_act),
                 seating=seating(robots))
        # The rule, as the module says it: nothing at a finished table or before the
        # first board; a board that ended is followed by the next after the pause unless it
        # was the last; during a board the server acts only for a robot it waits for.
        if over or board is None:
            want = None
        elif board[1] is not None:
            want = None if board[0] >= boards else board[1] + dt.timedelta(seconds=5)
        elif robots & to_act:
            want = T0 + dt.timedelta(seconds=0.6)
        else:
            want = None
        assert got == want, (over, boards, board, robots, to_act)
        for full in (False, True):
            step = next_board(over=over, boards=boards, board=board, full=full)
            ended = board is not None and board[1] is not None
            expect = ("none" if over or not ended or board is None or board[0] >= boards
                      else "start" if full else "wait")
            assert step == expect


def test_who_has_seen_too_much() -> None:
    assert seen_hands_refusal(seen_other_room=False, seen_here=False, board_in_play=True) is None
    assert seen_hands_refusal(seen_other_room=False, seen_here=True, board_in_play=False) is None
    here = seen_hands_refusal(seen_other_room=False, seen_here=True, board_in_play=True)
    assert here is not None and here.code == "seen_hands" and "两副牌之间" in here.zh
    assert here.en.startswith("You have watched this table")
    for seen_here, in_play in itertools.product((False, True), repeat=2):
        other = seen_hands_refusal(seen_other_room=True, seen_here=seen_here,
                                   board_in_play=in_play)
        assert other is not None and other.en.startswith("You have watched the other room")
        assert "另一个房间" in other.zh
