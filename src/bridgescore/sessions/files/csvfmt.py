"""A plain CSV traveller format for pairs sessions and team matches.

One line per board per table, with a header line naming the columns; ``#`` lines before the
header carry the event's settings (``# key: value``) or comments.  Pairs::

    # event: Tuesday pairs
    # movement: mitchell
    # boards: 1-14
    # pair: 1, Zhang Wei, Li Na
    board,table,round,ns,ew,contract,declarer,result,lead,score
    1,1,1,1,8,4S,N,=,HK,
    1,2,1,2,9,南打3NT超1,,,,
    2,1,1,1,8,,,,,-100
    3,1,1,1,8,A+/A-,,,,
    4,1,1,1,8,,,,,60%:+430; 40%:-50

Team match (a ``room`` column instead of ``ns``/``ew``; the home team is NS in the open room)::

    # home: H, 甲队
    # away: A, 乙队
    board,room,contract,declarer,result,lead,score
    1,open,3S,S,+1,,
    1,closed,4S,N,=,,

Columns (any order; English or Chinese names): ``board``/副号, ``table``/桌号, ``round``/轮次,
``ns``/南北, ``ew``/东西, ``room``/室别, ``contract``/定约, ``declarer``/定约人, ``result``/结果
(``=``, ``+1``, ``-2`` or the tricks taken), ``lead``/首攻, ``score``/南北得分.  ``contract`` may
hold a whole result (``4S N -2``, ``南打3NT超1``), ``pass``, or an artificial score (``A+/A-``,
``A``, ``60%/40%``).  ``score`` is the NS score: alone it stands for an unknown contract; with a
contract it is checked against it; ``60%:+430; 40%:-50`` is a weighted score.

Settings: ``event``, ``movement`` (``mitchell``/``two-winner`` or ``howell``/``one-winner``;
with a size, e.g. ``howell 3 tables``, the movement itself: see ``movement_spec``), ``round``
(a team match's round in the event),
``boards`` (``1-14, 17``), ``pair`` (``id, name, name``; repeatable; ``registration`` order is
the order of these lines), ``expected`` (results per board, for Neuberg), ``total_boards``,
``home``/``away`` (``id, name, players…``), ``carry_over``; ``note`` is a comment.  Each is
checked (:mod:`bridgescore.sessions.files.csvsettings`): an unknown key, a value out of range
(``expected`` below a board's results), a setting given twice or after the header is an error
naming the setting and its line.  A ``#`` line that is not ``# key: value`` is a comment.

Every line that is not blank or a ``#`` line becomes a result or an error naming the file,
the line and the board; every bad line is listed in one message (the first in full, the others
by number); a header without results is an error.  Nothing is dropped silently.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from ...core.errors import BridgeError, FileFormatError
from ...core.text import normalize, normalize_id
from ...formats.textfile import excerpt, read_text
from ..adjusted import award_text as _award
from ..model import BoardResult, Pair, Session, Team, TeamMatch
from .badlines import BadLines
from .cells import artificial, board_number, ident, result, score, weighted, whole
from .csvsettings import Setting, Settings, parse_ranges
from .csvsplit import delimiter, split

__all__ = ["dumps", "load", "loads", "parse_ranges"]

_COLUMNS: dict[str, str] = {}
for _name, _words in {
    "board": ("board", "bd", "副号", "牌号", "副序", "副"),
    "table": ("table", "tbl", "桌号", "桌"),
    "round": ("round", "rnd", "轮次", "轮"),
    "ns": ("ns", "ns_pair", "ns pair", "南北", "南北对"),
    "ew": ("ew", "ew_pair", "ew pair", "东西", "东西对"),
    "room": ("room", "室别", "室"),
    "contract": ("contract", "定约"),
    "declarer": ("declarer", "by", "定约人"),
    "result": ("result", "tricks", "结果"),
    "lead": ("lead", "首攻"),
    "score": ("score", "ns_score", "ns score", "南北得分", "得分"),
}.items():
    for _w in _words:
        _COLUMNS[_w] = _name

_ROOMS = {"open": "open", "o": "open", "开": "open", "开室": "open",
          "closed": "closed", "c": "closed", "闭": "closed", "闭室": "closed"}
# Different (contract, declarer, result, score) cells remembered: a big file repeats a few
# thousand, and the cap keeps a file of all-different cells from growing the memory.
_CACHE_CAP = 200_000


def load(path: str | Path, *, encoding: str | None = None) -> Session | TeamMatch:
    p = Path(path)
    return loads(read_text(p, "results file", "结果文件", encoding=encoding), source=str(p))


def _err(source: str | None, line: int, board: int | None, en: str, zh: str) -> FileFormatError:
    if board is not None:
        en, zh = f"board {board}: {en}", f"第{board}副：{zh}"
    return FileFormatError(en, zh, path=source, line=line)


def lines(text: str) -> Iterator[tuple[int, str]]:
    """``(number, line)`` one at a time, without a list of every line: a results file can
    have millions.  Lines end with LF, CRLF or (old Mac spreadsheets) a lone CR."""
    nl = "\n" if "\n" in text or "\r" not in text else "\r"
    start, number, end_of_text = 0, 0, len(text)
    find = text.find
    while start < end_of_text:
        end = find(nl, start)
        if end < 0:
            end = end_of_text
        number += 1
        yield number, text[start:end]
        start = end + 1


def _header(fields: list[str], source: str | None, number: int) -> list[str]:
    header = []
    for f in fields:
        name = _COLUMNS.get(normalize(f).strip().lower())
        if name is None:
            raise _err(source, number, None, f"unknown column {excerpt(f.strip())!r}: expected "
                       "board, table, round, ns, ew, room, contract, declarer, result, "
                       "lead, score", f"未知的列 {excerpt(f.strip())!r}：应为 副号（board）、桌号（table）、"
                       "轮次（round）、南北（ns）、东西（ew）、室别（room）、定约（contract）、"
                       "定约人（declarer）、结果（result）、首攻（lead）、得分（score）")
        if name in header:
            raise _err(source, number, None, f"column {name!r} twice in the header",
                       f"表头中 {name!r} 列出现两次")
        header.append(name)
    if "board" not in header:
        raise _err(source, number, None, "the header has no 'board' column",
                   "表头缺少 board（副号）列")
    if "room" not in header and not {"ns", "ew"} <= set(header):
        raise _err(source, number, None,
                   "the header needs 'ns' and 'ew' columns (pairs) or a 'room' column (teams)",
                   "表头需要 ns 和 ew 列（双人赛）或 room 列（队式赛）")
    return header


def loads(text: str, source: str | None = None) -> Session | TeamMatch:
    """Read a CSV traveller file: a ``Session`` (pairs) or a ``TeamMatch`` (a ``room`` column).

    The lines are read one at a time and each becomes a result at once, so a file of millions
    of results costs its results' memory, not that of every line and cell besides."""
    settings = Settings(source)
    header: list[str] | None = None
    sep = ","
    numbered = lines(text)
    for number, line in numbered:
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            settings.add(number, stripped[1:])
            continue
        # The header decides the separator: , ， ; ； or a tab.
        sep = delimiter(line)
        try:
            fields = split(line.strip("\r\n"), sep)
        except csv.Error as e:
            raise _err(source, number, None, f"unreadable CSV: {e}", f"无法读取的 CSV：{e}") from None
        header = _header(fields, source, number)
        break
    if header is None:
        raise FileFormatError("no header line: expected e.g. 'board,table,ns,ew,contract,"
                              "declarer,result,lead,score'",
                              "没有表头行：应为如 'board,table,ns,ew,contract,declarer,result,lead,score'",
                              path=source)
    teams = "room" in header
    settings.check_kind(teams)
    boards = settings.boards()
    home = away = None
    if teams:
        parsed = []
        for key in ("home", "away"):
            entries = settings.entries(key)
            bits = entries[0][1] if entries else [key[0].upper()]
            parsed.append(Team(bits[0], bits[1] if len(bits) > 1 else "", tuple(bits[2:])))
        home, away = parsed
    rows = _Rows(header, sep, source, home, away)
    for number, line in numbered:
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            settings.add(number, stripped[1:], after_header=True)
            continue
        rows.read(number, line)
    rows.bad.raise_if_any()
    if not rows.results:
        raise FileFormatError("no results: the file has a header line but no result lines",
                              "没有结果：文件只有表头行，没有结果行", path=source)
    return _build(rows.results, settings, teams, home, away, boards, source)


