"""A game record: one board as it was dealt, bid and played, as a PBN game or a LIN board
records it.  Its printed forms (text and HTML) are :mod:`bridgescore.render.gamerecord`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .auction import Auction
from .cards import Card
from .contract import Contract
from .deal import Deal
from .errors import BridgeError, IllegalPlayError
from .play import Play
from .result import Result
from .seat import Seat
from .vulnerability import Vulnerability

__all__ = ["GameRecord"]


@dataclass(slots=True)
class GameRecord:
    """What a PBN game or a LIN board records.  Every part is optional, as in the files."""

    board: int | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    deal: Deal | None = None
    players: dict[Seat, str] = field(default_factory=dict)
    auction: Auction | None = None
    contract: Contract | None = None
    declarer: Seat | None = None
    # The cards in the order played; None for a card the record does not show.
    play: list[Card | None] = field(default_factory=list)
    claim: int | None = None  # declarer's total tricks from a claim (LIN ``mc``)
    claimed: bool = False  # the play ended by a claim (PBN ``*``) without a count
    tricks: int | None = None  # the recorded result: declarer's tricks
    event: str | None = None
    date: str | None = None
    score_text: str | None = None  # the recorded score as written (PBN ``Score``)
    line: int | None = None  # where the game starts in its file

    @property
    def final_contract(self) -> Contract | None:
        if self.contract is not None:
            return self.contract
        return self.auction.contract if self.auction is not None else None

    @property
    def final_declarer(self) -> Seat | None:
        if self.declarer is not None:
            return self.declarer
        return self.auction.declarer if self.auction is not None else None

    @property
    def recorded_result(self) -> Result | None:
        contract = self.final_contract
        if contract is None:
            return None
        if contract.is_passed_out:
            return Result.passed_out()
        if self.tricks is None or self.final_declarer is None:
            return None
        return Result(contract, self.final_declarer, self.tricks)

    def replay(self) -> Play:
        """Replay the recorded cards (up to the first card the record does not show)."""
        contract, declarer = self.final_contract, self.final_declarer
        if self.deal is None or contract is None or declarer is None:
            raise IllegalPlayError(
                "cannot replay: the record lacks the deal, the contract or the declarer",
                "无法复盘：记录缺少牌局、定约或定约人",
            )
        play = Play(self.deal, contract, declarer)
        for card in self.play:
            if card is None:
                break
            play.play(card)
        if self.claim is not None and not play.is_over:
            play.claim(self.claim)
        return play

    def derived_result(self) -> Result | None:
        """The result the play gives: all 13 tricks played, or a claim with its count.  A
        PBN claim (``*``) carries no count; then the recorded result is taken if the tricks
        already played allow it, else it is an error."""
        contract = self.final_contract
        if contract is not None and contract.is_passed_out:
            return Result.passed_out()
        play = self.replay()
        if play.total_tricks is not None:
            return play.result()
        if self.tricks is not None and (self.claimed or self.play):
            play.claim(self.tricks)  # raises when the record contradicts the play
            return play.result()
        return None

    def score(self) -> int | None:
        """NS score of the recorded (or derived) result."""
        result = self.recorded_result
        if result is None:
            try:
                result = self.derived_result()
            except BridgeError:
                result = None
        if result is None or self.vulnerability is None:
            return None
        return result.ns_score(self.vulnerability)
