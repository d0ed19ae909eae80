"""PBN 2.1: a tokenizer for tag pairs and their sections, and conversion to deals, auctions,
play and results.

The reader works like :mod:`json`: ``loads(text)``, ``load(path)``, ``dumps(games)``.  It is
lenient by default: a broken game is skipped with a :class:`FileFormatError` naming its line
(``loads_with_errors`` returns them); ``strict=True`` raises the first one.  A game that is
not modified is written back exactly as it was read, comments and all.

>>> games = loads('[Event "Club"]\\n[Board "1"]\\n[Deal "N:- - - -"]\\n\\n[Event "#"]\\n[Board "2"]\\n')
>>> [g.tag("Board") for g in games], games[1].tag("Event")
(['1', '2'], 'Club')
>>> t = loads('[OptimumResultTable "Declarer;Denomination\\\\2R;Result\\\\2R"]\\nN NT 9\\nS C 8\\n')[0]
>>> table = t.table("OptimumResultTable")
>>> [c.name for c in table.columns], table.rows[1].cells
(['Declarer', 'Denomination', 'Result'], ('S', 'C', '8'))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import chain, count
from pathlib import Path
from typing import IO, TypeVar

from ..auction import Auction, Call, CallKind
from ..board import Board
from ..cards import DECK, Card
from ..contract import Contract
from ..deal import Deal
from ..errors import BridgeError, FileFormatError
from ..gamerecord import GameRecord
from ..play import trick_winner, winning_offset
from ..seat import Seat
from ..vulnerability import Vulnerability

__all__ = [
    "PbnColumn",
    "PbnGame",
    "PbnRow",
    "PbnSectionLine",
    "PbnTable",
    "PbnTag",
    "dumps",
    "from_record",
    "load",
    "load_with_errors",
    "loads",
    "loads_with_errors",
    "read_records",
    "to_record",
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
# in the first column and no tag.  Anything else goes through the careful line-by-line reader,
# which the fast path hands over to with the same state, so both read every file identically.
# Section rows: not blank, no comment, no tag, no "%" escape in the first column.
_CLEAN_ROW = r"(?:[^\s\[%{;]|[ \t]+[^\s\[{;])[^\n{;]*\n"
# A tag alone on its line.  (The value is "(?:[^"\\]|\\.)*" of _TAG_RE unrolled, which the
# regex engine runs far faster.)
_CLEAN_TAG = r'\[([A-Za-z0-9_]+) "([^"\\\n]*(?:\\[^\n][^"\\\n]*)*)"\]\n'
_TAG_LINE_RE = re.compile(rf"^{_CLEAN_TAG}", re.MULTILINE)
_RUN_TAG_RE = re.compile(rf"{_CLEAN_TAG}((?:{_CLEAN_ROW})*)")
_RUN_RE = re.compile(rf"(?:{_CLEAN_TAG}(?:{_CLEAN_ROW})*)+")
_INDENTED_ROW_RE = re.compile(r"\n[^\S\n]")
# What str.splitlines() ends a line at, besides "\n".
_LINE_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_LINE_BREAKS_RE = re.compile(f"\r\n|[{_LINE_BREAKS}]")


class _Reader:
    """Splits text into games in one pass: runs of clean lines by regex, the rest line by line."""

    def __init__(self, text: str, path: str | None, strict: bool, fast: bool = True) -> None:
        self.fast = fast  # False: the careful path only (the tests compare the two)
        if any(ch in text for ch in _LINE_BREAKS):
            text = _LINE_BREAKS_RE.sub("\n", text)  # the lines of str.splitlines()
        if text and not text.endswith("\n"):
            text += "\n"
        self.text = text
        self.path = path
        self.strict = strict
        self.games: list[PbnGame] = []
        self.errors: list[FileFormatError] = []
        self.previous: dict[str, str] = {}
        self.game = PbnGame()
        self.pending: list[str] = []  # lines before the first tag of the coming game
        self.in_brace = False
        self.brace_line = 0
        self.current: PbnTag | None = None
        self.section: list[PbnSectionLine] = []

    def error(self, line: int, en: str, zh: str) -> None:
        err = FileFormatError(en, zh, path=self.path, line=line)
        if self.strict:
            raise err
        self.errors.append(err)
        self.game.errors.append(err)

    def run(self) -> list[PbnGame]:
        text = self.text
        size = len(text)
        pos = 0
        number = 1
        while pos < size:
            if (text[pos] == "[" and self.fast and self.current is None and not self.in_brace
                    and not self.game._has_tags()):
                end = self.fast_game(pos, number)
                if end > pos:
                    number += text.count("\n", pos, end)
                    pos = end
                    if pos >= size:
                        break
                    eol = text.index("\n", pos)
                    raw = text[pos:eol]
                    if not raw or raw.isspace():
                        # close_game(True), for a game the fast path has read whole
                        game = self.game
                        values = game._raw_values if game._values is None else game._values
                        self.previous.update(zip(game._names, values, strict=True))
                        self.games.append(game)
                        self.game = PbnGame()
                        pos, number = eol + 1, number + 1
                        continue
                    self.reopen_last_tag()
            eol = text.index("\n", pos)
            self.line(number, text[pos:eol])
            pos, number = eol + 1, number + 1
        if self.in_brace:
            self.error(self.brace_line, "comment '{' is never closed", "注释 '{' 没有闭合")
        self.close_game(False)
        if self.pending and self.games:
            self.games[-1].trailer = self.pending
        return self.games

    def fast_game(self, start: int, number: int) -> int:
        """Read the clean lines that start a game by regex; returns where they end (``start``
        when there are none, or when the careful path must read them)."""
        text = self.text
        # Usually the whole game up to its blank line is clean: split it at its tag lines in
        # one call and check the rows between them with plain substring tests.
        end = text.find("\n\n", start)
        end = len(text) if end < 0 else end + 1
        parts = _TAG_LINE_RE.split(text[start:end])
        chunks = parts[3::3]
        rows = "\n" + "".join(chunks)
        if (parts[0] or "{" in rows or ";" in rows or "\n[" in rows or "\n%" in rows
                or _INDENTED_ROW_RE.search(rows)):
            # Else the run of clean lines it starts with (rows may be indented), if any.
            m = _RUN_RE.match(text, start, end)
            if m is None:
                return start
            end = m.end()
            parts = ["", *chain.from_iterable(_RUN_TAG_RE.findall(text, start, end))]
            chunks = parts[3::3]
        names, raw_values = parts[1::3], parts[2::3]
        if self.strict and len({n.lower() for n in names}) < len(names):
            return start  # the careful path names the repeated tag and its line
        values: list[str] | None = None
        # Values differ from what is written only for an escape (\\ or \") or an inherited "#".
        written = "\n".join(raw_values) if text.find("\\", start, end) >= 0 else ""
        if "#" in raw_values or '\\"' in written or "\\\\" in written:
            values = []
            for name, raw_value in zip(names, raw_values, strict=True):
                value = unescape(raw_value)
                values.append(self.previous.get(name, "") if value == "#" else value)
        game = self.game
        game.line = number
        game.preamble, self.pending = self.pending, []
        game._tags = None
        game._names, game._raw_values, game._values, game._chunks = names, raw_values, values, chunks
        return end

    def reopen_last_tag(self) -> None:
        """Hand a game read by the fast path to the careful path, its last tag still open."""
        last = self.game.tags.pop()
        self.current = replace(last, section=())
        self.section = list(last.section)

    def close_tag(self) -> None:
        c = self.current
        if c is not None:
            # direct construction: dataclasses.replace is the slowest step of reading
            self.game.tags.append(PbnTag(c.name, c.value, c.line, c.raw_value, tuple(self.section),
                                         c.source, c.tail))
        self.current, self.section = None, []

    def close_game(self, terminated: bool) -> None:
        self.close_tag()
        game = self.game
        if game._has_tags():
            game.terminated = terminated
            if game._tags is None:
                values = game._raw_values if game._values is None else game._values
                self.previous.update(zip(game._names, values, strict=True))
            else:
                for t in game.tags:
                    self.previous[t.name] = t.value
            self.games.append(game)
        self.game = PbnGame()

    def data_line(self, number: int, raw: str, data: str) -> None:
        if self.current is not None:
            self.section.append(PbnSectionLine(number, raw, data))
            return
        self.pending.append(raw)
        if data.strip():
            self.error(number, f"data {data.strip()[:40]!r} before any tag",
                       f"在任何标签之前出现数据 {data.strip()[:40]!r}")

    def line(self, number: int, raw: str) -> None:
        """The careful path: one line of any kind."""
        if self.in_brace:
            data, self.in_brace, _ = _scan_comments(raw, True)
            self.data_line(number, raw, data)
            return
        if not raw or raw.isspace():
            if self.current is not None:
                self.close_game(True)
            else:
                self.pending.append(raw)
            return
        if raw.startswith("%"):
            self.data_line(number, raw, "")
            return
        stripped = raw.lstrip()
        if not stripped.startswith("["):
            data, self.in_brace, _ = _scan_comments(raw, False)
            if self.in_brace:
                self.brace_line = number
            self.data_line(number, raw, data)
            return
        game = self.game
        pos = len(raw) - len(stripped)
        first = True
        while True:
            m = _TAG_RE.match(raw, pos)
            if m is None:
                break
            self.close_tag()
            if not game.tags:
                game.line = number
                game.preamble, self.pending = self.pending, []
            value = unescape(m[2])
            if value == "#":
                value = self.previous.get(m[1], "")
            if self.strict and game.get(m[1]) is not None:
                self.error(number, f"tag {m[1]!r} appears twice in one game",
                           f"标签 {m[1]!r} 在同一局中出现两次")
            self.current = PbnTag(m[1], value, number, m[2], (), raw if first else "")
            first = False
            pos = m.end()
            rest = raw[pos:].lstrip()
            if not rest.startswith("["):
                break
            pos = len(raw) - len(rest)
        if first:
            self.error(number, f"malformed tag {stripped[:60]!r}: expected [Name \"value\"]",
                       f"标签格式错误 {stripped[:60]!r}：应为 [名称 \"值\"]")
            self.data_line(number, raw, "")
            return
        current = self.current
        assert current is not None
        tail = raw[pos:]
        if tail:
            self.current = replace(current, tail=tail)
        data, self.in_brace, _ = _scan_comments(tail, False)
        if self.in_brace:
            self.brace_line = number
        if data.strip():
            self.section.append(PbnSectionLine(number, None, data))


def loads_with_errors(
    text: str, path: str | None = None, strict: bool = False
) -> tuple[list[PbnGame], list[FileFormatError]]:
    """Games and the errors met (lenient); with ``strict=True`` the first error is raised."""
    if not isinstance(text, str):
        raise FileFormatError("PBN input must be text", "PBN 输入必须是文本", path=path)
    if text.startswith("\ufeff"):
        text = text[1:]
    reader = _Reader(text, path, strict)
    games = reader.run()
    return games, reader.errors


def loads(text: str, strict: bool = False, path: str | None = None) -> list[PbnGame]:
    """The games of a PBN text.  Lenient: broken games keep their errors in ``game.errors``."""
    return loads_with_errors(text, path, strict)[0]


def _read(source: str | Path | IO[str]) -> tuple[str, str | None]:
    if isinstance(source, (str, Path)):
        path = str(source)
        data = Path(source).read_bytes()
        try:
            return data.decode("utf-8"), path
        except UnicodeDecodeError:
            # PBN 2.1 files are ISO 8859-1 unless they say otherwise.
            return data.decode("latin-1"), path
    return source.read(), getattr(source, "name", None)


def load(source: str | Path | IO[str], strict: bool = False) -> list[PbnGame]:
    text, path = _read(source)
    return loads(text, strict=strict, path=path)


def load_with_errors(
    source: str | Path | IO[str], strict: bool = False
) -> tuple[list[PbnGame], list[FileFormatError]]:
    text, path = _read(source)
    return loads_with_errors(text, path, strict)


def dumps(games: Iterable[PbnGame]) -> str:
    """PBN text; games read and not modified come back exactly as they were."""
    out: list[str] = []
    games = list(games)
    for i, game in enumerate(games):
        out.extend(game.lines())
        if i < len(games) - 1 or game.terminated:
            out.append("")
        out.extend(game.trailer)
    return "\n".join(out) + "\n" if out else ""

# -- games as records ------------------------------------------------------------------------

_SKIP_TOKENS = frozenset({"*", "+", "-"})


def _fail(game: PbnGame, path: str | None, line: int, en: str, zh: str) -> FileFormatError:
    return FileFormatError(en, zh, path=path, line=line or game.line)


class _Unusual(Exception):
    """Raised by the quick path for what it leaves to the careful one."""


_T = TypeVar("_T")
_CACHE_LIMIT = 4096
_BOARDS: dict[str, int] = {}
_SEATS: dict[str, Seat] = {}
_VULS: dict[str, Vulnerability] = {}
_CONTRACTS: dict[str, Contract] = {}
_CARDS: dict[str, Card] = {str(c): c for c in DECK}
# The usual auction tokens (none of them "AP", a note, or an end mark): straight to calls.
_CALLS: dict[str, Call] = {
    tok: Call.parse(tok)
    for tok in ("Pass", "PASS", "pass", "P", "p", "X", "XX", "x", "xx", *(
        f"{level}{s}" for level in range(1, 8) for s in ("C", "D", "H", "S", "NT", "N")))
}
_CARD_INDEX: dict[str, int] = {str(c): c.index for c in DECK}
_PLAIN_TRICKS_RE = re.compile(r"(?:[CDHS][2-9TJQKA](?: +[CDHS][2-9TJQKA]){3} *\n)+")
# _TRICK_RANKING_BY_LEAD[strain][card led][card]: a key whose highest card in a trick wins it
# (Law 44): trumps above the suit led above the rest, then by rank.
_TRICK_RANKING = [
    [[i % 13 + 13 * (2 if i // 13 == strain else 1 if i // 13 == led else 0) for i in range(52)]
     for led in range(4)]
    for strain in range(5)
]
_TRICK_RANKING_BY_LEAD = [[_TRICK_RANKING[strain][lead // 13] for lead in range(52)]
                          for strain in range(5)]
_PLAYER_TAGS = tuple((s, s.name.lower()) for s in Seat)
_PASS_CALL = Call(CallKind.PASS)


def _cached(cache: dict[str, _T], parse: Callable[[str], _T], text: str) -> _T:
    """``parse(text)`` remembered: a file repeats the same few seats, contracts and boards."""
    hit = cache.get(text)
    if hit is None:
        hit = parse(text)
        if len(cache) < _CACHE_LIMIT:
            cache[text] = hit
    return hit


def _board_number(text: str) -> int:
    return Board.parse(text).number


def _section_rows(section: str | tuple[PbnSectionLine, ...]) -> list[list[str]]:
    """The tokens of each line of a section (from a fast-path chunk or from section lines)."""
    if isinstance(section, str):
        rows = section.split("\n")
        rows.pop()
        if '"' in section:
            return [_TOKEN_RE.findall(r) for r in rows]
        return [r.split() for r in rows]
    return [s.tokens for s in section]


def _section_tokens(section: str | tuple[PbnSectionLine, ...]) -> list[str]:
    if isinstance(section, str) and '"' not in section:
        return section.split()
    return [t for row in _section_rows(section) for t in row]


def _quick_record(game: PbnGame) -> GameRecord | None:
    """:func:`to_record` for the usual game, with cached parsing and no line bookkeeping;
    it gives the careful path's record or raises (then the careful path runs)."""
    sections: Sequence[str | tuple[PbnSectionLine, ...]]
    if game._tags is None:
        names = game._names
        values = game._raw_values if game._values is None else game._values
        sections = game._chunks
    else:
        names = [t.name for t in game.tags]
        values = [t.value for t in game.tags]
        sections = [t.section for t in game.tags]
    # lower-case name -> position; the last tag of a name wins, as in the careful path
    get = dict(zip(map(str.lower, names), count())).get

    def value(name: str) -> str | None:
        i = get(name)
        if i is None:
            return None
        v = values[i].strip()
        return v if v and v != "?" else None

    rec = GameRecord(line=game.line)
    v = value("board")
    if v:
        rec.board = _cached(_BOARDS, _board_number, v)
    v = value("dealer")
    if v:
        rec.dealer = _cached(_SEATS, Seat.parse, v)
    v = value("vulnerable")
    if v:
        rec.vulnerability = _cached(_VULS, Vulnerability.parse, v)
    v = value("deal")
    if v:
        rec.deal = Deal.from_pbn(v)
    players = rec.players
    for seat, name in _PLAYER_TAGS:
        v = value(name)
        if v:
            players[seat] = v
    rec.event = value("event")
    rec.date = value("date")
    rec.score_text = value("score")
    v = value("contract")
    contract = rec.contract = _cached(_CONTRACTS, Contract.parse, v) if v else None
    if contract is not None and contract.level:
        v = value("declarer")
        if v:
            rec.declarer = _cached(_SEATS, Seat.parse, v.lstrip("^"))
        v = value("result")
        if v:
            text = v.split()[-1]
            if not text.isdigit() or int(text) > 13:
                raise _Unusual
            rec.tricks = int(text)

    i = get("auction")
    if i is not None and values[i].strip():
        dealer = _cached(_SEATS, Seat.parse, values[i])
        tokens = _section_tokens(sections[i])
        calls: Sequence[Call | None] = [_CALLS.get(t) for t in tokens]
        if not all(calls):
            # notes (=1=) and NAGs ($1) are skipped; anything else unusual goes the long way
            calls = [_CALLS.get(t) for t in tokens if t[0] not in "=$"]
            if not all(calls):
                calls = _quick_calls(dealer, tokens)
        rec.auction = Auction(dealer, tuple(calls))  # type: ignore[arg-type]  # all calls
        if rec.dealer is None:
            rec.dealer = dealer

    i = get("play")
    contract = rec.final_contract
    if i is not None and values[i].strip() and contract is not None and contract.level:
        _quick_play(rec, _cached(_SEATS, Seat.parse, values[i]).value, contract.strain.value,
                    sections[i])
    return rec


