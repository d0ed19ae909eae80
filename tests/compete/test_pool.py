"""The week's board pool (复式记分系统, seed 002; platform.md §1–§2): datum scoring on arrival,
serving tables, the week's figures.

Expected values are worked by hand below with the WBF IMP scale (Law 78B):

    difference  0-10 20-40 50-80 90-120 130-160 170-210 220-260 270-310 320-360 370-420
    IMPs          0    1     2     3      4       5       6       7       8       9
    difference  430-490 500-590 600-740 750-890 900-1090 1100-1290 1300-1490 1500-1740
    IMPs          10      11      12      13      14        15        16        17

or compared with the library's batch online method (``score_imp_pairs(..., "online")``),
which shares no code path with the incremental tally beyond ``butler_drop`` and
``round_datum``; serving is compared with the rule written out again here, board by board.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import imps
from bridgescore.compete.pool import (
    BoardTally,
    Pool,
    PoolBoard,
    PoolError,
    TableResult,
    WeekFigures,
    _imps_of,
    figures_after,
    table_players,
    week_figures,
)
from bridgescore.compete.pool_index import PoolIndex, refresh, serve
from bridgescore.compete.pool_scores import PoolScores
from bridgescore.compete.refusal import Refusal
from bridgescore.core.result import Result
from bridgescore.core.seat import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.deals.dealing import deal_boards
from bridgescore.scoring.imps import EBL_1960, WBF_1962
from bridgescore.sessions.imp_pairs import ImpSettings, score_imp_pairs
from bridgescore.sessions.model import BoardResult, Session, possible_ns_scores


def table(i: int) -> tuple[str, str, str, str]:
    return (f"n{i}", f"e{i}", f"s{i}", f"w{i}")


def pool_of(count: int = 8, settings: ImpSettings | None = None, week: str = "2026-W49") -> Pool:
    return Pool.of(week, deal_boards(count, seed="pool tests"), settings)


def add_all(tally: BoardTally, scores: list[int], first: int = 0) -> BoardTally:
    for i, s in enumerate(scores, first):
        tally, _ = tally.add(TableResult(tally.board.id, table(i), s))
    return tally


def bilingual(e: pytest.ExceptionInfo[PoolError], en: str, zh: str) -> None:
    assert isinstance(e.value, Refusal)  # the competitions' one refusal
    assert en in str(e.value) and en in e.value.message("en")
    assert zh in e.value.message("zh")


# --- Hand-worked: six provisional, the 6th scores 24 players, the 7th alone, the 40th ------

# Board 5 (NS vulnerable): 4♠= 620, 3♠+1 170, 4♠+1 650, 4♠−1 −100, 3♠= 140, 4♠+2 680.
SIX = [620, 170, 650, -100, 140, 680]


def test_first_five_are_provisional_zero() -> None:
    tally = BoardTally.start(pool_of(), 5)
    assert tally.board.vulnerability is Vulnerability.NS
    for i, s in enumerate(SIX[:5]):
        tally, arrival = tally.add(TableResult(5, table(i), s))
        assert arrival.score.imps == 0 and arrival.score.provisional and arrival.score.datum is None
        assert arrival.scored == () and arrival.points() == {} and not arrival.retired
    assert tally.provisional and tally.datum is None and tally.count == 5


def test_sixth_scores_all_six_tables_together() -> None:
    tally = add_all(BoardTally.start(pool_of(), 5), SIX[:5])
    tally, arrival = tally.add(TableResult(5, table(5), 680))
    # Sorted: −100 140 170 620 650 680; six results drop one from each end, leaving
    # 140 + 170 + 620 + 650 = 1580, / 4 = 395, rounded away from zero to 400.
    # 620 − 400 = +220 → 6; 170: −230 → −6; 650: +250 → 6; −100: −500 → −11;
    # 140: −260 → −6; 680: +280 → 7.
    assert [s.datum for s in arrival.scored] == [400] * 6
    assert [s.imps for s in arrival.scored] == [6, -6, 6, -11, -6, 7]
    assert [s.arrival for s in arrival.scored] == [1, 2, 3, 4, 5, 6]
    assert not any(s.provisional for s in arrival.scored)
    assert [p is None for p in arrival.previous] == [False] * 5 + [True]
    points = arrival.points()
    assert len(points) == 24  # the 24 players of the six tables
    assert points["n0"] == points["s0"] == 6 and points["e0"] == points["w0"] == -6
    assert points["n3"] == -11 and points["w3"] == 11
    assert tally.datum == 400 and not tally.provisional


def test_seventh_is_scored_alone() -> None:
    tally = add_all(BoardTally.start(pool_of(), 5), SIX)
    tally, arrival = tally.add(TableResult(5, table(6), 1430))  # 6♠= vulnerable
    # Seven results still drop one from each end: 140 + 170 + 620 + 650 + 680 = 2260,
    # / 5 = 452 → 450; 1430 − 450 = +980 → 14.
    assert [(s.arrival, s.imps, s.datum) for s in arrival.scored] == [(7, 14, 450)]
    assert arrival.points() == {"n6": 14, "s6": 14, "e6": -14, "w6": -14}
    # The first six keep the scores they had (the seed does not rescore).
    assert [s.imps for s in tally.scores] == [6, -6, 6, -11, -6, 7, 14]


def test_seventh_with_rescore() -> None:
    pool = pool_of(settings=ImpSettings(rescore=True))
    tally = add_all(BoardTally.start(pool, 5), SIX)
    tally, arrival = tally.add(TableResult(5, table(6), 1430))
    # All against 450: 620 +170 → 5; 170 −280 → −7; 650 +200 → 5; −100 −550 → −11 (as
    # before, so not listed); 140 −310 → −7; 680 +230 → 6; 1430 → 14.
    assert [(s.arrival, s.imps) for s in arrival.scored] == [(1, 5), (2, -7), (3, 5), (5, -7),
                                                              (6, 6), (7, 14)]
    assert [p.imps if p else None for p in arrival.previous] == [6, -6, 6, -6, 7, None]
    assert arrival.points()["n0"] == -1 and arrival.points()["e1"] == 1
    assert "n3" not in arrival.points()


def test_fortieth_retires_the_board_and_a_41st_is_refused() -> None:
    tally = add_all(BoardTally.start(pool_of(), 5), [*SIX, 1430] + [620] * 32)
    assert tally.count == 39 and not tally.retired
    tally, arrival = tally.add(TableResult(5, table(39), 2210))  # 7♠= vulnerable
    # Forty results drop three from each end (−100 140 170 and 680 1430 2210), leaving 620
    # thirty-three times and 650: 21110 / 34 = 620.9 → 620; 2210 − 620 = 1590 → 17.
    assert (arrival.score.arrival, arrival.score.imps, arrival.score.datum) == (40, 17, 620)
    assert arrival.retired and tally.retired
    with pytest.raises(PoolError) as e:
        tally.add(TableResult(5, table(40), 620))
    assert e.value.code == "retired"
    bilingual(e, "board 5 is retired: it has 40 results", "第5副已停用：已有 40 个结果")


def test_figures_of_the_week() -> None:
    pool = pool_of()
    five = add_all(BoardTally.start(pool, 5), SIX[:5])
    figures = week_figures([five])
    assert figures["n0"] == WeekFigures("n0", 0, 1, 1) and len(figures) == 20
    seven = add_all(BoardTally.start(pool, 5), [*SIX, 1430])
    # n0 plays board 6 too (1♠= 80 at no one vulnerable, the only result: provisional).
    other = add_all(BoardTally.start(pool, 6), [80])
    assert other.board.vulnerability is Vulnerability.EW
    figures = week_figures([seven, other])
    assert figures["n0"] == WeekFigures("n0", 6, 2, 1)
    assert figures["e3"] == WeekFigures("e3", 11, 1, 0)
    assert figures["w6"].points == -14 and figures["w6"].total == -14


def test_results_are_checked() -> None:
    pool = pool_of()
    tally = BoardTally.start(pool, 5)
    # 420 is 4♠= not vulnerable: no NS score on a board where NS are vulnerable.
    with pytest.raises(PoolError) as e:
        tally.add(TableResult(5, table(0), 420))
    bilingual(e, "board 5: NS score 420 is impossible", "南北不可能得 420 分")
    with pytest.raises(PoolError) as e:
        tally.add(TableResult(6, table(0), 80))
    bilingual(e, "a result of board 6 cannot go on board 5", "第6副的结果不能记入第5副")
    tally, _ = tally.add(TableResult(5, table(0), 620))
    with pytest.raises(PoolError) as e:
        tally.add(TableResult(5, ("x", "y", "s0", "z"), 620))
    bilingual(e, "player 's0' already has a result on board 5", "牌手 's0' 在第5副上已有结果")
    with pytest.raises(PoolError) as e:
        tally.add(TableResult(5, table(1), 650, Result.parse("4S N =")))
    bilingual(e, "scores 620 for NS, not 650", "南北得 620 分，而不是 650 分")
    ok = TableResult.of(pool.board(5), table(1), Result.parse("4S N +1"))
    assert ok.score == 650 and tally.add(ok)[0].count == 2


def test_players_and_pool_are_checked() -> None:
    assert table_players(["a", "b", "c", "d"]) == ("a", "b", "c", "d")
    with pytest.raises(PoolError) as e:
        table_players(["a", "b", "c"])
    bilingual(e, "a table needs four players (North, East, South, West)", "一桌需要四名牌手")
    with pytest.raises(PoolError) as e:
        table_players(["a", "b", "a", "d"])
    bilingual(e, "player 'a' has two seats at one table", "牌手 'a' 在同一桌占了两个座位")
    with pytest.raises(PoolError) as e:
        table_players(["a", "", "c", "d"])
    bilingual(e, "invalid player ''", "无效的牌手 ''")
    with pytest.raises(PoolError) as e:
        TableResult(1, table(0), 62.0)  # type: ignore[arg-type]
    bilingual(e, "invalid NS score 62.0", "无效的南北得分 62.0")
    boards = deal_boards(2, seed=1)
    with pytest.raises(PoolError) as e:
        Pool.of("w", [*boards, boards[0]])
    bilingual(e, "board 1 is twice in the pool", "第1副在牌库中出现了两次")
    with pytest.raises(PoolError) as e:
        Pool.of("w", [])
    bilingual(e, "a pool needs at least one board", "牌库至少需要一副牌")
    with pytest.raises(PoolError) as e:
        Pool.of("w", boards, ImpSettings(provisional_below=8, close_at=6))
    bilingual(e, "invalid provisional_below 8", "无效的 provisional_below 8")
    with pytest.raises(PoolError) as e:
        Pool.of("w", boards, ImpSettings(close_at=0))
    bilingual(e, "invalid close_at 0", "无效的 close_at 0")
    with pytest.raises(PoolError) as e:
        Pool.of(" ", boards)
    bilingual(e, "invalid week ' '", "无效的记分周 ' '")
    with pytest.raises(PoolError) as e:
        pool_of().board(99)
    bilingual(e, "board 99 is not in the pool of week 2026-W49", "第99副不在 2026-W49 周的牌库中")


def test_pool_boards_from_a_set_keep_their_dealer_and_vulnerability() -> None:
    dealt = deal_boards(3, start=17, seed=2)
    pool = Pool.of("w", dealt)
    assert [b.id for b in pool.boards] == [17, 18, 19]
    assert [(b.dealer, b.vulnerability) for b in pool.boards] == \
        [(b.dealer, b.vulnerability) for b in dealt]
    b = PoolBoard.of(1, dealt[0].deal, vulnerability=Vulnerability.BOTH)
    assert b.vulnerability is Vulnerability.BOTH and b.dealer is Seat.NORTH  # board 1's (Law 2)
    assert len(Pool.dealt("w", 5, seed=3).boards) == 5


def test_whole_differences_read_the_scale_as_imps_does() -> None:
    for scale in (WBF_1962, EBL_1960):
        assert all(_imps_of(scale.thresholds, scale, d) == scale.imps(d)
                   for d in range(-5000, 5001))
    assert _imps_of(WBF_1962.thresholds, WBF_1962, Fraction(-99, 2)) == imps(-49) == -1


# --- Agreement with the library's batch online method ------------------------------------

VULS = list(Vulnerability)
SCORE_LISTS = {v: sorted(x for x in possible_ns_scores(v) if -2000 <= x <= 2300) for v in VULS}
COMMON = [420, 450, -50, -100, 170, 140, 110, -200, 620, 650, 0, 1430, -500, 100, 200]
ONLINE = st.builds(
    ImpSettings,
    drop=st.sampled_from(["auto", 0, 1, 2, 3, 0.1, 0.25]),
    rounding=st.sampled_from(["away", "even", "up"]),
    datum_round=st.sampled_from([10, 10, 0, 50]),
    imp_scale=st.sampled_from(["wbf", "ebl-1960"]),
    rescore=st.booleans(),
    provisional_below=st.sampled_from([6, 6, 0, 1, 2, 5, 8]),
    close_at=st.sampled_from([40, 40, 8, 12, 45]),
)


@st.composite
def board_results(draw: st.DrawFn) -> tuple[int, list[int]]:
    board = draw(st.integers(1, 16))
    ok = SCORE_LISTS[deal_boards(1, start=board, seed=0)[0].vulnerability]
    common = [s for s in COMMON if s in ok]
    score = st.one_of(st.sampled_from(common), st.sampled_from(ok))
    return board, draw(st.lists(score, min_size=1, max_size=46))


@settings(max_examples=300)
@given(board_results(), ONLINE)
def test_incremental_agrees_with_the_batch_online_method(case: tuple[int, list[int]],
                                                        options: ImpSettings) -> None:
    board, scores = case
    options = replace(options, provisional_below=min(options.provisional_below, options.close_at))
    pool = Pool.of("w", deal_boards(1, start=board, seed=0), options)
    # The batch method's results arrive in order of their sequence numbers: given shuffled,
    # with seq stamped in arrival order, so that its ordering is exercised too.
    batch = [BoardResult(board, f"N{i}", f"E{i}", score=s, seq=i + 1) for i, s in enumerate(scores)]
    shuffled = batch[:]
    random.Random(len(scores)).shuffle(shuffled)
    scored = score_imp_pairs(Session(tuple(shuffled)), "online", options).boards[0]
    expected = {r.result.seq: r for r in scored.results}
    tally = BoardTally.start(pool, board)
    for i, s in enumerate(scores):
        want = expected[i + 1]
        result = TableResult(board, (f"N{i}", f"E{i}", f"s{i}", f"w{i}"), s)
        if not want.counted:
            with pytest.raises(PoolError):
                tally.add(result)
            continue
        tally, arrival = tally.add(result)
        assert arrival.retired == (i + 1 == options.close_at)
    assert tally.count == min(len(scores), options.close_at)
    assert tally.provisional == scored.provisional
    for got in tally.scores:
        want = expected[got.arrival]
        num, den = want.ns_exact
        assert got.imps == Fraction(num, den), (got, want)
        assert got.provisional == (want.note == "provisional")
    if not scored.provisional:
        assert tally.datum is not None and float(tally.datum) == scored.datum


@settings(max_examples=150)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(0, 10 ** 6)), max_size=60), ONLINE)
def test_live_figures_follow_the_arrivals(arrivals: list[tuple[int, int]],
                                          options: ImpSettings) -> None:
    options = replace(options, provisional_below=min(options.provisional_below, options.close_at))
    pool = Pool.of("w", deal_boards(3, seed=0), options)
    tallies = {b.id: BoardTally.start(pool, b.id) for b in pool.boards}
    figures: dict[str, WeekFigures] = {}
    rng = random.Random(len(arrivals))
    players = [f"p{i}" for i in range(12)]
    for board, pick in arrivals:
        tally = tallies[board]
        free = [p for p in players if p not in tally.players]
        if tally.retired or len(free) < 4:
            continue
        common = [s for s in COMMON if s in SCORE_LISTS[tally.board.vulnerability]]
        four = table_players(rng.sample(free, 4))
        tallies[board], arrival = tally.add(TableResult(board, four, common[pick % len(common)]))
        changed = figures_after(figures, arrival)
        assert set(changed) >= set(four)
        figures.update(changed)
        # Moved on arrival by arrival, the figures are those of the whole week recomputed.
        assert figures == week_figures(tallies.values())
        total = sum(f.points for f in figures.values())
        assert total == 0  # NS gain what EW lose


# --- Serving ---------------------------------------------------------------------------


def fresh(tag: str) -> tuple[str, str, str, str]:
    return (f"{tag}N", f"{tag}E", f"{tag}S", f"{tag}W")


def test_serving_order_by_hand() -> None:
    pool = pool_of(5)
    # Board 2: 3 results; board 3: 7; board 4: 3 results and 2 tables playing (5 in all);
    # board 5: 5 results; board 1 fresh.
    index = PoolIndex.rebuild(
        pool, results=[(2, table(i)) for i in range(3)] + [(3, table(i)) for i in range(7)]
        + [(4, table(i)) for i in range(3)] + [(5, table(i)) for i in range(5)],
        playing=[(4, table(10)), (4, table(11))])
    assert [index.committed(b) for b in (1, 2, 3, 4, 5)] == [0, 3, 7, 5, 5]
    # The fullest board below 6 first; 4 and 5 are both at 5: the earlier in the pool.
    assert index.take(fresh("a")) == 4
    assert index.take(fresh("b")) == 5
    # Then board 2, the only one left below 6, until it reaches 6.
    assert [index.take(fresh(t)) for t in "cde"] == [2, 2, 2]
    assert [index.committed(b) for b in (1, 2, 3, 4, 5)] == [0, 6, 7, 6, 6]
    # Then the fullest of those at 6 or more: board 3 (7), then the earliest of the 6s.
    assert index.serve(fresh("f")) == 3
    assert index.serve(("aN", "x", "y", "z")) == 3
    assert index.serve(("n0", "x", "y", "z")) == 1  # n0 has had boards 2, 3, 4 and 5
    index.start(3, fresh("f"))
    assert index.serve(fresh("g")) == 3  # now 8
    assert index.serve(("fN", "x", "y", "z")) == 2
    # A fresh board only when nothing started is left for them.
    assert index.serve(("n0", "fN", "y", "z")) == 1
    assert serve(index, ("n0", "fN", "y", "z")) == 1


def test_tables_playing_count_towards_forty() -> None:
    pool = pool_of(2)
    index = PoolIndex.rebuild(pool, results=[(1, table(i)) for i in range(39)],
                              playing=[(1, table(39))])
    assert index.results(1) == 39 and index.committed(1) == 40 and not index.retired(1)
    assert index.serve(fresh("a")) == 2  # board 1 could give a 41st result
    with pytest.raises(PoolError) as e:
        index.start(1, fresh("a"))
    assert e.value.code == "full"
    bilingual(e, "board 1 is full: 39 results and 1 tables playing it make 40",
              "第1副已满：39 个结果加 1 桌正在打")
    # The table stops without a result: its place is free again, but not for its players.
    index.release(1, table(39))
    assert index.serve(fresh("a")) == 1
    assert index.serve(("n39", "x", "y", "z")) == 2
    assert 1 in index.played("n39")
    index.start(1, fresh("a"))
    index.finish(1, fresh("a"))
    assert index.retired(1) and index.results(1) == 40
    assert index.serve(fresh("b")) == 2 and index.open_boards() == 1
    with pytest.raises(PoolError):
        index.start(1, fresh("b"))


def test_index_actions_are_checked() -> None:
    index = PoolIndex(pool_of(2))
    index.start(1, table(0))
    with pytest.raises(PoolError) as e:
        index.start(1, ("x", "y", "s0", "z"))
    bilingual(e, "player 's0' has already had board 1 this week", "牌手 's0' 本周已打过第1副")
    with pytest.raises(PoolError) as e:
        index.finish(1, table(1))
    bilingual(e, "board 1 is not being played by n1, e1, s1, w1", "n1、e1、s1、w1 这一桌没有在打第1副")
    with pytest.raises(PoolError) as e:
        index.serve(("a", "b", "c"))
    bilingual(e, "a table needs four players", "一桌需要四名牌手")
    with pytest.raises(PoolError):
        index.start(9, table(1))
    assert index.playing(1) == (table(0),)


def test_weekly_refresh() -> None:
    old = PoolIndex(pool_of(3))
    old.start(1, table(0))
    new = refresh(old, pool_of(3, week="2026-W50"))
    assert old.closed and old.serve(fresh("a")) is None
    with pytest.raises(PoolError) as e:
        old.start(2, fresh("a"))
    bilingual(e, "the pool of week 2026-W49 is closed", "2026-W49 周的牌库已关闭")
    old.finish(1, table(0))  # a table playing at the change of week finishes its board
    assert old.results(1) == 1
    # The new week: new boards, nobody has played any of them.
    assert new.pool.week == "2026-W50" and new.serve(table(0)) == 1 and not new.played("n0")
    with pytest.raises(PoolError) as e:
        refresh(new, pool_of(3, week="2026-W50"))
    bilingual(e, "the new pool is for week 2026-W50 again", "新牌库仍是 2026-W50 周的")


class Model:
    """What the index should know, kept independently: each board's results and tables
    playing, and what each player has seen."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.results = {b.id: 0 for b in pool.boards}
        self.playing: dict[int, list[tuple[str, str, str, str]]] = {b.id: [] for b in pool.boards}
        self.seen: dict[str, set[int]] = {}
        self.done: list[tuple[int, tuple[str, str, str, str]]] = []
        self.stopped: list[tuple[int, tuple[str, str, str, str]]] = []

    def expected(self, four: tuple[str, str, str, str]) -> int | None:
        """The rule, as platform.md and the module state it."""
        below, cap = self.pool.settings.provisional_below, self.pool.settings.close_at
        best = None
        for pos, b in enumerate(self.pool.boards):
            c = self.results[b.id] + len(self.playing[b.id])
            if c >= cap or any(b.id in self.seen.get(p, set()) for p in four):
                continue
            group = 0 if 0 < c < below else 1 if c > 0 else 2
            key = (group, -c, pos, b.id)
            best = key if best is None or key < best else best
        return None if best is None else best[3]


