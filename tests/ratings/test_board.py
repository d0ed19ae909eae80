"""The Rate's board arithmetic against the library's scalar code, result for result.

The datum and IMPs of ``rate_week`` (vectorised, ``ratings/board.py``) must be the pool's:
``scoring.datum.butler_datum`` (``butler_drop``, ``round_datum``) and ``imps_of``, and the
pool's own incremental ``compete.pool._datum``/``_imps_of``.  Random boards of every count
from 1 to 40, with ties, under every drop, rounding, step and IMP table; the matchpoint
percentages against ``score_matchpoints`` with no factoring and ``matchpoints_pairwise``."""

from __future__ import annotations

import random

import numpy as np
import pytest
from ratings_strategies import PALETTE

from bridgescore.compete.pool import Pool, _datum, _imps_of
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.ratings import RateSettings, WeekResults
from bridgescore.ratings.fit import Prepared, prepare
from bridgescore.ratings.index import board_order, codes
from bridgescore.scoring.datum import ROUNDINGS, butler_datum, butler_drop
from bridgescore.scoring.datum import imps_of as _imps
from bridgescore.scoring.imps import get_imp_scale
from bridgescore.sessions.imp_pairs import ImpSettings
from bridgescore.sessions.matchpoints import (
    MatchpointSettings,
    matchpoints_pairwise,
    score_matchpoints,
)
from bridgescore.sessions.model import BoardResult, Session, possible_ns_scores


def boards_of_every_count(seed: int, repeat: int = 2) -> tuple[WeekResults, dict[int, list[int]]]:
    """Boards of 1 … 40 results (``repeat`` of each), scores with ties (a palette) or spread
    (any multiple of 10, so that means land on halves of the rounding step), the boards'
    rows shuffled together; and each board's scores in its order."""
    rng = random.Random(seed)
    rows: list[tuple[int, list[int], int]] = []
    scores: dict[int, list[int]] = {}
    player = 0
    for count in range(1, 41):
        for k in range(repeat):
            key = rng.randrange(-(10**9), 10**9)
            while key in scores:
                key += 1
            if k % 2 == 0:
                s = [rng.choice(PALETTE) for _ in range(count)]
            else:
                s = [10 * rng.randrange(-160, 160) for _ in range(count)]
            scores[key] = s
            for x in s:
                rows.append((key, [player, player + 1, player + 2, player + 3], x))
                player += 4
    rng.shuffle(rows)
    week = WeekResults.of([r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows])
    return week, scores


def detail(week: WeekResults, st: RateSettings) -> Prepared:
    """The week as the fit prepares it (rows sorted by board and score, every figure)."""
    return prepare(week, st)


POOL_SETTINGS = [ImpSettings()] + [
    ImpSettings(drop=drop, rounding=rounding, datum_round=step, imp_scale=scale)
    for drop in ("auto", 0, 1, 3, 0.2, 0.45)
    for rounding in ROUNDINGS
    for step in (10, 0, 50)
    for scale in ("wbf", "ebl-1960")
    if (drop, rounding, step, scale) != ("auto", "away", 10, "wbf")
]


@pytest.mark.parametrize("pool", POOL_SETTINGS, ids=[
    f"{p.drop}-{p.rounding}-{p.datum_round}-{p.imp_scale}" for p in POOL_SETTINGS])
