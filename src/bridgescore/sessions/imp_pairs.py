"""IMP pairs scoring: cross-IMPs, Butler, the online datum scoring of the seeds, total points.

The datum and the cross-IMP arithmetic are :mod:`bridgescore.scoring.datum`'s; here they
score a session.

**Online** (seed 002, the platform's duplicate scoring): a Butler datum after dropping some
highest and lowest scores; while a board has fewer than 6 results they all score 0
(provisional); when the 6th arrives the first six are scored against the datum of those six,
and each later result against the datum of all results so far, including itself
(``rescore=True`` scores every result against the final datum instead).  A board is closed at
40 results: later results are reported as not counted.  "Arrived" is the order of the results'
sequence numbers (``BoardResult.seq``, stamped by a live session, ``sessions.live``) when they
carry them, else their order in the session.

**Total points**: the NS table score itself (EW the negation), summed.

At IMP scorings an artificial score is Average-plus +3 IMPs, Average 0, Average-minus −3 (Law
86A; settable), per comparison for cross-IMPs; a percentage award p gives ``(p − 50)·0.3``.
A weighted score is IMPed component by component and averaged by weight.

Scores are exact: IMPs are whole numbers, a cross-IMP average or a weighted score is a
fraction (``PairScore.exact``), and the places come from the exact totals.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from ..core.errors import BridgeError
from ..core.serial import Data, settings_from_dict, settings_to_dict
from ..scoring.datum import Rounding, butler_datum, butler_drop, check_rounding, cross_imps, imps_of
from ..scoring.exact import PairSums, plain
from ..scoring.imps import ImpScale, get_imp_scale
from .adjusted import award_imps, award_text, components
from .model import BoardResult, Session, played_score
from .ranking import Rule, rank
from .scores import PairScore, ScoredBoard, ScoredResult, SessionScores, ratio

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["ImpSettings", "score_imp_pairs", "score_session"]

Method = Literal["ximp", "butler", "online", "total"]
Form = Literal["sum", "average", "factored"]


@dataclass(frozen=True, slots=True)
class ImpSettings:
    form: Form = "average"  # cross-IMPs
    drop: str | int | float = "auto"  # Butler / online
    rounding: Rounding = "away"
    datum_round: int = 10  # 0: do not round the datum
    imp_scale: str | ImpScale = "wbf"  # a name, or a scale of one's own (passed by value)
    avg_plus: float = 3.0
    avg_minus: float = -3.0
    provisional_below: int = 6  # online
    close_at: int = 40  # online
    rescore: bool = False  # online
    ranking: Rule = "shared"
    completion: float = 0.0

    def __post_init__(self) -> None:
        if self.form not in ("sum", "average", "factored"):
            raise BridgeError(f"unknown cross-IMP form {self.form!r}: expected sum, average or factored",
                              f"未知的 XIMP 形式 {self.form!r}：应为 sum、average 或 factored")
        check_rounding(self.rounding)
        butler_drop(10, self.drop)

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``); a scale object is given by value."""
        return settings_to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> ImpSettings:
        return settings_from_dict(cls, data)


def _field(rs: Sequence[BoardResult]) -> list[BoardResult]:
    return [r for r in rs if r.kind != "artificial"]


def _cross_weighted(field: list[BoardResult], scale: ImpScale) -> list[Fraction]:
    """Each table's IMPs summed over the other tables when some carry weighted scores: every
    component against every other table's components by weight (its own table excluded)."""
    comps = [components(r) for r in field]
    mass: dict[int, Fraction] = defaultdict(Fraction)
    for cs in comps:
        for w, s in cs:
            mass[s] += w
    out: list[Fraction] = []
    for cs in comps:
        value = Fraction(0)
        for wa, a in cs:
            against_all = sum((m * scale.imps(a - b) for b, m in mass.items()), Fraction(0))
            own = sum((wb * scale.imps(a - b) for wb, b in cs), Fraction(0))
            value += wa * (against_all - own)
        out.append(value)
    return out


def _imps_array(scale: ImpScale, differences: NDArray[np.int64]) -> NDArray[np.int64]:
    """IMPs for whole-point differences, as ``ImpScale.imps`` gives them, in NumPy."""
    import numpy as np

    bands = np.searchsorted(np.asarray(scale.thresholds), np.abs(differences), side="right")
    out: NDArray[np.int64] = (np.sign(differences) * bands).astype(np.int64)
    return out


