"""Team events over many matches: round robin (循环赛), Swiss teams (瑞士移位), standings (名次)
by victory points, and knockout matches (淘汰赛) with carry-over (结转).

**Round robin** by the circle method: one team stays put and the others turn round it, so with
``n`` teams every team meets every other exactly once in ``n − 1`` rounds (``n`` rounds and a bye
each when ``n`` is odd).  Home and away alternate so each team's counts differ by at most one.

>>> rr = round_robin(["A", "B", "C", "D"])
>>> [[(f.home, f.away) for f in rnd] for rnd in rr]
[[('A', 'D'), ('C', 'B')], [('C', 'A'), ('B', 'D')], [('A', 'B'), ('D', 'C')]]

A **double round robin** plays it twice: the second half repeats the first round by round
with home and away swapped, so every two teams meet twice, once at home each.

>>> [(f.round, f.home, f.away) for rnd in double_round_robin(["A", "B", "C"]) for f in rnd]
[(1, 'B', 'A'), (2, 'A', 'C'), (3, 'C', 'B'), (4, 'A', 'B'), (5, 'C', 'A'), (6, 'B', 'C')]

**Standings** rank by VPs.  Ties are broken, by default, by (1) the IMP quotient (IMPs won ÷
IMPs lost; no IMPs lost counts as infinite, nothing won and nothing lost as 1), then (2) the
VPs scored in the matches between the tied teams (head to head); teams still equal share the
place (``2=``).  The order of the two tie-breaks is a setting (``tie_breaks``).  A bye scores
``bye_vp`` VPs: a number (default 12, on the 20-VP scale: ``default_bye_vp``) or
``"average"`` (the team's own average over the matches it played); a bye adds no IMPs.

**Knockout**: the match total is the IMPs of its segments plus the carry-over, which may be a
fraction (e.g. one third of the round-robin margin between the two teams, ``carry_over``).

>>> k = Knockout("A", "B", [(30, 25), (20, 28)], carry_over=carry_over(10, Fraction(1, 3)))
>>> float(k.home_total), float(k.away_total), k.winner
(53.333333333333336, 53.0, 'A')
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal, Protocol

from ..core.errors import BridgeError
from ..core.i18n import Lang, is_zh
from ..core.serial import Data, Fields, header, is_number
from ..scoring.exact import exact
from ..scoring.vp import VpScale, get_vp_scale, victory_points
from .ranking import TieBreak, place
from .swiss import Draw, Entry, History, swiss_draw

__all__ = [
    "TIE_BREAKS",
    "Fixture",
    "Knockout",
    "MatchResult",
    "Standing",
    "SwissTeams",
    "TieBreakName",
    "carry_over",
    "check_bye_vp",
    "default_bye_vp",
    "double_round_robin",
    "match_byes",
    "match_rounds",
    "parse_bye_vp",
    "result_from_score",
    "round_robin",
    "standings",
]

TieBreakName = Literal["quotient", "head_to_head"]
TIE_BREAKS: tuple[TieBreakName, ...] = ("quotient", "head_to_head")
ByeVp = float | Literal["average"]


@dataclass(frozen=True, slots=True)
class Fixture:
    round: int
    home: str
    away: str

    def to_dict(self) -> Data:
        return {**header("Fixture"), "round": self.round, "home": self.home, "away": self.away}

    @classmethod
    def from_dict(cls, data: object) -> Fixture:
        f = Fields(data, "Fixture")
        rnd, home, away = f.whole("round"), f.text("home"), f.text("away")
        f.done()
        return cls(rnd, home, away)


def round_robin(teams: Sequence[str]) -> list[list[Fixture]]:
    """The circle-method schedule; a team missing from a round has the bye that round."""
    ids = list(teams)
    if len(set(ids)) != len(ids):
        dup = next(x for x in ids if ids.count(x) > 1)
        raise BridgeError(f"team {dup!r} is listed twice", f"队 {dup!r} 重复列出")
    if len(ids) < 2:
        raise BridgeError(f"a round robin needs at least 2 teams, not {len(ids)}",
                          f"循环赛至少需要 2 个队，而不是 {len(ids)} 个")
    slots: list[str | None] = [None, *ids] if len(ids) % 2 else list(ids)
    n = len(slots)
    rounds = []
    ring = slots[1:]
    for r in range(n - 1):
        line = [slots[0], *ring]
        fixtures = []
        for i in range(n // 2):
            a, b = line[i], line[n - 1 - i]
            # The fixed team alternates; the others alternate with the table and the round,
            # which keeps every team's home and away counts within one of each other.
            if (i == 0 and r % 2) or (i > 0 and i % 2 == 1):
                a, b = b, a
            if a is not None and b is not None:
                fixtures.append(Fixture(r + 1, a, b))
        rounds.append(fixtures)
        ring = ring[-1:] + ring[:-1]
    return rounds


def double_round_robin(teams: Sequence[str]) -> list[list[Fixture]]:
    """``round_robin`` twice: rounds ``n+1 … 2n`` repeat rounds ``1 … n`` with home and away
    swapped, so every two teams meet twice and each is the home team once."""
    first = round_robin(teams)
    return [*first, *([Fixture(f.round + len(first), f.away, f.home) for f in rnd]
                      for rnd in first)]


class _Played(Protocol):
    @property
    def round(self) -> int | None: ...
    @property
    def home(self) -> Any: ...
    @property
    def away(self) -> Any: ...


def _team_id(t: Any) -> str:
    return str(getattr(t, "id", t))


def match_rounds(matches: Sequence[_Played]) -> list[int]:
    """The round of each match (``TeamMatch`` or ``MatchResult``): its own when it has one;
    the others are placed, in the order given, in the earliest round where neither team has
    played yet, and then packed into as few rounds as a team's matches allow when that can be
    done (a round robin of 4 teams: 3 rounds of 2 matches, whatever the order of the files).

    >>> from bridgescore.sessions.model import Team, TeamMatch
    >>> match_rounds([TeamMatch(Team(h), Team(a), ()) for h, a in ("AB", "CD", "AC", "BD")])
    [1, 1, 2, 2]
    """
    teams = [(_team_id(m.home), _team_id(m.away)) for m in matches]
    busy: dict[int, set[str]] = defaultdict(set)
    fixed: dict[int, int] = {}
    for i, m in enumerate(matches):
        r = m.round
        if r is None:
            continue
        # A team twice in one given round is for the caller to report (with its files).
        busy[r].update(teams[i])
        fixed[i] = r
    free = [i for i in range(len(matches)) if i not in fixed]
    greedy: dict[int, int] = {}
    for i in free:
        r = 1
        while busy[r] & set(teams[i]):
            r += 1
        busy[r].update(teams[i])
        greedy[i] = r
    best = {**fixed, **greedy}
    # Fewer rounds where possible: no team can play fewer rounds than it has matches.
    count: dict[str, int] = defaultdict(int)
    for h, a in teams:
        count[h] += 1
        count[a] += 1
    low = max([*count.values(), *(fixed.values())], default=0)
    top = max(best.values(), default=0)
    while free and top > low:
        packed = _pack(teams, fixed, free, top - 1)
        if packed is None:
            break
        best, top = packed, top - 1
    return [best[i] for i in range(len(matches))]


def _pack(teams: list[tuple[str, str]], fixed: dict[int, int], free: list[int],
          rounds: int, budget: int = 50000) -> dict[int, int] | None:
    """The free matches in ``rounds`` rounds with no team twice in a round: a bounded search
    that places first the match with the fewest rounds left open to it (``None`` when none is
    found within the budget)."""
    busy: dict[int, set[str]] = defaultdict(set)
    for i, r in fixed.items():
        busy[r].update(teams[i])
    out = dict(fixed)
    left = set(free)
    steps = [0]

    def options(i: int) -> list[int]:
        h, a = teams[i]
        return [r for r in range(1, rounds + 1) if h not in busy[r] and a not in busy[r]]

    def place() -> bool:
        if not left:
            return True
        steps[0] += 1
        if steps[0] > budget:
            return False
        i = min(left, key=lambda j: (len(options(j)), j))
        left.discard(i)
        for r in options(i):
            busy[r].update(teams[i])
            out[i] = r
            if place():
                return True
            busy[r].difference_update(teams[i])
        left.add(i)
        return False

    return out if place() else None


def match_byes(teams: Sequence[str], matches: Sequence[_Played],
               rounds: Sequence[int]) -> list[tuple[int, str]]:
    """The byes of an odd field: in a round where every team but one plays, that one had the
    bye (a round robin of 5 teams: one bye a round).  Anything else is not a bye."""
    if len(teams) % 2 == 0:
        return []
    playing: dict[int, set[str]] = defaultdict(set)
    for m, r in zip(matches, rounds, strict=True):
        playing[r].update((_team_id(m.home), _team_id(m.away)))
    out = []
    for r in sorted(playing):
        idle = [t for t in teams if t not in playing[r]]
        if len(idle) == 1:
            out.append((r, idle[0]))
    return out


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One finished match.  VPs are computed from the IMPs (WBF scale) unless given."""

    round: int
    home: str
    away: str
    home_imps: float
    away_imps: float
    boards: int
    home_vp: float | None = None
    away_vp: float | None = None

    def vps(self, scale: str | VpScale = "wbf") -> tuple[float, float]:
        if self.home_vp is not None and self.away_vp is not None:
            return (self.home_vp, self.away_vp)
        from .teams import whole_margin

        # VP scales take whole IMPs: round half away from zero (a ½ IMP margin is rare).
        v = victory_points(whole_margin(exact(self.home_imps) - exact(self.away_imps)),
                           self.boards, scale)
        return (float(v[0]), float(v[1]))

    def to_dict(self) -> Data:
        return {**header("MatchResult"), "round": self.round, "home": self.home,
                "away": self.away, "home_imps": self.home_imps, "away_imps": self.away_imps,
                "boards": self.boards, "home_vp": self.home_vp, "away_vp": self.away_vp}

    @classmethod
    def from_dict(cls, data: object) -> MatchResult:
        f = Fields(data, "MatchResult")
        rnd, home, away = f.whole("round"), f.text("home"), f.text("away")
        home_imps, away_imps, boards = f.number("home_imps"), f.number("away_imps"), f.whole("boards")
        home_vp, away_vp = f.opt_number("home_vp"), f.opt_number("away_vp")
        f.done()
        return cls(rnd, home, away, home_imps, away_imps, boards, home_vp, away_vp)


