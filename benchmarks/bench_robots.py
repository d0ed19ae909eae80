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
     python benchmarks/bench_robots.py --bound --boards 1000 --jobs 2
         (the most the fair team can get against omniscient robots from its first decisions
         alone: the opening lead and declarer's first card, double dummy after them)
Experiments: --flat (every trick's full number of layouts), --lead sample, --no-system
(layouts fitted to the calls' ranges only, not re-bid by the system).
The default (6 boards) runs in about two minutes on one core; the documented full size is
``--boards 1000`` (hours on one core: about 40 s a board).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bridgescore.core.cards import Card
from bridgescore.core.law77 import score
from bridgescore.core.seat import Seat
from bridgescore.deals.dd import dd_table, par
from bridgescore.deals.dealing import random_deal
from bridgescore.robots.claims import CLAIM_STATEMENT
from bridgescore.robots.fair import (
    DEFAULT_SAMPLES,
    Layouts,
    SeatKnowledge,
    _solve,
    fair_choice,
    knowledge_for,
)
from bridgescore.robots.table import robot_action
from bridgescore.scoring.imps import imps
from bridgescore.table.actions import Action, Claim, MakeCall, PlayCard
from bridgescore.table.state import BoardDeal, Phase, TableState, apply


@dataclass
class Tally:
    imps: list[int] = field(default_factory=list)
    decl_diff: list[int] = field(default_factory=list)  # fair declarer's tricks - the other's
    times_sampled: list[float] = field(default_factory=list)
    times_all: list[float] = field(default_factory=list)
    relaxed: int = 0
    sampled: int = 0
    layouts: int = 0  # layouts the sampled decisions were made on
    exact: int = 0  # of those, bid by the robots' system exactly as the table bid
    claims: int = 0  # by fair declarers
    claims_accepted: int = 0  # of those, accepted by the other robots
    # against the room of four omniscient robots (same contract): tricks the fair declarer
    # took less than the omniscient one, and tricks the fair defenders let declarer take more
    decl_loss: list[int] = field(default_factory=list)
    def_loss: list[int] = field(default_factory=list)


def bid(board: BoardDeal) -> TableState:
    state = TableState.start(board)
    while state.phase is Phase.AUCTION:
        seat = state.to_act[0]
        action = robot_action(state, seat)
        assert isinstance(action, MakeCall)
        state = apply(state, action)[0]
    return state


def play_room(state: TableState, fair_side: tuple[Seat, ...], other: str, salt: str,
              samples: int, tally: Tally, lead: str = "rules") -> TableState:
    """The board played out with the fair robots at ``fair_side`` (as the platform's robot
    does: robots.table.robot_action's rule, with the choice's figures kept) and ``other``
    robots at the other seats; claims made and answered as at a table."""
    while state.phase is Phase.PLAY:
        seat = state.to_act[0]
        if seat in fair_side and state.claim is None:
            start = time.perf_counter()
            choice = fair_choice(knowledge_for(state, seat), salt=salt, samples=samples,
                                 scoring="imp", lead=lead)
            spent = time.perf_counter() - start
            tally.times_all.append(spent)
            if choice.method == "sample":
                tally.times_sampled.append(spent)
                tally.sampled += 1
                assert choice.layouts is not None
                tally.relaxed += choice.layouts.relaxed
                tally.layouts += len(choice.layouts.hands)
                tally.exact += choice.layouts.exact
            play = state.play
            assert play is not None and state.declarer is not None
            action: Action = PlayCard(seat, choice.card)
            if choice.sure and state.refused == 0:
                action = Claim(state.declarer, play.remaining, CLAIM_STATEMENT)
                tally.claims += 1
        else:
            got = robot_action(state, seat, solver="fair" if seat in fair_side else other,
                               salt=salt, scoring="imp")
            assert got is not None
            action = got
        claim = state.claim
        state = apply(state, action)[0]
        if claim is not None and claim.seat in fair_side and state.claimed is not None:
            tally.claims_accepted += 1  # every decider accepted: the claim stands
    return state


def omniscient_room(state: TableState) -> TableState:
    """The board played by four omniscient robots: the reference for where tricks went."""
    while state.phase is Phase.PLAY:
        got = robot_action(state, state.to_act[0], solver="dd")
        assert got is not None
        state = apply(state, got)[0]
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
          f"{100 * tally.relaxed / max(1, tally.sampled):.1f} %; layouts bid exactly as the "
          f"table bid: {100 * tally.exact / max(1, tally.layouts):.1f} %")
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


def play_board(task: tuple[int, str, int, str, tuple[str, ...]]) -> dict[str, Any] | None:
    """One board in every match (run in a worker process): its figures, or None when the
    robots pass it out."""
    number, seed, samples, lead, opponents = task
    board = BoardDeal.numbered(number, random_deal(seed=seed, board=number))
    bid_state = bid(board)
    if bid_state.phase is not Phase.PLAY:
        return None
    declarer, contract = bid_state.declarer, bid_state.contract
    assert declarer is not None and contract is not None
    ref = omniscient_room(bid_state)
    assert ref.result is not None and ref.score_ns is not None
    table = dd_table(board.deal)
    par_ns = par(table, board.vulnerability, board.dealer).score
    fair_ns = declarer in (Seat.NORTH, Seat.SOUTH)
    out: dict[str, Any] = {"board": number, "contract": f"{contract} {declarer.letter}",
                           "dd_tricks": ref.result.tricks,
                           "bid_vs_par": abs(imps(ref.score_ns - par_ns)), "matches": {}}
    for name in opponents:
        tally = Tally()
        ns = play_room(bid_state, (Seat.NORTH, Seat.SOUTH), name, "open", samples, tally, lead)
        ew = play_room(bid_state, (Seat.EAST, Seat.WEST), name, "closed", samples, tally, lead)
        assert ns.score_ns is not None and ew.score_ns is not None
        assert ns.result is not None and ew.result is not None
        fair_decl = ns.result.tricks if fair_ns else ew.result.tricks
        other_decl = ew.result.tricks if fair_ns else ns.result.tricks
        out["matches"][name] = {
            "imps": imps(ns.score_ns - ew.score_ns),
            "decl_diff": fair_decl - other_decl,
            "decl_loss": ref.result.tricks - fair_decl,  # fair declarer vs omniscient play
            "def_loss": other_decl - ref.result.tricks,  # what the fair defenders gave
            "times_sampled": tally.times_sampled, "times_all": tally.times_all,
            "sampled": tally.sampled, "relaxed": tally.relaxed, "claims": tally.claims,
            "layouts": tally.layouts, "exact": tally.exact,
            "claims_accepted": tally.claims_accepted}
    return out


def _actual(state: TableState, seat: Seat) -> tuple[SeatKnowledge, dict[Card, int]]:
    """What ``seat`` knows (the robot's input) and, from the actual deal, the tricks its
    side takes from here with each legal card, double dummy."""
    known = knowledge_for(state, seat)
    play = state.play
    assert play is not None
    north, east, south, west = (play.hand(s).mask for s in Seat)
    return known, _solve(known, Layouts(((north, east, south, west),), 0, (1, 0, 0, 0), 1))[0]


def bound_board(task: tuple[int, str, int, str, tuple[str, ...]]) -> dict[str, Any] | None:
    """The first decision of each room alone (run in a worker).  Against omniscient robots
    a side can never get back a trick its card gave away double dummy: the omniscient
    declarer (defenders) keeps the double-dummy value of every position it faces.  So the
    fair team's result on a board is at most what the fair opening lead (room B) and the
    fair declarer's first card from dummy after the omniscient lead (room A) leave, double
    dummy, whatever is played after.  The lead is taken by rules and by sampling; ``samples``
    layouts a decision."""
    number, seed, samples, _lead, _opponents = task
    board = BoardDeal.numbered(number, random_deal(seed=seed, board=number))
    state = bid(board)
    if state.phase is not Phase.PLAY:
        return None
    assert state.declarer is not None and state.contract is not None
    leader = state.to_act[0]
    known, after_lead = _actual(state, leader)
    vulnerable = known.vulnerability.is_vulnerable(state.declarer)

    def points(declarer_tricks: int) -> int:
        assert state.contract is not None
        return score(state.contract, declarer_tricks, vulnerable)

    par_tricks = 13 - max(after_lead.values())
    leads = {"rules": fair_choice(known, scoring="imp").card,
             "sample": fair_choice(known, scoring="imp", lead="sample", samples=samples).card}
    first = robot_action(state, leader, solver="dd")
    assert isinstance(first, PlayCard)
    room_a = apply(state, first)[0]
    decider = state.declarer
    seen, after_dummy = _actual(room_a, room_a.to_act[0] if room_a.to_act[0] is decider
                                else decider)
    dummy_card = fair_choice(seen, scoring="imp", samples=samples).card
    t_a = after_dummy[dummy_card]  # declarer's side to play: its tricks
    out: dict[str, Any] = {"board": number, "dd_tricks": par_tricks,
                           "declarer_first_loss": par_tricks - t_a}
    for name, card in leads.items():
        t_b = 13 - after_lead[card]
        out[f"lead_{name}_loss"] = t_b - par_tricks
        out[f"bound_{name}"] = imps(points(t_a) - points(t_b))
    return out


def bound_report(records: list[dict[str, Any]], args: argparse.Namespace,
                 seconds: float) -> dict[str, Any]:
    out: dict[str, Any] = {"mode": "bound", "seed": args.seed, "boards_played": len(records),
                           "samples": args.samples, "seconds": round(seconds, 1)}
    print(f"\nthe first decisions alone: seed {args.seed!r}, {len(records)} boards played, "
          f"{args.samples} layouts a decision, {seconds:.0f} s")
    d = mean_ci([float(r["declarer_first_loss"]) for r in records])
    print(f"  fair declarer's first card from dummy: {d[0]:.3f} tricks a board given up "
          f"(95% CI {d[1]:.3f} .. {d[2]:.3f})")
    out["declarer_first_card_tricks"] = [round(v, 3) for v in d]
    for name in ("rules", "sample"):
        lead = mean_ci([float(r[f"lead_{name}_loss"]) for r in records])
        best = mean_ci([float(r[f"bound_{name}"]) for r in records])
        print(f"  opening lead by {name}: {lead[0]:.3f} tricks a board given up (95% CI "
              f"{lead[1]:.3f} .. {lead[2]:.3f}); the fair team's IMPs a board against the "
              f"omniscient robots can be at most {best[0]:+.2f} (95% CI {best[1]:+.2f} .. "
              f"{best[2]:+.2f})")
        out[f"lead_{name}_tricks"] = [round(v, 3) for v in lead]
        out[f"bound_{name}_imps"] = [round(v, 3) for v in best]
    return out


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95 % interval (normal approximation)."""
    n = len(values)
    mean = statistics.fmean(values) if n else float("nan")
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else float("nan")
    return mean, mean - half, mean + half


def report(records: list[dict[str, Any]], opponents: tuple[str, ...], dealt: int,
           args: argparse.Namespace, seconds: float) -> dict[str, Any]:
    out: dict[str, Any] = {"seed": args.seed, "boards_dealt": dealt, "boards_played":
                           len(records), "samples": args.samples, "lead": args.lead,
                           "flat": args.flat, "system": not args.no_system,
                           "seconds": round(seconds, 1), "jobs": args.jobs, "matches": {}}
    print(f"\nseed {args.seed!r}, {dealt} boards dealt, {len(records)} played, "
          f"{args.samples} layouts a card, lead by {args.lead}, {seconds:.0f} s "
          f"on {args.jobs} process(es)")
    for name in opponents:
        rows = [r["matches"][name] for r in records]
        tally = Tally()
        for r in rows:
            tally.imps.append(r["imps"])
            tally.decl_diff.append(r["decl_diff"])
            tally.decl_loss.append(r["decl_loss"])
            tally.def_loss.append(r["def_loss"])
            tally.times_sampled += r["times_sampled"]
            tally.times_all += r["times_all"]
            tally.sampled += r["sampled"]
            tally.relaxed += r["relaxed"]
            tally.layouts += r.get("layouts", 0)
            tally.exact += r.get("exact", 0)
            tally.claims += r["claims"]
            tally.claims_accepted += r["claims_accepted"]
        summary(name, tally, dealt)
        m, lo, hi = mean_ci([float(x) for x in tally.imps])
        dl = mean_ci([float(x) for x in tally.decl_loss])
        df = mean_ci([float(x) for x in tally.def_loss])
        print(f"  against four omniscient robots in the same contract: the fair declarer "
              f"takes {dl[0]:.2f} tricks fewer (95% CI {dl[1]:.2f} .. {dl[2]:.2f}), the fair "
              f"defenders let {df[0]:.2f} more (95% CI {df[1]:.2f} .. {df[2]:.2f})")
        print(f"  fair declarers' claims: {tally.claims}, accepted {tally.claims_accepted}")
        out["matches"][name] = {
            "imps_a_board": round(m, 3), "ci95": [round(lo, 3), round(hi, 3)],
            "won_tied_lost": [sum(x > 0 for x in tally.imps), sum(x == 0 for x in tally.imps),
                              sum(x < 0 for x in tally.imps)],
            "declarer_tricks_lost_vs_omniscient": [round(v, 3) for v in dl],
            "defence_tricks_given_vs_omniscient": [round(v, 3) for v in df],
            "claims": tally.claims, "claims_accepted": tally.claims_accepted,
            "relaxed_share": round(tally.relaxed / max(1, tally.sampled), 4),
            "exact_share": round(tally.exact / max(1, tally.layouts), 4),
            "card_ms_sampled_p50_p95": [round(1000 * pct(tally.times_sampled, q), 1)
                                        for q in (.5, .95)],
            "card_ms_all_p50_p95": [round(1000 * pct(tally.times_all, q), 1) for q in (.5, .95)],
        }
    bid = mean_ci([float(r["bid_vs_par"]) for r in records])
    close = sum(r["bid_vs_par"] <= 1 for r in records) / max(1, len(records))
    print(f"bidding: the robots' contract played double dummy is {bid[0]:.2f} IMPs a board "
          f"from par (95% CI {bid[1]:.2f} .. {bid[2]:.2f}); within 1 IMP on "
          f"{100 * close:.0f} % (par itself: 0 by definition)")
    out["bidding_imps_from_par"] = [round(v, 3) for v in bid]
    out["bidding_within_1_imp"] = round(close, 4)
    return out


def _init_worker(flat: bool = False, system: bool = True) -> None:
    import functools

    import endplay._dds as _dds

    _dds.SetMaxThreads(1)  # one core a process: the time a card is one thread's
    if not system:
        # An experiment: layouts fitted to the calls' ranges and lengths only, without the
        # robots' system re-bidding each hidden hand (what the robot did before stop 35).
        from bridgescore.robots import fair

        fair.sample_layouts = functools.partial(
            fair.sample_layouts, system=False)
    if flat:
        # An experiment: every position decided on the full number of layouts, the first
        # three tricks included (the robot itself takes fewer there: fair.layouts_for).
        from bridgescore.robots import fair

        fair.layouts_for = lambda known, samples: samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=6,
                        help="boards dealt (default 6; the documented size is 1000)")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                        help=f"layouts a card (default {DEFAULT_SAMPLES})")
    parser.add_argument("--seed", default="bench-robots")
    parser.add_argument("--against", default="dd,simple",
                        help="the opponents' solvers, comma separated (default dd,simple)")
    parser.add_argument("--lead", default="rules", choices=("rules", "sample"),
                        help="the fair robot's opening lead (default rules)")
    parser.add_argument("--jobs", type=int, default=1, help="processes, one core each")
    parser.add_argument("--flat", action="store_true",
                        help="an experiment: the full number of layouts in every trick")
    parser.add_argument("--no-system", action="store_true",
                        help="an experiment: sample layouts without the system's re-bid check")
    parser.add_argument("--bound", action="store_true",
                        help="instead: the most the fair team can get from its first "
                             "decisions alone (the lead; declarer's first card)")
    parser.add_argument("--json", default="", help="write the figures to this file")
    parser.add_argument("--study", type=int, default=0, metavar="POSITIONS",
                        help="instead: compare 16/24/32/48 layouts a card with 96 on POSITIONS")
    args = parser.parse_args()
    flat = args.flat or args.bound  # the bound's decisions: the full number of layouts
    _init_worker(flat, not args.no_system)
    if args.study:
        study(args.study, args.seed)
        return
    opponents = tuple(a for a in args.against.split(",") if a)
    tasks = [(n, args.seed, args.samples, args.lead, opponents)
             for n in range(1, args.boards + 1)]
    started = time.perf_counter()
    records: list[dict[str, Any]] = []
    with multiprocessing.get_context("spawn").Pool(args.jobs, _init_worker,
                                                   (flat, not args.no_system)) as pool:
        for got in pool.imap(bound_board if args.bound else play_board, tasks):
            if got is None:
                continue
            records.append(got)
            if args.bound:
                print(f"board {got['board']}: lead {got['lead_rules_loss']}/"
                      f"{got['lead_sample_loss']}, declarer {got['declarer_first_loss']}, "
                      f"at most {got['bound_rules']:+d}/{got['bound_sample']:+d}  "
                      f"({time.perf_counter() - started:.0f} s)", flush=True)
                continue
            print(f"board {got['board']}: {got['contract']}, "
                  + ", ".join(f"vs {n} {got['matches'][n]['imps']:+d}" for n in opponents)
                  + f"  ({time.perf_counter() - started:.0f} s)", flush=True)
    seconds = time.perf_counter() - started
    figures = (bound_report(records, args, seconds) if args.bound
               else report(records, opponents, args.boards, args, seconds))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
