"""Drawing for people: the seeds' score tables (:mod:`bridgescore.scoring.score_tables`) as
terminal text, CSV, JSON or printable HTML (here); a session's result pages
(``session_pages``), movement cards, hand records and game records, the scorepad, and PDF.

>>> print(render_table("penalty", "csv").splitlines()[1])
1,50,100,200,100,200,400
>>> import json
>>> json.loads(render_table("imp", "json", "zh"))["bands"][-1]
{'low': 4000, 'high': None, 'imps': 24}

Rich and Jinja2 are imported only by the format that needs them.

Imports: core, scoring, deals, home, sessions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from ..core.errors import BridgeError
from ..core.i18n import LANGS, Lang, check_lang
from ..scoring.imps import ImpScale
from ..scoring.score_tables import TABLE_KINDS, Table, VpTable, make_table
from ..scoring.vp import VpScale

__all__ = [
    "FORMATS",
    "Format",
    "all_tables",
    "all_tables_html",
    "check_format",
    "render",
    "render_table",
    "write_file",
    "write_tables",
]

Format = Literal["text", "csv", "json", "html"]
FORMATS: tuple[Format, ...] = ("text", "csv", "json", "html")


def check_format(fmt: str) -> Format:
    key = fmt.strip().lower() if isinstance(fmt, str) else fmt
    for f in FORMATS:
        if key == f:
            return f
    raise BridgeError(
        f"unknown format {fmt!r}: expected text, csv, json or html",
        f"未知的格式 {fmt!r}：应为 text、csv、json 或 html",
    )


def render(table: Table, fmt: str, lang: Lang = "en", *, color: bool = False) -> str:
    """Render a table object in one format (``color`` only affects ``text``)."""
    fmt = check_format(fmt)
    lang = check_lang(lang)
    if fmt == "text":
        from .text import render_text

        return render_text(table, lang, color=color)
    if fmt == "csv":
        from .csv import render_csv

        return render_csv(table, lang)
    if fmt == "json":
        from .json import render_json

        return render_json(table, lang)
    from .html import render_html

    return render_html([table], lang)


def render_table(
    kind: Literal["score", "penalty", "imp", "vp"],
    fmt: Literal["text", "csv", "json", "html"],
    lang: Lang = "en",
    *,
    boards: int | None = None,
    imp_scale: str | ImpScale = "wbf",
    vp_scale: str | VpScale = "wbf",
    color: bool = False,
) -> str:
    """One table in one format and language; ``boards`` is required for the VP table."""
    check_format(fmt)  # before the (slower) table, so a typo is reported at once
    return render(
        make_table(kind, boards=boards, imp_scale=imp_scale, vp_scale=vp_scale),
        fmt, lang, color=color,
    )


def all_tables(
    boards: int = 16, imp_scale: str | ImpScale = "wbf", vp_scale: str | VpScale = "wbf"
) -> list[Table]:
    """The four tables in the order the seeds print them (score, penalties, IMPs) plus VPs."""
    return [make_table(k, boards=boards, imp_scale=imp_scale, vp_scale=vp_scale)
            for k in TABLE_KINDS]


def all_tables_html(
    lang: Lang = "en",
    *,
    boards: int = 16,
    imp_scale: str | ImpScale = "wbf",
    vp_scale: str | VpScale = "wbf",
) -> str:
    """One printable A4 document with all four tables, each starting on a new page."""
    from .html import render_html

    return render_html(all_tables(boards, imp_scale, vp_scale), check_lang(lang))


def _file_stem(table: Table) -> str:
    return f"vp-{table.boards}" if isinstance(table, VpTable) else table.kind


def write_file(path: str | Path, text: str, fmt: str) -> Path:
    """Write rendered output; CSV gets a byte-order mark so spreadsheet programs read the
    Chinese correctly (Python's ``utf-8-sig`` and most CSV readers skip it)."""
    p = Path(path)
    if not text.endswith("\n"):
        text += "\n"
    p.write_text(text, encoding="utf-8-sig" if fmt == "csv" else "utf-8", newline="")
    return p


def write_tables(
    directory: str | Path,
    lang: Lang = "en",
    *,
    boards: int = 16,
    imp_scale: str | ImpScale = "wbf",
    vp_scale: str | VpScale = "wbf",
) -> list[Path]:
    """Write every table into ``directory``: HTML in both languages, CSV and JSON in ``lang``,
    and ``tables.en.html``/``tables.zh.html`` with all four tables for printing.

    Returns the paths written, in a stable order.
    """
    lang = check_lang(lang)
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    tables = all_tables(boards, imp_scale, vp_scale)
    written = [
        write_file(out / f"tables.{code}.html",
                   all_tables_html(code, boards=boards, imp_scale=imp_scale, vp_scale=vp_scale),
                   "html")
        for code in LANGS
    ]
    for table in tables:
        stem = _file_stem(table)
        for code in LANGS:
            written.append(write_file(out / f"{stem}.{code}.html", render(table, "html", code), "html"))
        for fmt in ("csv", "json"):
            written.append(write_file(out / f"{stem}.{fmt}", render(table, fmt, lang), fmt))
    return written