@settings(max_examples=40)
@given(st.integers(0, 10 ** 6), st.sampled_from([(6, 40), (3, 8), (0, 5), (1, 3), (4, 4)]),
       st.integers(3, 25))
def test_serving_follows_the_rule(seed: int, limits: tuple[int, int], boards: int) -> None:
    below, cap = limits
    pool = pool_of(boards, ImpSettings(provisional_below=below, close_at=cap))
    index, model = PoolIndex(pool), Model(pool)
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(24)]
    busy: set[str] = set()
    for _ in range(300):
        idle = [p for p in players if p not in busy]
        tables = [(b, t) for b, ts in model.playing.items() for t in ts]
        if len(idle) >= 4 and (not tables or rng.random() < 0.6):
            four = table_players(rng.sample(idle, 4))
            got = index.serve(four)
            assert got == model.expected(four) == index.serve_by_scan(four)
            assert index.serve(four) == got  # asking again changes nothing
            if got is None:
                continue
            assert all(got not in model.seen.get(p, set()) for p in four)
            assert model.results[got] + len(model.playing[got]) < cap
            index.start(got, four)
            model.playing[got].append(four)
            for p in four:
                model.seen.setdefault(p, set()).add(got)
            busy.update(four)
        elif tables:
            board, four = rng.choice(tables)
            model.playing[board].remove(four)
            busy.difference_update(four)
            if rng.random() < 0.85:
                index.finish(board, four)
                model.results[board] += 1
                model.done.append((board, four))
            else:
                index.release(board, four)
                model.stopped.append((board, four))
        for b in pool.boards:
            assert index.results(b.id) == model.results[b.id] <= cap
            assert index.committed(b.id) == model.results[b.id] + len(model.playing[b.id])
    # Rebuilt from the stored rows, in any order, the index serves exactly the same.
    playing = [(b, t) for b, ts in model.playing.items() for t in ts]
    for rows in (model.done, model.stopped, playing):
        rng.shuffle(rows)
    again = PoolIndex.rebuild(pool, model.done, playing, model.stopped)
    for _ in range(30):
        four = table_players(rng.sample(players, 4))
        assert again.serve(four) == index.serve(four) == model.expected(four)


