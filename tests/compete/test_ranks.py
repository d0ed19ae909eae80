"""The 12 ranks and their thresholds (``bridgescore.compete.ranks``).

The references here are written separately from the module: a rank is the last threshold
reached, found by a linear walk; an award's promotions are found rank by rank (the first
award whose running total reaches the rank's threshold), not award by award as the module
does.  Exhaustive over every whole number of masterpoints up to past the top threshold and at
every threshold's edge; Hypothesis for random thresholds, fractions and award sequences.
"""

from __future__ import annotations

import datetime
import itertools
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.compete.masterpoints import place_points
from bridgescore.compete.ranks import (
    DEFAULT_RANK_SETTINGS,
    DEFAULT_THRESHOLDS,
    DatedAward,
    Promotion,
    Rank,
    RankSettings,
    dated_ledger,
    masterpoints,
    progress,
    promotions,
    rank_of,
)
from bridgescore.core.errors import BridgeError

DOCS = Path(__file__).resolve().parents[2] / "docs" / "ranks.md"

# The seed's list, lowest to highest, as printed (traditional), and in simplified characters.
SEED = "無等級，有級牌手，中級牌手，高級牌手，巔峰好手，巔峰高手，巔峰大師，巔峰明星，橋界嘉賓，橋協大師，榮譽大師，專業牌手"
SIMPLIFIED = "无等级，有级牌手，中级牌手，高级牌手，巅峰好手，巅峰高手，巅峰大师，巅峰明星，桥界嘉宾，桥协大师，荣誉大师，专业牌手"


def reference_rank(points: Fraction, thresholds: tuple[int, ...]) -> int:
    k = 0
    for i, t in enumerate(thresholds):
        if points >= t:
            k = i
    return k


def reference_promotions(awards: list[Fraction], thresholds: tuple[int, ...],
                         start: Fraction) -> list[tuple[int, int]]:
    """(award index, rank) of each rank above the starting one that the awards reach."""
    totals = []
    running = start
    for a in awards:
        running += a
        totals.append(running)
    out = []
    for k, t in enumerate(thresholds):
        if t <= start:
            continue  # held already
        first = next((i for i, total in enumerate(totals) if total >= t), None)
        if first is not None:
            out.append((first, k))
    return sorted(out)


thresholds_st = st.lists(st.integers(1, 10**5), min_size=11, max_size=11, unique=True).map(
    lambda xs: (0, *sorted(xs)))
points_st = st.fractions(min_value=0, max_value=2 * 10**5, max_denominator=12)
awards_st = st.lists(st.one_of(st.integers(0, 40).map(Fraction),
                               st.fractions(min_value=0, max_value=40, max_denominator=6)),
                     max_size=30)


# ---------------------------------------------------------------------------- the names


def test_twelve_ranks_in_the_seed_s_order() -> None:
    assert [r.value for r in Rank] == list(range(12))
    assert "，".join(r.name_zh for r in Rank) == SIMPLIFIED
    assert [r.name_en for r in Rank] == [
        "Unranked", "Ranked Player", "Intermediate Player", "Advanced Player", "Peak Adept",
        "Peak Expert", "Peak Master", "Peak Star", "Distinguished Guest", "Association Master",
        "Master of Honour", "Professional Player"]
    assert len({r.name_en for r in Rank}) == len({r.name_zh for r in Rank}) == 12
    assert Rank.PEAK_MASTER.name_in("zh") == "巅峰大师"
    assert Rank.PEAK_MASTER.name_in("中文") == "巅峰大师"  # type: ignore[arg-type]
    assert Rank.PEAK_MASTER.name_in("en") == "Peak Master"
    assert str(Rank.PEAK_MASTER) == "peak_master" and Rank.PEAK_MASTER.code == "peak_master"
    with pytest.raises(BridgeError):
        Rank.UNRANKED.name_in("fr")  # type: ignore[arg-type]


