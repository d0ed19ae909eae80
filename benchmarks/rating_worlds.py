"""Issue 21's worlds: pools whose players form groups of different mean strength that seldom
meet, rated week by week by the old Rate, the new Rate and three baselines on the same results.

Run through ``benchmarks/rating_simulation.py --world NAME [--seeds 5] [--first-seed 100]
[--json PATH] [--markdown PATH] [--new-variant K=V,…]`` (``--world all``: every world, and the
table; ``--new-variant start_weight=4,imp_scale=10``: the new Rate with those settings too,
beside its defaults, each checked against the targets).

**A world** (``WorldSpec``; the named ones are ``WORLDS``):

- *Players and groups.*  ``players`` players in ``groups`` groups of equal size.  A group's mean
  true skill is ``group_sd`` times a standardised even spread (so the groups' means have
  standard deviation ``group_sd`` exactly, not by chance); a player's skill is their group's
  mean plus a normal of standard deviation ``within_sd``.  In the default world
  ``0.8² + 0.6² = 1``: the pool's skill has standard deviation 1, the unit of every "SD"
  below (the stronger-differences world keeps the unit and spreads the groups further).  Skill drifts slowly (the
  AR(1) walk of ``rating_simulation.py``).  Each player comes in a week with their
  ``activity`` (Beta-distributed).  Half of each group plays in regular partnerships (when both
  come); the others pair up at random within the group each week.
- *Rounds.*  A week is ``boards // per_round`` rounds.  In each round each pair present plays
  in the open draw with chance ``mix`` (the pairs of all groups drawn together, so most of
  their tables meet another group) and otherwise against a pair of its own group.
- *Boards (the pool).*  Each round's tables are shuffled and cut into runs of 6–40 tables (the
  pool's capacities), each run playing ``per_round`` boards of its own: a board is played by
  tables of every group, as the pool serves them.
- *Scores and IMPs.*  Each board's NS scores come from ``rating_simulation``'s bridge board
  model (``board_model``, ``table_scores``: real contracts scored by Law 77, the table's
  quantile moved by its true skill difference); the library itself turns them into IMPs
  against the board's trimmed-mean datum (``week_imps``) and a board with fewer than 6 results
  is not rated.
- *Joins and departures.*  ``joins`` new players a week (Poisson) join a random group with its
  skill; each player leaves with chance ``leave`` a week.
- *Planted players.*  ``newcomers`` players of true skill +2 SD join random groups in week
  ``weeks // 2`` and play every week; ``choosers`` pairs of two +0.5 SD players always play
  together within their group and pick, each round, one of the weakest third of their group's
  pairs present (by true skill), beside as many *control* pairs of the same skill in the same
  groups who play whoever the draw gives them.

**The methods**, each rating after every week from the results so far, on the same results:
the old Rate (``rate_week`` of the library as ``web/ratings/weekly.py`` calls it: once a week,
the prior carried over, default settings), the new Rate (the same call to the new library,
when it is there), an NGS-style grade and the plain mean of IMPs (``rating_simulation``'s), and
least squares (``LeastSquaresCG``: all players' strengths fitted together to all results so
far, older weeks faded, a small ridge; solved by conjugate gradients, warm-started).

**The measures** (each seed; mean and standard deviation over the seeds):

- ``rho``: Spearman's ρ of the ratings with true skill at the season's end, over the members
  then who have played;
- ``rmse``: next week's prediction error: each result's NS percentage ``50 + 50·tanh(IMPs/3)``
  predicted as ``50 + β·(D − D̄)`` from the ratings before the week (``D − D̄``: the table's
  NS − EW level less the board's mean; ``β`` fitted on the earlier weeks), the root mean
  square over weeks 3 on; ``truth`` is the same from true skill (the floor).  A method
  whose expectation is not linear in ``D − D̄`` may carry its own prediction feature
  (``feature(players, board_index)``: each rated result's value, used in place of
  ``D − D̄``, ``β`` fitted the same way), so that it is judged by the expectation it fits;
  its error from the linear ``D − D̄`` is then kept too, as ``rmse_linear``.  No method here
  has one: ``rating_link_study.LinkFit`` does when asked to (``own_prediction``);
- ``group_slope``: the groups' mean rating regressed on their mean skill, divided by the
  slope of rating on skill within groups (players with ≥ ``MATURE`` boards at the end): 1 when
  a group's level is judged as well as a player's within it;
- ``newcomer_weeks``: weeks from joining until a +2 SD newcomer's rating is within 0.5 SD of
  the level a +2 SD established player gets (the method's line of rating on skill at the end),
  mean over the newcomers (not reached by the end: counted as the weeks they had + 1);
- ``choose_gain``: the chooser pairs' mean rating less their control pairs', in SD of skill
  (divided by the method's slope of rating on skill).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from importlib.util import find_spec
from typing import Any

import numpy as np
import rating_simulation as rs

# The old one-player-at-a-time Rate, kept unchanged in benchmarks/old_rate.py as a baseline.
from old_rate import RateSettings as OldSettings
from rating_simulation import Floats, Ints, Method, WeekData

from bridgescore.ratings import Ratings, WeekResults
from bridgescore.ratings.board import datum_imps, segments
from bridgescore.ratings.index import board_order, codes
from bridgescore.sessions.imp_pairs import ImpSettings

NEW_RATE = find_spec("bridgescore.ratings.fit") is not None  # the library's joint fit

MATURE = 100  # boards: an "established" player, for the level lines and the groups' slope
NEWCOMER_SKILL = 2.0
CHOOSER_SKILL = 0.5
PCT_SCALE = 3.0  # IMPs → % as the library's default imp_scale: 50 + 50·tanh(IMPs/3)


@dataclass(frozen=True)
class WorldSpec:
    """One world's parameters (module docstring)."""

    name: str
    title: str  # one line, English
    title_zh: str
    players: int = 800
    groups: int = 8
    # Set on seeds 0–4 so that the old Rate, the NGS-style grade and least squares come near
    # issue 21's figures (its default world: 0.850 / 0.870 / 0.987).
    group_sd: float = 0.8  # SD of the groups' mean skill
    within_sd: float = 0.6  # SD of skill within a group (0.8² + 0.6² = 1: the pool's SD is 1)
    mix: float = 0.10  # chance a pair's round is in the open draw
    boards: int = 24  # boards a week for a player who comes
    per_round: int = 3
    weeks: int = 36
    joins: float = 1.0  # new players a week (Poisson)
    leave: float = 0.004  # each player's weekly chance of leaving
    activity: tuple[float, float] = (3.0, 1.5)  # Beta(a, b) of the chance to come a week
    newcomers: int = 4
    choosers: int = 6
    # The quantile model's κ (rating_simulation.Model): 2.0 makes skill tell in the scores
    # as much as issue 21's figures need (least squares' ρ near 0.98; 0.30, the old
    # simulation's, leaves every method below 0.85).
    strength: float = 2.0


