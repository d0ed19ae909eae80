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
Fraction(199, 10)

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

The arithmetic is exact.  Raw matchpoints are whole numbers on the 2/1/0 scale (counted in
NumPy int64); factoring divides by the board's number of results, so a factored score is a
fraction (Neuberg with 3 results gives thirds).  Totals, percentages and places are computed
from the exact values (``PairScore.exact``); the floats in the scored results are those exact
values correctly rounded, for display only.  So two pairs tie when their percentages are
equal, not when they agree to some decimal.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from ..core.errors import BridgeError
from ..core.serial import Data, settings_from_dict, settings_to_dict
from ..scoring.exact import PairSums, exact
from .adjusted import award_percent, award_text, components
from .model import Award, BoardResult, Session, played_score
from .ranking import Rule, rank
from .scores import PairScore, ScoredBoard, ScoredResult, SessionScores, ratio

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

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``); a scale object is given by value."""
        return settings_to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> MatchpointSettings:
        return settings_from_dict(cls, data)


def _raw(scores: ArrayLike) -> NDArray[np.int64]:
    """Raw matchpoints, 2/1/0, as whole numbers: the fast O(n log n) count."""
    import numpy as np

    s = np.asarray(scores)
    if s.dtype.kind not in "iu":
        s = s.astype(np.float64)
    ordered = np.sort(s)
    lower = np.searchsorted(ordered, s, side="left")
    not_higher = np.searchsorted(ordered, s, side="right")
    # Each result beats the `lower` ones (2 each) and ties the others equal to it but itself.
    out: NDArray[np.int64] = (lower + not_higher - 1).astype(np.int64)
    return out


def matchpoints(scores: ArrayLike) -> NDArray[np.float64]:
    """Raw matchpoints on the 2/1/0 scale for one direction's scores (top ``2(n − 1)``)."""
    import numpy as np

    return _raw(scores).astype(np.float64)


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


def weighted_matchpoints(tables: Sequence[Sequence[tuple[float | Fraction, float]]]) -> list[Fraction]:
    """Matchpoints (2/1/0), exactly, for tables that may carry weighted scores.

    Each table is a list of ``(weight, score)`` components (one ``(1, score)`` for a real
    result).  Table i gets ``Σ_a w_a · Σ_{j≠i} Σ_b w_b · cmp(a, b)``: all components of all
    tables are sorted once and each component's weight of lower and equal components is read
    from prefix sums; a table's own components are then taken out again.

    >>> weighted_matchpoints([[(0.6, 430), (0.4, -50)], [(1, 430)], [(1, 400)], [(1, -50)]])[0]
    Fraction(17, 5)
    """
    comps = [(exact(w), s) for t in tables for w, s in t]
    ordered = sorted(comps, key=lambda c: c[1])
    keys = [c[1] for c in ordered]
    cum = [Fraction(0)]
    for w, _ in ordered:
        cum.append(cum[-1] + w)
    out: list[Fraction] = []
    start = 0
    for t in tables:
        mine = comps[start:start + len(t)]
        start += len(t)
        total = Fraction(0)
        for wa, a in mine:
            lower, not_higher = cum[bisect_left(keys, a)], cum[bisect_right(keys, a)]
            # Comparisons with the table's own components (itself included) do not count.
            own = sum((wb * (2 if a > b else 1 if a == b else 0) for wb, b in mine), Fraction(0))
            total += wa * (lower + not_higher - own)
        out.append(total)
    return out


def neuberg(mp: float | Fraction, results: int, expected: int, unit: float = 1.0) -> Fraction:
    """Neuberg's formula, exactly: ``(M + u)·N/n − u`` (u = 1 on the 2/1/0 scale, ½ on 1/½/0)."""
    if results < 1 or expected < results:
        raise BridgeError(
            f"Neuberg needs 1 ≤ results ≤ expected, got {results} of {expected}",
            f"Neuberg 公式要求 1 ≤ 实际结果数 ≤ 应有结果数，实为 {results} / {expected}",
        )
    u = exact(unit)
    return (exact(mp) + u) * expected / results - u


def _factored(scores: list[int], want: int, how: Factoring) -> tuple[NDArray[np.int64], int]:
    """Factored matchpoints (2/1/0) of played scores as whole numerators over one
    denominator: exact, and still NumPy arithmetic."""
    raw = _raw(scores)
    n = len(scores)
    if how == "none" or n == want:
        return raw, 1
    if how == "neuberg":
        # (M + 1)·N/n − 1 = ((M + 1)·N − n)/n: one integer numerator per result.
        return (raw + 1) * want - n, n
    if n == 1:
        return raw * 0 + (want - 1), 1  # a lone result is an average
    return raw * (want - 1), n - 1


def _factored_weighted(field: list[BoardResult], want: int, how: Factoring) -> list[Fraction]:
    """Factored matchpoints (2/1/0) of a board with weighted scores, as exact fractions."""
    n = len(field)
    out = []
    for m in weighted_matchpoints([list(components(r)) for r in field]):
        if how == "none" or n == want:
            out.append(m)
        elif how == "neuberg":
            out.append(neuberg(m, n, want))
        else:
            out.append(Fraction(want - 1) if n == 1 else m * (want - 1) / (n - 1))
    return out


def _artificial_pct(award: Award, session_pct: Fraction | None, st: MatchpointSettings) -> Fraction:
    base = award_percent(award, st.avg_plus, st.avg, st.avg_minus)
    if isinstance(award, str) and st.session_rule and session_pct is not None:
        if award == "A+":
            return max(base, session_pct)
        if award == "A-":
            return min(base, session_pct)
    return base


