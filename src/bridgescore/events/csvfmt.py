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
``home``/``away`` (``id, name, players…``), ``carry_over``.

Every line that is not blank or a ``#`` line becomes a result or an error naming the file,
the line and the board: nothing is dropped silently.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Literal

from ..board import Board
from ..errors import BridgeError, FileFormatError
from ..result import Result
from ..text import normalize
from .adjusted import award_text as _award
from .csvsplit import delimiter, split
from .model import (
    Award,
    BoardResult,
    Pair,
    Session,
    Team,
    TeamMatch,
    parse_award,
)
from .movement_spec import parse_movement

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


def parse_ranges(text: str) -> tuple[int, ...]:
    """``1-3, 5`` → (1, 2, 3, 5)."""
    out: list[int] = []
    for part in normalize(text).replace("，", ",").split(","):
        part = part.strip()
        if not part:
            continue
        lo, _, hi = part.partition("-")
        try:
            a = int(lo)
            b = int(hi) if hi else a
        except ValueError:
            raise BridgeError(f"invalid board list {text!r}: expected e.g. '1-14, 17'",
                              f"无效的牌副列表 {text!r}：应为如 '1-14, 17'") from None
        if a < 1 or b < a:
            raise BridgeError(f"invalid board range {part!r} in {text!r}",
                              f"无效的牌副范围 {part!r}（{text!r}）")
        out.extend(range(a, b + 1))
    return tuple(out)


def load(path: str | Path) -> Session | TeamMatch:
    p = Path(path)
    return loads(p.read_text(encoding="utf-8-sig"), source=str(p))


def _err(source: str | None, line: int, board: int | None, en: str, zh: str) -> FileFormatError:
    if board is not None:
        en, zh = f"board {board}: {en}", f"第{board}副：{zh}"
    return FileFormatError(en, zh, path=source, line=line)


def _weighted(text: str) -> tuple[tuple[float, int], ...]:
    parts = []
    for item in text.replace("；", ";").split(";"):
        w, sep, s = item.partition(":")
        if not sep or not w.strip().endswith("%"):
            raise BridgeError(f"invalid weighted score {text!r}: expected e.g. '60%:+430; 40%:-50'",
                              f"无效的加权判分 {text!r}：应为如 '60%:+430; 40%:-50'")
        try:
            parts.append((float(w.strip()[:-1]) / 100, int(s.strip())))
        except ValueError:
            raise BridgeError(f"invalid weighted score {text!r}: expected e.g. '60%:+430; 40%:-50'",
                              f"无效的加权判分 {text!r}：应为如 '60%:+430; 40%:-50'") from None
    return tuple(parts)


def _artificial(text: str) -> tuple[Award, Award] | None:
    key = normalize(text).strip().replace(" ", "")
    if not key:
        return None
    sides = key.split("/")
    if len(sides) > 2:
        return None
    try:
        awards = [parse_award(s) for s in sides]
    except BridgeError:
        return None
    if len(awards) == 1:
        if awards[0] != "A":  # a lone award is only clear for Average
            return None
        return "A", "A"
    return awards[0], awards[1]


def _result(contract: str, declarer: str, result: str) -> Result:
    if not declarer and not result:
        return Result.parse(contract)
    if result.strip().isdigit():
        return Result.parse(f"{contract} {declarer} {result.strip()} tricks")
    return Result.parse(f"{contract} {declarer} {result}")