WORLDS: dict[str, WorldSpec] = {w.name: w for w in (
    WorldSpec("default", "Groups meet in ~10 % of rounds (issue 21's world)",
              "各组约 10% 的轮次相遇（第 21 号问题的世界）"),
    WorldSpec("strong-groups", "Stronger differences between the groups",
              "组间差距更大", group_sd=1.5),
    WorldSpec("rare-5", "Groups meet in ~5 % of rounds", "各组约 5% 的轮次相遇", mix=0.05),
    WorldSpec("often-30", "Groups meet in ~30 % of rounds", "各组约 30% 的轮次相遇", mix=0.30),
    WorldSpec("boards-12", "Twelve boards a week", "每周 12 副", boards=12),
    WorldSpec("boards-60", "Sixty boards a week", "每周 60 副", boards=60, players=500),
    WorldSpec("churn", "Many joins and departures", "大量加入与离开", joins=12.0, leave=0.02),
    WorldSpec("choosers", "Many players who choose weak opponents", "许多专找弱对手的牌手",
              choosers=20),
    WorldSpec("everyone-meets", "Everyone meets everyone (the old simulation's kind)",
              "人人相遇（旧模拟的情形）", mix=1.0),
)}


# --- The world ----------------------------------------------------------------------------


@dataclass
class SimWorld:
    spec: WorldSpec
    seed: int
    weeks: list[WeekData]
    skill: list[Floats]  # per week, every player ever (nan before joining)
    member: list[np.ndarray]  # per week: joined and not left
    group: Ints  # every player's group
    newcomers: Ints
    newcomer_week: int
    choosers: Ints  # (k, 2): the chooser pairs
    controls: Ints  # (k, 2): their control pairs, same groups and skill

    @property
    def players(self) -> int:
        return len(self.group)


def group_means(spec: WorldSpec) -> Floats:
    """The groups' mean skills: an even spread standardised to standard deviation
    ``group_sd`` (one group: 0)."""
    if spec.groups == 1:
        return np.zeros(1)
    q = np.linspace(-1.0, 1.0, spec.groups)
    out: Floats = spec.group_sd * q / q.std()
    return out


def pair_up(rng: np.random.Generator, here: Ints, partner: Ints) -> list[tuple[int, int]]:
    """The week's pairs of one group from the players present: regular partners together when
    both came, the others at random (one left over sits out)."""
    here_set = set(here.tolist())
    pairs: list[tuple[int, int]] = []
    single: list[int] = []
    for p in here.tolist():
        q = int(partner[p])
        if q >= 0 and q in here_set:
            if p < q:
                pairs.append((p, q))
        else:
            single.append(p)
    order = rng.permutation(len(single))
    single = [single[i] for i in order]
    pairs += [(single[i], single[i + 1]) for i in range(0, len(single) - 1, 2)]
    return pairs


