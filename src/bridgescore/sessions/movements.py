"""Pairs movements (移位): Mitchell for any number of tables, Howell from guide-card tables.

A movement is a list of assignments: in each round (轮), at each table (桌), which pair sits
North–South (南北), which East–West (东西), and which board set (牌组) they play.  Tables, rounds,
pairs and board sets are numbered from 1; board set ``s`` holds boards ``(s−1)·K+1 … s·K`` for
``K`` boards a round.

**Mitchell** (two winners, rules.md 12.1).  NS pair ``t`` stays at table ``t``; EW pairs are
numbered ``T+1 … 2T`` (EW pair ``T+e`` starts at table ``e``), move up one table a round, and the
boards move down one table.  With ``T`` tables, in round ``r`` table ``t`` holds EW line number
``((t−1) − (r−1)) mod T + 1`` and board set ``((t−1) + (r−1)) mod T + 1``:

>>> m = mitchell(7)
>>> a = m.at(3, 5)
>>> a.ns, a.ew - 7, a.board_set, a.boards
(5, 3, 7, (13, 14))

For an even number of tables the plain rotation would bring each EW pair back to a set it has
played in round ``T/2 + 1``; two cures are offered:

* ``"skip"`` (the default for even ``T``): from that round on, the EW pairs skip one table;
  ``T − 1`` rounds, and each EW pair misses one NS pair (the one at its starting table + T/2)
  and one board set (the set numbered one below its starting table).
* ``"relay"`` (share and relay): tables 1 and ``T`` share a set, and one set rests on a relay
  stand between tables ``T/2`` and ``T/2 + 1``; ``T`` rounds, everyone meets everyone.

>>> mitchell(6).table_of(7, 4)   # EW pair 1 (id 7) skips to table 5 in round 4
5

**Howell** (one winner, rules.md 12.2): guide-card tables in ``data/howell_NN.json`` for 3 to
10 tables; 4, 5 and 6 tables are the widely used published cards, the others were generated
and checked by the property tests (``data/README.md`` gives each table's source).  Every pair meets every other pair once; each table plays one board set a round, no
set twice in a round, no pair plays a set twice.  An odd number of pairs uses the next size up
with the highest-numbered pair absent (its opponent sits out, 轮空).

**Arrow switch**: in the rounds listed, the pairs play the boards with the compass turned, so
the EW pair holds the NS cards (``Assignment.arrow_switch``; ``to_model`` swaps the pairs).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Literal

from ..core.errors import BridgeError
from ..core.frozen import FrozenMap, freeze
from ..core.i18n import Lang, is_zh
from ..core.serial import Data, Fields, header

__all__ = [
    "HOWELL_SIZES",
    "MAX_BOARDS_A_ROUND",
    "MAX_MITCHELL_TABLES",
    "MITCHELL_TEST_SIZES",
    "Assignment",
    "MitchellVariant",
    "Movement",
    "Position",
    "howell",
    "iter_movements",
    "mitchell",
    "mitchell_missed",
    "movement_error",
]

MitchellVariant = Literal["auto", "plain", "skip", "relay"]
HOWELL_SIZES: tuple[int, ...] = tuple(range(2, 11))  # tables with a shipped Howell table
# Bounds that keep a typing slip from building a movement of millions of lines: a club's
# Mitchell section is rarely over 20 tables, a round rarely over 9 boards (the 2-table
# Howell); a congress field entered as one section reaches a few hundred tables.
MAX_MITCHELL_TABLES = 200
MAX_BOARDS_A_ROUND = 40


def movement_error(en: str, zh: str) -> BridgeError:
    return BridgeError(en, zh)


@dataclass(frozen=True, slots=True)
class Assignment:
    """In ``round`` at ``table``, pair ``ns`` (North–South) plays pair ``ew`` (East–West) on
    the board ``sets`` (``boards``).  A table plays one set a round, except in a movement of
    half-sets (the 3-table Howell), where a table may play two.  With ``arrow_switch`` the EW
    pair holds the NS cards."""

    round: int
    table: int
    ns: int
    ew: int
    sets: tuple[int, ...]
    boards: tuple[int, ...]
    arrow_switch: bool = False

    @property
    def board_set(self) -> int | None:
        """The set, when the table plays one whole set (``None`` for two half-sets)."""
        return self.sets[0] if len(self.sets) == 1 else None

    def pairs(self) -> tuple[int, int]:
        return (self.ns, self.ew)

    def to_dict(self) -> Data:
        return {**header("MovementAssignment"), "round": self.round, "table": self.table,
                "ns": self.ns, "ew": self.ew, "sets": list(self.sets),
                "boards": list(self.boards), "arrow_switch": self.arrow_switch}

    @classmethod
    def from_dict(cls, data: object) -> Assignment:
        f = Fields(data, "MovementAssignment")
        rnd, table, ns, ew = f.whole("round"), f.whole("table"), f.whole("ns"), f.whole("ew")
        sets, boards, arrow = f.wholes("sets"), f.wholes("boards"), f.flag("arrow_switch")
        f.done()
        return cls(rnd, table, ns, ew, sets, boards, arrow)


@dataclass(frozen=True, slots=True)
class Position:
    """Where a pair is in a round: table and direction ("NS"/"EW"), or sitting out."""

    round: int
    table: int | None
    direction: Literal["NS", "EW"] | None
    opponent: int | None
    sets: tuple[int, ...]
    boards: tuple[int, ...]
    arrow_switch: bool = False

    @property
    def sits_out(self) -> bool:
        return self.table is None

    @property
    def board_set(self) -> int | None:
        return self.sets[0] if len(self.sets) == 1 else None


@dataclass(frozen=True)
class Movement:
    """A complete schedule.  ``kind`` is "mitchell" (two winners) or "howell" (one winner).

    ``set_size`` is the number of boards in a set: ``boards_per_round``, or half of it in a
    movement of half-sets.  ``shared_tables`` share a set in every round (the relay Mitchell's
    tables 1 and T; both tables of the 2-table Howell); ``shared_in_round`` lists tables that
    share in one round only (the last round of the 3-table relay Howell)."""

    kind: Literal["mitchell", "howell"]
    variant: str
    tables: int
    rounds: int
    boards_per_round: int
    board_sets: int
    pairs: tuple[int, ...]
    assignments: tuple[Assignment, ...]
    relay_sets: tuple[tuple[int, ...], ...] = ()  # per round: sets resting on the relay stand
    shared_tables: tuple[tuple[int, ...], ...] = ()  # tables that play the same set together
    arrow_switch_rounds: tuple[int, ...] = ()
    note: str = ""
    set_size: int = 0  # 0: boards_per_round
    shared_in_round: tuple[tuple[int, tuple[int, ...]], ...] = ()
    # Look-ups built once from the assignments; read-only, as the movement is shared.
    _by_key: Mapping[tuple[int, int], Assignment] = field(
        default_factory=FrozenMap, init=False, repr=False, compare=False)
    _by_pair: Mapping[tuple[int, int], Assignment] = field(
        default_factory=FrozenMap, init=False, repr=False, compare=False)
    _by_board: Mapping[tuple[int, int], Assignment] = field(
        default_factory=FrozenMap, init=False, repr=False, compare=False)
    # The pairs as a set: a result's pairs are looked up once each (a tuple's scan made
    # checking a 200-table Mitchell quadratic).
    pair_set: frozenset[int] = field(default=frozenset(), init=False, repr=False,
                                     compare=False)

    def __post_init__(self) -> None:
        if not self.set_size:
            object.__setattr__(self, "set_size", self.boards_per_round)
        by_key: dict[tuple[int, int], Assignment] = {}
        by_pair: dict[tuple[int, int], Assignment] = {}
        by_board: dict[tuple[int, int], Assignment] = {}
        for a in self.assignments:
            by_key[(a.round, a.table)] = a
            by_pair[(a.round, a.ns)] = a
            by_pair[(a.round, a.ew)] = a
            for b in a.boards:
                by_board[(a.ns, b)] = a
                by_board[(a.ew, b)] = a
        object.__setattr__(self, "_by_key", FrozenMap(by_key))
        object.__setattr__(self, "_by_pair", FrozenMap(by_pair))
        object.__setattr__(self, "_by_board", FrozenMap(by_board))
        object.__setattr__(self, "pair_set", frozenset(self.pairs))

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``): the whole schedule, so a movement of one's own
        is rebuilt as it was."""
        return {
            **header("Movement"), "kind": self.kind, "variant": self.variant,
            "tables": self.tables, "rounds": self.rounds,
            "boards_per_round": self.boards_per_round, "board_sets": self.board_sets,
            "pairs": list(self.pairs), "assignments": [a.to_dict() for a in self.assignments],
            "relay_sets": [list(x) for x in self.relay_sets],
            "shared_tables": [list(x) for x in self.shared_tables],
            "arrow_switch_rounds": list(self.arrow_switch_rounds), "note": self.note,
            "set_size": self.set_size,
            "shared_in_round": [[r, list(g)] for r, g in self.shared_in_round],
        }

    @classmethod
    def from_dict(cls, data: object) -> Movement:
        f = Fields(data, "Movement")
        kind, variant = f.choice("kind", ("mitchell", "howell")), f.text("variant")
        tables, rounds, k = f.whole("tables"), f.whole("rounds"), f.whole("boards_per_round")
        board_sets, pairs = f.whole("board_sets"), f.wholes("pairs")
        assignments = f.objs("assignments", Assignment.from_dict)
        relay, shared = f.items("relay_sets"), f.items("shared_tables")
        arrows, note = f.wholes("arrow_switch_rounds"), f.text("note")
        set_size, in_round = f.whole("set_size"), f.items("shared_in_round")
        f.done()

        def numbers(x: object) -> bool:
            return isinstance(x, list | tuple) and all(type(y) is int for y in x)

        if not all(numbers(x) for x in relay):
            raise f.error("relay_sets", "lists of board-set numbers", "牌组号列表的列表")
        if not all(numbers(x) for x in shared):
            raise f.error("shared_tables", "lists of table numbers", "桌号列表的列表")
        if not all(isinstance(x, list | tuple) and len(x) == 2 and type(x[0]) is int
                   and numbers(x[1]) for x in in_round):
            raise f.error("shared_in_round", "a list of [round, [tables]]", "[轮次, [桌号]] 的列表")
        return cls(kind, variant, tables, rounds, k, board_sets, pairs, assignments,
                   tuple(tuple(x) for x in relay), tuple(tuple(x) for x in shared),
                   arrows, note, set_size, tuple((r, tuple(g)) for r, g in in_round))

    # ------------------------------------------------------------------ look-ups
    @property
    def two_winner(self) -> bool:
        """NS and EW ranked separately (Mitchell without arrow switch)."""
        return self.kind == "mitchell" and not self.arrow_switch_rounds

    @property
    def total_boards(self) -> int:
        return self.board_sets * self.set_size

    @property
    def half_sets(self) -> bool:
        """Sets of half a round's boards (a table may play two in a round)."""
        return self.set_size != self.boards_per_round

    def boards_of(self, board_set: int) -> tuple[int, ...]:
        return _boards(board_set, self.set_size)

    def at(self, round: int, table: int) -> Assignment:
        """The assignment at ``table`` in ``round``."""
        a = self._by_key.get((round, table))
        if a is None:
            raise movement_error(
                f"no play at table {table} in round {round}: the movement has tables "
                f"1-{self.tables} and rounds 1-{self.rounds}",
                f"第{round}轮第{table}桌没有比赛：本移位共 {self.tables} 桌、{self.rounds} 轮",
            )
        return a

    def round(self, round: int) -> list[Assignment]:
        return [a for a in self.assignments if a.round == round]

    def table(self, table: int) -> list[Assignment]:
        return [a for a in self.assignments if a.table == table]

    def position(self, pair: int, round: int) -> Position:
        """Where ``pair`` plays in ``round`` (``table is None``: it sits out)."""
        a = self._by_pair.get((round, pair))
        if a is None:
            return Position(round, None, None, None, (), ())
        ns = a.ns == pair
        return Position(round, a.table, "NS" if ns else "EW", a.ew if ns else a.ns,
                        a.sets, a.boards, a.arrow_switch)

    def where(self, pair: int, board: int) -> Assignment | None:
        """Where ``pair`` plays ``board`` (``None``: it does not play it)."""
        return self._by_board.get((pair, board))

    def plays_of(self, board: int) -> list[Assignment]:
        """Every table and round where ``board`` is played."""
        return [a for a in self.assignments if board in a.boards]

    def table_of(self, pair: int, round: int) -> int | None:
        return self.position(pair, round).table

    def schedule(self, pair: int) -> list[Position]:
        """A pair's movement card: where it plays in every round."""
        if pair not in self.pairs:
            raise movement_error(
                f"no pair {pair} in this movement: pairs are {self.pairs[0]}-{self.pairs[-1]}",
                f"本移位没有第{pair}对：编号为 {self.pairs[0]}-{self.pairs[-1]}",
            )
        return [self.position(pair, r) for r in range(1, self.rounds + 1)]

    def next_set_tables(self, round: int, board_set: int) -> tuple[int, ...]:
        """Tables that play ``board_set`` in the next round (empty: to the relay / put away)."""
        return tuple(a.table for a in self.round(round + 1) if board_set in a.sets)

    def sit_outs(self, round: int) -> list[int]:
        return [p for p in self.pairs if (round, p) not in self._by_pair]

    def meetings(self) -> dict[frozenset[int], int]:
        out: dict[frozenset[int], int] = defaultdict(int)
        for a in self.assignments:
            out[frozenset(a.pairs())] += 1
        return dict(out)

    def share(self, round: int, t1: int, t2: int) -> bool:
        """Whether tables ``t1`` and ``t2`` play the same boards together in ``round``."""
        groups = list(self.shared_tables) + [g for r, g in self.shared_in_round if r == round]
        return any(t1 in g and t2 in g for g in groups)

    def check(self) -> None:
        """Raise if the schedule breaks a rule every movement must keep: a pair in two places
        in one round, a table used twice, a pair meeting another twice, a pair playing a board
        twice, or a board at two tables in a round (unless the tables share it)."""
        seen_pair_round: set[tuple[int, int]] = set()
        seen_table_round: set[tuple[int, int]] = set()
        pair_boards: set[tuple[int, int]] = set()
        board_round: dict[tuple[int, int], int] = {}
        for a in self.assignments:
            if (a.round, a.table) in seen_table_round:
                raise movement_error(f"table {a.table} used twice in round {a.round}",
                                     f"第{a.round}轮第{a.table}桌被安排了两次")
            seen_table_round.add((a.round, a.table))
            for p in a.pairs():
                if (a.round, p) in seen_pair_round:
                    raise movement_error(f"pair {p} is in two places in round {a.round}",
                                         f"第{a.round}轮第{p}对被安排在两处")
                seen_pair_round.add((a.round, p))
                for b in a.boards:
                    if (p, b) in pair_boards:
                        raise movement_error(f"pair {p} plays board {b} twice",
                                             f"第{p}对两次打第{b}副牌")
                    pair_boards.add((p, b))
            for b in a.boards:
                other = board_round.get((a.round, b))
                if other is not None and not self.share(a.round, other, a.table):
                    raise movement_error(
                        f"board {b} is at tables {other} and {a.table} in round {a.round}",
                        f"第{a.round}轮第{b}副牌同时在第{other}桌和第{a.table}桌")
                board_round[(a.round, b)] = a.table
        for pairs, n in self.meetings().items():
            if n > 1:
                x, y = sorted(pairs)
                raise movement_error(f"pairs {x} and {y} meet {n} times",
                                     f"第{x}对与第{y}对相遇 {n} 次")

    # ------------------------------------------------------------------ output
    def to_model(self) -> list[Any]:
        """The assignments as ``bridgescore.sessions.model.Assignment`` (pair ids as strings);
        in an arrow-switched round the pair holding the NS cards is given as ``ns_pair``."""
        from .assignment import Assignment as ModelAssignment

        out = []
        for a in self.assignments:
            ns, ew = (a.ew, a.ns) if a.arrow_switch else (a.ns, a.ew)
            out.append(ModelAssignment(a.round, a.table, str(ns), str(ew), a.boards))
        return out

    def spec(self) -> str:
        """The movement in the words of a results file's ``# movement:`` setting, which
        ``movement_spec.parse_movement`` reads back to this movement."""
        if self.kind == "howell":
            size = (f"{len(self.pairs)} pairs" if len(self.pairs) % 2
                    else f"{self.tables} tables")
            words = [f"howell {size}"]
            full = int(_howell_table(self.tables)["rounds"])
        else:
            words = [f"mitchell {self.tables} tables {self.variant}"]
            full = 0
        words.append(f"{self.boards_per_round} {_plural(self.boards_per_round, 'board')} "
                     "a round")
        if self.kind == "mitchell" or self.rounds != full:
            words.append(f"{self.rounds} {_plural(self.rounds, 'round')}")
        if self.arrow_switch_rounds:
            words.append("arrow switch " + " ".join(map(str, self.arrow_switch_rounds)))
        return ", ".join(words)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "variant": self.variant,
            "spec": self.spec(),
            "tables": self.tables,
            "rounds": self.rounds,
            "boards_per_round": self.boards_per_round,
            "board_sets": self.board_sets,
            "set_size": self.set_size,
            "total_boards": self.total_boards,
            "pairs": list(self.pairs),
            "two_winner": self.two_winner,
            "arrow_switch_rounds": list(self.arrow_switch_rounds),
            "shared_tables": [list(s) for s in self.shared_tables],
            "shared_in_round": [{"round": r, "tables": list(g)} for r, g in self.shared_in_round],
            "relay_sets": [list(s) for s in self.relay_sets],
            "assignments": [
                {"round": a.round, "table": a.table, "ns": a.ns, "ew": a.ew,
                 "board_set": a.board_set, "sets": list(a.sets), "boards": list(a.boards),
                 "arrow_switch": a.arrow_switch}
                for a in self.assignments
            ],
            "sit_outs": {str(r): self.sit_outs(r) for r in range(1, self.rounds + 1)
                         if self.sit_outs(r)},
        }

    def describe(self, lang: Lang = "en") -> str:
        """One line: ``Mitchell, 7 tables, 7 rounds × 2 boards (7 sets, 14 boards)``."""
        names = {
            ("mitchell", "plain"): ("Mitchell", "米切尔移位"),
            ("mitchell", "skip"): ("skip Mitchell", "跳桌米切尔移位"),
            ("mitchell", "relay"): ("share-and-relay Mitchell", "共牌加中转桌米切尔移位"),
            ("howell", "complete"): ("Howell", "豪威尔移位"),
            ("howell", "partial"): ("part Howell", "部分豪威尔移位"),
        }
        en, zh = names.get((self.kind, self.variant), (self.kind, self.kind))
        k, n = self.boards_per_round, self.board_sets
        if is_zh(lang):
            sets = f"{n}个半组" if self.half_sets else f"{n}组牌"
            text = (f"{zh}，{self.tables}桌，{self.rounds}轮 × 每轮{k}副"
                    f"（共{sets}，{self.total_boards}副）")
            if self.arrow_switch_rounds:
                text += "，第" + "、".join(map(str, self.arrow_switch_rounds)) + "轮换向（箭头转换）"
            return text
        sets = f"{n} {_plural(n, 'half-set')}" if self.half_sets else f"{n} {_plural(n, 'set')}"
        text = (f"{en}, {self.tables} {_plural(self.tables, 'table')}, {self.rounds} "
                f"{_plural(self.rounds, 'round')} × {k} {_plural(k, 'board')} "
                f"({sets}, {self.total_boards} {_plural(self.total_boards, 'board')})")
        if self.arrow_switch_rounds:
            text += ", arrow switch in round " + ", ".join(map(str, self.arrow_switch_rounds))
        return text