def result_from_score(score: Any, round: int) -> MatchResult:
    """A ``MatchResult`` from a scored match (``bridgescore.sessions.teams.MatchScore``); the
    match's own carry-over is left out so a round-robin total counts only the boards."""
    carry = float(score.match.carry_over)
    vp = score.vp
    return MatchResult(round, score.match.home.id, score.match.away.id,
                       float(score.home_total) - carry, float(score.away_total),
                       len(score.boards), None if vp is None else vp[0],
                       None if vp is None else vp[1])


def parse_bye_vp(text: str) -> ByeVp:
    """``"12"`` → 12.0; ``"average"`` (``avg``, ``平均``) → ``"average"``.

    >>> parse_bye_vp("12"), parse_bye_vp("平均")
    (12.0, 'average')
    """
    t = text.strip().lower()
    if t in ("average", "avg", "平均"):
        return "average"
    try:
        value = float(t)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value >= 0):
        raise BridgeError(f"invalid bye score {text!r}: expected VPs (a number) or 'average'",
                          f"无效的轮空得分 {text!r}：应为胜利分数值或 'average'（平均）")
    return value


def default_bye_vp(scale: str | VpScale = "wbf") -> float:
    """What a bye scores unless the director says otherwise: 60 % of the scale's maximum,
    which is the usual 12 on a 20-VP scale (18 on the 30-VP scale).

    >>> default_bye_vp("wbf"), default_bye_vp("acbl-30")
    (12.0, 18.0)
    """
    return get_vp_scale(scale).max_vp * 3 / 5


