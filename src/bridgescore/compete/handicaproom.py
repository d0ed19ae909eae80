"""The 贴点 room (seed 002 §8; platform.md §8, §10) as a pure state machine: open to every
player, members or not; tables open one after another, each plays its own boards; every
board finished is scored by the lecture seeds' 贴点 method (:mod:`bridgescore.home.handicap`,
the simple method by default) and each player's running total moves.

A player's total is what :class:`~bridgescore.home.handicap.HandicapSession` gives the
player's side, board by board: the net IMPs of a board go to the side that is ahead on it
(the seeds record only that side), summed over every board the player sat, at whichever
table and seat.  A disconnection (§10) costs the player 20 from that total
(:mod:`.penalties`, ``System.HANDICAP``); the disconnections themselves are the play
tables' records (the web layer reads them), not actions of this machine.

A result the points make unlikely (:meth:`~bridgescore.home.handicap.HandicapDeal.unlikely`:
6NT× by South making 13 tricks with 13 HCP) is refused with the code ``unlikely_result``
until the action says ``confirm_unlikely``: the points can only make a result unlikely,
never impossible, so whoever entered it may confirm it.  A board played at a table is
confirmed by its own cards (the web layer's ``board_action``).

>>> room = HandicapRoom.start(HandicapRoomSettings(boards_per_table=2))
>>> room, _ = apply(room, OpenTable("ann", now=0))
>>> room.tables[1].boards
(1, 2)
>>> room, events = apply(room, RecordDeal(1, 1, Result.parse("2S N ="), 22,
...                                        ("ann", "bob", "cat", "dan"), now=60))
>>> events[0].ns_imps, room.totals()["ann"], room.totals()["bob"]
(1, 1, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from ..core.errors import BridgeError
from ..core.frozen import FrozenMap
from ..core.result import Result
from ..core.text import excerpt
from ..home.handicap import HandicapDeal, HandicapScore, Method, score_deal
from .refusal import Refusal, check_time

__all__ = [
    "Action",
    "DealScored",
    "HandicapRoom",
    "HandicapRoomSettings",
    "OpenTable",
    "RecordDeal",
    "RoomTable",
    "TableOpened",
    "Tick",
    "apply",
]

MAX_BOARDS = 32
Seats = tuple[str | None, str | None, str | None, str | None]


@dataclass(frozen=True, slots=True)
class HandicapRoomSettings:
    """``method``: the library's 贴点 method (simple, as §8 says; detailed or table too);
    ``boards_per_table``: the boards a table plays (1 to 32); ``scale``: the IMP scale."""

    method: str = "simple"
    boards_per_table: int = 4
    scale: str = "wbf"

    def __post_init__(self) -> None:
        try:
            Method.parse(self.method)
        except BridgeError as e:
            raise Refusal("bad_settings", e.en, e.zh) from None
        n = self.boards_per_table
        if type(n) is not int or not 1 <= n <= MAX_BOARDS:
            raise Refusal("bad_settings",
                          f"invalid boards a table {excerpt(n)}: expected 1 to {MAX_BOARDS}",
                          f"无效的每桌副数 {excerpt(n)}：应为 1 到 {MAX_BOARDS}")


@dataclass(frozen=True, slots=True)
class RoomTable:
    """A table of the room: its number, who opened it, its boards (numbers of its own, so
    that no two tables play the same deal: a player moving on never meets a board again)."""

    number: int
    opened_by: str
    boards: tuple[int, ...]
    opened: float


@dataclass(frozen=True, slots=True)
class OpenTable:
    player: str
    now: float


@dataclass(frozen=True, slots=True)
class RecordDeal:
    """A board finished at ``table``: the result, North–South's points and who sat N, E,
    S, W (a seat's player id; None for nobody).  ``confirm_unlikely``: record it even if the
    points make it unlikely (refused as ``unlikely_result`` otherwise)."""

    table: int
    board: int
    result: Result
    ns_hcp: int
    players: Seats
    now: float
    confirm_unlikely: bool = False


@dataclass(frozen=True, slots=True)
class Tick:
    now: float


Action = OpenTable | RecordDeal | Tick


@dataclass(frozen=True, slots=True)
class TableOpened:
    table: RoomTable
    at: float


@dataclass(frozen=True, slots=True)
class DealScored:
    table: int
    board: int
    ns_imps: int
    net: int
    winners: tuple[str, ...]  # the players of the side ahead (none for a tie)
    at: float


Event = TableOpened | DealScored


@dataclass(frozen=True, slots=True)
class Played:
    table: int
    deal: HandicapDeal
    score: HandicapScore
    players: Seats
    at: float


@dataclass(frozen=True)
class HandicapRoom:
    settings: HandicapRoomSettings
    tables: Mapping[int, RoomTable] = field(default_factory=FrozenMap)
    played: Mapping[tuple[int, int], Played] = field(default_factory=FrozenMap)
    now: float = float("-inf")

    @classmethod
    def start(cls, settings: HandicapRoomSettings | None = None) -> HandicapRoom:
        st = settings if settings is not None else HandicapRoomSettings()
        if not isinstance(st, HandicapRoomSettings):
            raise Refusal("bad_settings", f"invalid settings {excerpt(st)}: expected "
                          "HandicapRoomSettings", f"无效的设置 {excerpt(st)}：应为 HandicapRoomSettings")
        return cls(st)

    def scored(self) -> list[Played]:
        """The boards in the order they finished (then table, board)."""
        return sorted(self.played.values(), key=lambda p: (p.at, p.table, p.deal.board or 0))

    def totals(self) -> dict[str, int]:
        """Each player's running total (no disconnections taken off): every player who sat
        a scored board, 0 when their side was never ahead."""
        out: dict[str, int] = {}
        for p in self.scored():
            for i, who in enumerate(p.players):
                if who is None:
                    continue
                ns = i % 2 == 0
                won = p.score.ns_imps > 0 if ns else p.score.ns_imps < 0
                out[who] = out.get(who, 0) + (p.score.net if won else 0)
        return out


def apply(state: HandicapRoom, action: Action) -> tuple[HandicapRoom, list[Event]]:
    if not isinstance(action, OpenTable | RecordDeal | Tick):
        raise Refusal("bad_action", f"unknown action {excerpt(action)}",
                      f"未知的操作 {excerpt(action)}")
    now = check_time(action.now, state.now)
    state = replace(state, now=now)
    if isinstance(action, Tick):
        return state, []
    if isinstance(action, OpenTable):
        if not isinstance(action.player, str) or not action.player:
            raise Refusal("bad_player", f"invalid player {excerpt(action.player)}",
                          f"无效的牌手 {excerpt(action.player)}")
        number = len(state.tables) + 1
        n = state.settings.boards_per_table
        table = RoomTable(number, action.player, tuple(range((number - 1) * n + 1, number * n + 1)),
                          now)
        tables = dict(state.tables)
        tables[number] = table
        return replace(state, tables=FrozenMap(tables)), [TableOpened(table, now)]
    found = state.tables.get(action.table) if type(action.table) is int else None
    if found is None:
        raise Refusal("bad_table", f"no table {excerpt(action.table)} in this room",
                      f"本房间没有第 {excerpt(action.table)} 桌")
    table = found
    if action.board not in table.boards:
        raise Refusal("bad_board", f"board {excerpt(action.board)} is not played at table "
                      f"{table.number} (boards {table.boards[0]}-{table.boards[-1]})",
                      f"第 {table.number} 桌不打第 {excerpt(action.board)} 副（第 {table.boards[0]}-"
                      f"{table.boards[-1]} 副）")
    key = (table.number, action.board)
    if key in state.played:
        raise Refusal("already_recorded", f"board {action.board} of table {table.number} is "
                      "already scored", f"第 {table.number} 桌第 {action.board} 副已经记分")
    if not isinstance(action.result, Result):
        raise Refusal("bad_result", f"invalid result {excerpt(action.result)}: expected a Result",
                      f"无效的结果 {excerpt(action.result)}：应为 Result")
    if not (isinstance(action.players, tuple) and len(action.players) == 4):
        raise Refusal("bad_players", f"invalid players {excerpt(action.players)}: expected "
                      "N, E, S and W", f"无效的牌手 {excerpt(action.players)}：应为北、东、南、西")
    if type(action.confirm_unlikely) is not bool:
        raise Refusal("bad_confirm", f"invalid confirm_unlikely {excerpt(action.confirm_unlikely)}:"
                      " expected true or false", f"无效的 confirm_unlikely "
                      f"{excerpt(action.confirm_unlikely)}：应为 true 或 false")
    try:
        deal = HandicapDeal.for_board(action.board, action.result, action.ns_hcp)
        score = score_deal(deal, state.settings.method, scale=state.settings.scale)
    except BridgeError as e:
        raise Refusal("bad_result", e.en, e.zh) from None
    warning = deal.unlikely()
    if warning is not None and not action.confirm_unlikely:
        raise Refusal("unlikely_result", f"{warning.en}; confirm that it happened to record it",
                      f"{warning.zh}；确认确实如此后才记分")
    played = dict(state.played)
    played[key] = Played(table.number, deal, score, action.players, now)
    winners: tuple[str, ...] = ()
    if score.winner is not None:
        side = 0 if score.ns_imps > 0 else 1
        winners = tuple(p for i, p in enumerate(action.players) if i % 2 == side and p)
    return (replace(state, played=FrozenMap(played)),
            [DealScored(table.number, action.board, score.ns_imps, score.net, winners, now)])
