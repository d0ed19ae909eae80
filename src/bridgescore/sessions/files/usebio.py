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
``compare(read(text), scores)`` lists every difference (``bridgescore.sessions.files.compare``).
"""

from __future__ import annotations

import math
import re
import xml.sax
import xml.sax.handler
import xml.sax.xmlreader
from dataclasses import dataclass, field
from xml.parsers import expat
from xml.sax.expatreader import ExpatLocator
from xml.sax.saxutils import escape

from defusedxml.common import DefusedXmlException
from defusedxml.expatreader import DefusedExpatParser

from ...core.errors import BridgeError, FileFormatError
from ...core.figures import fixed
from ...core.result import Result
from ...formats.textfile import excerpt
from ..adjusted import award_text as _award
from ..model import Award, BoardResult, Pair, Session, Team, TeamMatch, parse_award
from ..scores import SessionScores
from .badlines import BadLines
from .cells import ident, whole
from .cells import result as parse_result
from .cells import score as parse_score
from .cells import weighted as parse_weighted
from .compare import Carried, Comparison
from .compare import compare as compare_carried

__all__ = ["UsebioFile", "compare", "comparison", "dumps", "loads", "read"]

_SCORING = {"mp": "MATCH_POINTS", "ximp": "CROSS_IMPS", "butler": "BUTLER_IMPS",
            "online": "BUTLER_IMPS", "total": "AGGREGATE"}
# No value in a USEBIO file is longer; a longer one stops the reading at once, so a crafted
# file (a text of millions of entities) costs no more than its size.
_MAX_TEXT = 10_000


@dataclass
class _Node:
    tag: str
    line: int
    children: list[_Node] = field(default_factory=list)
    text: str = ""
    parts: list[str] = field(default_factory=list)
    size: int = 0

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


class _TooLong(Exception):
    def __init__(self, node: _Node) -> None:
        self.node = node


class _Builder(xml.sax.handler.ContentHandler):
    """A small tree with line numbers (ElementTree does not keep them)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[_Node] = []
        self.root: list[_Node] = []
        self.locator: xml.sax.xmlreader.Locator | None = None

    def setDocumentLocator(self, locator: xml.sax.xmlreader.Locator) -> None:
        self.locator = locator

    def line(self) -> int:
        n = self.locator.getLineNumber() if self.locator is not None else None
        return n or 0

    def startElement(self, name: str, attrs: xml.sax.xmlreader.AttributesImpl) -> None:
        line = self.line()
        node = _Node(name.upper(), line)
        for k, v in attrs.items():  # attributes read like child elements
            node.children.append(_Node(k.upper(), line, text=v))
        (self.stack[-1].children if self.stack else self.root).append(node)
        self.stack.append(node)

    def endElement(self, name: str) -> None:
        node = self.stack.pop()
        node.text, node.parts = "".join(node.parts), []

    def characters(self, content: str) -> None:
        if self.stack:
            node = self.stack[-1]
            # Pieces joined once at the end: adding to a string each time is quadratic.
            node.parts.append(content)
            node.size += len(content)
            if node.size > _MAX_TEXT:
                raise _TooLong(node)


class _Parser(DefusedExpatParser):
    """Entity declarations and external references refused (defusedxml); the external DTD a
    USEBIO file names (``usebio_v1_2.dtd``) never fetched; character data handed over in large
    pieces."""

    def reset(self) -> None:
        super().reset()
        inner: expat.XMLParserType = self._parser  # type: ignore[attr-defined]
        inner.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        inner.buffer_text = True
        inner.buffer_size = 1 << 16


