"""Terminal tables with Rich (imported here only, never at ``import bridgescore``)."""

from __future__ import annotations

import io

from rich import box
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from ..core.i18n import Lang
from ..scoring.score_tables import Cell, Table, display

__all__ = ["render_text", "rich_table", "suit_text"]

_SUIT_STYLES = {"♥": "bold red", "♦": "bold red", "♠": "bold", "♣": "bold"}


def suit_text(text: str) -> Text:
    """Text with the suit symbols coloured: red hearts and diamonds, as on the cards."""
    out = Text()
    for ch in text:
        out.append(ch, style=_SUIT_STYLES.get(ch, ""))
    return out


def _cell(cell: Cell, lang: Lang) -> Text:
    return suit_text(display(cell, lang)) if isinstance(cell, str) else Text(display(cell, lang))


def rich_table(table: Table, lang: Lang = "en") -> RichTable:
    """A Rich table; a group's label (``1♣ 1♦``) appears on its first row only."""
    out = RichTable(box=box.SIMPLE_HEAD, show_edge=False)
    sections = table.sections(lang)
    rows = [row for s in sections for row in s.rows]
    for i, header in enumerate(table.short_headers(lang)):
        # Labels read from the left, numbers line up on the right.
        labels = any(isinstance(row[i], str) for row in rows)
        out.add_column(header, justify="left" if labels else "right", no_wrap=True)
    for s_index, section in enumerate(sections):
        for r_index, row in enumerate(section.rows):
            cells = [_cell(c, lang) for c in row]
            if section.label is not None and r_index > 0:
                cells[0] = Text("")
            last = r_index == len(section.rows) - 1 and s_index < len(sections) - 1
            out.add_row(*cells, end_section=last and section.label is not None)
    return out


def render_text(table: Table, lang: Lang = "en", *, color: bool = False, width: int = 100) -> str:
    """The table as text; ``color`` adds ANSI colours (red ♥ ♦)."""
    buffer = io.StringIO()
    console = Console(
        file=buffer,
        width=width,
        color_system="standard" if color else None,
        force_terminal=color,
        highlight=False,
        emoji=False,
        legacy_windows=False,
    )
    console.print(Text(table.title(lang), style="bold"))
    sub = table.subtitle(lang)
    if sub:
        console.print(Text(sub, style="dim"))
    console.print(rich_table(table, lang))
    for note in table.notes(lang):
        console.print(suit_text(note))
    return buffer.getvalue()
