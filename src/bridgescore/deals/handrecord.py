"""The boards of a hand record: number, deal, dealer, vulnerability, and (when solved) the
double-dummy table and par.  The printed page is :mod:`bridgescore.render.handrecord`.

>>> from bridgescore.deals.dealing import deal_boards
>>> b = HandRecordBoard.from_dealt(deal_boards(1, seed=1)[0])
>>> b.to_dict()["dealer"], b.to_dict()["vulnerable"], sum(b.to_dict()["hcp"].values())
('N', 'None', 40)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.board import Board
from ..core.deal import Deal
from ..core.seat import Seat
from ..core.vulnerability import Vulnerability
from .dd import DD_SEATS, DD_STRAINS, DDTable, ParResult
from .dealing import DealtBoard

__all__ = ["DD_SEATS", "DD_STRAINS", "HandRecordBoard"]


@dataclass(frozen=True, slots=True)
class HandRecordBoard:
    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    dd: DDTable | None = None
    par: ParResult | None = None

    @classmethod
    def from_dealt(cls, b: DealtBoard) -> HandRecordBoard:
        return cls(b.number, b.deal, b.dealer, b.vulnerability)

    @classmethod
    def of(cls, number: int, deal: Deal, dealer: Seat | None = None,
           vulnerability: Vulnerability | None = None) -> HandRecordBoard:
        """A board whose dealer and vulnerability, when not given, follow its number (Law 2)."""
        board = Board(number)
        return cls(number, deal, dealer or board.dealer, vulnerability or board.vulnerability)

    def to_dict(self) -> dict[str, Any]:
        """The board as JSON data: hands by seat letter, with HCP; tricks and par if solved."""
        out: dict[str, Any] = {
            "board": self.number, "dealer": self.dealer.letter, "vulnerable": str(self.vulnerability),
            "deal": self.deal.pbn(self.dealer),
            "hands": {s.letter: self.deal[s].pbn() for s in Seat},
            "hcp": {s.letter: self.deal[s].hcp for s in Seat},
        }
        if self.dd is not None:
            out["tricks"] = self.dd.to_dict()
        if self.par is not None:
            out["par"] = self.par.to_dict()
        return out
