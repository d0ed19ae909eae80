"""An independent reference for the automatic Swiss pairs (``compete.swissevent``).

It knows only what a test driver did — who raised hands when, who withdrew when, which
results were sent when — and the event's settings, and recomputes from those, in its own
way: entry confirmations and pair numbers, each round's draw (with the library's
``swiss_draw``), which boards were cut, each round's scores (with the library's scoring
functions called directly: ``score_imp_pairs`` and ``score_matchpoints``), the totals, the
final order with the seed's tie-breaks (sorted here, not by ``ranking.rank``), and the
masterpoints (from the seed's sentence, written out here once more).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bridgescore.compete.swissevent import SwissSettings
from bridgescore.core.result import Result
from bridgescore.sessions.imp_pairs import score_imp_pairs
from bridgescore.sessions.matchpoints import score_matchpoints
from bridgescore.sessions.model import BoardResult, Session
from bridgescore.sessions.swiss import Entry, History, swiss_draw


@dataclass
class Entered:
    """A pair as the driver made it: its players and the times of the two final raises."""

    north: str
    south: str
    raised: tuple[float, float]  # North's and South's last raise
    order: int  # the driver's order of the later raise (breaks ties between equal times)


@dataclass
class RefPair:
    id: str
    north: str
    south: str
    at: float
    entry_round: int
    withdrawn_from: int | None = None


@dataclass
class RefRound:
    round: int
    tables: list[tuple[int, str, str]]
    bye: str | None
    done: dict[tuple[int, int], Result] = field(default_factory=dict)
    cut: list[tuple[int, int]] = field(default_factory=list)
    scores: dict[str, Fraction | None] = field(default_factory=dict)
    status: dict[str, str] = field(default_factory=dict)
    totals: dict[str, Fraction] = field(default_factory=dict)
    boards: dict[str, int] = field(default_factory=dict)


@dataclass
class RefResult:
    pairs: list[RefPair]
    rounds: list[RefRound]
    order: list[str]  # ranked pairs best first, then the others (by total, boards, number)
    places: dict[str, int | None]
    totals: dict[str, Fraction]
    boards: dict[str, int]
    masterpoints: dict[str, int]  # by player


def seed_masterpoints(n: int, place: int, top_half: str = "down") -> int:
    """3 to the winner; 20 or more ranked: 2 to places 2-4, 1 to 5-10; fewer: the top half
    only, 2 to the next up to three places, 1 to the rest of the half."""
    if place == 1:
        return 3
    if n >= 20:
        return 2 if place <= 4 else 1 if place <= 10 else 0
    half = n // 2 if top_half == "down" else math.ceil(n / 2)
    return 0 if place > half else 2 if place <= 4 else 1


def _created(st: SwissSettings, r: int) -> float:
    """When round r's tables exist: round 1 at the start, later rounds at the previous end."""
    return st.start if r == 1 else st.start + (r - 1) * 60 * (st.round_minutes + st.gap_minutes) \
        - 60 * st.gap_minutes


def _end(st: SwissSettings, r: int) -> float:
    return st.start + (r - 1) * 60 * (st.round_minutes + st.gap_minutes) + 60 * st.round_minutes


def _exact(x: float) -> Fraction:
    return Fraction(repr(float(x)))


