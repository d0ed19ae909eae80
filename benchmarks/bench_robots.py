"""The fair robot's card play against the omniscient double-dummy robot and the simple one.

Each board is dealt from a fixed seed and bid by the robots' own system (the same auction,
so the same contract, in every room).  Then the play alone is compared in a team-match
layout: the fair robots (``solver="fair"``, IMP scoring) sit North-South in one room and
East-West in the other, the opponents' robots (``dd``: sees all four hands; ``simple``: rules
of thumb) the other seats; the fair team's IMPs on the board are ``imps(NS score in the
first room - NS score in the second)``.  Printed: IMPs a board with a 95% confidence interval
(normal approximation), the tricks the fair declarer takes against the other declarer of the
same contract, how often the sampler relaxed the auction, and the fair robot's time a card
on one core (DDS limited to one thread; p50/p95 over the cards it decided by sampling, and
over all its cards).

Run: python benchmarks/bench_robots.py [--boards N] [--samples N] [--seed S]
     python benchmarks/bench_robots.py --study 30   (how many layouts a card: 16-48 vs 96)
The default (6 boards) runs in about two minutes on one core; the documented full size is
``--boards 1000`` (hours on one core: about 40 s a board).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from dataclasses import dataclass, field

from bridgescore.core.seat import Seat
from bridgescore.deals.dealing import random_deal
from bridgescore.robots.fair import DEFAULT_SAMPLES, fair_choice, knowledge_for
from bridgescore.robots.table import robot_action
from bridgescore.scoring.imps import imps
from bridgescore.table.actions import MakeCall, PlayCard
from bridgescore.table.state import BoardDeal, Phase, TableState, apply


@dataclass
class Tally:
    imps: list[int] = field(default_factory=list)
    decl_diff: list[int] = field(default_factory=list)  # fair declarer's tricks - the other's
    times_sampled: list[float] = field(default_factory=list)
    times_all: list[float] = field(default_factory=list)
    relaxed: int = 0
    sampled: int = 0


def bid(board: BoardDeal) -> TableState:
    state = TableState.start(board)
    while state.phase is Phase.AUCTION:
        seat = state.to_act[0]
        action = robot_action(state, seat)
        assert isinstance(action, MakeCall)
        state = apply(state, action)[0]
    return state


def play_room(state: TableState, fair_side: tuple[Seat, ...], other: str, salt: str,
              samples: int, tally: Tally) -> TableState:
    while state.phase is Phase.PLAY:
        seat = state.to_act[0]
        if seat in fair_side:
            start = time.perf_counter()
            choice = fair_choice(knowledge_for(state, seat), salt=salt, samples=samples,
                                 scoring="imp")
            spent = time.perf_counter() - start
            tally.times_all.append(spent)
            if choice.method == "sample":
                tally.times_sampled.append(spent)
                tally.sampled += 1
                assert choice.layouts is not None
                tally.relaxed += choice.layouts.relaxed
            action: PlayCard = PlayCard(seat, choice.card)
        else:
            got = robot_action(state, seat, solver=other)
            assert isinstance(got, PlayCard)
            action = got
        state = apply(state, action)[0]
    return state


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(name: str, tally: Tally, boards: int) -> None:
    n = len(tally.imps)
    mean = statistics.fmean(tally.imps) if n else 0.0
    half = 1.96 * statistics.stdev(tally.imps) / math.sqrt(n) if n > 1 else float("nan")
    dd = tally.decl_diff
    print(f"fair vs {name}: {n} boards played of {boards} dealt")
    print(f"  IMPs a board to the fair team: {mean:+.2f}  (95% CI {mean - half:+.2f} .. "
          f"{mean + half:+.2f}); total {sum(tally.imps):+d}")
    print(f"  boards won / tied / lost: {sum(x > 0 for x in tally.imps)} / "
          f"{sum(x == 0 for x in tally.imps)} / {sum(x < 0 for x in tally.imps)}")
    if dd:
        print(f"  fair declarer's tricks minus {name} declarer's (same contract): "
              f"{statistics.fmean(dd):+.2f}")
    print(f"  sampled decisions: {tally.sampled}, auction relaxed on "
          f"{100 * tally.relaxed / max(1, tally.sampled):.1f} %")
    print(f"  fair card time, sampled decisions: p50 {1000 * pct(tally.times_sampled, .5):.0f} ms,"
          f" p95 {1000 * pct(tally.times_sampled, .95):.0f} ms; all its cards: p50 "
          f"{1000 * pct(tally.times_all, .5):.0f} ms, p95 {1000 * pct(tally.times_all, .95):.0f} ms")


def study(positions: int, seed: str, sizes: tuple[int, ...] = (16, 24, 32, 48),
          reference: int = 96) -> None:
    """How many layouts a card: on ``positions`` positions of the play (boards bid by the
    robots, a random number of cards played by the dd robots), each size's card against a
    ``reference``-layout choice made with another seed: how often they agree, and the
    expected tricks (by the reference's layouts) the size's card gives away."""
    import random

    rng = random.Random(seed)
    agree = {n: 0 for n in sizes}
    lost = {n: 0.0 for n in sizes}
    spent: dict[int, list[float]] = {n: [] for n in (*sizes, reference)}
    done = 0
    number = 0
    while done < positions:
        number += 1
        board = BoardDeal.numbered(number, random_deal(seed=seed + "-study", board=number))
        state = bid(board)
        if state.phase is not Phase.PLAY:
            continue
        for _ in range(rng.randint(1, 40)):
            if state.phase is not Phase.PLAY:
                break
            got = robot_action(state, state.to_act[0], solver="dd")
            assert isinstance(got, PlayCard)
            state = apply(state, got)[0]
        if state.phase is not Phase.PLAY:
            continue
        known = knowledge_for(state, state.to_act[0])
        start = time.perf_counter()
        ref = fair_choice(known, salt="reference", samples=reference, scoring="imp")
        spent[reference].append(time.perf_counter() - start)
        if ref.method != "sample":
            continue
        done += 1
        for n in sizes:
            start = time.perf_counter()
            card = fair_choice(known, samples=n, scoring="imp").card
            spent[n].append(time.perf_counter() - start)
            agree[n] += card == ref.card
            lost[n] += ref.tricks[ref.card] - ref.tricks[card]
    print(f"layouts a card: {positions} positions, against a {reference}-layout choice")
    for n in sizes:
        print(f"  {n:3d} layouts: same card {100 * agree[n] / positions:.0f} %, "
              f"tricks given away {lost[n] / positions:.3f} a decision, "
              f"p50 {1000 * pct(spent[n], .5):.0f} ms, p95 {1000 * pct(spent[n], .95):.0f} ms")
    print(f"  {reference:3d} layouts: p50 {1000 * pct(spent[reference], .5):.0f} ms, "
          f"p95 {1000 * pct(spent[reference], .95):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=6,
                        help="boards dealt (default 6, about two minutes; full size 1000)")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                        help=f"layouts a card (default {DEFAULT_SAMPLES})")
    parser.add_argument("--seed", default="bench-robots")
    parser.add_argument("--against", default="dd,simple",
                        help="the opponents' solvers, comma separated (default dd,simple)")
    parser.add_argument("--study", type=int, default=0, metavar="POSITIONS",
                        help="instead: compare 16/24/32/48 layouts a card with 96 on POSITIONS")
    args = parser.parse_args()
    import endplay._dds as _dds

    _dds.SetMaxThreads(1)  # one core: the time a card is one thread's
    if args.study:
        study(args.study, args.seed)
        return
    opponents = [a for a in args.against.split(",") if a]
    tallies = {name: Tally() for name in opponents}
    started = time.perf_counter()
    for number in range(1, args.boards + 1):
        board = BoardDeal.numbered(number, random_deal(seed=args.seed, board=number))
        bid_state = bid(board)
        if bid_state.phase is not Phase.PLAY:
            continue  # passed out: nothing to play
        declarer = bid_state.declarer
        assert declarer is not None
        for name in opponents:
            tally = tallies[name]
            ns = play_room(bid_state, (Seat.NORTH, Seat.SOUTH), name, "open", args.samples, tally)
            ew = play_room(bid_state, (Seat.EAST, Seat.WEST), name, "closed", args.samples, tally)
            assert ns.score_ns is not None and ew.score_ns is not None
            tally.imps.append(imps(ns.score_ns - ew.score_ns))
            first, second = ns.result, ew.result
            assert first is not None and second is not None
            fair_declares_first = declarer in (Seat.NORTH, Seat.SOUTH)
            fair_tricks = first.tricks if fair_declares_first else second.tricks
            other_tricks = second.tricks if fair_declares_first else first.tricks
            tally.decl_diff.append(fair_tricks - other_tricks)
        print(f"board {number}: {bid_state.contract} by {declarer.letter}, "
              + ", ".join(f"vs {n} {tallies[n].imps[-1]:+d}" for n in opponents)
              + f"  ({time.perf_counter() - started:.0f} s)", flush=True)
    print(f"\nseed {args.seed!r}, {args.boards} boards, {args.samples} layouts a card, "
          f"{time.perf_counter() - started:.0f} s in all")
    for name in opponents:
        summary(name, tallies[name], args.boards)


if __name__ == "__main__":
    main()
