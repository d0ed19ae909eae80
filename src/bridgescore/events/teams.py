"""A team match (teams of four): open and closed rooms, IMPs per board, totals, VPs.

The home team sits NS in the open room, the away team NS in the closed room.  On each board the
difference is the open-room NS score minus the closed-room NS score: positive for the home
team, negative for the away team, then converted to IMPs (Law 78B).  The match total is
converted to victory points on a chosen scale.

The seeds' four-board exercise (003, 练习二 question 8; the printed answer of 8 rests on a
slip on board 4, see the seeds' README):

>>> from bridgescore.events.model import BoardResult, Team, TeamMatch
>>> from bridgescore.result import Result
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
(``"aggregate"``: the net points summed).  An artificial score at teams is Average-plus
+3 IMPs, Average 0, Average-minus −3 (Law 86A; settable), so A+/A− gives the home team 3
IMPs and a split award (A+/A) half the difference; at board-a-match 60/50/40% of the board;
at aggregate nothing.  A weighted score is IMPed component
by component against the other room and averaged by weight.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Literal

from ..errors import BridgeError
from ..imps import get_imp_scale
from ..vp import get_vp_scale
from .model import Award, BoardResult, TeamMatch

__all__ = ["MatchBoard", "MatchScore", "MatchSettings", "score_match"]

Scoring = Literal["imps", "bam", "aggregate"]


@dataclass(frozen=True, slots=True)
class MatchSettings:
    scoring: Scoring = "imps"
    vp_scale: str = "wbf"
    imp_scale: str = "wbf"
    avg_plus: float = 3.0
    avg_minus: float = -3.0
    bam_points: int = 1

    def __post_init__(self) -> None:
        if self.scoring not in ("imps", "bam", "aggregate"):
            raise BridgeError(f"unknown team scoring {self.scoring!r}: expected imps, bam or aggregate",
                              f"未知的队式赛记分法 {self.scoring!r}：应为 imps、bam 或 aggregate")
        get_vp_scale(self.vp_scale)
        get_imp_scale(self.imp_scale)


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
        return _clean(self.home_total - self.away_total)

    @property
    def winner(self) -> str | None:
        if self.margin == 0:
            return None
        return self.match.home.id if self.margin > 0 else self.match.away.id

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
        out["adjusted"] = f"{_award_text(r.ns_award)}/{_award_text(r.ew_award)}"
    return out


def _award_text(a: Award | None) -> str:
    return "" if a is None else a if isinstance(a, str) else f"{a:g}%"


def _clean(x: float) -> float:
    r = round(x, 10) + 0.0
    return int(r) if r == int(r) else r


def _award(a: Award | None, st: MatchSettings) -> float:
    if a is None:
        return 0.0
    if isinstance(a, str):
        return {"A+": st.avg_plus, "A": 0.0, "A-": st.avg_minus}[a]
    return (a - 50) * 0.3


def _pct(a: Award | None) -> float:
    if a is None:
        return 50.0
    return {"A+": 60.0, "A": 50.0, "A-": 40.0}[a] if isinstance(a, str) else float(a)


def _components(r: BoardResult) -> list[tuple[float, int]]:
    if r.kind == "weighted":
        return list(r.weighted)
    assert r.score is not None
    return [(1.0, r.score)]


def _board(o: BoardResult, c: BoardResult, st: MatchSettings) -> tuple[int | None, float, str]:
    """(difference, value to home, note) for one board."""
    imp = get_imp_scale(st.imp_scale)
    if o.kind == "artificial" or c.kind == "artificial":
        # Awards go to the teams: open-room NS and closed-room EW are the home team.
        r = o if o.kind == "artificial" else c
        home_a, away_a = (r.ns_award, r.ew_award) if r is o else (r.ew_award, r.ns_award)
        note = f"{_award_text(home_a)}/{_award_text(away_a)}"
        if st.scoring == "imps":
            # A+/A− is 3 IMPs to the home team; a split award (A+/A) is averaged: 1.5.
            return None, _clean((_award(home_a, st) - _award(away_a, st)) / 2), note
        if st.scoring == "bam":
            share = (_pct(home_a) - _pct(away_a)) / 200  # A+/A−: 60% v 40% of the board
            return None, _clean(st.bam_points * share), note
        return None, 0, note
    pairs = [(wo * wc, so - sc) for wo, so in _components(o) for wc, sc in _components(c)]
    weighted = o.kind == "weighted" or c.kind == "weighted"
    difference = None if weighted else pairs[0][1]
    note = "weighted" if weighted else ""
    if st.scoring == "imps":
        return difference, _clean(sum(w * imp.imps(d) for w, d in pairs)), note
    if st.scoring == "bam":
        return difference, _clean(sum(w * st.bam_points * ((d > 0) - (d < 0)) / 2 for w, d in pairs)), note
    return difference, _clean(sum(w * d for w, d in pairs)), note


def score_match(match: TeamMatch, settings: MatchSettings | None = None) -> MatchScore:
    """Score a match: per-board IMPs (or BAM or aggregate points), running totals and VPs."""
    st = settings or MatchSettings()
    boards: list[MatchBoard] = []
    home_run = match.carry_over if st.scoring == "imps" else 0.0
    away_run = 0.0
    for b in match.board_numbers:
        o, c = match.rooms(b)
        difference, value, note = _board(o, c, st)
        if st.scoring == "bam":
            half = st.bam_points / 2
            home, away = _clean(half + value), _clean(half - value)
        else:
            home, away = (value, 0.0) if value > 0 else (0.0, -value)
        home_run += home
        away_run += away
        boards.append(MatchBoard(b, o, c, difference, value, _clean(home), _clean(away),
                                 _clean(home_run), _clean(away_run), note))
    vp: tuple[float, float] | None = None
    if st.scoring == "imps" and boards:
        margin = Decimal(repr(home_run - away_run)).quantize(Decimal(1), rounding=ROUND_HALF_UP)
        v = get_vp_scale(st.vp_scale).points(int(margin), len(boards))
        vp = (float(v[0]), float(v[1]))
    return MatchScore(match, st.scoring, tuple(boards), _clean(home_run), _clean(away_run), vp,
                      st.vp_scale)
