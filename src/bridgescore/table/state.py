"""One board at an online table as a pure state machine: a state and an action in, a new
state and the events it caused out (platform.md §11).  No clock, no storage, no sockets: the
web layer persists the actions, replays them to rebuild a table, and sends each connection
only :func:`bridgescore.table.views.view` of the state for that viewer; the
actions and events are :mod:`bridgescore.table.actions`.

The state is the record of what was done (calls, alerts, cards, a pending claim or undo
request); the auction and the play are rebuilt from it with the library's engines, so the
Laws checked there (Laws 17-22, 41, 44) are checked here too.

>>> from bridgescore.core.auction import Call
>>> from bridgescore.core.cards import Card
>>> from bridgescore.core.deal import Deal
>>> from bridgescore.core.seat import Seat
>>> from bridgescore.table.actions import AnswerClaim, Claim, MakeCall, PlayCard
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> s = TableState.start(BoardDeal.numbered(1, deal))
>>> for call in "7NT P P P".split():
...     s, _ = apply(s, MakeCall(s.auction.next_seat, Call.parse(call)))
>>> s.phase, str(s.contract), s.declarer
(<Phase.PLAY: 'play'>, '7NT', <Seat.NORTH: 0>)
>>> s, events = apply(s, PlayCard(Seat.EAST, Card.parse("ST")))
>>> [type(e).__name__ for e in events]
['CardPlayed', 'DummyFaced']
>>> s, _ = apply(s, Claim(Seat.NORTH, 13))
>>> s, _ = apply(s, AnswerClaim(Seat.EAST, True))
>>> s, events = apply(s, AnswerClaim(Seat.WEST, True))
>>> s.phase, str(s.result), s.score_ns
(<Phase.DONE: 'done'>, '7NT N =', 1520)
"""


from __future__ import annotations

import enum
from dataclasses import InitVar, dataclass, field
from typing import Any

from ..core.auction import Auction, Call
from ..core.board import Board
from ..core.cards import Card
from ..core.contract import Contract
from ..core.deal import Deal, Hand
from ..core.errors import BridgeError
from ..core.law77 import score
from ..core.play import Play
from ..core.result import Result
from ..core.seat import Seat
from ..core.vulnerability import Vulnerability
from .actions import (
    MAX_ALERT,
    MAX_STATEMENT,
    Action,
    AnswerClaim,
    AnswerUndo,
    AuctionEnded,
    BoardEnded,
    CallMade,
    CardPlayed,
    Claim,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    ClaimWithdrawn,
    DummyFaced,
    Event,
    MakeCall,
    MoveTakenBack,
    PlayCard,
    RequestUndo,
    TableActionError,
    TrickCompleted,
    UndoAccepted,
    UndoRejected,
    UndoRequested,
    UndoWithdrawn,
    WithdrawClaim,
    WithdrawUndo,
)

__all__ = [
    "BoardDeal",
    "Phase",
    "TableRules",
    "TableState",
    "apply",
]

class Phase(enum.Enum):
    AUCTION = "auction"
    PLAY = "play"  # the auction is over and the board is being played (lead not yet made, too)
    DONE = "done"  # passed out, 13 tricks played, or a claim accepted


@dataclass(frozen=True, slots=True)
class TableRules:
    """A table's settings.  ``undo_allowed``: players may ask to take back their last call or
    card (the opponents decide); a competition may forbid it."""

    undo_allowed: bool = True