@pytest.mark.parametrize("rank", list(Rank))
def test_every_rank_parses_from_each_of_its_names(rank: Rank) -> None:
    seed = SEED.split("，")[rank.value]
    for text in (rank.code, rank.name_en, rank.name_en.upper(), rank.name_zh, seed,
                 str(rank.value), f"  {rank.name_en}  ", rank.code.replace("_", "-")):
        assert Rank.parse(text) is rank, text


@pytest.mark.parametrize("text", ["", "master", "12", "-1", "巅峰", "Peak  Masterx", "1.0"])
def test_a_rank_that_is_not_one_is_refused_in_both_languages(text: str) -> None:
    with pytest.raises(BridgeError) as e:
        Rank.parse(text)
    assert repr(text) in e.value.en and "Peak Master" in e.value.en
    assert "巅峰大师" in e.value.zh


def test_a_rank_is_not_parsed_from_a_non_text() -> None:
    with pytest.raises(BridgeError, match="invalid rank 3"):
        Rank.parse(3)  # type: ignore[arg-type]


def test_ranks_are_ordered() -> None:
    ranks = list(Rank)
    for a in ranks:
        for b in ranks:
            assert (a < b) == (a.value < b.value) and (a <= b) == (a.value <= b.value)
            assert (a > b) == (a.value > b.value) and (a >= b) == (a.value >= b.value)
    assert max(ranks) is Rank.PROFESSIONAL and sorted(reversed(ranks)) == ranks
    assert [r.next for r in ranks] == [*ranks[1:], None]
    with pytest.raises(TypeError):
        assert Rank.UNRANKED < 1


# ---------------------------------------------------------------------------- thresholds


def test_the_default_thresholds() -> None:
    assert DEFAULT_RANK_SETTINGS.thresholds == DEFAULT_THRESHOLDS == (
        0, 1, 5, 15, 30, 60, 100, 150, 250, 400, 600, 1000)
    assert RankSettings() == DEFAULT_RANK_SETTINGS
    assert DEFAULT_RANK_SETTINGS.threshold(Rank.PROFESSIONAL) == 1000


@pytest.mark.parametrize(("thresholds", "en", "zh"), [
    ((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), "the first (Unranked) must be 0, got 1", "应为 0"),
    ((0, 1, 5, 15, 30, 60, 100, 150, 250, 400, 600), "expected 12 (one per rank), got 11",
     "实为 11 个"),
    ((0, 1, 5, 15, 30, 60, 100, 150, 250, 400, 600, 1000, 2000), "got 13", "实为 13 个"),
    ((0, 1, 5, 5, 30, 60, 100, 150, 250, 400, 600, 1000),
     "Advanced Player (5) is not above Intermediate Player (5)", "高级牌手（5）不高于中级牌手（5）"),
    ((0, 1, 5, 15, 30, 60, 100, 150, 250, 400, 1000, 600),
     "Professional Player (600) is not above Master of Honour (1000)", "严格递增"),
    ((0, -1, 5, 15, 30, 60, 100, 150, 250, 400, 600, 1000), "(-1) is not above Unranked (0)",
     "严格递增"),
    ((0, 1.0, 5, 15, 30, 60, 100, 150, 250, 400, 600, 1000), "a tuple of whole numbers", "整数元组"),
    ((0, True, 5, 15, 30, 60, 100, 150, 250, 400, 600, 1000), "a tuple of whole numbers",
     "整数元组"),
    ([0, 1, 5, 15, 30, 60, 100, 150, 250, 400, 600, 1000], "a tuple of whole numbers", "整数元组"),
    ("0 1 5", "a tuple of whole numbers", "整数元组"),
])
def test_bad_thresholds_are_refused(thresholds: object, en: str, zh: str) -> None:
    with pytest.raises(BridgeError) as e:
        RankSettings(thresholds)  # type: ignore[arg-type]
    assert en in e.value.en and zh in e.value.zh
    assert e.value.en.startswith("invalid rank thresholds ")


@given(st.lists(st.integers(-5, 50), min_size=12, max_size=12))
def test_thresholds_are_accepted_exactly_when_they_start_at_0_and_increase(xs: list[int]) -> None:
    ok = xs[0] == 0 and all(a < b for a, b in itertools.pairwise(xs))
    if ok:
        assert RankSettings(tuple(xs)).thresholds == tuple(xs)
    else:
        with pytest.raises(BridgeError):
            RankSettings(tuple(xs))


