"""Splitting the lines of a results CSV file whatever separator the director typed: the
comma, the full-width comma of a Chinese keyboard (，), the semicolon of a European
spreadsheet (; or ；) or a tab.  The header line decides; data lines then use the same.

>>> d = delimiter("副号，桌号，南北，东西")
>>> d, split("1，2，3，4", d)
(',', ['1', '2', '3', '4'])
>>> split("1;2;\\"a;b\\"", delimiter("board;table;ns"))
['1', '2', 'a;b']
>>> split("1\\t2", delimiter("board\\ttable"))
['1', '2']
"""

from __future__ import annotations

import csv

__all__ = ["delimiter", "split"]

# Each separator and its full-width twin; the half-width one is what csv reads.
_FAMILIES = ((",", "，"), (";", "；"), ("\t",))


def delimiter(header: str) -> str:
    """The separator of a header line: the one it uses most (the comma when it uses none)."""
    counts = [(sum(header.count(c) for c in fam), -i, fam[0])
              for i, fam in enumerate(_FAMILIES)]
    best = max(counts)
    return best[2] if best[0] else ","


def split(line: str, sep: str) -> list[str]:
    """The cells of ``line``, separated by ``sep`` or its full-width twin.

    Raises ``csv.Error`` for a line csv cannot read (the callers name the file and line)."""
    for fam in _FAMILIES:
        if fam[0] == sep:
            for twin in fam[1:]:
                line = line.replace(twin, sep)
    return next(csv.reader([line], delimiter=sep))
