"""IMP pairs scoring: cross-IMPs, Butler, the online datum scoring of the seeds, total points.

**Cross-IMPs** (IMPs across the field): each NS score is IMPed against every other NS score on
the board.  ``form="sum"`` keeps the sum, ``"average"`` (default, as BBO and Magic Contest) divides
it by the number of comparisons, ``"factored"`` is the sum with each pair's session total
multiplied by (most boards played)/(boards it played).  Computed in O(24·n log n) per board,
not O(n²): IMPs are a step function of the difference, so Σ_j imps(s − t_j) is, for each of the
24 band thresholds, the weight of scores at least that far below s minus the weight at least
that far above — two binary searches per threshold over the sorted distinct scores.

>>> cross_imps([620, 170, 140, 140, -100]).tolist()
[42.0, -1.0, -5.0, -5.0, -31.0]
>>> [x / 4 for x in cross_imps([620, 170, 140, 140, -100]).tolist()]
[10.5, -0.25, -1.25, -1.25, -7.75]

**Butler**: each score IMPed against a datum, the mean NS score after dropping the highest and
lowest scores, rounded to 10.  How many to drop (``drop``): ``"auto"`` (default) drops nothing
from 3 or fewer results and otherwise ``ceil((n − 10)/15) + 1`` from each end (1 up to 10
results, 2 up to 25, 3 up to 40 …), a whole number drops that many, a fraction such as 0.1
drops that share (rounded down) of each end.  A datum ending in 5 (``rounding``): ``"up"``
(default: towards +∞, so −295 → −290 and 295 → 300), ``"away"`` from zero, or ``"even"``.

>>> butler_datum([-650, -170, -1440, 100, -170, -200])
-300
>>> butler_datum([650, 170, 200])
340

**Online** (seed 002, the platform's duplicate scoring): a Butler datum after dropping some
highest and lowest scores; while a board has fewer than 6 results they all score 0
(provisional); when the 6th arrives the first six are scored against the datum of those six,
and each later result against the datum of all results so far, including itself
(``rescore=True`` scores every result against the final datum instead).  A board is closed at
40 results: later results are reported as not counted.

**Total points**: the NS table score itself (EW the negation), summed.

At IMP scorings an artificial score is Average-plus +3 IMPs, Average 0, Average-minus −3 (Law
86A; settable), per comparison for cross-IMPs; a percentage award p gives ``(p − 50)·0.3``.
A weighted score is IMPed component by component and averaged by weight.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Literal

from ..errors import BridgeError
from ..imps import ImpScale, get_imp_scale
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
    "ImpSettings",
    "butler_datum",
    "butler_drop",
    "cross_imps",
    "cross_imps_pairwise",
    "round_datum",
    "score_imp_pairs",
    "score_session",
]

Method = Literal["ximp", "butler", "online", "total"]
Form = Literal["sum", "average", "factored"]
Rounding = Literal["up", "away", "even"]


@dataclass(frozen=True, slots=True)
class ImpSettings:
    form: Form = "average"  # cross-IMPs
    drop: str | int | float = "auto"  # Butler / online
    rounding: Rounding = "up"
    datum_round: int = 10  # 0: do not round the datum
    imp_scale: str = "wbf"
    avg_plus: float = 3.0
    avg_minus: float = -3.0
    provisional_below: int = 6  # online
    close_at: int = 40  # online
    rescore: bool = False  # online
    ranking: Rule = "shared"
    completion: float = 0.0

    def __post_init__(self) -> None:
        if self.form not in ("sum", "average", "factored"):
            raise BridgeError(f"unknown cross-IMP form {self.form!r}: expected sum, average or factored",
                              f"未知的 XIMP 形式 {self.form!r}：应为 sum、average 或 factored")
        if self.rounding not in ("up", "away", "even"):
            raise BridgeError(f"unknown datum rounding {self.rounding!r}: expected up, away or even",
                              f"未知的基准分舍入 {self.rounding!r}：应为 up、away 或 even")
        butler_drop(10, self.drop)


def cross_imps(
    scores: ArrayLike, weights: ArrayLike | None = None, scale: ImpScale | str = "wbf"
) -> NDArray[np.float64]:
    """Σ over the other scores of imps(s − t), for each score s; O(24·n log n).

    With ``weights``, the other score t counts with its weight (a weighted table's
    components); a score's comparison with itself is always 0 IMPs, so it needs no removal."""
    import numpy as np

    sc = get_imp_scale(scale) if isinstance(scale, str) else scale
    s = np.asarray(scores, dtype=np.float64)
    w = np.ones_like(s) if weights is None else np.asarray(weights, dtype=np.float64)
    # Table scores take few distinct values: work on those, then map back.
    values, inverse = np.unique(s, return_inverse=True)
    mass = np.bincount(inverse, weights=w, minlength=len(values))
    cum = np.concatenate(([0.0], np.cumsum(mass)))
    total = cum[-1]
    out = np.zeros(len(values))
    for t in sc.thresholds:
        # Others at least t below (imps(s - x) >= k) and at least t above (<= -k).
        out += cum[np.searchsorted(values, values - t, side="right")]
        out -= total - cum[np.searchsorted(values, values + t, side="left")]
    result: NDArray[np.float64] = out[inverse]
    return result