def check_bye_vp(bye_vp: ByeVp, scale: str | VpScale = "wbf") -> ByeVp:
    """``bye_vp`` when it can be scored on ``scale``: ``"average"``, or VPs from 0 to the
    scale's maximum; else a ``BridgeError`` quoting it.

    >>> check_bye_vp(21.0)
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.BridgeError: a bye of 21 VPs is more than the WBF 2013 continuous 20-VP scale gives (at most 20)
    """
    s = get_vp_scale(scale)
    if bye_vp == "average":
        return bye_vp
    if isinstance(bye_vp, bool) or not isinstance(bye_vp, int | float) \
            or not math.isfinite(bye_vp) or bye_vp < 0:
        raise BridgeError(f"invalid bye score {bye_vp!r}: expected VPs (a number) or 'average'",
                          f"无效的轮空得分 {bye_vp!r}：应为胜利分数值或 'average'（平均）")
    if bye_vp > s.max_vp:
        raise BridgeError(
            f"a bye of {bye_vp:g} VPs is more than the {s.title_en} gives (at most {s.max_vp})",
            f"轮空 {bye_vp:g} VP 超过{s.title_zh}的满分（最多 {s.max_vp}）")
    return float(bye_vp)


@dataclass(frozen=True, slots=True)
class Standing:
    team: str
    played: int
    byes: int
    vp: float
    imps_for: float
    imps_against: float
    place: str = ""
    rank: int = 0

    def to_dict(self) -> Data:
        return {**header("Standing"), "team": self.team, "played": self.played,
                "byes": self.byes, "vp": self.vp, "imps_for": self.imps_for,
                "imps_against": self.imps_against, "place": self.place, "rank": self.rank}

    @classmethod
    def from_dict(cls, data: object) -> Standing:
        f = Fields(data, "Standing")
        team, played, byes = f.text("team"), f.whole("played"), f.whole("byes")
        vp, imps_for, imps_against = f.number("vp"), f.number("imps_for"), f.number("imps_against")
        place, rank = f.text("place"), f.whole("rank")
        f.done()
        return cls(team, played, byes, vp, imps_for, imps_against, place, rank)

    @property
    def quotient(self) -> float:
        if self.imps_against == 0:
            return math.inf if self.imps_for > 0 else 1.0
        return self.imps_for / self.imps_against


