"""CSV: a header row, then one row per table row; the same cells as every other format.

Numbers are written plainly (VPs with two decimals); the open end of the last IMP band is an
empty cell, so every column parses back as numbers.
"""

from __future__ import annotations

import csv
import io

from ..core.i18n import Lang
from ..scoring.score_tables import Cell, Table

__all__ = ["render_csv"]


def _cell(cell: Cell) -> str:
    if cell is None:
        return ""
    if isinstance(cell, float):
        return f"{cell:.2f}"
    return str(cell)


def render_csv(table: Table, lang: Lang = "en") -> str:
    out = io.StringIO()
    # "\n" line ends: the text is returned as a string; files are written in text mode.
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(table.headers(lang))
    writer.writerows([_cell(c) for c in row] for row in table.to_rows(lang))
    return out.getvalue()
