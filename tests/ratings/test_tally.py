"""The week's pool figures (``ratings/tally.py``): each seat's IMPs, the penalties, the
average, counted here one result at a time."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import BridgeError
from bridgescore.ratings import tally_week


def by_hand(players: list[list[int]], imps: list[int], pens: list[tuple[int, int]]
            ) -> dict[int, tuple[int, int]]:
    out: dict[int, list[int]] = {}
    for four, x in zip(players, imps, strict=True):
        for seat, p in enumerate(four):
            got = out.setdefault(p, [0, 0])
            got[0] += 1
            got[1] += x if seat % 2 == 0 else -x
    for p, pts in pens:
        if p in out:
            out[p][1] += pts
    return {p: (a, b) for p, (a, b) in out.items()}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 30), st.randoms(use_true_random=False), st.booleans())
def test_the_tally_is_the_sum_result_by_result(n: int, rnd: object, sparse: bool) -> None:
    import random
    assert isinstance(rnd, random.Random)
    base = 10**12 if sparse else 0
    pool = list(range(base, base + 40))
    players = [rnd.sample(pool, 4) for _ in range(n)]
    imps = [rnd.randint(-24, 24) for _ in range(n)]
    pens = [(rnd.choice(pool), -rnd.randint(1, 5)) for _ in range(rnd.randint(0, 4))]
    t = tally_week(np.array(players, np.int64).reshape(-1, 4), np.array(imps, np.int64),
                   np.array([p for p, _ in pens], np.int64), np.array([x for _, x in pens]))
    want = by_hand(players, imps, pens)
    assert t.player.tolist() == sorted(want)
    assert list(zip(t.played.tolist(), t.points.tolist(), strict=True)) == [
        want[p] for p in sorted(want)]
    assert t.average.tolist() == [want[p][1] / want[p][0] for p in sorted(want)]


def test_refuses_mismatched_arrays() -> None:
    with pytest.raises(BridgeError, match="2 results but 1 IMP figures"):
        tally_week(np.zeros((2, 4), np.int64), np.zeros(1, np.int64))
    with pytest.raises(BridgeError, match="2 penalised players but 1 penalties"):
        tally_week(np.zeros((0, 4), np.int64), np.zeros(0, np.int64), [1, 2], [3])
