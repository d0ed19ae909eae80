"""A team event's match results as a CSV file (赛果表): one match a line, byes included, from
which the standings (VPs, tie-breaks) and the next Swiss draw are made.

::

    # event: Club teams league
    # team: A, 长城队
    # team: B, 黄河队
    round,home,away,home_imps,away_imps,boards
    1,A,B,40,30,16
    1,C,D,20,20,16
    2,A,bye,,,

Columns (any order; English or Chinese): ``round``/轮次, ``home``/主队, ``away``/客队,
``home_imps``/主队IMP, ``away_imps``/客队IMP (whole IMPs, as VP scales take), ``boards``/副数, and optionally
``home_vp``/主队VP and ``away_vp``/客队VP (VPs as awarded, e.g. after a penalty; otherwise they
are computed from the IMPs on the chosen scale).  A bye is a line whose ``away`` is ``bye``
(or ``-``, ``轮空``) with the other cells empty.  ``# team: id, name`` lines list the teams in
registration order (teams first named by a match line follow in order of appearance).

Every line becomes a match or a bye or an error naming the file and line: a team playing
itself or twice in one round, negative IMPs, a missing board count are all refused.

>>> ev = loads("round,home,away,home_imps,away_imps,boards\\n1,A,B,40,30,16\\n1,C,bye,,,\\n")
>>> ev.teams, [(m.home, m.away) for m in ev.matches], ev.byes
(['A', 'B', 'C'], [('A', 'B')], [(1, 'C')])
"""

from __future__ import annotations

import csv
import io
import math
import re
from dataclasses import dataclass, field
from unicodedata import normalize as nfkc

from ..core.errors import BridgeError, FileFormatError
from ..core.text import excerpt, normalize
from .files.csvsplit import delimiter, split
from .swiss import BYE_WORDS
from .team_events import MatchResult

__all__ = ["TeamEvent", "is_match_list", "loads", "merge"]

_COLUMNS: dict[str, str] = {}
for _name, _words in {
    "round": ("round", "rnd", "轮次", "轮"),
    "home": ("home", "home_team", "主队"),
    "away": ("away", "away_team", "visit", "客队"),
    "home_imps": ("home_imps", "home imps", "主队imp", "主队 imp"),
    "away_imps": ("away_imps", "away imps", "客队imp", "客队 imp"),
    "boards": ("boards", "副数", "牌数"),
    "home_vp": ("home_vp", "home vp", "主队vp", "主队 vp"),
    "away_vp": ("away_vp", "away vp", "客队vp", "客队 vp"),
}.items():
    for _w in _words:
        _COLUMNS[_w] = _name

_NEEDED = ("round", "home", "away", "home_imps", "away_imps", "boards")


@dataclass
class TeamEvent:
    """Teams (registration order), their names, the matches played and the byes given."""

    teams: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    matches: list[MatchResult] = field(default_factory=list)
    byes: list[tuple[int, str]] = field(default_factory=list)
    name: str = ""

    def add_team(self, team: str, name: str = "") -> None:
        if team not in self.teams:
            self.teams.append(team)
        if name:
            self.names[team] = name

    def label(self, team: str) -> str:
        return f"{team} {self.names[team]}" if self.names.get(team) else team


# The separators of a "# team:" line, as normalize() would fold them (, ， 、).
_COMMAS = re.compile("[,\uff0c\u3001]")

def _header(line: str) -> list[str | None]:
    try:
        cells = split(line, delimiter(line))
    except csv.Error:
        return [None]
    return [_COLUMNS.get(normalize(c).strip().lower()) for c in cells]


def is_match_list(text: str) -> bool:
    """Whether ``text`` looks like a match-results list (its header names home and away IMPs)."""
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            cols = _header(line)
            return "home_imps" in cols and "away_imps" in cols
    return False


def _number(text: str, what: tuple[str, str], *, whole: bool = False) -> float:
    try:
        value = float(normalize(text))  # full-width digits; the quoted text is the user's
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0 or (whole and not value.is_integer()):
        kind = ("a whole number", "整数") if whole else ("a number of 0 or more", "不小于 0 的数")
        raise BridgeError(f"invalid {what[0]} {excerpt(text)}: expected {kind[0]}",
                          f"无效的{what[1]} {excerpt(text)}：应为{kind[1]}")
    return value


