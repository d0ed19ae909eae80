"""The ranks' demo: a season of the club's weekly Swiss pairs, so that the members carry
different masterpoints and ranks (the leaderboard, the profiles, the club's members page).

Eight automatic Swiss events, one a week before today, each run through the competitions'
services on their clock, exactly as a real one runs: the members' pairs register in the
registration room (sit, raise hands), a robot pair joins them, the clock opens each
round and the director enters each table's result; the last bell ranks the pairs and awards
the masterpoints (and so the promotions).  Each result is one the board's deal makes
plausible (``demo_events.plausible``: the side with the points declares its fit at a
sensible level), the tricks moved by the two pairs' strengths and some luck (a seeded random
draw): so the tables' results differ, the pairs' totals differ and the masterpoints follow
the standings (with one board a round and a stock of five results, every pair once totalled
0 and the masterpoints went by registration order: issue 23, finding 4).  Who comes varies
too: two pairs never come (their members stay *Unranked*), others come now and then.
Loading it twice changes nothing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ...core.deal import Deal
from ...core.result import Result
from ...deals.dealing import deal_boards
from ..accounts.models import User
from ..clubs.models import Club
from ..compete import clock
from ..compete import services as sv
from ..compete.kinds import robot_id
from ..compete.models import Competition
from ..demo_events import plausible

WEEKS = 8
NAME = ("Riverside Swiss, week {n}", "江滨瑞士移位赛 第{n}周")
ROUNDS, BOARDS = 2, 2
# Each members' pair (members 1–2, 3–4, …): its strength and how often it comes.
PAIRS = [(12.0, 1.0), (8.0, 0.9), (7.0, 0.8), (6.0, 0.7), (5.0, 0.6), (4.0, 0.5), (3.0, 0.4),
         (2.0, 0.3), (1.0, 0.0), (0.0, 0.0)]
ROBOT_STRENGTH = 4.5
ROBOT_PAIRS = 1


def _result(deal: Deal, board: int, rng: random.Random, ns: float, ew: float) -> Result:
    """A table's result on ``deal``: the plausible contract, its tricks moved by how much
    stronger the declaring pair is than its opponents, with some luck (a trick for about
    four points of strength)."""
    entry = plausible(deal, board, rng)
    declarer, contract = str(entry["declarer"]), str(entry["contract"])
    edge = (ns - ew) if declarer in "NS" else (ew - ns)
    shift = max(-3, min(2, round((edge + rng.gauss(0, 3.0)) / 4)))
    level = int(contract[0])
    tricks = max(0, min(13, level + 6 + shift))
    over = tricks - level - 6
    return Result.parse(f"{contract} {declarer} {'=' if over == 0 else f'{over:+d}'}")


def _week(club: Club, director: User, members: Sequence[User], n: int, start: float,
          rng: random.Random) -> Competition:
    name_en, name_zh = (x.format(n=n) for x in NAME)
    clock.set(start)
    c = sv.create_competition(
        club, director, kind="swiss", name_en=name_en, name_zh=name_zh,
        settings={"start": start + 600, "rounds": ROUNDS, "boards_per_round": BOARDS,
                  "round_minutes": 10, "registration_minutes": 15, "hold_seconds": 5,
                  "completion": 0.6, "deal_seed": 3000 + n, "grace_seconds": 0})
    deals = {b.number: b.deal for b in deal_boards(ROUNDS * BOARDS, seed=3000 + n)}
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
            clock.set(start + 600 + (r - 1) * 600 + 60 + t.table)
            for b in t.boards:
                result = _result(deals[b], b, rng, strength[first[t.ns]], strength[first[t.ew]])
                sv.act(c, {"type": "BoardDone", "round": r, "table": t.table, "board": b,
                           "result": result.to_dict()}, director)
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
