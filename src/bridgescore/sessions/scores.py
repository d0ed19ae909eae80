"""What scoring produces: each result's score, each board, each pair's total and place.

Every pairs scoring method (matchpoints, cross-IMPs, Butler, the online datum method, total
points) returns a ``SessionScores``; these values are also what a live session
(``sessions.live``) keeps up to date entry by entry.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..core.errors import BridgeError
from ..core.figures import json_number as _num
from ..core.seat import Side
from ..core.serial import Data, Fields, header
from .participants import as_id

if TYPE_CHECKING:
    from .model import BoardResult, Session

__all__ = ["PairScore", "ScoredBoard", "ScoredResult", "SessionScores"]


# --- Scored results: what every pairs scoring method produces --------------------------------


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """A table result with its score for each side (matchpoints or IMPs).

    ``note`` marks the unusual: ``"A+/A-"`` for an artificial score, ``"weighted"``,
    ``"provisional"`` (online scoring with fewer than 6 results), ``"closed"`` (arrived after
    the board was closed; not counted).  ``counted`` is False only for such excluded results."""

    result: BoardResult
    ns: float
    ew: float
    ns_pct: float | None = None
    ew_pct: float | None = None
    note: str = ""
    counted: bool = True
    #: ``ns`` and ``ew`` exactly, as (numerator, denominator), not always in lowest terms:
    #: the figures above are these rounded.  Whole numbers, so that a scorer making many of them stays fast; a pair's
    #: total added from them is exact (``exact_sum``), as the places need.
    ns_exact: tuple[int, int] | None = None
    ew_exact: tuple[int, int] | None = None

    def to_dict(self) -> Data:
        return {**header("ScoredResult"), "result": self.result.to_dict(), "ns": self.ns,
                "ew": self.ew, "ns_pct": self.ns_pct, "ew_pct": self.ew_pct, "note": self.note,
                "counted": self.counted,
                "ns_exact": None if self.ns_exact is None else list(self.ns_exact),
                "ew_exact": None if self.ew_exact is None else list(self.ew_exact)}

    @classmethod
    def from_dict(cls, data: object) -> ScoredResult:
        from .model import BoardResult

        f = Fields(data, "ScoredResult")
        result, ns, ew = f.obj("result", BoardResult.from_dict), f.number("ns"), f.number("ew")
        ns_pct, ew_pct = f.opt_number("ns_pct"), f.opt_number("ew_pct")
        note, counted = f.text("note"), f.flag("counted")
        ns_exact, ew_exact = _ratio_from(f, "ns_exact"), _ratio_from(f, "ew_exact")
        f.done()
        return cls(result, ns, ew, ns_pct, ew_pct, note, counted, ns_exact, ew_exact)


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    board: int
    results: tuple[ScoredResult, ...]
    top: float | None = None  # matchpoint top after factoring
    datum: float | None = None  # Butler / online datum (NS points)
    provisional: bool = False

    def to_dict(self) -> Data:
        return {**header("ScoredBoard"), "board": self.board,
                "results": [r.to_dict() for r in self.results], "top": self.top,
                "datum": self.datum, "provisional": self.provisional}

    @classmethod
    def from_dict(cls, data: object) -> ScoredBoard:
        f = Fields(data, "ScoredBoard")
        board, results = f.whole("board"), f.objs("results", ScoredResult.from_dict)
        top, datum, provisional = f.opt_number("top"), f.opt_number("datum"), f.flag("provisional")
        f.done()
        return cls(board, results, top, datum, provisional)


@dataclass(frozen=True, slots=True)
class PairScore:
    pair: str
    direction: Side | None
    total: float
    boards: int  # boards with a counted result
    maximum: float | None = None  # sum of the tops of those boards (matchpoints)
    place: str = ""  # "1", "2=", … ("" when not ranked)
    rank: int | None = None  # 1-based position in its field's ranking
    exact: Fraction | None = None  # ``total`` exactly (Neuberg thirds…), for ranking and display

    @property
    def percentage(self) -> float | None:
        if self.maximum is None or self.maximum <= 0:
            return None
        if self.exact is not None:
            return float(100 * self.exact / Fraction(self.maximum))
        return 100 * self.total / self.maximum

    def to_dict(self) -> Data:
        return {**header("PairScore"), "pair": self.pair,
                "direction": None if self.direction is None else self.direction.name,
                "total": self.total, "boards": self.boards, "maximum": self.maximum,
                "place": self.place, "rank": self.rank,
                "exact": None if self.exact is None else str(self.exact)}  # "7/3"

    @classmethod
    def from_dict(cls, data: object) -> PairScore:
        f = Fields(data, "PairScore")
        pair, direction = f.text("pair"), f.opt_enum("direction", Side)
        total, boards, maximum = f.number("total"), f.whole("boards"), f.opt_number("maximum")
        place, rank, exact = f.text("place"), f.opt_whole("rank"), f.opt_text("exact")
        f.done()
        return cls(pair, direction, total, boards, maximum, place, rank,
                   None if exact is None else _fraction(exact, f))


@dataclass(frozen=True)
class SessionScores:
    """A scored session: every board and every pair, ranked within its field."""

    scoring: str  # mp, ximp, butler, online, total
    boards: tuple[ScoredBoard, ...]
    pairs: tuple[PairScore, ...]
    session: Session | None = None

    def pair(self, pair_id: str | int) -> PairScore:
        key = as_id(pair_id)  # a whole number finds the pair too
        found = next((p for p in self.pairs if p.pair == key), None)
        if found is None:
            raise BridgeError(f"no pair {key!r} in these results",
                              f"成绩中没有第 {key!r} 对")
        return found

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``); ``to_json`` is the shorter ``--json`` shape."""
        return {**header("SessionScores"), "scoring": self.scoring,
                "boards": [b.to_dict() for b in self.boards],
                "pairs": [p.to_dict() for p in self.pairs],
                "session": None if self.session is None else self.session.to_dict()}

    @classmethod
    def from_dict(cls, data: object) -> SessionScores:
        from .model import Session

        f = Fields(data, "SessionScores")
        scoring, boards = f.text("scoring"), f.objs("boards", ScoredBoard.from_dict)
        pairs, session = f.objs("pairs", PairScore.from_dict), f.opt_obj("session", Session.from_dict)
        f.done()
        return cls(scoring, boards, pairs, session)

    def names(self, pair_id: str) -> tuple[str, ...]:
        """The players of a pair as the file names them (``()`` when it does not)."""
        if self.session is None:
            return ()
        p = self.session.pairs.get(pair_id)
        if p is None and pair_id.endswith(("NS", "EW")):
            # A Mitchell file numbering both directions from 1 keys EW pair 2 as "2EW".
            p = self.session.pairs.get(pair_id[:-2])
        return p.names if p is not None else ()

    def to_json(self) -> dict[str, object]:
        """The ``--json`` shape: boards with their results, pairs with totals and places."""
        return {
            "scoring": self.scoring,
            "boards": [
                {
                    "board": b.board,
                    **({"top": _num(b.top)} if b.top is not None else {}),
                    **({"datum": _num(b.datum)} if b.datum is not None else {}),
                    "results": [
                        {
                            "ns_pair": s.result.ns_pair,
                            "ew_pair": s.result.ew_pair,
                            "ns_score": s.result.score,
                            "ns": _num(s.ns),
                            "ew": _num(s.ew),
                            **({"table": s.result.table} if s.result.table is not None else {}),
                            **({"contract": str(s.result.result)} if s.result.result else {}),
                            **({"note": s.note} if s.note else {}),
                        }
                        for s in b.results
                    ],
                }
                for b in self.boards
            ],
            "pairs": [
                {
                    "pair": p.pair,
                    "names": list(self.names(p.pair)),
                    "direction": None if p.direction is None else p.direction.name,
                    "total": _num(p.total),
                    "percentage": None if p.percentage is None else _num(p.percentage),
                    "place": p.place or None,
                    "boards": p.boards,
                }
                for p in self.pairs
            ],
        }


def ratio(x: Fraction | int) -> tuple[int, int]:
    """An exact value as ``(numerator, denominator)`` (no new ``Fraction``: scorers call this
    once a result)."""
    return x.numerator, x.denominator


def exact_sum(parts: Iterable[tuple[int, int]]) -> Fraction:
    """The exact sum of ``(numerator, denominator)`` values: whole-number additions per
    denominator (a session's scores share few), one fraction at the end."""
    by_den: dict[int, int] = {}
    for num, den in parts:
        by_den[den] = by_den.get(den, 0) + num
    return sum((Fraction(n, d) for d, n in by_den.items()), Fraction(0))


def _ratio_from(f: Fields, key: str) -> tuple[int, int] | None:
    v = f.opt_items(key)
    if v is None:
        return None
    if len(v) != 2 or type(v[0]) is not int or type(v[1]) is not int or v[1] <= 0:
        raise f.error(key, "[numerator, denominator] (whole numbers, the denominator positive) "
                      "or null", "[分子, 分母]（整数，分母为正）或 null")
    return (v[0], v[1])


def _fraction(text: str, f: Fields) -> Fraction:
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise f.error("exact", "a fraction such as '7/3', or null", "如 '7/3' 的分数或 null") from None
