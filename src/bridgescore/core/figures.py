"""Numbers as they leave the library: JSON values and figures in tables and pages.

Scores are computed exactly (whole numbers, or fractions where Neuberg or a weighted score
divides); they are rounded only here, for display, and always **half up** as the custom is
(28.125% is shown 28.13, never the banker's 28.12), whether the value arrives as a
``Fraction`` or as a float (read as the decimal it prints as).

>>> fixed(28.125), fixed(Fraction(225, 8)), fixed(-0.125), fixed(2, 0)
('28.13', '28.13', '-0.13', '2')
>>> json_number(Fraction(49, 5)), json_number(12.0), json_number(Fraction(1, 3))
(9.8, 12, 0.33)
>>> column([10.5, 12, None]), column([3, 4.0])
(['10.50', '12.00', ''], ['3', '4'])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

__all__ = ["column", "fixed", "half_up", "json_number", "runs"]

Number = int | float | Fraction


def half_up(x: Number, places: int = 2) -> Decimal:
    """``x`` rounded to ``places`` decimals, halves away from zero (exact for a Fraction; a
    float is read as its shortest repr, the decimal it was computed to be)."""
    q = (Fraction(x) if not isinstance(x, float) else Fraction(repr(x))) * 10**places
    whole = math.floor(abs(q) + Fraction(1, 2))
    return Decimal(-whole if q < 0 else whole).scaleb(-places)


def fixed(x: Number, places: int = 2) -> str:
    """``x`` with exactly ``places`` decimals, rounded half up."""
    d = half_up(x, places)
    return f"{d:.{places}f}" if d else f"{0:.{places}f}"  # never "-0.00"


def json_number(x: Number, places: int = 2) -> int | float:
    """A JSON value: whole numbers as ints, the rest rounded half up to ``places`` decimals."""
    d = half_up(x, places)
    return int(d) if d == d.to_integral_value() else float(d)


def column(values: Sequence[Number | None], places: int = 2) -> list[str]:
    """One format down a column: whole numbers while every value is whole (to ``places``
    decimals), else ``places`` decimals throughout (10.67 and 12.00, never 10.67 and 12)."""
    rounded = [None if v is None else half_up(v, places) for v in values]
    whole = all(d is None or d == d.to_integral_value() for d in rounded)
    return ["" if d is None else f"{d:.0f}" if whole else f"{d:.{places}f}" for d in rounded]


def runs(numbers: Sequence[int]) -> list[str]:
    """Runs of consecutive numbers, in the order given: ``[1, 2, 3, 5]`` → ``['1-3', '5']``."""
    out: list[str] = []
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        out.append(str(numbers[i]) if i == j else f"{numbers[i]}-{numbers[j]}")
        i = j + 1
    return out