def loads(text: str, source: str | None = None) -> TeamEvent:
    """Read a match-results list."""
    ev = TeamEvent()
    header: list[str] | None = None
    played: dict[tuple[int, str], int] = {}
    sep = ","
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            key, sep, value = line[1:].partition(":")
            key = normalize(key).strip().lower()
            if sep and key in ("team", "队"):
                # The id and name as written: normalize() would simplify 張 to 张.
                bits = [b.strip() for b in _COMMAS.split(value)]
                if not bits[0]:
                    raise FileFormatError("a '# team:' line needs an id: '# team: A, name'",
                                          "'# team:' 行需要队的编号：'# team: A, 队名'",
                                          path=source, line=number)
                ev.add_team(nfkc("NFKC", bits[0]), ", ".join(b for b in bits[1:] if b))
            elif sep and key in ("event", "赛事"):
                ev.name = value.strip()
            continue
        if header is None:
            sep = delimiter(raw)  # , ， ; ； or a tab, as the header line has it
        try:
            # Cells as written (names keep their traditional characters); headers, numbers
            # and the bye word are normalised where they are read.
            cells = [c.strip() for c in split(raw, sep)]
        except csv.Error as e:
            raise FileFormatError(f"unreadable CSV: {e}", f"无法读取的 CSV：{e}",
                                  path=source, line=number) from None
        if header is None:
            names = _header(raw)
            unknown = [c for c, n in zip(cells, names, strict=True) if n is None]
            missing = [c for c in _NEEDED if c not in names]
            if unknown or missing:
                raise FileFormatError(
                    f"expected the header {','.join(_NEEDED)} (home_vp, away_vp optional); "
                    + (f"unknown column {excerpt(unknown[0])}" if unknown
                       else f"missing {missing[0]!r}"),
                    "表头应为 轮次,主队,客队,主队IMP,客队IMP,副数（主队VP、客队VP 可选；"
                    "英文列名 round,home,away,home_imps,away_imps,boards 亦可）；"
                    + (f"未知的列 {excerpt(unknown[0])}" if unknown else f"缺少 {missing[0]!r}"),
                    path=source, line=number)
            header = [n for n in names if n is not None]
            continue
        try:
            _line(ev, header, cells, played, number)
        except BridgeError as e:
            raise FileFormatError(e.en, e.zh, path=source, line=number) from None
    if header is None:
        raise FileFormatError(f"no header line: expected {','.join(_NEEDED)}",
                              "没有表头行：应为 轮次,主队,客队,主队IMP,客队IMP,副数", path=source)
    if not ev.matches:
        raise FileFormatError("no match results in the file", "文件中没有比赛结果", path=source)
    return ev


def _line(ev: TeamEvent, header: list[str], cells: list[str],
          played: dict[tuple[int, str], int], number: int) -> None:
    if len(cells) < len(header):
        cells = cells + [""] * (len(header) - len(cells))
    if len(cells) != len(header):
        raise BridgeError(f"{len(cells)} fields where the header has {len(header)}",
                          f"有 {len(cells)} 个字段，而表头有 {len(header)} 个")
    row = dict(zip(header, cells, strict=True))
    rnd = int(_number(row["round"], ("round", "轮次"), whole=True))
    if rnd < 1:
        raise BridgeError(f"invalid round {excerpt(row['round'])}: expected a whole number "
                          "from 1", f"无效的轮次 {excerpt(row['round'])}：应为从 1 起的整数")
    # Ids folded to half width (１ is 1), never simplified: an id is often the team's name.
    home, away = nfkc("NFKC", row["home"]), nfkc("NFKC", row["away"])
    if not home:
        raise BridgeError("no home team", "缺少主队")
    bye = normalize(away).lower() in BYE_WORDS or not away
    if home == away:
        raise BridgeError(f"team {home} cannot play itself", f"{home} 队不能与自己比赛")
    for team in (home,) if bye else (home, away):
        if (rnd, team) in played:
            raise BridgeError(f"team {team} plays twice in round {rnd} (also on line "
                              f"{played[(rnd, team)]})",
                              f"{team} 队在第{rnd}轮出现两次（另见第{played[(rnd, team)]}行）")
        played[(rnd, team)] = number
        ev.add_team(team)
    if bye:
        if any(row.get(k) for k in ("home_imps", "away_imps", "home_vp", "away_vp")):
            raise BridgeError(f"a bye for {home} carries no IMPs or VPs: leave them empty",
                              f"{home} 队轮空，不应有 IMP 或 VP：请留空")
        ev.byes.append((rnd, home))
        return
    # VP scales take whole IMPs: a fractional total is refused, never rounded behind the
    # user's back (the VPs would then differ from those the scale's table gives).
    hi = _number(row["home_imps"], ("home IMPs", "主队 IMP"), whole=True)
    ai = _number(row["away_imps"], ("away IMPs", "客队 IMP"), whole=True)
    boards = int(_number(row["boards"], ("number of boards", "副数"), whole=True))
    if boards < 1:
        raise BridgeError(f"invalid number of boards {excerpt(row['boards'])}: expected 1 or "
                          "more", f"无效的副数 {excerpt(row['boards'])}：应至少为 1")
    hv = row.get("home_vp", "")
    av = row.get("away_vp", "")
    if bool(hv) != bool(av):
        raise BridgeError("give both home_vp and away_vp, or neither",
                          "主队VP 和客队VP 要么都给出，要么都不给")
    vps = (_number(hv, ("home VP", "主队 VP")), _number(av, ("away VP", "客队 VP"))) if hv else None
    ev.matches.append(MatchResult(rnd, home, away, hi, ai, boards,
                                  None if vps is None else vps[0],
                                  None if vps is None else vps[1]))


