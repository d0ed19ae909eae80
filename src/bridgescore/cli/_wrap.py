"""Wrapping Chinese help text: a line may break between any two Chinese characters (not only
at spaces, as click's wrapper does), widths are terminal columns (a Chinese character takes
two), and closing punctuation never starts a line."""

from __future__ import annotations

import re

from ..core.text import display_width

__all__ = ["wrap"]

_CJK = "\u2e80-\u9fff\u3000-\u303f\uff00-\uffef"
_TOKEN = re.compile(rf"[{_CJK}]|[^\s{_CJK}]+|\s+")
_NO_START = set("，。；：、）」』！？》…,.;:)!?")


def _fill(text: str, width: int, first: str, rest: str) -> list[str]:
    lines: list[str] = []
    indent = first
    line: list[str] = []  # the tokens of the line being filled
    for token in _TOKEN.findall(text):
        if token.isspace():
            if line and line[-1] != " ":
                line.append(" ")
            continue
        used = display_width(indent + "".join(line))
        if line and used + display_width(token) > width:
            carried: list[str] = []
            if token in _NO_START:
                # Closing punctuation never starts a line: it takes the word before it along.
                while line and line[-1] != " " and len(line) > 1:
                    carried.insert(0, line.pop())
                    if carried[0] not in _NO_START:
                        break
            lines.append((indent + "".join(line)).rstrip())
            indent, line = rest, carried
        line.append(token)
    lines.append((indent + "".join(line)).rstrip())
    return lines


def wrap(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> str:
    """Paragraphs (separated by blank lines) wrapped to ``width`` columns; a paragraph that
    starts with a line holding only ``\\b`` is kept as written, as click does."""
    out: list[str] = []
    paragraphs = re.split(r"\n\s*\n", text.expandtabs())
    for n, para in enumerate(paragraphs):
        first = initial_indent if n == 0 else subsequent_indent
        raw = para.split("\n")
        if raw and raw[0].strip() == "\b":
            out.extend((first if i == 0 else subsequent_indent) + line.strip()
                       for i, line in enumerate(raw[1:]))
        else:
            out.extend(_fill(" ".join(line.strip() for line in raw), width, first,
                             subsequent_indent))
        if n + 1 < len(paragraphs):
            out.append("")
    return "\n".join(out)
