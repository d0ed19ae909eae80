"""Matchpoint pairs scoring (Law 78A): matchpoints, percentages, Neuberg, adjusted scores.

For each other result on the board a pair earns 2 if its score is higher, 1 if equal and 0 if
lower (``scale="2/1/0"``, the default; ``"1/0.5/0"`` halves everything: the percentages are the
same).  Computed in O(n log n) per board: the scores are sorted once and each result's count of
lower and equal scores comes from two binary searches.

>>> matchpoints([400, 430, 150, -50]).tolist()
[4.0, 6.0, 2.0, 0.0]
>>> matchpoints([50, -90, -90, -90]).tolist()
[6.0, 2.0, 2.0, 2.0]
>>> neuberg(18, results=10, expected=11)
19.9

Settings (``MatchpointSettings``):

* ``factoring``: ``"neuberg"`` (default) scales a board with ``n`` real results to the
  ``expected`` number ``N`` by ``(M + 1)·N/n − 1``; ``"session"`` multiplies instead by the
  ratio of tops ``(N − 1)/(n − 1)``; ``"none"`` keeps the raw matchpoints (percentages then use
  each board's own top).  ``N`` is the most results any board of the session has (artificial
  ones included), or ``Session.expected``.
* Artificial adjusted scores (Law 12C2) are not matchpointed against the field: the board's
  other results are scored among themselves and factored up, and the pair gets a percentage of
  the top: Average-plus ``max(60%, session %)``, Average ``50%``, Average-minus
  ``min(40%, session %)`` (the WBFLC rule; ``session_rule=False`` gives plain 60/50/40), where
  the session % is over the boards the pair played.  The two sides' awards are independent
  (split scores).  A percentage award (``55%``) is given as is.
* A weighted assigned score is matchpointed component by component against the field and the
  matchpoints averaged by weight; the other pairs are compared with each component likewise.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..errors import BridgeError
from .model import (
    Award,
    BoardResult,
    PairScore,
    ScoredBoard,
    ScoredResult,
    Session,
    SessionScores,
    played_score,
)
from .ranking import Rule, rank

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike, NDArray

__all__ = [
    "MatchpointSettings",
    "matchpoints",
    "matchpoints_pairwise",
    "neuberg",
    "score_matchpoints",
    "weighted_matchpoints",
]

Scale = Literal["2/1/0", "1/0.5/0"]
Factoring = Literal["neuberg", "session", "none"]


@dataclass(frozen=True, slots=True)
class MatchpointSettings:
    scale: Scale = "2/1/0"
    factoring: Factoring = "neuberg"
    avg_plus: float = 60.0
    avg: float = 50.0
    avg_minus: float = 40.0
    session_rule: bool = True
    ranking: Rule = "shared"
    completion: float = 0.0

    def __post_init__(self) -> None:
        if self.scale not in ("2/1/0", "1/0.5/0"):
            raise BridgeError(f"unknown matchpoint scale {self.scale!r}: expected '2/1/0' or '1/0.5/0'",
                              f"未知的比赛分制 {self.scale!r}：应为 '2/1/0' 或 '1/0.5/0'")
        if self.factoring not in ("neuberg", "session", "none"):
            raise BridgeError(
                f"unknown factoring {self.factoring!r}: expected 'neuberg', 'session' or 'none'",
                f"未知的折算方法 {self.factoring!r}：应为 'neuberg'、'session' 或 'none'")

    @property
    def unit(self) -> float:
        return 1.0 if self.scale == "2/1/0" else 0.5


def matchpoints(scores: ArrayLike) -> NDArray[np.float64]:
    """Raw matchpoints on the 2/1/0 scale for one direction's scores (top ``2(n − 1)``)."""
    import numpy as np

    s = np.asarray(scores, dtype=np.float64)
    ordered = np.sort(s)
    lower = np.searchsorted(ordered, s, side="left")
    not_higher = np.searchsorted(ordered, s, side="right")
    # Each result beats the `lower` ones (2 each) and ties the others equal to it but itself.
    return (2 * lower + (not_higher - lower - 1)).astype(np.float64)


def matchpoints_pairwise(scores: Sequence[float]) -> list[float]:
    """The Law's definition, comparison by comparison: O(n²); the reference for tests."""
    out = []
    for i, a in enumerate(scores):
        mp = 0
        for j, b in enumerate(scores):
            if i != j:
                mp += 2 if a > b else 1 if a == b else 0
        out.append(float(mp))
    return out


def weighted_matchpoints(tables: Sequence[Sequence[tuple[float, float]]]) -> NDArray[np.float64]:
    """Matchpoints (2/1/0) for tables that may carry weighted scores.

    Each table is a list of ``(weight, score)`` components (one ``(1, score)`` for a real
    result).  Table i gets ``Σ_a w_a · Σ_{j≠i} Σ_b w_b · cmp(a, b)``: all components of all
    tables are sorted once and each component's weight of lower and equal components is read
    from prefix sums; a table's own components are then taken out again."""
    import numpy as np

    owner = np.array([i for i, t in enumerate(tables) for _ in t], dtype=np.int64)
    w = np.array([c[0] for t in tables for c in t], dtype=np.float64)
    s = np.array([c[1] for t in tables for c in t], dtype=np.float64)
    order = np.argsort(s, kind="stable")
    ordered = s[order]
    cum = np.concatenate(([0.0], np.cumsum(w[order])))
    lower = cum[np.searchsorted(ordered, s, side="left")]
    not_higher = cum[np.searchsorted(ordered, s, side="right")]
    raw = 2 * lower + (not_higher - lower)
    start = 0
    for t in tables:
        # Remove the comparisons of each component with its own table.
        for k, (_wa, a) in enumerate(t):
            raw[start + k] -= sum(wb * (2 if a > b else 1 if a == b else 0) for wb, b in t)
        start += len(t)
    out: NDArray[np.float64] = np.bincount(owner, weights=w * raw, minlength=len(tables)).astype(np.float64)
    return out