def _build(results: list[BoardResult], settings: Settings, teams: bool, home: Team | None,
           away: Team | None, boards: tuple[int, ...] | None,
           source: str | None) -> Session | TeamMatch:
    try:
        if teams:
            assert home is not None and away is not None
            rnd = settings.whole("round", ("round", "轮次"),
                                 ("the match's round in the event, e.g. 3", "本场比赛所在的轮次，如 3"),
                                 most=9999)
            return TeamMatch(home, away, tuple(results), name=settings.text("event"),
                             boards=boards, carry_over=settings.carry_over(),
                             round=None if rnd is None else rnd[0])
        pairs: dict[str, Pair] = {}
        for order, (s, bits) in enumerate(settings.entries("pair"), 1):
            if bits[0] in pairs:
                raise settings.error(s, f"setting 'pair': pair {excerpt(bits[0])} is given twice",
                                     f"设置“pair”：第{excerpt(bits[0])}对出现两次")
            pairs[bits[0]] = Pair(bits[0], tuple(b for b in bits[1:] if b), registration=order)
        expected = settings.whole("expected", ("number of results", "结果数"),
                                  ("the number of results each board should have (for Neuberg), "
                                   "e.g. 11", "每副牌应有的结果数（用于 Neuberg），如 11"))
        total = settings.whole("total_boards", ("number of boards", "副数"),
                               ("the number of boards each pair plays, e.g. 27",
                                "每对应打的副数，如 27"))
        winners, spec = settings.movement()
        movement = None
        if spec is not None and spec.sized:
            # With a size ('howell 3 tables') the setting names the movement, and every line
            # is checked against it.
            setting = settings.one("movement")
            try:
                movement = spec.build(max(boards) if boards else max(r.board for r in results))
            except BridgeError as e:
                raise settings.error(setting, f"setting 'movement': {e.en}",
                                     f"设置“movement”：{e.zh}") from None
        session = Session(tuple(results), boards=boards, pairs=pairs, name=settings.text("event"),
                          winners=winners,
                          expected=None if expected is None else expected[0],
                          total_boards=None if total is None else total[0], movement=movement)
    except FileFormatError:
        raise
    except BridgeError as e:
        if source is None:
            raise
        raise FileFormatError(e.en, e.zh, path=source) from None
    if expected is not None:
        _check_expected(session, expected[0], settings, expected[1])
    if total is not None:
        most = max(session.pair_counts().values())
        if total[0] < most:
            raise settings.error(total[1], f"setting 'total_boards': {total[0]} is fewer than the "
                                 f"{most} boards a pair has results on",
                                 f"设置“total_boards”：{total[0]} 少于某对已有结果的副数 {most}")
    return session


