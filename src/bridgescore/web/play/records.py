"""Game records of the boards played online: who may see one, the record itself (the
library's ``table.record.game_record``), its PBN and LIN text, and what the record, replay and
session pages show.

Who may see a board's record (one place, used by every page and download):

- a board in progress: nobody (not even its players: the page would show every hand);
- a finished board: the players of its table; a director of the event's (or the
  competition's) club;
- at a team match (a club's team event or an online competition's match: the rooms come
  from ``matches.rooms_of``), the players of the other room only once that room has
  finished the board too (else they would learn the deal and its result before playing
  it), and everyone else (a director aside) only once both rooms have, and the tables'
  spectator delay has passed since;
- anyone else who may see the event's results (``results.access``: its club's members
  while it runs, anyone once published), on the event's rules for a board: a team event
  shows a board once every table that plays it has played it (``teams.services``), a pairs
  event as its travellers are shown (``access.Viewer.may_see_board``);
- a table outside any event: the signed-in members of its room's club (anyone signed in for
  the site's own rooms), when the table takes spectators; and anyone, signed in or not, for
  a table of a finished online competition open to all (``Holder.public``).

A table whose holder another app registered (``matches.holder_of``: an online competition's,
the board pool's) asks it first (``Holder.board_verdict``), in place of the table's own
players' right: a competition's board is shown to nobody but the players who played it at
this table and the club's directors while any table of the competition can still play it
(``web.compete.privacy``); a pool board only as the pool shows its results
(``web.pool.privacy``: to a member once they have had it or the week is over, never to one
who may still be served it, even one who sat at this table for another board).
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils import timezone

from ...core.auction import Call, CallKind
from ...core.cards import Card
from ...core.deal import Deal
from ...core.errors import BridgeError
from ...core.gamerecord import GameRecord
from ...core.i18n import Lang, is_zh, signed
from ...core.law77 import breakdown
from ...core.result import Result
from ...core.seat import Seat
from ...core.strain import Strain
from ...table import record as tablerecord
from ...table.record import alerts, game_record
from ...table.state import Phase, TableState
from ..clubs.roles import AnyUser, can_direct, is_member
from ..events.models import Event
from . import matches
from .matches import match_table
from .models import PlayBoard, PlaySeat, PlayTable
from .position import state_of

if TYPE_CHECKING:
    from ...deals.dd import DDTable

__all__ = ["Refusal", "board_state", "hands_view", "match_table", "may_see", "record_of",
           "record_view", "replay_data", "session_view"]


class Refusal(enum.Enum):
    """Why a board's record is not shown (the page says it in the reader's language)."""

    IN_PROGRESS = "in_progress"
    OTHER_ROOM = "other_room"
    NOT_YET = "not_yet"  # a table of the competition (or a pool member) may still play it
    DELAY = "delay"
    LOG_IN = "log_in"
    NOT_ALLOWED = "not_allowed"


# -- the state of a board ------------------------------------------------------------------


def board_state(board: PlayBoard) -> TableState:
    """The board's table state: its stored moves replayed (``position.state_of``: the play
    app's own replay, cached there)."""
    return state_of(board)


def player_names(board: PlayBoard, lang: Lang = "en") -> dict[Seat, str]:
    """The players as they sat when the board started (``PlayBoard.players``: a seat letter
    to ``{"name": …, "name_zh": …, "robot": …}``); a robot is named as one."""
    out: dict[Seat, str] = {}
    stored = board.players if isinstance(board.players, dict) else {}
    for seat in Seat:
        value = stored.get(seat.letter)
        name = ""
        if isinstance(value, dict):
            name = str((value.get("name_zh") if is_zh(lang) else None) or value.get("name") or "")
            if not name and value.get("robot"):
                name = "机器人" if is_zh(lang) else "Robot"
        elif isinstance(value, str):
            name = value
        if name:
            out[seat] = name
    return out


def event_name(table: PlayTable, lang: Lang = "en") -> str:
    event = table.event
    if event is not None:
        return event.name_in(lang)
    if table.name:
        return table.name
    return f"第{table.pk}桌" if is_zh(lang) else f"table {table.pk}"