def round_tables(rng: np.random.Generator, pairs_by_group: list[list[tuple[int, int]]],
                 mix: float, choosers: set[tuple[int, int]], skill: Floats
                 ) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """One round's tables (NS pair, EW pair): each pair in the open draw with chance ``mix``,
    else against its own group; a chooser pair takes one of its group's weakest third."""
    open_draw: list[tuple[int, int]] = []
    tables: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for pairs in pairs_by_group:
        own: list[tuple[int, int]] = []
        mine: list[tuple[int, int]] = []
        for pq in pairs:
            if pq in choosers:
                mine.append(pq)
            elif rng.random() < mix:
                open_draw.append(pq)
            else:
                own.append(pq)
        own = [own[i] for i in rng.permutation(len(own))]
        for me in mine:
            if len(own) < 3:
                own.append(me)
                continue
            level = np.array([skill[a] + skill[b] for a, b in own])
            weakest = np.argsort(level, kind="stable")[: max(1, len(own) // 3)]
            pick = int(weakest[int(rng.integers(len(weakest)))])
            tables.append((me, own.pop(pick)))
        if len(own) % 2:
            open_draw.append(own.pop())
        tables += [(own[i], own[i + 1]) for i in range(0, len(own), 2)]
    open_draw = [open_draw[i] for i in rng.permutation(len(open_draw))]
    tables += [(open_draw[i], open_draw[i + 1]) for i in range(0, len(open_draw) - 1, 2)]
    return tables


def serve_boards(rng: np.random.Generator, n_tables: int, per_round: int, next_key: int
                 ) -> tuple[Ints, int]:
    """The pool's boards for one round's tables (already shuffled): runs of 6–40 tables each
    play ``per_round`` boards of their own; a last run under 6 joins the one before.  Each
    table's first board key (its boards are that key and the next ``per_round − 1``)."""
    first = np.empty(n_tables, np.int64)
    at = 0
    while at < n_tables:
        run = 6 + int(34 * rng.beta(1.3, 2.0))
        if n_tables - at - run < 6:
            run = n_tables - at
        first[at: at + run] = next_key
        next_key += per_round
        at += run
    return first, next_key


def build(spec: WorldSpec, seed: int) -> SimWorld:
    """The world of ``spec`` and ``seed``, week by week (module docstring)."""
    rng = np.random.default_rng([seed, 21])
    means = group_means(spec)
    within = spec.within_sd
    skill: list[float] = []
    group: list[int] = []
    activity: list[float] = []
    partner: list[int] = []
    left: list[bool] = []
    fixed: set[int] = set()  # planted players: no drift, no leaving, always present

    def join(g: int, s: float | None = None, act: float | None = None) -> int:
        skill.append(float(means[g] + within * rng.normal()) if s is None else s)
        group.append(g)
        activity.append(float(rng.beta(*spec.activity)) if act is None else act)
        partner.append(-1)
        left.append(False)
        return len(skill) - 1

    for i in range(spec.players):
        join(i % spec.groups)
    for g in range(spec.groups):
        ids = [i for i in range(spec.players) if group[i] == g]
        rng.shuffle(ids)
        half = ids[: len(ids) // 2]
        for a, b in zip(half[::2], half[1::2], strict=False):
            partner[a], partner[b] = b, a
    chooser_pairs: list[tuple[int, int]] = []
    control_pairs: list[tuple[int, int]] = []
    for k in range(spec.choosers):
        g = k % spec.groups
        for into in (chooser_pairs, control_pairs):
            a, b = join(g, CHOOSER_SKILL, 1.0), join(g, CHOOSER_SKILL, 1.0)
            partner[a], partner[b] = b, a
            fixed.update((a, b))
            into.append((a, b))
    chooser_set = set(chooser_pairs)
    newcomer_week = spec.weeks // 2
    newcomers: list[int] = []

    weeks: list[WeekData] = []
    skills: list[Floats] = []
    members: list[np.ndarray] = []
    next_key = 1
    rounds = max(1, spec.boards // spec.per_round)
    for week in range(spec.weeks):
        if week > 0:
            drift = rng.normal(size=len(skill))
            for p in range(len(skill)):
                if p in fixed:
                    continue
                skill[p] = 0.999 * skill[p] + 0.0447 * float(drift[p])
                if not left[p] and rng.random() < spec.leave:
                    left[p] = True
                    if partner[p] >= 0:
                        partner[partner[p]] = -1
            for _ in range(int(rng.poisson(spec.joins))):
                join(int(rng.integers(spec.groups)))
        if week == newcomer_week:
            for _ in range(spec.newcomers):
                p = join(int(rng.integers(spec.groups)), NEWCOMER_SKILL, 1.0)
                fixed.add(p)
                newcomers.append(p)
        sk = np.array(skill)
        come = np.array([not left[p] and (p in fixed or rng.random() < activity[p])
                         for p in range(len(skill))])
        grp = np.array(group)
        part = np.array(partner)
        pairs_by_group = [pair_up(rng, np.flatnonzero(come & (grp == g)), part)
                          for g in range(spec.groups)]
        rows: list[Ints] = []
        keys: list[Ints] = []
        for _ in range(rounds):
            tables = round_tables(rng, pairs_by_group, spec.mix, chooser_set, sk)
            tables = [tables[i] for i in rng.permutation(len(tables))]
            seats = np.empty((len(tables), 4), np.int64)
            for t, (a, b) in enumerate(tables):
                ns, ew = (a, b) if rng.random() < 0.5 else (b, a)
                seats[t] = (ns[0], ew[0], ns[1], ew[1])
            first, next_key = serve_boards(rng, len(tables), spec.per_round, next_key)
            for j in range(spec.per_round):
                rows.append(seats)
                keys.append(first + j)
        players_arr = np.concatenate(rows)
        board_arr = np.concatenate(keys)
        delta = ((sk[players_arr[:, 0]] + sk[players_arr[:, 2]])
                 - (sk[players_arr[:, 1]] + sk[players_arr[:, 3]])) / 2.0
        # Board numbers 1–32 (vulnerability) follow the key, as rating_simulation's do.
        ns_score = rs.table_scores(rng, rs.Model("quantile", spec.strength),
                                   np.unique(board_arr), board_arr, delta, 0)
        results = WeekResults.of(board=board_arr, players=players_arr, ns_score=ns_score)
        imps, rated = week_imps(results)
        weeks.append(WeekData(results, imps, rated))
        skills.append(np.array(skill))
        members.append(~np.array(left))
    total = len(skill)
    skills = [np.concatenate([s, np.full(total - len(s), np.nan)]) for s in skills]
    members = [np.concatenate([m, np.zeros(total - len(m), bool)]) for m in members]
    return SimWorld(spec, seed, weeks, skills, members, np.array(group), np.array(newcomers),
                    newcomer_week, np.array(chooser_pairs, np.int64).reshape(-1, 2),
                    np.array(control_pairs, np.int64).reshape(-1, 2))


def week_imps(results: WeekResults, min_results: int = 6) -> tuple[Ints, np.ndarray]:
    """Each result's NS IMPs against its board's trimmed-mean datum and whether its board is
    rated (``min_results`` results): the library's own arithmetic (``ratings.board``, with
    the pool's default settings), the same for the old Rate and the new."""
    _, code = codes(results.board)
    order, board, score = board_order(code, results.ns_score)
    starts, counts = segments(board)
    _, points = datum_imps(score, starts, counts, ImpSettings())
    imps = np.empty(len(results), np.int64)
    imps[order] = points
    rated = np.empty(len(results), bool)
    rated[order] = np.repeat(counts >= min_results, counts)
    return imps, rated


# --- The methods --------------------------------------------------------------------------


def old_rate(players: int) -> Method:
    """The old Rate, fed as ``web/ratings/weekly.py`` fed it: ``rate_week`` once a week, the
    prior carried over, the default settings (``rating_simulation``'s method)."""
    return rs.RateMethod(players, OldSettings())


def saturating_feature(rate: Floats, link: float, players: Ints, board_index: Ints
                       ) -> Floats:
    """Each result's expectation less its board's mean, ``g(u) − mean_b g(u)`` with
    ``u = D − D̄_b`` from ``rate`` (the table's NS − EW level less the board's mean) and
    ``g(u) = K·tanh(u/K)``, ``K = link``."""
    x, p = rate, players
    count = np.bincount(board_index).astype(float)
    d = 0.5 * (x[p[:, 0]] + x[p[:, 2]] - x[p[:, 1]] - x[p[:, 3]])
    u = d - (np.bincount(board_index, d) / count)[board_index]
    g = link * np.tanh(u / link)
    out: Floats = g - (np.bincount(board_index, g) / count)[board_index]
    return out


def new_rate_factory(overrides: dict[str, Any] | None = None
                     ) -> Callable[[int], Method] | None:
    """The new Rate (the library's joint fit), called as the weekly close calls it, with its
    default settings or ``overrides`` of them (a variant, to see what a constant does);
    None while the library still has the old one."""
    if not NEW_RATE:
        return None
    from bridgescore.ratings import RateSettings, rate_week

    class NewRate:
        """Called as the weekly close calls it: the prior and the window of the weeks before
        carried from week to week."""

        def __init__(self, players: int) -> None:
            self.settings = RateSettings(**(overrides or {}))
            self.players = players
            self.prior = Ratings.empty()
            self.window: Any = None

        def values(self) -> Floats:
            v = np.full(self.players, float(self.settings.start_rate))
            v[self.prior.player] = self.prior.rate
            return v

        def update(self, week: WeekData) -> None:
            done = rate_week(self.prior, week.results, self.settings, self.window)
            self.prior, self.window = done.ratings, done.window

        def own_feature(self, players: Ints, board_index: Ints) -> Floats:
            """Next week predicted by the Rate's own expectation, ``g(u) − mean_b g(u)``
            with the settings' K (``run`` scales it by a fitted β)."""
            return saturating_feature(self.values(), self.settings.saturation, players,
                                      board_index)

        @property
        def feature(self) -> Callable[[Ints, Ints], Floats] | None:
            # A saturating Rate is judged by its own expectation; a linear one by D − D̄.
            return self.own_feature if self.settings.saturation else None

    return NewRate


@dataclass(frozen=True)
class LsqSettings:
    ridge: float = 2.0  # in boards' worth of information (a seat's row weighs 1/4)
    fade: float = 0.97  # a week's results weigh this much less a week later


class LeastSquaresCG:
    """Least squares of ``IMPs_NS − ȳ_b ≈ D − D̄`` (the table's NS − EW level less the board's
    mean) over every result so far, week ``t`` weighing ``fade^(now − t)``, plus
    ``ridge·|s|²``; every player's strength fitted together each week by conjugate gradients
    on the normal equations, warm-started from last week (independent of the library)."""

    def __init__(self, players: int, settings: LsqSettings | None = None) -> None:
        self.s = settings or LsqSettings()
        self.n = players
        self.skill = np.zeros(players)
        self.p = np.zeros((0, 4), np.int64)
        self.board = np.zeros(0, np.int64)
        self.week = np.zeros(0, np.int64)
        self.y = np.zeros(0)
        self.boards_so_far = 0
        self.weeks_so_far = 0

    def values(self) -> Floats:
        return self.skill.copy()

    def update(self, week: WeekData) -> None:
        yc = week.rated_imps - (np.bincount(week.board_index, week.rated_imps)
                                / week.board_count)[week.board_index]
        self.p = np.concatenate([self.p, week.rated_players])
        self.board = np.concatenate([self.board, week.board_index + self.boards_so_far])
        self.week = np.concatenate([self.week, np.full(len(yc), self.weeks_so_far)])
        self.y = np.concatenate([self.y, yc])
        self.boards_so_far += len(week.board_count)
        self.weeks_so_far += 1
        w = self.s.fade ** (self.weeks_so_far - 1 - self.week)
        count = np.bincount(self.board).astype(float)
        p, n, b = self.p, self.n, self.board

        def rows(x: Floats) -> Floats:  # A·x: each row's D
            out: Floats = 0.5 * (x[p[:, 0]] + x[p[:, 2]] - x[p[:, 1]] - x[p[:, 3]])
            return out

        def cols(u: Floats) -> Floats:  # Aᵀ·u
            out: Floats = 0.5 * (np.bincount(p[:, 0], u, n) + np.bincount(p[:, 2], u, n)
                                 - np.bincount(p[:, 1], u, n) - np.bincount(p[:, 3], u, n))
            return out

        def normal(x: Floats) -> Floats:  # (AᵀWPA + λI)·x; P centres within boards
            u = rows(x)
            u -= (np.bincount(b, u) / count)[b]
            return cols(w * u) + self.s.ridge * x

        rhs = cols(w * self.y)
        x = self.skill
        r = rhs - normal(x)
        d = r.copy()
        rr = float(r @ r)
        stop = 1e-12 * float(rhs @ rhs)
        for _ in range(500):
            if rr <= stop:
                break
            q = normal(d)
            alpha = rr / float(d @ q)
            x = x + alpha * d
            r -= alpha * q
            rr_new = float(r @ r)
            d = r + (rr_new / rr) * d
            rr = rr_new
        self.skill = x


class Truth:
    """True skill at the time of play: the prediction's floor."""

    def __init__(self, world: SimWorld) -> None:
        self.world = world
        self.t = 0

    def values(self) -> Floats:
        return np.nan_to_num(self.world.skill[min(self.t, len(self.world.skill) - 1)])

    def update(self, week: WeekData) -> None:
        self.t += 1


METHODS = ("old", "new", "ngs", "mean", "lsq")
LABELS = {"old": ("old Rate", "旧牌技指数"), "new": ("new Rate", "新牌技指数"),
          "ngs": ("NGS-style grade", "NGS 式等级分"), "mean": ("mean IMPs", "平均 IMP"),
          "lsq": ("least squares", "最小二乘"), "truth": ("true skill", "真实水平")}


def variant_name(overrides: dict[str, Any]) -> str:
    return "new[" + ",".join(f"{k}={v}" for k, v in overrides.items()) + "]"


def make_methods(world: SimWorld, variants: Sequence[dict[str, Any]] = ()
                 ) -> dict[str, Method]:
    """Every method, fresh, for one world; ``variants``: the new Rate with other settings."""
    n = world.players
    out: dict[str, Method] = {"old": old_rate(n)}
    new = new_rate_factory()
    if new is not None:
        out["new"] = new(n)
        for v in variants:
            made = new_rate_factory(v)
            assert made is not None
            out[variant_name(v)] = made(n)
    out["ngs"] = rs.NgsGrade(n, rs.NgsSettings())
    out["mean"] = rs.MeanImps(n)
    out["lsq"] = LeastSquaresCG(n)
    out["truth"] = Truth(world)
    return out


# --- Measures -----------------------------------------------------------------------------


@dataclass
class Run:
    """One method over one world."""

    final: Floats
    boards: Floats
    sq_error: float  # summed over the predicted results
    predicted: int
    newcomer: list[Floats] = field(default_factory=list)  # ratings each week from joining
    # The linear D − D̄ prediction's summed error, kept only for a method with its own
    # ``feature`` (there ``sq_error`` is its own expectation's): nan for every other method.
    sq_error_linear: float = math.nan


def pct(imps: Floats) -> Floats:
    out: Floats = 50.0 + 50.0 * np.tanh(imps / PCT_SCALE)
    return out


def run(world: SimWorld, method: Method) -> Run:
    """Rate the world week by week, predicting each week from the ratings before it (by the
    method's own ``feature`` when it has one, else by ``D − D̄``: module docstring)."""
    n = world.players
    boards = np.zeros(n)
    sxy = sxx = 0.0
    sq, count = 0.0, 0
    # A method whose expectation saturates is judged by that expectation, not by a linear
    # one it does not use; the linear error is kept beside it, so the two can be compared.
    own: Callable[[Ints, Ints], Floats] | None = getattr(method, "feature", None)
    lin_xy = lin_xx = lin_sq = 0.0
    track: list[list[float]] = []
    for t, week in enumerate(world.weeks):
        x = rs.table_difference(week, method.values())
        y = pct(week.rated_imps) - 50.0
        if own is not None:
            x_own = own(week.rated_players, week.board_index)
            if t >= 2:
                lin_beta = lin_xy / lin_xx if lin_xx > 0 else 0.0
                lin_sq += float(((y - lin_beta * x) ** 2).sum())
            if t >= 1:
                lin_xy += float(x @ y)
                lin_xx += float(x @ x)
            x = x_own
        if t >= 2:
            beta = sxy / sxx if sxx > 0 else 0.0
            sq += float(((y - beta * x) ** 2).sum())
            count += len(y)
        if t >= 1:  # week 0's ratings are everyone's start: nothing to fit
            sxy += float(x @ y)
            sxx += float(x @ x)
        method.update(week)
        boards += np.bincount(week.rated_players.ravel(), minlength=n)
        if t >= world.newcomer_week and len(world.newcomers):
            track.append(method.values()[world.newcomers].tolist())
    return Run(method.values(), boards, sq, count,
               [np.array(c) for c in zip(*track, strict=True)] if track else [],
               lin_sq if own is not None else math.nan)


def line(world: SimWorld, r: Run) -> tuple[float, float]:
    """The method's rating of established players against true skill at the end: intercept
    and slope (planted players left out)."""
    here = established(world, r)
    slope, intercept = np.polyfit(world.skill[-1][here], r.final[here], 1)
    return float(intercept), float(slope)


def established(world: SimWorld, r: Run) -> np.ndarray:
    """The members at the end with ≥ ``MATURE`` boards (a world too short for that: with
    any), the planted players left out."""
    here = world.member[-1] & (r.boards >= MATURE)
    if here.sum() < 10:
        here = world.member[-1] & (r.boards > 0)
    planted = np.concatenate([world.newcomers, world.choosers.ravel(),
                              world.controls.ravel()]).astype(np.int64)
    here[planted] = False
    return here


def group_slope(world: SimWorld, r: Run) -> float:
    """Between-group slope of mean rating on mean skill over the within-group slope."""
    here = established(world, r)
    g = world.group[here]
    s = world.skill[-1][here]
    v = r.final[here]
    k = world.spec.groups
    if k < 3:
        return math.nan
    n = np.bincount(g, minlength=k).astype(float)
    ms = np.bincount(g, s, k) / n
    mv = np.bincount(g, v, k) / n
    between = np.polyfit(ms, mv, 1)[0]
    ds, dv = s - ms[g], v - mv[g]
    inside = float(ds @ dv) / float(ds @ ds)
    return float(between / inside)


def measures(world: SimWorld, runs: dict[str, Run]) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    here = world.member[-1] & (runs["mean"].boards > 0)
    skill = world.skill[-1]
    for name, r in runs.items():
        m: dict[str, float] = {"rmse": math.sqrt(r.sq_error / r.predicted)}
        if not math.isnan(r.sq_error_linear):  # only a method with its own feature
            m["rmse_linear"] = math.sqrt(r.sq_error_linear / r.predicted)
        if name != "truth":
            a, b = line(world, r)
            m["rho"] = rs.spearman(r.final[here], skill[here])
            m["group_slope"] = group_slope(world, r)
            level = a + b * NEWCOMER_SKILL
            weeks: list[float] = []
            for track in r.newcomer:
                near = np.flatnonzero(np.abs(track - level) <= 0.5 * b)
                weeks.append(float(near[0] + 1) if len(near) else float(len(track) + 1))
            m["newcomer_weeks"] = float(np.mean(weeks)) if weeks else math.nan
            if len(world.choosers):
                gain = (r.final[world.choosers].mean(axis=1)
                        - r.final[world.controls].mean(axis=1)) / b
                m["choose_gain"] = float(gain.mean())
            else:
                m["choose_gain"] = math.nan
        out[name] = m
    return out


def mean_sd(values: Sequence[float]) -> dict[str, float]:
    a = np.array(values, dtype=float)
    return {"mean": float(np.nanmean(a)),
            "sd": float(np.nanstd(a, ddof=1)) if len(a) > 1 else 0.0}


def simulate(spec: WorldSpec, seeds: Sequence[int], log: Callable[[str], None] = print,
             variants: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """Every method on ``spec``'s world for each seed: the measures, per seed and summed up."""
    clock = time.perf_counter()
    per_seed: list[dict[str, dict[str, float]]] = []
    sizes: list[dict[str, float]] = []
    for seed in seeds:
        t0 = time.perf_counter()
        world = build(spec, seed)
        t1 = time.perf_counter()
        runs: dict[str, Run] = {}
        seconds: dict[str, float] = {}
        for name, m in make_methods(world, variants).items():
            t2 = time.perf_counter()
            runs[name] = run(world, m)
            seconds[name] = time.perf_counter() - t2
        found = measures(world, runs)
        for name, sec in seconds.items():
            found[name]["seconds"] = sec  # the whole season, measures included
        per_seed.append(found)
        results = sum(len(w.results) for w in world.weeks)
        sizes.append({"players": float(world.players), "results": float(results),
                      "boards_rated_share": float(np.mean(np.concatenate(
                          [w.rated for w in world.weeks])))})
        log(f"  {spec.name} seed {seed}: " + ", ".join(
            f"{k} ρ {v['rho']:.3f}" for k, v in found.items() if k != "truth")
            + f"  (world {t1 - t0:.1f} s, methods {time.perf_counter() - t1:.1f} s)")
    names = list(per_seed[0])
    table = {name: {k: mean_sd([s[name][k] for s in per_seed]) for k in per_seed[0][name]}
             for name in names}
    return {"world": asdict(spec), "seeds": list(seeds), "table": table,
            "per_seed": per_seed, "size": {k: float(np.mean([s[k] for s in sizes]))
                                           for k in sizes[0]},
            "seconds": time.perf_counter() - clock}


# --- Targets and the table ----------------------------------------------------------------


def targets(table: dict[str, dict[str, dict[str, float]]], spec: WorldSpec,
            method: str = "new") -> dict[str, Any] | None:
    """Issue 21's targets for the new Rate (or a variant of it) in one world, on the means over
    the seeds: each check's verdict (None: does not apply) and its margin (≥ 0: met, by how
    much; < 0: missed, by how much).  None without the new Rate."""
    if method not in table:
        return None
    new, lsq = table[method], table["lsq"]

    def m(row: dict[str, dict[str, float]], key: str) -> float:
        return row[key]["mean"]

    rho, rho_ls = m(new, "rho"), m(lsq, "rho")
    margins: dict[str, float | None] = {
        "rho_0.95": rho - 0.95 if rho_ls >= 0.95 else None,
        "rho_vs_ls": rho - (rho_ls - 0.005),
        "rmse_vs_ls": m(lsq, "rmse") - m(new, "rmse"),
        "newcomer_3_weeks": 3.0 - m(new, "newcomer_weeks"),
        "choose_gain_0.05": 0.05 - m(new, "choose_gain"),
        "rho_beats_ngs": rho - m(table["ngs"], "rho"),
        "rho_beats_mean": rho - m(table["mean"], "rho"),
        "rmse_beats_ngs": m(table["ngs"], "rmse") - m(new, "rmse"),
        "rmse_beats_mean": m(table["mean"], "rmse") - m(new, "rmse"),
    }
    checks = {k: None if v is None else v >= 0 for k, v in margins.items()}
    return {"checks": checks, "margins": margins,
            "pass": all(v is not False for v in checks.values()), "applies": spec.mix >= 0.05}


def markdown(results: Sequence[dict[str, Any]], seeds: Sequence[int], note: str) -> str:
    """The worlds × methods × measures table, English and Chinese headings."""
    lines = [
        "## Issue 21's worlds · 第 21 号问题的模拟世界", "",
        note, "",
        "| world · 世界 | method · 方法 | ρ | next-week RMS % · 下周误差 | groups' slope · 组间斜率 "
        "| newcomer weeks · 新强手周数 | choosing gain (SD) · 挑对手收益 |",
        "|---|---|---|---|---|---|---|",
    ]

    def cell(d: dict[str, float] | None, digits: int) -> str:
        if d is None or math.isnan(d["mean"]):
            return "—"
        return f"{d['mean']:.{digits}f} ± {d['sd']:.{digits}f}"

    for res in results:
        spec = res["world"]
        table = res["table"]
        extra = [k for k in table if k not in LABELS]
        for k, name in enumerate([*METHODS, *extra, "truth"]):
            row = table.get(name)
            label = f"**{spec['name']}**" if k == 0 else ""
            who = f"{LABELS[name][0]} · {LABELS[name][1]}" if name in LABELS else f"`{name}`"
            if row is None:
                lines.append(f"| {label} | {who} | not yet · 尚无 | | | | |")
                continue
            lines.append(f"| {label} | {who} | {cell(row.get('rho'), 3)} | "
                         f"{cell(row['rmse'], 2)} | {cell(row.get('group_slope'), 2)} | "
                         f"{cell(row.get('newcomer_weeks'), 1)} | "
                         f"{cell(row.get('choose_gain'), 3)} |")
    lines += ["", "Worlds · 世界:", ""]
    for res in results:
        s = res["world"]
        lines.append(f"- **{s['name']}**: {s['title']} · {s['title_zh']} — {s['players']} "
                     f"players, {s['groups']} groups (SD of group means {s['group_sd']:g}), "
                     f"open draw {100 * s['mix']:g} % of rounds, {s['boards']} boards a week, "
                     f"{s['weeks']} weeks, joins {s['joins']:g}/week, leave "
                     f"{100 * s['leave']:g} %/week, {s['newcomers']} newcomers (+2 SD), "
                     f"{s['choosers']} chooser pairs; {res['size']['results']:.0f} results a "
                     f"run; {res['seconds']:.0f} s for {len(res['seeds'])} seeds")
    verdicts = [(r["world"]["name"], who, v) for r in results
                for who, v in (r.get("targets") or {}).items() if v is not None]
    if verdicts:
        lines += ["", "The new Rate against issue 21's targets (means over the seeds; a miss "
                  "with its size) · 新牌技指数对照第 21 号问题的目标（未达到者注明差距）:", ""]
        for name, who, v in verdicts:
            bad = [f"{k} by {-v['margins'][k]:.3g}" for k, ok in v["checks"].items()
                   if ok is False]
            verdict = "pass · 通过" if v["pass"] else "FAIL · 未通过: " + ", ".join(bad)
            lines.append(f"- {name}, `{who}`: {verdict}")
    return "\n".join(lines) + "\n"


def parse_variant(text: str) -> dict[str, Any]:
    """``start_weight=4,imp_scale=10`` → settings overrides (numbers as numbers)."""
    out: dict[str, Any] = {}
    for part in text.split(","):
        key, _, value = part.partition("=")
        try:
            out[key.strip()] = int(value)
        except ValueError:
            try:
                out[key.strip()] = float(value)
            except ValueError:
                out[key.strip()] = value.strip()
    return out


def main(names: Sequence[str], seeds: Sequence[int], json_path: Any = None,
         markdown_path: Any = None, tuned_on: str = "",
         variants: Sequence[dict[str, Any]] = ()) -> int:
    """Run the named worlds (``all``: every one) on ``seeds``; print and save the table."""
    import json

    chosen = list(WORLDS) if list(names) == ["all"] else list(names)
    unknown = [n for n in chosen if n not in WORLDS]
    if unknown:
        print(f"unknown world {', '.join(unknown)}; the worlds: {', '.join(WORLDS)}")
        return 2
    results = []
    for name in chosen:
        res = simulate(WORLDS[name], seeds, variants=variants)
        res["targets"] = {who: targets(res["table"], WORLDS[name], who)
                          for who in res["table"] if who == "new" or who.startswith("new[")}
        results.append(res)
    note = (f"Mean ± SD over seeds {seeds[0]}–{seeds[-1]} · 种子 {seeds[0]}–{seeds[-1]} 的平均 ± "
            f"标准差. {tuned_on} New Rate: "
            + ("the library's rate_week" if NEW_RATE else "not yet available · 尚无") + ".")
    text = markdown(results, seeds, note)
    print(text)
    if markdown_path:
        markdown_path.write_text(text, encoding="utf-8")
    if json_path:
        json_path.write_text(json.dumps(rs.plain_json({"seeds": list(seeds), "worlds": results,
                                                       "new_rate": NEW_RATE}),
                                        indent=1, allow_nan=False) + "\n", encoding="utf-8")
    return 0
