"""Masterpoints (巅峰大师分): every field size from 1 to 200 against the seed's rule written
out separately here, the named sizes by hand, ties, players, refusals in both languages."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.compete.masterpoints import award, place_points, player_points
from bridgescore.core.errors import BridgeError


def seed_rule(n: int, place: int, round_up: bool = False) -> int:
    """The seed's sentence read clause by clause: the winner 3; from 20 completed pairs
    2-4 → 2 and 5-10 → 1; below 20 the top half (n/2, rounded down or up) gets points, the
    winner 3, the (up to three) next 2 and the others of the top half 1."""
    if place == 1:
        return 3
    if n >= 20:
        return {2: 2, 3: 2, 4: 2}.get(place, 1 if 5 <= place <= 10 else 0)
    half = -(-n // 2) if round_up else n // 2
    if place > half:
        return 0
    next_ones = range(2, 2 + min(3, half - 1))  # "其后1-3个": one to three of them
    return 2 if place in next_ones else 1


@pytest.mark.parametrize("top_half", ["down", "up"])
def test_every_field_size_from_1_to_200(top_half: str) -> None:
    for n in range(1, 201):
        want = tuple(seed_rule(n, k, top_half == "up") for k in range(1, n + 1))
        assert place_points(n, top_half) == want, n  # type: ignore[arg-type]
        # The same through award(): unique places give whole numbers.
        got = award({f"p{k}": k for k in range(1, n + 1)}, top_half)  # type: ignore[arg-type]
        assert [got[f"p{k}"] for k in range(1, n + 1)] == [Fraction(x) for x in want]


def test_named_field_sizes_by_hand() -> None:
    assert place_points(5) == (3, 2, 0, 0, 0)  # top half: 2 places
    assert place_points(19) == (3, 2, 2, 2, 1, 1, 1, 1, 1) + (0,) * 10  # top half 9
    assert place_points(20) == (3, 2, 2, 2, 1, 1, 1, 1, 1, 1) + (0,) * 10
    assert place_points(200) == (3, 2, 2, 2, 1, 1, 1, 1, 1, 1) + (0,) * 190
    assert place_points(1) == (3,)  # "每场比赛的第一名3个大师分", even alone
    assert place_points(2) == place_points(3)[:2] == (3, 0)
    assert place_points(4) == (3, 2, 0, 0)
    assert place_points(6) == (3, 2, 2, 0, 0, 0)
    assert place_points(8) == (3, 2, 2, 2, 0, 0, 0, 0)
    assert place_points(10) == (3, 2, 2, 2, 1, 0, 0, 0, 0, 0)
    assert place_points(0) == ()
    # An odd top half rounded up: 5 pairs → 3 places, 19 → 10.
    assert place_points(5, "up") == (3, 2, 2, 0, 0)
    assert place_points(19, "up") == (3, 2, 2, 2, 1, 1, 1, 1, 1, 1) + (0,) * 9
    assert sum(place_points(19)) == 3 + 6 + 5 and sum(place_points(20)) == 3 + 6 + 6


def test_tied_places_share_the_points_they_cover() -> None:
    # 20 pairs, two tied for 4th: positions 4 and 5 hold 2 + 1.
    places = {str(k): k for k in range(1, 21)}
    places["5"] = 4
    got = award(places)
    assert got["4"] == got["5"] == Fraction(3, 2)
    assert got["1"] == 3 and got["3"] == 2 and got["6"] == 1 and got["11"] == 0
    assert sum(got.values()) == sum(place_points(20))  # nothing made or lost by sharing
    # Three tied for 1st among 5: 3 + 2 + 0 shared.
    got = award({"a": 1, "b": 1, "c": 1, "d": 4, "e": 5})
    assert got == {"a": Fraction(5, 3), "b": Fraction(5, 3), "c": Fraction(5, 3), "d": 0, "e": 0}


@given(st.lists(st.integers(1, 4), min_size=1, max_size=40))
def test_sharing_keeps_the_total(groups: list[int]) -> None:
    places: dict[str, int] = {}
    for size in groups:
        first = len(places) + 1
        for _ in range(size):
            places[f"p{len(places)}"] = first
    got = award(places)
    assert sum(got.values()) == sum(place_points(len(places)))
    assert all(got[a] == got[b] for a in places for b in places if places[a] == places[b])


def test_each_player_gets_the_pairs_points() -> None:
    pts = award({"1": 1, "2": 2, "3": 3, "4": 4})
    got = player_points({"1": ("ann", "bo"), "2": ("cy", "di"), "3": ("ed", "fu"),
                         "4": ("gu", "hu"), "5": ("ik", "jo")}, pts)
    assert got == {"ann": 3, "bo": 3, "cy": 2, "di": 2, "ed": 0, "fu": 0, "gu": 0, "hu": 0,
                   "ik": 0, "jo": 0}


@pytest.mark.parametrize(("call", "en", "zh"), [
    (lambda: award({"a": 1, "b": 3}), "place 3 follows 1 better-placed", "名次 3 之前有 1 对"),
    (lambda: award({"a": 2}), "expected place 1", "应为第 1 名"),
    (lambda: award({"a": 0}), "invalid place 0 of pair 'a'", "名次 0 无效"),
    (lambda: award({"a": True}), "invalid place True", "名次 True 无效"),
    (lambda: place_points(-1), "invalid number of pairs -1", "无效的对数 -1"),
    (lambda: place_points(5, "half"), "unknown top-half rounding 'half'",  # type: ignore[arg-type]
     "未知的半数取整方式 'half'"),
    (lambda: player_points({"1": ("x", "y"), "2": ("y", "z")}, {}),
     "player 'y' is in two pairs (1 and 2)", "牌手 'y' 同时在两对中"),
])
def test_refusals_in_both_languages(call: object, en: str, zh: str) -> None:
    with pytest.raises(BridgeError) as e:
        call()  # type: ignore[operator]
    assert en in e.value.message("en") and zh in e.value.message("zh")
