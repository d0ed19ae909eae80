"""USEBIO 1.2 XML results files: read and write pairs sessions and team matches.

The elements used are those of USEBIO 1.2: ``USEBIO/EVENT`` with ``EVENT_TYPE``,
``EVENT_DESCRIPTION``, ``BOARD_SCORING_METHOD`` (``MATCH_POINTS``, ``CROSS_IMPS``,
``BUTLER_IMPS``, ``IMPS``, ``AGGREGATE``) and ``WINNER_TYPE``; ``PARTICIPANTS`` with ``PAIR``
(``PAIR_NUMBER``, ``DIRECTION``, ``PLAYER/PLAYER_NAME``, ``PLACE``, ``TOTAL_SCORE``,
``PERCENTAGE``) or ``TEAM`` (``TEAM_NUMBER``, ``TEAM_NAME``, ``PLAYER``); ``BOARD`` with
``BOARD_NUMBER`` and ``TRAVELLER_LINE`` (``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``, ``CONTRACT``,
``PLAYED_BY``, ``LEAD``, ``TRICKS``, ``SCORE`` (NS), ``NS_MATCH_POINTS``, ``EW_MATCH_POINTS``,
``TABLE_NUMBER``, ``ROUND_NUMBER``).  The declared board list and registration order are not
carried; the boards are those that have traveller lines.
For a team match the traveller line names the teams and ``ROOM`` (``OPEN``/``CLOSED``) says
which; an adjusted score is written ``ADJUSTED`` (e.g. ``A+/A-``) and a weighted one
``WEIGHTED`` (``60%:+430; 40%:-50``) — these three elements are our extension.  Other programs
write an artificial score in ``SCORE`` as ``A`` and the two sides' percentages (``A6040``:
60% to NS, 40% to EW); we read that (60/50/40 as Average-plus/Average/Average-minus, other
figures as percentages) and write it next to ``ADJUSTED`` when it can be expressed so.
The file starts with the USEBIO 1.2 document type (``usebio_v1_2.dtd``).

A file that already carries scores (``NS_MATCH_POINTS``/``EW_MATCH_POINTS`` on the traveller
lines; ``PLACE``, ``TOTAL_SCORE`` and ``PERCENTAGE`` for the pairs) can be compared with ours:
``compare(read(text), scores)`` lists every difference (``bridgescore.events.compare``).
"""

from __future__ import annotations

import re
import xml.parsers.expat
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from ..errors import BridgeError, FileFormatError
from ..result import Result
from .adjusted import award_text as _award
from .compare import Carried, Comparison
from .compare import compare as compare_carried
from .csvfmt import _result, _weighted
from .figures import fixed
from .model import (
    Award,
    BoardResult,
    Pair,
    Session,
    SessionScores,
    Team,
    TeamMatch,
    parse_award,
)

__all__ = ["UsebioFile", "compare", "comparison", "dumps", "loads", "read"]

_SCORING = {"mp": "MATCH_POINTS", "ximp": "CROSS_IMPS", "butler": "BUTLER_IMPS",
            "online": "BUTLER_IMPS", "total": "AGGREGATE"}


@dataclass
class _Node:
    tag: str
    line: int
    children: list[_Node] = field(default_factory=list)
    text: str = ""

    def find(self, tag: str) -> _Node | None:
        return next((c for c in self.children if c.tag == tag), None)

    def all(self, tag: str) -> list[_Node]:
        return [c for c in self.children if c.tag == tag]

    def value(self, tag: str) -> str:
        n = self.find(tag)
        return "" if n is None else n.text.strip()


# Expat's commonest complaints, for the Chinese message.
_EXPAT_ZH = {
    "syntax error": "语法错误",
    "no element found": "文件不完整（缺少元素）",
    "not well-formed (invalid token)": "格式不正确（无效字符）",
    "unclosed token": "记号未闭合",
    "mismatched tag": "开始与结束标签不匹配",
    "junk after document element": "根元素之后有多余内容",
    "undefined entity": "未定义的实体",
    "duplicate attribute": "重复的属性",
    "unclosed CDATA section": "CDATA 段未闭合",
}


