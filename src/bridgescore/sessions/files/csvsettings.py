"""The ``# key: value`` settings of a CSV results file, checked.

A ``#`` line of the form ``# key: value`` above the header is a setting; any other ``#`` line
is a comment (so is ``# note: …``); a setting left empty is as if not given.  An unknown key,
a setting given twice, a setting after the header, one for the other kind of event (``pair``
in a team match, ``round`` in a pairs session) or a value that is not what the setting takes
is an error naming the setting and its line — never a silent change of the results
(``# expected: 1`` would change every percentage; ``# movement: mitchel`` would turn a
two-winner session into a guess).  ``movement`` may name a movement with its size (``howell 3
tables``: :mod:`bridgescore.sessions.movement_spec`), against which every line is then checked.

>>> s = Settings("r.csv")
>>> s.add(1, " evnt: Tuesday pairs")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: r.csv:1: unknown setting 'evnt' (did you mean 'event'?): expected one of event, movement, boards, pair, expected, total_boards, home, away, carry_over, round, note
"""

from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass
from typing import Literal

from ...core.errors import BridgeError, FileFormatError
from ...core.text import normalize, normalize_id
from ...formats.textfile import excerpt
from ..movement_spec import MovementSpec, parse_movement

__all__ = ["Setting", "Settings", "parse_ranges"]

KEYS = ("event", "movement", "boards", "pair", "expected", "total_boards", "home", "away",
        "carry_over", "round", "note")
_ALIASES = {"comment": "note", "name": "event", "board": "boards", "carryover": "carry_over",
            "totalboards": "total_boards", "备注": "note", "注": "note"}
_REPEATABLE = frozenset({"pair", "note"})
_PAIRS_ONLY = frozenset({"pair", "movement", "expected", "total_boards"})
_TEAMS_ONLY = frozenset({"home", "away", "carry_over", "round"})
# The most boards a `boards` list may name: a session has tens, a big event a few hundred.
MAX_BOARDS = 10_000

# The first words a movement setting starts with, for a near miss's suggestion.
_MOVEMENT_WORDS = ("mitchell", "howell", "two-winner", "one-winner", "米切尔", "豪威尔")


@dataclass(frozen=True, slots=True)
class Setting:
    key: str
    value: str
    line: int


def _key(text: str) -> str:
    return re.sub(r"[\s\-]+", "_", normalize(text).strip().lower())


# One token (no spaces) of letters, digits, _ or -: a key, not the start of a sentence.
_TOKEN = re.compile(r"[^\W\d][\w\-]{0,29}")