def _plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"


# ---------------------------------------------------------------------- helpers
def _check_int(name_en: str, name_zh: str, value: object, low: int, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        top = "" if high is None else f" to {high}"
        want_zh = f"不小于 {low} 的整数" if high is None else f" {low} 到 {high} 的整数"
        shown = repr(value) if len(repr(value)) <= 24 else repr(value)[:20] + "…"
        raise movement_error(
            f"invalid {name_en} {shown}: expected a whole number from {low}{top}",
            f"无效的{name_zh} {shown}：应为{want_zh}",
        )
    return value


def _arrow_rounds(arrow_switch: Iterable[int], rounds: int) -> tuple[int, ...]:
    out = sorted(set(arrow_switch))
    for r in out:
        _check_int("arrow-switch round", "换向轮次", r, 1, rounds)
    return tuple(out)


# ---------------------------------------------------------------------- Mitchell
def mitchell(
    tables: int,
    boards_per_round: int = 2,
    rounds: int | None = None,
    variant: MitchellVariant = "auto",
    arrow_switch: Iterable[int] = (),
) -> Movement:
    """A Mitchell movement for ``tables`` tables (3 to ``MAX_MITCHELL_TABLES``).

    ``variant``: "auto" (plain for odd ``T``, skip for even), "plain", "skip" or "relay".
    ``rounds`` defaults to the most the variant allows without a repeat (odd or relay: ``T``;
    skip: ``T − 1``; plain with even ``T``: ``T/2``).
    """
    t_count = _check_int("number of tables", "桌数", tables, 3, MAX_MITCHELL_TABLES)
    k = _check_int("number of boards a round", "每轮牌数", boards_per_round, 1, MAX_BOARDS_A_ROUND)
    if variant not in ("auto", "plain", "skip", "relay"):
        raise movement_error(
            f"unknown Mitchell variant {variant!r}: expected plain, skip or relay",
            f"未知的米切尔移位方式 {variant!r}：应为 plain（普通）、skip（跳桌）或 relay（共牌加中转）",
        )
    even = t_count % 2 == 0
    if variant == "auto":
        variant = "skip" if even else "plain"
    if not even and variant in ("skip", "relay"):
        raise movement_error(
            f"a {variant} Mitchell is for an even number of tables, not {t_count}",
            f"{'跳桌' if variant == 'skip' else '共牌加中转桌'}米切尔移位用于偶数桌，不适用于 {t_count} 桌",
        )
    most = {"plain": t_count // 2 if even else t_count, "skip": t_count - 1,
            "relay": t_count}[variant]
    if rounds is None:
        rounds = most
    if type(rounds) is not int or not 1 <= rounds <= most:
        hint_en = " (use the skip or relay variant for more)" if variant == "plain" and even else ""
        hint_zh = "（更多轮请用跳桌或共牌加中转方式）" if variant == "plain" and even else ""
        raise movement_error(
            f"invalid number of rounds {rounds!r}: this Mitchell allows 1 to {most} "
            f"without a pair meeting an opponent or a board set twice{hint_en}",
            f"无效的轮数 {rounds!r}：此米切尔移位最多 {most} 轮，否则会重复对手或牌组{hint_zh}",
        )
    half = t_count // 2
    # Board stations in the order the boards travel (down one station a round).  In a relay
    # Mitchell table T shares table 1's station and the relay stand sits after table T/2.
    if variant == "relay":
        stations: list[int | None] = [*range(1, half + 1), None, *range(half + 1, t_count)]
    else:
        stations = list(range(1, t_count + 1))
    n_st = len(stations)
    station_of = {s: i for i, s in enumerate(stations) if s is not None}
    if variant == "relay":
        station_of[t_count] = station_of[1]
    arrows = _arrow_rounds(arrow_switch, rounds)
    assignments = []
    relay: list[tuple[int, ...]] = []
    for r in range(1, rounds + 1):
        skip = 1 if variant == "skip" and r > half else 0
        for t in range(1, t_count + 1):
            e = ((t - 1) - (r - 1) - skip) % t_count + 1
            s = (station_of[t] + r - 1) % n_st + 1
            assignments.append(Assignment(r, t, t, t_count + e, (s,), _boards(s, k), r in arrows))
        if variant == "relay":
            relay.append(((half + r - 1) % n_st + 1,))
    mv = Movement(
        kind="mitchell",
        variant=variant,
        tables=t_count,
        rounds=rounds,
        boards_per_round=k,
        board_sets=n_st,
        pairs=tuple(range(1, 2 * t_count + 1)),
        assignments=tuple(assignments),
        relay_sets=tuple(relay),
        shared_tables=((1, t_count),) if variant == "relay" else (),
        arrow_switch_rounds=arrows,
    )
    return mv


def _boards(board_set: int, k: int) -> tuple[int, ...]:
    return tuple(range((board_set - 1) * k + 1, board_set * k + 1))


def mitchell_missed(tables: int) -> dict[int, tuple[int, int]]:
    """For a full skip Mitchell: each EW pair id → (NS pair it never meets, set it never plays).

    EW pair ``T+e`` skips the table ``e + T/2`` (mod T) and the set ``e − 1`` (mod T).
    """
    if tables % 2:
        raise movement_error("only an even-table skip Mitchell misses anyone",
                             "只有偶数桌的跳桌米切尔移位会错过对手")
    return {tables + e: ((e - 1 + tables // 2) % tables + 1, (e - 2) % tables + 1)
            for e in range(1, tables + 1)}


# ---------------------------------------------------------------------- Howell
@cache
def _howell_file(name: str) -> Mapping[str, Any]:
    path = resources.files("bridgescore").joinpath(f"data/{name}")
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    # Cached for every caller: handed out read-only, lists as tuples all the way down.
    frozen: Mapping[str, Any] = freeze(data)
    return frozen


def _howell_table(tables: int, boards_per_round: int = 2) -> Mapping[str, Any]:
    """The guide-card table for ``tables``; the 3-table card plays half-sets, so an odd
    number of boards a round takes its relay card instead (``odd_boards``)."""
    data = _howell_file(f"howell_{tables:02d}.json")
    if data.get("set_size") == "half" and boards_per_round % 2:
        data = _howell_file(str(data["odd_boards"]))
    return data


def howell(
    tables: int | None = None,
    boards_per_round: int = 2,
    rounds: int | None = None,
    *,
    pairs: int | None = None,
    arrow_switch: Iterable[int] = (),
) -> Movement:
    """A Howell movement from the shipped guide-card tables (2 to 10 tables).

    Give ``tables`` or ``pairs``; with an odd number of pairs the highest pair number of the
    next size is absent and its opponent sits out each round.  ``rounds`` below the full
    ``2T − 1`` gives a part Howell (the first rounds of the complete one).  The 2-table
    Howell has three long rounds with both tables sharing the boards; the 3-table Howell
    plays half-sets (tables 2 and 3 play half of two sets a round) with an even number of
    boards a round, and the relay card (all tables share the last set) with an odd number.
    """
    if tables is None and pairs is None:
        raise movement_error("give the number of tables or of pairs", "请给出桌数或对数")
    if pairs is not None:
        _check_int("number of pairs", "对数", pairs, 3, 2 * HOWELL_SIZES[-1])
        size = (pairs + 1) // 2
        if tables is not None and tables != size:
            raise movement_error(f"{pairs} pairs need {size} tables, not {tables}",
                                 f"{pairs} 对需要 {size} 桌，而不是 {tables} 桌")
    else:
        assert tables is not None
        size = tables
    if type(size) is not int or size not in HOWELL_SIZES:
        raise movement_error(
            f"no Howell for {size!r} tables: available for {HOWELL_SIZES[0]} to "
            f"{HOWELL_SIZES[-1]} tables (use a Mitchell for larger fields)",
            f"没有 {size!r} 桌的豪威尔移位：可用 {HOWELL_SIZES[0]} 到 {HOWELL_SIZES[-1]} 桌"
            "（更多桌请用米切尔移位）",
        )
    n_pairs = pairs if pairs is not None else 2 * size
    k = _check_int("number of boards a round", "每轮牌数", boards_per_round, 1, MAX_BOARDS_A_ROUND)
    data = _howell_table(size, k)
    half = data.get("set_size") == "half"
    set_size = k // 2 if half else k
    full = int(data["rounds"])
    if rounds is None:
        rounds = full
    _check_int("number of rounds", "轮数", rounds, 1, full)
    arrows = _arrow_rounds(arrow_switch, rounds)
    absent = set(range(n_pairs + 1, 2 * size + 1))
    assignments = []
    for r, t, ns, ew, s in data["schedule"]:
        if r > rounds or ns in absent or ew in absent:
            continue
        sets = tuple(s) if isinstance(s, list | tuple) else (s,)  # the cached table holds tuples
        boards = tuple(b for x in sets for b in _boards(x, set_size))
        assignments.append(Assignment(r, t, ns, ew, sets, boards, r in arrows))
    used_sets = sorted({x for a in assignments for x in a.sets})
    relay = tuple(tuple(s for s in range(1, int(data["board_sets"]) + 1)
                        if s not in {x for a in assignments if a.round == r for x in a.sets})
                  for r in range(1, rounds + 1))
    return Movement(
        kind="howell",
        variant="complete" if rounds == full else "partial",
        tables=size,
        rounds=rounds,
        boards_per_round=k,
        board_sets=max(used_sets) if used_sets else 0,
        pairs=tuple(range(1, n_pairs + 1)),
        assignments=tuple(assignments),
        relay_sets=relay,
        shared_tables=tuple(tuple(g) for g in data.get("shared_tables", ())),
        arrow_switch_rounds=arrows,
        note=str(data.get("note", "")),
        set_size=set_size,
        shared_in_round=tuple((int(r), tuple(g)) for r, g in data.get("shared_in_round", ())
                              if r <= rounds),
    )


# The Mitchell sizes the tests go through: every club size, and some congress sizes (the
# construction is the same arithmetic for any size).
MITCHELL_TEST_SIZES: tuple[int, ...] = (*range(3, 51), 64, 99, 100, 151, MAX_MITCHELL_TABLES)


def iter_movements() -> Iterator[Movement]:
    """Every shipped Howell and the Mitchells of ``MITCHELL_TEST_SIZES`` (used by the
    tests)."""
    for t in HOWELL_SIZES:
        yield howell(t)
    for t in MITCHELL_TEST_SIZES:
        yield mitchell(t)
        if t % 2 == 0:
            yield mitchell(t, variant="relay")
