"""Seconds to analyse one played board card by card (bridgescore.deals.analysis), on one core.

Boards: random deals (seeded), each played in its par contract (3NT by North when par is
to pass it out) by the rule-of-thumb robots (``solver="simple"``, which slip now and then,
so that the analysis has costly cards to find).  The time of ``analyse`` covers the whole
job: one DDS solve before every card, the double-dummy table and par.  DDS is held to one
thread (``SetMaxThreads(1)``); run under ``taskset -c 0`` to hold the process to one core.

Prints the median, p95 and max seconds a board (target: <= 1 s) for the card-by-card part
(one solve a card, and par) and for the deal's double-dummy table alone (20 solves of the
whole deal, the costlier part on one thread), and the mean number of costly cards a board.

Run: python benchmarks/bench_analysis.py [--boards N] [--seed S]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bridgescore.core.contract import Contract
from bridgescore.core.play import Play
from bridgescore.core.seat import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.deals.analysis import analyse
from bridgescore.deals.dd import DDSolver, dd_table, par
from bridgescore.deals.dealing import random_deal
from bridgescore.robots.cardplay import simple_card


def played_board(n: int, seed: str) -> tuple[Play, Vulnerability]:
    deal = random_deal(seed=seed, board=n)
    vul = Vulnerability.NONE
    result = par(dd_table(deal, DDSolver()), vul, Seat.NORTH)
    if result.contracts:
        c = result.contracts[0]
        contract, declarer = c.contract, c.declarers[0]
    else:
        contract, declarer = Contract.parse("3NT"), Seat.NORTH
    play = Play(deal, contract, declarer)
    while not play.is_over:
        play.play(simple_card(play))
    return play, vul


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=100)
    ap.add_argument("--seed", default="bench-analysis")
    args = ap.parse_args()
    import endplay._dds as raw

    raw.SetMaxThreads(1)
    cards_times: list[float] = []
    table_times: list[float] = []
    total_times: list[float] = []
    costly = 0
    for n in range(1, args.boards + 1):
        play, vul = played_board(n, args.seed)
        cards = play.cards_played()
        start = time.perf_counter()
        table = dd_table(play.deal, DDSolver())
        mid = time.perf_counter()
        a = analyse(play.deal, play.contract, play.declarer, cards, vulnerability=vul,
                    dealer=Seat.NORTH, table=table)
        end = time.perf_counter()
        table_times.append(mid - start)
        cards_times.append(end - mid)
        total_times.append(end - start)
        costly += len(a.costly)
    print(f"boards analysed: {args.boards} (seed {args.seed!r}), DDS on one thread")
    for label, times in (("card by card + par", cards_times), ("double-dummy table", table_times),
                         ("whole analysis", total_times)):
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * len(times)) - 1)]
        print(f"{label:>20}: median {statistics.median(times):.3f} s  p95 {p95:.3f} s  "
              f"max {times[-1]:.3f} s")
    print(f"costly cards a board: {costly / args.boards:.1f}")


if __name__ == "__main__":
    main()
