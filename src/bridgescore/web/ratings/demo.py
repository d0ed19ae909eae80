"""The ranks' demo: a season of the club's weekly Swiss pairs, so that the members carry
different masterpoints and ranks (the leaderboard, the profiles, the club's members page).

Eight automatic Swiss events, one a week before today, each run through the competitions'
services on their clock, exactly as a real one runs: the members' pairs register in the
registration room (sit, raise hands), a robot pair joins them, the clock opens each
round and the director enters each table's result; the last bell ranks the pairs and awards
the masterpoints (and so the promotions).  Who wins is a matter of each pair's strength and
some luck (a seeded random draw), and of who comes: two pairs never come (their members stay
*Unranked*), others come now and then.  Loading it twice changes nothing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ...result import Result
from ..accounts.models import User
from ..clubs.models import Club
from ..compete import clock
from ..compete import services as sv
from ..compete.kinds import robot_id
from ..compete.models import Competition

WEEKS = 8
NAME = ("Riverside Swiss, week {n}", "江滨瑞士移位赛 第{n}周")
ROUNDS = 2
# Each members' pair (members 1–2, 3–4, …): its strength and how often it comes.
PAIRS = [(12.0, 1.0), (8.0, 0.9), (7.0, 0.8), (6.0, 0.7), (5.0, 0.6), (4.0, 0.5), (3.0, 0.4),
         (2.0, 0.3), (1.0, 0.0), (0.0, 0.0)]
ROBOT_STRENGTH = 4.5
ROBOT_PAIRS = 1
# A table's result for North-South, from their clear win to their clear loss.
RESULTS = ["4S N +1", "4S N =", "3S N +1", "4S N -1", "4S N -2"]


def _result(rng: random.Random, ns: float, ew: float) -> str:
    diff = (ns + rng.gauss(0, 2.5)) - (ew + rng.gauss(0, 2.5))
    for cut, text in zip((2.0, 0.5, -0.5, -2.0), RESULTS, strict=False):
        if diff > cut:
            return text
    return RESULTS[-1]


def _week(club: Club, director: User, members: Sequence[User], n: int, start: float,
          rng: random.Random) -> Competition:
    name_en, name_zh = (x.format(n=n) for x in NAME)
    clock.set(start)
    c = sv.create_competition(
        club, director, kind="swiss", name_en=name_en, name_zh=name_zh,
        settings={"start": start + 600, "rounds": ROUNDS, "boards_per_round": 1,
                  "round_minutes": 10, "registration_minutes": 15, "hold_seconds": 5,
                  "completion": 0.6, "deal_seed": 3000 + n, "grace_seconds": 0})
    strength: dict[str, float] = {}
    pairs: list[tuple[str, str]] = []
    people = {str(u.pk): u for u in members}
    for i, (s, comes) in enumerate(PAIRS):
        if 2 * i + 1 < len(members) and rng.random() < comes:
            pair = (str(members[2 * i].pk), str(members[2 * i + 1].pk))
            pairs.append(pair)
            strength[pair[0]] = s
    for k in range(ROBOT_PAIRS):
        pair = (robot_id(f"w{n}r{k}n"), robot_id(f"w{n}r{k}s"))
        pairs.append(pair)
        strength[pair[0]] = ROBOT_STRENGTH
    clock.set(start + 60)
    for table, (north, south) in enumerate(pairs, 1):
        for who, seat in ((north, "N"), (south, "S")):
            sv.act(c, {"type": "Sit", "player": who, "table": table, "seat": seat},
                   people.get(who, director))
        for who in (north, south):
            sv.act(c, {"type": "RaiseHand", "player": who}, people.get(who, director))
    clock.set(start + 120)
    sv.run_due(int(c.pk))  # the entries are confirmed
    for r in range(1, ROUNDS + 1):
        clock.set(start + 600 + (r - 1) * 600 + 1)
        sv.run_due(int(c.pk))  # round r drawn and seated
        state = sv.state_of(c)
        first = {p.id: p.players[0] for p in state.pairs}
        for t in state.rounds[r - 1].tables:
            result = _result(rng, strength[first[t.ns]], strength[first[t.ew]])
            clock.set(start + 600 + (r - 1) * 600 + 60 + t.table)
            sv.act(c, {"type": "BoardDone", "round": r, "table": t.table, "board": t.boards[0],
                       "result": Result.parse(result).to_dict()}, director)
    clock.set(start + 600 + ROUNDS * 600 + 1)
    sv.run_due(int(c.pk))  # the last bell: places and masterpoints
    return c


def load_ratings_demo(club: Club, director: User, members: Sequence[User]) -> list[Competition]:
    """The season (the events made before are kept as they are)."""
    rng = random.Random(2002)  # the same season on every machine
    now = time.time()
    today = now - now % 86_400 + 11 * 3600  # 19:00 in China (UTC+8)
    out = []
    try:
        for n in range(1, WEEKS + 1):
            start = today - (WEEKS + 1 - n) * 7 * 86_400
            done = Competition.objects.filter(club=club, name_en=NAME[0].format(n=n)).first()
            out.append(done if done is not None else
                       _week(club, director, members, n, start, rng))
    finally:
        clock.real()
    return out