# --- The week's scorer: the same rules, kept in place -------------------------------------


@settings(max_examples=100)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(0, 10 ** 6), st.integers(0, 10 ** 6)),
                max_size=80), ONLINE)
def test_week_scorer_agrees_with_the_tallies(arrivals: list[tuple[int, int, int]],
                                             options: ImpSettings) -> None:
    options = replace(options, provisional_below=min(options.provisional_below, options.close_at))
    pool = Pool.of("w", deal_boards(3, seed=0), options)
    week = PoolScores(pool)
    tallies = {b.id: BoardTally.start(pool, b.id) for b in pool.boards}
    players = [f"p{i}" for i in range(16)]
    for board, pick, who in arrivals:
        rng = random.Random(who)
        common = [s for s in COMMON if s in SCORE_LISTS[tallies[board].board.vulnerability]]
        # Now and then a player who already played the board: both must refuse it.
        result = TableResult(board, table_players(rng.sample(players, 4)),
                             common[pick % len(common)])
        try:
            tallies[board], expected = tallies[board].add(result)
        except PoolError as e:
            with pytest.raises(PoolError) as again:
                week.add(result)
            assert (again.value.code, str(again.value)) == (e.code, str(e))
            continue
        assert week.add(result) == expected
        assert week.tally(board) == tallies[board] and week.count(board) == tallies[board].count
    assert week.figures() == week_figures(tallies.values()) == week_figures(week.tallies())
    assert all(week.scores(b) == tallies[b].scores for b in tallies)