def test_datum_and_imps_are_the_pools(pool: ImpSettings) -> None:
    week, _ = boards_of_every_count(hash((pool.drop, pool.rounding, pool.datum_round)) % 1000)
    d = detail(week, RateSettings(min_results=1, pool=pool))
    scale = get_imp_scale(pool.imp_scale)
    by_board: dict[int, list[int]] = {}
    for b, s in zip(d.board.tolist(), d.ns_score.tolist(), strict=True):
        by_board.setdefault(b, []).append(s)
    datums = {b: butler_datum(s, pool.drop, pool.datum_round, pool.rounding)
              for b, s in by_board.items()}
    assert sorted(len(s) for s in by_board.values()) == sorted(list(range(1, 41)) * 2)
    for b, s, datum, points in zip(d.board.tolist(), d.ns_score.tolist(), d.datum.tolist(),
                                   d.points.tolist(), strict=True):
        want = datums[b]
        assert datum == float(want), (b, s)
        assert points == _imps(scale, s - want), (b, s, want)
    # The rows of a board are together and sorted by score; its count is the board's.
    assert d.results.tolist() == [len(by_board[b]) for b in d.board.tolist()]
    # The row index points back at the week's row.
    assert np.array_equal(week.ns_score[d.row], d.ns_score)
    assert np.array_equal(week.players[d.row], d.players)


def test_datum_and_imps_are_the_incremental_pools() -> None:
    """The pool's own arithmetic (``_datum`` on the sorted scores, ``_imps_of``), which
    ``BoardTally.datum`` uses, on boards of 1 … 40 results."""
    week, scores = boards_of_every_count(11, repeat=3)
    pool = Pool.dealt("2026-W01", 1, seed=1)
    d = detail(week, RateSettings(min_results=1))
    st = pool.settings
    for b, s in scores.items():
        ordered = sorted(s)
        want = _datum(ordered, sum(s), butler_drop(len(s), st.drop), st)
        rows = d.board == b
        assert set(d.datum[rows].tolist()) == {float(want)}
        for x, points in zip(d.ns_score[rows].tolist(), d.points[rows].tolist(), strict=True):
            assert points == _imps_of(pool._thresholds, pool.scale, x - want)


@pytest.mark.parametrize(("scores", "rounding", "datum"), [
    ([0, 10], "away", 10), ([0, 10], "even", 0), ([0, 10], "up", 10),
    ([-10, 0], "away", -10), ([-10, 0], "even", 0), ([-10, 0], "up", 0),
    ([10, 20], "even", 20), ([-30, -20], "even", -20), ([-30, -20], "up", -20),
    ([420, 420, 450, 400, -50, 420], "away", 420),
])
def test_halves_round_as_the_setting_says(scores: list[int], rounding: str, datum: int) -> None:
    n = len(scores)
    week = WeekResults.of([1] * n, np.arange(4 * n).reshape(n, 4), scores)
    d = detail(week, RateSettings(min_results=1, pool=ImpSettings(rounding=rounding)))  # type: ignore[arg-type]
    assert d.datum.tolist() == [float(datum)] * n
    assert butler_datum(scores, "auto", 10, rounding) == datum  # type: ignore[arg-type]


def test_matchpoint_percentages_are_the_librarys() -> None:
    """Boards of 1 … 40 results, each from a few scores possible on a vulnerable board (so
    many ties), scored by the library's matchpoints as board 4 (both vulnerable)."""
    rng = random.Random(5)
    possible = sorted(possible_ns_scores(Vulnerability.BOTH))
    scores = {}
    for count in range(1, 41):
        for k in range(2):
            few = rng.sample(possible, rng.randint(1, 6))
            scores[1000 * count + k] = [rng.choice(few) for _ in range(count)]
    rows = [(b, x) for b, s in scores.items() for x in s]
    rng.shuffle(rows)
    week = WeekResults.of([r[0] for r in rows], np.arange(4 * len(rows)).reshape(-1, 4),
                          [r[1] for r in rows])
    d = detail(week, RateSettings(min_results=1, scoring="mp"))
    for b, s in scores.items():
        results = tuple(BoardResult(4, f"n{i}", f"e{i}", score=x) for i, x in enumerate(s))
        scored = score_matchpoints(Session(results), MatchpointSettings(factoring="none"))
        want = {(r.result.score, r.ns, r.ns_pct) for r in scored.boards[0].results}
        rows = d.board == b
        got = set(zip(d.ns_score[rows].tolist(), d.points[rows].astype(float).tolist(),
                      d.pct[rows].tolist(), strict=True))
        assert got == want, b
        # and by the Law's definition, comparison by comparison
        top = 2 * (len(s) - 1)
        for x, mp in zip(s, matchpoints_pairwise(s), strict=True):
            assert (x, mp, 100 * mp / top if top else 50.0) in got
    assert np.isnan(d.datum).all()


