"""Each scored result carries its figures exactly (``ns_exact``/``ew_exact``); a pair's exact
total is the exact sum of them, which is what lets a live session keep exact totals (and so
exact places) while rescoring one board at a time."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import model_strategies as ms
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.sessions.imp_pairs import score_imp_pairs
from bridgescore.sessions.matchpoints import MatchpointSettings, score_matchpoints
from bridgescore.sessions.model import BoardResult, Session
from bridgescore.sessions.scores import exact_sum


@settings(max_examples=80)
@given(ms.sessions(), st.sampled_from(["mp", "mp½", "ximp", "butler", "online", "total"]))
def test_exact_figures_add_up_to_the_exact_totals(s: Session, method: str) -> None:
    if method.startswith("mp"):
        scores: Any = score_matchpoints(s, MatchpointSettings(
            scale="1/0.5/0" if method == "mp½" else "2/1/0"))
    else:
        scores = score_imp_pairs(s, method)  # type: ignore[arg-type]
    parts: dict[str, list[tuple[int, int]]] = {p: [] for p in s.pairs}
    for b in scores.boards:
        for r in b.results:
            if method.startswith("mp") or r.counted:
                assert r.ns_exact is not None and r.ew_exact is not None
                assert float(Fraction(*r.ns_exact)) == r.ns
                assert float(Fraction(*r.ew_exact)) == r.ew
                parts[r.result.ns_pair].append(r.ns_exact)
                parts[r.result.ew_pair].append(r.ew_exact)
    for p in scores.pairs:
        if method == "ximp":
            continue  # the average form divides per board; factored scales the total
        assert p.exact == exact_sum(parts[p.pair])


def test_neuberg_thirds_are_exact() -> None:
    # Three results where four were expected: raw 2, 4, 0; Neuberg (M + 1)·4/3 − 1 gives
    # 3, 17/3 and 1/3 (the float 5.666… of 17/3 is not what the totals add).
    rs = (BoardResult(1, "1", "5", score=420), BoardResult(1, "2", "6", score=450),
          BoardResult(1, "3", "7", score=-50))
    b = score_matchpoints(Session(rs, expected=4)).boards[0]
    assert [Fraction(*r.ns_exact) for r in b.results if r.ns_exact] == [
        Fraction(3), Fraction(17, 3), Fraction(1, 3)]
    assert [Fraction(*r.ew_exact) for r in b.results if r.ew_exact] == [
        Fraction(3), Fraction(1, 3), Fraction(17, 3)]