def _quick_calls(dealer: Seat, tokens: list[str]) -> list[Call]:
    """The calls of an auction section with ``AP``, notes and end marks."""
    calls: list[Call] = []
    for tok in tokens:
        if tok.lower() == "ap":
            while not Auction(dealer, tuple(calls)).is_complete:
                calls.append(_PASS_CALL)
            continue
        if tok in _SKIP_TOKENS:
            break
        if tok.startswith(("=", "$", '"')):
            continue
        calls.append(Call.parse(tok.rstrip("!?")))
    return calls


def _quick_play(rec: GameRecord, first: int, strain: int,
                section: str | tuple[PbnSectionLine, ...]) -> None:
    """The play section as cards in the order played (see the careful path for the rules)."""
    play = rec.play
    leader = first
    trump = strain if strain < 4 else -1
    if isinstance(section, str):
        m = _PLAIN_TRICKS_RE.match(section)
        if m is not None:
            # Rows of four cards by seat from ``first``; each trick is played from its leader.
            # (Integer work only: this loop is most of the time of reading a played game.)
            played: list[int] = []
            ranking = _TRICK_RANKING_BY_LEAD[strain]
            cards = iter(list(map(_CARD_INDEX.__getitem__, section[: m.end()].split())))
            for row in zip(cards, cards, cards, cards, strict=False):  # rows of four
                s = (leader - first) & 3
                key = ranking[row[s]]
                a, b, c, d = row
                win, top = 0, key[a]
                k = key[b]
                if k > top:
                    win, top = 1, k
                k = key[c]
                if k > top:
                    win, top = 2, k
                if key[d] > top:
                    win = 3
                played += row[s:] + row[:s]
                leader = (first + win) & 3
            play.extend(map(DECK.__getitem__, played))
            section = section[m.end() :]
    for raw in _section_rows(section):
        toks = [x for x in raw if not x.startswith(("=", "$"))]
        if not toks:
            continue
        if toks[0] in ("*", "+"):
            rec.claimed = rec.claimed or toks[0] == "*"
            break
        cells: list[Card | None] = []
        for x in toks[:4]:
            if x == "*":
                rec.claimed = True
                break
            cells.append(None if x in ("-", "+") else Card.parse(x))
        shift = (leader - first) % 4
        order = [cells[(shift + k) % 4] if (shift + k) % 4 < len(cells) else None for k in range(4)]
        known = [c for c in order if c is not None]
        play.extend(order if len(known) < 4 else known)
        if len(known) < 4:
            break
        leader = (leader + winning_offset([c.index for c in known], trump)) % 4
        if rec.claimed:
            break
    while play and play[-1] is None:
        play.pop()


