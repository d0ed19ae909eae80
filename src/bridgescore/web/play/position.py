"""A board's position at an online table, kept per process: the Move rows replayed once.

An action costs the replay of the rows stored since the position kept for its board, not of the
whole board.  What this process keeps is only what was committed (``_remember``), except for a
transaction's own positions, which it alone may use while they stand (``_uncommitted_state``).
The cache is this module's alone: every reader of a board's position comes through here.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

from django.db import connection, transaction

from ...core.deal import Deal
from ...core.seat import Seat
from ...table.actions import action_from_dict
from ...table.state import BoardDeal, Phase, TableRules, TableState, apply
from .models import Move, PlayBoard, PlayTable

__all__ = [
    "board_moves",
    "current_board",
    "forget",
    "forget_all",
    "phase_of",
    "state_of",
    "states_of",
]


# board id → (moves replayed, the state): an action costs the new rows' replay at most.
_states: dict[int, tuple[int, TableState]] = {}
_states_lock = threading.Lock()
_STATES_KEPT = 2000


def _start_state(board: PlayBoard, table: PlayTable) -> TableState:
    deal = BoardDeal.numbered(board.number, Deal.from_pbn(board.deal))
    return TableState.start(deal, TableRules(undo_allowed=table.undo_allowed))


def _replay(state: TableState, moves: list[Move]) -> TableState:
    for m in moves:
        state, _ = apply(state, action_from_dict(Seat(m.seat), m.data))
    return state


def _state_at(board: PlayBoard, table: PlayTable, seq: int) -> TableState:
    """The board's state after its first ``seq`` moves, from the cache when it holds them."""
    with _states_lock:
        shared = _states.get(int(board.pk))
    usable = [c for c in (shared, _uncommitted_state(int(board.pk)))
              if c is not None and c[0] <= seq]
    if usable:
        done, state = max(usable, key=lambda c: c[0])
    else:
        done, state = 0, _start_state(board, table)
    if done < seq:
        rows = list(Move.objects.filter(board=board, seq__gt=done, seq__lte=seq).order_by("seq"))
        state = _replay(state, rows)
        done += len(rows)
    _remember(int(board.pk), done, state)
    return state


# This thread's positions made inside a transaction not yet committed: valid for this
# connection only (it alone sees its rows), and only while the on_commit callback that will
# publish them is still queued -- Django drops the callbacks of a savepoint rolled back, and
# all of them on a rollback, so a queued callback means the rows it stands for still stand.
# Without it a long transaction (the demo's load, a test case) replays every board from its
# first move at each action: the cost of a board's actions grows with their number squared.
_uncommitted = threading.local()


def _pending_states() -> dict[int, tuple[int, TableState, Callable[[], None]]]:
    found: dict[int, tuple[int, TableState, Callable[[], None]]] | None = getattr(
        _uncommitted, "states", None)
    if found is None:
        found = _uncommitted.states = {}
    return found


def _uncommitted_state(board_id: int) -> tuple[int, TableState] | None:
    if not connection.in_atomic_block:
        return None
    pending = _pending_states()
    found = pending.get(board_id)
    if found is None:
        return None
    seq, state, publish = found
    # The latest callbacks are at the end: the one looked for is usually among the last few.
    if any(entry[1] is publish for entry in reversed(connection.run_on_commit)):
        return seq, state
    del pending[board_id]  # rolled back, or committed (then the shared cache has it)
    return None


def _remember(board_id: int, seq: int, state: TableState) -> None:
    if connection.in_atomic_block:
        # Kept for the others only once the rows it stands for are committed; meanwhile for
        # this transaction alone.
        def publish() -> None:
            _remember_now(board_id, seq, state)

        transaction.on_commit(publish)
        pending = _pending_states()
        pending.pop(board_id, None)
        if len(pending) >= _STATES_KEPT:
            pending.pop(next(iter(pending)))
        pending[board_id] = (seq, state, publish)
    else:
        _remember_now(board_id, seq, state)


def _remember_now(board_id: int, seq: int, state: TableState) -> None:
    with _states_lock:
        old = _states.get(board_id)
        if old is not None and old[0] > seq:
            return
        if len(_states) >= _STATES_KEPT:
            _states.pop(next(iter(_states)))
        _states[board_id] = (seq, state)


def forget(board_id: int) -> None:
    with _states_lock:
        _states.pop(board_id, None)


def forget_all() -> None:
    """Drop every position kept (a move raced in from another server: replay the rows)."""
    with _states_lock:
        _states.clear()


_SEQ_SQL: dict[str, str] = {}  # vendor → the statement (as core.fastsql: built once)


def _seq_of(board: PlayBoard) -> int:
    """The board's moves so far (its last move's ``seq``)."""
    sql = _SEQ_SQL.get(connection.vendor)
    if sql is None:
        q = connection.ops.quote_name
        sql = _SEQ_SQL[connection.vendor] = (
            f"SELECT MAX({q(Move._meta.get_field('seq').column)}) FROM {q(Move._meta.db_table)}"
            f" WHERE {q(Move._meta.get_field('board').column)} = %s")
    with connection.cursor() as cursor:
        cursor.execute(sql, [int(board.pk)])
        row = cursor.fetchone()
    return int(row[0] or 0) if row else 0


# ---------------------------------------------------------------------------- reading


def current_board(table: PlayTable) -> PlayBoard | None:
    """The board being played, or the last one played (None before the first)."""
    return PlayBoard.objects.filter(table=table).order_by("-index").first()


def board_moves(board: PlayBoard) -> list[Move]:
    return list(Move.objects.filter(board=board).order_by("seq"))


def state_of(board: PlayBoard) -> TableState:
    """The board's position now (its Move rows replayed)."""
    return _state_at(board, board.table, _seq_of(board))


def states_of(board: PlayBoard) -> Iterator[TableState]:
    """Every position of the board in order, from the deal to the last move (a replay)."""
    state = _start_state(board, board.table)
    yield state
    for m in board_moves(board):
        state, _ = apply(state, action_from_dict(Seat(m.seat), m.data))
        yield state


def phase_of(board: PlayBoard) -> Phase:
    return state_of(board).phase
