"""The demo's members at the online tables: people who play as a club's players do.

Robots are deterministic: four robots given the same deal at two tables make the same
calls and play the same cards, so a competition played by robots alone scores every pair 0
and ranks the field by the order of registration (issue 23, finding 4).  Here each member
plays through the play app's own path for a person (``play.act``: checked, stored, scored
like a click at the table), choosing what a robot would and now and then another legal
card: a member's ``slip`` is that chance a card (stronger pairs slip less).  The tricks then
vary from table to table, as a club's do, and the totals and masterpoints follow how each
pair played.  Robots' seats are played by the robots (``play_robots.wake``, as the servers' loop
does).  A seeded ``random.Random`` makes it the same demo on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.seat import Seat
from ..robots.table import robot_action
from ..table.actions import Action, AnswerClaim, AnswerUndo, MakeCall, PlayCard
from ..table.state import TableState
from .accounts.models import User
from .play import position as play_position
from .play import robots as play_robots
from .play import services as play
from .play.models import PlayBoard, PlaySeat


def _choice(state: TableState, seat: Seat, slip: float, rng: random.Random) -> Action | None:
    """The robot's choice at ``seat``, or (chance ``slip``) another legal card."""
    action = robot_action(state, seat, solver="simple")
    if isinstance(action, PlayCard) and state.play is not None:
        others = [c for c in state.play.legal_cards() if c != action.card]
        if others and rng.random() < slip:
            return PlayCard(seat, rng.choice(others))
    return action


def _person_action(state: TableState, seat: Seat, slip: float,
                   rng: random.Random) -> dict[str, Any] | None:
    """What a member at ``seat`` does (``_choice``), in the protocol's spelling
    (``play.act``)."""
    action = _choice(state, seat, slip, rng)
    if isinstance(action, PlayCard):
        return {"type": "card", "card": str(action.card)}
    if isinstance(action, MakeCall):
        return {"type": "call", "call": str(action.call)}
    if isinstance(action, AnswerClaim):
        return {"type": "claim_answer", "accept": action.accept}
    if isinstance(action, AnswerUndo):
        return {"type": "undo_answer", "accept": action.accept}
    return None


def play_as_people(table_ids: Sequence[int], slips: Mapping[int, float], rng: random.Random,
                   boards: Mapping[int, int] | None = None, limit: int = 50_000, *,
                   robot_slip: float = 0.0) -> None:
    """Play the tables until none has anything left to do (or table ``t`` has finished
    ``boards[t]`` boards): the members' seats by ``_person_action`` (a user's ``slips``,
    default 0.05), the robots' by the robots -- which, given a ``robot_slip``, err as people
    do (a robot team's match whose two rooms are not card for card the same).  The robots'
    and next boards' pauses must be 0 (the caller's settings)."""

    def erring(state: TableState, seat: Seat) -> Action | None:
        return _choice(state, seat, robot_slip, rng)

    decide = erring if robot_slip else None
    users = {u.pk: u for u in User.objects.filter(
        pk__in=PlaySeat.objects.filter(table_id__in=table_ids, user__isnull=False,
                                       robot=False).values("user_id"))}
    # Who sits where does not change while they play (read once: the loop is the demo's
    # loading time, a thousand moves for a team match).
    seats = {tid: {r.seat: r for r in PlaySeat.objects.filter(table_id=tid)}
             for tid in table_ids}
    for _ in range(limit):
        moved = False
        for tid in table_ids:
            board = (PlayBoard.objects.filter(table_id=tid).select_related("table")
                     .order_by("-index").first())
            if boards is not None and tid in boards and PlayBoard.objects.filter(
                    table_id=tid, finished__isnull=False).count() >= boards[tid]:
                continue
            if board is not None and board.finished is None:
                state = play_position.state_of(board)
                rows = seats[tid]
                person = next((s for s in state.to_act if (row := rows.get(s.value))
                               is not None and row.user_id in users and not row.robot), None)
                if person is not None:
                    user_id = int(rows[person.value].user_id or 0)
                    data = _person_action(state, person, slips.get(user_id, 0.05), rng)
                    if data is not None:
                        play.act(board.table, users[user_id], data)
                        moved = True
                        continue
            if (board is not None and board.finished is None and play_robots.robot_turn(
                    tid, decide=decide) is not None) or play_robots.wake(tid) is not None:
                moved = True
        if not moved:
            return
    raise RuntimeError("the demo's tables did not finish")