def loads(text: str, source: str | None = None) -> Session | TeamMatch:
    """Read a CSV traveller file: a ``Session`` (pairs) or a ``TeamMatch`` (a ``room`` column)."""
    meta: dict[str, list[tuple[int, str]]] = {}
    header: list[str] | None = None
    rows: list[tuple[int, list[str]]] = []
    sep = ","
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            key, sep, value = stripped[1:].partition(":")
            if sep and header is None:
                meta.setdefault(normalize(key).strip().lower(), []).append((number, value.strip()))
            continue
        if header is None:
            # The header decides the separator: , ， ; ； or a tab.
            sep = delimiter(line)
        try:
            fields = split(line, sep)
        except csv.Error as e:
            raise _err(source, number, None, f"unreadable CSV: {e}", f"无法读取的 CSV：{e}") from None
        if header is None:
            header = []
            for f in fields:
                name = _COLUMNS.get(normalize(f).strip().lower())
                if name is None:
                    raise _err(source, number, None, f"unknown column {f.strip()!r}: expected "
                               "board, table, round, ns, ew, room, contract, declarer, result, "
                               "lead, score", f"未知的列 {f.strip()!r}：应为 副号（board）、桌号（table）、"
                               "轮次（round）、南北（ns）、东西（ew）、室别（room）、定约（contract）、"
                               "定约人（declarer）、结果（result）、首攻（lead）、得分（score）")
                header.append(name)
            if "board" not in header:
                raise _err(source, number, None, "the header has no 'board' column",
                           "表头缺少 board（副号）列")
            if "room" not in header and not {"ns", "ew"} <= set(header):
                raise _err(source, number, None,
                           "the header needs 'ns' and 'ew' columns (pairs) or a 'room' column (teams)",
                           "表头需要 ns 和 ew 列（双人赛）或 room 列（队式赛）")
            continue
        rows.append((number, fields))
    if header is None:
        raise FileFormatError("no header line: expected e.g. 'board,table,ns,ew,contract,"
                              "declarer,result,lead,score'",
                              "没有表头行：应为如 'board,table,ns,ew,contract,declarer,result,lead,score'",
                              path=source)

    def one(key: str) -> tuple[int, str] | None:
        v = meta.get(key)
        return v[-1] if v else None

    boards: tuple[int, ...] | None = None
    if (b := one("boards")) is not None:
        try:
            boards = parse_ranges(b[1])
        except BridgeError as e:
            raise FileFormatError(e.en, e.zh, path=source, line=b[0]) from None
    teams = "room" in header
    home = away = None
    if teams:
        parsed = []
        for key in ("home", "away"):
            item = one(key)
            bits = [x.strip() for x in item[1].replace("，", ",").split(",")] if item \
                else [key[0].upper()]
            parsed.append(Team(bits[0], bits[1] if len(bits) > 1 else "", tuple(bits[2:])))
        home, away = parsed
    results: list[BoardResult] = []
    # Every line is read before stopping, so one message can tell the director all the
    # lines to mend (the first in full, the others by number).
    bad: list[tuple[int, FileFormatError]] = []
    for number, fields in rows:
        if len(fields) != len(header):
            # Name the board when the line still shows it: the director looks for it there.
            board_text = normalize(fields[header.index("board")]).strip() \
                if header.index("board") < len(fields) else ""
            bad.append((number, _err(source, number,
                                     int(board_text) if board_text.isdigit() else None,
                                     f"{len(fields)} fields where the header has {len(header)}",
                                     f"有 {len(fields)} 个字段，而表头有 {len(header)} 个")))
            continue
        row = {name: normalize(v).strip() for name, v in zip(header, fields, strict=True)}
        board_no: int | None = None
        try:
            board_no = Board.parse(row["board"]).number
            results.append(_row(row, board_no, number, source, teams, home, away))
        except FileFormatError as e:
            bad.append((number, e))
        except BridgeError as e:
            bad.append((number, _err(source, number, board_no, e.en, e.zh)))
    if bad:
        first = bad[0][1]
        if len(bad) == 1:
            raise first
        others = [n for n, _ in bad[1:]]
        listed = ", ".join(str(n) for n in others[:10]) + (", …" if len(others) > 10 else "")
        listed_zh = "、".join(f"第{n}行" for n in others[:10]) + ("等" if len(others) > 10 else "")
        combined = FileFormatError(f"{first.en} (and {len(others)} more bad "
                                   f"line{'s' if len(others) > 1 else ''}: {listed})",
                                   f"{first.zh}（另有 {len(others)} 行有误：{listed_zh}）")
        combined.path, combined.line = first.path, first.line
        raise combined
    try:
        if teams:
            assert home is not None and away is not None
            co = one("carry_over")
            rnd = one("round")
            return TeamMatch(home, away, tuple(results), name=(one("event") or (0, ""))[1],
                             boards=boards, carry_over=float(co[1]) if co else 0.0,
                             round=_setting_round(rnd, source) if rnd and rnd[1].strip()
                             else None)
        pairs: dict[str, Pair] = {}
        for order, (_, value) in enumerate(meta.get("pair", []), 1):
            bits = [x.strip() for x in value.replace("，", ",").split(",")]
            pairs[bits[0]] = Pair(bits[0], tuple(b for b in bits[1:] if b), registration=order)
        winners: Literal[0, 1, 2] = 0
        mv = None
        if (setting := one("movement")) is not None and setting[1].strip():
            # 'mitchell'/'howell' say how many winners; with a size ('howell 3 tables')
            # the setting names the movement and every line is checked against it.
            try:
                spec = parse_movement(setting[1])
                winners = spec.winners
                if spec.sized:
                    in_play = max(boards) if boards else max((r.board for r in results),
                                                             default=None)
                    mv = spec.build(in_play)
            except BridgeError as e:
                raise FileFormatError(f"setting 'movement': {e.en}", f"设置“movement”：{e.zh}",
                                      path=source, line=setting[0]) from None
        exp = one("expected")
        tb = one("total_boards")
        return Session(tuple(results), boards=boards, pairs=pairs,
                       name=(one("event") or (0, ""))[1], winners=winners,
                       expected=int(exp[1]) if exp else None,
                       total_boards=int(tb[1]) if tb else None, movement=mv)
    except ValueError as e:
        if isinstance(e, BridgeError):
            if isinstance(e, FileFormatError) or source is None:
                raise
            raise FileFormatError(e.en, e.zh, path=source) from None
        raise FileFormatError(f"invalid setting: {e}", f"无效的设置：{e}", path=source) from None


