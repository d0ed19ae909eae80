"""Swiss pairing (瑞士移位) for pairs and teams: the next round's draw from the standings.

Rules (rules.md 12.3; the seeds' 002 automatic Swiss pairs):

* Round 1: by registration order, 1st v 2nd, 3rd v 4th … (002: "第一轮的座次是按报名先后排定的");
  or ``"split"`` (top half v bottom half: 1 v n/2+1 …) or ``"random"`` (with a seed).
* Later rounds: rank by current score, higher first, equal scores in registration order (the
  order of the list given).  The top pair meets the highest-ranked pair it has not met, then
  the next unpaired pair likewise, and so on down the list.
* Never a rematch when one can be avoided.  Choosing greedily down the list can get stuck at
  the bottom (the last two pairs have met), so every choice is checked with a maximum matching
  (Edmonds' blossom algorithm) on the pairs left: a candidate is taken only if the rest can
  still be paired with no more rematches than the least possible for the whole draw.  So the
  draw has the fewest rematches possible, and within that it is the top-down draw.
* Odd field: a bye (轮空) to the lowest-ranked pair that has not had one (magicscoring).  The
  order of priorities is: fewest rematches, then fewest byes, then lowest rank.
* The higher-ranked pair of a match sits North–South (teams: is the home team); table 1 is the
  top match.

>>> s = [Entry("A", score=30), Entry("B", score=28), Entry("C", score=25),
...      Entry("D", score=20), Entry("E", score=15), Entry("F", score=10)]
>>> d = swiss_draw(s, History.from_pairs([("A", "B")]))
>>> [(t.high, t.low) for t in d.tables]
[('A', 'C'), ('B', 'D'), ('E', 'F')]
"""

from __future__ import annotations

import csv
import math
import random
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar
from unicodedata import normalize as nfkc

from ..core.errors import BridgeError, FileFormatError
from ..core.i18n import Lang, is_zh
from ..core.serial import Data, Fields, header
from ..core.text import excerpt, normalize
from ..scoring.exact import exact
from .files.csvsplit import delimiter, split
from .ranking import place
from .seating_checks import MAX_PAIR, check_pair_id

__all__ = [
    "Draw",
    "Entry",
    "FirstRound",
    "FrozenHistory",
    "History",
    "Match",
    "max_matching",
    "read_history",
    "read_standings",
    "rounds_played",
    "standings_order",
    "swiss_draw",
]

FirstRound = Literal["order", "split", "random"]
BYE_WORDS = frozenset({"bye", "-", "轮空", "輪空", "none"})


@dataclass(frozen=True, slots=True)
class Entry:
    """A pair or team in the standings (``score``: VPs, MPs, IMPs … whatever the event ranks by)."""

    id: str
    name: str = ""
    score: float = 0.0

    def to_dict(self) -> Data:
        return {**header("SwissEntry"), "id": self.id, "name": self.name, "score": self.score}

    @classmethod
    def from_dict(cls, data: object) -> Entry:
        f = Fields(data, "SwissEntry")
        eid, name, score = f.text("id"), f.text("name"), f.number("score")
        f.done()
        return cls(eid, name, score)


