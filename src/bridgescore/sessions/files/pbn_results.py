"""PBN result sections (PBN 2.1): ``ScoreTable`` per board and ``TotalScoreTable`` per event,
for pairs sessions and team matches.  Built on :mod:`bridgescore.formats.pbn`.

**Pairs.**  Each game (board) carries a ``ScoreTable`` whose columns we read by name:
``PairId_NS``, ``PairId_EW``, ``Contract``, ``Declarer``, ``Result`` (tricks taken), ``Lead``,
``Table``, ``Round``, ``Score_NS``/``Score_EW`` (``-`` when the other side scored), and the
scores ``MP_NS``/``MP_EW`` or ``IMP_NS``/``IMP_EW`` when written.  The ``TotalScoreTable`` lists
``Rank``, ``PairId``, ``Direction``, ``TotalScoreMP``/``TotalScoreIMP``, ``TotalPercentage``
and ``Names``.  An adjusted score is written in ``Contract`` as ``A+/A-`` (our convention).

**Team match.**  Each game carries the PBN tags ``HomeTeam`` and ``VisitTeam`` (team names)
and a ``ScoreTable`` with a ``Room`` column (``Open``: the home team sits NS; ``Closed``: the
away team does) instead of pair numbers, and ``IMP_NS``/``IMP_EW`` when scored: the IMPs the
board gave to the team sitting NS/EW at that table, so a board's open- and closed-room rows
show the same swing, once from each side.  The ``TotalScoreTable`` of the first game lists
``TeamId``, ``TeamName``, ``Names`` (players) and, when scored, ``Rank``, ``TotalScoreIMP``
and ``TotalScoreVP``; a knockout carry-over is written in a ``CarryOver`` column (IMPs the
home team starts with; our extension).  A file is read as a team match when its games carry
``HomeTeam``/``VisitTeam`` or its ScoreTable has a ``Room`` column.

Scores a file carries (``MP_NS`` …, ``Rank``, totals and percentages) can be compared with ours
(``read(text).carried``; see :mod:`bridgescore.sessions.files.compare`).

>>> from bridgescore.sessions.model import BoardResult, Session
>>> from bridgescore.sessions.matchpoints import score_matchpoints
>>> s = Session((BoardResult(1, "1", "2", score=420), BoardResult(1, "3", "4", score=-50)))
>>> loads(dumps(score_matchpoints(s))).results == s.results
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...core.board import Board
from ...core.errors import BridgeError, FileFormatError
from ...core.figures import fixed
from ...formats import pbn
from ...formats.textfile import excerpt
from ..adjusted import award_text as _award
from ..model import BoardResult, Pair, Session, Team, TeamMatch
from ..scores import SessionScores
from .badlines import BadLines
from .cells import MAX_CELL, artificial, board_number, whole
from .compare import Carried

if TYPE_CHECKING:
    from ..teams import MatchScore

__all__ = ["PbnResultsFile", "dumps", "loads", "read"]


@dataclass
class PbnResultsFile:
    item: Session | TeamMatch
    carried: Carried = field(default_factory=Carried)


def _cell(d: dict[str, str], *names: str) -> str:
    for n in names:
        for k, v in d.items():
            if k.lower() == n.lower() and v not in ("-", ""):
                return v
    return ""


def _names(text: str) -> tuple[str, ...]:
    return tuple(x.strip() for x in text.replace(" - ", ",").split(",") if x.strip())


def loads(text: str, source: str | None = None) -> Session | TeamMatch:
    """Read the ScoreTables of a PBN file into a session or a team match."""
    return read(text, source).item


def read(text: str, source: str | None = None) -> PbnResultsFile:
    """Read a PBN results file with the scores it carries."""
    try:
        games = pbn.loads(text, strict=True, path=source)
    except FileFormatError as e:
        board = _board_before(text, e.line)
        if board is None or e.line is None:
            raise
        # The message already starts with "file:line: "; put the board after it.
        en_where, zh_where = f"{e.path}:{e.line}: ", f"{e.path}:{e.line}："
        en = e.en[len(en_where):] if e.en.startswith(en_where) else e.en
        zh = e.zh[len(zh_where):] if e.zh.startswith(zh_where) else e.zh
        raise FileFormatError(f"board {board}: {en}", f"第{board}副：{zh}",
                              path=source, line=e.line) from None
    teams = any(g.tag("HomeTeam") or g.tag("VisitTeam") for g in games) or any(
        (t := g.table("ScoreTable")) is not None and t.index("Room") is not None for g in games)
    results: list[BoardResult] = []
    pairs: dict[str, Pair] = {}
    team_rows: list[dict[str, str]] = []
    home_name = away_name = ""
    carried = Carried()
    name = ""
    bad = BadLines()
    for g in games:
        name = name or (g.tag("Event") or "").strip("#").strip()
        home_name = home_name or (g.tag("HomeTeam") or "")
        away_name = away_name or (g.tag("VisitTeam") or "")
        total = g.table("TotalScoreTable")
        if total is not None:
            kinds = [c.name.lower() for c in total.columns]
            if "totalscoremp" in kinds:
                carried.scoring = "mp"
            carried.imps = carried.imps or "totalscoreimp" in kinds
            for order, trow in enumerate(total.dicts(), 1):
                if teams:
                    team_rows.append(trow)
                    continue
                pid = _cell(trow, "PairId")
                if pid:
                    pairs[pid] = Pair(pid, _names(_cell(trow, "Names")), registration=order)
                    for col, store in ((("Rank",), carried.places),
                                       (("TotalScoreMP", "TotalScoreIMP"), carried.totals),
                                       (("TotalPercentage",), carried.percentages)):
                        if _cell(trow, *col):
                            store[pid] = _cell(trow, *col)
        table_tag = g.get("ScoreTable")
        if table_tag is None:
            continue
        board_text = g.tag("Board") or ""
        try:
            board = board_number(board_text)
        except BridgeError as e:
            bad.add(FileFormatError(e.en, e.zh, path=source, line=table_tag.line))
            continue
        table = table_tag.table()
        for row, cells in zip(table.rows, table.dicts(), strict=True):
            try:
                if teams:
                    room = _cell(cells, "Room").lower()
                    if room not in ("open", "closed"):
                        raise BridgeError(f"invalid Room {excerpt(_cell(cells, 'Room'))!r}: "
                                          "expected Open or Closed",
                                          f"无效的 Room {excerpt(_cell(cells, 'Room'))!r}：应为 "
                                          "Open（开室）或 Closed（闭室）")
                    # Team ids are settled once the whole file is read: keep the room for now.
                    ns, ew = ("\0home", "\0away") if room == "open" else ("\0away", "\0home")
                    results.append(_row(cells, board, row.line, source, ns, ew))
                else:
                    r = _row(cells, board, row.line, source)
                    results.append(r)
                    for a, b in (("MP_NS", "MP_EW"), ("IMP_NS", "IMP_EW")):
                        if _cell(cells, a) and _cell(cells, b):
                            carried.results[(board, r.ns_pair, r.ew_pair)] = (
                                _cell(cells, a), _cell(cells, b))
                            if a == "MP_NS":
                                carried.scoring = carried.scoring or "mp"
                            else:
                                carried.imps = True
            except FileFormatError as e:
                bad.add(e)
            except BridgeError as e:
                # Every row is read before stopping, as in CSV files: one message lists them all.
                bad.add(FileFormatError(f"board {board}: {e.en}", f"第{board}副：{e.zh}",
                                        path=source, line=row.line))
    bad.raise_if_any()
    if not results:
        raise FileFormatError("no ScoreTable with results in this PBN file",
                              "该 PBN 文件中没有含结果的 ScoreTable", path=source)
    try:
        if teams:
            return PbnResultsFile(_match(results, team_rows, home_name, away_name, name, source),
                                  carried)
        return PbnResultsFile(Session(tuple(results), pairs=pairs, name=name), carried)
    except FileFormatError:
        raise
    except BridgeError as e:
        raise FileFormatError(e.en, e.zh, path=source) from None


def _board_before(text: str, line: int | None) -> int | None:
    """The number of the last ``[Board "N"]`` tag at or before ``line``: the board a syntax
    error falls in."""
    import re

    if line is None:
        return None
    found = None
    for raw in text.splitlines()[:line]:
        m = re.match(r'\s*\[\s*Board\s+"\s*(\d+)\s*"', raw)
        if m:
            found = int(m.group(1))
    return found


def _match(results: list[BoardResult], rows: list[dict[str, str]], home_name: str,
           away_name: str, name: str, source: str | None) -> TeamMatch:
    """The two teams from the TotalScoreTable (ids, names, players) or the HomeTeam and
    VisitTeam tags; the home team is the one named by HomeTeam, else the first listed."""
    from dataclasses import replace

    teams = [Team(_cell(r, "TeamId") or _cell(r, "TeamName"), _cell(r, "TeamName"),
                  _names(_cell(r, "Names"))) for r in rows]
    teams = [t for t in teams if t.id]
    if not teams:
        teams = [Team(home_name or "Home", home_name), Team(away_name or "Away", away_name)]
    if len(teams) != 2:
        raise FileFormatError(f"a team match needs two teams in the TotalScoreTable, not "
                              f"{len(teams)}", f"队式赛的 TotalScoreTable 应有两个队，而不是 "
                              f"{len(teams)} 个", path=source)
    if home_name and home_name in (teams[1].name, teams[1].id) and \
            home_name not in (teams[0].name, teams[0].id):
        teams.reverse()
    home, away = teams
    carry = 0.0
    for r in rows:
        if _cell(r, "CarryOver") and (_cell(r, "TeamId") or _cell(r, "TeamName")) == home.id:
            try:
                carry = float(_cell(r, "CarryOver"))
            except ValueError:
                raise FileFormatError(f"invalid CarryOver {_cell(r, 'CarryOver')!r}: expected "
                                      "a number of IMPs", f"无效的 CarryOver "
                                      f"{_cell(r, 'CarryOver')!r}：应为 IMP 数", path=source) from None
    ids = {"\0home": home.id, "\0away": away.id}
    fixed = [replace(r, ns_pair=ids[r.ns_pair], ew_pair=ids[r.ew_pair]) for r in results]
    return TeamMatch(home, away, tuple(fixed), name=name, carry_over=carry)


def _int(text: str, what: str) -> int | None:
    if not text:
        return None
    body = text[1:] if text[:1] in "+-" else text
    if not (body.isascii() and body.isdigit() and len(body) <= 9):
        raise BridgeError(f"invalid {what} {excerpt(text)!r}: expected a whole number",
                          f"无效的 {what} {excerpt(text)!r}：应为整数")
    return int(text)


def _row(d: dict[str, str], board: int, line: int, source: str | None,
         ns_pair: str | None = None, ew_pair: str | None = None) -> BoardResult:
    from ...core.result import Result

    common = {"board": board,
              "ns_pair": _cell(d, "PairId_NS") if ns_pair is None else ns_pair,
              "ew_pair": _cell(d, "PairId_EW") if ew_pair is None else ew_pair,
              "lead": _cell(d, "Lead") or None, "table": whole(_cell(d, "Table"), "Table", " Table"),
              "round": whole(_cell(d, "Round"), "Round", " Round"), "line": line, "source": source}
    contract = _cell(d, "Contract")
    for text, what in ((contract, "Contract"), (_cell(d, "Declarer"), "Declarer"),
                       (_cell(d, "PairId_NS"), "PairId_NS"), (_cell(d, "PairId_EW"), "PairId_EW"),
                       (_cell(d, "Lead"), "Lead")):
        if len(text) > MAX_CELL:
            raise BridgeError(f"invalid {what} {excerpt(text)!r}: too long",
                              f"无效的 {what} {excerpt(text)!r}：太长")
    awards = artificial(contract) if "/" in contract or contract.upper() == "A" else None
    if awards is not None:
        return BoardResult(**common, ns_award=awards[0], ew_award=awards[1])  # type: ignore[arg-type]
    result = None
    if contract.lower() in ("pass", "p"):
        result = Result.passed_out()
    elif contract:
        tricks = _int(_cell(d, "Result"), "Result")
        declarer = _cell(d, "Declarer")
        if tricks is None or not declarer:
            raise BridgeError(f"contract {contract!r} needs Declarer and Result (tricks)",
                              f"定约 {contract} 需要 Declarer 和 Result（墩数）")
        result = Result.parse(f"{contract} {declarer} {tricks} tricks")
    ns = _int(_cell(d, "Score_NS"), "Score_NS")
    ew = _int(_cell(d, "Score_EW"), "Score_EW")
    score = ns if ns is not None else (-ew if ew is not None else None)
    if result is None and score is None:
        raise BridgeError("no result: expected Contract or Score_NS/Score_EW",
                          "没有结果：应有 Contract 或 Score_NS/Score_EW")
    return BoardResult(**common, result=result, score=score)  # type: ignore[arg-type]


def _q(text: str) -> str:
    return text if text and " " not in text and '"' not in text else '"' + text.replace('"', "'") + '"'


def _result_cells(r: BoardResult, number: int) -> list[str]:
    """Contract, Declarer, Result, Lead, Score_NS, Score_EW."""
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
    return [contract, decl, tricks, _q(r.lead) if r.lead else "-", ns, ew]


def _board_tags(number: int, event: str, first: bool) -> list[str]:
    b = Board(number)
    return [f'[Event "{pbn.escape(event) if first else "#"}"]', f'[Board "{number}"]',
            f'[Dealer "{b.dealer}"]',
            f'[Vulnerable "{("None", "NS", "EW", "All")[b.vulnerability.value]}"]']


def dumps(item: Session | SessionScores | TeamMatch | MatchScore) -> str:
    """A PBN file: one game per board with its ScoreTable; the TotalScoreTable in the first."""
    if isinstance(item, TeamMatch) or not isinstance(item, Session | SessionScores):
        return _dumps_match(item)
    scores = item if isinstance(item, SessionScores) else None
    session = item.session if isinstance(item, SessionScores) else item
    if session is None:
        raise BridgeError("these scores carry no session to write", "该成绩不含可写出的比赛数据")
    imp = scores is not None and scores.scoring != "mp"
    value_cols = ("IMP_NS\\6R;IMP_EW\\6R" if imp else "MP_NS\\6R;MP_EW\\6R") if scores else ""
    scored = {id(s.result): s for b in scores.boards for s in b.results} if scores else {}
    out: list[str] = []
    for i, (number, rs) in enumerate(session.by_board().items()):
        out += _board_tags(number, session.name, i == 0)
        if i == 0 and scores is not None:
            kind = "IMP" if imp else "MP"
            out.append(f'[TotalScoreTable "Rank\\3R;PairId\\4R;Direction\\2R;TotalScore{kind}\\8R;'
                       'TotalPercentage\\6R;Names\\30L"]')
            for p in scores.pairs:
                names = " - ".join(session.pairs[p.pair].names) if p.pair in session.pairs else ""
                out.append(" ".join([
                    _q(p.place) if p.place else "-", _q(p.pair),
                    p.direction.name if p.direction else "-", f"{p.total:g}",
                    "-" if p.percentage is None else fixed(p.percentage), _q(names) or "-"]))
        header = "Table\\2R;Round\\2R;PairId_NS\\4R;PairId_EW\\4R;Contract\\6L;Declarer\\1R;" \
                 "Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R"
        out.append(f'[ScoreTable "{header}{";" + value_cols if value_cols else ""}"]')
        for r in rs:
            cells = ["-" if r.table is None else str(r.table), "-" if r.round is None else str(r.round),
                     _q(r.ns_pair), _q(r.ew_pair), *_result_cells(r, number)]
            s = scored.get(id(r))
            if s is not None:
                cells += [f"{s.ns:g}", f"{s.ew:g}"]
            out.append(" ".join(cells))
        out.append("")
    return "\n".join(out)


def _dumps_match(item: TeamMatch | MatchScore) -> str:
    from ..teams import MatchScore

    score = item if isinstance(item, MatchScore) else None
    match = item.match if isinstance(item, MatchScore) else item
    if score is not None and score.scoring != "imps":
        raise BridgeError("PBN's ScoreTable has IMP columns only: write a match scored by IMPs",
                          "PBN 的 ScoreTable 只有 IMP 列：请写出按 IMP 计分的比赛")
    by_board = {b.board: b for b in score.boards} if score else {}
    out: list[str] = []
    for i, number in enumerate(match.board_numbers):
        out += _board_tags(number, match.name, i == 0)
        out.append(f'[HomeTeam "{pbn.escape(match.home.label())}"]')
        out.append(f'[VisitTeam "{pbn.escape(match.away.label())}"]')
        if i == 0:
            scored = "Rank\\2R;" if score else ""
            totals = ";TotalScoreIMP\\6R;TotalScoreVP\\6R" if score else ""
            carry = ";CarryOver\\6R" if match.carry_over else ""
            out.append(f'[TotalScoreTable "{scored}TeamId\\6L;TeamName\\20L;Names\\40L{totals}{carry}"]')
            for k, team in enumerate((match.home, match.away)):
                cells = [_q(team.id), _q(team.name) or "-", _q(", ".join(team.players)) or "-"]
                if score is not None:
                    mine = score.home_total if k == 0 else score.away_total
                    other = score.away_total if k == 0 else score.home_total
                    rank = "1" if mine > other else "2" if mine < other else "1="
                    vp = "-" if score.vp is None else f"{score.vp[k]:g}"
                    cells = [rank, *cells, f"{mine:g}", vp]
                if match.carry_over:
                    cells.append(f"{match.carry_over:g}" if k == 0 else "0")
                out.append(" ".join(cells))
        imps = ";IMP_NS\\4R;IMP_EW\\4R" if score else ""
        out.append('[ScoreTable "Room\\6L;Contract\\6L;Declarer\\1R;Result\\2R;Lead\\3L;'
                   f'Score_NS\\6R;Score_EW\\6R{imps}"]')
        for room, r in zip(("Open", "Closed"), match.rooms(number), strict=True):
            cells = [room, *_result_cells(r, number)]
            b = by_board.get(number)
            if b is not None:
                ns_imps, ew_imps = (b.home, b.away) if room == "Open" else (b.away, b.home)
                cells += [f"{ns_imps:g}", f"{ew_imps:g}"]
            out.append(" ".join(cells))
        out.append("")
    return "\n".join(out)