@dataclass(frozen=True, slots=True)
class BoardDeal:
    """The board on the table: its number, dealer, vulnerability and the four hands."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal

    @classmethod
    def numbered(cls, number: int, deal: Deal) -> BoardDeal:
        """Dealer and vulnerability from the board number (Law 2)."""
        board = Board(number)
        return cls(number, board.dealer, board.vulnerability, deal)


@dataclass(frozen=True, slots=True)
class PendingClaim:
    seat: Seat
    tricks: int
    statement: str
    deciders: tuple[Seat, ...]
    accepted: frozenset[Seat] = frozenset()


@dataclass(frozen=True, slots=True)
class PendingUndo:
    seat: Seat
    deciders: tuple[Seat, ...]
    accepted: frozenset[Seat] = frozenset()


# -- the state ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TableState:
    """What has happened on one board.  Build with :meth:`start`, change with :func:`apply`."""

    board: BoardDeal
    rules: TableRules = TableRules()
    calls: tuple[Call, ...] = ()
    alerts: tuple[str | None, ...] = ()  # one per call
    cards: tuple[Card, ...] = ()
    claim: PendingClaim | None = None
    undo: PendingUndo | None = None
    claimed: int | None = None  # declarer's total tricks, from an accepted claim
    # Claims rejected on this board: a robot that had a claim rejected plays the board out
    # rather than claim again (robots.table), so two robots never claim and reject forever.
    refused: int = 0
    # Rebuilt from the record above; not part of equality.
    _auction: Auction = field(init=False, repr=False, compare=False)
    _play: Play | None = field(init=False, repr=False, compare=False)
    # The position this one follows (``apply``): when this one is it and a card, its play is
    # copied and the card played, rather than every card replayed (a board's moves replayed
    # one by one cost the square of their number); its auction serves when the calls are
    # the same.
    after: InitVar[TableState | None] = None

    def __post_init__(self, after: TableState | None) -> None:
        # The auction (frozen) is the last position's when the calls are the same ones.
        auction = (after._auction if after is not None and after.calls is self.calls
                   and after.board is self.board else Auction(self.board.dealer, self.calls))
        object.__setattr__(self, "_auction", auction)
        play = None
        contract = auction.contract
        if (after is not None and after._play is not None and self.claimed is None
                and after.claimed is None and after.calls is self.calls
                and len(self.cards) == len(after.cards) + 1
                and after.cards == self.cards[:-1] and after.board is self.board):
            play = after._play.copy()
            play.play(self.cards[-1])
        elif contract is not None and auction.declarer is not None:
            play = Play.replay(self.board.deal, contract, auction.declarer, self.cards,
                               self.claimed)
        elif self.cards:
            raise TableActionError("bad_record", "cards played before the auction ended",
                                   "叫牌结束前不能出牌")
        object.__setattr__(self, "_play", play)

    @classmethod
    def start(cls, board: BoardDeal, rules: TableRules = TableRules()) -> TableState:
        return cls(board, rules)

    # derived -------------------------------------------------------------------------

    @property
    def auction(self) -> Auction:
        return self._auction

    @property
    def play(self) -> Play | None:
        """The play so far, once the auction has ended in a contract (a copy is not made:
        do not play cards on it; use :func:`apply`)."""
        return self._play

    @property
    def contract(self) -> Contract | None:
        return self._auction.contract

    @property
    def declarer(self) -> Seat | None:
        return self._auction.declarer

    @property
    def dummy(self) -> Seat | None:
        return self._auction.dummy

    @property
    def phase(self) -> Phase:
        if not self._auction.is_complete:
            return Phase.AUCTION
        if self._play is None or self._play.is_over:
            return Phase.DONE
        return Phase.PLAY

    @property
    def dummy_faced(self) -> bool:
        """Dummy's hand is faced once the opening lead is made (Law 41D)."""
        return self._play is not None and bool(self.cards)

    @property
    def next_seat(self) -> Seat | None:
        """The hand whose turn it is to call or play (dummy's own seat when a card is to be
        played from dummy); ``None`` once the board is over."""
        phase = self.phase
        if phase is Phase.AUCTION:
            return self._auction.next_seat
        if phase is Phase.PLAY:
            assert self._play is not None
            return self._play.next_seat
        return None

    def controller(self, hand: Seat) -> Seat:
        """The player who plays a hand's cards: declarer for dummy (Law 45)."""
        if self.dummy is not None and hand is self.dummy and self.phase is not Phase.AUCTION:
            return hand.partner
        return hand

    @property
    def to_act(self) -> tuple[Seat, ...]:
        """The players the table waits for: the deciders of a pending claim or undo request
        who have not answered, else the player whose turn it is."""
        pending = self.claim or self.undo
        if pending is not None:
            return tuple(s for s in pending.deciders if s not in pending.accepted)
        nxt = self.next_seat
        return () if nxt is None else (self.controller(nxt),)

    @property
    def result(self) -> Result | None:
        if self.phase is not Phase.DONE:
            return None
        contract = self.contract
        assert contract is not None
        if self._play is None:
            return Result(contract, None, 0)
        return self._play.result()

    @property
    def score_ns(self) -> int | None:
        """North-South's score once the board is over (Law 77)."""
        result = self.result
        if result is None:
            return None
        if result.declarer is None:
            return 0
        vulnerable = self.board.vulnerability.is_vulnerable(result.declarer)
        points = score(result.contract, result.tricks, vulnerable)
        return points if result.declarer.side is Seat.NORTH.side else -points

    def legal_calls(self) -> list[Call]:
        if self.phase is not Phase.AUCTION or self.claim or self.undo:
            return []
        return self._auction.legal_calls()

    def legal_cards(self) -> list[Card]:
        if self.phase is not Phase.PLAY or self.claim or self.undo:
            return []
        assert self._play is not None
        return self._play.legal_cards()

    def hand(self, seat: Seat) -> Hand:
        """The cards a seat still holds."""
        if self._play is None:
            return self.board.deal[seat]
        return self._play.hand(seat)

    @property
    def moves(self) -> int:
        """Calls and cards made: the length of the record, the table's position."""
        return len(self.calls) + len(self.cards)

    def last_move(self) -> tuple[str, Seat] | None:
        """("card", hand) or ("call", seat) of the last move, or ``None``."""
        if self.cards:
            assert self._play is not None
            tricks = self._play.tricks
            cur = self._play.current
            if cur.cards:
                return "card", cur.leader.next(len(cur.cards) - 1)
            return "card", tricks[-1].leader.next(3)
        if self.calls:
            return "call", Seat((self.board.dealer.value + len(self.calls) - 1) % 4)
        return None


