"""PBN result sections (PBN 2.1): ``ScoreTable`` per board and ``TotalScoreTable`` per event,
for pairs sessions.  Built on :mod:`bridgescore.formats.pbn`.

Each game (board) carries a ``ScoreTable`` whose columns we read by name: ``PairId_NS``,
``PairId_EW``, ``Contract``, ``Declarer``, ``Result`` (tricks taken), ``Lead``, ``Table``,
``Round``, ``Score_NS``/``Score_EW`` (``-`` when the other side scored), and the scores
``MP_NS``/``MP_EW`` or ``IMP_NS``/``IMP_EW`` when written.  The ``TotalScoreTable`` lists
``Rank``, ``PairId``, ``Direction``, ``TotalScoreMP``/``TotalScoreIMP``, ``TotalPercentage``
and ``Names``.  An adjusted score is written in ``Contract`` as ``A+/A-`` (our convention).

>>> from bridgescore.events.model import BoardResult, Session
>>> from bridgescore.events.matchpoints import score_matchpoints
>>> s = Session((BoardResult(1, "1", "2", score=420), BoardResult(1, "3", "4", score=-50)))
>>> loads(dumps(score_matchpoints(s))).results == s.results
True
"""

from __future__ import annotations

from ..board import Board
from ..errors import BridgeError, FileFormatError
from ..formats import pbn
from .csvfmt import _artificial
from .model import Award, BoardResult, Pair, Session, SessionScores

__all__ = ["dumps", "loads"]


def _cell(d: dict[str, str], *names: str) -> str:
    for n in names:
        for k, v in d.items():
            if k.lower() == n.lower() and v not in ("-", ""):
                return v
    return ""


def loads(text: str, source: str | None = None) -> Session:
    """Read the ScoreTables of a PBN file into a session (every row becomes a result)."""
    games = pbn.loads(text, strict=True, path=source)
    results: list[BoardResult] = []
    pairs: dict[str, Pair] = {}
    name = ""
    for g in games:
        name = name or (g.tag("Event") or "").strip("#").strip()
        total = g.table("TotalScoreTable")
        if total is not None:
            for order, trow in enumerate(total.dicts(), 1):
                pid = _cell(trow, "PairId")
                if pid:
                    names = tuple(x.strip() for x in _cell(trow, "Names").replace(" - ", ",").split(",")
                                  if x.strip())
                    pairs[pid] = Pair(pid, names, registration=order)
        table_tag = g.get("ScoreTable")
        if table_tag is None:
            continue
        try:
            board = Board.parse(g.tag("Board") or "").number
        except BridgeError as e:
            raise FileFormatError(e.en, e.zh, path=source, line=table_tag.line) from None
        table = table_tag.table()
        for row, cells in zip(table.rows, table.dicts(), strict=True):
            try:
                results.append(_row(cells, board, row.line, source))
            except FileFormatError:
                raise
            except BridgeError as e:
                raise FileFormatError(f"board {board}: {e.en}", f"第{board}副：{e.zh}",
                                      path=source, line=row.line) from None
    if not results:
        raise FileFormatError("no ScoreTable with results in this PBN file",
                              "该 PBN 文件中没有含结果的 ScoreTable", path=source)
    try:
        return Session(tuple(results), pairs=pairs, name=name)
    except FileFormatError:
        raise
    except BridgeError as e:
        raise FileFormatError(e.en, e.zh, path=source) from None


def _int(text: str, what: str) -> int | None:
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise BridgeError(f"invalid {what} {text!r}: expected a whole number",
                          f"无效的 {what} {text!r}：应为整数") from None


def _row(d: dict[str, str], board: int, line: int, source: str | None) -> BoardResult:
    from ..result import Result

    common = {"board": board, "ns_pair": _cell(d, "PairId_NS"), "ew_pair": _cell(d, "PairId_EW"),
              "lead": _cell(d, "Lead") or None, "table": _int(_cell(d, "Table"), "Table"),
              "round": _int(_cell(d, "Round"), "Round"), "line": line, "source": source}
    contract = _cell(d, "Contract")
    awards = _artificial(contract) if "/" in contract or contract.upper() == "A" else None
    if awards is not None:
        return BoardResult(**common, ns_award=awards[0], ew_award=awards[1])  # type: ignore[arg-type]
    result = None
    if contract.lower() in ("pass", "p"):
        result = Result.passed_out()
    elif contract:
        tricks = _int(_cell(d, "Result"), "Result")
        declarer = _cell(d, "Declarer")
        if tricks is None or not declarer:
            raise BridgeError(f"contract {contract} needs Declarer and Result (tricks)",
                              f"定约 {contract} 需要 Declarer 和 Result（墩数）")
        result = Result.parse(f"{contract} {declarer} {tricks} tricks")
    ns = _int(_cell(d, "Score_NS"), "Score_NS")
    ew = _int(_cell(d, "Score_EW"), "Score_EW")
    score = ns if ns is not None else (-ew if ew is not None else None)
    if result is None and score is None:
        raise BridgeError("no result: expected Contract or Score_NS/Score_EW",
                          "没有结果：应有 Contract 或 Score_NS/Score_EW")
    return BoardResult(**common, result=result, score=score)  # type: ignore[arg-type]