@dataclass(eq=False)
class History:
    """Who has met whom, and who has had a bye, in the rounds so far.

    Built up round by round (``add_meeting``, ``add_draw``); :meth:`frozen` gives the
    read-only copy a scored event keeps, since the event may be shared between readers."""

    met: Counter[frozenset[str]] = field(default_factory=Counter)
    byes: Counter[str] = field(default_factory=Counter)

    def __eq__(self, other: object) -> bool:
        # A frozen copy equals the history it was made from.
        if not isinstance(other, History):
            return NotImplemented
        return self.met == other.met and self.byes == other.byes

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable, as before

    def frozen(self) -> History:
        """A read-only copy: its counts cannot be changed, nor its fields replaced."""
        return self if isinstance(self, FrozenHistory) else FrozenHistory(self.met, self.byes)

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[str, str]], byes: Iterable[str] = ()) -> History:
        h = cls()
        for a, b in pairs:
            h.add_meeting(a, b)
        for x in byes:
            h.byes[x] += 1
        return h

    def add_meeting(self, a: str, b: str) -> None:
        if a == b:
            raise BridgeError(f"{a!r} cannot meet itself", f"{a!r} 不能与自己相遇")
        self.met[frozenset((a, b))] += 1

    def times_met(self, a: str, b: str) -> int:
        return self.met.get(frozenset((a, b)), 0)

    def add_draw(self, draw: Draw) -> None:
        for m in draw.tables:
            self.add_meeting(m.high, m.low)
        if draw.bye is not None:
            self.byes[draw.bye] += 1

    @property
    def empty(self) -> bool:
        return not self.met and not self.byes

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``): meetings as ``[a, b, times]``, byes as
        ``[id, times]``, in a fixed order."""
        return {**header("SwissHistory"),
                "met": sorted([*sorted(k), n] for k, n in self.met.items()),
                "byes": sorted([k, n] for k, n in self.byes.items())}

    @classmethod
    def from_dict(cls, data: object) -> History:
        f = Fields(data, "SwissHistory")
        met, byes = f.items("met"), f.items("byes")
        f.done()
        if not all(isinstance(x, list | tuple) and len(x) == 3 and isinstance(x[0], str)
                   and isinstance(x[1], str) and x[0] != x[1] and type(x[2]) is int and x[2] > 0
                   for x in met):
            raise f.error("met", "a list of [id, id, times]", "[编号, 编号, 次数] 的列表")
        if not all(isinstance(x, list | tuple) and len(x) == 2 and isinstance(x[0], str)
                   and type(x[1]) is int and x[1] > 0 for x in byes):
            raise f.error("byes", "a list of [id, times]", "[编号, 次数] 的列表")
        return cls(Counter({frozenset((a, b)): n for a, b, n in met}),
                   Counter({k: n for k, n in byes}))


K = TypeVar("K")


class _ReadOnlyCounter(Counter[K]):
    """A Counter that refuses every change: missing keys still count 0."""

    def _refuse(self, *args: object, **kwargs: object) -> Any:
        raise TypeError("a scored event's history is read-only: copy it with History(Counter("
                        "h.met), Counter(h.byes)) to change it")

    __setitem__ = __delitem__ = update = subtract = clear = pop = popitem = setdefault = _refuse
    __iadd__ = __isub__ = __ior__ = __iand__ = _refuse

    def __init__(self, items: Mapping[K, int]) -> None:
        dict.__init__(self, items)  # Counter.__init__ would call the refused update()

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))


class FrozenHistory(History):
    """The read-only :class:`History` a scored event holds (``History.frozen()``)."""

    def __init__(self, met: Mapping[frozenset[str], int], byes: Mapping[str, int]) -> None:
        object.__setattr__(self, "met", _ReadOnlyCounter(met))
        object.__setattr__(self, "byes", _ReadOnlyCounter(byes))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a scored event's history is read-only (cannot set {name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a scored event's history is read-only (cannot delete {name})")


@dataclass(frozen=True, slots=True)
class Match:
    table: int
    high: str  # the higher-ranked: sits NS (pairs) or is the home team (teams)
    low: str
    rematch: bool = False

    def to_dict(self) -> Data:
        return {**header("SwissMatch"), "table": self.table, "high": self.high,
                "low": self.low, "rematch": self.rematch}

    @classmethod
    def from_dict(cls, data: object) -> Match:
        f = Fields(data, "SwissMatch")
        table, high, low = f.whole("table"), f.text("high"), f.text("low")
        rematch = f.flag("rematch")
        f.done()
        return cls(table, high, low, rematch)


@dataclass(frozen=True)
class Draw:
    tables: tuple[Match, ...]
    bye: str | None
    rematches: int

    def to_dict(self) -> Data:
        return {**header("SwissDraw"), "tables": [m.to_dict() for m in self.tables],
                "bye": self.bye, "rematches": self.rematches}

    @classmethod
    def from_dict(cls, data: object) -> Draw:
        f = Fields(data, "SwissDraw")
        tables, bye = f.objs("tables", Match.from_dict), f.opt_text("bye")
        rematches = f.whole("rematches")
        f.done()
        return cls(tables, bye, rematches)

    def to_json(self, teams: bool = False) -> dict[str, Any]:
        """``ns``/``ew`` for pairs; ``home``/``away`` for teams (the higher-ranked is home)."""
        high, low = ("home", "away") if teams else ("ns", "ew")
        return {
            "tables": [{"table": m.table, high: m.high, low: m.low, "rematch": m.rematch}
                       for m in self.tables],
            "bye": self.bye,
            "rematches": self.rematches,
        }

    def lines(self, lang: Lang = "en", names: dict[str, str] | None = None,
              teams: bool = False) -> list[str]:
        """The draw as text lines: ``Table 1: A (NS) v C (EW)`` / ``第1桌：A（南北）对 C（东西）``;
        for teams ``Match 1: A (home) v C (away)`` / ``第1场：A（主队）对 C（客队）``."""
        nm = names or {}

        def who(x: str) -> str:
            return f"{x} {nm[x]}" if nm.get(x) else x

        out = []
        for m in self.tables:
            mark = (" (rematch)" if not is_zh(lang) else "（重复相遇）") if m.rematch else ""
            if teams and is_zh(lang):
                out.append(f"第{m.table}场：{who(m.high)}（主队）对 {who(m.low)}（客队）{mark}")
            elif teams:
                out.append(f"Match {m.table}: {who(m.high)} (home) v {who(m.low)} (away){mark}")
            elif is_zh(lang):
                out.append(f"第{m.table}桌：{who(m.high)}（南北）对 {who(m.low)}（东西）{mark}")
            else:
                out.append(f"Table {m.table}: {who(m.high)} (NS) v {who(m.low)} (EW){mark}")
        if self.bye is not None:
            out.append(f"轮空：{who(self.bye)}" if is_zh(lang) else f"Bye: {who(self.bye)}")
        return out


def rounds_played(history: History, ids: Iterable[str]) -> int:
    """Rounds played so far as the history shows them: every entry meets one opponent or has
    a bye each round it plays, so the most any entry has had."""
    count: Counter[str] = Counter()
    for pair, n in history.met.items():
        for x in pair:
            count[x] += n
    return max((count[i] + history.byes.get(i, 0) for i in ids), default=0)


# ---------------------------------------------------------------------- matching
class _Matcher:
    """Edmonds' blossom algorithm on a graph whose vertices can be taken out one by one.

    The draw asks, for each candidate table, whether the pairs left can still be matched; it
    takes the two pairs out and repairs the matching it already has.  A maximum matching stays
    maximum after augmenting once from each vertex left unmatched (a vertex with no augmenting
    path never gains one by later augmentations), and taking two vertices out leaves only
    their former partners newly unmatched: a trial costs one or two searches, not a new
    matching of the whole field.  Inactive vertices are skipped as the searches meet them.
    """

    __slots__ = ("act", "base", "free", "matched", "mate", "n", "nbrs", "parent")

    def __init__(self, n: int, adj: Sequence[Iterable[int]], active: Sequence[bool] | None = None,
                 start: Sequence[int] | None = None) -> None:
        self.n = n
        self.act = list(active) if active is not None else [True] * n
        self.nbrs = [list(adj[v]) for v in range(n)]
        self.mate = [-1] * n
        self.parent = [-1] * n
        self.base = list(range(n))
        act, mate = self.act, self.mate
        if start is not None:
            for v in range(n):
                w = start[v]
                if w >= 0 and act[v] and act[w]:
                    mate[v] = w
        for v in range(n):  # a greedy start leaves few augmenting searches to do
            if act[v] and mate[v] < 0:
                for w in self.nbrs[v]:
                    if act[w] and mate[w] < 0:
                        mate[v], mate[w] = w, v
                        break
        # Kept up to date, so that a trial costs no pass over the whole field.
        self.free = {v for v in range(n) if act[v] and mate[v] < 0}
        self.matched = sum(1 for v in range(n) if act[v] and mate[v] >= 0) // 2

    def size(self) -> int:
        return self.matched

    def exposed(self) -> list[int]:
        return sorted(self.free)

    def save(self) -> tuple[list[int], set[int], int]:
        return self.mate[:], set(self.free), self.matched

    def restore(self, saved: tuple[list[int], set[int], int]) -> None:
        self.mate[:], self.free, self.matched = saved[0], set(saved[1]), saved[2]

    def take(self, v: int) -> int:
        """Take ``v`` out of the graph; its partner (now unmatched) or -1."""
        self.act[v] = False
        self.free.discard(v)
        w = self.mate[v]
        if w >= 0:
            self.mate[w] = -1
            self.mate[v] = -1
            self.free.add(w)
            self.matched -= 1
        return w

    def maximise(self, roots: Iterable[int] | None = None) -> None:
        """Augment once from each unmatched active vertex of ``roots`` (default: all)."""
        act, mate = self.act, self.mate
        for root in range(self.n) if roots is None else roots:
            if act[root] and mate[root] < 0:
                v = self._search(root)
                if v >= 0:
                    self.free.discard(root)
                    self.free.discard(v)
                    self.matched += 1
                while v >= 0:
                    pv = self.parent[v]
                    ppv = mate[pv]
                    mate[v], mate[pv] = pv, v
                    v = ppv

    def _lca(self, a: int, b: int) -> int:
        base, mate, parent = self.base, self.mate, self.parent
        seen = [False] * self.n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] < 0:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def _mark(self, v: int, b: int, child: int, blossom: list[bool]) -> None:
        base, mate, parent = self.base, self.mate, self.parent
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    def _search(self, root: int) -> int:
        """The end of an augmenting path from ``root`` (walk back by ``parent``), or -1."""
        n, act, mate, parent, base = self.n, self.act, self.mate, self.parent, self.base
        for i in range(n):
            parent[i] = -1
            base[i] = i
        used = [False] * n
        used[root] = True
        queue = deque([root])
        while queue:
            v = queue.popleft()
            for to in self.nbrs[v]:
                if not act[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] >= 0 and parent[mate[to]] >= 0):
                    cur = self._lca(v, to)
                    blossom = [False] * n
                    self._mark(v, cur, to, blossom)
                    self._mark(to, cur, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = cur
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] < 0:
                    parent[to] = v
                    if mate[to] < 0:
                        return to
                    used[mate[to]] = True
                    queue.append(mate[to])
        return -1


def max_matching(n: int, adj: Sequence[Iterable[int]], active: Sequence[bool] | None = None,
                 start: Sequence[int] | None = None) -> list[int]:
    """A maximum-cardinality matching of a general graph (Edmonds' blossom algorithm).

    ``adj[v]`` lists the neighbours of vertex ``v`` (0…n−1); only ``active`` vertices take part.
    ``start`` is a valid matching to begin from (``-1`` = unmatched), which makes a re-run
    after a small change cheap.  Returns ``mate`` with ``mate[v] == -1`` for unmatched ``v``.
    """
    m = _Matcher(n, adj, active, start)
    m.maximise()
    return m.mate


# ---------------------------------------------------------------------- the draw
def _check_entries(entries: Sequence[Entry]) -> None:
    ids = [e.id for e in entries]
    dup = sorted({x for x in ids if ids.count(x) > 1})
    if dup:
        raise BridgeError(f"duplicate id {dup[0]!r} in the standings",
                          f"名次表中编号 {dup[0]!r} 重复")
    if len(entries) < 2:
        raise BridgeError(f"a Swiss draw needs at least 2 entries, not {len(entries)}",
                          f"瑞士移位至少需要 2 个参赛单位，而不是 {len(entries)} 个")
    for e in entries:
        if not math.isfinite(e.score):
            raise BridgeError(f"invalid score {e.score!r} for {e.id!r}: expected a number",
                              f"{e.id!r} 的分数 {e.score!r} 无效：应为数字")


def standings_order(entries: Sequence[Entry]) -> list[Entry]:
    """Higher score first; equal scores (compared exactly) keep the given (registration) order."""
    return [x.item for x in place(entries, lambda e: exact(e.score))]


def swiss_draw(
    entries: Sequence[Entry],
    history: History | None = None,
    *,
    first_round: FirstRound = "order",
    seed: int | None = None,
) -> Draw:
    """The next round's draw.  ``first_round`` applies only when there is no history yet."""
    _check_entries(entries)
    hist = history or History()
    if first_round not in ("order", "split", "random"):
        raise BridgeError(f"unknown first-round method {first_round!r}: expected order, split "
                          "or random", f"未知的第一轮排法 {first_round!r}：应为 order（报名顺序）、"
                          "split（上下半区）或 random（随机）")
    if hist.empty:
        return _first_round(list(entries), first_round, seed)
    return _pair(standings_order(entries), hist)


def _first_round(entries: list[Entry], method: FirstRound, seed: int | None) -> Draw:
    order = list(entries)
    if method == "random":
        random.Random(seed).shuffle(order)
    bye = order.pop() if len(order) % 2 else None
    half = len(order) // 2
    if method == "split":
        pairs = [(order[i], order[i + half]) for i in range(half)]
    else:
        pairs = [(order[2 * i], order[2 * i + 1]) for i in range(half)]
    tables = tuple(Match(i + 1, a.id, b.id) for i, (a, b) in enumerate(pairs))
    return Draw(tables, None if bye is None else bye.id, 0)


def _pair(order: list[Entry], hist: History) -> Draw:
    n = len(order)
    ids = [e.id for e in order]
    index = {x: i for i, x in enumerate(ids)}
    met: list[set[int]] = [set() for _ in range(n)]
    for key, times in hist.met.items():
        if times > 0:
            a, b = tuple(key)
            if a in index and b in index:
                met[index[a]].add(index[b])
                met[index[b]].add(index[a])
    adj = []
    for i in range(n):
        out = met[i] | {i}
        adj.append([j for j in range(n) if j not in out])
    m = _Matcher(n, adj)
    m.maximise()
    bye: int | None = None
    if n % 2:
        # The bye: fewest rematches left for the others, then fewest byes, then lowest rank.
        # Taking one pair out costs the matching at most one table, so the first candidate
        # (in order of byes, then from the bottom) that costs none is the choice; if every
        # one costs a table, the first.
        short = (n - 1) // 2 - m.size()
        candidates = sorted(range(n), key=lambda i: (hist.byes.get(ids[i], 0), n - i))
        for i in candidates:
            saved = m.save()
            m.take(i)
            m.maximise(m.exposed())
            if (n - 1) // 2 - m.size() == short:
                bye = i
                break
            m.act[i] = True
            m.restore(saved)
        if bye is None:
            bye = candidates[0]
            m.take(bye)
            m.maximise(m.exposed())
    live = n - (bye is not None)
    budget = live // 2 - m.size()  # the fewest rematches this draw can have
    tables: list[Match] = []
    rematches = 0

    def opponents(p: int) -> Iterator[tuple[int, int]]:
        # Unmet pairs from the top down, then the ones met least often (and higher first).
        yield from ((q, 0) for q in range(p + 1, n) if m.act[q] and q not in met[p])
        old = sorted((q for q in range(p + 1, n) if m.act[q] and q in met[p]),
                     key=lambda q: (hist.times_met(ids[p], ids[q]), q))
        yield from ((q, 1) for q in old)

    for p in range(n):
        if not m.act[p]:
            continue
        for q, cost in opponents(p):
            if cost > budget:
                continue
            saved = m.save()
            m.take(p)
            m.take(q)
            m.maximise(m.exposed())  # the partners p and q leave, and any already unmatched
            live -= 2
            # A trial's matching is maximum: it is the budget left or it is short.
            if live // 2 - m.size() <= budget - cost:
                budget -= cost
                rematches += cost
                tables.append(Match(len(tables) + 1, ids[p], ids[q], bool(cost)))
                break
            live += 2
            m.act[p] = m.act[q] = True
            m.restore(saved)
        else:  # pragma: no cover - the budget guarantees a feasible choice
            raise AssertionError("no feasible opponent")
    return Draw(tuple(tables), None if bye is None else ids[bye], rematches)


# ---------------------------------------------------------------------- files
def _rows(text: str, source: str | None) -> list[tuple[int, list[str]]]:
    out = []
    lines = text.splitlines()
    # The first line that is not a comment decides the separator (, ， ; ； or a tab).
    first = next((ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")), "")
    sep = delimiter(first)
    for i, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            # Cells as written: ids and names keep their traditional characters (normalize()
            # would simplify 張 to 张); headers, scores and the bye word are normalised where
            # they are read.
            cells = [c.strip() for c in split(line, sep)]
        except csv.Error as e:
            raise FileFormatError(f"unreadable CSV: {e}", f"无法读取的 CSV：{e}", path=source,
                                  line=i) from None
        if any(cells):
            out.append((i, cells))
    return out


# The header line in English, simplified and traditional Chinese (folded as the cells are).
_STANDINGS_HEADERS = frozenset(tuple(normalize(w) for w in words) for words in (
    ("id", "name", "score"), ("编号", "名称", "分数"), ("編號", "名稱", "分數")))


def read_standings(text: str, source: str | None = None) -> list[Entry]:
    """Standings as CSV ``id,name,score`` (a header line is optional; ``#`` starts a comment).

    >>> [(e.id, e.score) for e in read_standings("id,name,score\\n1,王/李,30\\n2,张/刘,28.5\\n")]
    [('1', 30.0), ('2', 28.5)]
    """
    entries: list[Entry] = []
    for line, cells in _rows(text, source):
        if not entries and tuple(normalize(c).lower() for c in cells[:3]) in _STANDINGS_HEADERS:
            continue
        if len(cells) != 3 or not cells[0]:
            raise FileFormatError(
                f"expected 3 columns id,name,score, got {excerpt(','.join(cells))}",
                f"应为三列 编号,名称,分数，实际为 {excerpt(','.join(cells))}", path=source, line=line)
        try:
            score = float(normalize(cells[2]))
        except ValueError:
            score = math.nan
        if not math.isfinite(score):
            raise FileFormatError(f"invalid score {excerpt(cells[2])}: expected a number",
                                  f"无效的分数 {excerpt(cells[2])}：应为数字", path=source,
                                  line=line)
        bad = check_pair_id(nfkc("NFKC", cells[0]))
        if bad is not None:
            raise FileFormatError(f"invalid pair or team number {bad}: expected a whole number "
                                  f"from 1 to {MAX_PAIR}, or a name",
                                  f"无效的编号 {bad}：应为 1 到 {MAX_PAIR} 的整数或名称",
                                  path=source, line=line)
        # The id folded to half width (１ is 1), the name exactly as written.
        entries.append(Entry(nfkc("NFKC", cells[0]), cells[1], score))
    _check_entries(entries)
    return entries


def read_history(text: str, known: Iterable[str] | None = None,
                 source: str | None = None) -> History:
    """Previous opponents as CSV, one match a line ``A,B``; a bye as ``A`` alone or ``A,bye``
    (also ``-``, ``轮空``).  An optional first column ``round`` (a number) is ignored."""
    ids = set(known) if known is not None else None
    hist = History()
    for line, cells in _rows(text, source):
        cells = [c for c in cells if c]
        if cells and normalize(cells[0]).lower() in ("round", "轮", "轮次") and line == 1:
            continue
        if len(cells) == 3 and normalize(cells[0]).isdigit():
            cells = cells[1:]
        if len(cells) == 1 or (len(cells) == 2 and normalize(cells[1]).lower() in BYE_WORDS):
            who = [nfkc("NFKC", cells[0])]
        elif len(cells) == 2:
            who = [nfkc("NFKC", c) for c in cells]
        else:
            raise FileFormatError(
                f"expected 'A,B' (a match) or 'A,bye', got {excerpt(','.join(cells))}",
                f"应为 'A,B'（一场比赛）或 'A,轮空'，实际为 {excerpt(','.join(cells))}",
                path=source, line=line)
        for x in who:
            if ids is not None and x not in ids:
                raise FileFormatError(f"unknown id {excerpt(x)}: not in the standings",
                                      f"未知编号 {excerpt(x)}：不在名次表中", path=source,
                                      line=line)
        if len(who) == 1:
            hist.byes[who[0]] += 1
        elif who[0] == who[1]:
            raise FileFormatError(f"{excerpt(who[0])} cannot meet itself",
                                  f"{excerpt(who[0])} 不能与自己相遇",
                                  path=source, line=line)
        else:
            hist.add_meeting(who[0], who[1])
    return hist
