"""Adjusted scores as every scoring method reads them: the components of a table result, an
artificial award in IMPs, as a percentage of the board, and as text.

One place for each conversion, so that matchpoints, IMP pairs, team matches and the files
all agree.

* ``components(r)``: a played result is one component ``(1, NS score)``; a weighted assigned
  score (Law 12C1(c)) is its ``(weight, NS score)`` pairs.  Weights are exact fractions
  (``0.6`` is 3/5), so weighted scores add up without binary noise.
* ``award_imps(a)``: Average-plus +3 IMPs, Average 0, Average-minus −3 (Law 86A; the
  organiser may change ±3), and a percentage award ``p`` gives ``(p − 50)·3/10`` so that 60%
  is worth what Average-plus is.
* ``award_percent(a)``: 60/50/40% for A+/A/A−; a percentage as given.

>>> components(BoardResult(1, "1", "2", score=420))
((Fraction(1, 1), 420),)
>>> award_imps("A+"), award_imps(55.0), award_text(55.0), award_text("A-")
(Fraction(3, 1), Fraction(3, 2), '55%', 'A-')
"""

from __future__ import annotations

from fractions import Fraction

from ..scoring.exact import exact
from .model import Award, BoardResult, played_score

__all__ = ["award_imps", "award_percent", "award_text", "components"]


def components(r: BoardResult) -> tuple[tuple[Fraction, int], ...]:
    """``((1, score),)`` for a played result, the weighted score's parts for a weighted one."""
    if r.kind == "weighted":
        return tuple((exact(w), s) for w, s in r.weighted)
    return ((Fraction(1), played_score(r)),)


def award_imps(a: Award, avg_plus: float | Fraction = 3, avg_minus: float | Fraction = -3) -> Fraction:
    """An artificial award in IMPs for the side that gets it."""
    if isinstance(a, str):
        return {"A+": exact(avg_plus), "A": Fraction(0), "A-": exact(avg_minus)}[a]
    return (exact(a) - 50) * Fraction(3, 10)


def award_percent(a: Award, avg_plus: float | Fraction = 60, avg: float | Fraction = 50,
                  avg_minus: float | Fraction = 40) -> Fraction:
    """An artificial award as a percentage of the board."""
    if isinstance(a, str):
        return {"A+": exact(avg_plus), "A": exact(avg), "A-": exact(avg_minus)}[a]
    return exact(a)


def award_text(a: Award | None) -> str:
    """``A+``, ``A``, ``A-`` or ``55%`` (empty for no award)."""
    return "" if a is None else a if isinstance(a, str) else f"{a:g}%"
