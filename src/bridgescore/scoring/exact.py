"""Exact arithmetic for scores: decimals read as written, and fast exact sums.

Matchpoints after Neuberg, cross-IMP averages and weighted scores are fractions.  Places are
decided by comparing them exactly, so they are kept as ``Fraction`` (or whole numbers) until
they are shown; ``figures`` rounds them for display.

>>> exact(0.6), exact(55.0), exact(3)
(Fraction(3, 5), Fraction(55, 1), Fraction(3, 1))
>>> s = ExactSums()
>>> s.add("1", 49, 5); s.add("1", 37, 5); s.add("1", 2)
>>> s.value("1"), s.value("2")
(Fraction(96, 5), Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

__all__ = ["ExactSums", "PairSums", "exact", "plain"]


def exact(x: float | int | Fraction) -> Fraction:
    """``x`` as the decimal it was written as: ``0.6`` is 3/5, not the nearest binary float.

    Settings and weights come from text (``60%``, ``0.6``); their shortest repr is that text.
    """
    if isinstance(x, Fraction):
        return x
    if isinstance(x, int):
        return Fraction(x)
    return Fraction(repr(float(x)))


def plain(x: Fraction | int) -> int | float:
    """An exact value as the number shown: an int when whole, else the nearest float."""
    if isinstance(x, int):
        return x
    return int(x) if x.denominator == 1 else float(x)


class ExactSums:
    """Exact sums by key (a pair's total), kept as whole numerators per denominator.

    A session's scores share few denominators (the boards' numbers of results), so adding a
    score is one integer addition rather than a ``Fraction`` sum with its gcd: the hot loop of
    a 36,000-result session stays as fast as with floats.
    """

    __slots__ = ("_parts",)

    def __init__(self) -> None:
        self._parts: dict[str, dict[int, int]] = {}

    def add(self, key: str, num: int, den: int = 1) -> None:
        parts = self._parts.get(key)
        if parts is None:
            parts = self._parts[key] = {}
        parts[den] = parts.get(den, 0) + num

    def add_fraction(self, key: str, value: Fraction | int) -> None:
        f = Fraction(value)
        self.add(key, f.numerator, f.denominator)

    def value(self, key: str) -> Fraction:
        return sum((Fraction(n, d) for d, n in self._parts.get(key, {}).items()), Fraction(0))

    def __contains__(self, key: object) -> bool:
        return key in self._parts


class PairSums:
    """Exact totals for a session's pairs, added a board at a time.

    A board's scores share one denominator (its number of results, or 1), so they are added
    as whole numerators in NumPy int64, one array per denominator; the rare odd value (an
    artificial or weighted score) goes to an ``ExactSums``.  ``value(pair)`` is exact.
    """

    def __init__(self, pairs: Iterable[str]) -> None:
        self.index = {p: i for i, p in enumerate(pairs)}
        self._by_den: dict[int, Any] = {}
        self._odd = ExactSums()

    def add_board(self, idx: Any, nums: Any, den: int = 1) -> None:
        """Add ``nums[k]/den`` to pair number ``idx[k]`` (NumPy integer arrays)."""
        import numpy as np

        arr = self._by_den.get(den)
        if arr is None:
            arr = self._by_den[den] = np.zeros(len(self.index), dtype=np.int64)
        np.add.at(arr, idx, nums)

    def add(self, pair: str, value: Fraction | int) -> None:
        self._odd.add_fraction(pair, value)

    def values(self) -> dict[str, Fraction]:
        """Every pair's exact total."""
        columns = {den: arr.tolist() for den, arr in self._by_den.items()}
        out: dict[str, Fraction] = {}
        for p, i in self.index.items():
            total = Fraction(sum(col[i] for den, col in columns.items() if den == 1))
            for den, col in columns.items():
                if den != 1 and col[i]:
                    total += Fraction(col[i], den)
            out[p] = total + self._odd.value(p) if p in self._odd else total
        return out
