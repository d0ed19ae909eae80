"""Reading PBN 2.1 text into games, in one pass.

``loads(text)`` reads text, ``load(path)`` a file (through the one text reader, see
:mod:`~bridgescore.formats.source`) or an open text stream.  Reading is lenient by default: a
broken game keeps its :class:`FileFormatError` (naming its line) in ``game.errors`` and
``loads_with_errors`` returns them all; ``strict=True`` raises the first one.  Runs of clean
lines are read by regular expressions, the rest line by line; both paths read every file
identically (``tests/formats/test_pbn_fast.py`` compares them).
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from itertools import chain
from typing import IO

from ..core.errors import FileFormatError
from .pbn_game import _TAG_RE, PbnGame, PbnSectionLine, PbnTag, _scan_comments, unescape
from .source import read_source, refuse_path

__all__ = ["load", "load_with_errors", "loads", "loads_with_errors"]

# The fast path reads runs of clean lines (tags alone on their line, section rows with no
# comment, no "%" escape in the first column and no tag).  Anything else goes through the careful line-by-line reader,
# which the fast path hands over to with the same state, so both read every file identically.
# Section rows: not blank, no comment, no tag, no "%" escape in the first column.
_CLEAN_ROW = r"(?:[^\s\[%{;]|[ \t]+[^\s\[{;])[^\n{;]*\n"
# A tag alone on its line.  (The value is "(?:[^"\\]|\\.)*" of _TAG_RE unrolled, which the
# regex engine runs far faster; possessive, as nothing it takes could be given back to make
# a match: each run stops at a quote or backslash, and each escape starts with one.)
_CLEAN_TAG = r'\[([A-Za-z0-9_]++) "([^"\\\n]*+(?:\\[^\n][^"\\\n]*+)*+)"\]\n'
_TAG_LINE_RE = re.compile(rf"^{_CLEAN_TAG}", re.MULTILINE)
_RUN_TAG_RE = re.compile(rf"{_CLEAN_TAG}((?:{_CLEAN_ROW})*)")
_RUN_RE = re.compile(rf"(?:{_CLEAN_TAG}(?:{_CLEAN_ROW})*)+")
_INDENTED_ROW_RE = re.compile(r"\n[^\S\n]")
# Tags a game may hold more than once (PBN 2.1, 3.5.5: one Note tag for each note).
_REPEATABLE = frozenset({"note"})
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
        # The value each tag had last, for "#" (PBN 2.1, 3.3: copied from the previous game):
        # the tags of the games read are kept as they are and gathered only when a "#" is met.
        self._previous: dict[str, str] = {}
        self._history: list[tuple[list[str], list[str]]] = []
        self.game = PbnGame()
        self.pending: list[str] = []  # lines before the first tag of the coming game
        self.in_brace = False
        self.brace_line = 0
        self.current: PbnTag | None = None
        self.section: list[PbnSectionLine] = []

    def previous(self) -> dict[str, str]:
        """Tag name -> its value in the last game that had it."""
        if self._history:
            for names, values in self._history:
                self._previous.update(zip(names, values, strict=True))
            self._history.clear()
        return self._previous

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
                        self._history.append((game._names, values))
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
        if self.strict:
            once = [n.lower() for n in names if n.lower() not in _REPEATABLE]
            if len(set(once)) < len(once):
                return start  # the careful path names the repeated tag and its line
        values: list[str] | None = None
        # Values differ from what is written only for an escape (\\ or \") or an inherited "#".
        written = "\n".join(raw_values) if text.find("\\", start, end) >= 0 else ""
        if "#" in raw_values or '\\"' in written or "\\\\" in written:
            values = []
            for name, raw_value in zip(names, raw_values, strict=True):
                value = unescape(raw_value)
                values.append(self.previous().get(name, "") if value == "#" else value)
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
                self._history.append((game._names, values))
            else:
                self._history.append(([t.name for t in game.tags], [t.value for t in game.tags]))
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
                value = self.previous().get(m[1], "")
            if self.strict and m[1].lower() not in _REPEATABLE and game.get(m[1]) is not None:
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
    refuse_path(text, "PBN", "pbn", path)
    if text.startswith("\ufeff"):
        text = text[1:]
    reader = _Reader(text, path, strict)
    games = reader.run()
    return games, reader.errors


def loads(text: str, strict: bool = False, path: str | None = None) -> list[PbnGame]:
    """The games of a PBN text.  Lenient: broken games keep their errors in ``game.errors``."""
    return loads_with_errors(text, path, strict)[0]


def load(source: str | os.PathLike[str] | IO[str], strict: bool = False) -> list[PbnGame]:
    """The games of a PBN file, given by its name or as an open text stream (a ``str`` is
    always a file name: text goes to :func:`loads`)."""
    text, path = read_source(source, "PBN", "pbn")
    return loads(text, strict=strict, path=path)


def load_with_errors(
    source: str | os.PathLike[str] | IO[str], strict: bool = False
) -> tuple[list[PbnGame], list[FileFormatError]]:
    """:func:`load`, with the errors met."""
    text, path = read_source(source, "PBN", "pbn")
    return loads_with_errors(text, path, strict)