def to_record(game: PbnGame, path: str | None = None) -> GameRecord:
    """A :class:`GameRecord` from a PBN game: deal, dealer, vulnerability, players, auction,
    contract, declarer, play and result.  Errors name the file and line."""
    try:
        rec = _quick_record(game)
    except (BridgeError, _Unusual):
        rec = None
    # Anything the quick path does not take, and every error, goes the careful way, which
    # finds the line to name.
    return rec if rec is not None else _careful_record(game, path)


def _careful_record(game: PbnGame, path: str | None = None) -> GameRecord:
    rec = GameRecord(line=game.line)
    tags = {t.name.lower(): t for t in game.tags}

    def value(name: str) -> tuple[str, int] | None:
        t = tags.get(name)
        if t is None:
            return None
        v = t.value.strip()
        return (v, t.line) if v and v != "?" else None

    try:
        current = ""
        v = value("board")
        if v:
            current = "board"
            rec.board = Board.parse(v[0]).number
        v = value("dealer")
        if v:
            current = "dealer"
            rec.dealer = Seat.parse(v[0])
        v = value("vulnerable")
        if v:
            current = "vulnerable"
            rec.vulnerability = Vulnerability.parse(v[0])
        v = value("deal")
        if v:
            current = "deal"
            rec.deal = Deal.from_pbn(v[0])
        for seat in Seat:
            v = value(seat.name.lower())
            if v:
                rec.players[seat] = v[0]
        v = value("event")
        rec.event = v[0] if v else None
        v = value("date")
        rec.date = v[0] if v else None
        v = value("score")
        rec.score_text = v[0] if v else None
        v = value("contract")
        if v:
            current = "contract"
            rec.contract = Contract.parse(v[0])
        v = value("declarer")
        if v and rec.contract is not None and not rec.contract.is_passed_out:
            current = "declarer"
            rec.declarer = Seat.parse(v[0].lstrip("^"))
        v = value("result")
        if v and rec.contract is not None and not rec.contract.is_passed_out:
            current = "result"
            text = v[0].split()[-1]
            if not text.isdigit() or int(text) > 13:
                raise FileFormatError(f"invalid result {v[0]!r}: expected 0-13 tricks",
                                      f"无效的结果 {v[0]!r}：应为 0-13 墩")
            rec.tricks = int(text)
    except FileFormatError as e:
        raise _fail(game, path, tags[current].line, e.en, e.zh) from None
    except BridgeError as e:
        t = tags[current]
        raise _fail(game, path, t.line, f"[{t.name} \"{t.value}\"]: {e.en}",
                    f"[{t.name} \"{t.value}\"]：{e.zh}") from None

    at = tags.get("auction")
    if at is not None and at.value.strip():
        line = at.line
        try:
            dealer = Seat.parse(at.value)
            auction = Auction(dealer)
            calls: list[Call] = []
            for tok, tok_line in at.tokens:
                line = tok_line
                low = tok.lower()
                if low == "ap":
                    while not Auction(dealer, tuple(calls)).is_complete:
                        calls.append(Call(CallKind.PASS))
                    continue
                if tok in _SKIP_TOKENS:
                    break
                if tok.startswith(("=", "$", '"')):
                    continue  # notes, NAGs and quoted comments
                calls.append(Call.parse(tok.rstrip("!?")))
            auction = Auction(dealer, tuple(calls))
            rec.auction = auction
        except BridgeError as e:
            raise _fail(game, path, line, f"auction: {e.en}", f"叫牌：{e.zh}") from None
        if rec.dealer is None:
            rec.dealer = auction.dealer

    pt = tags.get("play")
    contract = rec.final_contract
    if pt is not None and pt.value.strip() and contract is not None and not contract.is_passed_out:
        line = pt.line
        try:
            first = Seat.parse(pt.value)
            leader = first
            trump = contract.strain
            for s in pt.section:
                toks = [x for x in s.tokens if not x.startswith(("=", "$"))]
                if not toks:
                    continue
                line = s.line
                if toks[0] in ("*", "+"):
                    rec.claimed = rec.claimed or toks[0] == "*"
                    break
                cells: list[Card | None] = []
                for x in toks[:4]:
                    if x == "*":
                        rec.claimed = True
                        break
                    cells.append(None if x in ("-", "+") else Card.parse(x))
                # cells are by seat from ``first``; the trick is read from its leader
                shift = (leader.value - first.value) % 4
                order = [cells[(shift + k) % 4] if (shift + k) % 4 < len(cells) else None
                         for k in range(4)]
                known = [c for c in order if c is not None]
                rec.play.extend(order if len(known) < 4 else known)
                if len(known) < 4:
                    break  # the next leader is unknown
                leader = trick_winner(leader, known, trump)
                if rec.claimed:
                    break
            while rec.play and rec.play[-1] is None:
                rec.play.pop()
        except BridgeError as e:
            raise _fail(game, path, line, f"play: {e.en}", f"出牌：{e.zh}") from None
    return rec


