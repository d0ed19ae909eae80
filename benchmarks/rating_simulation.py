"""Is the Rate (牌技指数) a good rating?  A simulated club of players with hidden true skill,
rated week by week by the Rate and by three baselines, on the same results.

Run (from the repository root)::

    .venv/bin/python benchmarks/rating_simulation.py [--quick] [--seed N] [--seeds K]
        [--json PATH] [--svg DIR]

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
  expectation are normal (σ = 1 trick); scored by Law 77 (``bridgescore.scoring``), this gives
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
import itertools
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol

# One thread for NumPy's linear algebra: the machine's cores are shared, and threads contending
# for them made a 300×300 solve 30× slower.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402
from numpy.typing import NDArray

from bridgescore.board import Board
from bridgescore.events.imp_pairs import ImpSettings, butler_drop, round_datum
from bridgescore.imps import get_imp_scale
from bridgescore.ratings import RateSettings, Ratings, WeekResults, rate_week
from bridgescore.scoring import score
from bridgescore.seat import Side
from bridgescore.vulnerability import Vulnerability

Floats = NDArray[np.float64]
Ints = NDArray[np.int64]
Bools = NDArray[np.bool_]

MATURE = 100  # boards: the "established players" measure
KAPPA = 0.30  # skill → quantile shift (calibrated: ``--calibrate``)
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
QUICK = Size(weeks=12, members=96, joins=1.5, leave=0.01, slots=2, rounds=5, per_round=3,
             seeds=2, mature=40)


@dataclass(frozen=True)
class Special:
    """Who is planted in the world: the strong newcomer, and the pair that seeks weak
    opponents (``weak_only``) or plays the field."""

    newcomer_week: int  # the week the strong newcomer joins (−1: none)
    pair_skill: float = 0.5  # the studied pair's two players (true skill)
    weak_only: bool = False


@dataclass
class WeekData:
    """One week's results and what every method needs of them."""

    board: Ints  # (n,) board key, unique over the run
    players: Ints  # (n, 4) N, E, S, W
    ns_score: Ints  # (n,)
    imps: Ints  # (n,) NS IMPs against the board's datum (the library's)
    rated: Bools  # (n,) the board has at least 6 results


@dataclass
class World:
    size: Size
    seed: int
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


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _tricks(expected: float, sd: float = 1.0) -> list[float]:
    """The chance of 0…13 tricks around ``expected`` (a normal, the tails folded in)."""
    edges = [_phi((k + 0.5 - expected) / sd) for k in range(13)]
    out = [edges[0]] + [edges[k] - edges[k - 1] for k in range(1, 13)] + [1.0 - edges[12]]
    return out


def _contract_scores(menu: dict[int, float], contract: str, by_ns: bool, expected: float,
                     chance: float, vul: Vulnerability) -> None:
    """Add a contract played by one side, its tricks around ``expected``, to the menu of NS
    scores (score → chance)."""
    vulnerable = vul.is_vulnerable(Side.NS if by_ns else Side.EW)
    for k, p in enumerate(_tricks(expected)):
        if p < 1e-7:
            continue
        s = score(contract, k, vulnerable)
        s = s if by_ns else -s
        menu[s] = menu.get(s, 0.0) + chance * p


MAJOR, MINOR = ("H", "S"), ("C", "D")


def board_menu(rng: np.random.Generator, number: int) -> tuple[Ints, Floats, str]:
    """A board's distribution of NS scores over the field: sorted scores, their cumulative
    chances, and its kind."""
    vul = Board(number).vulnerability
    ns = bool(rng.random() < 0.5)  # the strong side
    menu: dict[int, float] = {}
    kind_draw = rng.random()

    def add(contract: str, by_strong: bool, expected: float, chance: float) -> None:
        _contract_scores(menu, contract, ns == by_strong, min(expected, 13.4), chance, vul)

    def strain_pick(weights: Sequence[tuple[str, float]]) -> str:
        names = [w[0] for w in weights]
        p = np.array([w[1] for w in weights])
        return str(rng.choice(names, p=p / p.sum()))

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
    scores = np.array(sorted(menu), dtype=np.int64)
    chances = np.array([menu[int(s)] for s in scores])
    cdf = np.cumsum(chances / chances.sum())
    cdf[-1] = 1.0
    return scores, cdf, kind


def t3_cdf(x: Floats) -> Floats:
    """Student's t distribution function, 3 degrees of freedom (closed form)."""
    y = x / math.sqrt(3.0)
    out: Floats = 0.5 + (np.arctan(y) + y / (1.0 + y * y)) / math.pi
    return out


def datum_imps(board: Ints, ns_score: Ints, settings: ImpSettings) -> tuple[Ints, Ints]:
    """Each result's NS IMPs against its board's datum, and the board's result count — the
    pool's arithmetic (``butler_drop``, ``round_datum``, the IMP scale), board by board."""
    scale = get_imp_scale(settings.imp_scale)
    imps = np.zeros(len(board), np.int64)
    counts = np.zeros(len(board), np.int64)
    order = np.argsort(board, kind="stable")
    keys, starts = np.unique(board[order], return_index=True)
    ends = [*starts[1:], len(order)]
    for start, end in zip(starts, ends, strict=True):
        idx = order[start:end]
        s = sorted(int(v) for v in ns_score[idx])
        k = butler_drop(len(s), settings.drop)
        kept = s[k:len(s) - k] if k else s
        datum = round_datum(Fraction(sum(kept), len(kept)), settings.datum_round,
                            settings.rounding)
        for i in idx:
            diff = Fraction(int(ns_score[i])) - datum
            whole = math.floor(abs(diff))
            imps[i] = scale.imps(whole if diff > 0 else -whole)
        counts[idx] = len(idx)
    return imps, counts