class Settings:
    """The settings of one file, in the order given."""

    def __init__(self, source: str | None) -> None:
        self.source = source
        self.items: dict[str, list[Setting]] = {}

    def error(self, s: Setting | int | None, en: str, zh: str) -> FileFormatError:
        line = s.line if isinstance(s, Setting) else s
        return FileFormatError(en, zh, path=self.source, line=line)

    def add(self, line: int, body: str, *, after_header: bool = False) -> None:
        """Read the text after ``#`` of one comment line."""
        m = re.match(r"([^:：]*)[:：](.*)", body)
        if m is None:
            return
        raw, value = m[1].strip(), m[2].strip()
        key = _key(raw)
        key = _ALIASES.get(key, key)
        if key not in KEYS:
            near = difflib.get_close_matches(key, KEYS, n=1, cutoff=0.6)
            if not _TOKEN.fullmatch(raw) and not difflib.get_close_matches(key, KEYS, 1, 0.8):
                return  # a sentence with a colon in it: a comment
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            hint_zh = f"（是否应为 {near[0]!r}？）" if near else ""
            raise self.error(
                line, f"unknown setting {excerpt(raw)!r}{hint}: expected one of {', '.join(KEYS)}",
                f"未知的设置 {excerpt(raw)!r}{hint_zh}：应为 {'、'.join(KEYS)} 之一")
        if key == "note":
            return
        if after_header:
            raise self.error(line, f"setting {key!r} after the header line: settings go above it",
                             f"设置“{key}”位于表头行之后：设置应写在表头之上")
        if not value and key not in _REPEATABLE:
            return  # an empty value (a template's blank) is as if the setting were not given
        if key in self.items and key not in _REPEATABLE:
            first = self.items[key][0].line
            raise self.error(line, f"setting {key!r} given twice (lines {first} and {line})",
                             f"设置“{key}”出现两次（第{first}行和第{line}行）")
        self.items.setdefault(key, []).append(Setting(key, value, line))

    def one(self, key: str) -> Setting | None:
        v = self.items.get(key)
        return v[0] if v else None

    def all(self, key: str) -> list[Setting]:
        return self.items.get(key, [])

    def check_kind(self, teams: bool) -> None:
        """Settings for the other kind of event are errors, not ignored."""
        wrong = _PAIRS_ONLY if teams else _TEAMS_ONLY
        for key in self.items:
            if key in wrong:
                s = self.items[key][0]
                kind, other = ("a team match", "pairs sessions") if teams else \
                    ("a pairs session", "team matches")
                kind_zh, other_zh = ("队式赛", "双人赛") if teams else ("双人赛", "队式赛")
                raise self.error(s, f"setting {key!r} is for {other}, and this file is {kind} "
                                 "(its header has " + ("a" if teams else "no") + " room column)",
                                 f"设置“{key}”用于{other_zh}，而该文件是{kind_zh}"
                                 f"（表头{'有' if teams else '没有'} room 列）")

    # --- values ---------------------------------------------------------------------
    def text(self, key: str) -> str:
        s = self.one(key)
        return s.value if s else ""

    def whole(self, key: str, noun: tuple[str, str], what: tuple[str, str],
              most: int = 999_999_999) -> tuple[int, Setting] | None:
        """A whole number from 1 (up to ``most``): ``noun`` names it in the message,
        ``what`` says what it should be (English, Chinese)."""
        s = self.one(key)
        if s is None:
            return None
        v = s.value
        if not (v.isascii() and v.isdigit() and len(v) <= 9 and 1 <= int(v) <= most):
            top = "" if most == 999_999_999 else f" to {most}"
            top_zh = "" if most == 999_999_999 else f"，至多 {most}"
            raise self.error(s, f"setting {key!r}: invalid {noun[0]} {excerpt(v)!r}: expected "
                             f"{what[0]} (a whole number from 1{top})",
                             f"设置“{key}”：无效的{noun[1]} {excerpt(v)!r}：应为{what[1]}"
                             f"（从 1 起的整数{top_zh}）")
        return int(v), s

    def movement(self) -> tuple[Literal[0, 1, 2], MovementSpec | None]:
        """The number of winners, and the movement the words give (``howell 3 tables``)."""
        s = self.one("movement")
        if s is None:
            return 0, None
        try:
            spec = parse_movement(s.value)
        except BridgeError as e:
            first = normalize(s.value).strip().lower().split()[0]
            near = difflib.get_close_matches(first, _MOVEMENT_WORDS, 1, 0.6)
            hint = f" (did you mean {near[0]!r}?)" if near and first not in _MOVEMENT_WORDS else ""
            hint_zh = f"（是否应为 {near[0]!r}？）" if hint else ""
            raise self.error(s, f"setting 'movement': {e.en}{hint}",
                             f"设置“movement”：{e.zh}{hint_zh}") from None
        return spec.winners, spec

    def boards(self) -> tuple[int, ...] | None:
        s = self.one("boards")
        if s is None:
            return None
        try:
            return parse_ranges(s.value)
        except BridgeError as e:
            raise self.error(s, f"setting 'boards': {e.en}", f"设置“boards”：{e.zh}") from None

    def carry_over(self) -> float:
        s = self.one("carry_over")
        if s is None:
            return 0.0
        try:
            value = float(s.value) if len(s.value) <= 20 else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise self.error(s, f"setting 'carry_over': {excerpt(s.value)!r} is not a number: "
                             "expected the IMPs the home team starts with, e.g. 8 or 4.5",
                             f"设置“carry_over”：{excerpt(s.value)!r} 不是数字：应为主队的结转 "
                             "IMP，如 8 或 4.5")
        return value

    def entries(self, key: str) -> list[tuple[Setting, list[str]]]:
        """``pair``/``home``/``away`` lines: ``id, name, name…``; the id is needed."""
        out = []
        for s in self.all(key):
            bits = [x.strip() for x in s.value.replace("，", ",").split(",")]
            bits[0] = normalize_id(bits[0])  # as the results' pair cells are
            if not bits[0]:
                what = "pair number" if key == "pair" else "team id"
                what_zh = "对号" if key == "pair" else "队号"
                raise self.error(s, f"setting {key!r}: no {what}: expected e.g. "
                                 f"'{'1, Zhang Wei, Li Na' if key == 'pair' else 'H, 长城队'}'",
                                 f"设置“{key}”：缺少{what_zh}：应为如 "
                                 f"'{'1, 张伟, 李娜' if key == 'pair' else 'H, 长城队'}'")
            out.append((s, bits))
        return out


def parse_ranges(text: str) -> tuple[int, ...]:
    """``1-3, 5`` → (1, 2, 3, 5).

    >>> parse_ranges("1-3, 5")
    (1, 2, 3, 5)
    """
    out: list[int] = []
    for part in normalize(text).replace("，", ",").split(","):
        part = part.strip()
        if not part:
            continue
        lo, _, hi = part.partition("-")
        lo, hi = lo.strip(), hi.strip()
        if not all(x.isascii() and x.isdigit() and len(x) <= 9 for x in (lo, hi or lo)):
            raise BridgeError(f"invalid board list {excerpt(text)!r}: expected e.g. '1-14, 17'",
                              f"无效的牌副列表 {excerpt(text)!r}：应为如 '1-14, 17'")
        a = int(lo)
        b = int(hi) if hi else a
        if a < 1 or b < a:
            raise BridgeError(f"invalid board range {excerpt(part)!r} in {excerpt(text)!r}",
                              f"无效的牌副范围 {excerpt(part)!r}（{excerpt(text)!r}）")
        if len(out) + b - a + 1 > MAX_BOARDS:
            raise BridgeError(f"board list {excerpt(text)!r} names more than {MAX_BOARDS:,} boards",
                              f"牌副列表 {excerpt(text)!r} 超过 {MAX_BOARDS} 副")
        out.extend(range(a, b + 1))
    if not out:
        raise BridgeError(f"invalid board list {text!r}: expected e.g. '1-14, 17'",
                          f"无效的牌副列表 {text!r}：应为如 '1-14, 17'")
    if len(set(out)) != len(out):
        raise BridgeError(f"board list {excerpt(text)!r} names a board twice",
                          f"牌副列表 {excerpt(text)!r} 中有重复的牌副")
    return tuple(out)
