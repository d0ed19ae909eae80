"""A team match (teams of four): open and closed rooms, IMPs per board, totals, VPs.

The home team sits NS in the open room, the away team NS in the closed room.  On each board the
difference is the open-room NS score minus the closed-room NS score: positive for the home
team, negative for the away team, then converted to IMPs (Law 78B).  The match total is
converted to victory points on a chosen scale.

The seeds' four-board exercise (003, 练习二 question 8; the printed answer of 8 rests on a
slip on board 4, see the seeds' README):

>>> from bridgescore.sessions.model import BoardResult, Team, TeamMatch
>>> from bridgescore.core.result import Result
>>> rooms = [(1, "3S S +1", "4S N ="), (2, "6DXX N +1", "6NT N +1"),
...          (3, "5C E =", "3NT W -1"), (4, "4SX W -2", "4H S +1")]
>>> results = [BoardResult(b, "H", "A", Result.parse(o)) for b, o, _ in rooms]
>>> results += [BoardResult(b, "A", "H", Result.parse(c)) for b, _, c in rooms]
>>> m = score_match(TeamMatch(Team("H"), Team("A"), tuple(results)))
>>> [(b.difference, b.imps) for b in m.boards]
[(-250, -6), (760, 13), (-700, -12), (-150, -4)]
>>> m.home_total, m.away_total, m.margin
(13, 22, -9)

Other scorings: board-a-match (``scoring="bam"``: the team with the higher net score wins the
board, 1 point, ½ each if equal; ``bam_points=2`` for the British 2/1/0) and aggregate
(``"aggregate"``: the net points summed).  A weighted score is IMPed component by component
against the other room and averaged by weight.

**Artificial adjusted scores** (Law 12C2) are awarded per side: a room's NS and EW pairs each
get one (``A+/A-``, or a split award such as ``A+/A``).  At IMPs a side's award is worth
Average-plus +3, Average 0, Average-minus −3 (Law 86A; settable), a percentage ``p`` is
``(p − 50)·3/10``.  A team's score on the board is the sum of its sides' awards: the home team
is NS in the open room and EW in the closed room.  A played (or weighted) result in the other
room has nothing to be compared with and counts 0.  When the two teams' scores do not balance
(a split award), the board is worth the average of the two to the home team, as Law 86B
scores non-balancing adjustments in a match: ``(home − away)/2``.  So A+/A− in one room is +3
to the side with A+; A+/A− in both rooms (each team A+ once and A− once) nets 0; A/A in one
room and A+/A− in the other is 3 to the side with A+; A+/A in one room is 1.5.

At board-a-match an award is a share of the board: 60/50/40% for A+/A/A−, a percentage as
given; a side's share counts its distance from 50%, added up and averaged in the same way
(A+/A− in one room: 0.6 of the board to the side with A+), at most the whole board.  At
aggregate an artificial score adds no points: the board counts 0.

The arithmetic is exact (fractions inside); the figures are exact values as floats.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ..core.errors import BridgeError
from ..core.serial import Data, Fields, header, is_number, settings_from_dict, settings_to_dict
from ..scoring.exact import exact, plain
from ..scoring.imps import ImpScale, get_imp_scale
from ..scoring.vp import VpScale, get_vp_scale
from .adjusted import award_imps, award_percent, award_text, components
from .model import BoardResult, TeamMatch

__all__ = ["MatchBoard", "MatchScore", "MatchSettings", "score_match", "whole_margin"]

Scoring = Literal["imps", "bam", "aggregate"]


@dataclass(frozen=True, slots=True)
class MatchSettings:
    scoring: Scoring = "imps"
    vp_scale: str | VpScale = "wbf"  # a name, or a scale of one's own (passed by value)
    imp_scale: str | ImpScale = "wbf"
    avg_plus: float = 3.0
    avg_minus: float = -3.0
    bam_points: int = 1

    def __post_init__(self) -> None:
        if self.scoring not in ("imps", "bam", "aggregate"):
            raise BridgeError(f"unknown team scoring {self.scoring!r}: expected imps, bam or aggregate",
                              f"未知的队式赛记分法 {self.scoring!r}：应为 imps、bam 或 aggregate")
        get_vp_scale(self.vp_scale)
        get_imp_scale(self.imp_scale)

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``); a scale object is given by value."""
        return settings_to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> MatchSettings:
        return settings_from_dict(cls, data)


