"""PBN 2.1 games as read: tag pairs, their sections and tables, and the text helpers
(escapes, comments, column headers) the reader and writer share.

A :class:`PbnGame` keeps every line as it was written, so a game that is not modified is
written back exactly; :mod:`bridgescore.formats.pbn` reads and writes them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import overload

from ..core.errors import FileFormatError

__all__ = [
    "PbnColumn",
    "PbnGame",
    "PbnRow",
    "PbnSectionLine",
    "PbnTable",
    "PbnTag",
    "escape",
    "parse_columns",
    "strip_comments",
    "unescape",
    "unquote",
]

_TAG_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_COLUMN_RE = re.compile(r"([+-]?)([A-Za-z0-9_]+)(?:\\(\d+)([LR]?))?")
_UNESCAPE_RE = re.compile(r'\\([\\"])')
_ESCAPE_RE = re.compile(r'\\(?=[\\"]|$)')
_TOKEN_RE = re.compile(r'"(?:[^"\\]|\\.)*"|\S+')


@dataclass(frozen=True, slots=True)
class PbnSectionLine:
    """One line of a tag's section: its number, the text as written (``None`` when the data
    sits on the tag's own line) and the data with comments removed."""

    line: int
    raw: str | None
    data: str

    @property
    def tokens(self) -> list[str]:
        return _TOKEN_RE.findall(self.data)


@dataclass(frozen=True, slots=True)
class PbnColumn:
    """A column of a PBN table: ``Rank\\2R`` is name ``Rank``, width 2, right-aligned."""

    name: str
    width: int | None = None
    align: str = "L"
    order: str = ""  # "+" ascending, "-" descending, "" unsorted

    def header(self) -> str:
        width = f"\\{self.width}{self.align if self.align != 'L' or self.width else ''}" if self.width else ""
        return f"{self.order}{self.name}{width}"


@dataclass(frozen=True, slots=True)
class PbnRow:
    line: int
    cells: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PbnTable:
    columns: tuple[PbnColumn, ...]
    rows: tuple[PbnRow, ...]

    def index(self, name: str) -> int | None:
        low = name.lower()
        for i, col in enumerate(self.columns):
            if col.name.lower() == low:
                return i
        return None

    def dicts(self) -> list[dict[str, str]]:
        """Rows as ``{column: cell}`` with quotes removed; missing cells are absent."""
        names = [c.name for c in self.columns]
        return [
            {n: unquote(c) for n, c in zip(names, row.cells, strict=False)} for row in self.rows
        ]


@dataclass(frozen=True, slots=True)
class PbnTag:
    """A tag pair and the section that follows it."""

    name: str
    value: str  # resolved: "#" is replaced by the previous game's value
    line: int
    raw_value: str  # as written, escapes kept
    section: tuple[PbnSectionLine, ...] = ()
    source: str | None = None  # the tag's line exactly as read; None once modified
    tail: str = ""  # what followed the closing bracket on the tag's line

    @property
    def data_lines(self) -> list[PbnSectionLine]:
        return [s for s in self.section if s.data.strip()]

    @property
    def tokens(self) -> list[tuple[str, int]]:
        """Every data token of the section with its line number (comments removed)."""
        return [(tok, s.line) for s in self.section for tok in s.tokens]

    @property
    def columns(self) -> tuple[PbnColumn, ...]:
        """The column header of a table tag, parsed from the tag's value."""
        return parse_columns(self.value)

    def table(self) -> PbnTable:
        cols = self.columns
        rows = tuple(PbnRow(s.line, tuple(s.tokens)) for s in self.data_lines)
        return PbnTable(cols, rows)

    def text(self) -> str:
        return f'[{self.name} "{self.raw_value}"]{self.tail}'


