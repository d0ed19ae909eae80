"""The game record of a board played at an online table: what :mod:`bridgescore.tablestate`
knows, as the :class:`~bridgescore.gamerecord.GameRecord` that PBN and LIN write
(:mod:`bridgescore.formats.pbn_write`, :mod:`bridgescore.formats.lin`) and the printed
record renders (:mod:`bridgescore.render.gamerecord`).

A record of a board still in progress is possible (the cards so far, no result): the web
layer decides who may see it.  Alerts are not part of a ``GameRecord`` (PBN would carry them
as auction notes, LIN as ``an``; neither the record nor the library's writers have them
yet): :func:`alerts` gives them beside the record, call by call.

>>> from bridgescore.deal import Deal
>>> from bridgescore.tablestate import BoardDeal, TableState, MakeCall, Claim, AnswerClaim, apply, PlayCard
>>> from bridgescore.auction import Call
>>> from bridgescore.cards import Card
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> s = TableState.start(BoardDeal.numbered(1, deal))
>>> for call in "7NT P P P".split():
...     s, _ = apply(s, MakeCall(s.auction.next_seat, Call.parse(call)))
>>> s, _ = apply(s, PlayCard(Seat.EAST, Card.parse("ST")))
>>> s, _ = apply(s, Claim(Seat.NORTH, 13))
>>> s, _ = apply(s, AnswerClaim(Seat.EAST, True))
>>> s, _ = apply(s, AnswerClaim(Seat.WEST, True))
>>> rec = game_record(s, {Seat.NORTH: "Ann"}, "Club night", "2026.12.01")
>>> str(rec.final_contract), rec.final_declarer, rec.claim, rec.tricks, rec.score()
('7NT', <Seat.NORTH: 0>, 13, 13, 1520)
"""

from __future__ import annotations

from collections.abc import Mapping

from .auction import Auction
from .gamerecord import GameRecord
from .seat import Seat
from .tablestate import Phase, TableState

__all__ = ["alerts", "game_record"]


def game_record(state: TableState, players: Mapping[Seat, str], event: str | None = None,
                date: str | None = None) -> GameRecord:
    """The record of ``state``'s board: deal, dealer, vulnerability, the auction, the contract
    and declarer once the auction is over, the cards in the order played, an accepted claim
    (declarer's total, as LIN's ``mc``) and, once the board is over, declarer's tricks."""
    board = state.board
    rec = GameRecord(
        board=board.number, dealer=board.dealer, vulnerability=board.vulnerability,
        deal=board.deal, players={s: n for s, n in players.items() if n},
        auction=Auction(board.dealer, state.calls) if state.calls else None,
        event=event, date=date,
    )
    if state.auction.is_complete:
        rec.contract = state.contract
        rec.declarer = state.declarer
    rec.play = list(state.cards)
    if state.claimed is not None:
        rec.claim = state.claimed
        rec.claimed = True
    if state.phase is Phase.DONE:
        result = state.result
        assert result is not None
        if not result.is_passed_out:
            rec.tricks = result.tricks
    return rec


def alerts(state: TableState) -> list[str | None]:
    """Each call's explanation (None: not alerted), in the order of the calls."""
    return [state.alerts[i] if i < len(state.alerts) else None for i in range(len(state.calls))]
