"""Ids as a database hands them over (whole numbers) and bad constructor input.

Integer pair and team ids used to crash deep in ranking (``AttributeError: 'int' object has no
attribute 'isdigit'``); they are now kept as their decimal text from construction on, the same
for ``Pair``, ``Team``, ``Player``, ``BoardResult``, ``Assignment``, ``Session`` and
``TeamMatch``.  Any other bad value is a ``BridgeError`` at construction.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import Result
from bridgescore.core.errors import BridgeError
from bridgescore.sessions.imp_pairs import score_imp_pairs
from bridgescore.sessions.matchpoints import score_matchpoints
from bridgescore.sessions.model import (
    Assignment,
    BoardResult,
    LineUp,
    Pair,
    Player,
    Session,
    Team,
    TeamMatch,
)
from bridgescore.sessions.teams import score_match


def test_integer_pair_ids_score_and_rank() -> None:
    # Two NS pairs on one board: 1 scores +420 against 3's +450 (hand: 0 and 2 matchpoints).
    rs = (BoardResult(1, 1, 2, Result.parse("4S N =")),
          BoardResult(1, 3, 4, Result.parse("4S N +1")))
    s = score_matchpoints(Session(rs, pairs={1: Pair(1, ("Ann", "Bo"))}))
    assert [(p.pair, p.total, p.place) for p in s.pairs] == [
        ("3", 2.0, "1"), ("1", 0.0, "2"), ("2", 2.0, "1"), ("4", 0.0, "2")]
    assert s.pair(1) == s.pair("1") and s.names("1") == ("Ann", "Bo")
    assert rs[0].ns_pair == "1" and rs[0] == BoardResult(1, "1", "2", Result.parse("4S N ="))
    ximp = score_imp_pairs(Session(rs), "ximp")
    assert ximp.pair(3).total == 1  # 450 − 420 = 30: 1 IMP


def test_integer_team_ids() -> None:
    rs = (BoardResult(1, 7, 9, Result.parse("3NT N =")), BoardResult(1, 9, 7, Result.parse("3NT S -1")))
    m = score_match(TeamMatch(Team(7, "Seven"), Team(9), rs))
    assert (m.match.home.id, m.boards[0].difference, m.boards[0].imps) == ("7", 450, 10)  # 400 − (−50): 10 IMPs
    assert m.winner == "7"


def test_missing_pair_and_board_are_bridge_errors() -> None:
    s = score_matchpoints(Session((BoardResult(1, 1, 2, score=50),)))
    with pytest.raises(BridgeError, match="no pair '9' in these results") as e:
        s.pair(9)  # was a bare StopIteration
    assert "第 '9' 对" in e.value.message("zh")
    m = TeamMatch(Team("H"), Team("A"), (BoardResult(1, "H", "A", score=50),
                                         BoardResult(1, "A", "H", score=-50)))
    with pytest.raises(BridgeError, match="board 5 is not in this match") as e:
        m.rooms(5)  # was a bare StopIteration
    assert "第5副" in e.value.message("zh")


@pytest.mark.parametrize("bad", [-1, 10**30, True, 1.5, None, "", "   ", b"1", [1]])
def test_bad_ids_are_refused(bad: Any) -> None:
    for make in (lambda: Pair(bad), lambda: Team(bad), lambda: Player(bad),
                 lambda: BoardResult(1, bad, "2", score=50),
                 lambda: Assignment(1, 1, bad, "2", (1,))):
        with pytest.raises(BridgeError) as e:
            make()
        assert e.value.message("zh") != e.value.message("en")


def test_pairs_keyed_by_another_id_are_refused() -> None:
    with pytest.raises(BridgeError, match="pair 2 is listed under the id '1'"):
        Session((), pairs={"1": Pair("2")})
    assert Session((), pairs=[Pair(5), Pair("6")]).pairs.keys() == {"5", "6"}


VALUES = st.one_of(st.none(), st.booleans(), st.integers(-5, 10**20), st.floats(),
                   st.text(max_size=4), st.lists(st.integers(-2, 3), max_size=3),
                   st.tuples(st.integers(-2, 3), st.integers(-2, 700)), st.just(Result.parse("1NT N =")),
                   st.just(Pair("1")), st.just(()), st.just({"a": 1}))


@given(st.lists(VALUES, min_size=3, max_size=14))
def test_board_result_constructor_fuzz(args: list[Any]) -> None:
    with contextlib.suppress(BridgeError):
        BoardResult(*args)


@given(st.lists(VALUES, min_size=1, max_size=5))
def test_participant_constructors_fuzz(args: list[Any]) -> None:
    for cls in (Player, Pair, Team, LineUp, Assignment):
        try:
            cls(*args[:len(args)])
        except (BridgeError, TypeError) as e:  # TypeError only for a wrong argument count
            if isinstance(e, TypeError):
                assert "argument" in str(e)


@given(st.lists(VALUES, min_size=1, max_size=7))
def test_session_and_match_constructors_fuzz(args: list[Any]) -> None:
    for make in (lambda: Session(*args), lambda: TeamMatch(Team("H"), Team("A"), *args)):
        try:
            make()
        except (BridgeError, TypeError) as e:
            if isinstance(e, TypeError):
                assert "argument" in str(e)


def test_huge_ids_sort_without_crashing() -> None:
    """A pair id of thousands of digits (or a superscript digit) is kept as text; ordering the
    pairs does not call int() on it (Python refuses ints of over 4,300 digits, and "²")."""
    from bridgescore.sessions.ranking import natural_key

    assert natural_key("²") == (1 << 30, "²") and natural_key("12") == (12, "")
    assert natural_key("9" * 5000)[0] == 1 << 30
