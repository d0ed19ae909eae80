"""The competitions' demo: a small automatic Swiss already played (four pairs of members and
two robot pairs), and one in its registration room, so that the competitions' pages have
something to show.  Loading it twice changes nothing.

The finished Swiss is played now, in seconds: the competitions' clock is set back to its
start and moved to each scheduled moment (registration, the rounds' bells), and every board
is played out at its table, the members as people who now and then slip a card
(``demo_play``: robots alone would make the same result at every table, every total 0),
the robots by the robots; one board is left unplayed so that the results show a cut.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterator, Sequence

from django.conf import settings
from django.utils import timezone

from ..accounts.models import User
from ..clubs.models import Club
from ..demo_play import play_as_people
from ..play.models import PlaySeat, PlayTable
from . import clock
from . import services as sv
from .kinds import robot_id
from .models import Competition, CompetitionTable

FINISHED = ("Demo Swiss (played)", "演示瑞士移位赛（已赛完）")
UPCOMING = ("Tonight's Swiss", "今晚的瑞士移位赛")
ROUNDS, BOARDS = 3, 2
# How often each pair of members slips a card (the first pair is the club's strongest).
SLIPS = (0.02, 0.06, 0.1, 0.14)


@contextlib.contextmanager
def robots_at_once() -> Iterator[None]:
    """Robots act without the pause people need to follow them, boards follow at once."""
    old = {k: getattr(settings, k, None) for k in ("BRIDGESCORE_PLAY_ROBOT_SECONDS",
                                                   "BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS",
                                                   "BRIDGESCORE_PLAY_ROBOT_SOLVER")}
    settings.BRIDGESCORE_PLAY_ROBOT_SECONDS = 0
    settings.BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS = 0
    settings.BRIDGESCORE_PLAY_ROBOT_SOLVER = "simple"  # seconds, not minutes
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                delattr(settings, k)
            else:
                setattr(settings, k, v)


def _register(c: Competition, director: User, pairs: Sequence[tuple[str, str]],
              people: dict[str, User]) -> None:
    for n, (north, south) in enumerate(pairs, 1):
        for who, seat in ((north, "N"), (south, "S")):
            sv.act(c, {"type": "Sit", "player": who, "table": n, "seat": seat},
                   people.get(who, director))
        for who in (north, south):
            sv.act(c, {"type": "RaiseHand", "player": who}, people.get(who, director))


def load_compete_demo(club: Club, director: User, members: Sequence[User]) -> list[Competition]:
    out = []
    done = Competition.objects.filter(club=club, name_en=FINISHED[0]).first()
    if done is None:
        done = _finished_swiss(club, director, members)
    out.append(done)
    upcoming = Competition.objects.filter(club=club, name_en=UPCOMING[0],
                                          status=Competition.Status.OPEN).first()
    if upcoming is None:
        start = time.time() + 2 * 3600
        upcoming = sv.create_competition(
            club, director, kind="swiss", name_en=UPCOMING[0], name_zh=UPCOMING[1],
            settings={"start": start - start % 60, "rounds": 6, "boards_per_round": 3,
                      "round_minutes": 24, "registration_minutes": 180, "hold_seconds": 30})
        robots = [(robot_id("up1n"), robot_id("up1s"))]
        _register(upcoming, director, robots, {})
        for _ in range(2):  # the robots' hold passes
            clock.set(time.time() + 31)
            sv.run_due(int(upcoming.pk))
            clock.real()
    out.append(upcoming)
    return out


def _finished_swiss(club: Club, director: User, members: Sequence[User]) -> Competition:
    t0 = time.time() - 3 * 3600
    t0 -= t0 % 60
    clock.set(t0)
    try:
        c = sv.create_competition(
            club, director, kind="swiss", name_en=FINISHED[0], name_zh=FINISHED[1],
            settings={"start": t0 + 120, "rounds": ROUNDS, "boards_per_round": BOARDS,
                      "round_minutes": 15, "registration_minutes": 10, "hold_seconds": 5,
                      "completion": 0.6, "deal_seed": 2002, "grace_seconds": 0})
        # Four pairs of members (the first the strongest: it slips a card least often)
        # and two robot pairs.
        people = {str(u.pk): u for u in members[:8]}
        pairs = [(str(members[i].pk), str(members[i + 1].pk))
                 for i in range(0, min(len(members), 8) - 1, 2)]
        slips = {int(u.pk): SLIPS[i // 2] for i, u in enumerate(members[:8])}
        pairs += [(robot_id(f"d{i}n"), robot_id(f"d{i}s")) for i in range(1, 7 - len(pairs))]
        _register(c, director, pairs, people)
        clock.set(t0 + 60)
        sv.run_due(int(c.pk))  # the entries are confirmed
        rng = random.Random(2002)
        with robots_at_once():
            for r in range(1, ROUNDS + 1):
                clock.set(t0 + 120 + (r - 1) * 900 + 1)
                sv.run_due(int(c.pk))  # round r's tables, seated
                tables = list(CompetitionTable.objects.filter(competition=c, round=r)
                              .select_related("play_table").order_by("number"))
                ids = [int(t.play_table_id) for t in tables]
                # The members are at their tables (no robot stands in for them).
                PlaySeat.objects.filter(table_id__in=ids, user__isnull=False).update(
                    away_since=None)
                PlayTable.objects.filter(pk__in=ids).update(due=timezone.now())
                clock.set(t0 + 120 + (r - 1) * 900 + 300)
                # Round 2, the last table: its second board is left unplayed (cut).
                play_as_people(ids, slips, rng,
                               {ids[-1]: BOARDS - 1} if r == 2 else None)
            clock.set(t0 + 120 + ROUNDS * 900 + 1)
            sv.run_due(int(c.pk))  # the last bell: results and masterpoints
    finally:
        clock.real()
    return c
