"""Deals, PBN reading and double dummy: bridgescore against endplay, in one run.

Prints four figures with their ratios (targets in brackets):
  unconstrained deals per second            (>= 50x endplay's generate_deals)
  deals accepted per second, north >= 20 HCP (>= 100x)
  PBN boards read per second                 (>= 5x endplay's pbn.loads; measured in turns)
  seconds per double-dummy table             (<= 1.1x endplay's calc_all_tables)

Run: python benchmarks/bench_deals.py [--quick]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from bridgescore.deals import bulk as bulk_deals
from bridgescore.formats import pbn

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
QUICK = "--quick" in sys.argv


def rate(fn, min_time: float = 1.0) -> float:  # type: ignore[no-untyped-def]
    """Items per second: calls fn (which returns a count) until min_time has passed."""
    n = 0
    start = time.perf_counter()
    while True:
        n += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return n / elapsed


def alternating(ours, theirs, rounds: int, min_time: float) -> tuple[float, float, list[float]]:  # type: ignore[no-untyped-def]
    """Rates of two functions (each returns a count) measured in turns, ``rounds`` times, so
    that a change of load on a shared machine slows both alike: the median rate of each and
    the ratio ours/theirs of every round."""
    mine, others, ratios = [], [], []
    for _ in range(rounds):
        a, b = rate(ours, min_time), rate(theirs, min_time)
        mine.append(a)
        others.append(b)
        ratios.append(a / b)
    return statistics.median(mine), statistics.median(others), ratios


def line(name: str, ours: float, theirs: float, unit: str, target: str, higher_is_better: bool = True) -> None:
    ratio = ours / theirs if higher_is_better else theirs / ours
    digits = 1 if ours >= 10 else 4
    print(f"{name:<34} ours {ours:>14,.{digits}f} {unit:<10} endplay {theirs:>12,.{digits}f}  "
          f"ratio {ratio:7.2f}x  (target {target})")


def main() -> None:
    from endplay.dealer import generate_deals
    from endplay.parsers import pbn as epbn

    t = 0.5 if QUICK else 2.0

    ours = rate(lambda: len(bulk_deals.generate(1_000_000 if not QUICK else 200_000, seed=None)), t)
    theirs = rate(lambda: sum(1 for _ in generate_deals(produce=5000)), t)
    line("unconstrained deals/s", ours, theirs, "deals/s", ">= 50x")

    c = bulk_deals.Constraints.parse(["N:hcp=20-"])
    ours = rate(lambda: len(bulk_deals.generate(5000, c)), t)
    theirs = rate(lambda: sum(1 for _ in generate_deals("hcp(north) >= 20", produce=20, max_attempts=10**7)), t)
    line("constrained (N >= 20 HCP) deals/s", ours, theirs, "deals/s", ">= 100x")

    # A real file (the 2021 RealBridge export, 12 boards with tables), repeated 50 times.
    text = (DATA / "endplay_example2_head.pbn").read_text(encoding="utf-8")
    body = text.split("\n", 2)[2]
    big = text + ("\n" + body) * 49
    boards = len(pbn.loads(big))

    def ours_read() -> int:
        games = pbn.loads(big)
        return len([pbn.to_record(g) for g in games])

    # In turns (ours, endplay, ours, ...): the ratio of each round, then their median.
    ours, theirs, ratios = alternating(ours_read, lambda: len(epbn.loads(big)),
                                       3 if QUICK else 9, t / 4)
    line(f"PBN boards read/s ({boards} boards)", ours, theirs, "boards/s", ">= 5x")
    print(f"  (ratio by round: median {statistics.median(ratios):.2f}x, "
          f"range {min(ratios):.2f}-{max(ratios):.2f}x over {len(ratios)} rounds)")

    # Our reader builds tag objects only when asked for them; with every tag, section line and
    # table row built as well (more than endplay's boards hold), the figure is this:
    def ours_everything() -> int:
        games = pbn.loads(big)
        for g in games:
            pbn.to_record(g)
            for tag in g.tags:
                if tag.name.lower().endswith("table"):
                    tag.table()
        return len(games)

    ours = rate(ours_everything, t)
    line("  ... with every tag object built", ours, theirs, "boards/s", "(info)")

    from endplay.dds import calc_all_tables
    from endplay.types import Deal as EDeal

    from bridgescore.deals.dd import DDSolver

    count = 40 if QUICK else 120
    deals = bulk_deals.to_deals(bulk_deals.deal_array(count, seed=2024))
    DDSolver().tables(bulk_deals.to_deals(bulk_deals.deal_array(8, seed=1)))  # warm DDS's threads up
    # endplay first, then ours on the same deals (a fresh cache, so every deal is solved).
    start = time.perf_counter()
    e = [EDeal(d.pbn()) for d in deals]
    for i in range(0, count, 40):
        list(calc_all_tables(e[i : i + 40]))
    theirs_s = (time.perf_counter() - start) / count
    start = time.perf_counter()
    DDSolver().tables(deals)
    ours_s = (time.perf_counter() - start) / count
    line("seconds per DD table", ours_s, theirs_s, "s/table", "<= 1.1x", higher_is_better=False)
    print(f"  (DD time ratio ours/endplay = {ours_s / theirs_s:.2f}; lower is better)")


if __name__ == "__main__":
    main()