def reference(st: SwissSettings, entered: Sequence[Entered], withdrawals: Mapping[str, float],
              sent: Sequence[tuple[float, int, int, int, Result]]) -> RefResult:
    """``withdrawals``: pair id → time; ``sent``: ``(time, round, table, board, result)`` of
    every result the driver sent (the reference decides which were in time)."""
    last_draw = _created(st, st.rounds)
    confirmed = sorted(((max(e.raised) + st.hold_seconds, e.order, e) for e in entered),
                       key=lambda x: (x[0], x[1]))
    pairs: list[RefPair] = []
    for at, _, e in confirmed:
        if at > last_draw or (not st.late_entry and at > st.start):
            continue  # too late: registration had closed (the driver expects no entry)
        entry = next(r for r in range(1, st.rounds + 1) if at <= _created(st, r))
        pairs.append(RefPair(str(len(pairs) + 1), e.north, e.south, at, entry))
    by_id = {p.id: p for p in pairs}
    for pid, t in withdrawals.items():
        drawn = sum(1 for r in range(1, st.rounds + 1) if _created(st, r) <= t)
        by_id[pid].withdrawn_from = drawn + 1
    totals = {p.id: Fraction(0) if p.entry_round == 1 else _exact(st.late_score) for p in pairs}
    boards = dict.fromkeys(by_id, 0)
    hist = History()
    rounds: list[RefRound] = []
    first = st.boards_per_round
    for r in range(1, st.rounds + 1):
        live = [p for p in pairs if p.entry_round <= r
                and (p.withdrawn_from is None or r < p.withdrawn_from)]
        if len(live) >= 2:
            d = swiss_draw([Entry(p.id, score=float(totals[p.id])) for p in live], hist)
            tables = [(m.table, m.high, m.low) for m in d.tables]
            bye = d.bye
            hist.add_draw(d)
        else:
            tables, bye = [], (live[0].id if live else None)
            if bye:
                hist.byes[bye] += 1
        rr = RefRound(r, tables, bye)
        numbers = range((r - 1) * first + 1, r * first + 1)
        for t, rnd, table, board, res in sent:
            if rnd == r and _created(st, r) <= t < _end(st, r) \
                    and (table, board) not in rr.done:
                rr.done[(table, board)] = res
        rr.cut = [(t, b) for t, _, _ in tables for b in numbers if (t, b) not in rr.done]
        seat = {t: (ns, ew) for t, ns, ew in tables}
        results = [BoardResult(b, *seat[t], res, table=t, round=r)
                   for (t, b), res in sorted(rr.done.items())]
        if st.unfinished == "average":
            results += [BoardResult(b, *seat[t], ns_award="A", ew_award="A", table=t, round=r)
                        for t, b in rr.cut]
        got: dict[str, Fraction] = {}
        if results:
            session = Session(tuple(results), boards=tuple(numbers), winners=1)
            scored = (score_matchpoints(session) if st.scoring == "mp"
                      else score_imp_pairs(session, st.scoring))
            got = {x.pair: x.exact for x in scored.pairs if x.boards and x.exact is not None}
        n_done: dict[str, int] = dict.fromkeys(by_id, 0)
        for t, _ in rr.done:
            for side in seat[t]:
                n_done[side] += 1
        bye_value = (sum(got.values(), Fraction(0)) / len(got) if got else Fraction(0)) \
            if st.bye_score == "average" else _exact(st.bye_score)
        at_table = {p for t, ns, ew in tables for p in (ns, ew)}
        for p in pairs:
            value: Fraction | None = None
            if p.id in at_table:
                value = got.get(p.id)
                state = "played" if value is not None else "no_board"
            elif p.id == bye:
                value, state = bye_value, "bye"
                if st.bye_counts:
                    n_done[p.id] = first
            elif p.entry_round > r:
                state = "not_entered"
            else:
                state = "withdrawn"
            if p.at > _end(st, r):
                continue  # registered after this round was scored: no line
            if value is not None:
                totals[p.id] += value
            boards[p.id] += n_done[p.id]
            rr.scores[p.id], rr.status[p.id] = value, state
            rr.totals[p.id], rr.boards[p.id] = totals[p.id], boards[p.id]
        rounds.append(rr)
    need = math.ceil(Fraction(repr(st.completion)) * st.total_boards)
    reg = {p.id: i for i, p in enumerate(pairs)}
    done_pairs = sorted((p.id for p in pairs if boards[p.id] >= need),
                        key=lambda x: (-totals[x], -boards[x], reg[x]))
    others = sorted((p.id for p in pairs if boards[p.id] < need),
                    key=lambda x: (-totals[x], -boards[x], int(x)))
    places: dict[str, int | None] = {x: i for i, x in enumerate(done_pairs, 1)}
    places.update(dict.fromkeys(others))
    mp: dict[str, int] = {}
    for p in pairs:
        place = places[p.id]
        pts = 0 if place is None else seed_masterpoints(len(done_pairs), place, st.top_half)
        mp[p.north] = mp[p.south] = pts
    return RefResult(pairs, rounds, done_pairs + others, places, totals, boards, mp)
