"""Writing PBN 2.1: games back to text (``dumps``), game records and dealt board sets as
games in export format (``from_record``, ``boards_to_pbn``), and the tags that carry
double-dummy results (``set_dd_tags``).

Export format (PBN 2.1, 3.4): the mandatory tags in their order, the deal from the dealer's
hand, the play from the opening leader.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from ..core.errors import BridgeError
from ..core.gamerecord import GameRecord
from ..core.play import trick_winner
from ..core.seat import Seat
from ..core.strain import Strain
from ..core.vulnerability import Vulnerability
from .pbn_game import PbnGame

if TYPE_CHECKING:
    from ..core.deal import Deal


class BoardToWrite(Protocol):
    """What a board set's board gives the writer (a dealt board, a pool board …): the format
    asks for these fields, not for the dealing module's type, which sits a layer above."""

    @property
    def number(self) -> int: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def vulnerability(self) -> Vulnerability: ...
    @property
    def deal(self) -> Deal: ...


class TricksTable(Protocol):
    """A double-dummy table as the tags need it: tricks by strain and declarer, and the
    ``DoubleDummyTricks`` digits (the solver's ``DDTable`` is one)."""

    def __getitem__(self, key: tuple[Strain, Seat], /) -> int: ...
    def pbn(self) -> str: ...

__all__ = ["EXPORT_HEADER", "boards_to_pbn", "dumps", "from_record", "set_dd_tags"]

# The first lines of a file in export format.
EXPORT_HEADER = "% PBN 2.1\n% EXPORT\n"
_VUL_TEXT = {Vulnerability.NONE: "None", Vulnerability.NS: "NS", Vulnerability.EW: "EW",
             Vulnerability.BOTH: "All"}


def dumps(games: Iterable[PbnGame]) -> str:
    """PBN text; games read and not modified come back exactly as they were."""
    out: list[str] = []
    games = list(games)
    for i, game in enumerate(games):
        out.extend(game.lines())
        if i < len(games) - 1 or game.terminated:
            out.append("")
        out.extend(game.trailer)
    return "\n".join(out) + "\n" if out else ""


def from_record(rec: GameRecord, event: str = "") -> PbnGame:
    """A PBN game (export order of the mandatory tags) from a record."""
    game = PbnGame()
    contract = rec.final_contract
    declarer = rec.final_declarer
    vul = rec.vulnerability
    tricks = rec.tricks
    if tricks is None and rec.play:
        try:
            derived = rec.derived_result()
        except BridgeError:
            derived = None
        tricks = derived.tricks if derived is not None and not derived.is_passed_out else None
    vul_text = _VUL_TEXT[vul] if vul is not None else "?"
    for name, val in (
        ("Event", rec.event if rec.event is not None else event),
        ("Site", ""),
        ("Date", rec.date or ""),
        ("Board", str(rec.board) if rec.board is not None else "?"),
        ("West", rec.players.get(Seat.WEST, "")),
        ("North", rec.players.get(Seat.NORTH, "")),
        ("East", rec.players.get(Seat.EAST, "")),
        ("South", rec.players.get(Seat.SOUTH, "")),
        ("Dealer", rec.dealer.letter if rec.dealer else "?"),
        ("Vulnerable", vul_text),
        # export format: the deal starts with the dealer (PBN 2.1, 3.4.11)
        ("Deal", rec.deal.pbn(rec.dealer or Seat.NORTH) if rec.deal else ""),
        ("Scoring", ""),
        ("Declarer", declarer.letter if declarer else ("" if contract and contract.is_passed_out else "?")),
        ("Contract", ("Pass" if contract.is_passed_out else str(contract)) if contract else "?"),
        ("Result", str(tricks) if tricks is not None else ("" if contract and contract.is_passed_out else "?")),
    ):
        game.set_tag(name, val, [])
    if rec.auction is not None:
        calls = [c.format() for c in rec.auction.calls]
        rows = [" ".join(calls[i : i + 4]) for i in range(0, len(calls), 4)]
        game.set_tag("Auction", rec.auction.dealer.letter, rows)
    if rec.play and declarer is not None and contract is not None and not contract.is_passed_out:
        leader = declarer.lho
        rows = []
        cards = rec.play
        for i in range(0, len(cards), 4):
            trick = cards[i : i + 4]
            by_seat = {leader.next(k): c for k, c in enumerate(trick)}
            cells = [by_seat.get(declarer.lho.next(j)) for j in range(4)]
            rows.append(" ".join("-" if c is None else str(c) for c in cells))
            known = [c for c in trick if c is not None]
            if len(known) < 4:
                break
            leader = trick_winner(leader, known, contract.strain)
        if rec.claimed or rec.claim is not None or len(cards) < 52:
            rows.append("*")
        game.set_tag("Play", declarer.lho.letter, rows)
    return game


def boards_to_pbn(boards: Iterable[BoardToWrite], event: str = "", date: str = "") -> str:
    """A board set as PBN 2.1 (export format, the tags a dealing machine needs)."""
    games = []
    for b in boards:
        g = PbnGame()
        for name, value in (
            ("Event", event), ("Site", ""), ("Date", date), ("Round", ""), ("Board", str(b.number)),
            ("West", ""), ("North", ""), ("East", ""), ("South", ""),
            ("Dealer", b.dealer.letter), ("Vulnerable", _VUL_TEXT[b.vulnerability]),
            # export format: the deal from the dealer's hand (PBN 3.4.11)
            ("Deal", b.deal.pbn(b.dealer)), ("Scoring", ""), ("Declarer", ""), ("Contract", ""),
            ("Result", ""),
        ):
            g.set_tag(name, value, [])
        games.append(g)
    return EXPORT_HEADER + dumps(games)


# PBN's order of the double-dummy tags (the order of ``DoubleDummyTricks``' 20 digits): North,
# South, East, West, and in each notrump, spades, hearts, diamonds, clubs.  It is the format's,
# so it is written here rather than taken from the solver's module (a layer above).
_TABLE_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_TABLE_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def set_dd_tags(game: PbnGame, table: TricksTable, par_score: int) -> None:
    """Add (or replace) the tags that carry a deal's double-dummy analysis: ``DoubleDummyTricks``,
    ``OptimumScore`` (NS par score) and ``OptimumResultTable`` (tricks by declarer and strain)."""
    game.set_tag("DoubleDummyTricks", table.pbn(), [])
    game.set_tag("OptimumScore", f"NS {par_score:+d}" if par_score else "NS 0", [])
    rows = [f"{seat.letter} {'NT' if s is Strain.NOTRUMP else s.letter:>2} {table[s, seat]:>2}"
            for seat in _TABLE_SEATS for s in _TABLE_STRAINS]
    game.set_tag("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", rows)