class PbnGame:
    """One game: its tags in order, with their sections; ``preamble`` holds lines (comments,
    ``%`` directives, blank lines) that came before its first tag.

    Games read from clean text keep their tags as the strings the reader found; the
    :class:`PbnTag` objects are built the first time ``tags`` is used (reading a file and
    turning its games into records never needs them)."""

    __slots__ = ("_chunks", "_names", "_raw_values", "_tags", "_values", "errors", "line",
                 "preamble", "terminated", "trailer")

    def __init__(
        self,
        tags: list[PbnTag] | None = None,
        line: int = 0,
        preamble: list[str] | None = None,
        errors: list[FileFormatError] | None = None,
        terminated: bool = True,  # followed by a blank line in the source
        trailer: list[str] | None = None,  # lines after the last game of a file
    ) -> None:
        self._tags: list[PbnTag] | None = [] if tags is None else tags
        # Tags read by the fast path, as its regex found them, when _tags is None: names,
        # values as written, values resolved (None when the same) and sections (whole lines,
        # each ending in a newline, with no comments).  The fast path takes only tags written
        # ``[Name "value"]`` alone on their line, so the lines are known from these.
        self._names: list[str] = []
        self._raw_values: list[str] = []
        self._values: list[str] | None = None
        self._chunks: list[str] = []
        self.line = line
        self.preamble: list[str] = [] if preamble is None else preamble
        self.errors: list[FileFormatError] = [] if errors is None else errors
        self.terminated = terminated
        self.trailer: list[str] = [] if trailer is None else trailer

    @property
    def tags(self) -> list[PbnTag]:
        tags = self._tags
        if tags is None:
            tags = self._tags = self._build_tags()
        return tags

    @tags.setter
    def tags(self, tags: list[PbnTag]) -> None:
        self._tags = tags
        self._names, self._raw_values, self._values, self._chunks = [], [], None, []

    def _build_tags(self) -> list[PbnTag]:
        values = self._raw_values if self._values is None else self._values
        out = []
        number = self.line
        for name, raw_value, value, chunk in zip(self._names, self._raw_values, values,
                                                 self._chunks, strict=True):
            rows = chunk.split("\n")
            rows.pop()  # the chunk ends with a newline
            section = tuple(PbnSectionLine(number + k, r, r) for k, r in enumerate(rows, 1))
            out.append(PbnTag(name, value, number, raw_value, section, f'[{name} "{raw_value}"]'))
            number += 1 + len(rows)
        return out

    def _has_tags(self) -> bool:
        return bool(self._names) if self._tags is None else bool(self._tags)

    def _key(self) -> tuple[object, ...]:
        return (self.tags, self.line, self.preamble, self.errors, self.terminated, self.trailer)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, PbnGame)
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dataclass it replaces

    def __repr__(self) -> str:
        return (f"PbnGame(tags={self.tags!r}, line={self.line!r}, preamble={self.preamble!r}, "
                f"errors={self.errors!r}, terminated={self.terminated!r}, trailer={self.trailer!r})")

    def get(self, name: str) -> PbnTag | None:
        low = name.lower()
        for t in self.tags:
            if t.name.lower() == low:
                return t
        return None

    @overload
    def tag(self, name: str) -> str | None: ...
    @overload
    def tag(self, name: str, default: str) -> str: ...
    @overload
    def tag(self, name: str, default: str | None) -> str | None: ...

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of a tag (case-insensitive name), or ``default``."""
        if self._tags is None:
            low = name.lower()
            for i, n in enumerate(self._names):
                if n.lower() == low:
                    return (self._raw_values if self._values is None else self._values)[i]
            return default
        t = self.get(name)
        return default if t is None else t.value

    def section(self, name: str) -> list[PbnSectionLine]:
        t = self.get(name)
        return [] if t is None else list(t.section)

    def table(self, name: str) -> PbnTable | None:
        t = self.get(name)
        return None if t is None else t.table()

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    def names(self) -> list[str]:
        if self._tags is None:
            return list(self._names)
        return [t.name for t in self.tags]

    def set_tag(self, name: str, value: str, section: Sequence[str] | None = None) -> None:
        """Replace (or append) a tag; ``section`` replaces its section lines when given."""
        new_section = (
            tuple(PbnSectionLine(0, s, strip_comments(s)) for s in section)
            if section is not None
            else None
        )
        tags = self.tags
        for i, t in enumerate(tags):
            if t.name.lower() == name.lower():
                tags[i] = replace(
                    t, value=value, raw_value=escape(value), source=None, tail="",
                    section=new_section if new_section is not None else
                    tuple(s for s in t.section if s.raw is not None),
                )
                return
        tags.append(PbnTag(name, value, 0, escape(value), new_section or (), None))

    def lines(self) -> list[str]:
        out = list(self.preamble)
        if self._tags is None:
            for name, raw_value, chunk in zip(self._names, self._raw_values, self._chunks,
                                              strict=True):
                out.append(f'[{name} "{raw_value}"]')
                if chunk:
                    out.extend(chunk[:-1].split("\n"))
            return out
        modified = False
        for t in self.tags:
            if t.source == "" and not modified:
                pass  # written on the line of the tag before it
            else:
                out.append(t.source if t.source else t.text())
            modified = t.source is None
            out.extend(s.raw for s in t.section if s.raw is not None)
        return out


def escape(value: str) -> str:
    """The inverse of :func:`unescape`; a lone backslash stays as it is."""
    return _ESCAPE_RE.sub(r"\\\\", value).replace('"', '\\"')


def unescape(value: str) -> str:
    # PBN escapes only the quote and the backslash; other backslashes (as in table column
    # headers like ``Rank\2R``) are literal.
    return _UNESCAPE_RE.sub(r"\1", value) if "\\" in value else value


def unquote(cell: str) -> str:
    if len(cell) >= 2 and cell[0] == '"' and cell[-1] == '"':
        return unescape(cell[1:-1])
    return cell


def parse_columns(value: str) -> tuple[PbnColumn, ...]:
    cols = []
    for part in value.split(";"):
        part = part.strip()
        m = _COLUMN_RE.fullmatch(part)
        if m is None:
            if part:
                cols.append(PbnColumn(part))
            continue
        cols.append(PbnColumn(m[2], int(m[3]) if m[3] else None, m[4] or "L", m[1]))
    return tuple(cols)


def strip_comments(text: str) -> str:
    """A line without its ``;`` and one-line ``{…}`` comments (for section data)."""
    if "{" not in text and ";" not in text:
        return text
    out, _, _ = _scan_comments(text, False)
    return out


def _scan_comments(text: str, in_brace: bool) -> tuple[str, bool, bool]:
    """Remove comments from one line; returns (data, still inside a brace, saw a comment)."""
    out: list[str] = []
    i = 0
    saw = in_brace
    n = len(text)
    while i < n:
        if in_brace:
            j = text.find("}", i)
            if j < 0:
                return "".join(out), True, True
            in_brace = False
            i = j + 1
            out.append(" ")
            continue
        ch = text[i]
        if ch == "{":
            in_brace = True
            saw = True
            i += 1
        elif ch == ";":
            return "".join(out), False, True
        elif ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        else:
            j = i
            while j < n and text[j] not in '{;"':
                j += 1
            out.append(text[i:j])
            i = j
    return "".join(out), in_brace, saw


# The fast path reads runs of clean lines with two regexes: a tag alone on its line, written
# from the first column with nothing after it, and section lines with no comment, no ``%``