def _table(r: BoardResult) -> int | Fraction:
    """A table's NS score for the datum: the score, or a weighted score's weighted mean."""
    if r.kind == "played":
        return played_score(r)
    return sum((w * s for w, s in components(r)), Fraction(0))


def _exact_values(field: list[BoardResult], counted: list[BoardResult], tables: list[int | Fraction],
                  method: Method, st: ImpSettings, scale: ImpScale,
                  datum: int | Fraction | None) -> tuple[NDArray[np.int64], int] | list[Fraction]:
    """Each counted result's NS score: whole numerators over one denominator when every
    result is played (NumPy), else exact fractions.  ``tables`` are the counted results'
    table scores (``_table``)."""
    import numpy as np

    n = len(field)
    plain = all(isinstance(t, int) for t in tables) and all(r.score is not None for r in field)
    if method == "ximp":
        divide = n - 1 if st.form == "average" and n > 1 else 1
        if plain:
            # Whole IMPs summed in float64 are exact: back to int64.
            per = cross_imps([played_score(r) for r in field], None, scale)
            return per.astype(np.int64), divide
        return [v / divide for v in _cross_weighted(field, scale)]
    if method == "total":
        if plain:
            return np.array(tables, dtype=np.int64), 1
        return [Fraction(t) for t in tables]
    assert datum is not None
    if method == "online" and not st.rescore:
        # Each result against the datum of the results so far (the first six together).
        data = [butler_datum(tables[:max(i + 1, st.provisional_below)], st.drop,
                             st.datum_round, st.rounding) for i in range(len(counted))]
    else:
        data = [datum] * len(counted)
    if plain and all(isinstance(d, int) for d in data):
        scores = np.array(tables, dtype=np.int64)
        return _imps_array(scale, scores - np.array(data, dtype=np.int64)), 1
    return [sum((w * imps_of(scale, s - d) for w, s in components(r)), Fraction(0))
            for r, d in zip(counted, data, strict=True)]


def _arrival_order(board: int, rs: list[BoardResult]) -> list[BoardResult]:
    """The online method scores results in the order they arrived: by their sequence number
    (``BoardResult.seq``, as a live session stamps them) when they carry one, else as listed."""
    with_seq = [r for r in rs if r.seq is not None]
    if not with_seq:
        return rs
    if len(with_seq) < len(rs):
        raise BridgeError(
            f"board {board}: some results carry a sequence number and some do not, so their "
            "order of arrival is unknown",
            f"第{board}副：部分结果有序号、部分没有，无法确定到达顺序")
    return sorted(rs, key=lambda r: r.seq or 0)


