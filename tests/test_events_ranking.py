"""Places, shared places and the seeds' Swiss-pairs rule."""

from __future__ import annotations

from bridgescore.events.model import PairScore
from bridgescore.events.ranking import rank
from bridgescore.seat import Side


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