def standings(
    teams: Sequence[str],
    results: Iterable[MatchResult],
    *,
    byes: Iterable[str] = (),
    bye_vp: ByeVp = 12.0,
    scale: str | VpScale = "wbf",
    tie_breaks: Sequence[TieBreakName] = TIE_BREAKS,
) -> list[Standing]:
    """Standings by VPs with the tie-breaks above, best first.  VPs, IMPs and quotients are
    compared exactly (the VPs as the decimals the scale gives), never after rounding."""
    for tb in tie_breaks:
        if tb not in TIE_BREAKS:
            raise BridgeError(f"unknown tie-break {tb!r}: expected quotient or head_to_head",
                              f"未知的同分判定 {tb!r}：应为 quotient（IMP商）或 head_to_head（相互间成绩）")
    if bye_vp != "average" and not (isinstance(bye_vp, int | float) and math.isfinite(bye_vp)
                                    and bye_vp >= 0):
        raise BridgeError(f"invalid bye score {bye_vp!r}: expected VPs (a number) or 'average'",
                          f"无效的轮空得分 {bye_vp!r}：应为胜利分数值或 'average'（平均）")
    known = set(teams)
    vp: dict[str, Fraction] = defaultdict(Fraction)
    imp_for: dict[str, Fraction] = defaultdict(Fraction)
    imp_against: dict[str, Fraction] = defaultdict(Fraction)
    played: dict[str, int] = defaultdict(int)
    h2h: dict[tuple[str, str], Fraction] = defaultdict(Fraction)
    for m in results:
        for t in (m.home, m.away):
            if t not in known:
                raise BridgeError(f"unknown team {t!r} in round {m.round}",
                                  f"第{m.round}轮中有未知的队 {t!r}")
        hv, av = (exact(v) for v in m.vps(scale))
        vp[m.home] += hv
        vp[m.away] += av
        imp_for[m.home] += exact(m.home_imps)
        imp_against[m.home] += exact(m.away_imps)
        imp_for[m.away] += exact(m.away_imps)
        imp_against[m.away] += exact(m.home_imps)
        played[m.home] += 1
        played[m.away] += 1
        h2h[(m.home, m.away)] += hv
        h2h[(m.away, m.home)] += av
    bye_count: dict[str, int] = defaultdict(int)
    for t in byes:
        if t not in known:
            raise BridgeError(f"unknown team {t!r} with a bye", f"轮空的队 {t!r} 未知")
        bye_count[t] += 1
    total: dict[str, Fraction] = {}
    rows = []
    for t in teams:
        extra = Fraction(0)
        if bye_count[t]:
            each = (vp[t] / played[t] if played[t] else Fraction(0)) if bye_vp == "average" \
                else exact(bye_vp)
            extra = each * bye_count[t]
        total[t] = vp[t] + extra
        rows.append(Standing(t, played[t], bye_count[t], float(total[t]), float(imp_for[t]),
                             float(imp_against[t])))

    def quotient(s: Standing, _: Sequence[Standing]) -> Fraction | float:
        won, lost = imp_for[s.team], imp_against[s.team]
        if lost == 0:
            return math.inf if won > 0 else Fraction(1)
        return won / lost

    def head_to_head(s: Standing, group: Sequence[Standing]) -> Fraction:
        names = {g.team for g in group}
        return sum((v for (a, b), v in h2h.items() if a == s.team and b in names), Fraction(0))

    chain = {"quotient": TieBreak("quotient", quotient),
             "head_to_head": TieBreak("head_to_head", head_to_head)}
    order = {t: i for i, t in enumerate(teams)}
    placed = place(rows, lambda s: total[s.team], [chain[tb] for tb in tie_breaks],
                   lambda s: order[s.team])
    return [replace(x.item, place=x.place, rank=x.rank) for x in placed]