def _parse_xml(text: str, source: str | None) -> _Node:
    builder = _Builder()
    parser = _Parser()
    parser.setContentHandler(builder)
    # feed() (unlike parse()) gives the handler no locator: lines come from this one.
    builder.setDocumentLocator(ExpatLocator(parser))

    def board_here() -> tuple[str, str]:
        # Inside a <BOARD> whose number was read: name it, so the director finds the spot.
        board = next((n.value("BOARD_NUMBER") for n in reversed(builder.stack)
                      if n.tag == "BOARD"), "")
        ok = board.isdigit() and len(board) < 10
        return (f"board {board}: " if ok else "", f"第{board}副：" if ok else "")

    try:
        parser.feed(text)
        parser.close()
    except xml.sax.SAXParseException as e:
        where_en, where_zh = board_here()
        reason = e.getMessage() or "error"
        raise FileFormatError(
            f"{where_en}malformed XML: {reason}",
            f"{where_zh}XML 格式错误：{_EXPAT_ZH.get(reason, reason)}",
            path=source, line=e.getLineNumber()) from None
    except DefusedXmlException:
        raise FileFormatError(
            "entity declarations and external entities are not allowed in a results file",
            "结果文件中不允许实体声明和外部实体", path=source, line=builder.line()) from None
    except _TooLong as e:
        where_en, where_zh = board_here()
        raise FileFormatError(
            f"{where_en}<{e.node.tag}> is too long (more than {_MAX_TEXT:,} characters)",
            f"{where_zh}<{e.node.tag}> 太长（超过 {_MAX_TEXT} 个字符）",
            path=source, line=e.node.line) from None
    if not builder.root or builder.root[0].tag != "USEBIO":
        raise FileFormatError("not a USEBIO file: expected a <USEBIO> root element",
                              "不是 USEBIO 文件：根元素应为 <USEBIO>", path=source, line=1)
    return builder.root[0]


@dataclass
class UsebioFile:
    item: Session | TeamMatch
    scoring: str | None  # ours: mp, ximp, butler, total; None when the file does not say
    carried: Carried = field(default_factory=Carried)


_METHODS = {v: k for k, v in _SCORING.items() if k != "online"}
_METHODS["IMPS"] = "ximp"


def _scoring_method(event: _Node, source: str | None) -> str | None:
    """Our name for the file's BOARD_SCORING_METHOD; None when the file does not say.

    A value we do not know is an error: taken as "not said" it would silently score the
    event by matchpoints when the file asks for something else."""
    said = event.value("BOARD_SCORING_METHOD").strip()
    if not said:
        return None
    method = _METHODS.get(said.upper())
    if method is None:
        node = event.find("BOARD_SCORING_METHOD")
        known = ", ".join(_METHODS)
        raise FileFormatError(
            f"unknown BOARD_SCORING_METHOD {excerpt(said)!r}: expected one of {known}",
            f"未知的 BOARD_SCORING_METHOD {excerpt(said)!r}：应为 {known} 之一",
            path=source, line=node.line if node is not None else event.line)
    return method


def _lead(text: str) -> str | None:
    """A traveller's lead; none when empty or ``-`` (what scorers write for no lead)."""
    return None if text in ("", "-") else text