def _record_args(board: PlayBoard) -> tuple[dict[Seat, str], str, str | None]:
    date = board.started.strftime("%Y.%m.%d") if board.started else None
    return player_names(board), event_name(board.table), date


def record_of(board: PlayBoard, state: TableState | None = None) -> GameRecord:
    """The board's game record (the players' names as the board started)."""
    state = state if state is not None else board_state(board)
    return game_record(state, *_record_args(board))


def pbn_text(board: PlayBoard) -> str:
    """The board as PBN, its alerts as auction notes (``tablerecord.pbn_text``)."""
    return tablerecord.pbn_text(board_state(board), *_record_args(board))


def lin_text(board: PlayBoard) -> str:
    """The board as LIN, its alerts as ``an`` (``tablerecord.lin_text``)."""
    return tablerecord.lin_text(board_state(board), *_record_args(board))


# -- who may see it ------------------------------------------------------------------------


def _ids(players: object) -> set[int]:
    """The users' ids in a ``PlayBoard.players`` (who sat when the board started)."""
    if not isinstance(players, dict):
        return set()
    return {v["id"] for v in players.values() if isinstance(v, dict) and isinstance(v.get("id"), int)}


def sat_at(user: AnyUser, tables: Iterable[PlayTable]) -> bool:
    """The user sits at one of the tables, or sat there for one of its boards (a player who
    has left keeps the right to the boards of their session)."""
    if not user.is_authenticated:
        return False
    tables = list(tables)
    if PlaySeat.objects.filter(table__in=tables, user_id=user.pk).exists():
        return True
    return any(user.pk in _ids(players) for players in
               PlayBoard.objects.filter(table__in=tables).values_list("players", flat=True))


def other_room(table: PlayTable) -> PlayTable | None:
    """The other room of the same match (``matches.rooms_of``: a club's team event — same
    event and round, the other room label, the same match: :func:`match_table` — or an
    online competition's match), if any."""
    return matches.other_room(table)


def finished_in(table: PlayTable | None, number: int, delay: int = 0) -> bool:
    """The table has finished board ``number`` (``delay`` seconds ago at least)."""
    if table is None:
        return True
    rows = PlayBoard.objects.filter(table=table, number=number, finished__isnull=False)
    if delay > 0:
        rows = rows.filter(finished__lte=timezone.now() - datetime.timedelta(seconds=delay))
    return rows.exists()


def _event_allows(user: AnyUser, event: Event, number: int) -> bool:
    """The event's own rule for one board's results (see the module's docstring)."""
    from ..events.results import access

    viewer = access.viewer(user, event)
    if not viewer.may_view(event):
        return False
    if viewer.director or event.published or event.status == Event.Status.CLOSED:
        return True
    from ..events import replay as ev_replay

    try:
        if event.kind == Event.Kind.TEAMS:
            from ..events.teams import services as teams

            return number in teams.live_of(event).played_everywhere()
        live = ev_replay.state(event)
    except BridgeError:
        return False
    return viewer.may_see_board(event, live, number)


_UNSET: Any = object()