def _check_expected(session: Session, expected: int, settings: Settings, s: Setting) -> None:
    """Neuberg scales each board up to ``expected`` results: fewer than a board has, or more
    than the pairs could give (each result takes two pairs), would change every percentage."""
    counts = Counter(r.board for r in session.results)
    board, most = max(counts.items(), key=lambda kv: (kv[1], -kv[0]))
    at_most = len(session.pairs) // 2
    if expected < most:
        raise settings.error(s, f"setting 'expected': {expected} results per board, but "
                             f"board {board} has {most}",
                             f"设置“expected”：每副 {expected} 个结果，但第{board}副有 {most} 个")
    if expected > at_most:
        raise settings.error(s, f"setting 'expected': {expected} results per board, but "
                             f"{len(session.pairs)} pairs can give at most {at_most}",
                             f"设置“expected”：每副 {expected} 个结果，但 {len(session.pairs)} 对"
                             f"最多只能打出 {at_most} 个")


class _Rows:
    """Turns data lines into results, remembering what repeats (pair ids, boards, result
    cells) so that a million-line file is read at the speed of its few thousand kinds of
    line."""

    def __init__(self, header: list[str], sep: str, source: str | None, home: Team | None,
                 away: Team | None) -> None:
        self.width, self.sep, self.source = len(header), sep, source
        self.home, self.away = home, away
        # A column the header lacks reads the empty cell put after the last one.
        at = {name: i for i, name in enumerate(header)}
        (self.board, self.table, self.round, self.ns, self.ew, self.room, self.contract,
         self.declarer, self.result, self.lead, self.score) = (
            at.get(c, len(header)) for c in ("board", "table", "round", "ns", "ew", "room",
                                             "contract", "declarer", "result", "lead", "score"))
        self.twins = {",": "，", ";": "；"}.get(sep)
        self.results: list[BoardResult] = []
        self.bad = BadLines()
        self.strings: dict[str, str] = {}
        self.boards: dict[str, int] = {}
        self.tables: dict[str, int | None] = {}
        self.rounds: dict[str, int | None] = {}
        self.outcomes: dict[tuple[str, str, str, str], Callable[..., BoardResult] | BridgeError] = {}

    def read(self, number: int, line: str) -> None:
        line = line.rstrip("\r")
        if '"' in line:
            try:
                fields = split(line, self.sep)
            except csv.Error as e:
                self.bad.add(_err(self.source, number, None, f"unreadable CSV: {e}",
                                  f"无法读取的 CSV：{e}"))
                return
        else:
            if self.twins is not None and not line.isascii():
                line = line.replace(self.twins, self.sep)
            fields = line.split(self.sep)
        if len(fields) != self.width:
            # Name the board when the line still shows it: the director looks for it there.
            board_text = normalize(fields[self.board]) if self.board < len(fields) else ""
            self.bad.add(_err(self.source, number,
                              int(board_text) if board_text.isdigit() and len(board_text) < 9
                              else None,
                              f"{len(fields)} fields where the header has {self.width}",
                              f"有 {len(fields)} 个字段，而表头有 {self.width} 个"))
            return
        if not line.isascii():
            # Notation is folded (全角, 繁體, suit glyphs); the pair cells are names, kept as
            # written unless they fold to plain ASCII (``normalize_id``).
            cells = [normalize_id(f) if i in (self.ns, self.ew) else normalize(f)
                     for i, f in enumerate(fields)]
        elif " " in line or "\t" in line:
            cells = [f.strip() for f in fields]
        else:
            cells = fields
        cells.append("")
        board: int | None = None
        try:
            board = self.boards.get(cells[self.board])
            if board is None:
                board = self._remember(self.boards, cells[self.board], board_number)
            self.results.append(self._result(cells, board, number))
        except FileFormatError as e:
            self.bad.add(e)
        except BridgeError as e:
            self.bad.add(_err(self.source, number, board, e.en, e.zh))

    def _remember(self, cache: dict[str, int], text: str, parse: Callable[[str], int]) -> int:
        n = parse(text)
        if len(cache) < _CACHE_CAP:
            cache[text] = n
        return n

    def _id(self, text: str) -> str:
        # One string object for each pair id and lead, however many lines repeat it.
        known = self.strings.get(text)
        if known is not None:
            return known
        ident(text, "pair number or lead", "对号或首攻")
        if len(self.strings) < _CACHE_CAP:
            self.strings[text] = text
        return text

    def _number(self, cache: dict[str, int | None], text: str, en: str, zh: str) -> int | None:
        if text in cache:
            return cache[text]
        n = whole(text, en, zh)
        if len(cache) < _CACHE_CAP:
            cache[text] = n
        return n

    def _result(self, cells: list[str], board: int, line: int) -> BoardResult:
        if self.home is not None and self.away is not None:
            room = _ROOMS.get(cells[self.room].lower())
            if room is None:
                raise BridgeError(f"invalid room {excerpt(cells[self.room])!r}: expected open or "
                                  "closed (开室/闭室)", f"无效的室别 {excerpt(cells[self.room])!r}："
                                  "应为开室或闭室（open/closed）")
            ns, ew = (self.home.id, self.away.id) if room == "open" else \
                (self.away.id, self.home.id)
        else:
            ns, ew = self._id(cells[self.ns]), self._id(cells[self.ew])
        key = (cells[self.contract], cells[self.declarer], cells[self.result], cells[self.score])
        make = self.outcomes.get(key)
        if make is None:
            try:
                make = _outcome(*key)
            except BridgeError as e:
                make = e
            if len(self.outcomes) < _CACHE_CAP:
                self.outcomes[key] = make
        if isinstance(make, BridgeError):
            raise make
        lead = cells[self.lead]
        table, rnd = cells[self.table], cells[self.round]
        return make(
            board=board, ns_pair=ns, ew_pair=ew,
            table=self.tables[table] if table in self.tables else
            self._number(self.tables, table, "table", "桌号"),
            round=self.rounds[rnd] if rnd in self.rounds else
            self._number(self.rounds, rnd, "round", "轮次"),
            # "-" is how scorers write "no lead" (as in PBN); anything else must be a card.
            lead=self._id(lead) if lead and lead != "-" else None, line=line, source=self.source)