@dataclass
class SwissTeams:
    """A Swiss teams event: the draw for each round is made from the standings after the
    previous one (``next_draw``), avoiding rematches (``bridgescore.sessions.swiss``)."""

    teams: list[str]
    results: list[MatchResult] = field(default_factory=list)
    byes: list[tuple[int, str]] = field(default_factory=list)
    bye_vp: ByeVp = 12.0
    scale: str = "wbf"

    def history(self) -> History:
        return History.from_pairs([(m.home, m.away) for m in self.results],
                                  [t for _, t in self.byes])

    def standings(self) -> list[Standing]:
        return standings(self.teams, self.results, byes=[t for _, t in self.byes],
                         bye_vp=self.bye_vp, scale=self.scale)

    def next_draw(self, *, first_round: Literal["order", "split", "random"] = "order",
                  seed: int | None = None, drawn: Iterable[str] | None = None) -> Draw:
        """The next round's draw; ``drawn`` limits it to those teams (a withdrawn team, or one
        sitting the round out, is left out: ``swiss_roster.Roster.drawn``)."""
        table = {s.team: s for s in self.standings()}
        keep = set(self.teams if drawn is None else drawn)
        # Standings order already applies the tie-breaks; the Swiss ranks by it.
        ranked = sorted((t for t in self.teams if t in keep), key=lambda t: table[t].rank)
        entries = [Entry(t, score=-table[t].rank) for t in ranked]
        return swiss_draw(entries, self.history(), first_round=first_round, seed=seed)

    def record(self, round: int, draw: Draw,
               imps: Sequence[tuple[float, float]], boards: int) -> None:
        """Record a round played to ``draw``: ``imps[i]`` for table ``i + 1`` (home, away)."""
        if len(imps) != len(draw.tables):
            n = len(draw.tables)
            raise BridgeError(f"{n} {'match' if n == 1 else 'matches'} in the draw but "
                              f"{len(imps)} {'result' if len(imps) == 1 else 'results'}",
                              f"本轮有 {len(draw.tables)} 场比赛，但给出 {len(imps)} 个结果")
        for m, (h, a) in zip(draw.tables, imps, strict=True):
            self.results.append(MatchResult(round, m.high, m.low, h, a, boards))
        if draw.bye is not None:
            self.byes.append((round, draw.bye))

    def to_dict(self) -> Data:
        return {**header("SwissTeams"), "teams": list(self.teams),
                "results": [m.to_dict() for m in self.results],
                "byes": [[r, t] for r, t in self.byes], "bye_vp": self.bye_vp,
                "scale": self.scale}

    @classmethod
    def from_dict(cls, data: object) -> SwissTeams:
        f = Fields(data, "SwissTeams")
        teams, results = f.texts("teams"), f.objs("results", MatchResult.from_dict)
        byes = f.items("byes")
        if not all(isinstance(x, list | tuple) and len(x) == 2 and type(x[0]) is int
                   and isinstance(x[1], str) for x in byes):
            raise f.error("byes", "a list of [round, team]", "[轮次, 队] 的列表")
        bye_vp = f.obj("bye_vp", lambda v: v)
        if bye_vp != "average" and not is_number(bye_vp):
            raise f.error("bye_vp", "a number of VPs or 'average'", "VP 数或 'average'")
        scale = f.text("scale")
        f.done()
        return cls(list(teams), list(results), [(r, t) for r, t in byes], bye_vp, scale)


