"""How well the robots bid, measured: four robots bid seeded random deals and the final
contracts are compared with simple targets (and, with ``--dd``, with the double-dummy par).

    python -m bridgescore.robots.quality [--boards 500] [--seed robots] [--dd] [--play]

The figures (docs/robots.md records a run):

- ``game``: of the boards where one side holds 26+ HCP and either an eight-card major fit or
  two balanced hands, the share where that side reaches game (or slam);
- ``low``: of the boards declared by a side with at most 20 HCP, the share played at the
  two level or lower; ``low_quiet``: the same of the boards where the other side only passed
  (no competition, no preempt by the other side);
- ``slam``: of the boards where one side holds 33+ HCP, the share where it bids a slam;
  ``rash_slam``: of the slams bid, the share by a side with fewer than 31 HCP;
- ``passed_out``: the share of boards passed out;
- with ``--dd``: ``imps_vs_par``, the mean IMPs by which the contract reached (scored by its
  double-dummy tricks) differs from the par score, and ``par_or_better``, the share of boards
  within 1 IMP of par; ``slams_made``, the share of the slams bid that make double dummy;
- with ``--play``: four simple robots play each contract reached; ``play_vs_dd`` is the mean
  of declarer's tricks less the double-dummy tricks, ``play_equal_dd`` the share of boards
  where they are equal.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.auction import Auction, CallKind
from ..core.board import Board
from ..core.contract import Contract
from ..core.deal import Deal
from ..core.seat import Seat, Side
from ..core.strain import Strain
from ..core.vulnerability import Vulnerability
from ..deals.dealing import random_deal
from .bidding import robot_call

__all__ = ["BoardBid", "bid_boards", "figures", "main"]


@dataclass(frozen=True, slots=True)
class BoardBid:
    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    auction: Auction

    @property
    def contract(self) -> Contract:
        c = self.auction.contract
        assert c is not None
        return c


def bid_boards(n: int, seed: str = "robots") -> list[BoardBid]:
    """``n`` seeded random deals (dealer and vulnerability by board number), bid by four
    robots."""
    out = []
    for number in range(1, n + 1):
        board = Board((number - 1) % 16 + 1)
        deal = random_deal(board.dealer, seed=seed, board=number)
        auction = Auction(board.dealer)
        while not auction.is_complete:
            auction = auction.add(robot_call(deal[auction.next_seat], auction, board.vulnerability))
        out.append(BoardBid(number, deal, board.dealer, board.vulnerability, auction))
    return out


def _side_hcp(deal: Deal, side: Side) -> int:
    return sum(deal[s].hcp for s in side.seats)


def _major_fit(deal: Deal, side: Side) -> bool:
    a, b = side.seats
    return any(deal[a].shape[i] + deal[b].shape[i] >= 8 for i in (0, 1))


def _is_game(contract: Contract) -> bool:
    need = {Strain.NOTRUMP: 3, Strain.SPADES: 4, Strain.HEARTS: 4}.get(contract.strain, 5)
    return contract.level >= need


def _quiet(auction: Auction, side: Side) -> bool:
    """Whether the side other than ``side`` only passed."""
    return all(c.kind is CallKind.PASS for i, c in enumerate(auction.calls)
               if auction.dealer.next(i).side is not side)


def figures(boards: Sequence[BoardBid], dd: bool = False) -> dict[str, float]:
    game_n = game_ok = low_n = low_ok = quiet_n = quiet_ok = slam_n = slam_ok = bid_slams = rash = passed = 0
    for b in boards:
        contract = b.contract
        declarer = b.auction.declarer
        if declarer is None:
            passed += 1
        for side in Side:
            hcp = _side_hcp(b.deal, side)
            ours = declarer is not None and declarer.side is side
            if hcp >= 26 and (_major_fit(b.deal, side)
                              or all(b.deal[s].is_balanced for s in side.seats)):
                game_n += 1
                game_ok += ours and _is_game(contract)
            if hcp >= 33:
                slam_n += 1
                slam_ok += ours and contract.level >= 6
            if ours:
                if hcp <= 20:
                    low_n += 1
                    low_ok += contract.level <= 2
                    if _quiet(b.auction, side):
                        quiet_n += 1
                        quiet_ok += contract.level <= 2
                if contract.level >= 6:
                    bid_slams += 1
                    rash += hcp < 31
    out = {
        "boards": float(len(boards)),
        "game": game_ok / game_n if game_n else 1.0, "game_boards": float(game_n),
        "low": low_ok / low_n if low_n else 1.0, "low_boards": float(low_n),
        "low_quiet": quiet_ok / quiet_n if quiet_n else 1.0, "low_quiet_boards": float(quiet_n),
        "slam": slam_ok / slam_n if slam_n else 1.0, "slam_boards": float(slam_n),
        "rash_slam": rash / bid_slams if bid_slams else 0.0,
        "passed_out": passed / len(boards) if boards else 0.0,
    }
    if dd:
        out.update(_par_figures(boards))
    return out


def _par_figures(boards: Sequence[BoardBid]) -> dict[str, float]:
    from ..core.result import Result
    from ..deals.dd import dd_tables, par
    from ..scoring.imps import imps

    tables = dd_tables([b.deal for b in boards])
    total = 0
    close = 0
    slams = slams_made = 0
    for b, table in zip(boards, tables, strict=True):
        declarer = b.auction.declarer
        if declarer is None:
            ns = 0
        else:
            tricks = table[b.contract.strain, declarer]
            if b.contract.level >= 6:
                slams += 1
                slams_made += tricks >= b.contract.level + 6
            ns = Result(b.contract, declarer, tricks).ns_score(b.vulnerability)
        par_ns = par(table, b.vulnerability, b.dealer).score
        diff = abs(imps(ns - par_ns))
        total += diff
        close += diff <= 1
    return {"imps_vs_par": total / len(boards), "par_or_better": close / len(boards),
            "slams_made": slams_made / slams if slams else 1.0}


def _play_figures(boards: Sequence[BoardBid]) -> dict[str, float]:
    from ..core.play import Play
    from ..deals.dd import dd_tables
    from .cardplay import simple_card

    played = [b for b in boards if b.auction.declarer is not None]
    tables = dd_tables([b.deal for b in played])
    diff = equal = 0
    for b, table in zip(played, tables, strict=True):
        declarer = b.auction.declarer
        assert declarer is not None
        play = Play(b.deal, b.contract, declarer)
        while not play.is_over:
            play.play(simple_card(play))
        assert play.total_tricks is not None
        d = play.total_tricks - table[b.contract.strain, declarer]
        diff += d
        equal += d == 0
    n = len(played) or 1
    return {"play_vs_dd": diff / n, "play_equal_dd": equal / n}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Measure the robots' bidding.")
    parser.add_argument("--boards", type=int, default=500)
    parser.add_argument("--seed", default="robots")
    parser.add_argument("--dd", action="store_true", help="compare with the double-dummy par")
    parser.add_argument("--play", action="store_true",
                        help="simple robots play the contracts: compare with double dummy")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    boards = bid_boards(args.boards, args.seed)
    elapsed = time.perf_counter() - start
    got = figures(boards, dd=args.dd)
    if args.play:
        got.update(_play_figures(boards))
    for key, value in got.items():
        print(f"{key:15} {value:.3f}")
    print(f"{'ms_per_auction':15} {elapsed * 1000 / len(boards):.2f}")


if __name__ == "__main__":
    main()