def build_world(size: Size, seed: int, special: Special | None = None,
                kappa: float = KAPPA) -> World:
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
    pa = join(0, special.pair_skill, 0.95)
    pb = join(0, special.pair_skill, 0.95)
    partner[pa], partner[pb] = pb, pa
    studied = {pa, pb}
    newcomer = -1

    weeks: list[WeekData] = []
    skills: list[Floats] = []
    members: list[Bools] = []
    imp_settings = ImpSettings()
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
                    ranked = _weak_opponents(rng, ranked, studied, sk)
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
        u = t3_cdf(kappa * delta + rng.standard_t(3, size=len(delta)))
        ns_score = np.zeros(len(delta), np.int64)
        for key in board_keys:
            scores, cdf, _kind = board_menu(rng, int(key - board_base - 1) % 32 + 1)
            idx = np.nonzero(board_arr == key)[0]
            ns_score[idx] = scores[np.minimum(np.searchsorted(cdf, u[idx]), len(scores) - 1)]
        imps, counts = datum_imps(board_arr, ns_score, imp_settings)
        rated = counts >= 6
        _, first = np.unique(board_arr, return_index=True)
        counts_all.append(counts[first])
        weeks.append(WeekData(board_arr, players_arr, ns_score, imps, rated))
        sk_week = np.array(skill)
        mem = np.array([not x for x in left])
        skills.append(sk_week)
        members.append(mem)
        board_base += 10_000
    # Pad the per-week arrays to the players of the whole run (nan/False before joining).
    total = len(skill)
    skills = [np.concatenate([s, np.full(total - len(s), np.nan)]) for s in skills]
    members = [np.concatenate([m, np.zeros(total - len(m), bool)]) for m in members]
    return World(size, seed, weeks, skills, members, total, newcomer, (pa, pb),
                 np.concatenate(counts_all))


def _weak_opponents(rng: np.random.Generator, pairs: list[tuple[int, int]],
                    studied: set[int], skill: Floats) -> list[tuple[int, int]]:
    """Seat the studied pair against one of the weakest third of the pairs present (by true
    skill); the others as they come."""
    mine = [i for i, pq in enumerate(pairs) if studied & set(pq)]
    if not mine:
        return pairs
    me = pairs[mine[0]]
    others = [pq for pq in pairs if pq != me]
    level = [(skill[a] + skill[b]) / 2 for a, b in others]
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
        results = WeekResults(board=week.board, players=week.players, ns_score=week.ns_score,
                              rate_zero=np.zeros(week.players.shape, bool))
        self.prior = rate_week(self.prior, results, self.settings).ratings


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
    p = week.players[week.rated]
    d = (v[p[:, 0]] + v[p[:, 2]]) / 2 - (v[p[:, 1]] + v[p[:, 3]]) / 2
    _, inv = np.unique(week.board[week.rated], return_inverse=True)
    out: Floats = d - (np.bincount(inv, d) / np.bincount(inv))[inv]
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
    xs: list[Floats] = []
    ys: list[Floats] = []
    rho: list[float] = []
    rho_mature: list[float] = []
    mse: list[float] = []
    mse0: list[float] = []
    newcomer: list[float] = []
    newcomer_pct: list[float] = []
    for t, week in enumerate(world.weeks):
        before = method.values()
        x = table_difference(week, before)
        y = week.imps[week.rated].astype(float)
        if t >= 2:
            sx = sum(float((a * b).sum()) for a, b in zip(xs[1:], ys[1:], strict=True))
            sxx = sum(float((a * a).sum()) for a in xs[1:])
            beta = sx / sxx if sxx > 0 else 0.0
            mse.append(float(((y - beta * x) ** 2).mean()))
            mse0.append(float((y * y).mean()))
        else:
            mse.append(math.nan)
            mse0.append(math.nan)
        xs.append(x)
        ys.append(y)
        method.update(week)
        boards += np.bincount(week.players[week.rated].ravel(), minlength=n_players)
        v = method.values()
        here = (boards > 0) & world.member[t]
        skill = world.skill[t]
        rho.append(spearman(v[here], skill[here]))
        mature = here & (boards >= world.size.mature)
        rho_mature.append(spearman(v[mature], skill[mature]) if mature.sum() >= 10 else math.nan)
        k = world.newcomer
        if k >= 0 and boards[k] > 0:
            newcomer.append(float(v[k]))
            others = v[here]
            newcomer_pct.append(100.0 * float((others < v[k]).sum() + 0.5 * (others == v[k]).sum()
                                               - 0.5) / max(len(others) - 1, 1))
        else:
            newcomer.append(math.nan)
            newcomer_pct.append(math.nan)
    final = method.values()
    a, b = world.pair
    return Trace(rho, rho_mature, mse, mse0, newcomer, newcomer_pct,
                 float((final[a] + final[b]) / 2), final, boards > 0, boards)