def test_week_scorer_by_hand() -> None:
    week = PoolScores.of(pool_of(), [TableResult(5, table(i), s) for i, s in enumerate(SIX)])
    assert [s.imps for s in week.scores(5)] == [6, -6, 6, -11, -6, 7]
    assert week.count(6) == 0 and week.scores(6) == () and week.tally(6).count == 0
    arrival = week.add(TableResult(5, table(6), 1430))
    assert [(s.arrival, s.imps, s.datum) for s in arrival.scored] == [(7, 14, 450)]
    with pytest.raises(PoolError) as e:
        week.add(TableResult(5, table(6), 620))
    bilingual(e, "player 'n6' already has a result on board 5", "牌手 'n6' 在第5副上已有结果")
    with pytest.raises(PoolError) as e:
        week.add(TableResult(9, table(0), 620))
    bilingual(e, "board 9 is not in the pool", "第9副不在 2026-W49 周的牌库中")
    assert week.count(5) == 7  # refused results change nothing


def test_arrival_as_json_data() -> None:
    tally = add_all(BoardTally.start(pool_of(), 5), SIX[:5])
    _, arrival = tally.add(TableResult.of(tally.board, table(5), Result.parse("4S N +2")))
    data = arrival.to_dict()
    assert data["board"] == 5 and data["retired"] is False
    assert data["result"] == {"board": 5, "arrival": 6, "players": ["n5", "e5", "s5", "w5"],
                              "ns_score": 680, "result": "4S N +2", "imps": 7,
                              "provisional": False, "datum": 400}
    assert [s["imps"] for s in data["scored"]] == [6, -6, 6, -11, -6, 7]
    assert data["points"]["w3"] == 11 and len(data["points"]) == 24
    # Left unrounded, the datum of 620, 650 and 100 (none dropped from three) is 1370/3;
    # 620 − 456⅔ = 163⅓ reaches the 130 band: 4 IMPs.
    unrounded = pool_of(settings=ImpSettings(datum_round=0, provisional_below=3))
    tally, arrival = BoardTally.start(unrounded, 5).add(TableResult(5, table(0), 620))
    assert arrival.to_dict()["result"]["datum"] is None and arrival.score.provisional
    tally = add_all(tally, [650, 100], first=1)
    assert tally.datum == Fraction(1370, 3) and tally.scores[0].imps == 4
    assert tally.scores[0].to_dict()["datum"] == 456.67