def _score_board(b: int, rs: list[BoardResult], method: Method, st: ImpSettings,
                 scale: ImpScale, sums: PairSums, counts: NDArray[np.int64]) -> ScoredBoard:
    """Score one board, adding each counted result's exact score to its pairs' totals."""
    import numpy as np

    index = sums.index
    field = _field(rs)
    if method == "online":
        field = _arrival_order(b, field)
    n = len(field)
    # The online scoring closes a board at ``close_at`` results: later ones are not counted.
    counted = field[:st.close_at] if method == "online" else field
    tables = [r.score if r.score is not None else _table(r) for r in counted]
    datum: int | Fraction | None = None
    provisional = method == "online" and 0 < len(counted) < st.provisional_below
    if method in ("butler", "online") and counted and not provisional:
        datum = butler_datum(tables, st.drop, st.datum_round, st.rounding)
    floats: list[float] = [0.0] * len(counted)
    exacts: list[tuple[int, int]] = [(0, 1)] * len(counted)
    if counted and not provisional:
        values = _exact_values(field, counted, tables, method, st, scale, datum)
        ns_idx = np.array([index[r.ns_pair] for r in counted], dtype=np.int64)
        ew_idx = np.array([index[r.ew_pair] for r in counted], dtype=np.int64)
        if isinstance(values, tuple):
            nums, den = values
            sums.add_board(ns_idx, nums, den)
            sums.add_board(ew_idx, -nums, den)
            floats = (nums / den).tolist()  # integer over integer: correctly rounded
            exacts = [(x, den) for x in nums.tolist()]
        else:
            for r, v in zip(counted, values, strict=True):
                sums.add(r.ns_pair, v)
                sums.add(r.ew_pair, -v)
            floats = [float(v) for v in values]
            exacts = [ratio(v) for v in values]
    closed = set(map(id, field[len(counted):]))
    everyone = [index[p] for r in rs if id(r) not in closed for p in (r.ns_pair, r.ew_pair)] \
        if closed else [index[p] for r in rs for p in (r.ns_pair, r.ew_pair)]
    np.add.at(counts, np.array(everyone, dtype=np.int64), 1)
    # An award counts once per comparison in the summed cross-IMP forms; total points give
    # no artificial swing (the board counts as flat).
    factor = (n if n > 0 else 1) if method == "ximp" and st.form != "average" else 1
    if method == "total":
        factor = 0
    scored: list[ScoredResult] = []
    # Each field result's position in ``field`` (the board's order; for the online method the
    # order of arrival), which is where its figure is.
    position = {id(r): k for k, r in enumerate(field)}
    for r in rs:
        if r.score is not None or r.weighted:
            k = position[id(r)]
            if k >= len(counted):
                scored.append(ScoredResult(r, 0.0, 0.0, note="closed", counted=False))
            else:
                figure, (num, den) = floats[k], exacts[k]
                note = "provisional" if provisional else "weighted" if r.weighted else ""
                scored.append(ScoredResult(r, figure, -figure + 0.0, None, None, note, True,
                                           (num, den), (-num, den)))
            continue
        assert r.ns_award is not None and r.ew_award is not None
        ns_v = award_imps(r.ns_award, st.avg_plus, st.avg_minus) * factor
        ew_v = award_imps(r.ew_award, st.avg_plus, st.avg_minus) * factor
        sums.add(r.ns_pair, ns_v)
        sums.add(r.ew_pair, ew_v)
        scored.append(ScoredResult(r, float(ns_v), float(ew_v), ns_exact=ratio(ns_v),
                                   ew_exact=ratio(ew_v),
                                   note=f"{award_text(r.ns_award)}/{award_text(r.ew_award)}"))
    return ScoredBoard(b, tuple(scored), None, None if datum is None else plain(datum),
                       provisional)


def score_imp_pairs(session: Session, method: Method = "ximp",
                    settings: ImpSettings | None = None) -> SessionScores:
    """Score and rank a session by cross-IMPs, Butler, the online datum method or total points."""
    import numpy as np

    if method not in ("ximp", "butler", "online", "total"):
        raise BridgeError(f"unknown scoring {method!r}: expected ximp, butler, online or total",
                          f"未知的记分方法 {method!r}：应为 ximp、butler、online 或 total")
    st = settings or ImpSettings()
    scale = get_imp_scale(st.imp_scale)
    sums = PairSums(session.pairs)
    counts = np.zeros(len(sums.index), dtype=np.int64)
    boards = [_score_board(b, rs, method, st, scale, sums, counts)
              for b, rs in session.by_board().items()]
    totals = sums.values()
    played = dict(zip(sums.index, counts.tolist(), strict=True))
    if method == "ximp" and st.form == "factored" and any(played.values()):
        most = max(played.values())
        totals = {p: v * most / played[p] if played[p] else v for p, v in totals.items()}
    directions = session.directions()
    pairs = [PairScore(p, directions.get(p), float(totals[p]), played[p], exact=totals[p])
             for p in session.pairs]
    registration = {p: pair.registration for p, pair in session.pairs.items()
                    if pair.registration is not None}
    ranked = rank(pairs, rule=st.ranking, registration=registration,
                  completion=st.completion, total_boards=session.total_boards)
    return SessionScores(method, tuple(boards), tuple(ranked), session)


def score_session(
    session: Session,
    scoring: str = "mp",
    *,
    mp_scale: str = "2/1/0",
    factoring: str = "neuberg",
    form: str = "average",
    drop: str | int | float = "auto",
    rounding: str = "away",
    ranking: str = "shared",
    completion: float = 0.0,
) -> SessionScores:
    """Score a session by name: ``mp``, ``ximp``, ``butler``, ``online`` or ``total``."""
    from .matchpoints import MatchpointSettings, score_matchpoints

    if scoring == "mp":
        return score_matchpoints(session, MatchpointSettings(
            scale=mp_scale, factoring=factoring, ranking=ranking,  # type: ignore[arg-type]
            completion=completion))
    return score_imp_pairs(session, scoring, ImpSettings(  # type: ignore[arg-type]
        form=form, drop=drop, rounding=rounding, ranking=ranking,  # type: ignore[arg-type]
        completion=completion))