@given(thresholds_st)
def test_settings_round_trip_through_json(t: tuple[int, ...]) -> None:
    s = RankSettings(t)
    data = json.loads(json.dumps(s.to_dict()))
    assert data == {"type": "RankSettings", "version": 1, "thresholds": list(t)}
    assert RankSettings.from_dict(data) == s


@pytest.mark.parametrize(("data", "message"), [
    ({"type": "RankSettings", "version": 1}, "'thresholds' is missing"),
    ({"type": "RankSettings", "version": 1, "thresholds": [0, 1], "x": 1}, "unknown key"),
    ({"type": "RankSettings", "version": 1, "thresholds": [0, "1"]}, "a list of whole numbers"),
    ({"type": "RankSettings", "version": 1, "thresholds": [0, 1]}, "expected 12"),
    ({"type": "RankSettings", "version": 2, "thresholds": list(DEFAULT_THRESHOLDS)},
     "version 2"),
])
def test_settings_data_is_read_strictly(data: dict[str, object], message: str) -> None:
    with pytest.raises(BridgeError, match=re.escape(message)):
        RankSettings.from_dict(data)


# ---------------------------------------------------------------------------- rank_of


def test_every_whole_number_of_masterpoints_to_past_the_top() -> None:
    t = DEFAULT_THRESHOLDS
    for p in range(t[-1] + 50):
        assert rank_of(p) is Rank(reference_rank(Fraction(p), t)), p


def test_every_threshold_s_edge() -> None:
    # At the threshold the rank is held; a hair below (by 1/1000 and by 1), the one before.
    for rank in Rank:
        t = DEFAULT_RANK_SETTINGS.threshold(rank)
        assert rank_of(t) is rank and rank_of(Fraction(t * 1000 + 1, 1000)) is rank
        if rank.value:
            assert rank_of(Fraction(t * 1000 - 1, 1000)) is Rank(rank.value - 1)
            assert rank_of(t - 1) is Rank(rank.value - 1)
    assert rank_of(10**9) is Rank.PROFESSIONAL


def test_by_hand() -> None:
    # 0 → Unranked; any award of 1 or more → Ranked Player; three Swiss wins (9) →
    # Intermediate; 14.5 is still Intermediate, 15 Advanced.
    assert rank_of(0) is Rank.UNRANKED and rank_of(Fraction(1, 2)) is Rank.UNRANKED
    assert rank_of(1) is Rank.RANKED_PLAYER and rank_of(9) is Rank.INTERMEDIATE
    assert rank_of(Fraction(29, 2)) is Rank.INTERMEDIATE and rank_of(15) is Rank.ADVANCED
    assert rank_of(999) is Rank.MASTER_OF_HONOUR and rank_of(1000) is Rank.PROFESSIONAL
    assert rank_of("3/2") is Rank.RANKED_PLAYER and rank_of(" 100 ") is Rank.PEAK_MASTER


@given(points_st, thresholds_st)
def test_rank_of_against_the_reference(p: Fraction, t: tuple[int, ...]) -> None:
    assert rank_of(p, RankSettings(t)) is Rank(reference_rank(p, t))


@given(points_st, points_st, thresholds_st)
def test_more_masterpoints_never_a_lower_rank(p: Fraction, q: Fraction, t: tuple[int, ...]) -> None:
    s = RankSettings(t)
    lo, hi = min(p, q), max(p, q)
    assert rank_of(lo, s) <= rank_of(hi, s)


@pytest.mark.parametrize("bad", [-1, Fraction(-1, 2), "-1", 1.5, float("nan"), True, None, "x",
                                 "1/0", "3/2/1", "½", "²", "1" * 41, [3]])
def test_bad_masterpoints_are_refused(bad: object) -> None:
    with pytest.raises(BridgeError) as e:
        rank_of(bad)
    assert e.value.en.startswith("invalid masterpoints") and "大师分" in e.value.zh