def test_datum_rounding_in_whole_numbers_is_round_datum() -> None:
    from bridgescore.compete.pool import _rounded
    from bridgescore.scoring.datum import Rounding, round_datum

    rounding: Rounding
    for kept in range(-700, 701):
        for count in range(1, 35):
            for step in (10, 50):
                for rounding in ("away", "even", "up"):
                    got = _rounded(kept, count, step, rounding)
                    assert got == round_datum(Fraction(kept, count), step, rounding)
                    assert type(got) is int
    assert _rounded(7, 2, 0, "away") == Fraction(7, 2)


@settings(max_examples=200)
@given(board_results(), ONLINE)
def test_the_datum_a_page_explains_is_the_one_scored(case: tuple[int, list[int]],
                                                    options: ImpSettings) -> None:
    # The pool's page shows ``Pool.datum_steps`` of a board's results so far; each arrival's
    # datum is the incremental tally's (sorted insertion, the dropped ends summed, integer
    # rounding): the two paths meet only in ``butler_drop``.
    board, scores = case
    options = replace(options, provisional_below=min(options.provisional_below, options.close_at),
                      rescore=False)
    pool = Pool.of("w", deal_boards(1, start=board, seed=0), options)
    tally = BoardTally.start(pool, board)
    for i, s in enumerate(scores[:options.close_at]):
        tally, arrival = tally.add(TableResult(board, table(i), s))
        steps = pool.datum_steps(scores[:i + 1])
        assert list(steps.ordered) == sorted(scores[:i + 1])
        assert len(steps.ordered) - 2 * steps.dropped == steps.count == len(steps.kept)
        assert list(steps.kept) == sorted(scores[:i + 1])[steps.dropped:i + 1 - steps.dropped]
        assert steps.total == sum(steps.kept) and steps.mean == Fraction(steps.total, steps.count)
        if arrival.score.datum is not None:
            assert steps.datum == arrival.score.datum


