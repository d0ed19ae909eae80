"""The Swiss draw's incremental matching gives the very draw of the plain method it replaced.

The plain method (kept here as the reference) recomputes a whole maximum matching for every
trial table, O(n³) and more; the library repairs one matching as pairs leave (``_Matcher``).
Both must choose the same tables and the same bye on every field and history: small fields
against a brute-force matching size, larger ones against the plain method with its own
matching.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.sessions.swiss import Draw, Entry, History, Match, standings_order, swiss_draw


# ---------------------------------------------------------------- the reference draw
def _plain_matching(n: int, adj: Sequence[Iterable[int]], active: Sequence[bool]) -> int:
    """Size of a maximum matching of the active vertices, from scratch (Edmonds, written out
    once more here so that the reference shares no code with the library)."""
    act = list(active)
    nbrs = [[w for w in adj[v] if act[w]] if act[v] else [] for v in range(n)]
    mate = [-1] * n

    def search(root: int) -> bool:
        parent = [-1] * n
        base = list(range(n))
        used = [False] * n
        used[root] = True
        queue = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * n
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

        def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in nbrs[v]:
                if base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] >= 0 and parent[mate[to]] >= 0):
                    cur = lca(v, to)
                    blossom = [False] * n
                    mark(v, cur, to, blossom)
                    mark(to, cur, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = cur
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] < 0:
                    parent[to] = v
                    if mate[to] < 0:
                        while to >= 0:
                            pv = parent[to]
                            ppv = mate[pv]
                            mate[to], mate[pv] = pv, to
                            to = ppv
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False

    for root in range(n):
        if act[root] and mate[root] < 0:
            search(root)
    return sum(1 for v in mate if v >= 0) // 2


def _brute_matching(n: int, adj: Sequence[Iterable[int]], active: Sequence[bool]) -> int:
    vs = [v for v in range(n) if active[v]]
    edges = {(a, b) for a in vs for b in adj[a] if active[b] and a < b}

    def best(rest: tuple[int, ...]) -> int:
        if len(rest) < 2:
            return 0
        a, others = rest[0], rest[1:]
        out = best(others)  # a unmatched
        for b in others:
            if (min(a, b), max(a, b)) in edges:
                out = max(out, 1 + best(tuple(x for x in others if x != b)))
        return out

    return best(tuple(vs))


Sizer = Callable[[int, Sequence[Iterable[int]], Sequence[bool]], int]


def reference_draw(entries: list[Entry], hist: History, size: Sizer) -> Draw:
    """The draw exactly as the plain method made it: fewest rematches, then fewest byes, then
    lowest rank for the bye; then top down, each table kept only if the rest can still be
    matched within the budget, every check a whole matching."""
    order = standings_order(entries)
    n = len(order)
    ids = [e.id for e in order]
    adj = [[j for j in range(n) if j != i and hist.times_met(ids[i], ids[j]) == 0]
           for i in range(n)]
    active = [True] * n
    bye: int | None = None
    if n % 2:
        best: tuple[int, int, int] | None = None
        for i in range(n - 1, -1, -1):
            active[i] = False
            key = ((n - 1) // 2 - size(n, adj, active), hist.byes.get(ids[i], 0), n - i)
            active[i] = True
            if best is None or key < best:
                best, bye = key, i
        assert bye is not None
        active[bye] = False
    budget = sum(active) // 2 - size(n, adj, active)
    tables: list[Match] = []
    rematches = 0
    for p in range(n):
        if not active[p]:
            continue
        active[p] = False
        fresh = [q for q in range(p + 1, n) if active[q] and hist.times_met(ids[p], ids[q]) == 0]
        old = sorted((q for q in range(p + 1, n) if active[q] and q not in fresh),
                     key=lambda q: (hist.times_met(ids[p], ids[q]), q))
        for q in fresh + old:
            cost = 0 if q in fresh else 1
            if cost > budget:
                continue
            active[q] = False
            if sum(active) // 2 - size(n, adj, active) <= budget - cost:
                budget -= cost
                rematches += cost
                tables.append(Match(len(tables) + 1, ids[p], ids[q], bool(cost)))
                break
            active[q] = True
        else:
            raise AssertionError("no feasible opponent")
    return Draw(tuple(tables), None if bye is None else ids[bye], rematches)


# ---------------------------------------------------------------- fields
@st.composite
def small_case(draw: st.DrawFn) -> tuple[list[Entry], History]:
    n = draw(st.integers(2, 9))
    ids = [f"P{i}" for i in range(n)]
    scores = draw(st.lists(st.integers(0, 8), min_size=n, max_size=n))  # many equal scores
    edges = draw(st.lists(st.sampled_from(list(itertools.combinations(ids, 2))),
                          min_size=1, max_size=n * n))  # repeats: met twice or more
    byes = draw(st.lists(st.sampled_from(ids), max_size=4))
    return [Entry(i, score=s) for i, s in zip(ids, scores, strict=True)], \
        History.from_pairs(edges, byes)


@settings(max_examples=400, deadline=None)
@given(small_case())
def test_small_fields_match_the_plain_method_with_brute_force_matchings(
        case: tuple[list[Entry], History]) -> None:
    es, hist = case
    assert swiss_draw(es, hist) == reference_draw(es, hist, _brute_matching)


@settings(max_examples=60, deadline=None)
@given(st.integers(10, 41), st.floats(0.05, 0.95), st.randoms(use_true_random=False))
def test_larger_fields_match_the_plain_method(n: int, density: float, rnd: random.Random) -> None:
    """Dense histories force rematches, blossoms and refused trials."""
    ids = [str(i) for i in range(1, n + 1)]
    edges = [(a, b) for a, b in itertools.combinations(ids, 2) if rnd.random() < density]
    hist = History.from_pairs(edges, [x for x in ids if rnd.random() < 0.3])
    es = [Entry(i, score=rnd.randint(0, 6)) for i in ids]
    assert swiss_draw(es, hist) == reference_draw(es, hist, _plain_matching)


def test_whole_events_match_the_plain_method() -> None:
    """Round after round of a 31-pair event (odd: a bye each round), past the round robin."""
    rnd = random.Random(7)
    ids = [str(i) for i in range(1, 32)]
    score = dict.fromkeys(ids, 0)
    hist = History()
    rematches = 0
    for _ in range(34):
        es = [Entry(i, score=score[i]) for i in ids]
        d = swiss_draw(es, hist)
        assert d == reference_draw(es, hist, _plain_matching)
        rematches += d.rematches
        for m in d.tables:
            x = rnd.randint(-3, 3)
            score[m.high] += x
            score[m.low] -= x
        hist.add_draw(d)
    assert rematches > 0  # the event ran long enough to need them


def test_a_500_pair_draw_is_quick() -> None:
    """The automatic Swiss pairs redraws 500 pairs at every round's end (the plain method took
    about 5 s here; the web has 2 s for the whole change of round)."""
    rnd = random.Random(3)
    ids = [str(i) for i in range(1, 502)]
    score = dict.fromkeys(ids, 0)
    hist = History()
    worst = 0.0
    for _ in range(4):
        es = [Entry(i, score=score[i]) for i in ids]
        t = time.perf_counter()
        d = swiss_draw(es, hist)
        worst = max(worst, time.perf_counter() - t)
        assert d.rematches == 0
        for m in d.tables:
            x = rnd.randint(-20, 20)
            score[m.high] += x
            score[m.low] -= x
        hist.add_draw(d)
    assert worst < 1.0