@dataclass(frozen=True, slots=True)
class MatchBoard:
    board: int
    open: BoardResult
    closed: BoardResult
    difference: int | None  # open NS − closed NS (None when a room has an artificial score)
    imps: float  # to the home team (negative: to the away team); BAM points or aggregate points
    home: float  # what the home team scores on the board (≥ 0 for IMPs)
    away: float
    home_running: float
    away_running: float
    note: str = ""

    def to_dict(self) -> Data:
        return {**header("MatchBoard"), "board": self.board, "open": self.open.to_dict(),
                "closed": self.closed.to_dict(), "difference": self.difference,
                "imps": self.imps, "home": self.home, "away": self.away,
                "home_running": self.home_running, "away_running": self.away_running,
                "note": self.note}

    @classmethod
    def from_dict(cls, data: object) -> MatchBoard:
        f = Fields(data, "MatchBoard")
        board = f.whole("board")
        o, c = f.obj("open", BoardResult.from_dict), f.obj("closed", BoardResult.from_dict)
        difference, imps = f.opt_whole("difference"), f.number("imps")
        home, away = f.number("home"), f.number("away")
        home_running, away_running = f.number("home_running"), f.number("away_running")
        note = f.text("note")
        f.done()
        return cls(board, o, c, difference, imps, home, away, home_running, away_running, note)