def _row(row: dict[str, str], board: int, line: int, source: str | None, teams: bool,
         home: Team | None, away: Team | None) -> BoardResult:
    if teams:
        room = _ROOMS.get(row["room"].lower())
        if room is None or home is None or away is None:
            raise BridgeError(f"invalid room {row['room']!r}: expected open or closed (开室/闭室)",
                              f"无效的室别 {row['room']!r}：应为开室或闭室（open/closed）")
        ns, ew = (home.id, away.id) if room == "open" else (away.id, home.id)
    else:
        ns, ew = row["ns"], row["ew"]
    contract = row.get("contract", "")
    score_text = row.get("score", "").replace("＋", "+")
    table = _whole(row.get("table", ""), "table", "桌号")
    rnd = _whole(row.get("round", ""), "round", "轮次")
    common = {"board": board, "ns_pair": ns, "ew_pair": ew, "table": table, "round": rnd,
              "lead": row.get("lead") or None, "line": line, "source": source}
    awards = _artificial(contract)
    if awards is not None:
        return BoardResult(**common, ns_award=awards[0], ew_award=awards[1])  # type: ignore[arg-type]
    if "%" in score_text and not contract:
        return BoardResult(**common, weighted=_weighted(score_text))  # type: ignore[arg-type]
    result = _result(contract, row.get("declarer", ""), row.get("result", "")) if contract else None
    score = None
    if score_text:
        try:
            score = int(score_text)
        except ValueError:
            raise BridgeError(f"invalid score {score_text!r}: expected a whole number such as -100",
                              f"无效的得分 {score_text!r}：应为整数，如 -100") from None
    if result is None and score is None:
        raise BridgeError("no result: expected a contract or a score",
                          "没有结果：应给出定约或得分")
    return BoardResult(**common, result=result, score=score)  # type: ignore[arg-type]


def _setting_round(setting: tuple[int, str], source: str | None) -> int:
    """A team match's ``# round:`` (not empty: the caller skips an empty one)."""
    text = setting[1].strip()
    try:
        if len(text) > 4:  # no event has 10000 rounds; and a huge number is not echoed whole
            raise BridgeError(f"invalid round {text[:8] + '…'!r}: expected a round number from 1",
                              f"无效的轮次 {text[:8] + '…'!r}：应为从 1 起的轮次")
        value = _whole(text, "round", "轮次")
    except BridgeError as e:
        raise FileFormatError(f"setting 'round': {e.en}", f"设置“round”：{e.zh}",
                              path=source, line=setting[0]) from None
    assert value is not None
    return value


def _whole(text: str, en: str, zh: str) -> int | None:
    if not text:
        return None
    if not text.isdigit() or int(text) < 1:
        raise BridgeError(f"invalid {en} {text!r}: expected a whole number from 1 up",
                          f"无效的{zh} {text!r}：应为从 1 起的整数")
    return int(text)


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