def may_see(user: AnyUser, board: PlayBoard, held: Any = _UNSET) -> Refusal | None:
    """None when ``user`` may see the board's record, else why not.  ``held``: the table's
    ``matches.holder_of`` when the caller has it (a session page asks for every board)."""
    table = board.table
    if board.finished is None:
        return Refusal.IN_PROGRESS
    if held is _UNSET:
        held = matches.holder_of(table)
    if held is not None:
        verdict = held.board_verdict(user, board)
        if verdict is matches.Verdict.SHOWN:
            return None
        if verdict is matches.Verdict.NOT_YET:
            rooms = matches.rooms_of(table, held)
            if (rooms is not None and rooms.other is not None
                    and not finished_in(rooms.other, board.number)):
                return Refusal.OTHER_ROOM  # a team match's: the other room has still to play it
            return Refusal.NOT_YET
        if verdict is matches.Verdict.REFUSED:
            return Refusal.NOT_ALLOWED if user.is_authenticated else Refusal.LOG_IN
    elif sat_at(user, [table]):
        return None
    rooms = matches.rooms_of(table, held)
    other = None if rooms is None else rooms.other
    if other is not None and sat_at(user, [other]):
        return None if finished_in(other, board.number) else Refusal.OTHER_ROOM
    event = table.event
    if event is not None or rooms is not None:
        club = event.club if event is not None else rooms.club if rooms is not None else None
        director = club is not None and can_direct(user, club)
        # Nobody learns a match's board before both rooms have ended it, nor before the
        # spectators' delay has passed (the live rooms would show its end only then).
        delay = 0 if director else max(table.spectator_delay,
                                       other.spectator_delay if other is not None else 0)
        if not director and not (finished_in(table, board.number, delay)
                                 and finished_in(other, board.number, delay)):
            return Refusal.OTHER_ROOM if not finished_in(other, board.number) else Refusal.DELAY
        if director and event is None:
            return None
    if event is not None:
        if _event_allows(user, event, board.number):
            return None
        return Refusal.NOT_ALLOWED if user.is_authenticated else Refusal.LOG_IN
    if not user.is_authenticated:
        # A finished competition open to all: its records are anyone's.
        return None if held is not None and held.public else Refusal.LOG_IN
    club = table.room.club
    if table.spectators_allowed and (club is None or is_member(user, club)
                                     or can_direct(user, club)):
        return None
    return Refusal.NOT_ALLOWED


def may_see_session(user: AnyUser, table: PlayTable) -> Refusal | None:
    """The session page lists the table's boards (each linked only if its record may be
    seen): the table's players, its event's readers, its room's club."""
    if sat_at(user, [table]):
        return None
    event = table.event
    if event is not None:
        from ..events.results import access

        if access.viewer(user, event).may_view(event):
            return None
        return Refusal.NOT_ALLOWED if user.is_authenticated else Refusal.LOG_IN
    held = matches.holder_of(table)
    if not user.is_authenticated:
        return None if held is not None and held.public else Refusal.LOG_IN
    club = table.room.club
    if club is None or is_member(user, club) or can_direct(user, club):
        return None
    return Refusal.NOT_ALLOWED


# -- what the pages show -------------------------------------------------------------------

_RED = ("H", "D")


def card_view(card: Card) -> dict[str, Any]:
    return {"suit": card.suit.symbol, "rank": card.rank.display, "red": card.suit.letter in _RED,
            "code": str(card)}


def call_view(call: Call, lang: Lang, alert: str | None = None) -> dict[str, Any]:
    red = call.kind is CallKind.BID and call.strain in (Strain.HEARTS, Strain.DIAMONDS)
    return {"text": call.format(lang, symbols=True), "red": red, "alert": alert,
            "code": str(call), "pass": call.kind is CallKind.PASS}