@dataclass(frozen=True)
class MatchScore:
    match: TeamMatch
    scoring: Scoring
    boards: tuple[MatchBoard, ...]
    home_total: float
    away_total: float
    vp: tuple[float, float] | None
    vp_scale: str

    @property
    def margin(self) -> float:
        return plain(exact(self.home_total) - exact(self.away_total))

    @property
    def winner(self) -> str | None:
        if self.margin == 0:
            return None
        return self.match.home.id if self.margin > 0 else self.match.away.id

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``); ``to_json`` is the shorter ``--json`` shape."""
        return {**header("MatchScore"), "match": self.match.to_dict(), "scoring": self.scoring,
                "boards": [b.to_dict() for b in self.boards], "home_total": self.home_total,
                "away_total": self.away_total,
                "vp": None if self.vp is None else list(self.vp), "vp_scale": self.vp_scale}

    @classmethod
    def from_dict(cls, data: object) -> MatchScore:
        f = Fields(data, "MatchScore")
        match = f.obj("match", TeamMatch.from_dict)
        scoring = f.choice("scoring", ("imps", "bam", "aggregate"))
        boards = f.objs("boards", MatchBoard.from_dict)
        home_total, away_total = f.number("home_total"), f.number("away_total")
        vp = f.opt_items("vp")
        if vp is not None and (len(vp) != 2 or not all(is_number(x) for x in vp)):
            raise f.error("vp", "two numbers or null", "两个数或 null")
        vp_scale = f.text("vp_scale")
        f.done()
        return cls(match, scoring, boards, home_total, away_total,
                   None if vp is None else (vp[0], vp[1]), vp_scale)

    def to_json(self) -> dict[str, object]:
        return {
            "home": self.match.home.id,
            "away": self.match.away.id,
            "scoring": self.scoring,
            "carry_over": self.match.carry_over,
            "boards": [
                {
                    "board": b.board,
                    "open": _room_json(b.open),
                    "closed": _room_json(b.closed),
                    "difference": b.difference,
                    "imps": b.imps,
                    "home": b.home,
                    "away": b.away,
                    "home_running": b.home_running,
                    "away_running": b.away_running,
                    **({"note": b.note} if b.note else {}),
                }
                for b in self.boards
            ],
            "home_total": self.home_total,
            "away_total": self.away_total,
            "margin": self.margin,
            "winner": self.winner,
            "vp": None if self.vp is None else {"home": self.vp[0], "away": self.vp[1],
                                               "scale": self.vp_scale},
        }


def _room_json(r: BoardResult) -> dict[str, object]:
    out: dict[str, object] = {"ns_score": r.score}
    if r.result is not None:
        out["contract"] = str(r.result)
    if r.lead:
        out["lead"] = r.lead
    if r.kind == "artificial":
        out["adjusted"] = f"{award_text(r.ns_award)}/{award_text(r.ew_award)}"
    return out


def _sides(o: BoardResult, c: BoardResult, value: object) -> tuple[Fraction, Fraction]:
    """What the home and the away team get from the artificial awards of both rooms, each
    award converted by ``value``; a room without awards gives nothing."""
    home = away = Fraction(0)
    if o.kind == "artificial":  # the home team sits NS in the open room
        assert o.ns_award is not None and o.ew_award is not None
        home += value(o.ns_award)  # type: ignore[operator]
        away += value(o.ew_award)  # type: ignore[operator]
    if c.kind == "artificial":  # … and EW in the closed room
        assert c.ns_award is not None and c.ew_award is not None
        home += value(c.ew_award)  # type: ignore[operator]
        away += value(c.ns_award)  # type: ignore[operator]
    return home, away


def _note(o: BoardResult, c: BoardResult) -> str:
    """``A+/A-`` for the artificial room (``home/away`` order of awards); both rooms'
    awards as ``open A+/A-, closed A/A`` when both are artificial."""
    rooms = [(name, r) for name, r in (("open", o), ("closed", c)) if r.kind == "artificial"]
    if len(rooms) == 1:
        r = rooms[0][1]
        home, away = (r.ns_award, r.ew_award) if r is o else (r.ew_award, r.ns_award)
        return f"{award_text(home)}/{award_text(away)}"
    return ", ".join(f"{name} {award_text(r.ns_award)}/{award_text(r.ew_award)}"
                     for name, r in rooms)


def _board(o: BoardResult, c: BoardResult, st: MatchSettings,
           imp: ImpScale) -> tuple[int | None, Fraction, str]:
    """(difference, value to home, note) for one board."""
    if o.kind == "artificial" or c.kind == "artificial":
        note = _note(o, c)
        if st.scoring == "imps":
            home, away = _sides(o, c, lambda a: award_imps(a, st.avg_plus, st.avg_minus))
            return None, (home - away) / 2, note
        if st.scoring == "bam":
            home, away = _sides(o, c, lambda a: award_percent(a) - 50)
            # A side's share of the board, in points: at most the whole board either way.
            half = Fraction(st.bam_points, 2)
            share = (home - away) / 2 / 100 * st.bam_points
            return None, max(-half, min(half, share)), note
        return None, Fraction(0), note
    pairs = [(wo * wc, so - sc) for wo, so in components(o) for wc, sc in components(c)]
    weighted = o.kind == "weighted" or c.kind == "weighted"
    difference = None if weighted else pairs[0][1]
    note = "weighted" if weighted else ""
    if st.scoring == "imps":
        return difference, sum((w * imp.imps(d) for w, d in pairs), Fraction(0)), note
    if st.scoring == "bam":
        return difference, sum((w * Fraction(st.bam_points, 2) * ((d > 0) - (d < 0))
                                for w, d in pairs), Fraction(0)), note
    return difference, sum((w * d for w, d in pairs), Fraction(0)), note


def whole_margin(margin: float | Fraction) -> int:
    """VP scales take whole IMPs: a margin with a fraction (a split award, a weighted score,
    a carry-over) is rounded half away from zero."""
    m = exact(margin)
    whole = int(abs(m) + Fraction(1, 2))
    return whole if m >= 0 else -whole


def score_match(match: TeamMatch, settings: MatchSettings | None = None) -> MatchScore:
    """Score a match: per-board IMPs (or BAM or aggregate points), running totals and VPs."""
    st = settings or MatchSettings()
    imp = get_imp_scale(st.imp_scale)
    boards: list[MatchBoard] = []
    home_run = exact(match.carry_over) if st.scoring == "imps" else Fraction(0)
    away_run = Fraction(0)
    for b in match.board_numbers:
        o, c = match.rooms(b)
        difference, value, note = _board(o, c, st, imp)
        if st.scoring == "bam":
            half = Fraction(st.bam_points, 2)
            home, away = half + value, half - value
        else:
            home, away = (value, Fraction(0)) if value > 0 else (Fraction(0), -value)
        home_run += home
        away_run += away
        boards.append(MatchBoard(b, o, c, difference, plain(value), plain(home), plain(away),
                                 plain(home_run), plain(away_run), note))
    vp: tuple[float, float] | None = None
    if st.scoring == "imps" and boards:
        v = get_vp_scale(st.vp_scale).points(whole_margin(home_run - away_run), len(boards))
        vp = (float(v[0]), float(v[1]))
    return MatchScore(match, st.scoring, tuple(boards), plain(home_run), plain(away_run), vp,
                      get_vp_scale(st.vp_scale).name)