def merge(sources: list[tuple[str, TeamEvent]]) -> TeamEvent:
    """One event from several files (``(file name, event)`` pairs), refusing to merge what may
    be two different teams: the same id with two names, the same name with two ids, or a team
    playing twice in one round.  Each error names both files.

    >>> a = loads("# team: A, 长城队\\nround,home,away,home_imps,away_imps,boards\\n1,A,B,4,3,8\\n")
    >>> b = loads("# team: B, 长城队\\nround,home,away,home_imps,away_imps,boards\\n2,A,B,4,3,8\\n")
    >>> merge([("r1.csv", a), ("r2.csv", b)])
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.BridgeError: team name '长城队' has the id A in r1.csv but B in r2.csv
    """
    out = TeamEvent()
    by_id: dict[str, tuple[str, str]] = {}
    by_name: dict[str, tuple[str, str]] = {}
    slots: dict[tuple[int, str], str] = {}
    for path, ev in sources:
        out.name = out.name or ev.name
        for t in ev.teams:
            name = ev.names.get(t, "")
            if name:
                if t in by_id and by_id[t][0] and by_id[t][0] != name:
                    raise BridgeError(
                        f"team id {t} is {by_id[t][0]!r} in {by_id[t][1]} but {name!r} in {path}",
                        f"队号 {t} 在 {by_id[t][1]} 中是“{by_id[t][0]}”，在 {path} 中却是“{name}”")
                if name in by_name and by_name[name][0] != t:
                    raise BridgeError(
                        f"team name {name!r} has the id {by_name[name][0]} in {by_name[name][1]} "
                        f"but {t} in {path}",
                        f"队名“{name}”在 {by_name[name][1]} 中的队号是 {by_name[name][0]}，"
                        f"在 {path} 中却是 {t}")
                by_name[name] = (t, path)
            if name or t not in by_id:
                by_id[t] = (name, path)
            out.add_team(t, name)
        rows = [(m.round, (m.home, m.away)) for m in ev.matches] + [(r, (t,)) for r, t in ev.byes]
        for rnd, teams in rows:
            for t in teams:
                if (rnd, t) in slots and slots[(rnd, t)] != path:
                    raise BridgeError(
                        f"team {t} plays round {rnd} in both {slots[(rnd, t)]} and {path}",
                        f"{t} 队的第{rnd}轮同时出现在 {slots[(rnd, t)]} 和 {path} 中")
                slots[(rnd, t)] = path
        out.matches += ev.matches
        out.byes += ev.byes
    return out


def dumps(ev: TeamEvent) -> str:
    """Write the list back (``loads(dumps(ev))`` gives the same event)."""
    out = io.StringIO()
    if ev.name:
        out.write(f"# event: {ev.name}\n")
    for t in ev.teams:
        out.write(f"# team: {t}{', ' + ev.names[t] if ev.names.get(t) else ''}\n")
    w = csv.writer(out, lineterminator="\n")
    vps = any(m.home_vp is not None for m in ev.matches)
    w.writerow([*_NEEDED, *(("home_vp", "away_vp") if vps else ())])
    lines: list[tuple[int, int, list[object]]] = []
    for i, m in enumerate(ev.matches):
        extra = [] if not vps else ["" if m.home_vp is None else f"{m.home_vp:g}",
                                    "" if m.away_vp is None else f"{m.away_vp:g}"]
        lines.append((m.round, i, [m.round, m.home, m.away, f"{m.home_imps:g}",
                                   f"{m.away_imps:g}", m.boards, *extra]))
    for i, (rnd, team) in enumerate(ev.byes):
        lines.append((rnd, len(ev.matches) + i, [rnd, team, "bye", "", "", "",
                                                 *(("", "") if vps else ())]))
    for _, _, cells in sorted(lines, key=lambda x: (x[0], x[1])):
        w.writerow(cells)
    return out.getvalue()
