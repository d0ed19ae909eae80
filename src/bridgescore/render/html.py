"""Printable HTML (A4) with Jinja2; the templates are in ``bridgescore/templates``.

The page is meant to be printed: ``@page`` sets A4, each contract group of the score table is
one ``<tbody>`` that is kept on one page, the column headers repeat on every page, and each
table of a multi-table document starts on a new page.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.i18n import Lang, is_zh, pick
from ..scoring.score_tables import Table, display
from .templates import render_template, suits

__all__ = ["render_html", "suits"]


@dataclass(frozen=True, slots=True)
class HeaderCell:
    text: str
    colspan: int = 1
    rowspan: int = 1
    fold: bool = False


@dataclass(frozen=True, slots=True)
class BodyCell:
    text: str
    label: bool  # a row label (th) rather than a number (td)
    rowspan: int = 1
    fold: bool = False  # first cell of a later panel of a folded table (a rule on its left)


@dataclass(frozen=True, slots=True)
class TableView:
    """What the template needs for one table, already laid out."""

    kind: str
    title: str
    subtitle: str
    header_rows: tuple[tuple[HeaderCell, ...], ...]
    groups: tuple[tuple[tuple[BodyCell, ...], ...], ...]
    notes: tuple[str, ...]
    grouped: bool


def _header_rows(table: Table, lang: Lang) -> list[list[HeaderCell]]:
    groups = table.column_groups(lang)
    subs = table.sub_headers(lang)
    if all(not g.label for g in groups):
        return [[HeaderCell(h) for h in subs]]
    top: list[HeaderCell] = []
    bottom: list[HeaderCell] = []
    col = 0
    for g in groups:
        if not g.label:
            top.extend(HeaderCell(subs[col + k], rowspan=2) for k in range(g.span))
        else:
            top.append(HeaderCell(g.label, colspan=g.span))
            bottom.extend(HeaderCell(subs[col + k]) for k in range(g.span))
        col += g.span
    return [top, bottom]


# A long table of few columns (the VP table) is folded into side-by-side panels of at most
# this many rows, so that it fits on one A4 page.
FOLD_ROWS = 31


def _fold(
    header_rows: list[list[HeaderCell]], groups: list[list[list[BodyCell]]]
) -> tuple[list[list[HeaderCell]], list[list[list[BodyCell]]]]:
    rows = [row for g in groups for row in g]
    if len(header_rows) != 1 or len(header_rows[0]) > 3 or len(rows) <= FOLD_ROWS:
        return header_rows, groups
    panels = -(-len(rows) // FOLD_ROWS)
    height = -(-len(rows) // panels)
    width = len(header_rows[0])
    folded: list[list[BodyCell]] = []
    for i in range(height):
        line: list[BodyCell] = []
        for p in range(panels):
            k = p * height + i
            cells = rows[k] if k < len(rows) else [BodyCell("", False)] * width
            if p:
                cells = [BodyCell(cells[0].text, cells[0].label, fold=True), *cells[1:]]
            line.extend(cells)
        folded.append(line)
    headers = [HeaderCell(h.text, fold=p > 0 and i == 0)
               for p in range(panels) for i, h in enumerate(header_rows[0])]
    return [headers], [folded]


def _view(table: Table, lang: Lang) -> TableView:
    groups: list[list[list[BodyCell]]] = []
    grouped = False
    for section in table.sections(lang):
        rows: list[list[BodyCell]] = []
        for i, row in enumerate(section.rows):
            cells = [BodyCell(display(c, lang), isinstance(c, str)) for c in row]
            if section.label is not None:
                # The group label is printed once, spanning the group's rows, as in the seed.
                grouped = True
                cells = ([BodyCell(section.label, True, len(section.rows))] if i == 0 else []) + cells[1:]
            rows.append(cells)
        groups.append(rows)
    header_rows, groups = _fold(_header_rows(table, lang), groups)
    return TableView(
        kind=table.kind,
        title=table.title(lang),
        subtitle=table.subtitle(lang),
        header_rows=tuple(tuple(r) for r in header_rows),
        groups=tuple(tuple(tuple(row) for row in g) for g in groups),
        notes=tuple(table.notes(lang)),
        grouped=grouped,
    )


def render_html(tables: list[Table], lang: Lang = "en", title: str | None = None) -> str:
    """One HTML document holding ``tables``, each starting on a new printed page."""
    views = [_view(t, lang) for t in tables]
    if title is None:
        title = views[0].title if len(views) == 1 else pick(lang, "Bridge scoring tables", "桥牌记分表")
    return render_template(
        "print_tables.html",
        lang=lang,
        html_lang="zh-Hans" if is_zh(lang) else "en",
        title=title,
        tables=views,
        generator=pick(lang, "Computed by bridgescore from the Laws of Duplicate Bridge.",
                       "由 bridgescore 按《复式桥牌竞赛规则》计算。"),
    )
