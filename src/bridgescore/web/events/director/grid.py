"""The console's grid: tables × rounds, what is in, and which tables are late.

Everything comes from the event's lines (``assignments_of``) and the library's live state
(``outstanding()``): a cell is the boards a table plays in a round and how many of them
still have no result.  A table's *current round* is its first round with a board still
outstanding; a table is *late* when that round is behind the round most tables are in.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .. import replay as ev_replay
from .. import services as sv
from ..models import Event


@dataclass(frozen=True, slots=True)
class Cell:
    round: int
    table: int
    ns_pair: str = ""
    ew_pair: str = ""
    boards: tuple[int, ...] = ()
    missing: tuple[int, ...] = ()
    plays: bool = True

    @property
    def done(self) -> int:
        return len(self.boards) - len(self.missing)

    @property
    def state(self) -> str:
        """'none' (no play here), 'done', 'part' or 'empty' (nothing in yet)."""
        if not self.plays:
            return "none"
        if not self.missing:
            return "done"
        return "part" if self.done else "empty"


@dataclass(frozen=True, slots=True)
class Row:
    table: int
    cells: tuple[Cell, ...]
    current: int | None  # None: every round done
    late: bool


@dataclass(frozen=True, slots=True)
class Grid:
    rounds: tuple[int, ...]
    rows: tuple[Row, ...]
    field_round: int | None  # the round most tables are in
    entered: int
    expected: int

    @property
    def late_tables(self) -> tuple[int, ...]:
        return tuple(r.table for r in self.rows if r.late)


def grid(event: Event) -> Grid:
    lines = {(a.round, a.table): a for a in sv.assignments_of(event)}
    missing: dict[tuple[int, int], list[int]] = {}
    for slot in ev_replay.state(event).outstanding():
        missing.setdefault((slot.round, slot.table), []).append(slot.board)
    rounds = tuple(range(1, event.rounds + 1))
    rows: list[tuple[int, tuple[Cell, ...], int | None]] = []
    for t in range(1, event.tables + 1):
        cells = []
        for r in rounds:
            a = lines.get((r, t))
            if a is None:
                cells.append(Cell(r, t, plays=False))
            else:
                cells.append(Cell(r, t, a.ns_pair, a.ew_pair, a.boards,
                                  tuple(missing.get((r, t), ()))))
        current = next((c.round for c in cells if c.plays and c.missing), None)
        rows.append((t, tuple(cells), current))
    # The field's round: the most common current round (ties: the later one).  Tables that
    # have finished count as being past the last round.
    counts = Counter(cur if cur is not None else event.rounds + 1 for _, _, cur in rows)
    field_round = max(counts, key=lambda r: (counts[r], r)) if counts else None
    running = event.status == Event.Status.RUNNING
    out = tuple(Row(t, cells, cur, running and cur is not None and field_round is not None
                    and cur < field_round) for t, cells, cur in rows)
    expected = sum(len(a.boards) for a in lines.values())
    entered = expected - sum(len(m) for m in missing.values())
    return Grid(rounds, out, field_round if field_round and field_round <= event.rounds
                else None, entered, expected)