# -- applying actions ------------------------------------------------------------------


def _refuse(code: str, en: str, zh: str) -> TableActionError:
    return TableActionError(code, en, zh)


def _who(seat: Seat) -> tuple[str, str]:
    return seat.name_in("en"), seat.name_in("zh")


def _side_of(seat: Seat) -> tuple[Seat, Seat]:
    return (seat, seat.partner)


def _defenders(declarer: Seat) -> tuple[Seat, ...]:
    return tuple(sorted((declarer.lho, declarer.rho), key=lambda s: s.value))


def _not_pending(state: TableState) -> None:
    if state.claim is not None:
        raise _refuse("claim_pending", "a claim is waiting for an answer; play stops until it "
                      "is accepted, rejected or withdrawn",
                      "摊牌等待答复：在接受、拒绝或撤回之前暂停打牌")
    if state.undo is not None:
        raise _refuse("undo_pending", "a request to take back a move is waiting for an answer",
                      "收回请求等待答复")


def apply(state: TableState, action: Action) -> tuple[TableState, list[Event]]:
    """The state after ``action`` and the events it caused; raises
    :class:`TableActionError` (nothing changes) for an action the table refuses."""
    if not isinstance(action.seat, Seat):
        raise _refuse("bad_seat", f"invalid seat {action.seat!r}", f"无效的座位 {action.seat!r}")
    if state.phase is Phase.DONE:
        raise _refuse("board_over", "the board is over", "这副牌已经结束")
    if isinstance(action, MakeCall):
        return _call(state, action)
    if isinstance(action, PlayCard):
        return _card(state, action)
    if isinstance(action, Claim):
        return _claim(state, action)
    if isinstance(action, AnswerClaim):
        return _answer_claim(state, action)
    if isinstance(action, WithdrawClaim):
        if state.claim is None or state.claim.seat is not action.seat:
            raise _refuse("no_claim", "you have no claim to withdraw", "您没有可撤回的摊牌")
        return _replace(state, claim=None), [ClaimWithdrawn(action.seat)]
    if isinstance(action, RequestUndo):
        return _request_undo(state, action)
    if isinstance(action, AnswerUndo):
        return _answer_undo(state, action)
    if isinstance(action, WithdrawUndo):
        if state.undo is None or state.undo.seat is not action.seat:
            raise _refuse("no_undo", "you have no request to withdraw", "您没有可撤回的请求")
        return _replace(state, undo=None), [UndoWithdrawn(action.seat)]
    raise _refuse("bad_action", f"unknown action {action!r}", f"未知的操作 {action!r}")


