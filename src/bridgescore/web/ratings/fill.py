"""A pool week's results written straight into the pool's rows, scored as the pool scores
them (the library's ``BoardTally``, arrival by arrival): for the demo and the tests, which
need weeks of a few hundred results without playing each board at a table.

``fill_week(week, results)`` stores ``(board number, (N, E, S, W) user ids, NS score)`` in
order of arrival, with the ``PoolPlay``, ``PoolResult`` and four ``PoolScore`` rows that
``pool.services.record_board`` would have made; ``disconnect(week, board, user)`` a
disconnection's ``PoolPenalty`` (the library's deduction) as ``record_penalties`` would.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.db import transaction

from ...compete.penalties import DisconnectionRecord, System, deductions
from ...compete.pool import BoardTally, TableResult, TableScore
from ..compete.models import (
    PoolBoard,
    PoolPenalty,
    PoolPlay,
    PoolResult,
    PoolRoom,
    PoolScore,
    PoolWeek,
)
from ..compete.pool.services import pool_of
from ..play.models import Disconnection, PlayTable

__all__ = ["disconnect", "fill_week"]

Row = tuple[int, Sequence[int], int]


def _table(week: PoolWeek) -> PlayTable:
    room = PoolRoom.objects.get(club_id=week.club_id).room
    return PlayTable.objects.create(room=room, name=f"fill {week.number}",
                                    status=PlayTable.Status.FINISHED, boards=64)


def fill_week(week: PoolWeek, results: Sequence[Row]) -> int:
    """Store ``results`` (in order of arrival) as the pool would; how many."""
    pool = pool_of(week)
    boards = {int(b.number): b for b in PoolBoard.objects.filter(week=week)}
    at = week.start + datetime.timedelta(seconds=60)
    with transaction.atomic():
        table = _table(week)
        tallies: dict[int, BoardTally] = {}
        kept: dict[int, list[PoolResult]] = {}
        # (board, arrival): its last score, and the arrival that gave it (the 6th rescores)
        scores: dict[tuple[int, int], tuple[TableScore, int]] = {}
        plays = []
        done: list[tuple[PoolResult, int]] = []
        for i, (number, players, ns) in enumerate(results):
            n, e, s, w = (int(p) for p in players)
            tally = tallies.get(number) or BoardTally.of(pool, number, [])
            tally, arrival = tally.add(TableResult(number, (str(n), str(e), str(s), str(w)),
                                                   int(ns)))
            tallies[number] = tally
            for sc in (arrival.score, *arrival.scored):
                scores[(number, sc.arrival)] = (sc, arrival.score.arrival)
            play = PoolPlay(board=boards[number], table=table, index=i + 1, north_id=n,
                            east_id=e, south_id=s, west_id=w,
                            status=PoolPlay.Status.RESULT, started_seq=0, ended_seq=0)
            plays.append(play)
            r = PoolResult(board=boards[number], play=play, arrival=arrival.score.arrival,
                           ns_score=int(ns), contract="", north_id=n, east_id=e, south_id=s,
                           west_id=w, at=at)
            kept.setdefault(number, []).append(r)
            done.append((r, number))
        PoolPlay.objects.bulk_create(plays, batch_size=500)
        for r, _ in done:
            r.play_id = r.play.pk
        PoolResult.objects.bulk_create([r for r, _ in done], batch_size=500)
        rows = []
        for r, number in done:
            sc, by = scores[(number, r.arrival)]
            for seat, (pid, imps) in enumerate(sc.per_player()):
                rows.append(PoolScore(result=r, week=week, board=boards[number],
                                      player_id=int(pid), seat=seat, imps=int(imps),
                                      provisional=sc.provisional,
                                      datum=None if sc.datum is None else int(sc.datum),
                                      scored_at=by))
        PoolScore.objects.bulk_create(rows, batch_size=1000)
    return len(done)


def disconnect(week: PoolWeek, number: int, user_id: int) -> PoolPenalty:
    """A disconnection of ``user_id`` during board ``number``: its penalty, and the player's
    scores on the board marked (their Rate on it is 0)."""
    board = PoolBoard.objects.get(week=week, number=number)
    play = PoolPlay.objects.filter(board=board).first()
    assert play is not None, "fill the board's results first"
    at = week.start + datetime.timedelta(seconds=90)
    record = DisconnectionRecord(str(user_id), System.DUPLICATE, board=number, at=at.timestamp())
    cost = deductions([record])[record.player]
    seat = play.player_ids.index(user_id) if user_id in play.player_ids else 0
    with transaction.atomic():
        d = Disconnection.objects.create(table_id=play.table_id, user_id=user_id, seat=seat,
                                         dropped_at=at)
        pen = PoolPenalty.objects.create(disconnection=d, week=week, board=board,
                                         player_id=user_id, points=cost.week_points,
                                         rate_zero=cost.zero_rate(number), at=at)
        PoolScore.objects.filter(board=board, player_id=user_id).update(rate_zero=True)
    return pen
