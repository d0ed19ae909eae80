"""A small pairs session whose scores are worked out by hand (not by the code under test).

A 3-table Mitchell, one board a round: pairs 1-3 sit NS, 4-6 EW; each board is played three
times.  Who plays what (the library's movement, checked in test_views):

    board 1: round 1 table 1 (1 v 4), round 2 table 3 (3 v 5), round 3 table 2 (2 v 6)
    board 2: round 1 table 2 (2 v 5), round 2 table 1 (1 v 6), round 3 table 3 (3 v 4)
    board 3: round 1 table 3 (3 v 6), round 2 table 2 (2 v 4), round 3 table 1 (1 v 5)

Board 1 (dealer N, nobody vulnerable):
    4S N =   NS +420 (4×30 = 120, game 300)      NS 2 MP of 4, EW 2
    4S N +1  NS +450 (120 + 30 + 300)            NS 4,          EW 0
    4S N -1  EW +50  (one undertrick, not vul)   NS 0,          EW 4
Board 2 (dealer E, NS vulnerable):
    3NT S =  NS +600 (40 + 60 = 100, game 500)   NS 3 (beats one, ties one), EW 1
    3NT S =  NS +600                             NS 3, EW 1
    2H E =   EW +110 (60, part score 50)         NS 0, EW 4
Board 3 (dealer S, EW vulnerable), only round 1 table 3 entered:
    1NT N +1 NS +120 (40 + 30 = 70, part score 50): one result of the three expected, Neuberg
    gives (0 + 1)·3/1 − 1 = 2 of 4 to each side.

Totals (matchpoints, percentage of the tops of the boards played):
    NS: pair 1 2+3 = 5 of 8 = 62.50 %; pair 3 4+0+2 = 6 of 12 = 50.00 %; pair 2 0+3 = 3 of 8
        = 37.50 %.
    EW: pair 4 2+4 = 6 of 8 = 75.00 %; pair 6 4+1+2 = 7 of 12 = 58.33 %; pair 5 0+1 = 1 of 8
        = 12.50 %.
Butler, board 1: datum (420 + 450 − 50)/3 = 273.3 → 270; NS +150 → 4 IMPs, +180 → 5,
−320 → −8 (WBF scale: 130-160 = 4, 170-210 = 5, 320-360 = 8).
"""

from __future__ import annotations

import datetime
from typing import Any

from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from bridgescore.web.events import entries as ev_entries
from bridgescore.web.events import services as sv
from bridgescore.web.events.models import Event

# (round, table, board, contract, declarer, result, lead)
BOARD1 = [(1, 1, 1, "4S", "N", "=", "HK"), (2, 3, 1, "4S", "N", "+1", "D2"),
          (3, 2, 1, "4S", "N", "-1", "CA")]
BOARD2 = [(1, 2, 2, "3NT", "S", "=", "SQ"), (2, 1, 2, "3NT", "S", "=", "S5"),
          (3, 3, 2, "2H", "E", "=", "DA")]
BOARD3_FIRST = [(1, 3, 3, "1NT", "N", "+1", "H4")]
BOARD3_REST = [(2, 2, 3, "3NT", "N", "=", "S2"), (3, 1, 3, "2S", "N", "=", "C3")]
PAIR1_EN, PAIR1_ZH = "Alice Wang – Bob Li", "王爱丽、李博"


def make_event(club: Club, director: User, *, scoring: str = "mp",
               travellers_live: bool = False, status: str = Event.Status.RUNNING) -> Event:
    actor = sv.Actor(director)
    event = sv.create_event(club, actor, name_en="Tuesday pairs", name_zh="周二双人赛",
                            date=datetime.date(2026, 12, 1), movement="mitchell", tables=3,
                            boards_per_round=1, scoring=scoring)
    event.entrants.filter(number="1").update(name_en=PAIR1_EN, name_zh=PAIR1_ZH)
    if travellers_live:
        sv.change_settings(event, actor, travellers_live=True)
    if status != Event.Status.SETUP:
        sv.set_status(event, actor, status)
    return event


def enter(event: Event, director: User, rows: list[tuple[Any, ...]]) -> None:
    for rnd, table, board, contract, declarer, result, lead in rows:
        ev_entries.enter(event, sv.Actor(director), round=rnd, table=table,
                         fields={"board": board, "contract": contract, "declarer": declarer,
                                 "result": result, "lead": lead})