def _award(a: Award | None) -> str:
    return "" if a is None else a if isinstance(a, str) else f"{a:g}%"


def _q(text: str) -> str:
    return text if text and " " not in text and '"' not in text else '"' + text.replace('"', "'") + '"'


def dumps(item: Session | SessionScores) -> str:
    """A PBN file: one game per board with its ScoreTable; the TotalScoreTable in the first."""
    scores = item if isinstance(item, SessionScores) else None
    session = item.session if isinstance(item, SessionScores) else item
    if session is None:
        raise BridgeError("these scores carry no session to write", "该成绩不含可写出的比赛数据")
    imp = scores is not None and scores.scoring != "mp"
    value_cols = ("IMP_NS\\6R;IMP_EW\\6R" if imp else "MP_NS\\6R;MP_EW\\6R") if scores else ""
    scored = {id(s.result): s for b in scores.boards for s in b.results} if scores else {}
    out: list[str] = []
    for i, (number, rs) in enumerate(session.by_board().items()):
        b = Board(number)
        out.append(f'[Event "{pbn.escape(session.name) if i == 0 else "#"}"]')
        out.append(f'[Board "{number}"]')
        out.append(f'[Dealer "{b.dealer}"]')
        out.append(f'[Vulnerable "{("None", "NS", "EW", "All")[b.vulnerability.value]}"]')
        if i == 0 and scores is not None:
            kind = "IMP" if imp else "MP"
            out.append(f'[TotalScoreTable "Rank\\3R;PairId\\4R;Direction\\2R;TotalScore{kind}\\8R;'
                       'TotalPercentage\\6R;Names\\30L"]')
            for p in scores.pairs:
                names = " - ".join(session.pairs[p.pair].names) if p.pair in session.pairs else ""
                out.append(" ".join([
                    _q(p.place) if p.place else "-", _q(p.pair),
                    p.direction.name if p.direction else "-", f"{p.total:g}",
                    "-" if p.percentage is None else f"{p.percentage:.2f}", _q(names) or "-"]))
        header = "Table\\2R;Round\\2R;PairId_NS\\4R;PairId_EW\\4R;Contract\\6L;Declarer\\1R;" \
                 "Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R"
        out.append(f'[ScoreTable "{header}{";" + value_cols if value_cols else ""}"]')
        for r in rs:
            if r.kind == "weighted":
                raise BridgeError(f"board {number}: PBN ScoreTable has no way to write a weighted score",
                                  f"第{number}副：PBN ScoreTable 无法写出加权判分")
            if r.kind == "artificial":
                contract, decl, tricks = f"{_award(r.ns_award)}/{_award(r.ew_award)}", "-", "-"
            elif r.result is None:
                contract, decl, tricks = "-", "-", "-"
            elif r.result.declarer is None:
                contract, decl, tricks = "Pass", "-", "-"
            else:
                contract = str(r.result.contract)
                decl, tricks = str(r.result.declarer), str(r.result.tricks)
            ns = "-" if r.score is None or r.score < 0 else str(r.score)
            ew = "-" if r.score is None or r.score >= 0 else str(-r.score)
            if r.score == 0:
                ns = ew = "0"
            cells = ["-" if r.table is None else str(r.table), "-" if r.round is None else str(r.round),
                     _q(r.ns_pair), _q(r.ew_pair), contract, decl, tricks, _q(r.lead or "") or "-",
                     ns, ew]
            s = scored.get(id(r))
            if s is not None:
                cells += [f"{s.ns:g}", f"{s.ew:g}"]
            out.append(" ".join(cells))
        out.append("")
    return "\n".join(out)