def _hand_view(deal: Deal, seat: Seat, lang: Lang) -> dict[str, Any]:
    hand = deal[seat]
    suits = []
    for letter in "SHDC":
        cards = [c for c in hand if c.suit.letter == letter]
        cards.sort(key=lambda c: c.rank.value, reverse=True)
        suits.append({"symbol": {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[letter],
                      "red": letter in _RED,
                      "ranks": " ".join(c.rank.display for c in cards) or "—"})
    return {"seat": seat.letter, "name": seat.name_in(lang), "suits": suits, "hcp": hand.hcp}


def dd_rows(table: DDTable, lang: Lang) -> list[dict[str, Any]]:
    """A double-dummy table as the pages show it: a row a strain (notrump first) with the
    tricks each declarer takes, North, South, East, West (``dd_heads``)."""
    from ...deals.dd import DD_SEATS, DD_STRAINS

    return [{"strain": s.name_in(lang), "symbol": s.symbol, "red": s.letter in ("H", "D"),
             "tricks": [table[s, seat] for seat in DD_SEATS]} for s in DD_STRAINS]


def dd_heads(lang: Lang) -> list[str]:
    """The declarers of ``dd_rows``' columns, in the reader's language."""
    from ...deals.dd import DD_SEATS

    return [seat.name_in(lang) for seat in DD_SEATS]


def hands_view(deal: Deal, lang: Lang) -> dict[str, dict[str, Any]]:
    """The four hands of ``deal`` as the compass (``play/_compass.html``) shows them, with
    no players' names: a comparison page's, where several tables played the deal."""
    return {s.letter: {**_hand_view(deal, s, lang), "player": ""} for s in Seat}


def _score_view(state: TableState, lang: Lang) -> dict[str, Any] | None:
    result = state.result
    if result is None:
        return None
    if result.declarer is None or result.contract.is_passed_out:
        return {"ns": 0, "ns_text": "0", "parts": [], "formula": "0", "passed": True}
    vulnerable = state.board.vulnerability.is_vulnerable(result.declarer)
    b = breakdown(result.contract, result.tricks, vulnerable)
    ns = state.score_ns or 0
    return {"ns": ns, "ns_text": signed(ns), "passed": False, "made": b.made,
            "formula": b.formula(), "vulnerable": vulnerable,
            "parts": [{"name": p.name_in(lang), "points": p.points, "expr": p.expression}
                      for p in b.parts],
            "scorer": result.declarer.side.name_in(lang) if b.made
            else result.declarer.lho.side.name_in(lang),
            "total": b.total}


def claim_statement(board: PlayBoard) -> str:
    """What the claimer said of the claim that ended the board (the last claim made: any
    earlier one was rejected or withdrawn)."""
    move = board.moves.filter(data__type="claim").order_by("-seq").first()
    if move is None or not isinstance(move.data, dict):
        return ""
    return str(move.data.get("statement") or "")


def _contract_text(state: TableState, lang: Lang) -> str:
    """``4♠ by North`` / ``北打4♠``; ``Passed out``; empty while the auction goes on."""
    contract, declarer = state.contract, state.declarer
    if contract is None:
        return ""
    if contract.is_passed_out:
        return "四家不叫" if is_zh(lang) else "Passed out"
    c = contract.format(lang, True)
    assert declarer is not None
    return f"{declarer.name_in('zh')}打{c}" if is_zh(lang) else f"{c} by {declarer.name_in('en')}"


def record_view(board: PlayBoard, state: TableState, lang: Lang) -> dict[str, Any]:
    """The 牌局 page's data: the hands in a compass, the auction from the dealer, the play
    trick by trick (leader and winner), the contract, the result and its score."""
    zh = is_zh(lang)
    deal = state.board.deal
    names = player_names(board, lang)
    dealer = state.board.dealer
    notes = alerts(state)
    calls = [call_view(c, lang, notes[i]) for i, c in enumerate(state.calls)]
    # The auction grid starts with the dealer (as the seeds' record does).
    rows = [calls[i:i + 4] for i in range(0, len(calls), 4)]
    play = state.play
    tricks = []
    if play is not None:
        for n, trick in enumerate(play.tricks + ([play.current] if play.current.cards else []), 1):
            cells: list[dict[str, Any] | None] = []
            for i, card in enumerate(trick.cards):
                seat = trick.leader.next(i)
                cells.append({**card_view(card), "seat": seat.letter,
                              "seat_name": seat.name_in(lang),
                              "won": trick.winner is seat})
            tricks.append({"n": n, "leader": trick.leader.name_in(lang),
                           "winner": trick.winner.name_in(lang) if trick.winner else "",
                           "cards": cells + [None] * (4 - len(cells)),
                           "declarer_won": (trick.winner is not None and state.declarer is not None
                                            and trick.winner.side is state.declarer.side)})
    result = state.result
    contract_text = _contract_text(state, lang)
    result_text = ""
    if result is not None and not result.is_passed_out:
        rel = result.relative
        if zh:
            result_text = (f"{result.tricks} 墩，" +
                           ("正好完成" if rel == 0 else f"超{rel}" if rel > 0 else f"宕{-rel}"))
        else:
            result_text = (f"{result.tricks} tricks, " +
                           ("made exactly" if rel == 0 else f"made with {rel} over" if rel > 0
                            else f"down {-rel}"))
    return {
        "number": state.board.number,
        "dealer": dealer.name_in(lang),
        "vulnerability": state.board.vulnerability.describe(lang),
        "vul_ns": state.board.vulnerability.is_vulnerable(Seat.NORTH),
        "vul_ew": state.board.vulnerability.is_vulnerable(Seat.EAST),
        "hands": {s.letter: {**_hand_view(deal, s, lang), "player": names.get(s, "")}
                  for s in Seat},
        "auction_heads": [dealer.next(i).name_in(lang) for i in range(4)],
        "auction_rows": [r + [None] * (4 - len(r)) for r in rows],
        "alerts": [{"call": c["text"], "red": c["red"], "seat": dealer.next(i).name_in(lang),
                    "text": c["alert"]} for i, c in enumerate(calls) if c["alert"]],
        "tricks": tricks,
        "claim": state.claimed,
        "claim_statement": claim_statement(board) if state.claimed is not None else "",
        "contract": contract_text,
        "result": result_text,
        "result_short": str(result) if result is not None else "",
        "score": _score_view(state, lang),
        "declarer_tricks": play.declarer_tricks if play is not None else 0,
        "defender_tricks": play.defender_tricks if play is not None else 0,
    }


def replay_data(state: TableState, lang: Lang) -> dict[str, Any]:
    """What the replay's script steps through: the dealt hands, every call (with its seat and
    alert), every card with the hand that played it, and each trick's leader and winner.  A
    step is one call or one card; the script works out the position at each step."""
    deal = state.board.deal
    dealer = state.board.dealer
    notes = alerts(state)
    play = state.play
    cards: list[dict[str, Any]] = []
    tricks: list[dict[str, Any]] = []
    if play is not None:
        for trick in [*play.tricks, play.current]:
            if not trick.cards:
                continue
            tricks.append({"leader": trick.leader.letter,
                           "winner": trick.winner.letter if trick.winner else None})
            for i, card in enumerate(trick.cards):
                cards.append({**card_view(card), "seat": trick.leader.next(i).letter})
    hands = {}
    for s in Seat:
        hand = sorted(deal[s], key=lambda c: ("SHDC".index(c.suit.letter), -c.rank.value))
        hands[s.letter] = [card_view(c) for c in hand]
    return {
        "number": state.board.number,
        "dealer": dealer.letter,
        "seat_names": {s.letter: s.name_in(lang) for s in Seat},
        "hands": hands,
        "calls": [{**call_view(c, lang, notes[i]), "seat": dealer.next(i).letter}
                  for i, c in enumerate(state.calls)],
        "cards": cards,
        "tricks": tricks,
        "declarer": state.declarer.letter if state.declarer is not None else None,
        "contract": _contract_text(state, lang),
        "claim": state.claimed,
        "result": (state.result.format(lang, symbols=True)
                   if state.result is not None and state.result.declarer is not None else ""),
        "score_ns": state.score_ns,
    }


@dataclass(frozen=True, slots=True)
class SessionRow:
    board: PlayBoard
    visible: bool
    result: str
    score_ns: int | None


def result_text(stored: str, lang: Lang) -> str:
    """A board's stored result (``4SX N -2``, ``pass``) as the reader reads it."""
    if not stored:
        return ""
    if stored == "pass":
        return "四家不叫" if is_zh(lang) else "Passed out"
    try:
        return Result.parse(stored).format(lang, symbols=True)
    except BridgeError:
        return stored


def session_view(table: PlayTable, user: AnyUser, lang: Lang = "en") -> list[SessionRow]:
    """The table's boards in order: each finished one's result, shown only where its record
    may be seen (a board of a match not yet finished in the other room shows no result)."""
    rows = []
    held = matches.holder_of(table)
    for board in table.played.order_by("index"):
        visible = may_see(user, board, held) is None
        rows.append(SessionRow(board, visible, result_text(board.result, lang) if visible else "",
                               board.score_ns if visible else None))
    return rows


def done(state: TableState) -> bool:
    return state.phase is Phase.DONE
