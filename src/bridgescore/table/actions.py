"""What a player may do at an online table, and what the table says happened: the actions
(a call, a card, a claim, an undo request and the answers to them), the events an action
causes, the refusal every rule gives (``TableActionError``), and an action read from a
client's message (``action_from_dict``, docs/protocol.md).  The state machine that takes them
is :mod:`bridgescore.table.state`; what each viewer is shown, :mod:`bridgescore.table.views`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.auction import Call
from ..core.cards import Card
from ..core.contract import Contract
from ..core.errors import BridgeError
from ..core.result import Result
from ..core.seat import Seat

__all__ = [
    "Action",
    "AnswerClaim",
    "AnswerUndo",
    "AuctionEnded",
    "BoardEnded",
    "CallMade",
    "CardPlayed",
    "Claim",
    "ClaimAccepted",
    "ClaimMade",
    "ClaimRejected",
    "ClaimWithdrawn",
    "DummyFaced",
    "Event",
    "MakeCall",
    "PlayCard",
    "RequestUndo",
    "TableActionError",
    "TrickCompleted",
    "UndoAccepted",
    "UndoRejected",
    "UndoRequested",
    "UndoWithdrawn",
    "WithdrawClaim",
    "WithdrawUndo",
    "action_from_dict",
]

MAX_ALERT = 200  # characters of an alert's explanation (a sentence, not an essay)
MAX_STATEMENT = 300  # characters of a claim's statement


class TableActionError(BridgeError):
    """An action the table refuses.  ``code`` names the reason for programs (the WebSocket
    protocol's error codes, docs/protocol.md); ``en``/``zh`` say it to people."""

    def __init__(self, code: str, en: str, zh: str) -> None:
        super().__init__(en, zh)
        self.code = code


# -- actions ---------------------------------------------------------------------------
# ``seat`` is always the seat of the player acting: declarer acts for dummy's cards.


@dataclass(frozen=True, slots=True)
class MakeCall:
    seat: Seat
    call: Call
    alert: str | None = None  # the caller's explanation, shown to the opponents only


@dataclass(frozen=True, slots=True)
class PlayCard:
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim ``tricks`` of the remaining tricks (the trick in progress counts) for the
    claimer's side, conceding the rest; 0 concedes them all."""

    seat: Seat
    tricks: int
    statement: str = ""


@dataclass(frozen=True, slots=True)
class AnswerClaim:
    seat: Seat
    accept: bool


@dataclass(frozen=True, slots=True)
class WithdrawClaim:
    seat: Seat


@dataclass(frozen=True, slots=True)
class RequestUndo:
    seat: Seat


@dataclass(frozen=True, slots=True)
class AnswerUndo:
    seat: Seat
    accept: bool


@dataclass(frozen=True, slots=True)
class WithdrawUndo:
    seat: Seat


Action = (MakeCall | PlayCard | Claim | AnswerClaim | WithdrawClaim | RequestUndo | AnswerUndo
          | WithdrawUndo)

# -- events ------------------------------------------------------------------------------
# Facts about the table.  They name no unplayed card: what a viewer may see of the hands
# comes from view(), never from an event (an event's alert is the one part that depends on
# the viewer, see event_dict).


@dataclass(frozen=True, slots=True)
class CallMade:
    seat: Seat
    call: Call
    alert: str | None


@dataclass(frozen=True, slots=True)
class AuctionEnded:
    contract: Contract
    declarer: Seat | None


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class DummyFaced:
    dummy: Seat


@dataclass(frozen=True, slots=True)
class TrickCompleted:
    winner: Seat
    declarer_tricks: int
    defender_tricks: int


@dataclass(frozen=True, slots=True)
class ClaimMade:
    seat: Seat
    tricks: int
    statement: str
    deciders: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class ClaimAccepted:
    seat: Seat  # the decider who accepted (the claim stands once every decider has)


@dataclass(frozen=True, slots=True)
class ClaimRejected:
    seat: Seat


@dataclass(frozen=True, slots=True)
class ClaimWithdrawn:
    seat: Seat


@dataclass(frozen=True, slots=True)
class UndoRequested:
    seat: Seat
    deciders: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class UndoAccepted:
    seat: Seat  # the decider who accepted (the move is taken back once every decider has)


@dataclass(frozen=True, slots=True)
class UndoRejected:
    seat: Seat


@dataclass(frozen=True, slots=True)
class UndoWithdrawn:
    seat: Seat


@dataclass(frozen=True, slots=True)
class MoveTakenBack:
    kind: str  # "call" or "card"
    seat: Seat  # whose call, or which hand's card


@dataclass(frozen=True, slots=True)
class BoardEnded:
    result: Result
    score_ns: int


Event = (CallMade | AuctionEnded | CardPlayed | DummyFaced | TrickCompleted | ClaimMade
         | ClaimAccepted | ClaimRejected | ClaimWithdrawn | UndoRequested | UndoAccepted
         | UndoRejected | UndoWithdrawn | MoveTakenBack | BoardEnded)


# -- actions from the wire -----------------------------------------------------------------


def action_from_dict(seat: Seat, data: dict[str, Any]) -> Action:
    """An action from a client's message (docs/protocol.md); the seat is the server's, never
    the client's.  Raises :class:`TableActionError` ``bad_message`` quoting what was wrong."""
    kind = data.get("type")

    def text(key: str, limit: int) -> str:
        value = data.get(key, "")
        if value is None:
            return ""
        if not isinstance(value, str) or len(value) > limit:
            raise TableActionError("bad_message", f"'{key}' must be text of at most {limit} characters",
                          f"'{key}' 应为最多 {limit} 个字符的文字")
        return value

    def flag(key: str) -> bool:
        value = data.get(key)
        if not isinstance(value, bool):
            raise TableActionError("bad_message", f"'{key}' must be true or false, not {value!r:.40}",
                          f"'{key}' 应为 true 或 false，而不是 {value!r:.40}")
        return value

    try:
        if kind == "call":
            raw = data.get("call")
            if not isinstance(raw, str) or len(raw) > 20:
                raise TableActionError("bad_message", f"'call' must be a call such as '1NT', 'P', 'X', "
                              f"not {raw!r:.40}", f"'call' 应为叫品，如 '1NT'、'P'、'X'，而不是 {raw!r:.40}")
            return MakeCall(seat, Call.parse(raw), text("alert", MAX_ALERT) or None)
        if kind == "card":
            raw = data.get("card")
            if not isinstance(raw, str) or len(raw) > 12:
                raise TableActionError("bad_message", f"'card' must be a card such as 'SA', not {raw!r:.40}",
                              f"'card' 应为一张牌，如 'SA'，而不是 {raw!r:.40}")
            return PlayCard(seat, Card.parse(raw))
        if kind == "claim":
            tricks = data.get("tricks")
            if type(tricks) is not int:
                raise TableActionError("bad_message", f"'tricks' must be a whole number, not {tricks!r:.40}",
                              f"'tricks' 应为整数，而不是 {tricks!r:.40}")
            return Claim(seat, tricks, text("statement", MAX_STATEMENT))
        if kind == "claim_answer":
            return AnswerClaim(seat, flag("accept"))
        if kind == "claim_withdraw":
            return WithdrawClaim(seat)
        if kind == "undo":
            return RequestUndo(seat)
        if kind == "undo_answer":
            return AnswerUndo(seat, flag("accept"))
        if kind == "undo_withdraw":
            return WithdrawUndo(seat)
    except TableActionError:
        raise
    except BridgeError as e:
        raise TableActionError("bad_message", e.en, e.zh) from None
    raise TableActionError("bad_message", f"unknown message type {kind!r:.40}",
                  f"未知的消息类型 {kind!r:.40}")