def _replace(state: TableState, **changes: Any) -> TableState:
    fields: dict[str, Any] = {"board": state.board, "rules": state.rules, "calls": state.calls,
              "alerts": state.alerts, "cards": state.cards, "claim": state.claim,
              "undo": state.undo, "claimed": state.claimed, "refused": state.refused,
              "after": state}
    fields.update(changes)
    return TableState(**fields)


def _not_your_turn(seat: Seat, expected: tuple[Seat, ...]) -> TableActionError:
    en, zh = _who(seat)
    names_en = " or ".join(s.name_in("en") for s in expected)
    names_zh = "或".join(s.name_in("zh") for s in expected)
    return _refuse("not_your_turn", f"it is not {en}'s turn: the table waits for {names_en}",
                   f"还没轮到{zh}：现在轮到{names_zh}")


def _call(state: TableState, action: MakeCall) -> tuple[TableState, list[Event]]:
    if state.phase is not Phase.AUCTION:
        raise _refuse("auction_over", "the auction is over", "叫牌已经结束")
    _not_pending(state)
    if action.seat is not state.auction.next_seat:
        raise _not_your_turn(action.seat, (state.auction.next_seat,))
    if not isinstance(action.call, Call):
        raise _refuse("bad_call", f"invalid call {action.call!r}", f"无效的叫品 {action.call!r}")
    alert = (action.alert or "").strip() or None
    if alert is not None and len(alert) > MAX_ALERT:
        raise _refuse("alert_too_long", f"an alert's explanation has at most {MAX_ALERT} "
                      f"characters, not {len(alert)}",
                      f"提醒说明最多 {MAX_ALERT} 个字符，而不是 {len(alert)} 个")
    try:
        auction = state.auction.add(action.call)
    except BridgeError as e:
        raise _refuse("illegal_call", e.en, e.zh) from None
    new = _replace(state, calls=auction.calls, alerts=(*state.alerts, alert))
    events: list[Event] = [CallMade(action.seat, action.call, alert)]
    if auction.is_complete:
        contract = auction.contract
        assert contract is not None
        events.append(AuctionEnded(contract, auction.declarer))
        if new.phase is Phase.DONE:  # passed out
            events.append(BoardEnded(Result(contract, None, 0), 0))
    return new, events


