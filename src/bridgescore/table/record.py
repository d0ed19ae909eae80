"""The game record of a board played at an online table: what :mod:`bridgescore.table.state`
knows, as the :class:`~bridgescore.core.gamerecord.GameRecord` that PBN and LIN write
(:mod:`bridgescore.formats.pbn_write`, :mod:`bridgescore.formats.lin`) and the printed
record renders (:mod:`bridgescore.render.gamerecord`).

A record of a board still in progress is possible (the cards so far, no result): the web
layer decides who may see it.  Alerts are not part of a ``GameRecord``: :func:`alerts` gives
them beside the record, call by call, and :func:`pbn_text` and :func:`lin_text` write them
where each format keeps them (PBN: a note ``=1=`` after the call and its ``[Note "1:…"]``
tag after the auction; LIN: ``mb|1N!|an|…|``), which the library's readers skip.

>>> from bridgescore.core.deal import Deal
>>> from bridgescore.table.state import BoardDeal, TableState, MakeCall, Claim, AnswerClaim, apply, PlayCard
>>> from bridgescore.core.auction import Call
>>> from bridgescore.core.cards import Card
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

from ..core.auction import Auction
from ..core.gamerecord import GameRecord
from ..core.seat import Seat
from .state import Phase, TableState

__all__ = ["alerts", "game_record", "lin_text", "pbn_text"]


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


def pbn_text(state: TableState, players: Mapping[Seat, str], event: str | None = None,
             date: str | None = None) -> str:
    """The board as a PBN 2.1 file (export format), the alerts as auction notes."""
    from ..formats.pbn_game import PbnTag, escape
    from ..formats.pbn_write import EXPORT_HEADER, dumps, from_record

    game = from_record(game_record(state, players, event, date))
    notes = alerts(state)
    if any(notes) and state.calls:
        tokens: list[str] = []
        texts: list[str] = []
        for call, note in zip(state.calls, notes, strict=True):
            tokens.append(call.format())
            if note:
                texts.append(note)
                tokens[-1] += f" ={len(texts)}="
        rows = [" ".join(tokens[i:i + 4]) for i in range(0, len(tokens), 4)]
        game.set_tag("Auction", state.board.dealer.letter, rows)
        names = [t.name for t in game.tags]
        at = names.index("Auction") + 1
        for k, text in enumerate(texts, 1):
            value = f"{k}:{_one_line(text)}"
            game.tags.insert(at + k - 1, PbnTag("Note", value, 0, escape(value), (), None))
    return EXPORT_HEADER + dumps([game])


def lin_text(state: TableState, players: Mapping[Seat, str], event: str | None = None,
             date: str | None = None) -> str:
    """The board as a LIN line, each alerted call marked ``!`` with its explanation (``an``)."""
    from ..formats import lin

    text = lin.dumps([game_record(state, players, event, date)])
    notes = alerts(state)
    if not any(notes):
        return text
    parts = text.rstrip("\n").split("|")
    out: list[str] = []
    call = 0
    i = 0
    while i + 1 < len(parts):
        key, value = parts[i], parts[i + 1]
        i += 2
        if key == "mb":
            note = notes[call] if call < len(notes) else None
            call += 1
            if note:
                # A bar would end the value: LIN has no escape for it.
                out += [key, value + "!", "an", _one_line(note).replace("|", "/")]
                continue
        out += [key, value]
    return "|".join(out) + "|\n"


def _one_line(text: str) -> str:
    return " ".join(text.split())