def _parse_xml(text: str, source: str | None) -> _Node:
    """A small tree with line numbers (ElementTree does not keep them)."""
    parser = xml.parsers.expat.ParserCreate()
    stack: list[_Node] = []
    root: list[_Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = _Node(tag.upper(), parser.CurrentLineNumber)
        for k, v in attrs.items():  # attributes read like child elements
            node.children.append(_Node(k.upper(), parser.CurrentLineNumber, text=v))
        (stack[-1].children if stack else root).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def chars(data: str) -> None:
        if stack:
            stack[-1].text += data

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        parser.Parse(text, True)
    except xml.parsers.expat.ExpatError as e:
        # Inside a <BOARD> whose number was read: name it, so the director finds the spot.
        board = next((n.value("BOARD_NUMBER") for n in reversed(stack) if n.tag == "BOARD"), "")
        where_en = f"board {board}: " if board.isdigit() else ""
        where_zh = f"第{board}副：" if board.isdigit() else ""
        reason = xml.parsers.expat.ErrorString(e.code) or "error"
        raise FileFormatError(
            f"{where_en}malformed XML: {reason}",
            f"{where_zh}XML 格式错误：{_EXPAT_ZH.get(reason, reason)}",
            path=source, line=e.lineno) from None
    if not root or root[0].tag != "USEBIO":
        raise FileFormatError("not a USEBIO file: expected a <USEBIO> root element",
                              "不是 USEBIO 文件：根元素应为 <USEBIO>", path=source, line=1)
    return root[0]


@dataclass
class UsebioFile:
    item: Session | TeamMatch
    scoring: str | None  # ours: mp, ximp, butler, total; None when the file does not say
    carried: Carried = field(default_factory=Carried)


_METHODS = {v: k for k, v in _SCORING.items() if k != "online"}
_METHODS["IMPS"] = "ximp"


def read(text: str, source: str | None = None) -> UsebioFile:
    root = _parse_xml(text, source)
    event = root.find("EVENT")
    if event is None:
        raise FileFormatError("no <EVENT> element", "缺少 <EVENT> 元素", path=source, line=root.line)
    etype = event.value("EVENT_TYPE").upper()
    teams = "TEAM" in etype
    participants = event.find("PARTICIPANTS")
    two = event.value("WINNER_TYPE") == "2"
    # Mitchell files may number NS and EW pairs alike (NS 1, EW 1): keep such EW pairs apart.
    ns_numbers = {t.value("NS_PAIR_NUMBER") for b in event.all("BOARD") for t in b.all("TRAVELLER_LINE")}
    ew_numbers = {t.value("EW_PAIR_NUMBER") for b in event.all("BOARD") for t in b.all("TRAVELLER_LINE")}
    clash = two and not teams and bool(ns_numbers & ew_numbers)

    def key_of(number: str, direction: str) -> str:
        return _pair_key(number, direction) if clash else number

    pairs: dict[str, Pair] = {}
    team_list: list[Team] = []
    carried = Carried(_METHODS.get(event.value("BOARD_SCORING_METHOD").upper()))
    if participants is not None:
        for order, p in enumerate(participants.all("PAIR"), 1):
            num = p.value("PAIR_NUMBER")
            direction = p.value("DIRECTION").upper()
            key = key_of(num, direction)
            names = tuple(x.value("PLAYER_NAME") for x in p.all("PLAYER") if x.value("PLAYER_NAME"))
            pairs[key] = Pair(key, names, registration=order)
            for tag, store in (("PLACE", carried.places), ("TOTAL_SCORE", carried.totals),
                               ("PERCENTAGE", carried.percentages)):
                if p.value(tag):
                    store[key] = p.value(tag)
        for t in participants.all("TEAM"):
            names = tuple(x.value("PLAYER_NAME") for x in t.all("PLAYER") if x.value("PLAYER_NAME"))
            team_list.append(Team(t.value("TEAM_NUMBER") or t.value("TEAM_NAME"),
                                  t.value("TEAM_NAME"), names))
    results: list[BoardResult] = []
    for b in event.all("BOARD"):
        try:
            number = int(b.value("BOARD_NUMBER"))
        except ValueError:
            raise FileFormatError(f"invalid board number {b.value('BOARD_NUMBER')!r}",
                                  f"无效的牌副号 {b.value('BOARD_NUMBER')!r}",
                                  path=source, line=b.line) from None
        for t in b.all("TRAVELLER_LINE"):
            ns, ew = t.value("NS_PAIR_NUMBER"), t.value("EW_PAIR_NUMBER")
            ns, ew = key_of(ns, "NS"), key_of(ew, "EW")
            try:
                r = _line(t, number, ns, ew, source)
            except FileFormatError:
                raise
            except BridgeError as e:
                raise FileFormatError(f"board {number}: {e.en}", f"第{number}副：{e.zh}",
                                      path=source, line=t.line) from None
            results.append(r)
            nsm, ewm = t.value("NS_MATCH_POINTS"), t.value("EW_MATCH_POINTS")
            if nsm and ewm:
                try:
                    _ = float(nsm) + float(ewm)  # checked here, where the line is known
                except ValueError:
                    raise FileFormatError(f"board {number}: invalid match points {nsm!r}/{ewm!r}",
                                          f"第{number}副：无效的比赛分 {nsm!r}/{ewm!r}",
                                          path=source, line=t.line) from None
                carried.results[(number, ns, ew)] = (nsm, ewm)
    try:
        item: Session | TeamMatch
        if teams:
            if len(team_list) != 2:
                raise FileFormatError("a team match needs exactly two <TEAM> participants",
                                      "队式赛需要恰好两个 <TEAM> 参赛队", path=source)
            item = TeamMatch(team_list[0], team_list[1], tuple(results),
                             name=event.value("EVENT_DESCRIPTION"))
        else:
            item = Session(tuple(results), pairs=pairs, name=event.value("EVENT_DESCRIPTION"),
                           winners=2 if two else 1 if event.value("WINNER_TYPE") == "1" else 0)
    except FileFormatError:
        raise
    except BridgeError as e:
        raise FileFormatError(e.en, e.zh, path=source) from None
    return UsebioFile(item, carried.scoring, carried)


def loads(text: str, source: str | None = None) -> Session | TeamMatch:
    return read(text, source).item


def _pair_key(number: str, direction: str) -> str:
    """When a Mitchell file numbers both directions from 1, NS 1 is ``1`` and EW 1 ``1EW``."""
    return f"{number}EW" if direction.upper() in ("EW", "E", "W", "EAST-WEST") else number


def _line(t: _Node, board: int, ns: str, ew: str, source: str | None) -> BoardResult:
    common = {"board": board, "ns_pair": ns, "ew_pair": ew, "lead": t.value("LEAD") or None,
              "table": _whole(t.value("TABLE_NUMBER")), "round": _whole(t.value("ROUND_NUMBER")),
              "line": t.line, "source": source}
    adjusted = t.value("ADJUSTED")
    if adjusted:
        a, _, b = adjusted.partition("/")
        awards: tuple[Award, Award] = (parse_award(a), parse_award(b or a))
        return BoardResult(**common, ns_award=awards[0], ew_award=awards[1])  # type: ignore[arg-type]
    if t.value("WEIGHTED"):
        return BoardResult(**common, weighted=_weighted(t.value("WEIGHTED")))  # type: ignore[arg-type]
    score_text = t.value("SCORE")
    split = _A_SCORE.fullmatch(score_text.upper())
    if split:  # an artificial score: whatever CONTRACT says (often "A" or empty) is not a result
        ns_a, ew_a = (_A_CODES.get(int(x), float(int(x))) for x in split.groups())
        return BoardResult(**common, ns_award=ns_a, ew_award=ew_a)  # type: ignore[arg-type]
    contract = t.value("CONTRACT").replace("*", "X")
    result: Result | None = None
    if contract.upper() in ("PASS", "P", "PASSED OUT", "ALL PASS"):
        result = Result.passed_out()
    elif contract:
        tricks = t.value("TRICKS")
        result = _result(contract, t.value("PLAYED_BY")[:1], tricks if tricks else "")
    score = None
    if score_text:
        try:
            score = int(score_text)
        except ValueError:
            raise BridgeError(f"invalid score {score_text!r}", f"无效的得分 {score_text!r}") from None
    if result is None and score is None:
        raise BridgeError("no result: expected CONTRACT or SCORE", "没有结果：应有 CONTRACT 或 SCORE")
    return BoardResult(**common, result=result, score=score)  # type: ignore[arg-type]


# "A6040": an artificial score, 60% to NS and 40% to EW (as other scoring programs write it).
_A_SCORE = re.compile(r"A(\d\d)(\d\d)")
_A_CODES: dict[int, Award] = {60: "A+", 50: "A", 40: "A-"}
_A_PERCENT = {"A+": 60, "A": 50, "A-": 40}


def _a_score(r: BoardResult) -> str | None:
    """``A6040`` for an artificial score both sides of which are whole percentages below 100."""
    out = []
    for a in (r.ns_award, r.ew_award):
        pct = _A_PERCENT[a] if isinstance(a, str) else a
        if pct is None or not float(pct).is_integer() or not 0 <= pct < 100:
            return None
        out.append(f"{int(pct):02d}")
    return "A" + "".join(out)


def _whole(text: str) -> int | None:
    if not text:
        return None
    if not text.isdigit() or int(text) < 1:
        raise BridgeError(f"invalid table or round number {text!r}: expected a whole number from 1",
                          f"无效的桌号或轮次 {text!r}：应为从 1 起的整数")
    return int(text)


def comparison(carried: UsebioFile, ours: SessionScores) -> Comparison:
    """The file's carried scores against ours (``bridgescore.events.compare``)."""
    return compare_carried(carried.carried, ours)


def compare(carried: UsebioFile, ours: SessionScores) -> list[str]:
    """Every place where the file's scores or places differ from ours (empty: they agree)."""
    return [d.text("en", lambda pid: _number(pid, carried.item))
            for d in comparison(carried, ours).differences]


def _number(pid: str, session: Session | TeamMatch) -> str:
    """The printed pair number: ``1EW`` is EW pair 1 when NS pair 1 also exists."""
    if pid.endswith("EW") and isinstance(session, Session) and pid[:-2] in session.pairs:
        return pid[:-2]
    return pid


def _el(tag: str, value: object, indent: int) -> str:
    return f"{' ' * indent}<{tag}>{escape(str(value))}</{tag}>\n"


def dumps(item: Session | TeamMatch | SessionScores) -> str:
    """USEBIO 1.2 XML for a session (with its scores when given ``SessionScores``) or a match."""
    scores = item if isinstance(item, SessionScores) else None
    if isinstance(item, SessionScores):
        if item.session is None:
            raise BridgeError("these scores carry no session to write",
                              "该成绩不含可写出的比赛数据")
        item = item.session
    teams = isinstance(item, TeamMatch)
    directions = item.directions() if isinstance(item, Session) else {}
    two = any(v is not None for v in directions.values())
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n',
             '<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">\n', '<USEBIO Version="1.2">\n']
    parts.append(f'  <EVENT EVENT_TYPE="{"TEAMS" if teams else "PAIRS"}">\n')
    parts.append(_el("EVENT_DESCRIPTION", item.name, 4))
    parts.append(_el("BOARD_SCORING_METHOD",
                     "IMPS" if teams else _SCORING[scores.scoring] if scores else "MATCH_POINTS", 4))
    if not teams:
        parts.append(_el("WINNER_TYPE", 2 if two else 1, 4))
    parts.append("    <PARTICIPANTS>\n")
    if isinstance(item, TeamMatch):
        for i, t in enumerate((item.home, item.away)):
            parts.append("      <TEAM>\n" + _el("TEAM_NUMBER", t.id, 8) + _el("TEAM_NAME", t.name, 8))
            parts += [f"        <PLAYER>\n{_el('PLAYER_NAME', n, 10)}        </PLAYER>\n"
                      for n in t.players]
            parts.append(_el("HOME", "YES" if i == 0 else "NO", 8) + "      </TEAM>\n")
    else:
        placed = {p.pair: p for p in scores.pairs} if scores else {}
        for pid, pair in item.pairs.items():
            side = directions.get(pid)
            parts.append("      <PAIR>\n" + _el("PAIR_NUMBER", _number(pid, item), 8))
            if side is not None:
                parts.append(_el("DIRECTION", side.name, 8))
            parts += [f"        <PLAYER>\n{_el('PLAYER_NAME', n, 10)}        </PLAYER>\n"
                      for n in pair.names]
            if pid in placed:
                ps = placed[pid]
                if ps.place:
                    parts.append(_el("PLACE", ps.place, 8))
                parts.append(_el("TOTAL_SCORE", f"{ps.total:g}", 8))
                if ps.percentage is not None:
                    parts.append(_el("PERCENTAGE", fixed(ps.percentage), 8))
            parts.append("      </PAIR>\n")
    parts.append("    </PARTICIPANTS>\n")
    by_board: dict[int, list[BoardResult]] = {}
    for r in item.results:
        by_board.setdefault(r.board, []).append(r)
    scored = {(b.board, id(s.result)): s for b in scores.boards for s in b.results} if scores else {}
    for number in sorted(by_board):
        parts.append(f"    <BOARD>\n{_el('BOARD_NUMBER', number, 6)}")
        for r in by_board[number]:
            ns, ew = r.ns_pair, r.ew_pair
            if isinstance(item, Session):
                ns, ew = _number(ns, item), _number(ew, item)
            parts.append("      <TRAVELLER_LINE>\n" + _el("NS_PAIR_NUMBER", ns, 8)
                         + _el("EW_PAIR_NUMBER", ew, 8))
            if r.table is not None:
                parts.append(_el("TABLE_NUMBER", r.table, 8))
            if r.round is not None:
                parts.append(_el("ROUND_NUMBER", r.round, 8))
            if isinstance(item, TeamMatch):
                parts.append(_el("ROOM", "OPEN" if r.ns_pair == item.home.id else "CLOSED", 8))
            if r.kind == "artificial":
                parts.append(_el("ADJUSTED", f"{_award(r.ns_award)}/{_award(r.ew_award)}", 8))
                a_score = _a_score(r)
                if a_score is not None:
                    parts.append(_el("SCORE", a_score, 8))
            elif r.kind == "weighted":
                parts.append(_el("WEIGHTED", "; ".join(f"{w * 100:g}%:{s:+d}" for w, s in r.weighted), 8))
            else:
                if r.result is not None and r.result.declarer is not None:
                    parts.append(_el("CONTRACT", r.result.contract, 8)
                                 + _el("PLAYED_BY", r.result.declarer, 8))
                    if r.lead:
                        parts.append(_el("LEAD", r.lead, 8))
                    parts.append(_el("TRICKS", r.result.tricks, 8))
                elif r.result is not None:
                    parts.append(_el("CONTRACT", "PASS", 8))
                parts.append(_el("SCORE", r.score, 8))
            s = scored.get((number, id(r)))
            if s is not None:
                parts.append(_el("NS_MATCH_POINTS", f"{s.ns:g}", 8) + _el("EW_MATCH_POINTS", f"{s.ew:g}", 8))
            parts.append("      </TRAVELLER_LINE>\n")
        parts.append("    </BOARD>\n")
    parts.append("  </EVENT>\n</USEBIO>\n")
    return "".join(parts)