# ---------------------------------------------------------------------- knockout
Number = int | float | Fraction


def carry_over(margin: Number, fraction: Number, cap: Number | None = None,
               step: Number | None = None) -> Fraction:
    """Carry-over from an earlier margin (positive: to the home team of the knockout match):
    ``fraction`` of the margin, at most ``cap`` in size, rounded to the nearest ``step``
    (e.g. ``Fraction(1, 2)``) when one is given.

    >>> carry_over(10, Fraction(1, 3)), carry_over(-10, Fraction(1, 3), step=Fraction(1, 2))
    (Fraction(10, 3), Fraction(-7, 2))
    >>> carry_over(45, Fraction(1, 2), cap=15)
    Fraction(15, 1)
    """
    f = Fraction(fraction)
    if not 0 <= f <= 1:
        # str(), not repr(): the message shows "5" or "3/2", never "Fraction(5, 1)".
        raise BridgeError(f"invalid carry-over fraction {str(fraction)!r}: expected 0 to 1",
                          f"无效的结转比例 {str(fraction)!r}：应在 0 到 1 之间")
    value = Fraction(margin) * f
    if cap is not None:
        c = abs(Fraction(cap))
        value = max(-c, min(c, value))
    if step is not None:
        s = Fraction(step)
        if s <= 0:
            raise BridgeError(f"invalid rounding step {str(step)!r}: expected a positive number",
                              f"无效的取整单位 {str(step)!r}：应为正数")
        units = abs(value) / s
        whole = math.floor(units + Fraction(1, 2))  # half away from zero
        value = whole * s * (1 if value >= 0 else -1)
    return value


