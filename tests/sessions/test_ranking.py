"""Places, shared places and the seeds' Swiss-pairs rule."""

from __future__ import annotations

from collections.abc import Sequence

from bridgescore.core.seat import Side
from bridgescore.sessions.ranking import rank
from bridgescore.sessions.scores import PairScore


def test_shared_places() -> None:
    ps = [PairScore(str(i), None, t, 10) for i, t in enumerate([5, 9, 9, 9, 2, 5])]
    got = {p.pair: p.place for p in rank(ps)}
    assert got == {"1": "1=", "2": "1=", "3": "1=", "0": "4=", "5": "4=", "4": "6"}


def test_percentage_decides_when_boards_differ() -> None:
    a = PairScore("A", None, 30, 10, maximum=60)  # 50%
    b = PairScore("B", None, 28, 8, maximum=48)  # 58.3%
    assert [p.pair for p in rank([a, b])] == ["B", "A"]


def test_two_fields() -> None:
    ps = [PairScore("1", Side.NS, 3, 2), PairScore("2", Side.EW, 1, 2),
          PairScore("3", Side.NS, 4, 2), PairScore("4", Side.EW, 5, 2)]
    out = rank(ps)
    assert [(p.pair, p.place) for p in out] == [("3", "1"), ("1", "2"), ("4", "1"), ("2", "2")]


def test_swiss_rule_boards_then_registration_and_threshold() -> None:
    ps = [PairScore("A", None, 20, 10), PairScore("B", None, 20, 12),
          PairScore("C", None, 20, 12), PairScore("D", None, 25, 5), PairScore("E", None, 1, 12)]
    reg = {"A": 1, "B": 3, "C": 2, "D": 4, "E": 5}
    out = rank(ps, rule="swiss", registration=reg, completion=0.6, total_boards=12)
    # D scored most but completed 5 of 12 boards (< 60%): not ranked, listed last.
    assert [(p.pair, p.place) for p in out] == [("C", "1"), ("B", "2"), ("A", "3"),
                                                ("E", "4"), ("D", "")]


# ---------------------------------------------------------------- the engine itself
def test_shared_places_skip_and_ties_are_exact() -> None:
    from fractions import Fraction

    from bridgescore.sessions.ranking import place

    # 1, 2, 3=, 3=, 5: thirds that floats would write 0.333… and 0.3333…4 are one tie.
    scores = {"a": Fraction(3), "b": Fraction(2), "c": Fraction(1, 3), "d": Fraction(2, 6),
              "e": Fraction(0)}
    got = [(x.item, x.place, x.rank) for x in place(list(scores), scores.__getitem__)]
    assert got == [("a", "1", 1), ("b", "2", 2), ("c", "3=", 3), ("d", "3=", 3), ("e", "5", 5)]


def test_a_tie_break_chain_is_data_and_restarts_in_smaller_groups() -> None:
    from bridgescore.sessions.ranking import TieBreak, place

    # Four level on points.  "wins" separates {W} from {X, Y, Z}; among those three "h2h"
    # (which looks at the group) splits off Z, and X and Y, level again, restart the chain:
    # "wins" cannot part them, "h2h" between the two of them can.
    points = dict.fromkeys("WXYZ", 10)
    wins = {"W": 3, "X": 1, "Y": 1, "Z": 1}
    beat = {("X", "Y"), ("X", "Z"), ("Y", "Z"), ("Z", "W")}

    def h2h(t: str, group: Sequence[str]) -> int:
        return sum((t, o) in beat for o in group)

    chain = [TieBreak("wins", lambda t, _: wins[t]), TieBreak("h2h", h2h)]
    got = [(x.item, x.place) for x in place(list("ZYXW"), points.__getitem__, chain)]
    assert got == [("W", "1"), ("X", "2"), ("Y", "3"), ("Z", "4")]
    without = [(x.item, x.place) for x in place(list("ZYXW"), points.__getitem__)]
    assert without == [("Z", "1="), ("Y", "1="), ("X", "1="), ("W", "1=")]  # as given


def test_pair_ids_in_number_order_whatever_their_type() -> None:
    from bridgescore.sessions.ranking import natural_key

    assert sorted(["10", "2", "B", "1", "A"], key=natural_key) == ["1", "2", "10", "A", "B"]
    assert natural_key(7) == natural_key("7")


def test_completion_threshold_is_exact() -> None:
    from bridgescore.sessions.ranking import boards_needed

    # 60% of 10 boards is 6 exactly (0.6 × 10 is 6.000000000000001 in floats), of 27 is 16.2.
    assert [boards_needed(0.6, 10), boards_needed(0.6, 27), boards_needed(0, 10)] == [6, 17, 0]
