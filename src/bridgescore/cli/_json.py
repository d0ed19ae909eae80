"""The JSON the commands print: one shape per object, whichever command prints it, with one
type per field (docs/json.md describes every shape; tests check each command against it).

A quantity that can be fractional (IMPs won on a board or in total, matchpoints, VPs,
percentages, a datum) is always a float, even when it happens to be whole; a table score, a
count or a board number is always an int; an id is always a string.  Absent values are
``null``, never missing keys.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, SupportsFloat

if TYPE_CHECKING:
    from ..sessions.model import BoardResult
    from ..sessions.scores import SessionScores
    from ..sessions.swiss import Draw
    from ..sessions.team_events import MatchResult, Standing
    from ..sessions.teams import MatchScore

__all__ = ["draw_json", "fnum", "match_result_json", "pair_row", "pairs_session_json",
           "standing_json", "table_result_json", "team_match_json", "vp_result"]


def fnum(x: SupportsFloat | Fraction, digits: int = 2) -> float:
    """A fractional quantity as JSON: always a float, rounded half up to ``digits`` decimals
    as the pages and the text round (28.125 → 28.13), from the exact value when there is one."""
    from ..core.figures import half_up

    exact = x if isinstance(x, Fraction | int) else Fraction(float(x))
    return float(half_up(exact, digits)) + 0.0  # + 0.0: never -0.0


def _opt(x: float | None, digits: int = 2) -> float | None:
    return None if x is None else fnum(x, digits)


def _name(text: str | None) -> str | None:
    return text or None


def vp_result(scale: str, boards: int, margin: int, first: float, second: float) -> dict[str, Any]:
    """A VP result: the scale, the boards, the whole-IMP margin to the first side (home, or the
    first of two totals) and the VPs of the first and second sides."""
    return {"scale": scale, "boards": boards, "margin": int(margin),
            "vp": [fnum(first), fnum(second)]}


def _award(a: object) -> str:
    return "" if a is None else a if isinstance(a, str) else f"{a:g}%"


def table_result_json(r: BoardResult) -> dict[str, Any]:
    """One board at one table, as the results file gives it (pairs and teams alike)."""
    adjusted = None
    if r.kind == "artificial":
        adjusted = f"{_award(r.ns_award)}/{_award(r.ew_award)}"
    elif r.kind == "weighted":
        adjusted = "weighted"
    return {
        "table": r.table, "round": r.round, "ns_pair": str(r.ns_pair), "ew_pair": str(r.ew_pair),
        "contract": None if r.result is None else str(r.result), "lead": r.lead or None,
        "ns_score": r.score, "adjusted": adjusted,
    }


def pair_row(place: str | None, pair: str, names: Sequence[str], direction: object,
             total: float, percentage: float | None, boards: int) -> dict[str, Any]:
    return {"place": place or None, "pair": str(pair), "names": list(names),
            "direction": getattr(direction, "name", None), "total": fnum(total),
            "percentage": _opt(percentage), "boards": boards}


def pairs_session_json(scores: SessionScores) -> dict[str, Any]:
    """A scored pairs session: its event name, the scoring, every board with its results and
    every pair with its total, percentage and place."""
    session = scores.session
    return {
        "event": _name(session.name if session is not None else None),
        "scoring": scores.scoring,
        "boards": [
            {"board": b.board, "top": _opt(b.top), "datum": _opt(b.datum),
             "results": [{**table_result_json(s.result), "ns": fnum(s.ns), "ew": fnum(s.ew),
                          "note": s.note or None} for s in b.results]}
            for b in scores.boards
        ],
        "pairs": [pair_row(p.place, p.pair, scores.names(p.pair), p.direction, p.total,
                           p.percentage, p.boards) for p in scores.pairs],
    }


def _team(prefix: str, team_id: str, name: str | None) -> dict[str, Any]:
    return {prefix: str(team_id), f"{prefix}_name": _name(name)}


def team_match_json(m: MatchScore) -> dict[str, Any]:
    """A scored team match: the teams with their names, every board (both rooms, the
    difference and what each team scores), the totals, the winner and the VPs."""
    match = m.match
    margin = m.home_total - m.away_total
    vp = None
    if m.vp is not None:
        vp = vp_result(m.vp_scale, len(m.boards), int(margin), m.vp[0], m.vp[1])
    return {
        "event": _name(match.name),
        "round": getattr(match, "round", None),
        **_team("home", match.home.id, match.home.name),
        **_team("away", match.away.id, match.away.name),
        "scoring": m.scoring,
        "carry_over": fnum(match.carry_over),
        "boards": [
            {"board": b.board, "open": table_result_json(b.open),
             "closed": table_result_json(b.closed), "difference": b.difference,
             "imps": fnum(b.imps), "home": fnum(b.home), "away": fnum(b.away),
             "home_running": fnum(b.home_running), "away_running": fnum(b.away_running),
             "note": b.note or None}
            for b in m.boards
        ],
        "home_total": fnum(m.home_total), "away_total": fnum(m.away_total),
        "margin": fnum(margin), "winner": m.winner, "vp": vp,
    }


def match_result_json(m: MatchResult, names: Mapping[str, str], scale: str) -> dict[str, Any]:
    """A finished match of a team event (a line of a results list)."""
    home_vp, away_vp = m.vps(scale)
    diff = m.home_imps - m.away_imps
    # The margin the VPs come from: whole IMPs, half away from zero (as MatchResult.vps).
    whole = math.floor(abs(diff) + 0.5) * (1 if diff >= 0 else -1)
    given = m.home_vp is not None and m.away_vp is not None
    return {
        "round": m.round, **_team("home", m.home, names.get(m.home)),
        **_team("away", m.away, names.get(m.away)),
        "home_imps": fnum(m.home_imps), "away_imps": fnum(m.away_imps), "boards": m.boards,
        "vp": vp_result("given" if given else scale, m.boards, whole, home_vp, away_vp),
    }


def standing_json(s: Standing, names: Mapping[str, str]) -> dict[str, Any]:
    """A team's line of the standings."""
    q = s.quotient
    return {"place": s.place or None, "team": str(s.team), "name": _name(names.get(s.team)),
            "played": s.played, "byes": s.byes, "vp": fnum(s.vp),
            "imps_for": fnum(s.imps_for), "imps_against": fnum(s.imps_against),
            "quotient": fnum(q, 3) if math.isfinite(q) else None}