def cross_imps_pairwise(scores: Sequence[float], scale: ImpScale | str = "wbf") -> list[float]:
    """The definition, pair by pair: O(n²); the reference for tests and benchmarks."""
    sc = get_imp_scale(scale) if isinstance(scale, str) else scale
    return [float(sum(sc.imps(a - b) for j, b in enumerate(scores) if j != i))
            for i, a in enumerate(scores)]


def butler_drop(n: int, drop: str | int | float = "auto") -> int:
    """How many scores to drop from each end of ``n``."""
    if drop == "auto":
        return 0 if n <= 3 else math.ceil((n - 10) / 15) + 1
    if isinstance(drop, bool) or not isinstance(drop, int | float):
        raise BridgeError(
            f"invalid Butler drop {drop!r}: expected 'auto', a whole number or a fraction below 0.5",
            f"无效的去掉分数个数 {drop!r}：应为 'auto'、整数或小于 0.5 的比例",
        )
    if isinstance(drop, int):
        k = drop
    elif 0 <= drop < 0.5:
        k = math.floor(drop * n + 1e-9)
    else:
        raise BridgeError(
            f"invalid Butler drop {drop!r}: a fraction must be from 0 to below 0.5",
            f"无效的去掉比例 {drop!r}：比例应在 0 到 0.5 之间",
        )
    if k < 0:
        raise BridgeError(f"invalid Butler drop {drop!r}: cannot be negative",
                          f"无效的去掉分数个数 {drop!r}：不能为负")
    return k if 2 * k < n else max(0, (n - 1) // 2)


def round_datum(mean: float, step: int = 10, rounding: Rounding = "up") -> float:
    """Round a datum to ``step`` (10); how a 5 rounds is the ``rounding`` setting."""
    if step <= 0:
        return mean
    q = Decimal(repr(mean)) / step
    if rounding == "up":
        whole = math.floor(q + Decimal("0.5"))
    elif rounding == "away":
        whole = int(q.quantize(Decimal(1), rounding=ROUND_HALF_UP))
    else:
        whole = int(q.quantize(Decimal(1), rounding=ROUND_HALF_EVEN))
    return whole * step


def butler_datum(scores: Sequence[float] | ArrayLike, drop: str | int | float = "auto",
                 step: int = 10, rounding: Rounding = "up") -> float:
    import numpy as np

    s = np.sort(np.asarray(scores, dtype=np.float64))
    if len(s) == 0:
        return 0
    k = butler_drop(len(s), drop)
    kept = s[k:len(s) - k] if k else s
    d = round_datum(float(kept.sum()) / len(kept), step, rounding)
    return int(d) if d == int(d) else d


def _award_imps(a: Award, st: ImpSettings) -> float:
    if isinstance(a, str):
        return {"A+": st.avg_plus, "A": 0.0, "A-": st.avg_minus}[a]
    return (a - 50) * 0.3


def _field(rs: Sequence[BoardResult]) -> list[BoardResult]:
    return [r for r in rs if r.kind != "artificial"]


def _components(r: BoardResult) -> list[tuple[float, float]]:
    return [(1.0, float(played_score(r)))] if r.kind == "played" else list(r.weighted)


def _score_board(b: int, rs: list[BoardResult], method: Method, st: ImpSettings,
                 scale: ImpScale) -> ScoredBoard:
    import numpy as np

    field = _field(rs)
    n = len(field)
    ns: dict[int, float] = {}
    notes: dict[int, str] = {}
    datum: float | None = None
    provisional = False
    if method == "ximp" and n:
        comps = [_components(r) for r in field]
        s = np.array([c[1] for cs in comps for c in cs])
        w = np.array([c[0] for cs in comps for c in cs])
        per = cross_imps(s, w, scale)
        k = 0
        for r, cs in zip(field, comps, strict=True):
            value = 0.0
            for wa, a in cs:
                own = sum(wb * scale.imps(a - b) for wb, b in cs)  # own table's other components
                value += wa * (float(per[k]) - own)
                k += 1
            ns[id(r)] = value / (n - 1) if st.form == "average" and n > 1 else value
    elif method in ("butler", "online") and n:
        counted = field
        if method == "online" and n > st.close_at:
            counted = field[:st.close_at]
            for r in field[st.close_at:]:
                notes[id(r)] = "closed"
        plain = [float(played_score(r)) if r.kind == "played" else
                 sum(w * s for w, s in r.weighted) for r in counted]
        if method == "online" and len(counted) < st.provisional_below:
            provisional = True
            for r in counted:
                ns[id(r)] = 0.0
                notes[id(r)] = "provisional"
        else:
            datum = butler_datum(plain, st.drop, st.datum_round, st.rounding)
            for i, r in enumerate(counted):
                d = datum
                if method == "online" and not st.rescore:
                    upto = max(i + 1, st.provisional_below)
                    d = butler_datum(plain[:upto], st.drop, st.datum_round, st.rounding)
                ns[id(r)] = sum(w * scale.imps(s - d) for w, s in _components(r))
    elif method == "total":
        for r in field:
            ns[id(r)] = sum(w * s for w, s in _components(r))
    scored = []
    for r in rs:
        if id(r) in ns:
            v = ns[id(r)]
            note = notes.get(id(r), "weighted" if r.kind == "weighted" else "")
            scored.append(ScoredResult(r, round(v, 10), round(-v, 10) + 0.0, note=note))
        elif id(r) in notes:
            scored.append(ScoredResult(r, 0.0, 0.0, note=notes[id(r)], counted=False))
        else:
            assert r.ns_award is not None and r.ew_award is not None
            factor = (n if n > 0 else 1) if method == "ximp" and st.form != "average" else 1
            if method == "total":
                factor = 0  # no artificial swing at total points: the board counts as flat
            note = f"{r.ns_award if isinstance(r.ns_award, str) else f'{r.ns_award:g}%'}/" \
                   f"{r.ew_award if isinstance(r.ew_award, str) else f'{r.ew_award:g}%'}"
            scored.append(ScoredResult(r, _award_imps(r.ns_award, st) * factor,
                                       _award_imps(r.ew_award, st) * factor, note=note))
    return ScoredBoard(b, tuple(scored), None, datum, provisional)


def score_imp_pairs(session: Session, method: Method = "ximp",
                    settings: ImpSettings | None = None) -> SessionScores:
    """Score and rank a session by cross-IMPs, Butler, the online datum method or total points."""
    if method not in ("ximp", "butler", "online", "total"):
        raise BridgeError(f"unknown scoring {method!r}: expected ximp, butler, online or total",
                          f"未知的记分方法 {method!r}：应为 ximp、butler、online 或 total")
    st = settings or ImpSettings()
    scale = get_imp_scale(st.imp_scale)
    boards = [_score_board(b, rs, method, st, scale) for b, rs in session.by_board().items()]
    totals: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    for sb in boards:
        for s in sb.results:
            if not s.counted:
                continue
            totals[s.result.ns_pair] += s.ns
            totals[s.result.ew_pair] += s.ew
            counts[s.result.ns_pair] += 1
            counts[s.result.ew_pair] += 1
    if method == "ximp" and st.form == "factored" and counts:
        most = max(counts.values())
        totals = defaultdict(float, {p: v * most / counts[p] for p, v in totals.items()})
    directions = session.directions()
    pairs = [PairScore(p, directions.get(p), round(totals[p], 10) + 0.0, counts[p])
             for p in session.pairs]
    registration = {p: pair.registration for p, pair in session.pairs.items()
                    if pair.registration is not None}
    ranked = rank(pairs, rule=st.ranking, registration=registration,
                  completion=st.completion, total_boards=session.total_boards)
    return SessionScores(method, tuple(boards), tuple(ranked), session)


def score_session(
    session: Session,
    scoring: str = "mp",
    *,
    mp_scale: str = "2/1/0",
    factoring: str = "neuberg",
    form: str = "average",
    drop: str | int | float = "auto",
    ranking: str = "shared",
    completion: float = 0.0,
) -> SessionScores:
    """Score a session by name: ``mp``, ``ximp``, ``butler``, ``online`` or ``total``."""
    from .matchpoints import MatchpointSettings, score_matchpoints

    if scoring == "mp":
        return score_matchpoints(session, MatchpointSettings(
            scale=mp_scale, factoring=factoring, ranking=ranking,  # type: ignore[arg-type]
            completion=completion))
    return score_imp_pairs(session, scoring, ImpSettings(  # type: ignore[arg-type]
        form=form, drop=drop, ranking=ranking, completion=completion))  # type: ignore[arg-type]
