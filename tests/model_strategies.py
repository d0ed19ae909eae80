"""Hypothesis strategies for the library's values: every event, result, settings and scale."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st

from bridgescore import Board, Contract, Result, Seat
from bridgescore.compete.ranks import RankSettings
from bridgescore.core.contract import all_contracts
from bridgescore.core.seat import Side
from bridgescore.ratings import RateSettings, Ratings, WeekResults
from bridgescore.scoring.imps import ImpScale
from bridgescore.scoring.vp import VP_SCALES, VpBand, VpScale
from bridgescore.sessions.imp_pairs import ImpSettings, score_imp_pairs
from bridgescore.sessions.matchpoints import MatchpointSettings, score_matchpoints
from bridgescore.sessions.model import (
    Assignment,
    BoardResult,
    LineUp,
    Pair,
    Player,
    Session,
    Team,
    TeamMatch,
    possible_ns_scores,
)
from bridgescore.sessions.movements import howell, mitchell
from bridgescore.sessions.swiss import Draw, History
from bridgescore.sessions.swiss import Entry as SwissEntry
from bridgescore.sessions.swiss import Match as SwissMatch
from bridgescore.sessions.swiss_pairs import score_swiss_rounds
from bridgescore.sessions.swiss_roster import Roster, late_entry, sit_out, withdraw
from bridgescore.sessions.team_events import Fixture, Knockout, MatchResult, Standing, SwissTeams
from bridgescore.sessions.teams import MatchSettings, score_match


def _numeric(text: str) -> bool:
    from bridgescore.sessions.seating_checks import check_pair_id

    return check_pair_id(text) is not None or text.strip().lstrip("+-−").isdecimal()


CONTRACTS = st.sampled_from([*all_contracts(), Contract(0)])
FLOATS = st.floats(-1000, 1000, allow_nan=False, allow_infinity=False)
TEXT = st.text(max_size=8)
# Pair numbers are 1-9999 (Session checks them); other ids any non-empty text.
IDS = st.one_of(st.integers(1, 9999).map(str),
                st.text(min_size=1, max_size=6).filter(lambda t: t.strip() and not _numeric(t)))


@st.composite
def results(draw: Any) -> Result:
    c = draw(CONTRACTS)
    if c.is_passed_out:
        return Result(c, None, 0)
    return Result(c, draw(st.sampled_from(list(Seat))), draw(st.integers(0, 13)))


boards = st.integers(1, 10**6).map(Board)
players = st.builds(Player, IDS, TEXT, st.none() | TEXT)


@st.composite
def pairs(draw: Any, pid: str | None = None, sides: tuple[Side | None, ...] = (
        None, Side.NS, Side.EW)) -> Pair:
    members: tuple[Player, ...] = ()
    if draw(st.booleans()):
        a = draw(players)
        b = draw(players.filter(lambda p: p.id != a.id))
        members = (a, b)
    names = () if members or draw(st.booleans()) else tuple(draw(st.lists(TEXT, max_size=3)))
    return Pair(pid if pid is not None else draw(IDS), names,
                draw(st.sampled_from(sides)),
                draw(st.none() | st.integers(0, 99)), members)


@st.composite
def teams(draw: Any, tid: str | None = None) -> Team:
    members = tuple(draw(st.lists(players, max_size=6, unique_by=lambda p: p.id)))
    names = () if members else tuple(draw(st.lists(TEXT, max_size=4)))
    return Team(tid if tid is not None else draw(IDS), draw(TEXT), names, members)


def _award() -> st.SearchStrategy[Any]:
    return st.one_of(st.sampled_from(["A+", "A", "A-"]),
                     st.floats(0, 100, allow_nan=False).map(float))


@st.composite
def board_results(draw: Any, board: int | None = None, ns: str | None = None,
                  ew: str | None = None, kinds: tuple[str, ...] = (
                      "result", "score", "award", "weighted")) -> BoardResult:
    b = board if board is not None else draw(st.integers(1, 64))
    ns = ns if ns is not None else draw(IDS)
    ew = ew if ew is not None else draw(IDS.filter(lambda x: x != ns))
    vul = Board(b).vulnerability
    scores = sorted(possible_ns_scores(vul))
    kind = draw(st.sampled_from(kinds))
    extra = {"table": draw(st.none() | st.integers(1, 30)),
             "round": draw(st.none() | st.integers(1, 30)),
             "lead": draw(st.none() | st.sampled_from(["SQ", "H2", "CA"])),
             "seq": draw(st.none() | st.integers(1, 10**6))}
    if kind == "result":
        result = draw(results())
        if result.contract.is_passed_out:
            extra["lead"] = None  # a passed-out board has no lead (refused)
        return BoardResult(b, ns, ew, result, **extra)
    if kind == "score":
        return BoardResult(b, ns, ew, score=draw(st.sampled_from(scores)), **extra)
    if kind == "award":
        return BoardResult(b, ns, ew, ns_award=draw(_award()), ew_award=draw(_award()), **extra)
    w = draw(st.sampled_from([(0.5, 0.5), (0.25, 0.75), (0.3, 0.7), (0.6, 0.2, 0.2)]))
    return BoardResult(b, ns, ew, weighted=tuple((x, draw(st.sampled_from(scores))) for x in w),
                       **extra)


@st.composite
def sessions(draw: Any, kinds: tuple[str, ...] = ("result", "score", "award", "weighted"),
             max_boards: int = 4) -> Session:
    ids = draw(st.lists(IDS, min_size=2, max_size=8, unique=True))
    # Each pair keeps one side (as in a Mitchell), whatever the session's number of winners.
    ns_ids, ew_ids = ids[: len(ids) // 2], ids[len(ids) // 2:]
    rs = []
    for b in range(1, draw(st.integers(1, max_boards)) + 1):
        ns_order, ew_order = draw(st.permutations(ns_ids)), draw(st.permutations(ew_ids))
        for i, (ns, ew) in enumerate(zip(ns_order, ew_order, strict=False)):
            if draw(st.booleans()) or i == 0:
                rs.append(draw(board_results(b, ns, ew, kinds).map(
                    lambda r: BoardResult(r.board, r.ns_pair, r.ew_pair, r.result,
                                          None if r.result else r.score, r.ns_award, r.ew_award,
                                          r.weighted))))
    known = {p: draw(pairs(p, (None, Side.NS if p in ns_ids else Side.EW))) for p in ids
             if draw(st.booleans())}
    return Session(tuple(rs), None, known, draw(TEXT), draw(st.sampled_from([0, 1, 2])),
                   draw(st.none() | st.integers(1, 9)), draw(st.none() | st.integers(1, 30)))


@st.composite
def team_matches(draw: Any) -> TeamMatch:
    home = draw(teams("H"))
    taken = {p.id for p in home.members}
    away = draw(teams("A").filter(lambda t: not taken & {p.id for p in t.members}))
    rs = []
    n = draw(st.integers(1, 4))
    for b in range(1, n + 1):
        rs.append(draw(board_results(b, "H", "A")))
        rs.append(draw(board_results(b, "A", "H")))
    lineups = []
    for team in (home, away):
        if len(team.members) >= 4 and draw(st.booleans()):
            m = team.members
            lineups.append(LineUp(team.id, "open", (m[0].id, m[1].id)))
            lineups.append(LineUp(team.id, "closed", (m[2].id, m[3].id), (1,)))
    rs = [BoardResult(r.board, r.ns_pair, r.ew_pair, r.result, None if r.result else r.score,
                      r.ns_award, r.ew_award, r.weighted, seq=r.seq) for r in rs]
    return TeamMatch(home, away, tuple(rs), draw(TEXT), None, draw(FLOATS),
                     round=draw(st.none() | st.integers(1, 30)), lineups=tuple(lineups))


imp_scales = st.lists(st.integers(1, 5000), min_size=1, max_size=24, unique=True).map(
    lambda t: ImpScale("mine", "My scale", "我的表", tuple(sorted(t))))


@st.composite
def vp_scales(draw: Any) -> VpScale:
    if draw(st.booleans()):
        return draw(st.sampled_from(list(VP_SCALES.values())))
    top = draw(st.sampled_from([20, 25, 30]))
    bands = []
    low = 1
    for _ in range(draw(st.integers(1, 3))):
        high = low + draw(st.integers(0, 10))
        margins = sorted(draw(st.lists(st.integers(1, 80), max_size=top // 2, unique=True)))
        vps: list[float | int] = [top / 2 if top % 2 else top // 2]
        for _ in margins:
            vps.append(min(top, vps[-1] + draw(st.sampled_from([0, 0.5, 1]))))
        bands.append(VpBand(low, high, tuple(zip([0, *margins], vps, strict=True))))
        low = high + 1
    return VpScale("custom", "Custom", "自定", top, False, "table", tuple(bands))


matchpoint_settings = st.builds(
    MatchpointSettings, st.sampled_from(["2/1/0", "1/0.5/0"]),
    st.sampled_from(["neuberg", "session", "none"]), FLOATS, FLOATS, FLOATS, st.booleans(),
    st.sampled_from(["shared", "swiss"]), st.floats(0, 1))
imp_settings = st.builds(
    ImpSettings, st.sampled_from(["sum", "average", "factored"]),
    st.one_of(st.just("auto"), st.integers(0, 3), st.floats(0, 0.45)),
    st.sampled_from(["up", "away", "even"]), st.sampled_from([0, 10, 50]),
    st.one_of(st.sampled_from(["wbf", "ebl-1960"]), imp_scales), FLOATS, FLOATS,
    st.integers(1, 10), st.integers(1, 60), st.booleans(), st.sampled_from(["shared", "swiss"]),
    st.floats(0, 1))
match_settings = st.builds(
    MatchSettings, st.sampled_from(["imps", "bam", "aggregate"]),
    st.one_of(st.sampled_from(list(VP_SCALES)), vp_scales()),
    st.one_of(st.sampled_from(["wbf", "ebl-1960"]), imp_scales), FLOATS, FLOATS,
    st.integers(1, 2))
movements = st.one_of(
    st.sampled_from([3, 4, 5, 7]).map(lambda t: mitchell(t)),
    st.sampled_from([4, 5, 6]).map(lambda t: howell(t, arrow_switch=(1,))),
)
model_assignments = st.builds(Assignment, st.integers(1, 30), st.integers(1, 30), st.just("1"),
                              st.just("2"), st.lists(st.integers(1, 99)).map(tuple))


@st.composite
def session_scores(draw: Any) -> Any:
    s = draw(sessions(kinds=("result", "score", "award")))
    method = draw(st.sampled_from(["mp", "ximp", "butler", "online", "total"]))
    if method == "mp":
        return score_matchpoints(s)
    return score_imp_pairs(s, method)


@st.composite
def match_scores(draw: Any) -> Any:
    return score_match(draw(team_matches()), MatchSettings(draw(st.sampled_from(
        ["imps", "bam", "aggregate"]))))


# -- Swiss draws, team events, knockouts, Swiss pairs ------------------------------------------
swiss_entries = st.builds(SwissEntry, IDS, TEXT, FLOATS)
swiss_draws = st.builds(
    Draw, st.lists(st.builds(SwissMatch, st.integers(1, 40), IDS, IDS, st.booleans()),
                   max_size=4).map(tuple), st.none() | IDS, st.integers(0, 5))
histories = st.builds(
    History.from_pairs,
    st.lists(st.tuples(IDS, IDS).filter(lambda t: t[0] != t[1]), max_size=6),
    st.lists(IDS, max_size=3))
fixtures = st.builds(Fixture, st.integers(1, 20), IDS, IDS)
match_results = st.builds(MatchResult, st.integers(1, 20), IDS, IDS, FLOATS, FLOATS,
                          st.integers(1, 40), st.none() | FLOATS, st.none() | FLOATS)
team_standings = st.builds(Standing, IDS, st.integers(0, 20), st.integers(0, 3), FLOATS, FLOATS,
                           FLOATS, TEXT, st.integers(0, 20))
swiss_teams = st.builds(
    SwissTeams, st.lists(IDS, max_size=5), st.lists(match_results, max_size=3),
    st.lists(st.tuples(st.integers(1, 9), IDS), max_size=2),
    st.one_of(st.just("average"), st.floats(0, 20)), st.sampled_from(list(VP_SCALES)))
_imps_won = st.one_of(st.integers(0, 200), st.floats(0, 200),
                      st.fractions(min_value=0, max_value=200, max_denominator=6))
knockouts = st.builds(Knockout, st.just("H"), st.just("A"),
                      st.lists(st.tuples(_imps_won, _imps_won), max_size=4).map(tuple),
                      st.one_of(st.integers(-30, 30), st.fractions(-30, 30, max_denominator=4)))


rosters = st.builds(
    lambda w, late, out, score: Roster(tuple(x for x in (w, late, out) if x is not None), score),
    st.none() | st.builds(withdraw, st.just("w1"), st.integers(2, 4)),
    st.none() | st.builds(late_entry, st.just("l1"), st.integers(1, 3), st.floats(0, 30)),
    st.none() | st.builds(sit_out, st.just("s1"), st.integers(1, 4)),
    st.none() | st.floats(0, 20))


@st.composite
def swiss_pairs_events(draw: Any) -> Any:
    """Four pairs, every one playing every round (a pair missing needs an instruction)."""
    rounds = []
    for n in range(draw(st.integers(1, 3))):
        tables = [("1", "2"), ("3", "4")] if n % 2 == 0 else [("1", "3"), ("2", "4")]
        rs = []
        for b in (1, 2):
            rs += [draw(board_results(b, ns, ew, ("result", "score")).map(
                lambda r: BoardResult(r.board, r.ns_pair, r.ew_pair, r.result,
                                      None if r.result else r.score))) for ns, ew in tables]
        rounds.append(Session(tuple(rs), winners=1))
    return score_swiss_rounds(rounds, draw(st.sampled_from(["mp", "ximp", "butler"])),
                              completion=draw(st.floats(0, 1)))


# Rank thresholds: twelve whole numbers, the first 0, strictly increasing.
rank_settings = st.lists(st.integers(1, 10**6), min_size=11, max_size=11, unique=True).map(
    lambda xs: RankSettings((0, *sorted(xs))))
# -- the Rate (bridgescore.ratings) ----------------------------------------------------------

rate_settings = st.builds(
    RateSettings, start_rate=FLOATS, start_weight=st.floats(0.01, 100),
    imp_scale=st.floats(0.5, 40), fade=st.floats(0.01, 1), window=st.integers(1, 1000),
    max_results=st.integers(1, 10**9), max_weight=st.floats(1, 1000),
    min_results=st.integers(1, 40), field_adjust=st.booleans(),
    disconnect_rate=st.floats(-10, 50), scoring=st.sampled_from(["ximp", "mp"]),
    tolerance=st.floats(1e-12, 1), max_iterations=st.integers(1, 100_000), pool=imp_settings)


@st.composite
def ratings_values(draw: Any) -> Ratings:
    ids = draw(st.lists(st.integers(-(2**63) + 1, 2**63 - 1), unique=True, max_size=8))
    k = len(ids)
    rates = draw(st.lists(st.floats(-1e6, 1e6), min_size=k, max_size=k))
    weights = draw(st.lists(st.floats(0, 1e9), min_size=k, max_size=k))
    boards = draw(st.lists(st.integers(0, 2**62), min_size=k, max_size=k))
    anchors = draw(st.lists(st.floats(-1e6, 1e6), min_size=k, max_size=k))
    anchor_weights = draw(st.lists(st.floats(0, 1e9), min_size=k, max_size=k))
    return Ratings.of(np.array(ids, np.int64), rates, weights, np.array(boards, np.int64),
                      anchors, anchor_weights)


@st.composite
def week_results(draw: Any) -> WeekResults:
    rows = draw(st.integers(0, 6))
    board = draw(st.lists(st.integers(-(2**63) + 1, 2**63 - 1), min_size=rows, max_size=rows))
    players = [draw(st.lists(st.integers(-(10**12), 10**12), unique=True, min_size=4,
                             max_size=4)) for _ in range(rows)]
    scores = draw(st.lists(st.integers(-760, 760).map(lambda x: 10 * x), min_size=rows,
                           max_size=rows))
    zero = [draw(st.lists(st.booleans(), min_size=4, max_size=4)) for _ in range(rows)]
    return WeekResults.of(np.array(board, np.int64), np.array(players, np.int64).reshape(-1, 4),
                          np.array(scores, np.int64), np.array(zero, bool).reshape(-1, 4))