# NS and EW matchpoints and percentages, as floats, and the matchpoints exactly.
Shown = tuple[float, float, float, float, tuple[int, int], tuple[int, int]]


def score_matchpoints(session: Session, settings: MatchpointSettings | None = None) -> SessionScores:
    """Score and rank a session by matchpoints."""
    import numpy as np

    st = settings or MatchpointSettings()
    by_board = session.by_board()
    expected = session.expected or max((len(rs) for rs in by_board.values()), default=1)
    directions = session.directions()
    unit = Fraction(1) if st.scale == "2/1/0" else Fraction(1, 2)
    u = float(unit)
    sums = PairSums(session.pairs)
    index = sums.index
    n_pairs = len(index)
    maxima = np.zeros(n_pairs, dtype=np.int64)
    counts = np.zeros(n_pairs, dtype=np.int64)
    played_top = np.zeros(n_pairs, dtype=np.int64)
    # First pass: each board's field results, factored, summed exactly per pair (whole
    # numerators over the board's denominator, in NumPy), and the figures to show.
    partial: list[tuple[int, int, list[BoardResult], list[Shown]]] = []
    for b, rs in by_board.items():
        field = [r for r in rs if r.kind != "artificial"]
        n = len(field)
        want = max(expected, len(rs))
        top = 2 * (want - 1) if st.factoring != "none" else 2 * (max(n, 1) - 1)
        everyone = np.array([index[p] for r in rs for p in (r.ns_pair, r.ew_pair)], dtype=np.int64)
        np.add.at(maxima, everyone, top)
        np.add.at(counts, everyone, 1)
        shown: list[Shown] = []
        if n and all(r.kind == "played" for r in field):
            nums, den = _factored([played_score(r) for r in field], want, st.factoring)
            ew_nums = top * den - nums
            ns_idx = np.array([index[r.ns_pair] for r in field], dtype=np.int64)
            ew_idx = np.array([index[r.ew_pair] for r in field], dtype=np.int64)
            sums.add_board(ns_idx, nums, den)
            sums.add_board(ew_idx, ew_nums, den)
            if top > 0:
                np.add.at(played_top, ns_idx, top)
                np.add.at(played_top, ew_idx, top)
                pcts = (100 * nums / (den * top), 100 * ew_nums / (den * top))
            else:
                pcts = (np.full(n, 50.0), np.full(n, 50.0))
            # Integer over integer in float64 is the exact value correctly rounded.
            d = den * unit.denominator
            shown = list(zip((nums / den * u).tolist(), (ew_nums / den * u).tolist(),
                             pcts[0].tolist(), pcts[1].tolist(),
                             [(x, d) for x in nums.tolist()], [(x, d) for x in ew_nums.tolist()],
                             strict=True))
        elif n:
            for r, m in zip(field, _factored_weighted(field, want, st.factoring), strict=True):
                sums.add(r.ns_pair, m)
                sums.add(r.ew_pair, top - m)
                if top > 0:
                    played_top[[index[r.ns_pair], index[r.ew_pair]]] += top
                shown.append((float(m * unit), float((top - m) * unit),
                              float(100 * m / top) if top > 0 else 50.0,
                              float(100 * (top - m) / top) if top > 0 else 50.0,
                              ratio(m * unit), ratio((top - m) * unit)))
        partial.append((b, top, rs, shown))
    # Second pass: artificial scores need each pair's session percentage on played boards.
    artificial = any(r.kind == "artificial" for r in session.results)
    played = sums.values() if artificial else {}
    tops = played_top.tolist()

    def pct_of(pair: str) -> Fraction | None:
        top = tops[index[pair]]
        return 100 * played[pair] / top if top else None

    boards: list[ScoredBoard] = []
    for b, top, rs, shown in partial:
        values = iter(shown)
        scored: list[ScoredResult] = []
        for r in rs:
            if r.kind != "artificial":
                ns, ew, ns_pct, ew_pct, ns_q, ew_q = next(values)
                scored.append(ScoredResult(r, ns, ew, ns_pct, ew_pct,
                                           "weighted" if r.kind == "weighted" else "", True,
                                           ns_q, ew_q))
                continue
            assert r.ns_award is not None and r.ew_award is not None
            ns_p = _artificial_pct(r.ns_award, pct_of(r.ns_pair), st)
            ew_p = _artificial_pct(r.ew_award, pct_of(r.ew_pair), st)
            ns_x, ew_x = ns_p * top / 100, ew_p * top / 100
            sums.add(r.ns_pair, ns_x)
            sums.add(r.ew_pair, ew_x)
            scored.append(ScoredResult(
                r, float(ns_x * unit), float(ew_x * unit),
                float(ns_p) if top > 0 else 50.0, float(ew_p) if top > 0 else 50.0,
                f"{award_text(r.ns_award)}/{award_text(r.ew_award)}", True,
                ratio(ns_x * unit), ratio(ew_x * unit)))
        boards.append(ScoredBoard(b, tuple(scored), top * u))
    totals = sums.values()
    n_results = counts.tolist()
    tops_all = maxima.tolist()
    pairs = []
    for p, i in index.items():
        total = totals[p] * unit
        pairs.append(PairScore(p, directions.get(p), float(total), n_results[i], tops_all[i] * u,
                               exact=total))
    registration = {p: pair.registration for p, pair in session.pairs.items()
                    if pair.registration is not None}
    ranked = rank(pairs, rule=st.ranking, registration=registration,
                  completion=st.completion, total_boards=session.total_boards)
    return SessionScores("mp", tuple(boards), tuple(ranked), session)