def test_datum_steps_by_hand() -> None:
    # Eleven results: ceil((11 − 10)/15) + 1 = 2 dropped from each end; the seven kept sum to
    # 110 + 140 + 170 + 200 + 400 + 420 + 420 = 1,860, a mean of 265.71…, 270 to the nearest 10.
    scores = [420, 450, -50, 170, 400, 420, 1440, -100, 140, 110, 200]
    steps = Pool.of("w", deal_boards(1, seed=0)).datum_steps(scores)
    assert steps.ordered == (-100, -50, 110, 140, 170, 200, 400, 420, 420, 450, 1440)
    assert steps.dropped == 2 and steps.kept == (110, 140, 170, 200, 400, 420, 420)
    assert (steps.total, steps.count, steps.datum) == (1860, 7, 270)


def test_who_may_see_a_pool_board_every_case() -> None:
    from itertools import product

    from bridgescore.compete.pool import may_see_board

    for member, director, closed, had in product((False, True), repeat=4):
        # Outsiders never; within the club a director always, everyone once the week is
        # closed, and before that only who has had the board.
        want = member and (director, closed, had) != (False, False, False)
        assert may_see_board(member=member, director=director, week_closed=closed,
                             had_it=had) is want
    assert may_see_board(member=False, director=True, week_closed=True, had_it=True) is False