def _outcome(contract: str, declarer: str, tricks: str,
             score_text: str) -> Callable[..., BoardResult]:
    """What the result cells of a line say: ``BoardResult`` with its outcome filled in, for
    the line's board, pairs, table … to complete."""
    awards = artificial(contract)
    if awards is not None:
        return partial(BoardResult, ns_award=awards[0], ew_award=awards[1])
    if "%" in score_text and not contract:
        return partial(BoardResult, weighted=weighted(score_text))
    played = result(contract, declarer, tricks) if contract else None
    ns = score(score_text) if score_text else None
    if played is None and ns is None:
        raise BridgeError("no result: expected a contract or a score",
                          "没有结果：应给出定约或得分")
    return partial(BoardResult, result=played, score=ns)


def dumps(item: Session | TeamMatch) -> str:
    """Write a session or a match in this format (``loads`` reads it back unchanged)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    teams = isinstance(item, TeamMatch)
    if item.name:
        out.write(f"# event: {item.name}\n")
    if item.boards is not None:
        out.write(f"# boards: {', '.join(map(str, item.boards))}\n")
    if isinstance(item, TeamMatch):
        for key, t in (("home", item.home), ("away", item.away)):
            out.write(f"# {key}: {', '.join([t.id, t.name, *t.players])}\n")
        if item.carry_over:
            out.write(f"# carry_over: {item.carry_over:g}\n")
        if item.round is not None:
            out.write(f"# round: {item.round}\n")
        w.writerow(["board", "room", "contract", "declarer", "result", "lead", "score"])
    else:
        if item.movement is not None:
            out.write(f"# movement: {item.movement.spec()}\n")
        elif item.winners:
            out.write(f"# movement: {'mitchell' if item.winners == 2 else 'howell'}\n")
        if item.expected is not None:
            out.write(f"# expected: {item.expected}\n")
        if item.total_boards is not None:
            out.write(f"# total_boards: {item.total_boards}\n")
        declared = sorted(item.pairs.values(), key=lambda p: (p.registration is None,
                                                              p.registration or 0))
        for p in declared:
            if p.names or p.registration is not None:
                out.write(f"# pair: {', '.join([p.id, *p.names])}\n")
        w.writerow(["board", "table", "round", "ns", "ew", "contract", "declarer", "result",
                    "lead", "score"])
    for r in item.results:
        if r.kind == "artificial":
            cells = [f"{_award(r.ns_award)}/{_award(r.ew_award)}", "", "", ""]
        elif r.kind == "weighted":
            cells = ["", "", "", "; ".join(f"{wt * 100:g}%:{s:+d}" for wt, s in r.weighted)]
        elif r.result is None:
            cells = ["", "", "", str(r.score)]
        elif r.result.declarer is None:
            cells = ["pass", "", "", ""]
        else:
            rel = r.result.relative
            cells = [str(r.result.contract), str(r.result.declarer),
                     "=" if rel == 0 else f"{rel:+d}", ""]
        lead = r.lead or ""
        if teams:
            room = "open" if isinstance(item, TeamMatch) and r.ns_pair == item.home.id else "closed"
            w.writerow([r.board, room, *cells[:3], lead, cells[3]])
        else:
            w.writerow([r.board, "" if r.table is None else r.table,
                        "" if r.round is None else r.round, r.ns_pair, r.ew_pair,
                        *cells[:3], lead, cells[3]])
    return out.getvalue()