def _card(state: TableState, action: PlayCard) -> tuple[TableState, list[Event]]:
    if state.phase is not Phase.PLAY:
        raise _refuse("not_play", "no card can be played now: the auction is not over",
                      "现在不能出牌：叫牌还没结束")
    _not_pending(state)
    hand = state.next_seat
    assert hand is not None
    if action.seat is not state.controller(hand):
        if action.seat is state.dummy:
            en, zh = _who(action.seat)
            raise _refuse("dummy_plays_nothing", f"{en} is dummy: declarer plays dummy's cards "
                          "(Law 45)", f"{zh}是明手：明手的牌由庄家打出（第45条）")
        raise _not_your_turn(action.seat, (state.controller(hand),))
    if not isinstance(action.card, Card):
        raise _refuse("bad_card", f"invalid card {action.card!r}", f"无效的牌 {action.card!r}")
    play = state.play
    assert play is not None
    if action.card not in play.legal_cards():
        # Replay on a copy so that the engine names the Law; never say who holds the card.
        probe = Play.replay(state.board.deal, play.contract, play.declarer, state.cards)
        try:
            probe.play(action.card)
        except BridgeError as e:
            raise _refuse("illegal_card", e.en, e.zh) from None
        raise AssertionError("unreachable: a card not legal was accepted")  # pragma: no cover
    new = _replace(state, cards=(*state.cards, action.card))
    events: list[Event] = [CardPlayed(hand, action.card)]
    if len(state.cards) == 0:
        assert state.dummy is not None
        events.append(DummyFaced(state.dummy))
    new_play = new.play
    assert new_play is not None
    if len(new_play.tricks) > len(play.tricks):
        winner = new_play.tricks[-1].winner
        assert winner is not None
        events.append(TrickCompleted(winner, new_play.declarer_tricks, new_play.defender_tricks))
    if new.phase is Phase.DONE:
        result, points = new.result, new.score_ns
        assert result is not None and points is not None
        events.append(BoardEnded(result, points))
    return new, events


def _claim_deciders(state: TableState, claimer: Seat) -> tuple[Seat, ...]:
    declarer = state.declarer
    assert declarer is not None
    if claimer is declarer:
        return _defenders(declarer)  # both defenders must accept
    return (declarer,)  # a defender's claim: declarer decides (dummy takes no part)


def _claim(state: TableState, action: Claim) -> tuple[TableState, list[Event]]:
    if state.phase is not Phase.PLAY or not state.cards:
        raise _refuse("no_claim_now", "a claim can be made once the opening lead has been made",
                      "首攻之后才能摊牌")
    _not_pending(state)
    if action.seat is state.dummy:
        en, zh = _who(action.seat)
        raise _refuse("dummy_cannot_claim", f"{en} is dummy and may not claim (Law 68)",
                      f"{zh}是明手，不能摊牌（第68条）")
    play = state.play
    assert play is not None
    statement = (action.statement or "").strip()
    if len(statement) > MAX_STATEMENT:
        raise _refuse("statement_too_long", f"a claim's statement has at most {MAX_STATEMENT} "
                      f"characters, not {len(statement)}",
                      f"摊牌说明最多 {MAX_STATEMENT} 个字符，而不是 {len(statement)} 个")
    if type(action.tricks) is not int or not 0 <= action.tricks <= play.remaining:
        raise _refuse("bad_claim", f"invalid claim of {action.tricks!r} tricks: {play.remaining} "
                      f"remain, so a claim is 0-{play.remaining} of them",
                      f"无效的摊牌 {action.tricks!r} 墩：还剩 {play.remaining} 墩，"
                      f"摊牌应为其中 0-{play.remaining} 墩")
    deciders = _claim_deciders(state, action.seat)
    claim = PendingClaim(action.seat, action.tricks, statement, deciders)
    return _replace(state, claim=claim), [ClaimMade(action.seat, action.tricks, statement,
                                                    deciders)]


def claim_total(state: TableState, claim: PendingClaim) -> int:
    """Declarer's total tricks if ``claim`` is accepted."""
    play = state.play
    assert play is not None and state.declarer is not None
    if claim.seat.side is state.declarer.side:
        return play.declarer_tricks + claim.tricks
    return play.declarer_tricks + play.remaining - claim.tricks