def read(text: str, source: str | None = None) -> UsebioFile:
    root = _parse_xml(text, source)
    event = root.find("EVENT")
    if event is None:
        raise FileFormatError("no <EVENT> element", "缺少 <EVENT> 元素", path=source, line=root.line)
    etype = event.value("EVENT_TYPE").upper()
    teams = "TEAM" in etype
    participants = event.find("PARTICIPANTS")
    winner_type = event.value("WINNER_TYPE")
    if winner_type not in ("", "1", "2"):
        node = event.find("WINNER_TYPE")
        raise FileFormatError(f"invalid WINNER_TYPE {excerpt(winner_type)!r}: expected 1 (one "
                              "winner, e.g. a Howell) or 2 (two winners, a Mitchell)",
                              f"无效的 WINNER_TYPE {excerpt(winner_type)!r}：应为 1（单冠军，如豪威尔）"
                              "或 2（双冠军，米切尔）", path=source,
                              line=node.line if node is not None else event.line)
    two = winner_type == "2"
    # Mitchell files may number NS and EW pairs alike (NS 1, EW 1): keep such EW pairs apart.
    ns_numbers = {t.value("NS_PAIR_NUMBER") for b in event.all("BOARD") for t in b.all("TRAVELLER_LINE")}
    ew_numbers = {t.value("EW_PAIR_NUMBER") for b in event.all("BOARD") for t in b.all("TRAVELLER_LINE")}
    clash = two and not teams and bool(ns_numbers & ew_numbers)

    def key_of(number: str, direction: str) -> str:
        return _pair_key(number, direction) if clash else number

    pairs: dict[str, Pair] = {}
    team_list: list[Team] = []
    carried = Carried(_scoring_method(event, source))
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
    # Every traveller line is read before stopping, as in CSV files: one message lists them all.
    bad = BadLines()
    for b in event.all("BOARD"):
        text = b.value("BOARD_NUMBER")
        if not (text.isascii() and text.isdigit() and len(text) <= 9 and int(text) >= 1):
            bad.add(FileFormatError(f"invalid board number {excerpt(text)!r}: expected a whole "
                                    "number from 1 up", f"无效的牌副号 {excerpt(text)!r}：应为从 1 "
                                    "起的整数", path=source, line=b.line))
            continue
        number = int(text)
        for t in b.all("TRAVELLER_LINE"):
            ns, ew = t.value("NS_PAIR_NUMBER"), t.value("EW_PAIR_NUMBER")
            ns, ew = key_of(ns, "NS"), key_of(ew, "EW")
            try:
                ident(ns, "NS_PAIR_NUMBER", "NS_PAIR_NUMBER")
                ident(ew, "EW_PAIR_NUMBER", "EW_PAIR_NUMBER")
                r = _line(t, number, ns, ew, source)
                nsm, ewm = t.value("NS_MATCH_POINTS"), t.value("EW_MATCH_POINTS")
                if nsm and ewm:
                    _points(nsm, ewm)  # checked here, where the line is known
                    carried.results[(number, ns, ew)] = (nsm, ewm)
            except FileFormatError as e:
                bad.add(e)
                continue
            except BridgeError as e:
                bad.add(FileFormatError(f"board {number}: {e.en}", f"第{number}副：{e.zh}",
                                        path=source, line=t.line))
                continue
            results.append(r)
    bad.raise_if_any()
    if not results:
        raise FileFormatError("no results: the file has no <BOARD> with a <TRAVELLER_LINE>",
                              "没有结果：文件中没有含 <TRAVELLER_LINE> 的 <BOARD>",
                              path=source, line=event.line)
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
                           winners=2 if two else 1 if winner_type == "1" else 0)
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
    common = {"board": board, "ns_pair": ns, "ew_pair": ew, "lead": _lead(t.value("LEAD")),
              "table": whole(t.value("TABLE_NUMBER"), "TABLE_NUMBER", "桌号 TABLE_NUMBER"),
              "round": whole(t.value("ROUND_NUMBER"), "ROUND_NUMBER", "轮次 ROUND_NUMBER"),
              "line": t.line, "source": source}
    adjusted = t.value("ADJUSTED")
    if adjusted:
        if len(adjusted) > 40:
            raise BridgeError(f"invalid ADJUSTED {excerpt(adjusted)!r}: too long",
                              f"无效的 ADJUSTED {excerpt(adjusted)!r}：太长")
        a, _, b = adjusted.partition("/")
        awards: tuple[Award, Award] = (parse_award(a), parse_award(b or a))
        return BoardResult(**common, ns_award=awards[0], ew_award=awards[1])  # type: ignore[arg-type]
    if t.value("WEIGHTED"):
        return BoardResult(**common, weighted=parse_weighted(t.value("WEIGHTED")))  # type: ignore[arg-type]
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
        result = parse_result(contract, t.value("PLAYED_BY")[:1], tricks if tricks else "")
    score = parse_score(score_text, "SCORE", "得分 SCORE") if score_text else None
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


def _points(ns: str, ew: str) -> None:
    """The match points a traveller line carries: two finite numbers."""
    try:
        ok = len(ns) <= 20 and len(ew) <= 20 and math.isfinite(float(ns) + float(ew))
    except ValueError:
        ok = False
    if not ok:
        raise BridgeError(f"invalid match points {excerpt(ns)!r}/{excerpt(ew)!r}: expected two "
                          "numbers", f"无效的比赛分 {excerpt(ns)!r}/{excerpt(ew)!r}：应为两个数")


def comparison(carried: UsebioFile, ours: SessionScores) -> Comparison:
    """The file's carried scores against ours (``bridgescore.sessions.files.compare``)."""
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