def test_masterpoints_are_read_exactly() -> None:
    from decimal import Decimal

    assert masterpoints("3/2") == Fraction(3, 2) and masterpoints(" 7 ") == 7
    assert masterpoints(Decimal("1.5000")) == Fraction(3, 2)
    assert masterpoints(Fraction(5, 3)) == Fraction(5, 3)
    with pytest.raises(BridgeError, match="finite"):
        masterpoints(Decimal("NaN"))


# ---------------------------------------------------------------------------- progress


def test_progress_to_the_next_rank() -> None:
    p = progress(12)
    assert (p.rank, p.next, p.to_next, p.threshold, p.next_threshold) == (
        Rank.INTERMEDIATE, Rank.ADVANCED, Fraction(3), 5, 15)
    assert p.share == Fraction(7, 10)
    top = progress(1234)
    assert (top.rank, top.next, top.to_next, top.next_threshold, top.share) == (
        Rank.PROFESSIONAL, None, None, None, None)
    assert progress(0).to_next == 1 and progress(0).share == 0


@given(points_st, thresholds_st)
def test_progress_is_consistent(p: Fraction, t: tuple[int, ...]) -> None:
    s = RankSettings(t)
    g = progress(p, s)
    assert g.rank is rank_of(p, s) and g.points == p
    if g.next is not None:
        assert g.to_next is not None and g.share is not None
        assert g.to_next > 0 and rank_of(p + g.to_next, s) is g.next
        assert 0 <= g.share < 1


# ---------------------------------------------------------------------------- promotions


def test_promotions_by_hand() -> None:
    # Three Swiss wins: 0 → 3 (Ranked Player), 3 → 6 (Intermediate at 5), 6 → 9 (nothing).
    assert promotions([3, 3, 3]) == (
        Promotion(0, Rank.RANKED_PLAYER, Fraction(0), Fraction(3)),
        Promotion(1, Rank.INTERMEDIATE, Fraction(3), Fraction(6)))
    # One big award crosses four thresholds (1, 5, 15 and 30): four promotions, one award.
    assert [(p.award, p.rank) for p in promotions([30])] == [
        (0, Rank.RANKED_PLAYER), (0, Rank.INTERMEDIATE), (0, Rank.ADVANCED),
        (0, Rank.PEAK_ADEPT)]
    # Half points (a tie's share): 1/2 + 1/2 reaches 1 on the second.
    assert [(p.award, p.rank) for p in promotions(["1/2", "1/2"])] == [(1, Rank.RANKED_PLAYER)]
    # From 14 (Intermediate): 1 more is Advanced; Intermediate is not promoted again.
    assert [(p.award, p.rank, p.before, p.after) for p in promotions([1], start=14)] == [
        (0, Rank.ADVANCED, Fraction(14), Fraction(15))]
    assert promotions([]) == () and promotions([0, 0]) == ()


@given(awards_st, thresholds_st, st.fractions(min_value=0, max_value=100, max_denominator=4))
def test_promotions_against_the_reference(awards: list[Fraction], t: tuple[int, ...],
                                          start: Fraction) -> None:
    s = RankSettings(t)
    found = promotions(awards, s, start)
    assert [(p.award, p.rank.value) for p in found] == reference_promotions(awards, t, start)
    for p in found:
        assert p.before < s.threshold(p.rank) <= p.after
        assert p.after - p.before == awards[p.award]
    # Each rank at most once; exactly the ranks between the start's and the end's.
    ranks = [p.rank.value for p in found]
    end = rank_of(start + sum(awards, Fraction(0)), s).value
    assert ranks == list(range(rank_of(start, s).value + 1, end + 1))


@given(awards_st, awards_st)
def test_promotions_split_anywhere(a: list[Fraction], b: list[Fraction]) -> None:
    # The awards in two parts, the second from where the first left off: the same promotions.
    first = promotions(a)
    second = promotions(b, start=sum(a, Fraction(0)))
    shifted = tuple(Promotion(p.award + len(a), p.rank, p.before, p.after) for p in second)
    assert promotions(a + b) == first + shifted


