"""Is the Rate (牌技指数) a good rating?  A simulated club of players with hidden true skill,
rated week by week by the Rate and by three baselines, on the same results.

Run (from the repository root)::

    .venv/bin/python benchmarks/rating_simulation.py [--quick] [--seed N] [--seeds K]
        [--json PATH] [--svg DIR]

``--world NAME … [--seeds 5] [--first-seed 100] [--json PATH] [--markdown PATH]`` runs issue
21's worlds instead (groups of different strength that seldom meet, joins, newcomers, players
who choose weak opponents; ``all`` for every one): ``benchmarks/rating_worlds.py``.

``--quick`` is a small club over a few weeks (a check that it works, for the test); the full
size is the one in ``docs/ratings.md``.  Everything follows from ``--seed``: the constants of
every method are tuned on the world of seed ``N`` (a grid, the best kept) and the comparison is
reported on the worlds of seeds ``N+1 … N+K``, which no tuning has seen.

**The world** (stated in ``docs/ratings.md``, "How good it is"):

- *Players.*  Each player has a hidden true skill ``s`` (standard normal at joining) that drifts
  slowly (an AR(1) walk: ``s ← 0.999·s + 0.045·N(0, 1)`` each week, so the spread stays 1 and a
  year changes a player's skill by about 0.3).  The club starts with ``members`` players; new
  players join every week (Poisson), each member leaves with a small weekly chance.  Each
  player has an activity (Beta-distributed): the chance of coming to each of the week's
  sessions.  About half the players belong to a regular partnership (they play together when
  both come, 9 times in 10); the others, and a regular player whose partner is absent, are
  paired at random.
- *Sessions.*  A week has ``slots`` sessions; in each, the pairs present meet new opponents
  every round (random tables and directions), ``rounds`` rounds of ``per_round`` boards.
- *Boards (the week's pool).*  Each board's results come from the board pool of the week:
  a table takes its round's boards from the open boards no player of the table has played,
  the fullest first (as the pool serves), each board having its own capacity of 6–40
  results, so boards are played by 6–40 tables; a board still under 6 at the week's end is
  not rated (the pool's rule).  Vulnerability follows the board number (Law 2).
- *Scores.*  A board is one of four kinds — a part-score (42 %), a game (36 %), a slam
  (10 %), a competitive board with sacrifices (12 %) — with a strong side, a strain, and an
  expected number of tricks.  The field's contracts on it (the normal one, stopping low,
  overbidding, doubles, a sacrifice doubled) have chances, and the tricks around the
  expectation are normal (σ = 1 trick); scored by Law 77 (``bridgescore.core.law77``), this gives
  the board's distribution of NS scores (part-scores, games made and down, slams, doubled
  penalties).  A table's NS score is the quantile ``u = F(κ·Δ + ε)`` of that distribution, where
  ``Δ = (s_N + s_S)/2 − (s_E + s_W)/2`` is the table's true skill difference, ``ε`` Student's t with 3
  degrees of freedom (heavy tails: some results owe nothing to skill) and ``F`` its distribution
  function, so at ``Δ = 0`` a table's score follows the field's distribution and a better NS pair
  moves up it.  ``κ`` is set so that a pair one standard deviation above its opponents makes
  about +1 IMP a board against the datum.
- *Datum and IMPs.*  The library computes them from the raw scores, exactly as the pool does
  (the trimmed-mean datum of the board's results, rounded, turned into IMPs): the Rate by
  ``rate_week``, the baselines from the same IMPs.

**The methods**, each rating after every week from the results so far:

- *Rate*: ``bridgescore.ratings.rate_week`` (its open constants tuned on the tuning seed);
- *(a) mean IMPs*: each player's mean IMPs against the datum over all boards so far;
- *(b) NGS-style*: the EBU National Grading Scheme's way — a player's expected percentage on a
  board is ``50 + (own + partner)/2 − mean of the opponents' grades``, the actual one
  ``50 + c·IMPs``; the week's session grade is ``grade + (actual − expected)`` (means over the
  player's boards), and the grade is the board-weighted mean of the session grades, older ones
  decaying by ``exp(−boards played since / τ)`` and capped at a window of boards; a new player
  starts at 50 with the weight of ``w0`` boards (``c``, ``τ``, window and ``w0`` tuned);
- *(c) least squares*: the skill vector minimising the squared error of
  ``IMPs_NS ≈ (D − D̄)`` over all results so far (``D`` the table's NS − EW level in IMPs a
  board, ``D̄`` its mean over the board's tables), older weeks faded, ridge-regularised
  (fade and ridge tuned).

**The measures**: Spearman's correlation of each method's ratings with true skill at the end of
each week, over the players who have played (and over those with ≥ ``MATURE`` boards); and the
prediction of next week's results: each method predicts a result's NS IMPs as ``β·(D − D̄)`` in
its own units, ``β`` fitted on the earlier weeks only; the score is the mean squared error on the
next week, against the baseline of predicting 0.  Two studies: a new strong player (top 5 %)
joining half-way, week by week; a pair that seeks weak opponents against the same pair playing
the field.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

# One thread for NumPy's linear algebra: the machine's cores are shared, and threads contending
# for them made a 300×300 solve 30× slower.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np
from numpy.typing import NDArray

# This comparison's "Rate" is the old one-player-at-a-time Rate, which issue 21 replaced by a
# joint fit, kept unchanged in benchmarks/old_rate.py.
from old_rate import RateSettings, rate_week

from bridgescore.core.board import Board
from bridgescore.core.law77 import score
from bridgescore.core.seat import Side
from bridgescore.ratings import Ratings, WeekResults

Floats = NDArray[np.float64]
Ints = NDArray[np.int64]
Bools = NDArray[np.bool_]

MATURE = 100  # boards: the "established players" measure
STRONG_SKILL = 2.0  # the new strong player: top 2.3 % (the mean of the top 5 % is 2.06)
SEATS = "NESW"


# --- The world ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Size:
    """How big a club and how long a run."""

    weeks: int
    members: int  # at the start
    joins: float  # new members a week (Poisson mean)
    leave: float  # each member's weekly chance of leaving
    slots: int  # sessions a week
    rounds: int  # rounds a session
    per_round: int  # boards a round
    seeds: int  # report seeds
    mature: int = MATURE


FULL = Size(weeks=52, members=240, joins=2.5, leave=0.008, slots=3, rounds=6, per_round=3,
            seeds=5)
QUICK = Size(weeks=20, members=120, joins=1.5, leave=0.01, slots=2, rounds=6, per_round=3,
             seeds=2, mature=60)


@dataclass(frozen=True)
class Model:
    """How skill reaches a table's score (module docstring): ``quantile`` — the table's
    quantile of the field's distribution is ``F(strength·Δ + ε)``; ``tricks`` — the contract
    is the field's (skill plays no part in it) and the declarer takes
    ``strength·Δ`` more tricks (Δ from the declaring side), plus heavy-tailed noise.  Each
    strength makes a pair one standard deviation above its opponents about +1 IMP a board
    (``calibrate``)."""

    name: str
    strength: float


MODELS = {"quantile": Model("quantile", 0.30), "tricks": Model("tricks", 0.30)}


@dataclass(frozen=True)
class Special:
    """Who is planted in the world: the strong newcomer, and the pair that seeks weak
    opponents — the weakest third of the pairs present by true skill (``weak_only="skill"``:
    the pair knows who is weak) or by their Rates at the start of the week (``"rate"``: the
    pair reads the ratings list) — or plays the field (``""``)."""

    newcomer_week: int  # the week the strong newcomer joins (−1: none)
    pair_skill: float = 0.5  # the studied pair's two players (true skill)
    weak_only: str = ""
    selector: RateSettings | None = None  # the Rate that "rate" reads


@dataclass
class WeekData:
    """One week's results (``results``: board keys unique over the run, players N, E, S, W,
    NS scores) and each result's NS IMPs against its board's datum (``imps``) and whether
    the board is rated (``rated``: at least 6 results), as the library works them out."""

    results: WeekResults
    imps: Ints
    rated: Bools
    # Derived once: the rated results' players, NS IMPs, and board index (0…) and counts.
    rated_players: Ints = field(init=False)
    rated_imps: Floats = field(init=False)
    board_index: Ints = field(init=False)
    board_count: Floats = field(init=False)

    def __post_init__(self) -> None:
        self.rated_players = self.results.players[self.rated]
        self.rated_imps = self.imps[self.rated].astype(float)
        _, inv = np.unique(self.results.board[self.rated], return_inverse=True)
        self.board_index = inv.astype(np.int64)
        self.board_count = np.bincount(inv).astype(float)

    @property
    def board(self) -> Ints:
        return self.results.board

    @property
    def players(self) -> Ints:
        return self.results.players


def week_imps(results: WeekResults) -> tuple[Ints, Bools, Ints]:
    """Each result's NS IMPs against its board's datum, whether its board is rated, and the
    board's number of results: the library's own figures (``rate_week``'s detail), so every
    method sees exactly the IMPs the Rate sees."""
    detail = rate_week(Ratings.empty(), results, RateSettings(), detail=True).detail
    assert detail is not None
    n = len(results)
    imps = np.zeros(n, np.int64)
    rated = np.zeros(n, bool)
    counts = np.zeros(n, np.int64)
    imps[detail.row] = detail.points
    rated[detail.row] = detail.rated
    counts[detail.row] = detail.results
    return imps, rated, counts


@dataclass
class World:
    size: Size
    seed: int
    model: Model
    weeks: list[WeekData]
    skill: list[Floats]  # per week, every player ever (nan before joining)
    member: list[Bools]  # per week: joined and not left
    players: int  # players ever
    newcomer: int  # id (−1: none)
    pair: tuple[int, int]  # the studied pair's ids
    pool_counts: Ints  # results per board, every board of the run

    def with_weeks(self, weeks: int) -> World:
        return replace(self, weeks=self.weeks[:weeks], skill=self.skill[:weeks],
                       member=self.member[:weeks])


# The normal distribution function on a fine grid (np.interp between its points is exact to
# about 1e-8; NumPy has no erf).
_GRID = np.linspace(-12.0, 12.0, 24_001)
_PHI = np.array([0.5 * (1.0 + math.erf(x / math.sqrt(2.0))) for x in _GRID])
_EDGES = np.arange(13) + 0.5  # between 0|1, 1|2, … 12|13 tricks


def _tricks(expected: float, sd: float = 1.0) -> Floats:
    """The chance of 0…13 tricks around ``expected`` (a normal, the tails folded in)."""
    cdf = np.interp((_EDGES - expected) / sd, _GRID, _PHI)
    out: Floats = np.diff(np.concatenate([[0.0], cdf, [1.0]]))
    return out


@functools.cache
def _score_row(contract: str, vulnerable: bool) -> Ints:
    """The contract's declarer score for 0…13 tricks (Law 77, ``bridgescore.core.law77``)."""
    return np.array([score(contract, k, vulnerable) for k in range(14)], np.int64)


@dataclass(frozen=True)
class Contract:
    """One contract the field reaches on a board: its NS score for 0…13 tricks, the side
    that declares it (+1 NS, −1 EW), the declarer's expected tricks and its chance."""

    ns_scores: Ints
    side: int
    expected: float
    chance: float


@dataclass(frozen=True)
class BoardModel:
    kind: str
    contracts: tuple[Contract, ...]

    def distribution(self) -> tuple[Ints, Floats]:
        """The field's NS scores (sorted) and their cumulative chances: each contract's
        chance times its tricks' chances (normal around the expectation, σ = 1 trick)."""
        scores, where = np.unique(np.concatenate([c.ns_scores for c in self.contracts]),
                                  return_inverse=True)
        chances = np.bincount(where, np.concatenate([c.chance * _tricks(c.expected)
                                                     for c in self.contracts]))
        keep = chances > 1e-7
        scores, chances = scores[keep], chances[keep]
        cdf = np.cumsum(chances / chances.sum())
        cdf[-1] = 1.0
        return scores, cdf


MAJOR, MINOR = ("H", "S"), ("C", "D")


def board_model(rng: np.random.Generator, number: int) -> BoardModel:
    """A board: its kind and the contracts the field reaches on it (module docstring)."""
    vul = Board(number).vulnerability
    ns = bool(rng.random() < 0.5)  # the strong side
    menu: list[Contract] = []
    kind_draw = rng.random()

    def add(contract: str, by_strong: bool, expected: float, chance: float) -> None:
        by_ns = ns == by_strong
        row = _score_row(contract, vul.is_vulnerable(Side.NS if by_ns else Side.EW))
        menu.append(Contract(row if by_ns else -row, 1 if by_ns else -1, min(expected, 13.4),
                             chance))

    def strain_pick(weights: Sequence[tuple[str, float]]) -> str:
        total = sum(w for _, w in weights)
        u = rng.random() * total
        for name, w in weights:
            u -= w
            if u < 0:
                return name
        return weights[-1][0]

    if kind_draw < 0.42:
        kind = "part-score"
        strain = strain_pick([("C", 0.2), ("D", 0.2), ("H", 0.22), ("S", 0.23), ("NT", 0.15)])
        tricks = float(rng.uniform(7.3, 9.6))
        other = strain_pick([("C", 1), ("D", 1), ("H", 1), ("S", 1)])
        theirs = 15.5 - tricks + float(rng.normal(0.0, 0.7))
        for level, p in ((1, 0.17), (2, 0.43), (3, 0.25)):
            add(f"{level}{strain}", True, tricks, p)
        for level, p in ((2, 0.06), (3, 0.05)):
            add(f"{level}{other}", False, theirs, p)
        add(f"3{other}X", False, theirs, 0.04)
    elif kind_draw < 0.78:
        kind = "game"
        strain = strain_pick([("H", 0.27), ("S", 0.28), ("NT", 0.30), ("C", 0.07), ("D", 0.08)])
        level = 3 if strain == "NT" else 4 if strain in MAJOR else 5
        tricks = level + 6 + float(rng.normal(-0.1, 1.0))
        add(f"{level}{strain}", True, tricks, 0.66)
        add(f"{level}{strain}X", True, tricks, 0.05)
        add(f"{level - 1}{strain}", True, tricks, 0.16)
        add(f"{level + 1}{strain}", True, tricks, 0.05)
        if strain in MINOR:
            add("3NT", True, tricks + float(rng.normal(0.0, 1.0)), 0.04)
        else:
            add(f"{level - 2}{strain}", True, tricks, 0.04)
        sac = strain_pick([(s, 1) for s in ("C", "D", "H", "S") if s != strain])
        add(f"{level}{sac}X", False, level + 6 - float(rng.uniform(1.5, 3.5)), 0.04)
    elif kind_draw < 0.88:
        kind = "slam"
        strain = strain_pick([("H", 0.25), ("S", 0.25), ("NT", 0.25), ("C", 0.12), ("D", 0.13)])
        game = 3 if strain == "NT" else 4 if strain in MAJOR else 5
        tricks = 12 + float(rng.normal(-0.4, 0.8))
        add(f"6{strain}", True, tricks, 0.50)
        add(f"{game}{strain}", True, tricks, 0.38)
        add(f"7{strain}", True, tricks, 0.06)
        add(f"6{strain}X", True, tricks, 0.06)
    else:
        kind = "competitive"
        strain = strain_pick([("H", 1), ("S", 1)])
        tricks = 10 + float(rng.normal(0.3, 0.6))
        sac = strain_pick([(s, 1) for s in ("C", "D", "H", "S") if s != strain])
        sac_level = int(rng.choice([4, 5]))
        add(f"4{strain}", True, tricks, 0.45)
        add(f"{sac_level}{sac}X", False, sac_level + 6 - float(rng.uniform(1.5, 3.5)), 0.30)
        add(f"5{strain}", True, tricks, 0.10)
        add(f"4{strain}X", True, tricks, 0.05)
        add(f"3{strain}", True, tricks, 0.10)
    return BoardModel(kind, tuple(menu))


def table_scores(rng: np.random.Generator, model: Model, board_keys: Ints, board: Ints,
                 delta: Floats, base: int) -> Ints:
    """Each result's NS score: its board's model, the table's skill difference ``delta``
    (NS − EW) and chance, as ``model`` says."""
    n = len(delta)
    ns_score = np.zeros(n, np.int64)
    if model.name == "quantile":
        u = t3_cdf(model.strength * delta + rng.standard_t(3, size=n))
        for key in board_keys:
            scores, cdf = board_model(rng, int(key - base - 1) % 32 + 1).distribution()
            idx = np.flatnonzero(board == key)
            ns_score[idx] = scores[np.minimum(np.searchsorted(cdf, u[idx]), len(scores) - 1)]
        return ns_score
    pick = rng.random(n)
    noise = rng.standard_t(3, size=n) / math.sqrt(3.0)  # σ = 1 trick, heavy tails
    for key in board_keys:
        bm = board_model(rng, int(key - base - 1) % 32 + 1)
        idx = np.flatnonzero(board == key)
        chance = np.cumsum([c.chance for c in bm.contracts])
        which = np.minimum(np.searchsorted(chance / chance[-1], pick[idx]),
                           len(bm.contracts) - 1)
        side = np.array([c.side for c in bm.contracts])[which]
        expected = np.array([c.expected for c in bm.contracts])[which]
        tricks = np.clip(np.rint(expected + side * model.strength * delta[idx] + noise[idx]),
                         0, 13).astype(np.int64)
        rows = np.stack([c.ns_scores for c in bm.contracts])
        ns_score[idx] = rows[which, tricks]
    return ns_score


def t3_cdf(x: Floats) -> Floats:
    """Student's t distribution function, 3 degrees of freedom (closed form)."""
    y = x / math.sqrt(3.0)
    out: Floats = 0.5 + (np.arctan(y) + y / (1.0 + y * y)) / math.pi
    return out


def build_world(size: Size, seed: int, special: Special | None = None,
                model: Model = MODELS["quantile"]) -> World:
    """The club, week by week (module docstring): every result with its IMPs."""
    special = special or Special(newcomer_week=size.weeks // 2)
    rng = np.random.default_rng([seed, 7])
    skill: list[float] = []
    activity: list[float] = []
    partner: list[int] = []
    left: list[bool] = []
    joined: list[int] = []

    def join(week: int, s: float | None = None, act: float | None = None,
             regular: bool = True) -> int:
        pid = len(skill)
        skill.append(float(rng.normal()) if s is None else s)
        activity.append(float(0.12 + 0.83 * rng.beta(1.6, 1.6)) if act is None else act)
        partner.append(-1)
        left.append(False)
        joined.append(week)
        return pid

    for _ in range(size.members):
        join(0)
    ids = list(range(size.members))
    rng.shuffle(ids)
    for a, b in zip(ids[: size.members // 2: 2], ids[1: size.members // 2: 2], strict=False):
        partner[a], partner[b] = b, a
    # The studied pair: two steady players of the same skill, playing together every week.
    selector = special.selector or RateSettings()
    selector_ratings = Ratings.empty()
    pa = join(0, special.pair_skill, 0.95)
    pb = join(0, special.pair_skill, 0.95)
    partner[pa], partner[pb] = pb, pa
    studied = {pa, pb}
    newcomer = -1

    weeks: list[WeekData] = []
    skills: list[Floats] = []
    members: list[Bools] = []
    board_base = 0
    counts_all: list[Ints] = []
    for week in range(size.weeks):
        if week > 0:
            for p in range(len(skill)):
                if p != newcomer and p not in studied:
                    skill[p] = 0.999 * skill[p] + 0.0447 * float(rng.normal())
                if not left[p] and p not in studied and p != newcomer and rng.random() < size.leave:
                    left[p] = True
                    if partner[p] >= 0:
                        partner[partner[p]] = -1
            for _ in range(int(rng.poisson(size.joins))):
                p = join(week)
                if rng.random() < 0.3:  # joins with a partner
                    q = join(week)
                    partner[p], partner[q] = q, p
        if week == special.newcomer_week:
            newcomer = join(week, STRONG_SKILL, 0.8)
        present_members = [p for p in range(len(skill)) if not left[p]]
        sk = np.array(skill)
        if special.weak_only == "rate":
            seen = np.full(len(skill), float(selector.start_rate))
            seen[selector_ratings.player] = selector_ratings.rate
        else:
            seen = sk
        # Sessions: who comes, the pairs, the tables of each round.
        tables: list[tuple[int, int, int, int]] = []
        for _slot in range(size.slots):
            here = [p for p in present_members if rng.random() < activity[p]]
            here_set = set(here)
            pairs: list[tuple[int, int]] = []
            single: list[int] = []
            for p in here:
                q = partner[p]
                if q >= 0 and q in here_set and (p in studied or rng.random() < 0.9):
                    if p < q:
                        pairs.append((p, q))
                else:
                    single.append(p)
            # A regular player whose partner did not come (or who did not pair up) plays
            # with someone else; the pairs that did form stay.
            paired = {x for pq in pairs for x in pq}
            single = [p for p in single if p not in paired]
            order = rng.permutation(len(single))
            single = [single[i] for i in order]
            pairs += [(single[i], single[i + 1]) for i in range(0, len(single) - 1, 2)]
            pairs = [pairs[i] for i in rng.permutation(len(pairs))]
            if len(pairs) % 2:
                # One pair sits out (never the studied pair).
                out = next(i for i in range(len(pairs)) if not studied & set(pairs[i]))
                pairs.pop(out)
            for _round in range(size.rounds):
                order = rng.permutation(len(pairs))
                ranked = [pairs[i] for i in order]
                if special.weak_only:
                    ranked = _weak_opponents(rng, ranked, studied, seen)
                for t in range(0, len(ranked), 2):
                    ns_pair, ew_pair = ranked[t], ranked[t + 1]
                    if rng.random() < 0.5:
                        ns_pair, ew_pair = ew_pair, ns_pair
                    n_, s_ = ns_pair if rng.random() < 0.5 else ns_pair[::-1]
                    e_, w_ = ew_pair if rng.random() < 0.5 else ew_pair[::-1]
                    tables.append((n_, e_, s_, w_))
        rows_board, rows_players = _serve(rng, tables, size.per_round, board_base)
        board_keys = np.unique(rows_board)
        # Each board's distribution of NS scores; each table's score from it.
        players_arr = np.array(rows_players, dtype=np.int64).reshape(-1, 4)
        board_arr = np.array(rows_board, dtype=np.int64)
        delta = ((sk[players_arr[:, 0]] + sk[players_arr[:, 2]])
                 - (sk[players_arr[:, 1]] + sk[players_arr[:, 3]])) / 2.0
        ns_score = table_scores(rng, model, board_keys, board_arr, delta, board_base)
        results = WeekResults.of(board=board_arr, players=players_arr, ns_score=ns_score)
        imps, rated, counts = week_imps(results)
        _, first = np.unique(board_arr, return_index=True)
        counts_all.append(counts[first])
        weeks.append(WeekData(results, imps, rated))
        if special.weak_only == "rate":
            selector_ratings = rate_week(selector_ratings, results, selector).ratings
        sk_week = np.array(skill)
        mem = np.array([not x for x in left])
        skills.append(sk_week)
        members.append(mem)
        board_base += 10_000
    # Pad the per-week arrays to the players of the whole run (nan/False before joining).
    total = len(skill)
    skills = [np.concatenate([s, np.full(total - len(s), np.nan)]) for s in skills]
    members = [np.concatenate([m, np.zeros(total - len(m), bool)]) for m in members]
    return World(size, seed, model, weeks, skills, members, total, newcomer, (pa, pb),
                 np.concatenate(counts_all))


def _weak_opponents(rng: np.random.Generator, pairs: list[tuple[int, int]],
                    studied: set[int], level_of: Floats) -> list[tuple[int, int]]:
    """Seat the studied pair against one of the weakest third of the pairs present (by
    ``level``: true skill or the Rates); the others as they come."""
    mine = [i for i, pq in enumerate(pairs) if studied & set(pq)]
    if not mine:
        return pairs
    me = pairs[mine[0]]
    others = [pq for pq in pairs if pq != me]
    level = [(level_of[a] + level_of[b]) / 2 for a, b in others]
    weakest = sorted(range(len(others)), key=lambda i: level[i])[: max(1, len(others) // 3)]
    pick = weakest[int(rng.integers(len(weakest)))]
    opp = others[pick]
    rest = [pq for i, pq in enumerate(others) if i != pick]
    return [me, opp, *rest]


def _serve(rng: np.random.Generator, tables: list[tuple[int, int, int, int]],
           per_round: int, base: int) -> tuple[list[int], list[int]]:
    """The week's pool: each table-round takes ``per_round`` boards no player of the table has
    played, from the open boards (under their capacity of 6–40), the fullest first; a fresh
    board when none is open."""
    capacity: list[int] = []
    count: list[int] = []
    played: dict[int, set[int]] = {}
    open_boards: list[int] = []
    rows_board: list[int] = []
    rows_players: list[int] = []
    for table in tables:
        seen = set().union(*(played.get(p, set()) for p in table))
        chosen: list[int] = []
        for b in sorted(open_boards, key=lambda b: (-count[b], b)):
            if len(chosen) == per_round:
                break
            if b not in seen:
                chosen.append(b)
        while len(chosen) < per_round:
            b = len(capacity)
            capacity.append(6 + int(34 * rng.beta(1.3, 2.0)))
            count.append(0)
            open_boards.append(b)
            chosen.append(b)
        for b in chosen:
            count[b] += 1
            if count[b] >= capacity[b]:
                open_boards.remove(b)
            for p in table:
                played.setdefault(p, set()).add(b)
            rows_board.append(base + b + 1)
            rows_players.extend(table)
    return rows_board, rows_players


# --- The methods --------------------------------------------------------------------------


class Method(Protocol):
    """A rating method: every player's rating now (a default for players it has not seen),
    and the week's results folded in."""

    def values(self) -> Floats: ...

    def update(self, week: WeekData) -> None: ...


def _side_values(players: Ints, ns: Floats) -> Floats:
    """Each seat's value from the NS value of its row: N and S get it, E and W its opposite."""
    out = np.empty(players.shape)
    out[:, 0] = out[:, 2] = ns
    out[:, 1] = out[:, 3] = -ns
    return out


class RateMethod:
    """The Rate: ``bridgescore.ratings.rate_week``, week after week."""

    def __init__(self, players: int, settings: RateSettings) -> None:
        self.settings = settings
        self.players = players
        self.prior = Ratings.empty()

    def values(self) -> Floats:
        v = np.full(self.players, float(self.settings.start_rate))
        v[self.prior.player] = self.prior.rate
        return v

    def update(self, week: WeekData) -> None:
        self.prior = rate_week(self.prior, week.results, self.settings).ratings


class TrueSkill:
    """The ceiling: every player's true skill at the time of play (what no method can know;
    its prediction error is the least any rating in these units can reach)."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.week = 0

    def values(self) -> Floats:
        skill = self.world.skill[min(self.week, len(self.world.skill) - 1)]
        return np.nan_to_num(skill)

    def update(self, week: WeekData) -> None:
        self.week += 1


class MeanImps:
    """(a) Each player's mean IMPs against the datum, over all the rated boards so far."""

    def __init__(self, players: int) -> None:
        self.total = np.zeros(players)
        self.boards = np.zeros(players)

    def values(self) -> Floats:
        out: Floats = np.divide(self.total, self.boards, out=np.zeros_like(self.total),
                                where=self.boards > 0)
        return out

    def update(self, week: WeekData) -> None:
        r = week.rated
        p = week.players[r]
        self.total += np.bincount(p.ravel(), _side_values(p, week.imps[r].astype(float)).ravel(),
                                  minlength=len(self.total))
        self.boards += np.bincount(p.ravel(), minlength=len(self.total))


@dataclass(frozen=True)
class NgsSettings:
    """(b) The NGS-style grade's constants."""

    pct_per_imp: float = 6.48  # actual % on a board = 50 + c·IMPs
    decay: float = 1000.0  # boards: an old session's weight falls by exp(−boards since/decay)
    window: float = 2000.0  # boards: the most the old sessions weigh together
    start_weight: float = 10.0  # boards: a new player's grade of 50 weighs this much
    start: float = 50.0


class NgsGrade:
    """(b) The EBU National Grading Scheme's way (module docstring)."""

    def __init__(self, players: int, settings: NgsSettings) -> None:
        self.s = settings
        self.grade = np.full(players, settings.start)
        self.weight = np.full(players, settings.start_weight)

    def values(self) -> Floats:
        return self.grade.copy()

    def update(self, week: WeekData) -> None:
        r = week.rated
        p = week.players[r]
        g = self.grade
        expected_ns = 50.0 + (g[p[:, 0]] + g[p[:, 2]]) / 2 - (g[p[:, 1]] + g[p[:, 3]]) / 2
        actual_ns = 50.0 + self.s.pct_per_imp * week.imps[r]
        dev = _side_values(p, actual_ns - expected_ns)
        n = np.bincount(p.ravel(), minlength=len(g)).astype(float)
        total = np.bincount(p.ravel(), dev.ravel(), minlength=len(g))
        playing = n > 0
        mean_dev = np.divide(total, n, out=np.zeros_like(total), where=playing)
        old = np.minimum(self.weight * np.exp(-n / self.s.decay), self.s.window)
        old = np.where(playing, old, self.weight)
        # The new grade: the board-weighted mean of the old grade and the session grade
        # ``grade + (actual − expected)``.
        self.grade = g + np.divide(n * mean_dev, old + n, out=np.zeros_like(g),
                                   where=playing)
        self.weight = old + n


@dataclass(frozen=True)
class LsqSettings:
    """(c) Least squares' constants."""

    ridge: float = 50.0
    fade: float = 0.98  # each week's results weigh this much less a week later


class LeastSquares:
    """(c) Ridge-regularised least squares of ``IMPs_NS ≈ D − D̄`` over all results so far."""

    def __init__(self, players: int, settings: LsqSettings) -> None:
        self.s = settings
        self.gram = np.zeros((players, players))
        self.rhs = np.zeros(players)
        self.seen = np.zeros(players, bool)
        self.skill = np.zeros(players)

    def values(self) -> Floats:
        return self.skill.copy()

    def update(self, week: WeekData) -> None:
        gram, rhs = normal_equations(week, len(self.skill))
        self.gram *= self.s.fade
        self.rhs *= self.s.fade
        self.gram += gram
        self.rhs += rhs
        self.seen[np.unique(week.players[week.rated])] = True
        idx = np.nonzero(self.seen)[0]
        a = self.gram[np.ix_(idx, idx)] + self.s.ridge * np.eye(len(idx))
        self.skill = np.zeros_like(self.skill)
        self.skill[idx] = np.linalg.solve(a, self.rhs[idx])


SIGNS = (0.5, -0.5, 0.5, -0.5)  # a seat's share of its table's D = NS level − EW level


def normal_equations(week: WeekData, players: int) -> tuple[Floats, Floats]:
    """``XᵀX`` and ``Xᵀy`` of the week's rated results, where a result's row ``x`` gives
    ``x·s = D − D̄`` (its table's difference less the board's mean) and ``y`` is its NS IMPs:
    ``XᵀX = AᵀA − Σ_b S_bᵀS_b/n_b`` with ``A`` the uncentred rows and ``S_b`` a board's sum of
    them, built from the four seats without forming ``X``."""
    r = week.rated
    p = week.players[r]
    y = week.imps[r].astype(float)
    _, inv = np.unique(week.board[r], return_inverse=True)
    n_b = np.bincount(inv).astype(float)
    gram = np.zeros((players, players))
    rhs = np.zeros(players)
    sums = np.zeros((len(n_b), players))
    y_mean = np.bincount(inv, y) / n_b
    for i, si in enumerate(SIGNS):
        rhs += np.bincount(p[:, i], si * (y - y_mean[inv]), minlength=players)
        np.add.at(sums, (inv, p[:, i]), si)
        for j, sj in enumerate(SIGNS):
            np.add.at(gram, (p[:, i], p[:, j]), si * sj)
    scaled = sums / np.sqrt(n_b)[:, None]
    gram -= scaled.T @ scaled
    return gram, rhs


# --- Measures -----------------------------------------------------------------------------


def ranks(a: Floats) -> Floats:
    """Ranks 1…n, ties sharing their mean rank."""
    order = np.argsort(a, kind="mergesort")
    s = a[order]
    new = np.r_[True, s[1:] != s[:-1]]
    group = np.cumsum(new) - 1
    starts = np.nonzero(new)[0]
    ends = np.r_[starts[1:], len(a)]
    mean_rank = (starts + ends + 1) / 2.0
    out = np.empty(len(a))
    out[order] = mean_rank[group]
    return out


def spearman(a: Floats, b: Floats) -> float:
    """Spearman's rank correlation (nan below 3 values or for a constant)."""
    if len(a) < 3:
        return math.nan
    ra, rb = ranks(a), ranks(b)
    ra -= ra.mean()
    rb -= rb.mean()
    den = math.sqrt(float((ra * ra).sum() * (rb * rb).sum()))
    return float((ra * rb).sum() / den) if den > 0 else math.nan


def table_difference(week: WeekData, v: Floats) -> Floats:
    """``D − D̄`` of each rated result: the table's NS − EW level less the board's mean."""
    p = week.rated_players
    d = (v[p[:, 0]] + v[p[:, 2]]) / 2 - (v[p[:, 1]] + v[p[:, 3]]) / 2
    inv = week.board_index
    out: Floats = d - (np.bincount(inv, d) / week.board_count)[inv]
    return out


@dataclass
class Trace:
    """What one method did over one world, week by week."""

    rho: list[float]  # all players who have played
    rho_mature: list[float]  # those with ≥ size.mature boards
    mse: list[float]  # next week's squared error (nan for the first two weeks)
    mse0: list[float]  # predicting 0
    newcomer: list[float]  # the newcomer's rating (nan before joining)
    newcomer_pct: list[float]  # the newcomer's percentile among the players so far
    pair: float  # the studied pair's final rating (mean of the two)
    final: Floats  # everyone's final rating
    played: Bools  # who has played by the end
    boards: Floats  # boards played by the end

    def summary(self) -> dict[str, float]:
        mse = [m for m in self.mse if not math.isnan(m)]
        mse0 = [m for m, e in zip(self.mse0, self.mse, strict=True) if not math.isnan(e)]
        return {"rho": float(np.nanmean(self.rho)),
                "rho_mature": float(np.nanmean(self.rho_mature)),
                "rho_final": self.rho[-1],
                "mse": float(np.mean(mse)), "mse0": float(np.mean(mse0)),
                "explained": 100.0 * (1.0 - float(np.mean(mse)) / float(np.mean(mse0)))}


def run(world: World, method: Method) -> Trace:
    """Rate the world week by week with one method, measuring as it goes."""
    n_players = world.players
    boards = np.zeros(n_players)
    sxy = sxx = 0.0  # the prediction's fit, over the weeks before
    trace = Trace([], [], [], [], [], [], math.nan, np.zeros(0), np.zeros(0, bool), boards)
    for t, week in enumerate(world.weeks):
        x = table_difference(week, method.values())
        y = week.rated_imps
        if t >= 2:
            beta = sxy / sxx if sxx > 0 else 0.0
            trace.mse.append(float(((y - beta * x) ** 2).mean()))
            trace.mse0.append(float((y * y).mean()))
        else:
            trace.mse.append(math.nan)
            trace.mse0.append(math.nan)
        if t >= 1:  # week 0's ratings are everyone's start: nothing to fit
            sxy += float(x @ y)
            sxx += float(x @ x)
        method.update(week)
        boards += np.bincount(week.rated_players.ravel(), minlength=n_players)
        v = method.values()
        here = (boards > 0) & world.member[t]
        skill = world.skill[t]
        trace.rho.append(spearman(v[here], skill[here]))
        mature = here & (boards >= world.size.mature)
        trace.rho_mature.append(spearman(v[mature], skill[mature]) if mature.sum() >= 10
                                else math.nan)
        k = world.newcomer
        if k >= 0 and boards[k] > 0:
            trace.newcomer.append(float(v[k]))
            trace.newcomer_pct.append(percentile(v[here], float(v[k])))
        else:
            trace.newcomer.append(math.nan)
            trace.newcomer_pct.append(math.nan)
    final = method.values()
    a, b = world.pair
    trace.pair = float((final[a] + final[b]) / 2)
    trace.final = final
    trace.played = boards > 0
    return trace


def percentile(values: Floats, v: float) -> float:
    """Where ``v`` stands among ``values`` (itself one of them), 0–100."""
    below = float((values < v).sum()) + 0.5 * (float((values == v).sum()) - 1.0)
    return 100.0 * below / max(len(values) - 1, 1)


# --- Tuning -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Grids:
    """The constants tried on the tuning seed (each method's product grid, the best kept)."""

    rate_start_weight: tuple[float, ...]
    rate_imp_scale: tuple[float, ...]
    rate_fade: tuple[float, ...]
    rate_max_weight: tuple[float, ...]
    rate_passes: tuple[int, ...]
    ngs_decay: tuple[float, ...]
    ngs_window: tuple[float, ...]
    ngs_start_weight: tuple[float, ...]
    lsq_ridge: tuple[float, ...]
    lsq_fade: tuple[float, ...]


INF = 1e9  # "no limit" in a grid (a decay or window no run reaches)
FULL_GRIDS = Grids(
    rate_start_weight=(20, 40, 80, 160), rate_imp_scale=(2, 3, 4, 6, 10),
    rate_fade=(0.93, 0.97, 1.0), rate_max_weight=(300, 1000, 3000), rate_passes=(1, 2, 3),
    ngs_decay=(60, 125, 250, 500, 1000, INF), ngs_window=(250, 500, 1000, 2000, INF),
    ngs_start_weight=(8, 16, 32, 64, 128),
    lsq_ridge=(2, 5, 10, 20, 50, 100), lsq_fade=(0.9, 0.95, 0.98, 1.0))
QUICK_GRIDS = Grids(
    rate_start_weight=(20, 80), rate_imp_scale=(3, 10), rate_fade=(0.97, 1.0),
    rate_max_weight=(1000,), rate_passes=(1, 2),
    ngs_decay=(125, 500, INF), ngs_window=(500, INF), ngs_start_weight=(16, 64),
    lsq_ridge=(5, 20), lsq_fade=(0.95, 1.0))


def objective(trace: Trace) -> float:
    """What tuning maximises, for every method alike: Spearman's ρ with true skill over the
    players who have played, averaged over the weeks."""
    return float(np.nanmean(trace.rho))


Candidate = tuple[float, dict[str, Any]]


def _best(world: World, settings: Sequence[Any], make: Callable[[Any], Method]
          ) -> tuple[Any, list[Candidate]]:
    tried = [(objective(run(world, make(s))), asdict(s)) for s in settings]
    best = max(range(len(settings)), key=lambda i: tried[i][0])
    return settings[best], tried


def tune_rate(world: World, g: Grids) -> tuple[RateSettings, list[Candidate]]:
    """The Rate's open constants: the product grid of start weight, IMP scale, fade and
    maximum weight with one pass; then the passes at the best of those."""
    first = [RateSettings(start_weight=a, imp_scale=b, fade=c, max_weight=d)
             for a, b, c, d in itertools.product(g.rate_start_weight, g.rate_imp_scale,
                                                 g.rate_fade, g.rate_max_weight)]
    best, tried = _best(world, first, lambda s: RateMethod(world.players, s))
    more = [replace(best, passes=p) for p in g.rate_passes if p != best.passes]
    if more:
        again, tried2 = _best(world, [best, *more], lambda s: RateMethod(world.players, s))
        best, tried = again, tried + tried2[1:]
    return best, [(v, _plain(s)) for v, s in tried]


def _plain(s: dict[str, Any]) -> dict[str, Any]:
    """Settings as JSON: the pool's settings (the same for every run) left out."""
    return {k: v for k, v in s.items() if k != "pool"}


def tune_ngs(world: World, g: Grids) -> tuple[NgsSettings, list[Candidate]]:
    """The NGS-style grade's constants: decay, window and start weight (the IMP→% factor
    ``c`` is a unit only: with the start at 50 every grade's distance from 50 scales with
    ``c``, so ranks and fitted predictions do not change; it stays at NGS's 6.48)."""
    grid = [NgsSettings(decay=a, window=b, start_weight=c)
            for a, b, c in itertools.product(g.ngs_decay, g.ngs_window, g.ngs_start_weight)]
    return _best(world, grid, lambda s: NgsGrade(world.players, s))


def tune_lsq(world: World, g: Grids) -> tuple[LsqSettings, list[Candidate]]:
    grid = [LsqSettings(ridge=a, fade=b) for a, b in itertools.product(g.lsq_ridge, g.lsq_fade)]
    return _best(world, grid, lambda s: LeastSquares(world.players, s))


# --- The comparison, the studies ----------------------------------------------------------


@dataclass
class Tuned:
    rate: RateSettings
    ngs: NgsSettings
    lsq: LsqSettings
    tried: dict[str, list[Candidate]]


def tune(size: Size, grids: Grids, seed: int, model: Model) -> Tuned:
    world = build_world(size, seed, model=model)
    rate, rate_tried = tune_rate(world, grids)
    ngs, ngs_tried = tune_ngs(world, grids)
    lsq, lsq_tried = tune_lsq(world, grids)
    return Tuned(rate, ngs, lsq, {"rate": rate_tried, "ngs": ngs_tried, "lsq": lsq_tried})


MAIN = ("rate", "mean", "ngs", "lsq")
LABELS = {
    "rate": ("Rate", "牌技指数"),
    "mean": ("(a) mean IMPs", "(a) 平均 IMP"),
    "ngs": ("(b) NGS-style grade", "(b) NGS 式等级分"),
    "lsq": ("(c) least squares", "(c) 最小二乘"),
    "rate_nofield": ("Rate, no field adjustment", "牌技指数，不减 D̄"),
    "rate_linear": ("Rate, linear (S = 1000)", "牌技指数，线性（S = 1000）"),
    "rate_mp": ("Rate, matchpoints", "牌技指数，比赛分"),
    "rate_1pass": ("Rate, 1 pass", "牌技指数，1 遍"),
    "rate_3pass": ("Rate, 3 passes", "牌技指数，3 遍"),
    "truth": ("true skill (the ceiling)", "真实水平（上限）"),
}


def methods(world: World, tuned: Tuned) -> dict[str, Method]:
    """Every method and the Rate's variants, fresh, for one world."""
    n = world.players
    r = tuned.rate
    out: dict[str, Method] = {
        "rate": RateMethod(n, r),
        "mean": MeanImps(n),
        "ngs": NgsGrade(n, tuned.ngs),
        "lsq": LeastSquares(n, tuned.lsq),
        "rate_nofield": RateMethod(n, replace(r, field_adjust=False)),
        "rate_linear": RateMethod(n, replace(r, imp_scale=1000.0)),
        "rate_mp": RateMethod(n, replace(r, scoring="mp")),
    }
    out["rate_1pass" if r.passes != 1 else "rate_3pass"] = RateMethod(
        n, replace(r, passes=1 if r.passes != 1 else 3))
    out["truth"] = TrueSkill(world)
    return out


def level_line(trace: Trace, world: World) -> tuple[float, float]:
    """The method's ratings of established players (≥ mature boards) against true skill at the
    end: intercept and slope — what a rating of a given true skill settles at."""
    last = len(world.weeks) - 1
    here = trace.played & world.member[last] & (trace.boards >= world.size.mature)
    s = world.skill[last][here]
    v = trace.final[here]
    slope, intercept = np.polyfit(s, v, 1)
    return float(intercept), float(slope)


def newcomer_study(traces: list[Trace], worlds: list[World]) -> dict[str, Any]:
    """The strong newcomer's Rate from the week they join: the mean over the report seeds, and
    how many weeks it takes to come within half a standard deviation of skill of its level and
    to pass the club's 90th percentile."""
    rows: list[list[float]] = []
    pct_rows: list[list[float]] = []
    targets: list[float] = []
    reach: list[float] = []
    reach90: list[float] = []
    for tr, w in zip(traces, worlds, strict=True):
        start = w.size.weeks // 2
        values = tr.newcomer[start:]
        pct = tr.newcomer_pct[start:]
        a, b = level_line(tr, w)
        target = a + b * STRONG_SKILL
        rows.append(values)
        pct_rows.append(pct)
        targets.append(target)
        near = [i + 1 for i, v in enumerate(values) if v >= target - 0.5 * b]
        reach.append(float(near[0]) if near else math.nan)
        top = [i + 1 for i, p in enumerate(pct) if p >= 90.0]
        reach90.append(float(top[0]) if top else math.nan)
    return {"skill": STRONG_SKILL, "weeks": len(rows[0]), "rate_by_seed": rows,
            "percentile_by_seed": pct_rows, "target_by_seed": targets,
            "rate_mean": column_means(rows),
            "percentile_mean": column_means(pct_rows),
            "target_mean": float(np.mean(targets)),
            "weeks_to_level": reach, "weeks_to_90th_percentile": reach90}


def pair_exposure(world: World) -> tuple[float, float, int]:
    """The studied pair's opponents' mean true skill, its mean NS-side IMPs a board, and its
    boards."""
    a = world.pair[0]
    opp: list[Floats] = []
    gain: list[Floats] = []
    for t, week in enumerate(world.weeks):
        p = week.rated_players
        for seat in range(4):
            rows = p[:, seat] == a
            if not rows.any():
                continue
            o1, o2 = (1, 3) if seat in (0, 2) else (0, 2)
            opp.append((world.skill[t][p[rows, o1]] + world.skill[t][p[rows, o2]]) / 2)
            sign = 1.0 if seat in (0, 2) else -1.0
            gain.append(sign * week.rated_imps[rows])
    o, g = np.concatenate(opp), np.concatenate(gain)
    return float(o.mean()), float(g.mean()), len(g)


STUDIED = ("rate", "ngs", "lsq", "mean")


def weak_study(size: Size, seeds: Sequence[int], tuned: Tuned,
               field_worlds: list[World], field_traces: list[dict[str, Trace]]
               ) -> dict[str, Any]:
    """The same pair (two players of true skill ``pair_skill``, always together) seeking the
    weakest third of the pairs present as opponents — by true skill, or by their Rates —
    against playing the field (the report worlds): its final ratings by every method, and the
    differences in standard deviations of true skill (each method's rating of established
    players rises by ``slope`` a standard deviation: ``level_line``)."""
    def blank() -> dict[str, Any]:
        return {"ratings": {m: [] for m in STUDIED}, "opponents": [], "imps": [],
                "boards": []}

    out: dict[str, Any] = {"pair_skill": Special(0).pair_skill, "seeds": list(seeds),
                           "slope": {m: [] for m in STUDIED},
                           "field": blank(), "skill": blank(), "rate": blank()}
    for seed, fw, ft in zip(seeds, field_worlds, field_traces, strict=True):
        worlds = {"field": fw}
        for how in ("skill", "rate"):
            worlds[how] = build_world(size, seed, Special(size.weeks // 2, weak_only=how,
                                                          selector=tuned.rate), fw.model)
        for name in STUDIED:
            out["slope"][name].append(level_line(ft[name], fw)[1])
        for how, w in worlds.items():
            part = out[how]
            for name in STUDIED:
                trace = ft[name] if how == "field" else run(w, methods(w, tuned)[name])
                part["ratings"][name].append(trace.pair)
            o, g, n = pair_exposure(w)
            part["opponents"].append(o)
            part["imps"].append(g)
            part["boards"].append(n)
    for how in ("skill", "rate"):
        part = out[how]
        part["difference"] = {}
        part["difference_sd"] = {}
        for name in STUDIED:
            d = np.array(part["ratings"][name]) - np.array(out["field"]["ratings"][name])
            part["difference"][name] = {**mean_sd(d.tolist()), "higher": int((d > 0).sum())}
            sd_units = d / np.array(out["slope"][name])
            part["difference_sd"][name] = {**mean_sd(sd_units.tolist()),
                                           "by_seed": sd_units.tolist()}
    return out


def sensitivity(size: Size, seed: int, n_seeds: int, model: Model) -> dict[str, Any]:
    """The weak-opponent study for variants of the Rate (passes, start weight, IMP scale,
    matchpoints) around the constants tuned on ``seed``: each variant's ρ (all players, mean
    over the weeks) and the pair's rating, weak less field, in SD of true skill."""
    base = tune(size, QUICK_GRIDS if size.weeks < FULL.weeks else FULL_GRIDS, seed,
                model).rate
    variants = {"tuned": base, "1 pass": replace(base, passes=1),
                "5 passes": replace(base, passes=5), "10 passes": replace(base, passes=10),
                "start_weight 20": replace(base, start_weight=20.0),
                "start_weight 5": replace(base, start_weight=5.0),
                "imp_scale 10": replace(base, imp_scale=10.0),
                "scoring mp": replace(base, scoring="mp")}
    found: dict[str, dict[str, list[float]]] = {
        k: {"rho": [], "skill": [], "rate": []} for k in variants}
    for s in range(seed + 1, seed + 1 + n_seeds):
        field_world = build_world(size, s, model=model)
        weak = {how: build_world(size, s, Special(size.weeks // 2, weak_only=how,
                                                  selector=base), model)
                for how in ("skill", "rate")}
        for name, st in variants.items():
            tf = run(field_world, RateMethod(field_world.players, st))
            slope = level_line(tf, field_world)[1]
            found[name]["rho"].append(objective(tf))
            for how, w in weak.items():
                found[name][how].append((run(w, RateMethod(w.players, st)).pair - tf.pair)
                                        / slope)
    return {"base": _plain(asdict(base)), "variants": {
        k: {m: mean_sd(v) | {"by_seed": v} for m, v in found[k].items()} for k in variants}}


def column_means(rows: Sequence[Sequence[float]]) -> list[float]:
    """Each column's mean over the rows, NaNs left out (NaN where a column has none: a week
    before anyone has enough boards)."""
    a = np.array(rows, dtype=float)
    have = ~np.isnan(a)
    n = have.sum(axis=0)
    total = np.where(have, a, 0.0).sum(axis=0)
    out: list[float] = np.where(n > 0, total / np.maximum(n, 1), np.nan).tolist()
    return out


def mean_sd(values: Sequence[float]) -> dict[str, float]:
    a = np.array(values, dtype=float)
    return {"mean": float(np.nanmean(a)),
            "sd": float(np.nanstd(a, ddof=1)) if len(a) > 1 else 0.0}


def compare(size: Size, grids: Grids, seed: int, n_seeds: int,
            model: Model = MODELS["quantile"]) -> dict[str, Any]:
    """Tune on ``seed``, report on the next ``n_seeds`` seeds; the studies."""
    clock = time.perf_counter()
    tuned = tune(size, grids, seed, model)
    tuning_seconds = time.perf_counter() - clock
    seeds = [seed + 1 + i for i in range(n_seeds)]
    worlds: list[World] = []
    traces: list[dict[str, Trace]] = []
    for s in seeds:
        w = build_world(size, s, model=model)
        worlds.append(w)
        traces.append({name: run(w, m) for name, m in methods(w, tuned).items()})
    names = list(traces[0])
    summaries = {name: [tr[name].summary() for tr in traces] for name in names}
    table = {name: {k: mean_sd([s[k] for s in summaries[name]]) for k in summaries[name][0]}
             for name in names}
    paired: dict[str, dict[str, Any]] = {}
    for name in names:
        if name in ("rate", "truth"):
            continue
        drho = [a["rho"] - b["rho"] for a, b in zip(summaries["rate"], summaries[name],
                                                     strict=True)]
        dm = [a["rho_mature"] - b["rho_mature"]
              for a, b in zip(summaries["rate"], summaries[name], strict=True)]
        dmse = [a["mse"] - b["mse"] for a, b in zip(summaries["rate"], summaries[name],
                                                     strict=True)]
        paired[name] = {"rho": mean_sd(drho), "rho_mature": mean_sd(dm), "mse": mean_sd(dmse),
                        "rate_better_rho": sum(d > 0 for d in drho),
                        "rate_better_mse": sum(d < 0 for d in dmse), "seeds": len(seeds)}
    weekly = {name: column_means([tr[name].rho for tr in traces]) for name in names}
    weekly_mature = {name: column_means([tr[name].rho_mature for tr in traces])
                     for name in names}
    newcomer = {name: newcomer_study([tr[name] for tr in traces], worlds)
                for name in ("rate", "ngs", "mean", "lsq")}
    weak = weak_study(size, seeds, tuned, worlds, traces)
    counts = np.concatenate([w.pool_counts for w in worlds])
    results = sum(len(wk.results) for w in worlds for wk in w.weeks) / len(worlds)
    w0, t0 = worlds[0], traces[0]["rate"]
    last = len(w0.weeks) - 1
    here = t0.played & w0.member[last]
    return {
        "size": asdict(size), "tuning_seed": seed, "report_seeds": seeds,
        "model": asdict(model),
        "world": {"players_per_run": float(np.mean([w.players for w in worlds])),
                  "results_per_run": results,
                  "boards_per_run": len(counts) / len(worlds),
                  "results_per_board": mean_sd(counts.tolist()),
                  "share_boards_under_6": float((counts < 6).mean()),
                  "players_per_week": float(np.mean([len(np.unique(wk.players))
                                                     for w in worlds for wk in w.weeks]))},
        "tuned": {"rate": _plain(asdict(tuned.rate)), "ngs": asdict(tuned.ngs),
                  "lsq": asdict(tuned.lsq)},
        "tuning_grid_size": {k: len(v) for k, v in tuned.tried.items()},
        "tuning_top": {k: sorted(v, key=lambda c: -c[0])[:5] for k, v in tuned.tried.items()},
        "table": table, "per_seed": summaries, "paired": paired,
        "weekly_rho": weekly, "weekly_rho_mature": weekly_mature,
        "newcomer": newcomer, "weak_opponents": weak,
        "scatter": {"skill": w0.skill[last][here].tolist(), "rate": t0.final[here].tolist(),
                    "boards": t0.boards[here].tolist(), "seed": seeds[0]},
        "tuning_seconds": tuning_seconds,
        "seconds": time.perf_counter() - clock,
    }


# --- Pictures (SVG, drawn here: no plotting library) --------------------------------------

COLOURS = {"rate": "#0b5d3b", "mean": "#888888", "ngs": "#b5651d", "lsq": "#3461a8"}
FONT = 'font-family="sans-serif"'
SW, SH, SL, SR, ST, SB = 640, 400, 58, 16, 56, 48  # size and margins


def _ticks(low: float, high: float) -> list[float]:
    """Round steps covering [low, high], about five of them."""
    span = max(high - low, 1e-9)
    step = next(s for s in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 25, 50,
                            100, 10.0**9) if span / s <= 7)
    start = math.floor(low / step + 1e-9) * step
    out = []
    v = start
    while v <= high + 1e-9 + step * 0.999:
        out.append(round(v, 10))
        if v >= high - 1e-9:
            break
        v += step
    return out


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Frame:
    """A plot's axes: data → pixels, the grid, the labels, the titles in both languages."""

    def __init__(self, xs: tuple[float, float], ys: tuple[float, float], title: tuple[str, str],
                 xlabel: str, ylabel: str, x_ticks: bool = True) -> None:
        self.xt = _ticks(*xs)
        self.yt = _ticks(*ys)
        self.x0, self.x1 = self.xt[0], self.xt[-1]
        self.y0, self.y1 = self.yt[0], self.yt[-1]
        self.parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SW} {SH}" '
                      f'width="{SW}" height="{SH}" role="img" aria-label="{_esc(title[0])}">'
                      f'<title>{_esc(title[0])} · {_esc(title[1])}</title>'
                      f'<rect width="{SW}" height="{SH}" fill="#fff"></rect>'
                      f'<text x="{SL}" y="22" font-size="15" font-weight="600" {FONT}>'
                      f'{_esc(title[0])}</text>'
                      f'<text x="{SL}" y="42" font-size="14" {FONT}>{_esc(title[1])}</text>']
        for t in self.yt:
            y = self.y(t)
            self.parts.append(f'<line x1="{SL}" y1="{y:.1f}" x2="{SW - SR}" y2="{y:.1f}" '
                              f'stroke="#ddd"></line><text x="{SL - 6}" y="{y + 4:.1f}" '
                              f'font-size="12" text-anchor="end" {FONT}>{t:g}</text>')
        for t in self.xt if x_ticks else ():
            x = self.x(t)
            self.parts.append(f'<line x1="{x:.1f}" y1="{ST}" x2="{x:.1f}" y2="{SH - SB}" '
                              f'stroke="#eee"></line><text x="{x:.1f}" y="{SH - SB + 16}" '
                              f'font-size="12" text-anchor="middle" {FONT}>{t:g}</text>')
        self.parts.append(f'<rect x="{SL}" y="{ST}" width="{SW - SL - SR}" '
                          f'height="{SH - ST - SB}" fill="none" stroke="#444"></rect>'
                          f'<text x="{(SL + SW - SR) / 2:.1f}" y="{SH - 10}" font-size="13" '
                          f'text-anchor="middle" {FONT}>{_esc(xlabel)}</text>'
                          f'<text x="14" y="{(ST + SH - SB) / 2:.1f}" font-size="13" '
                          f'text-anchor="middle" transform="rotate(-90 14 '
                          f'{(ST + SH - SB) / 2:.1f})" {FONT}>{_esc(ylabel)}</text>')

    def x(self, v: float) -> float:
        return SL + (SW - SL - SR) * (v - self.x0) / (self.x1 - self.x0)

    def y(self, v: float) -> float:
        return SH - SB - (SH - ST - SB) * (v - self.y0) / (self.y1 - self.y0)

    def line(self, xs: Sequence[float], ys: Sequence[float], colour: str, width: float = 2.5,
             dash: str = "", opacity: float = 1.0) -> None:
        pts = " ".join(f"{self.x(a):.1f},{self.y(b):.1f}" for a, b in zip(xs, ys, strict=True)
                       if not math.isnan(b))
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" '
                          f'stroke-width="{width}" stroke-opacity="{opacity}"{extra}>'
                          '</polyline>')

    def legend(self, items: Sequence[tuple[str, str] | tuple[str, str, str]], x: float,
               y: float, width: float) -> None:
        """A boxed legend whose top left corner is (x, y): for each item a mark — a line,
        or the third element: ``dot``, ``hollow`` (a circle), ``bar`` (a short thick line)
        — and a label."""
        self.parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" '
                          f'height="{18 * len(items) + 8}" fill="#fff" fill-opacity="0.92" '
                          'stroke="#bbb"></rect>')
        for i, item in enumerate(items):
            label, colour = item[0], item[1]
            kind = item[2] if len(item) == 3 else "line"
            yy = y + 18 * i + 18
            if kind in ("dot", "hollow"):
                fill = colour if kind == "dot" else "#fff"
                mark = (f'<circle cx="{x + 17:.1f}" cy="{yy - 4:.1f}" r="4" fill="{fill}" '
                        f'stroke="{colour}" stroke-width="1.5"></circle>')
            else:
                x0, x1, w = (x + 6, x + 28, 3) if kind == "line" else (x + 9, x + 25, 4)
                mark = (f'<line x1="{x0:.1f}" y1="{yy - 4:.1f}" x2="{x1:.1f}" '
                        f'y2="{yy - 4:.1f}" stroke="{colour}" stroke-width="{w}"></line>')
            self.parts.append(f'{mark}<text x="{x + 34:.1f}" y="{yy:.1f}" font-size="12" '
                              f'{FONT}>{_esc(label)}</text>')

    def svg(self) -> str:
        return "".join(self.parts) + "</svg>\n"


def svg_scatter(data: dict[str, Any]) -> str:
    """The Rate against true skill at the end of one run, the fitted line dashed."""
    s = np.array(data["skill"])
    r = np.array(data["rate"])
    n = np.array(data["boards"])
    rho = spearman(r, s)
    f = Frame((float(s.min()), float(s.max())), (float(r.min()), float(r.max())),
              ("The Rate against true skill (end of the run)",
               f"牌技指数与真实水平（模拟结束时）  Spearman ρ = {rho:.3f}"),
              "true skill (standard deviations) · 真实水平（标准差）", "Rate · 牌技指数 (%)")
    for a, b, k in zip(s, r, n, strict=True):
        light = k < MATURE
        f.parts.append(f'<circle cx="{f.x(a):.1f}" cy="{f.y(b):.1f}" r="3" '
                       f'fill="{"#9cc5b1" if light else COLOURS["rate"]}" '
                       f'fill-opacity="0.85"></circle>')
    slope, icpt = np.polyfit(s, r, 1)
    f.line([f.x0, f.x1], [icpt + slope * f.x0, icpt + slope * f.x1], "#222", 1.5, "6 4")
    f.legend([(f"≥ {MATURE} boards · 副", COLOURS["rate"], "dot"),
              (f"< {MATURE} boards · 副", "#9cc5b1", "dot"),
              ("fitted line · 拟合直线", "#222")], SL + 10, ST + 10, 170)
    return f.svg()


def svg_weekly(weekly: dict[str, list[float]], title: tuple[str, str]) -> str:
    """Each method's Spearman ρ with true skill week by week (mean of the report seeds)."""
    weeks = list(range(1, len(weekly["rate"]) + 1))
    values = [v for k in MAIN for v in weekly[k] if not math.isnan(v)]
    f = Frame((1.0, float(len(weeks))), (min(values), 1.0), title,
              "week · 周", "Spearman ρ with true skill · 与真实水平的等级相关")
    for k in ("mean", "lsq", "ngs", "rate"):
        f.line(weeks, weekly[k], COLOURS[k], 3.0 if k == "rate" else 2.0)
    f.legend([(f"{LABELS[k][0]} · {LABELS[k][1]}", COLOURS[k]) for k in MAIN],
             SW - SR - 290, SH - SB - 92, 280)
    return f.svg()


def svg_newcomer(study: dict[str, Any], other: dict[str, Any]) -> str:
    """The strong newcomer's Rate week by week from joining: each report seed thin, their
    mean thick, the Rate its true skill settles at dashed; the NGS grade's percentile below is
    left to the table."""
    rows = study["rate_by_seed"]
    weeks = list(range(1, study["weeks"] + 1))
    values = [v for row in rows for v in row if not math.isnan(v)]
    target = study["target_mean"]
    f = Frame((1.0, float(len(weeks))), (min(48.0, *values), max(target, *values)),
              (f"A new strong player (true skill +{STRONG_SKILL:g} SD, top 2.3 %): the Rate "
               "week by week", "新来的强手（真实水平 +2 个标准差，前 2.3%）：每周的牌技指数"),
              "weeks since joining · 加入后的周数", "Rate · 牌技指数 (%)")
    for row in rows:
        f.line(weeks, row, COLOURS["rate"], 1.0, opacity=0.35)
    f.line(weeks, study["rate_mean"], COLOURS["rate"], 3.0)
    f.line([f.x0, f.x1], [target, target], "#222", 1.5, "6 4")
    f.line([f.x0, f.x1], [50.0, 50.0], "#999", 1.0, "2 3")
    f.legend([("each seed · 每个种子", "#9cc5b1"),
              ("mean of the seeds · 各种子的平均", COLOURS["rate"]),
              ("its level (established players) · 其应有水平", "#222"),
              ("start (50) · 起点", "#999")], SW - SR - 290, SH - SB - 92, 280)
    return f.svg()


def svg_weak(study: dict[str, Any]) -> str:
    """Seeking weak opponents: each method's rating of the pair, weak opponents less the
    field, in standard deviations of true skill — one dot a seed, a bar at their mean; weak
    by true skill (filled) and by the Rates (hollow)."""
    values = [v for how in ("skill", "rate") for k in STUDIED
              for v in study[how]["difference_sd"][k]["by_seed"]]
    f = Frame((0.0, 4.0), (min(-0.5, *values), max(0.5, *values)),
              ("Seeking weak opponents: the pair's rating, weak opponents less the field",
               "专找弱对手：该对的评分，打弱对手减去打全场（以真实水平的标准差计）"),
              "", "difference (SD of true skill) · 差（标准差）", x_ticks=False)
    f.line([f.x0, f.x1], [0.0, 0.0], "#222", 1.5)
    for i, k in enumerate(STUDIED):
        for how, dx0 in (("skill", -22.0), ("rate", 22.0)):
            cx = f.x(i + 0.5) + dx0
            d = study[how]["difference_sd"][k]
            for j, v in enumerate(d["by_seed"]):
                dx = (j - (len(d["by_seed"]) - 1) / 2) * 5
                fill = COLOURS[k] if how == "skill" else "#fff"
                f.parts.append(f'<circle cx="{cx + dx:.1f}" cy="{f.y(v):.1f}" r="4" '
                               f'fill="{fill}" stroke="{COLOURS[k]}" stroke-width="1.5">'
                               '</circle>')
            f.parts.append(f'<line x1="{cx - 16:.1f}" y1="{f.y(d["mean"]):.1f}" '
                           f'x2="{cx + 16:.1f}" y2="{f.y(d["mean"]):.1f}" '
                           f'stroke="{COLOURS[k]}" stroke-width="4"></line>')
        cx = f.x(i + 0.5)
        f.parts.append(f'<text x="{cx:.1f}" y="{SH - SB + 16}" font-size="12" '
                       f'text-anchor="middle" {FONT}>{_esc(LABELS[k][0])}</text>'
                       f'<text x="{cx:.1f}" y="{SH - SB + 32}" font-size="12" '
                       f'text-anchor="middle" {FONT}>{_esc(LABELS[k][1])}</text>')
    f.legend([("weakest by true skill · 按真实水平选最弱", "#444", "dot"),
              ("weakest by their Rates · 按牌技指数选最弱", "#444", "hollow"),
              ("mean of the seeds · 各种子的平均", "#444", "bar")], SL + 8, ST + 8, 285)
    return f.svg()


# --- Output -------------------------------------------------------------------------------


def _pm(d: dict[str, float], digits: int) -> str:
    return f"{d['mean']:.{digits}f} ± {d['sd']:.{digits}f}"


def report(out: dict[str, Any]) -> str:
    """The printed comparison."""
    size = out["size"]
    w = out["world"]
    lines = [
        f"Rating simulation ({out['model']['name']} model): {size['weeks']} weeks, {size['members']} members at the start, "
        f"{w['players_per_run']:.0f} players over a run, {w['players_per_week']:.0f} a week, "
        f"{w['results_per_run']:.0f} results on {w['boards_per_run']:.0f} boards "
        f"({_pm(w['results_per_board'], 1)} results a board; "
        f"{100 * w['share_boards_under_6']:.1f} % under 6, not rated)",
        f"Tuned on seed {out['tuning_seed']} (grids of {out['tuning_grid_size']}); reported on "
        f"seeds {out['report_seeds'][0]}–{out['report_seeds'][-1]}: mean ± sd over the seeds",
        f"  Rate: {out['tuned']['rate']}",
        f"  NGS-style: {out['tuned']['ngs']}",
        f"  least squares: {out['tuned']['lsq']}",
        "",
        f"{'method':<30} {'ρ all players':>16} {'ρ ≥' + str(size['mature']) + ' boards':>16} "
        f"{'ρ last week':>16} {'MSE next week':>16} {'explained %':>13}",
    ]
    for name, row in out["table"].items():
        rhos = ("", "", "") if name == "truth" else (
            _pm(row["rho"], 3), _pm(row["rho_mature"], 3), _pm(row["rho_final"], 3))
        lines.append(f"{LABELS[name][0]:<30} {rhos[0]:>16} {rhos[1]:>16} {rhos[2]:>16} "
                     f"{_pm(row['mse'], 3):>16} {_pm(row['explained'], 2):>13}")
    lines.append(f"{'predicting 0':<30} {'':>16} {'':>16} {'':>16} "
                 f"{_pm(out['table']['rate']['mse0'], 3):>16}")
    lines += ["", "The Rate less each other method, seed by seed (ρ: higher is better; MSE: lower):"]
    for name, p in out["paired"].items():
        lines.append(f"  {LABELS[name][0]:<28} Δρ {_pm(p['rho'], 4)} (Rate better on "
                     f"{p['rate_better_rho']}/{p['seeds']}),  Δρ≥{size['mature']} "
                     f"{_pm(p['rho_mature'], 4)},  ΔMSE {_pm(p['mse'], 4)} (Rate better on "
                     f"{p['rate_better_mse']}/{p['seeds']})")
    nc = out["newcomer"]
    lines += ["", f"A new strong player (true skill +{STRONG_SKILL:g} SD) joining in week "
              f"{size['weeks'] // 2 + 1}: weeks to come within half an SD of its level / to "
              "the club's 90th percentile (each report seed)"]
    for name in ("rate", "ngs", "mean", "lsq"):
        lines.append(f"  {LABELS[name][0]:<28} level {nc[name]['weeks_to_level']}  "
                     f"90th {nc[name]['weeks_to_90th_percentile']}")
    r = nc["rate"]
    marks = [k for k in (1, 2, 4, 8, 12, 20) if k <= r["weeks"]]
    lines.append("  Rate, mean of the seeds, weeks " + ", ".join(
        f"{k}: {r['rate_mean'][k - 1]:.1f}" for k in marks) + f"; its level {r['target_mean']:.1f}")
    wk = out["weak_opponents"]
    lines += ["", f"A pair (both players at +{wk['pair_skill']:g} SD, always together) seeking "
              "the weakest third of the pairs as opponents, against the same pair playing the "
              "field: the pair's final rating, in SD of true skill, weak less field (each "
              "report seed)"]
    field = wk["field"]
    for how, words in (("skill", "weakest by true skill"), ("rate", "weakest by their Rates")):
        part = wk[how]
        lines.append(f"  {words}: opponents' mean skill {np.round(part['opponents'], 2).tolist()}"
                     f" (field {np.round(field['opponents'], 2).tolist()}); the pair's IMPs a "
                     f"board {np.round(part['imps'], 2).tolist()} (field "
                     f"{np.round(field['imps'], 2).tolist()})")
        for name in STUDIED:
            d = part["difference_sd"][name]
            lines.append(f"    {LABELS[name][0]:<26} {_pm(d, 2)} SD  "
                         f"{np.round(d['by_seed'], 2).tolist()}, higher on "
                         f"{part['difference'][name]['higher']}/{len(wk['seeds'])}")
    lines.append(f"\n{out['seconds']:.0f} s (tuning {out['tuning_seconds']:.0f} s)")
    return "\n".join(lines)


def plain_json(value: Any) -> Any:
    """Strict JSON: NaN (a figure with nothing to measure) as null, NumPy numbers as Python's."""
    if isinstance(value, dict):
        return {k: plain_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain_json(v) for v in value]
    if isinstance(value, float | np.floating):
        return None if math.isnan(value) else float(value)
    if isinstance(value, np.integer):
        return int(value)
    return value


def write_svgs(out: dict[str, Any], folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    pictures = {
        "rate_vs_skill.svg": svg_scatter(out["scatter"]),
        "spearman_by_week.svg": svg_weekly(
            out["weekly_rho"], ("Spearman ρ with true skill, week by week",
                                "每周与真实水平的等级相关（打过牌的牌手，各种子的平均）")),
        "new_player.svg": svg_newcomer(out["newcomer"]["rate"], out["newcomer"]["ngs"]),
        "weak_opponents.svg": svg_weak(out["weak_opponents"]),
    }
    paths = []
    for name, text in pictures.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--quick", action="store_true", help="a small club over a few weeks")
    ap.add_argument("--seed", type=int, default=1000,
                    help="the tuning seed; the report seeds are the next ones")
    ap.add_argument("--seeds", type=int, default=None, help="how many report seeds")
    ap.add_argument("--model", choices=sorted(MODELS), default="quantile",
                    help="how skill reaches a table's score (module docstring)")
    ap.add_argument("--sensitivity", action="store_true",
                    help="instead: the weak-opponent study for variants of the Rate")
    ap.add_argument("--json", type=Path, help="write every figure here")
    ap.add_argument("--svg", type=Path, help="write the docs' pictures into this folder")
    ap.add_argument("--world", nargs="+", metavar="NAME",
                    help="instead: issue 21's worlds (benchmarks/rating_worlds.py; 'all' for "
                         "every one), each on --seeds seeds from --first-seed")
    ap.add_argument("--first-seed", type=int, default=100,
                    help="with --world: the first seed (0–4 tuned the default world)")
    ap.add_argument("--markdown", type=Path, help="with --world: write the table here")
    ap.add_argument("--new-variant", action="append", default=[], metavar="K=V,…",
                    help="with --world: also the new Rate with these settings changed "
                         "(e.g. start_weight=4,imp_scale=10); repeatable")
    args = ap.parse_args(argv)
    if args.world:
        import rating_worlds

        seeds = list(range(args.first_seed, args.first_seed + (args.seeds or 5)))
        tuned = ("Untuned seeds: the worlds' parameters were set on seeds 0–4 · 未调参的种子."
                 if args.first_seed >= 5 else "Tuning seeds · 调参用的种子.")
        return rating_worlds.main(args.world, seeds, args.json, args.markdown, tuned,
                                  [rating_worlds.parse_variant(v) for v in args.new_variant])
    size = QUICK if args.quick else FULL
    grids = QUICK_GRIDS if args.quick else FULL_GRIDS
    if args.sensitivity:
        found = sensitivity(size, args.seed, args.seeds or size.seeds, MODELS[args.model])
        print(f"Seeking weak opponents, variants of the Rate tuned on seed {args.seed} "
              f"({found['base']}): ρ, and the pair's rating weak less field in SD of skill")
        for name, v in found["variants"].items():
            print(f"  {name:<16} ρ {_pm(v['rho'], 4)}   weakest by skill {_pm(v['skill'], 2)}"
                  f"   weakest by Rates {_pm(v['rate'], 2)}")
        if args.json:
            args.json.write_text(json.dumps(plain_json(found), indent=1, allow_nan=False)
                                 + "\n", encoding="utf-8")
        return 0
    out = compare(size, grids, args.seed, args.seeds or size.seeds, MODELS[args.model])
    print(report(out))
    if args.json:
        args.json.write_text(json.dumps(plain_json(out), indent=1, allow_nan=False) + "\n",
                             encoding="utf-8")
    if args.svg:
        for path in write_svgs(out, args.svg):
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
