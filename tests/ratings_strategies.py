"""Random weeks for the Rate's tests: Hypothesis strategies and a seeded generator."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from hypothesis import strategies as st
from ratings_reference import Row, Standing

from bridgescore.ratings import RateSettings, Ratings, WeekResults
from bridgescore.sessions.imp_pairs import ImpSettings

# NS scores that boards really produce, with many ties among a board's results.
PALETTE = (-1100, -800, -500, -300, -200, -150, -100, -50, 0, 50, 70, 90, 110, 120, 140, 170,
           400, 420, 430, 450, 460, 600, 620, 630, 650, 660, 920, 980, 1430, 1440, 2210)


@st.composite
def weeks(draw: Any, max_players: int = 40, max_boards: int = 6, max_results: int = 10
          ) -> tuple[Ratings, WeekResults]:
    """A prior (some of the week's players and some who do not play) and a week."""
    n_players = draw(st.integers(8, max_players))
    ids = draw(st.lists(st.integers(-10**15, 10**15), min_size=n_players, max_size=n_players,
                        unique=True))
    n_boards = draw(st.integers(1, max_boards))
    keys = draw(st.lists(st.integers(-10**12, 10**12), min_size=n_boards, max_size=n_boards,
                         unique=True))
    rows: list[Row] = []
    for key in keys:
        count = draw(st.integers(1, min(max_results, n_players // 4)))
        seated = draw(st.permutations(ids))[:4 * count]
        for t in range(count):
            players = tuple(seated[4 * t:4 * t + 4])
            score = draw(st.sampled_from(PALETTE))
            zero = tuple(draw(st.integers(0, 24)) == 0 for _ in range(4))
            rows.append((key, players, score, zero))
    rated = draw(st.lists(st.sampled_from(ids), unique=True, max_size=n_players))
    strangers = draw(st.lists(st.integers(-10**15, 10**15).filter(lambda x: x not in ids),
                              unique=True, max_size=3))
    prior = {p: Standing(draw(st.floats(-20, 120)), draw(st.floats(0.5, 800)),
                         draw(st.integers(0, 10**6))) for p in [*rated, *strangers]}
    return as_ratings(prior), as_week(rows)


def rate_settings() -> st.SearchStrategy[RateSettings]:
    return st.builds(
        RateSettings,
        start_rate=st.floats(30, 70), start_weight=st.floats(0.5, 60),
        imp_scale=st.floats(2, 30), fade=st.floats(0.5, 1), max_weight=st.floats(1, 800),
        min_results=st.integers(1, 7), field_adjust=st.booleans(),
        disconnect_rate=st.sampled_from([0.0, 10.0]), scoring=st.sampled_from(["ximp", "mp"]),
        window=st.integers(1, 4), tolerance=st.just(1e-10), max_iterations=st.just(5000),
        saturation=st.sampled_from([0.0, 0.0, 30.0, 60.0]),
        pool=st.builds(ImpSettings, drop=st.sampled_from(["auto", 0, 1, 2, 0.25]),
                       rounding=st.sampled_from(["away", "even", "up"]),
                       datum_round=st.sampled_from([10, 0, 50])))


def random_week(seed: int, players: int = 60, boards: int = 20, most: int = 14,
                zero: float = 0.03) -> tuple[Ratings, WeekResults]:
    """A seeded week (plain ``random``): dense or sparse ids, boards of 1 … ``most`` results."""
    rng = random.Random(seed)
    base = rng.choice([0, 10**9, -(10**14)])
    ids = rng.sample(range(base, base + players * rng.choice([1, 3, 1000])), players)
    rows: list[Row] = []
    for b in range(boards):
        key = rng.randrange(10**6) * 7 + b
        count = rng.randint(1, min(most, players // 4))
        seated = rng.sample(ids, 4 * count)
        for t in range(count):
            rows.append((key, tuple(seated[4 * t:4 * t + 4]),  # type: ignore[arg-type]
                         rng.choice(PALETTE), tuple(rng.random() < zero for _ in range(4))))
    prior = {p: Standing(rng.uniform(20, 80), rng.uniform(0, 600), rng.randrange(1000))
             for p in rng.sample(ids, players // 2)}
    return as_ratings(prior), as_week(rows)


def as_week(rows: list[Row]) -> WeekResults:
    return WeekResults.of([r[0] for r in rows], np.array([r[1] for r in rows]).reshape(-1, 4),
                          [r[2] for r in rows], np.array([r[3] for r in rows], bool).reshape(-1, 4))


def as_ratings(prior: dict[int, Standing]) -> Ratings:
    ps = sorted(prior)
    return Ratings.of(np.array(ps, np.int64), [prior[p].rate for p in ps],
                      [prior[p].weight for p in ps], [prior[p].boards for p in ps],
                      [prior[p].anchor if prior[p].anchor is not None else prior[p].rate
                       for p in ps],
                      [prior[p].anchor_weight if prior[p].anchor_weight is not None
                       else prior[p].weight for p in ps])


def rows_of(week: WeekResults) -> list[Row]:
    return [(int(b), tuple(int(x) for x in p), int(s), tuple(bool(z) for z in rz))  # type: ignore[misc]
            for b, p, s, rz in zip(week.board, week.players, week.ns_score, week.rate_zero,
                                   strict=True)]


def standings_of(r: Ratings) -> dict[int, Standing]:
    return {int(p): Standing(float(x), float(w), int(b), float(a), float(aw))
            for p, x, w, b, a, aw in zip(r.player, r.rate, r.weight, r.boards, r.anchor,
                                         r.anchor_weight, strict=True)}
