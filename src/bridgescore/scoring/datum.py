"""The datum and IMPs across the field: the arithmetic every IMP scoring of pairs shares (the
sessions' cross-IMPs and Butler, the pool's online datum, the Rate's board expectation).

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
drops that share (rounded down) of each end.  The mean is exact (a fraction); a datum ending in
5 is rounded by ``rounding``: ``"away"`` from zero (default, as Compscore does: −295 → −300
and 295 → 300, the same for NS and EW), ``"even"`` (ACBLscore: 425 → 420, 435 → 440) or
``"up"`` towards +∞ (the JavaScript ``Math.round`` of bridge-scorer: −295 → −290).

>>> butler_datum([-650, -170, -1440, 100, -170, -200])
-300
>>> butler_datum([650, 170, 200])
340
>>> butler_datum([-300, -290]), butler_datum([-300, -290], rounding="up")
(-300, -290)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from ..core.errors import BridgeError
from .exact import exact
from .imps import ImpScale, get_imp_scale

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike, NDArray

__all__ = [
    "ROUNDINGS",
    "DatumSteps",
    "Rounding",
    "butler_datum",
    "butler_drop",
    "check_rounding",
    "cross_imps",
    "cross_imps_pairwise",
    "datum_steps",
    "imps_of",
    "round_datum",
]

Rounding = Literal["up", "away", "even"]
ROUNDINGS: tuple[Rounding, ...] = ("away", "even", "up")


def check_rounding(rounding: object) -> None:
    if rounding not in ROUNDINGS:
        raise BridgeError(f"unknown datum rounding {rounding!r}: expected away, even or up",
                          f"未知的基准分舍入 {rounding!r}：应为 away（远离零）、even（取偶）或 up（向上）")


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
        # ceil((n − 10)/15) + 1 in whole numbers: 1 up to 10 results, 2 up to 25, 3 up to 40.
        return 0 if n <= 3 else -((10 - n) // 15) + 1
    if isinstance(drop, bool) or not isinstance(drop, int | float):
        raise BridgeError(
            f"invalid Butler drop {drop!r}: expected 'auto', a whole number or a fraction below 0.5",
            f"无效的去掉分数个数 {drop!r}：应为 'auto'、整数或小于 0.5 的比例",
        )
    if isinstance(drop, int):
        k = drop
    elif 0 <= drop < 0.5:
        k = math.floor(exact(drop) * n)
    else:
        raise BridgeError(
            f"invalid Butler drop {drop!r}: a fraction must be from 0 to below 0.5",
            f"无效的去掉比例 {drop!r}：比例应在 0 到 0.5 之间",
        )
    if k < 0:
        raise BridgeError(f"invalid Butler drop {drop!r}: cannot be negative",
                          f"无效的去掉分数个数 {drop!r}：不能为负")
    return k if 2 * k < n else max(0, (n - 1) // 2)


def round_datum(mean: float | Fraction, step: int = 10, rounding: Rounding = "away") -> int | Fraction:
    """Round a datum to ``step`` (10), exactly; how a 5 rounds is the ``rounding`` setting."""
    check_rounding(rounding)
    if step <= 0:
        return exact(mean)
    q = exact(mean) / step
    if rounding == "up":
        whole = math.floor(q + Fraction(1, 2))
    elif rounding == "away":
        whole = math.floor(abs(q) + Fraction(1, 2)) * (1 if q >= 0 else -1)
    else:
        whole = round(q)  # Fraction rounds half to even, exactly
    return whole * step


def _values(scores: Iterable[float | Fraction] | ArrayLike) -> list[int | Fraction]:
    items: Iterable[Any] = scores.tolist() if hasattr(scores, "tolist") else scores  # type: ignore[assignment]
    # Table scores are whole numbers: they stay ints (fast); anything else becomes exact.
    return [x if type(x) is int else exact(x) for x in items]


def butler_datum(scores: Iterable[float | Fraction] | ArrayLike, drop: str | int | float = "auto",
                 step: int = 10, rounding: Rounding = "away") -> int | Fraction:
    """The datum: the exact mean of the scores left after dropping ``butler_drop`` from each
    end, rounded to ``step``."""
    s = sorted(_values(scores))
    if not s:
        return 0
    k = butler_drop(len(s), drop)
    kept = s[k:len(s) - k] if k else s
    return _rounded_mean(kept, step, rounding)


def _rounded_mean(kept: Sequence[int | Fraction], step: int, rounding: Rounding) -> int | Fraction:
    d = round_datum(Fraction(sum(kept)) / len(kept), step, rounding)
    return d.numerator if isinstance(d, Fraction) and d.denominator == 1 else d


@dataclass(frozen=True, slots=True)
class DatumSteps:
    """How a Butler datum is made, step by step, for a page to show (``datum_steps``): the
    scores in order, how many are dropped from each end, those kept, their sum and count,
    their exact mean, and the datum (that mean rounded to ``step``; 0 with no scores)."""

    ordered: tuple[int | Fraction, ...]
    dropped: int
    kept: tuple[int | Fraction, ...]
    total: int | Fraction
    count: int
    mean: Fraction | None
    step: int
    datum: int | Fraction


def datum_steps(scores: Iterable[float | Fraction] | ArrayLike, drop: str | int | float = "auto",
                step: int = 10, rounding: Rounding = "away") -> DatumSteps:
    """``butler_datum``'s arithmetic, step by step: a page that explains a datum shows these
    rather than working it out again, so what it explains is the datum that was used.

    >>> st = datum_steps([420, 450, -50, 170, 400, 420])
    >>> st.ordered, st.dropped, st.kept, st.total, st.count, st.mean, st.datum
    ((-50, 170, 400, 420, 420, 450), 1, (170, 400, 420, 420), 1410, 4, Fraction(705, 2), 350)
    """
    ordered = sorted(_values(scores))
    if not ordered:
        return DatumSteps((), 0, (), 0, 0, None, step, 0)
    k = butler_drop(len(ordered), drop)
    kept = ordered[k:len(ordered) - k] if k else ordered
    total = sum(kept)
    return DatumSteps(tuple(ordered), k, tuple(kept), total, len(kept),
                      Fraction(total) / len(kept), step, _rounded_mean(kept, step, rounding))


def imps_of(scale: ImpScale, difference: int | Fraction) -> int:
    """The IMPs of a score difference that may be a fraction (against an unrounded datum)."""
    if isinstance(difference, int):
        return scale.imps(difference)
    # IMP bands start at whole numbers of points, so a fractional difference (an unrounded
    # datum) reaches the same band as its whole part towards zero.
    whole = math.floor(abs(difference))
    return scale.imps(whole if difference > 0 else -whole)