def test_a_negative_award_is_refused() -> None:
    with pytest.raises(BridgeError, match="never negative"):
        promotions([3, -1])


# ---------------------------------------------------------------------------- the dated ledger

DAY0 = datetime.datetime(2030, 3, 1, 19, 0, tzinfo=datetime.UTC)


def on(day: int, key: int, points: int | Fraction) -> DatedAward:
    return DatedAward(DAY0 + datetime.timedelta(days=day), key, Fraction(points))


def test_the_dated_ledger_by_hand() -> None:
    # The case: an award of today stored before three weekly awards dated before
    # it.  Read by date: 3 (Ranked Player), 6 (Intermediate at 5), 9, then today's 12.
    stored = [on(21, 9, 3), on(0, 1, 3), on(7, 2, 3), on(14, 3, 3)]
    book = dated_ledger(stored)
    assert [(line.award.key, line.before, line.total, line.reached) for line in book.lines] == [
        (1, 0, 3, (Rank.RANKED_PLAYER,)), (2, 3, 6, (Rank.INTERMEDIATE,)), (3, 6, 9, ()),
        (9, 9, 12, ())]
    assert [(p.rank, p.award.key, p.at.day, p.threshold, p.before, p.after)
            for p in book.promotions] == [(Rank.RANKED_PLAYER, 1, 1, 1, 0, 3),
                                          (Rank.INTERMEDIATE, 2, 8, 5, 3, 6)]
    assert (book.total, book.rank) == (12, Rank.INTERMEDIATE)
    # Stored in date order: the same ledger, not merely the same promotions.
    assert dated_ledger(sorted(stored, key=lambda a: a.at)) == book
    # A backdated award of 3 on day 3 moves Intermediate from day 7's award to itself.
    moved = dated_ledger([*stored, on(3, 7, 3)])
    assert [(p.rank, p.award.key) for p in moved.promotions] == [
        (Rank.RANKED_PLAYER, 1), (Rank.INTERMEDIATE, 7), (Rank.ADVANCED, 9)]
    # The same moment: the lower key first, whichever is given first.
    tied = [on(0, 5, 4), on(0, 4, 1)]
    for awards in (tied, tied[::-1]):
        assert [(p.rank, p.award.key) for p in dated_ledger(awards).promotions] == [
            (Rank.RANKED_PLAYER, 4), (Rank.INTERMEDIATE, 5)]
    assert dated_ledger([]) == dated_ledger(()) and dated_ledger([]).rank is Rank.UNRANKED
    # One award over four thresholds: four promotions at its date, lowest rank first.
    assert [p.rank.value for p in dated_ledger([on(2, 1, 30)]).promotions] == [1, 2, 3, 4]


def test_the_dated_ledger_refuses_what_has_no_order() -> None:
    with pytest.raises(BridgeError) as e:
        dated_ledger([on(0, 1, 3), on(0, 1, 2)])
    assert "same key 1" in e.value.en and "写入的顺序" in e.value.zh
    naive = DatedAward(datetime.datetime(2030, 3, 1), 2, Fraction(1))
    with pytest.raises(BridgeError) as e:
        dated_ledger([on(0, 1, 3), naive])
    assert "time zone" in e.value.en and "时区" in e.value.zh
    with pytest.raises(BridgeError) as e:
        DatedAward(datetime.date(2030, 3, 1), 1, Fraction(1))  # type: ignore[arg-type]
    assert "award date" in e.value.en and "获分时间" in e.value.zh
    with pytest.raises(BridgeError) as e:
        DatedAward(DAY0, True, Fraction(1))
    assert "award key" in e.value.en and "获分序号" in e.value.zh
    with pytest.raises(BridgeError, match="never negative"):
        on(0, 1, -1)
    with pytest.raises(BridgeError) as e:
        dated_ledger([3])  # type: ignore[list-item]
    assert "DatedAward" in e.value.en and "获分" in e.value.zh
    # Points in the ledger's text are read exactly.
    assert DatedAward(DAY0, 1, "3/2").points == Fraction(3, 2)  # type: ignore[arg-type]