def draw_json(draw: Draw, round_number: int | None, *, teams: bool = False,
              names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A Swiss draw: the round it is for, who meets whom at each table (NS/EW for pairs,
    home/away for teams, the higher-ranked first), the bye and the rematches."""
    nm = names or {}
    tables = []
    for t in draw.tables:
        if teams:
            tables.append({"table": t.table, **_team("home", t.high, nm.get(t.high)),
                           **_team("away", t.low, nm.get(t.low)), "rematch": t.rematch})
        else:
            tables.append({"table": t.table, "ns": str(t.high), "ew": str(t.low),
                           "rematch": t.rematch})
    return {"round": round_number, "tables": tables, "bye": draw.bye,
            "rematches": draw.rematches}


def movement_json(mv: Any) -> dict[str, Any]:
    """A movement, its pairs and every table of every round.  Pair ids are strings here as in
    every results shape (a movement numbers them 1, 2, …)."""
    data: dict[str, Any] = mv.to_json()
    data["pairs"] = [str(p) for p in data["pairs"]]
    data["assignments"] = [
        {**a, "ns": str(a["ns"]), "ew": str(a["ew"]), "arrow_switch": bool(a.get("arrow_switch"))}
        for a in data["assignments"]
    ]
    data["sit_outs"] = {r: [str(p) for p in ps] for r, ps in data["sit_outs"].items()}
    return data


def _number(text: str) -> float | None:
    try:
        return fnum(float(text))
    except ValueError:
        return None


def compare_json(file: str, scoring: str, result: Any) -> dict[str, Any]:
    """``pairs --compare``: whether the file's scores agree with ours, and each difference.
    A difference of a result carries both sides' scores; of a total or a percentage, the two
    figures (floats); of a place, the two places as text ("2=" is a shared second place)."""
    diffs = []
    for d in result.differences:
        if d.kind == "result":
            (ns_t, ew_t), (ns_o, ew_o) = d.theirs.split("/"), d.ours.split("/")
            diffs.append({"kind": "result", "board": d.board, "ns_pair": str(d.pair),
                          "ew_pair": str(d.other),
                          "theirs": {"ns": _number(ns_t), "ew": _number(ew_t)},
                          "ours": {"ns": _number(ns_o), "ew": _number(ew_o)}})
        elif d.kind == "place":
            diffs.append({"kind": "place", "pair": str(d.pair), "theirs": d.theirs,
                          "ours": d.ours or None})
        else:
            diffs.append({"kind": d.kind, "pair": str(d.pair), "theirs": _number(d.theirs),
                          "ours": _number(d.ours) if d.ours else None})
    return {"file": file, "scoring": scoring, "agree": result.agree,
            "results_compared": result.results_compared,
            "pairs_compared": result.pairs_compared, "not_compared": result.not_compared,
            "differences": diffs}


def deal_board_json(b: Any) -> dict[str, Any]:
    """A board with its deal (deal, handrecord, dd): dealer, vulnerability, the hands and
    their points, and the double-dummy tricks and par when solved (else ``null``)."""
    data: dict[str, Any] = b.to_dict()
    # The key is "vulnerability" as in every other shape ("vulnerable" is a yes/no in score).
    vulnerability = data.pop("vulnerable", None)
    out = {"board": data.pop("board"), "dealer": data.pop("dealer"),
           "vulnerability": data.pop("vulnerability", vulnerability)}
    out.update(data)
    out.setdefault("tricks", None)
    out.setdefault("par", None)
    return out
