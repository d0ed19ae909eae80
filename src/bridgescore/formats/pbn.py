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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, TYPE_CHECKING

from ..errors import BridgeError, FileFormatError

if TYPE_CHECKING:
    from ..gamerecord import GameRecord

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


@dataclass(slots=True)
class PbnGame:
    """One game: its tags in order, with their sections; ``preamble`` holds lines (comments,
    ``%`` directives, blank lines) that came before its first tag."""

    tags: list[PbnTag] = field(default_factory=list)
    line: int = 0
    preamble: list[str] = field(default_factory=list)
    errors: list[FileFormatError] = field(default_factory=list)
    terminated: bool = True  # followed by a blank line in the source
    trailer: list[str] = field(default_factory=list)  # lines after the last game of a file

    def get(self, name: str) -> PbnTag | None:
        low = name.lower()
        for t in self.tags:
            if t.name.lower() == low:
                return t
        return None

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of a tag (case-insensitive name), or ``default``."""
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
        return [t.name for t in self.tags]

    def set_tag(self, name: str, value: str, section: Sequence[str] | None = None) -> None:
        """Replace (or append) a tag; ``section`` replaces its section lines when given."""
        new_section = (
            tuple(PbnSectionLine(0, s, strip_comments(s)) for s in section)
            if section is not None
            else None
        )
        for i, t in enumerate(self.tags):
            if t.name.lower() == name.lower():
                self.tags[i] = replace(
                    t, value=value, raw_value=escape(value), source=None, tail="",
                    section=new_section if new_section is not None else
                    tuple(s for s in t.section if s.raw is not None),
                )
                return
        self.tags.append(PbnTag(name, value, 0, escape(value), new_section or (), None))

    def lines(self) -> list[str]:
        out = list(self.preamble)
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


class _Reader:
    """Splits text into games; one pass over the lines."""

    def __init__(self, text: str, path: str | None, strict: bool) -> None:
        self.lines = text.splitlines()
        self.path = path
        self.strict = strict
        self.games: list[PbnGame] = []
        self.errors: list[FileFormatError] = []
        self.previous: dict[str, str] = {}

    def error(self, game: PbnGame | None, line: int, en: str, zh: str) -> None:
        err = FileFormatError(en, zh, path=self.path, line=line)
        if self.strict:
            raise err
        self.errors.append(err)
        if game is not None:
            game.errors.append(err)

    def run(self) -> list[PbnGame]:
        game = PbnGame()
        pending: list[str] = []  # lines before the first tag of the coming game
        in_brace = False
        brace_line = 0
        current: PbnTag | None = None
        section: list[PbnSectionLine] = []

        def close_tag() -> None:
            nonlocal current, section
            if current is not None:
                c = current
                # direct construction: dataclasses.replace is the slowest step of reading
                game.tags.append(PbnTag(c.name, c.value, c.line, c.raw_value, tuple(section),
                                        c.source, c.tail))
            current, section = None, []

        def close_game(terminated: bool) -> None:
            nonlocal game
            close_tag()
            if game.tags:
                game.terminated = terminated
                for t in game.tags:
                    self.previous[t.name] = t.value
                self.games.append(game)
            game = PbnGame()

        def data_line(number: int, raw: str, data: str) -> None:
            if current is not None:
                section.append(PbnSectionLine(number, raw, data))
                return
            pending.append(raw)
            if data.strip():
                self.error(game, number, f"data {data.strip()[:40]!r} before any tag",
                           f"在任何标签之前出现数据 {data.strip()[:40]!r}")

        for number, raw in enumerate(self.lines, 1):
            if in_brace:
                data, in_brace, _ = _scan_comments(raw, True)
                data_line(number, raw, data)
                continue
            if not raw or raw.isspace():
                if current is not None:
                    close_game(True)
                else:
                    pending.append(raw)
                continue
            if raw.startswith("%"):
                data_line(number, raw, "")
                continue
            stripped = raw.lstrip()
            if not stripped.startswith("["):
                data, in_brace, _ = _scan_comments(raw, False)
                if in_brace:
                    brace_line = number
                data_line(number, raw, data)
                continue
            pos = len(raw) - len(stripped)
            first = True
            while True:
                m = _TAG_RE.match(raw, pos)
                if m is None:
                    break
                close_tag()
                if not game.tags:
                    game.line = number
                    game.preamble, pending = pending, []
                value = unescape(m[2])
                if value == "#":
                    value = self.previous.get(m[1], "")
                if self.strict and game.get(m[1]) is not None:
                    self.error(game, number, f"tag {m[1]!r} appears twice in one game",
                               f"标签 {m[1]!r} 在同一局中出现两次")
                current = PbnTag(m[1], value, number, m[2], (), raw if first else "")
                first = False
                pos = m.end()
                rest = raw[pos:].lstrip()
                if not rest.startswith("["):
                    break
                pos = len(raw) - len(rest)
            if first:
                self.error(game, number,
                           f"malformed tag {stripped[:60]!r}: expected [Name \"value\"]",
                           f"标签格式错误 {stripped[:60]!r}：应为 [名称 \"值\"]")
                data_line(number, raw, "")
                continue
            assert current is not None
            tail = raw[pos:]
            if tail:
                c = current
                current = PbnTag(c.name, c.value, c.line, c.raw_value, (), c.source, tail)
            data, in_brace, _ = _scan_comments(tail, False)
            if in_brace:
                brace_line = number
            if data.strip():
                section.append(PbnSectionLine(number, None, data))
        if in_brace:
            self.error(game, brace_line, "comment '{' is never closed", "注释 '{' 没有闭合")
        close_game(False)
        if pending and self.games:
            self.games[-1].trailer = pending
        return self.games


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


def to_record(game: PbnGame, path: str | None = None) -> GameRecord:
    """A :class:`GameRecord` from a PBN game: deal, dealer, vulnerability, players, auction,
    contract, declarer, play and result.  Errors name the file and line."""
    from ..auction import Auction, Call, CallKind
    from ..board import Board
    from ..cards import Card
    from ..contract import Contract
    from ..deal import Deal
    from ..gamerecord import GameRecord
    from ..play import trick_winner
    from ..seat import Seat
    from ..vulnerability import Vulnerability

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
