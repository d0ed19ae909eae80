"""A live session: table results entered one at a time, checked, and scored as they arrive.

A ``LiveSession`` is an immutable state.  An action (enter a result, correct one, cancel one)
gives a new state and a ``Change`` saying what it changed; nothing is ever overwritten, so the
log of entries is the session's history.  Each entry gets the next sequence number from the
session (1, 2, 3 …).  Against a movement, an entry must name its round and table and fit them:
the board is one of that table's boards in that round and the pairs are the ones sitting there
(the pair holding the NS cards first); a board already entered for that table and round is
refused — changing it is an explicit ``correct(seq, result)``, which supersedes the entry and
keeps it in the log.

>>> from bridgescore.sessions.movements import mitchell
>>> from bridgescore.core.result import Result
>>> live = LiveSession.start(mitchell(3, boards_per_round=1), scoring="mp")
>>> len(live.outstanding())
9
>>> live, change = live.enter(BoardResult(1, 1, 4, Result.parse("4S N ="), table=1, round=1))
>>> live, change = live.enter(BoardResult(1, 3, 5, Result.parse("4S N +1"), table=3, round=2))
>>> change.seq, change.boards, [(p.pair, p.place) for p in live.standings()][:2]
(2, (1,), [('3', '1'), ('1', '2')])
>>> live.enter(BoardResult(1, 3, 5, Result.parse("4S N +1"), table=3, round=2))
Traceback (most recent call last):
...
bridgescore.core.errors.BridgeError: board 1: already entered at table 3 in round 2 (entry 2): correct that entry instead
>>> live, change = live.correct(2, BoardResult(1, 3, 5, Result.parse("4S N -1"), table=3, round=2))
>>> live.changes_since(1).superseded, [(p.pair, p.place) for p in live.standings()][:1]
((2,), [('1', '1')])

``changes_since(seq)`` gives what changed after a sequence number the caller has seen (as
Bridgemate's data connector hands out results acknowledged up to an id): the new entries, the
entries they superseded, and the boards and pairs whose scores or places changed, so a page
can redraw only those.  Scores come from the library's own scoring (matchpoints, cross-IMPs,
Butler, the online datum method, total points); after each entry only the boards it touches
are scored again.  The online method scores results in their order of arrival, by sequence
number: a correction keeps the place of the entry it corrects.

``to_dict``/``from_dict`` store and rebuild a session (the web layer persists it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal, TypeVar

from ..core.errors import BridgeError
from ..core.frozen import FrozenMap
from ..core.seat import Side
from ..core.serial import Data, Fields, excerpt, header
from .imp_pairs import ImpSettings, score_imp_pairs
from .line_check import PAIRS, check_line
from .live_log import Action, Change, Changes, Entry, Slot, current_round
from .matchpoints import MatchpointSettings, score_matchpoints
from .model import Assignment, BoardResult, Pair, Session
from .movements import Movement
from .ranking import rank
from .scores import PairScore, ScoredBoard, SessionScores, exact_sum

__all__ = ["Action", "Change", "Changes", "Entry", "LiveSession", "Slot"]

Scoring = Literal["mp", "ximp", "butler", "online", "total"]
SCORINGS: tuple[Scoring, ...] = ("mp", "ximp", "butler", "online", "total")
Contribution = tuple[tuple[int, int], float | None]  # a score exactly (num, den), the top
K = TypeVar("K")
V = TypeVar("V")
_KIND_ZH = {"enter": "录入", "correct": "更正", "cancel": "撤销"}


@dataclass(frozen=True, slots=True)
class _Derived:
    """What the log implies, kept so that an entry costs only the boards it touches."""

    current: Mapping[int, BoardResult]  # entry number → its result, for live entries only
    by_board: Mapping[int, tuple[BoardResult, ...]]  # in order of arrival
    scored: Mapping[int, ScoredBoard]
    by_pair: Mapping[str, Mapping[int, Contribution]]  # pair → board → (score, top)
    raw: Mapping[str, tuple[Fraction, int, float]]  # pair → (exact total, boards, sum of tops)
    art_boards: frozenset[int]  # boards holding an artificial score
    known: Mapping[str, Pair]
    expected: int
    standings: tuple[PairScore, ...]


@dataclass(frozen=True)
class LiveSession:
    """A session being played.  Start one with ``LiveSession.start(movement, …)``; the fields
    are its settings and its log (``entries``, and one ``Change`` per entry)."""

    assignments: tuple[Assignment, ...] = ()
    scoring: Scoring = "mp"
    settings: MatchpointSettings | ImpSettings | None = None
    pairs: Mapping[str, Pair] = field(default_factory=FrozenMap)
    winners: Literal[1, 2] = 1
    boards: tuple[int, ...] | None = None
    expected: int | None = None
    name: str = ""
    entries: tuple[Entry, ...] = ()
    changes: tuple[Change, ...] = ()
    _tables: Mapping[tuple[int, int], Assignment] = field(
        default_factory=FrozenMap, init=False, repr=False, compare=False)
    _plays: int = field(default=0, init=False, repr=False, compare=False)  # most per board
    _d: _Derived = field(init=False, repr=False, compare=False)

    @classmethod
    def start(
        cls,
        movement: Movement | Sequence[Assignment] | None = None,
        *,
        scoring: Scoring = "mp",
        settings: MatchpointSettings | ImpSettings | None = None,
        pairs: Iterable[Pair] = (),
        winners: Literal[1, 2] | None = None,
        expected: int | None = None,
        name: str = "",
    ) -> LiveSession:
        """A new session.  ``movement`` (a ``Movement`` or model ``Assignment`` lines) fixes
        who plays what where; without one any board and pairs are taken (a board pool).
        ``winners`` defaults to the movement's (two for a Mitchell), else one."""
        if isinstance(movement, Movement):
            lines: tuple[Assignment, ...] = tuple(movement.to_model())
        elif movement is None:
            lines = ()
        elif isinstance(movement, list | tuple) and all(isinstance(a, Assignment) for a in movement):
            lines = tuple(movement)
        else:
            raise BridgeError(f"invalid movement {excerpt(movement)}: expected a Movement or "
                              "Assignment lines",
                              f"无效的移位 {excerpt(movement)}：应为 Movement 或 Assignment 列表")
        if winners is None:
            ns = {a.ns_pair for a in lines}
            winners = 2 if lines and not ns & {a.ew_pair for a in lines} else 1
        boards = tuple(sorted({b for a in lines for b in a.boards})) if lines else None
        given = {p.id: p for p in pairs} if isinstance(pairs, list | tuple) else pairs
        return cls(lines, scoring, settings, given, winners, boards,  # type: ignore[arg-type]
                   expected, name)

    def __post_init__(self) -> None:
        self._check_settings()
        tables = {}
        for a in self.assignments:
            if (a.round, a.table) in tables:
                raise BridgeError(f"the movement has table {a.table} twice in round {a.round}",
                                  f"移位中第{a.round}轮第{a.table}桌出现两次")
            tables[(a.round, a.table)] = a
        object.__setattr__(self, "_tables", FrozenMap(tables))
        plays = Counter(b for a in self.assignments for b in a.boards)
        object.__setattr__(self, "_plays", max(plays.values(), default=0))
        # Replay the log (checks only), then score everything once.
        d = self._empty()
        entries = self.entries if isinstance(self.entries, list | tuple) else None
        if entries is None or any(not isinstance(e, Entry) for e in entries):
            raise BridgeError(f"invalid entries {excerpt(self.entries)}: expected Entry values",
                              f"无效的录入记录 {excerpt(self.entries)}：应为 Entry 值")
        object.__setattr__(self, "entries", tuple(entries))
        current: dict[int, BoardResult] = {}
        by_board: dict[int, tuple[BoardResult, ...]] = {}
        known = _copy(d.known)
        stamped = []
        for i, e in enumerate(self.entries, 1):
            if e.seq != i:
                raise BridgeError(f"entry {e.seq} is out of order: expected entry {i}",
                                  f"录入记录 {e.seq} 顺序错误：应为第 {i} 条")
            old, new = self._step(current, by_board, known, e)
            _apply(current, by_board, e.seq, old, new)
            stamped.append(_stamped(e, new))
        object.__setattr__(self, "entries", tuple(stamped))
        changes = tuple(self.changes)
        if not changes and self.entries:
            # No change log given: work it out by replaying the entries one by one.
            state = replace(self, entries=(), changes=())
            for e in self.entries:
                state, _ = state.apply(e.action)
            changes = state.changes
        if len(changes) != len(self.entries) or any(
                not isinstance(c, Change) or c.seq != e.seq
                for c, e in zip(changes, self.entries, strict=False)):
            raise BridgeError("the change log does not match the entries (one change per entry)",
                              "变更记录与录入记录不符（每条录入应有一条变更）")
        object.__setattr__(self, "changes", changes)
        d = replace(d, current=FrozenMap(current), by_board=FrozenMap(by_board),
                    known=FrozenMap(known))
        expected = self._expected(d.by_board)
        scored = self._score(d.by_board, self._board_order(d.by_board), expected, d.known)
        by_pair: dict[str, dict[int, Contribution]] = {}
        for b, sb in scored.items():
            for p, c in self._contrib(sb).items():
                by_pair.setdefault(p, {})[b] = c
        d = replace(d, scored=FrozenMap(scored), expected=expected,
                    by_pair=FrozenMap((p, FrozenMap(c)) for p, c in by_pair.items()),
                    art_boards=_artificial(d.by_board))
        d = replace(d, raw=FrozenMap(self._raw(d, d.known)))
        object.__setattr__(self, "_d", replace(d, standings=self._rank(d)))

    # ------------------------------------------------------------------ settings
    def _check_settings(self) -> None:
        if self.scoring not in SCORINGS:
            raise BridgeError(f"unknown scoring {excerpt(self.scoring)}: expected "
                              + ", ".join(SCORINGS),
                              f"未知的记分方法 {excerpt(self.scoring)}：应为 " + "、".join(SCORINGS))
        want = MatchpointSettings if self.scoring == "mp" else ImpSettings
        if self.settings is None:
            object.__setattr__(self, "settings", want())
        elif not isinstance(self.settings, want):
            raise BridgeError(
                f"{self.scoring} scoring takes {want.__name__}, not {type(self.settings).__name__}",
                f"{self.scoring} 记分应使用 {want.__name__}，而不是 {type(self.settings).__name__}")
        if type(self.winners) is not int or self.winners not in (1, 2):
            raise BridgeError(f"invalid winners {excerpt(self.winners)}: expected 1 or 2",
                              f"无效的冠军数 {excerpt(self.winners)}：应为 1 或 2")
        if not isinstance(self.assignments, list | tuple) or any(
                not isinstance(a, Assignment) for a in self.assignments):
            raise BridgeError(f"invalid movement {excerpt(self.assignments)}: expected "
                              "Assignment lines",
                              f"无效的移位 {excerpt(self.assignments)}：应为 Assignment 列表")
        object.__setattr__(self, "assignments", tuple(self.assignments))
        # The settings a plain Session checks (pairs, boards, expected, name), checked by one.
        probe = Session((), self.boards, self.pairs, self.name, 0, self.expected)
        object.__setattr__(self, "pairs", probe.pairs)
        if self.boards is not None:
            object.__setattr__(self, "boards", tuple(sorted(set(probe.boards or ()))))

    def _empty(self) -> _Derived:
        known = dict(self.pairs)
        sides = self._movement_sides()
        for a in self.assignments:
            for p in (a.ns_pair, a.ew_pair):
                pair = known.get(p) or Pair(p)
                if self.winners == 2 and pair.direction is None:
                    pair = replace(pair, direction=sides.get(p))
                known[p] = pair
        return _Derived(FrozenMap(), FrozenMap(), FrozenMap(), FrozenMap(), FrozenMap(),
                        frozenset(), FrozenMap(known), 1, ())

    def _movement_sides(self) -> dict[str, Side]:
        out: dict[str, Side] = {}
        for a in self.assignments:
            out.setdefault(a.ns_pair, Side.NS)
            out.setdefault(a.ew_pair, Side.EW)
        return out

    # ------------------------------------------------------------------ checks
    def _step(self, current: Mapping[int, BoardResult],
              by_board: Mapping[int, tuple[BoardResult, ...]], known: dict[str, Pair],
              e: Entry) -> tuple[BoardResult | None, BoardResult | None]:
        """Check one entry against the log so far: ``(result it supersedes, new result)``."""
        a = e.action
        old = None
        if a.replaces is not None:
            old = current.get(a.replaces)
            if old is None:
                later = next((x.seq for x in self.entries if x.action.replaces == a.replaces
                              and x.seq < e.seq), None)
                why = (f"it was superseded by entry {later}" if later is not None
                       else "there is no such entry")
                why_zh = f"它已被第 {later} 条取代" if later is not None else "没有这条录入"
                raise BridgeError(
                    f"cannot {a.kind} entry {a.replaces}: {why}",
                    f"无法{_KIND_ZH[a.kind]}第 {a.replaces} 条录入：{why_zh}")
        if a.result is None:
            return old, None
        arrival = old.seq if old is not None else e.seq
        new = replace(a.result, seq=arrival)
        self._check(new, [r for r in by_board.get(new.board, ()) if r is not old], current,
                    known, old)
        for p in (new.ns_pair, new.ew_pair):
            if p not in known:
                known[p] = Pair(p)
        return old, new

    def _check(self, r: BoardResult, others: list[BoardResult],
               current: Mapping[int, BoardResult], known: Mapping[str, Pair],
               old: BoardResult | None) -> None:
        def err(en: str, zh: str) -> BridgeError:
            return BridgeError(f"board {r.board}: {en}", f"第{r.board}副：{zh}")

        if self.boards is not None and r.board not in self.boards:
            raise err(f"not a board of this session (boards {_ranges(self.boards)})",
                      f"不是本节比赛的牌（牌副 {_ranges(self.boards)}）")
        if self._tables:
            check_line(r, self._tables, PAIRS)
        for x in others:
            if r.table is not None and (x.table, x.round) == (r.table, r.round):
                where = f" at table {r.table}" + ("" if r.round is None else f" in round {r.round}")
                where_zh = ("" if r.round is None else f"第{r.round}轮") + f"第{r.table}桌"
                n = _entry_of(current, x)
                raise err(f"already entered{where} (entry {n}): correct that entry instead",
                          f"{where_zh}已录入（第 {n} 条）：请更正该条录入")
            for p in (r.ns_pair, r.ew_pair):
                if p in (x.ns_pair, x.ew_pair):
                    n = _entry_of(current, x)
                    raise err(f"pair {p} already has a result on this board (entry {n})",
                              f"第{p}对在这副牌上已有结果（第 {n} 条）")
        st = self.settings
        if self.scoring == "online" and isinstance(st, ImpSettings) and len(others) >= st.close_at:
            raise err(f"retired: it has its {st.close_at} results", f"已停用：已有 {st.close_at} 个结果")
        if self.winners == 2 and not self._tables:
            for p, side in ((r.ns_pair, Side.NS), (r.ew_pair, Side.EW)):
                sat = known[p].direction if p in known else None
                if sat is None:
                    sat = next((Side.NS if x.ns_pair == p else Side.EW for x in current.values()
                                if x is not old and p in (x.ns_pair, x.ew_pair)), None)
                if sat is not None and sat is not side:
                    raise err(f"pair {p} sits {sat.name} in this two-winner session, not {side.name}",
                              f"第{p}对在本节（两个冠军）坐{_SIDE_ZH[sat]}，而非{_SIDE_ZH[side]}")

    # ------------------------------------------------------------------ actions
    @property
    def seq(self) -> int:
        """The last sequence number given (0 before the first entry)."""
        return len(self.entries)

    def enter(self, result: BoardResult) -> tuple[LiveSession, Change]:
        return self.apply(Action("enter", result))

    def correct(self, seq: int, result: BoardResult) -> tuple[LiveSession, Change]:
        """Supersede entry ``seq`` with ``result`` (it keeps ``seq``'s place in arrival order)."""
        return self.apply(Action("correct", result, seq))

    def cancel(self, seq: int) -> tuple[LiveSession, Change]:
        """Withdraw entry ``seq`` (entered in error); it stays in the log."""
        return self.apply(Action("cancel", None, seq))

    def apply(self, action: Action) -> tuple[LiveSession, Change]:
        """The new state after ``action``, and what changed."""
        if not isinstance(action, Action):
            raise BridgeError(f"invalid action {excerpt(action)}: expected an Action",
                              f"无效的操作 {excerpt(action)}：应为 Action")
        d = self._d
        entry = Entry(self.seq + 1, action)
        known = _copy(d.known)
        old, new = self._step(d.current, d.by_board, known, entry)
        entry = _stamped(entry, new)
        current, by_board = _copy(d.current), _copy(d.by_board)
        _apply(current, by_board, entry.seq, old, new)
        touched = {r.board for r in (old, new) if r is not None}
        pairs = {p for r in (old, new) if r is not None for p in (r.ns_pair, r.ew_pair)}
        expected = self._expected(by_board)
        order = self._board_order(by_board)
        if expected != d.expected:
            touched = set(order)  # Neuberg's N moved: every board is factored anew
        art = d.art_boards
        if touched & art or (new is not None and new.kind == "artificial"):
            art = _artificial(by_board, art, touched)
        scored = _copy(d.scored)
        by_pair = _copy(d.by_pair)
        gone = set(scored) - set(order)  # boards left with no results (no movement)
        # A result moves the scores of every pair on its board, not only its own pairs.
        on_touched = pairs | {p for b in touched for r in by_board.get(b, ())
                              for p in (r.ns_pair, r.ew_pair)}
        fresh = self._score(by_board, self._cascade(by_board, art, touched, on_touched)
                            & set(order), expected, known)
        changed = gone | {b for b, sb in fresh.items() if d.scored.get(b) != sb}
        for b in gone | set(fresh):
            before = scored.pop(b, None)
            after = fresh.get(b)
            old_c = {} if before is None else self._contrib(before)
            new_c = {} if after is None else self._contrib(after)
            for p in old_c.keys() | new_c.keys():
                mine = _copy(by_pair.get(p, FrozenMap()))
                if p in new_c:
                    mine[b] = new_c[p]
                else:
                    mine.pop(b, None)
                by_pair[p] = FrozenMap(sorted(mine.items()))
                pairs.add(p)
            if after is not None:
                scored[b] = after
        nd = replace(d, current=FrozenMap(current), by_board=FrozenMap(by_board),
                     scored=FrozenMap(scored), by_pair=FrozenMap(by_pair), art_boards=art,
                     known=FrozenMap(known), expected=expected)
        raw = _copy(d.raw)
        raw.update(self._raw(nd, pairs))
        nd = replace(nd, raw=FrozenMap(raw))
        nd = replace(nd, standings=self._rank(nd))
        changed_boards = tuple(sorted(changed))
        before_scores = {p.pair: p for p in d.standings}
        changed_pairs = tuple(p.pair for p in nd.standings if before_scores.get(p.pair) != p)
        change = Change(entry.seq, changed_boards, changed_pairs)
        state = object.__new__(LiveSession)
        for name in ("assignments", "scoring", "settings", "pairs", "winners", "boards",
                     "expected", "name", "_tables", "_plays"):
            object.__setattr__(state, name, getattr(self, name))
        object.__setattr__(state, "entries", (*self.entries, entry))
        object.__setattr__(state, "changes", (*self.changes, change))
        object.__setattr__(state, "_d", nd)
        return state, change

    # ------------------------------------------------------------------ scoring
    def _expected(self, by_board: Mapping[int, tuple[BoardResult, ...]]) -> int:
        """Neuberg's N: as set, else the movement's plays of a board, else the most so far."""
        if self.expected is not None:
            return self.expected
        if self._plays:
            return self._plays
        return max((len(rs) for rs in by_board.values()), default=1) or 1

    def _board_order(self, by_board: Mapping[int, tuple[BoardResult, ...]]) -> list[int]:
        if self.boards is not None:
            return list(self.boards)
        return sorted(b for b, rs in by_board.items() if rs)

    def _cascade(self, by_board: Mapping[int, tuple[BoardResult, ...]], art: frozenset[int],
                 boards: set[int], pairs: set[str]) -> set[int]:
        """The boards to score again: those touched, and at matchpoints with the session rule
        the boards where a pair whose played boards changed holds an artificial score (its
        Average-plus is at least its own percentage)."""
        st = self.settings
        if not (isinstance(st, MatchpointSettings) and st.session_rule):
            return boards
        out = set(boards)
        for b in art - out:
            if any(r.kind == "artificial" and (r.ns_pair in pairs or r.ew_pair in pairs)
                   for r in by_board.get(b, ())):
                out.add(b)
        return out

    def _score(self, by_board: Mapping[int, tuple[BoardResult, ...]], boards: Iterable[int],
               expected: int, known: Mapping[str, Pair]) -> dict[int, ScoredBoard]:
        """Score ``boards`` with the library's scoring, on a session of just what they need:
        themselves, and for an artificial score at matchpoints every board its pairs played."""
        wanted = set(boards)
        if not wanted:
            return {}
        needed = set(wanted)
        st = self.settings
        if isinstance(st, MatchpointSettings) and st.session_rule:
            art = {p for b in wanted for r in by_board.get(b, ()) if r.kind == "artificial"
                   for p in (r.ns_pair, r.ew_pair)}
            if art:
                needed |= {b for b, rs in by_board.items()
                           if any(r.ns_pair in art or r.ew_pair in art for r in rs)}
        order = sorted(needed)
        results = tuple(r for b in order for r in by_board.get(b, ()))
        involved = {p for r in results for p in (r.ns_pair, r.ew_pair)}
        sub = Session(results, tuple(order), {p: known[p] for p in involved if p in known},
                      winners=self.winners, expected=expected)
        if isinstance(st, MatchpointSettings):
            scores = score_matchpoints(sub, st)
        else:
            scores = score_imp_pairs(sub, self.scoring, st)  # type: ignore[arg-type]
        return {sb.board: sb for sb in scores.boards if sb.board in wanted}

    def _contrib(self, sb: ScoredBoard) -> FrozenMap[str, Contribution]:
        """What a board gives each of its pairs: the score exactly, and the board's top."""
        out: dict[str, Contribution] = {}
        mp = self.scoring == "mp"
        for s in sb.results:
            if (mp or s.counted) and s.ns_exact is not None and s.ew_exact is not None:
                out[s.result.ns_pair] = (s.ns_exact, sb.top)
                out[s.result.ew_pair] = (s.ew_exact, sb.top)
        return FrozenMap(out)

    def _raw(self, d: _Derived, pairs: Iterable[str]) -> dict[str, tuple[Fraction, int, float]]:
        """Each pair's exact total over its boards, its boards, the sum of their tops (tops
        are whole or half numbers: their float sum is exact)."""
        out = {}
        for p in pairs:
            mine = d.by_pair.get(p, FrozenMap())
            out[p] = (exact_sum(c[0] for c in mine.values()), len(mine),
                      sum((c[1] or 0.0 for c in mine.values()), 0.0))
        return out

    def _rank(self, d: _Derived) -> tuple[PairScore, ...]:
        st = self.settings
        assert st is not None
        mp = self.scoring == "mp"
        raw = {p: d.raw.get(p, (Fraction(0), 0, 0.0)) for p in d.known}
        factored = isinstance(st, ImpSettings) and self.scoring == "ximp" and st.form == "factored"
        most = max((n for _, n, _ in raw.values()), default=0)
        sides = self._sides(d)
        rows = []
        for p, pair in d.known.items():
            total, n, top = raw[p]
            if factored and n:
                total = total * most / n
            direction = None if self.winners == 1 else pair.direction or sides.get(p)
            rows.append(PairScore(p, direction, float(total), n, top if mp else None,
                                  exact=total))
        registration = {p: pair.registration for p, pair in d.known.items()
                        if pair.registration is not None}
        return tuple(rank(rows, rule=st.ranking, registration=registration,
                          completion=st.completion, total_boards=None))

    def _sides(self, d: _Derived) -> dict[str, Side]:
        """The side each pair sat, for a two-winner session's pairs with no fixed direction."""
        if self.winners == 1 or all(p.direction is not None for p in d.known.values()):
            return {}
        out: dict[str, Side] = {}
        for r in d.current.values():
            out.setdefault(r.ns_pair, Side.NS)
            out.setdefault(r.ew_pair, Side.EW)
        return out

    # ------------------------------------------------------------------ reading
    def results(self) -> tuple[BoardResult, ...]:
        """The results in force, in order of arrival."""
        return tuple(sorted(self._d.current.values(), key=lambda r: r.seq or 0))

    def in_force(self) -> Mapping[int, BoardResult]:
        """Entry number → result, for the entries in force (neither corrected nor cancelled):
        which stored entry holds a board's result now."""
        return self._d.current

    def entry(self, seq: int) -> Entry:
        if type(seq) is not int or not 1 <= seq <= self.seq:
            raise BridgeError(f"no entry {excerpt(seq)}: entries are 1-{self.seq}",
                              f"没有第 {excerpt(seq)} 条录入：录入为 1-{self.seq}")
        return self.entries[seq - 1]

    def outstanding(self, round: int | None = None) -> tuple[Slot, ...]:
        """The boards of the movement still to come (in ``round``, or all), round by round."""
        done = {(r.round, r.table, r.board) for r in self._d.current.values()}
        return tuple(Slot(a.round, a.table, b, a.ns_pair, a.ew_pair)
                     for a in sorted(self.assignments, key=lambda a: (a.round, a.table))
                     if round is None or a.round == round
                     for b in a.boards if (a.round, a.table, b) not in done)

    def current_round(self, table: int, closed_round: int = 0) -> int | None:
        """The round ``table`` is in (``live_log.current_round``)."""
        return current_round(self.outstanding(), table, closed_round)

    def standings(self) -> tuple[PairScore, ...]:
        """Every pair's score and place now, ranked field by field."""
        return self._d.standings

    def board(self, board: int) -> ScoredBoard:
        sb = self._d.scored.get(board) if type(board) is int else None
        if sb is None:
            raise BridgeError(f"board {excerpt(board)} has no scores in this session",
                              f"本节比赛中第{excerpt(board)}副没有成绩")
        return sb

    def session(self) -> Session:
        """The results in force as a plain ``Session`` (what the batch scoring takes)."""
        return Session(self.results(), None if self.boards is None else tuple(self.boards),
                       self._d.known, self.name, self.winners, self._d.expected)

    def scores(self) -> SessionScores:
        """The whole scored session, as ``score_matchpoints``/``score_imp_pairs`` give it."""
        d = self._d
        return SessionScores(self.scoring, tuple(d.scored[b] for b in self._board_order(d.by_board)),
                             d.standings, self.session())

    def changes_since(self, seq: int) -> Changes:
        """What changed after sequence number ``seq`` (0: everything)."""
        if type(seq) is not int or not 0 <= seq <= self.seq:
            raise BridgeError(
                f"invalid sequence number {excerpt(seq)}: expected 0 to {self.seq}",
                f"无效的序号 {excerpt(seq)}：应为 0 到 {self.seq}")
        entries = self.entries[seq:]
        changes = self.changes[seq:]
        superseded = tuple(e.action.replaces for e in entries if e.action.replaces is not None)
        boards = sorted({b for c in changes for b in c.boards})
        pairs = {p for c in changes for p in c.pairs}
        order = [p.pair for p in self._d.standings]
        return Changes(seq, self.seq, entries, superseded, tuple(boards),
                       tuple(p for p in order if p in pairs))

    # ------------------------------------------------------------------ storage
    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``): settings, movement and the whole log."""
        assert self.settings is not None
        return {
            **header("LiveSession"), "assignments": [a.to_dict() for a in self.assignments],
            "scoring": self.scoring, "settings": self.settings.to_dict(),
            "pairs": [p.to_dict() for p in self.pairs.values()], "winners": self.winners,
            "boards": None if self.boards is None else list(self.boards),
            "expected": self.expected, "name": self.name,
            "entries": [e.to_dict() for e in self.entries],
            "changes": [c.to_dict() for c in self.changes],
        }

    @classmethod
    def from_dict(cls, data: object) -> LiveSession:
        f = Fields(data, "LiveSession")
        assignments = f.objs("assignments", Assignment.from_dict)
        scoring = f.choice("scoring", SCORINGS)
        settings: MatchpointSettings | ImpSettings
        if scoring == "mp":
            settings = f.obj("settings", MatchpointSettings.from_dict)
        else:
            settings = f.obj("settings", ImpSettings.from_dict)
        pairs = f.objs("pairs", Pair.from_dict)
        winners, boards = f.choice("winners", (1, 2)), f.opt_items("boards")
        expected, name = f.opt_whole("expected"), f.text("name")
        entries, changes = f.objs("entries", Entry.from_dict), f.objs("changes", Change.from_dict)
        f.done()
        return cls(assignments, scoring, settings, {p.id: p for p in pairs}, winners,
                   None if boards is None else tuple(boards), expected, name, entries, changes)


_SIDE_ZH = {Side.NS: "南北", Side.EW: "东西"}


def _apply(current: dict[int, BoardResult], by_board: dict[int, tuple[BoardResult, ...]],
           seq: int, old: BoardResult | None, new: BoardResult | None) -> None:
    """Take ``old`` out and put ``new`` in (entry ``seq``), keeping arrival order per board."""
    if old is not None:
        key = _entry_of(current, old)
        del current[key]
        by_board[old.board] = tuple(r for r in by_board[old.board] if r is not old)
    if new is not None:
        current[seq] = new
        rs = [*by_board.get(new.board, ()), new]
        by_board[new.board] = tuple(sorted(rs, key=lambda r: r.seq or 0))


def _artificial(by_board: Mapping[int, tuple[BoardResult, ...]], art: frozenset[int] = frozenset(),
                boards: Iterable[int] | None = None) -> frozenset[int]:
    """The boards holding an artificial score (updated for ``boards`` only, when given)."""
    out = set(art)
    for b in by_board if boards is None else boards:
        out.discard(b)
        if any(r.kind == "artificial" for r in by_board.get(b, ())):
            out.add(b)
    return frozenset(out)


def _stamped(e: Entry, result: BoardResult | None) -> Entry:
    """The entry as logged: its result carries its order of arrival (``seq``)."""
    if result is None or e.action.result == result:
        return e
    return Entry(e.seq, Action(e.action.kind, result, e.action.replaces))


def _copy(m: Mapping[K, V]) -> dict[K, V]:
    return m.mutable_copy() if isinstance(m, FrozenMap) else dict(m)


def _entry_of(current: Mapping[int, BoardResult], r: BoardResult) -> int:
    return next(k for k, x in current.items() if x is r)


def _ranges(numbers: Iterable[int]) -> str:
    from .model import _ranges as ranges

    return ranges(sorted(numbers))