def _answer_claim(state: TableState, action: AnswerClaim) -> tuple[TableState, list[Event]]:
    claim = state.claim
    if claim is None:
        raise _refuse("no_claim", "there is no claim to answer", "没有需要答复的摊牌")
    if action.seat not in claim.deciders:
        en, zh = _who(action.seat)
        raise _refuse("not_a_decider", f"{en} does not decide this claim",
                      f"{zh}无权决定这次摊牌")
    if action.seat in claim.accepted:
        raise _refuse("already_answered", "you have already accepted this claim",
                      "您已经接受了这次摊牌")
    if not action.accept:
        # Any rejection ends the claim and play goes on (a director would rule at a real
        # table; online, the board is played out).
        return _replace(state, claim=None, refused=state.refused + 1), [ClaimRejected(action.seat)]
    accepted = claim.accepted | {action.seat}
    if set(claim.deciders) - accepted:
        new_claim = PendingClaim(claim.seat, claim.tricks, claim.statement, claim.deciders,
                                 frozenset(accepted))
        return _replace(state, claim=new_claim), [ClaimAccepted(action.seat)]
    new = _replace(state, claim=None, claimed=claim_total(state, claim))
    result, points = new.result, new.score_ns
    assert result is not None and points is not None
    return new, [ClaimAccepted(action.seat), BoardEnded(result, points)]


def _undo_deciders(state: TableState, kind: str, requester: Seat) -> tuple[Seat, ...]:
    if kind == "card":
        declarer = state.declarer
        assert declarer is not None
        if requester is declarer:
            return _defenders(declarer)
        return (declarer,)
    return tuple(sorted((requester.lho, requester.rho), key=lambda s: s.value))


def _request_undo(state: TableState, action: RequestUndo) -> tuple[TableState, list[Event]]:
    if not state.rules.undo_allowed:
        raise _refuse("undo_forbidden", "this table does not allow taking back a move",
                      "本桌不允许收回")
    _not_pending(state)
    last = state.last_move()
    if last is None:
        raise _refuse("nothing_to_undo", "there is nothing to take back", "没有可以收回的")
    kind, seat = last
    owner = state.controller(seat) if kind == "card" else seat
    if owner is not action.seat:
        raise _refuse("not_your_move", "only the player who made the last call or card may "
                      "ask to take it back", "只有做出最后一次叫牌或出牌的牌手才能请求收回")
    if kind == "card" and len(state.cards) == 1:
        # Dummy has been faced: taking the lead back would not un-show it (Law 41D, 47).
        raise _refuse("lead_stands", "the opening lead cannot be taken back: dummy has been "
                      "faced", "首攻不能收回：明手已经摊开")
    deciders = _undo_deciders(state, kind, action.seat)
    return (_replace(state, undo=PendingUndo(action.seat, deciders)),
            [UndoRequested(action.seat, deciders)])


def _answer_undo(state: TableState, action: AnswerUndo) -> tuple[TableState, list[Event]]:
    undo = state.undo
    if undo is None:
        raise _refuse("no_undo", "there is no request to answer", "没有需要答复的收回请求")
    if action.seat not in undo.deciders:
        en, zh = _who(action.seat)
        raise _refuse("not_a_decider", f"{en} does not decide this request",
                      f"{zh}无权决定这次收回请求")
    if action.seat in undo.accepted:
        raise _refuse("already_answered", "you have already accepted this request",
                      "您已经接受了这次收回请求")
    if not action.accept:
        return _replace(state, undo=None), [UndoRejected(action.seat)]
    accepted = undo.accepted | {action.seat}
    if set(undo.deciders) - accepted:
        return (_replace(state, undo=PendingUndo(undo.seat, undo.deciders, frozenset(accepted))),
                [UndoAccepted(action.seat)])
    last = state.last_move()
    assert last is not None
    kind, seat = last
    if kind == "card":
        new = _replace(state, undo=None, cards=state.cards[:-1])
    else:
        new = _replace(state, undo=None, calls=state.calls[:-1], alerts=state.alerts[:-1])
    return new, [UndoAccepted(action.seat), MoveTakenBack(kind, seat)]