def neuberg(mp: float, results: int, expected: int, unit: float = 1.0) -> float:
    """Neuberg's formula: ``(M + u)·N/n − u`` (u = 1 on the 2/1/0 scale, ½ on 1/½/0)."""
    if results < 1 or expected < results:
        raise BridgeError(
            f"Neuberg needs 1 ≤ results ≤ expected, got {results} of {expected}",
            f"Neuberg 公式要求 1 ≤ 实际结果数 ≤ 应有结果数，实为 {results} / {expected}",
        )
    return round((mp + unit) * expected / results - unit, 10)


def _factor(raw: NDArray[np.float64], n: int, expected: int, how: Factoring) -> NDArray[np.float64]:
    if how == "none" or n == expected:
        return raw
    if how == "neuberg":
        return (raw + 1) * expected / n - 1
    if n == 1:
        return raw * 0 + (expected - 1)  # a lone result is an average
    return raw * (expected - 1) / (n - 1)


def _artificial_pct(award: Award, session_pct: float | None, st: MatchpointSettings) -> float:
    if not isinstance(award, str):
        return float(award)
    base = {"A+": st.avg_plus, "A": st.avg, "A-": st.avg_minus}[award]
    if st.session_rule and session_pct is not None:
        if award == "A+":
            return max(base, session_pct)
        if award == "A-":
            return min(base, session_pct)
    return base


def score_matchpoints(session: Session, settings: MatchpointSettings | None = None) -> SessionScores:
    """Score and rank a session by matchpoints."""

    st = settings or MatchpointSettings()
    by_board = session.by_board()
    expected = session.expected or max((len(rs) for rs in by_board.values()), default=1)
    directions = session.directions()
    # First pass: the field results of each board.
    partial: dict[int, tuple[float, list[tuple[BoardResult, float | None, float | None]]]] = {}
    played_mp: dict[str, float] = defaultdict(float)
    played_top: dict[str, float] = defaultdict(float)
    for b, rs in by_board.items():
        field = [r for r in rs if r.kind != "artificial"]
        n = len(field)
        want = max(expected, len(rs))
        top = 2.0 * (want - 1) if st.factoring != "none" else 2.0 * (max(n, 1) - 1)
        mps: dict[int, float] = {}
        if n:
            if all(r.kind == "played" for r in field):
                raw = matchpoints([played_score(r) for r in field])
            else:
                raw = weighted_matchpoints(
                    [[(1.0, float(played_score(r)))] if r.kind == "played" else list(r.weighted)
                     for r in field])
            fac = _factor(raw, n, want, st.factoring) if st.factoring != "none" else raw
            for r, m in zip(field, fac.tolist(), strict=True):
                mps[id(r)] = float(m)
        rows: list[tuple[BoardResult, float | None, float | None]] = []
        for r in rs:
            if id(r) in mps:
                ns = mps[id(r)]
                ew = top - ns
                rows.append((r, ns, ew))
                if top > 0:
                    played_mp[r.ns_pair] += ns
                    played_mp[r.ew_pair] += ew
                    played_top[r.ns_pair] += top
                    played_top[r.ew_pair] += top
            else:
                rows.append((r, None, None))
        partial[b] = (top, rows)
    # Second pass: artificial scores need each pair's session percentage on played boards.
    session_pct = {p: 100 * played_mp[p] / played_top[p] for p in played_top if played_top[p] > 0}
    totals: dict[str, float] = defaultdict(float)
    maxima: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    boards: list[ScoredBoard] = []
    u = st.unit
    for b, (top, rows) in partial.items():
        scored: list[ScoredResult] = []
        for r, ns_mp, ew_mp in rows:
            note = ""
            if ns_mp is None or ew_mp is None:
                assert r.ns_award is not None and r.ew_award is not None
                ns = _artificial_pct(r.ns_award, session_pct.get(r.ns_pair), st) / 100 * top
                ew = _artificial_pct(r.ew_award, session_pct.get(r.ew_pair), st) / 100 * top
                note = f"{_award_text(r.ns_award)}/{_award_text(r.ew_award)}"
            else:
                ns, ew = ns_mp, ew_mp
                note = "weighted" if r.kind == "weighted" else ""
            ns_pct = 100 * ns / top if top > 0 else 50.0
            ew_pct = 100 * ew / top if top > 0 else 50.0
            scored.append(ScoredResult(r, round(ns * u, 10), round(ew * u, 10), ns_pct, ew_pct, note))
            for p, v in ((r.ns_pair, ns), (r.ew_pair, ew)):
                totals[p] += v * u
                maxima[p] += top * u
                counts[p] += 1
        boards.append(ScoredBoard(b, tuple(scored), top * u))
    pairs = [
        PairScore(p, directions.get(p), round(totals[p], 10), counts[p], maxima[p])
        for p in session.pairs
    ]
    registration = {p: pair.registration for p, pair in session.pairs.items()
                    if pair.registration is not None}
    ranked = rank(pairs, rule=st.ranking, registration=registration,
                  completion=st.completion, total_boards=session.total_boards)
    return SessionScores("mp", tuple(boards), tuple(ranked), session)


def _award_text(a: Award) -> str:
    return a if isinstance(a, str) else f"{a:g}%"
