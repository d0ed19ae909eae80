"""The two competitions the privacy tests play (``test_privacy``, and the sockets' security
tests in ``play/test_security`` and ``online/test_vugraph_sockets``): an automatic Swiss of
four pairs (two rounds of one board: both tables of a round play the same board) and the
3-table Howell of six pairs of ``pairs_played`` (board 1 is played at round 1's table 1,
round 3's table 3 and round 4's table 3), on the fake clock, with the URLs a reader may try.
"""

from __future__ import annotations

from typing import Any

from bridgescore.core.result import Result
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import Competition
from bridgescore.web.play.models import PlayBoard

from .helpers import T0, pairs_event, sign_up
from .pairs_played import HOWELL

SWISS_START = T0 + 600  # round 1; each round 10 minutes


def swiss(club: Club, td: User, eight: list[User]) -> Competition:
    """Four pairs registered (eight[0] & eight[1] pair 1, …) and round 1 drawn: table 1 is
    pair 1 v 2 (eight[0], eight[2], eight[1], eight[3] at N, E, S, W), table 2 pair 3 v 4;
    both play board 1."""
    c = sv.create_competition(
        club, td, kind="swiss", name_en="Swiss", name_zh="瑞士移位",
        settings={"start": SWISS_START, "rounds": 2, "boards_per_round": 1,
                  "round_minutes": 10, "completion": 0.0, "deal_seed": 3})
    for table, (a, b) in enumerate(zip(eight[::2], eight[1::2], strict=True), 1):
        for who, seat in ((a, "N"), (b, "S")):
            sv.act(c, {"type": "Sit", "player": str(who.pk), "table": table, "seat": seat},
                   who)
        for who in (a, b):
            sv.act(c, {"type": "RaiseHand", "player": str(who.pk)}, who)
    clock.set(T0 + 30.5)
    assert sv.sweep() == 1
    clock.set(SWISS_START + 0.2)
    assert sv.sweep() == 1
    return Competition.objects.get(pk=c.pk)


def swiss_bell(c: Competition, round: int) -> None:
    """The bell of ``round``: its unfinished boards cut, the next round drawn (or the end)."""
    clock.set(SWISS_START + 600 * round + 0.5)
    assert sv.sweep() == 1


def howell(club: Club, td: User, twelve: list[User]) -> Competition:
    """The Howell started, round 1 open (pair k is twelve[2k-2] & twelve[2k-1])."""
    c = pairs_event(club, td, boards_per_round=1)
    sign_up(c, twelve)
    clock.set(T0 + 100)
    assert sv.sweep() == 1
    return Competition.objects.get(pk=c.pk)


def record_round(c: Competition, td: User, r: int, skip: tuple[int, ...] = ()) -> None:
    """The director enters a plain result for each table of round ``r`` (but ``skip``)."""
    for t in (1, 2, 3):
        if t not in skip:
            board = HOWELL[(r, t)][2]
            sv.act(c, {"type": "result", "round": r, "table": t, "board": board,
                       "result": Result.parse("3NT N =").to_dict()}, td)


def pages_of(board: PlayBoard) -> list[str]:
    """Every page that shows a finished board's hands, auction or play."""
    b = board.pk
    return [f"/play/boards/{b}/", f"/play/boards/{b}.pbn", f"/play/boards/{b}.lin",
            f"/play/boards/{b}/replay"]


def codes(clients: dict[str, Any], paths: list[str]) -> dict[str, set[int]]:
    """Each reader's status codes over ``paths``."""
    return {who: {c.get(p).status_code for p in paths} for who, c in clients.items()}