def read_records(
    source: str | Path | IO[str], strict: bool = False
) -> tuple[list[GameRecord], list[FileFormatError]]:
    """Every game of a PBN file as a record; lenient: broken games are skipped and their
    errors returned; strict: the first error is raised."""
    games, errors = load_with_errors(source, strict)
    path = source if isinstance(source, str) else str(source) if isinstance(source, Path) else None
    records = []
    for g in games:
        try:
            records.append(to_record(g, path))
        except FileFormatError as e:
            if strict:
                raise
            errors.append(e)
    return records, errors


def from_record(rec: GameRecord, event: str = "") -> PbnGame:
    """A PBN game (export order of the mandatory tags) from a record."""
    from ..seat import Seat

    game = PbnGame()
    contract = rec.final_contract
    declarer = rec.final_declarer
    vul = rec.vulnerability
    tricks = rec.tricks
    if tricks is None and rec.play:
        try:
            derived = rec.derived_result()
        except BridgeError:
            derived = None
        tricks = derived.tricks if derived is not None and not derived.is_passed_out else None
    vul_text = {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}[str(vul)] if vul else "?"
    for name, val in (
        ("Event", rec.event if rec.event is not None else event),
        ("Site", ""),
        ("Date", rec.date or ""),
        ("Board", str(rec.board) if rec.board is not None else "?"),
        ("West", rec.players.get(Seat.WEST, "")),
        ("North", rec.players.get(Seat.NORTH, "")),
        ("East", rec.players.get(Seat.EAST, "")),
        ("South", rec.players.get(Seat.SOUTH, "")),
        ("Dealer", rec.dealer.letter if rec.dealer else "?"),
        ("Vulnerable", vul_text),
        ("Deal", rec.deal.pbn() if rec.deal else ""),
        ("Scoring", ""),
        ("Declarer", declarer.letter if declarer else ("" if contract and contract.is_passed_out else "?")),
        ("Contract", ("Pass" if contract.is_passed_out else str(contract)) if contract else "?"),
        ("Result", str(tricks) if tricks is not None else ("" if contract and contract.is_passed_out else "?")),
    ):
        game.set_tag(name, val, [])
    if rec.auction is not None:
        calls = [c.format() for c in rec.auction.calls]
        rows = [" ".join(calls[i : i + 4]) for i in range(0, len(calls), 4)]
        game.set_tag("Auction", rec.auction.dealer.letter, rows)
    if rec.play and declarer is not None and contract is not None and not contract.is_passed_out:
        from ..play import trick_winner

        leader = declarer.lho
        rows = []
        cards = rec.play
        for i in range(0, len(cards), 4):
            trick = cards[i : i + 4]
            by_seat = {leader.next(k): c for k, c in enumerate(trick)}
            cells = [by_seat.get(declarer.lho.next(j)) for j in range(4)]
            rows.append(" ".join("-" if c is None else str(c) for c in cells))
            known = [c for c in trick if c is not None]
            if len(known) < 4:
                break
            leader = trick_winner(leader, known, contract.strain)
        if rec.claimed or rec.claim is not None or len(cards) < 52:
            rows.append("*")
        game.set_tag("Play", declarer.lho.letter, rows)
    return game