def test_boards_below_the_threshold_have_no_figures() -> None:
    week, scores = boards_of_every_count(2, repeat=1)
    d = detail(week, RateSettings(min_results=6))
    small = d.results < 6
    assert np.isnan(d.datum[small]).all() and np.isnan(d.pct[small]).all()
    assert (d.points[small] == 0).all() and not d.rated[small].any()
    assert d.rated[~small].all() and not np.isnan(d.pct[~small]).any()
    # The fit's results: the rated boards' rows (nobody disconnected here).
    assert d.pair.tolist() == np.flatnonzero(~small).tolist()
    assert sum(1 for s in scores.values() if len(s) < 6) == 5


# -- the ids' codes and the rows' order (ratings/index.py) ---------------------------------

@pytest.mark.parametrize("spread", [1, 3, 10**6, 2**30, 2**52])
def test_codes_take_each_way_to_the_same_answer(spread: int) -> None:
    """Dense ids (a look-up table), spread ones (one packed sort), ids too wide to pack
    (np.unique): the sorted distinct ids and each value's position among them."""
    rng = np.random.default_rng(spread % 1000)
    base = rng.integers(0, 500, 3000)
    values = (base * spread - 2**62).astype(np.int64)
    extra = (rng.integers(400, 900, 50) * spread - 2**62).astype(np.int64)
    uniq, code = codes(values, np.unique(extra))
    want = np.unique(np.concatenate([values, extra]))
    assert np.array_equal(uniq, want)
    assert np.array_equal(uniq[code], values)
    alone, code2 = codes(values)
    assert np.array_equal(alone, np.unique(values)) and np.array_equal(alone[code2], values)
    assert codes(np.zeros(0, np.int64))[0].size == 0
    only_extra, none = codes(np.zeros(0, np.int64), np.unique(extra))
    assert np.array_equal(only_extra, np.unique(extra)) and none.size == 0


@pytest.mark.parametrize(("spread", "pieces"), [(2**20, 1), (2**35, 3), (2**36, 5), (2**37, 0)])
def test_codes_of_many_spread_ids_in_pieces(spread: int, pieces: int) -> None:
    """300,000 ids spread so wide that the packed keys hold only 2**17 or 2**16 positions:
    the values are sorted piece by piece and the pieces' ids merged; wider still, np.unique."""
    rng = np.random.default_rng(3)
    values = (rng.integers(0, 500, 300_000) * spread + 12345).astype(np.int64)
    extra = np.unique((rng.integers(0, 700, 40) * spread + 12345).astype(np.int64))
    span_bits = (int(max(values.max(), extra.max()) - min(values.min(), extra.min()))).bit_length()
    room = 62 - span_bits
    assert (-(-300_000 // 2**room) if room >= 16 else 0) == pieces
    uniq, code = codes(values, extra)
    assert np.array_equal(uniq, np.unique(np.concatenate([values, extra])))
    assert np.array_equal(uniq[code], values)


@pytest.mark.parametrize("wide", [False, True])
def test_board_order_packed_and_lexsorted(wide: bool) -> None:
    rng = np.random.default_rng(7)
    board = rng.integers(0, 300, 5000).astype(np.int64)
    if wide:  # codes too large to pack with the row number: the lexsort way
        board = board << 45
    score = (rng.integers(-760, 761, 5000) * 10).astype(np.int64)
    order, b, s = board_order(board, score)
    assert np.array_equal(b, board[order]) and np.array_equal(s, score[order])
    assert np.array_equal(np.lexsort((s, b)), np.arange(5000))  # sorted by board, then score
    assert sorted(order.tolist()) == list(range(5000))