# Days 0–5 and keys 0–3: many awards share a day, and the key decides between them.
dated_st = st.lists(
    st.tuples(st.integers(0, 5), st.integers(0, 3),
              st.one_of(st.integers(0, 12).map(Fraction),
                        st.fractions(min_value=0, max_value=12, max_denominator=6))),
    unique_by=lambda x: (x[0], x[1]), max_size=20).map(
        lambda xs: [on(d, k, p) for d, k, p in xs])


def reference_dated(awards: list[DatedAward], thresholds: tuple[int, ...]
                    ) -> list[tuple[int, DatedAward]]:
    """(rank, award) of each rank reached: rank by rank, the first award in date order
    (then key order) whose running total reaches the threshold."""
    by_date = sorted(awards, key=lambda a: (a.at.timestamp(), a.key))
    out = []
    for k, t in enumerate(thresholds[1:], 1):
        running = Fraction(0)
        for a in by_date:
            running += a.points
            if running >= t:
                out.append((k, a))
                break
    return out


@given(dated_st.flatmap(lambda xs: st.tuples(st.just(xs), st.permutations(xs))), thresholds_st)
def test_any_order_stored_gives_the_same_dated_ledger(pair: tuple[list[DatedAward],
                                                                  list[DatedAward]],
                                                      t: tuple[int, ...]) -> None:
    awards, shuffled = pair
    s = RankSettings(t)
    assert dated_ledger(shuffled, s) == dated_ledger(awards, s)


@given(dated_st, thresholds_st)
def test_each_promotion_is_where_the_dated_total_first_reaches_its_threshold(
        awards: list[DatedAward], t: tuple[int, ...]) -> None:
    s = RankSettings(t)
    book = dated_ledger(awards, s)
    assert [(p.rank.value, p.award) for p in book.promotions] == reference_dated(awards, t)
    # The lines: every award once, in date order, with the running totals.
    assert sorted(line.award.order for line in book.lines) == [line.award.order
                                                                for line in book.lines]
    assert len(book.lines) == len(awards)
    running = Fraction(0)
    for line in book.lines:
        assert line.before == running
        running += line.award.points
        assert line.total == running
        # The ranks marked on a line are those whose threshold it crosses.
        assert [r.value for r in line.reached] == [k for k in range(len(t))
                                                   if line.before < t[k] <= line.total]
    assert book.total == running and book.rank is rank_of(running, s)
    # Monotone: each rank once, upwards, at non-decreasing dates, exactly up to the rank.
    assert [p.rank.value for p in book.promotions] == list(range(1, book.rank.value + 1))
    assert [p.at for p in book.promotions] == sorted(p.at for p in book.promotions)
    for p in book.promotions:
        assert p.threshold == t[p.rank.value] and p.before < p.threshold <= p.after
        assert p.after - p.before == p.award.points
    assert [r for line in book.lines for r in line.reached] == [p.rank for p in book.promotions]


# ---------------------------------------------------------------------------- the docs


def test_the_docs_table_states_the_default_thresholds() -> None:
    """docs/ranks.md's table: each rank's threshold and what it takes, checked here so the
    page cannot drift from the code."""
    rows = re.findall(r"^\| (\d+) \| ([^|]+?) \| ([^|]+?) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| "
                      r"(\d+) \|$", DOCS.read_text(encoding="utf-8"), re.M)
    assert [int(r[0]) for r in rows] == list(range(12))
    for (k, zh, en, *figures), rank in zip(rows, Rank, strict=True):
        t, wins, small, average, strong = map(int, figures)
        assert (zh.strip(), en.strip(), t) == (rank.name_zh, rank.name_en,
                                               DEFAULT_THRESHOLDS[rank.value]), k
        # Swiss wins (3 each), top-ten places (1 each), events at 0.75 and at 1.5 an event,
        # each rounded up: the least that reaches the threshold.
        for count, each in ((wins, 3), (small, 1), (average, Fraction(3, 4)),
                            (strong, Fraction(3, 2))):
            assert count * each >= t and (count == 0 or (count - 1) * each < t), (k, count)
    # The seed's awards the reasoning counts with.
    assert place_points(20)[:11] == (3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0)
