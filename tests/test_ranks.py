"""The 12 ranks and their thresholds (``bridgescore.compete.ranks``).

The references here are written separately from the module: a rank is the last threshold
reached, found by a linear walk; an award's promotions are found rank by rank (the first
award whose running total reaches the rank's threshold), not award by award as the module
does.  Exhaustive over every whole number of masterpoints up to past the top threshold and at
every threshold's edge; Hypothesis for random thresholds, fractions and award sequences.
"""

from __future__ import annotations

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
    Promotion,
    Rank,
    RankSettings,
    masterpoints,
    progress,
    promotions,
    rank_of,
)
from bridgescore.errors import BridgeError

DOCS = Path(__file__).resolve().parent.parent / "docs" / "ranks.md"

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