@dataclass(frozen=True)
class Knockout:
    """A knockout match: segments of IMPs ``(home, away)`` plus the carry-over (positive to the
    home team, negative to the away team)."""

    home: str
    away: str
    segments: Sequence[tuple[Number, Number]]
    carry_over: Number = 0

    def __post_init__(self) -> None:
        if isinstance(self.segments, list | tuple):  # kept as tuples: the match is frozen
            object.__setattr__(self, "segments", tuple(
                tuple(s) if isinstance(s, list | tuple) else s for s in self.segments))
        if self.home == self.away:
            raise BridgeError(f"a team cannot play itself ({self.home})",
                              f"一个队不能与自己比赛（{self.home}）")
        for h, a in self.segments:
            if Fraction(h) < 0 or Fraction(a) < 0:
                raise BridgeError(f"invalid segment score {h}-{a}: IMPs won are never negative",
                                  f"无效的节次比分 {h}-{a}：所得 IMP 不会为负")

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``); a ``Fraction`` is written as text (``"7/2"``)."""
        return {**header("Knockout"), "home": self.home, "away": self.away,
                "segments": [[_number_data(h), _number_data(a)] for h, a in self.segments],
                "carry_over": _number_data(self.carry_over)}

    @classmethod
    def from_dict(cls, data: object) -> Knockout:
        f = Fields(data, "Knockout")
        home, away, segments = f.text("home"), f.text("away"), f.items("segments")
        carry = f.obj("carry_over", lambda v: v)
        f.done()
        if not all(isinstance(s, list | tuple) and len(s) == 2 for s in segments):
            raise f.error("segments", "a list of [home IMPs, away IMPs]", "[主队 IMP, 客队 IMP] 的列表")
        return cls(home, away, tuple((_number_from(h, f, "segments"), _number_from(a, f, "segments"))
                                     for h, a in segments), _number_from(carry, f, "carry_over"))

    @property
    def home_total(self) -> Fraction:
        c = Fraction(self.carry_over)
        return sum((Fraction(h) for h, _ in self.segments), max(c, Fraction(0)))

    @property
    def away_total(self) -> Fraction:
        c = Fraction(self.carry_over)
        return sum((Fraction(a) for _, a in self.segments), max(-c, Fraction(0)))

    @property
    def winner(self) -> str | None:
        """The winner, or ``None`` on a tie (the conditions of contest then decide, usually
        extra boards)."""
        if self.home_total == self.away_total:
            return None
        return self.home if self.home_total > self.away_total else self.away

    def lines(self, lang: Lang = "en") -> list[str]:
        def n(x: Fraction) -> str:
            return f"{float(x):g}" if x.denominator in (1, 2, 4, 5, 10) else f"{float(x):.1f}"

        c = Fraction(self.carry_over)
        out = []
        if c:
            who = self.home if c > 0 else self.away
            out.append(f"结转：{who} {n(abs(c))}" if is_zh(lang) else f"Carry-over: {who} {n(abs(c))}")
        for i, (h, a) in enumerate(self.segments, 1):
            out.append(f"第{i}节：{n(Fraction(h))} – {n(Fraction(a))}" if is_zh(lang)
                       else f"Segment {i}: {n(Fraction(h))} – {n(Fraction(a))}")
        total = f"{self.home} {n(self.home_total)} – {n(self.away_total)} {self.away}"
        w = self.winner
        if is_zh(lang):
            out.append(f"总计：{total}；" + (f"{w} 胜" if w else "平局，按竞赛规程加赛"))
        else:
            out.append(f"Total: {total}; " + (f"{w} wins" if w else "tied: extra boards by the conditions of contest"))
        return out


def _number_data(x: Number) -> int | float | str:
    return str(x) if isinstance(x, Fraction) else x


def _number_from(x: object, f: Fields, key: str) -> Number:
    if is_number(x):
        return x  # type: ignore[return-value]
    if isinstance(x, str):
        try:
            return Fraction(x)
        except (ValueError, ZeroDivisionError):
            pass
    raise f.error(key, "numbers (or fractions written as '7/2')", "数（分数写作 '7/2'）")
