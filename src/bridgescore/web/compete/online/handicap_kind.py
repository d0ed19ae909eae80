"""The 贴点 room (``compete.handicaproom``; platform.md §8) as a kind of competition: open to
every signed-in player, members or not (a room's competition is never members-only).

``open_table`` {player}: a player opens a table and sits North; anyone sits at the other
seats from the table's page; the table plays ``boards_per_table`` boards of its own.  Each
board finished there is scored by the 贴点 method with the points North–South held (counted
from the deal the table played) and the four players who sat (``result``, the system's).

A director may record a board by hand (``result`` {table, board, result, ns_hcp, players,
confirm_unlikely}): a result the points make unlikely is refused (``unlikely_result``) until
``confirm_unlikely`` is true.  A board played at the table needs no confirmation: its cards
allowed it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from ....compete import handicaproom as hr
from ....core.result import Result
from ....core.seat import Side
from ....home.hcp import side_hcp
from ..kinds import Kind, OpenRound, PlayedBoard, TableSpec, bad_data, field_of

SETTINGS = {f.name for f in fields(hr.HandicapRoomSettings)}
SET_OF_TABLES = 16  # the deals are made for this many tables at a time


class HandicapKind(Kind):
    name = "handicap"
    label_en = "handicap room"
    label_zh = "贴点室"
    page = "online:handicap"
    director_actions = frozenset({"result"})
    player_actions = frozenset({"open_table"})

    def read_settings(self, data: Mapping[str, Any]) -> hr.HandicapRoomSettings:
        if not isinstance(data, Mapping):
            raise bad_data("settings", data, "an object of settings", "设置的对象")
        unknown = sorted(set(data) - SETTINGS)
        if unknown:
            raise bad_data("settings", unknown[0], "one of " + ", ".join(sorted(SETTINGS)),
                           "以下之一：" + "、".join(sorted(SETTINGS)))
        return hr.HandicapRoomSettings(**data)

    def start(self, settings: hr.HandicapRoomSettings) -> hr.HandicapRoom:
        return hr.HandicapRoom.start(settings)

    def action_from(self, data: Mapping[str, Any]) -> hr.Action:
        if not isinstance(data, Mapping):
            raise bad_data("action", data, "an object with a type", "带 type 的对象")
        kind = data.get("type")
        now = float(field_of(data, "now", (int, float), "a time in seconds", "以秒计的时间"))
        if kind == "tick":
            return hr.Tick(now)
        if kind == "open_table":
            return hr.OpenTable(field_of(data, "player", str, "a player id", "牌手编号"), now)
        if kind == "result":
            players = data.get("players")
            if not isinstance(players, list | tuple) or len(players) != 4:
                raise bad_data("players", players, "the players at N, E, S, W", "北东南西的牌手")
            # Absent in the actions stored before it existed (none of them was unlikely).
            confirm = data.get("confirm_unlikely", False)
            if not isinstance(confirm, bool):
                raise bad_data("confirm_unlikely", confirm, "true or false", "true 或 false")
            return hr.RecordDeal(field_of(data, "table", int, "a table number", "桌号"),
                                 field_of(data, "board", int, "a board number", "牌号"),
                                 Result.from_dict(data.get("result")),
                                 field_of(data, "ns_hcp", int, "North-South's points", "南北大牌点"),
                                 (players[0], players[1], players[2], players[3]), now,
                                 confirm)
        raise bad_data("action", kind, "open_table, result or tick", "open_table、result 或 tick")

    def action_to(self, a: hr.Action) -> dict[str, Any]:
        if isinstance(a, hr.Tick):
            return {"type": "tick", "now": a.now}
        if isinstance(a, hr.OpenTable):
            return {"type": "open_table", "player": a.player, "now": a.now}
        return {"type": "result", "table": a.table, "board": a.board,
                "result": a.result.to_dict(), "ns_hcp": a.ns_hcp, "players": list(a.players),
                "now": a.now, "confirm_unlikely": a.confirm_unlikely}

    def acting_for(self, state: Any, a: Any) -> tuple[str, ...]:
        return (a.player,) if isinstance(a, hr.OpenTable) else ()

    def apply(self, state: hr.HandicapRoom, action: hr.Action) -> tuple[hr.HandicapRoom, list[Any]]:
        new, events = hr.apply(state, action)
        return new, list(events)

    def clock(self, state: hr.HandicapRoom) -> float | None:
        return None if state.now == float("-inf") else state.now

    def due(self, state: hr.HandicapRoom) -> float | None:
        return None

    def effects(self, state: hr.HandicapRoom, events: list[Any]) -> list[Any]:
        out: list[Any] = []
        for e in events:
            if isinstance(e, hr.TableOpened):
                t = e.table
                # One round a table (its own room): the opener sits North.
                out.append(OpenRound(t.number, (TableSpec(1, (t.opened_by, None, None, None),
                                                          t.boards),), e.at, None))
        return out

    def board_action(self, state: hr.HandicapRoom, played: PlayedBoard,
                     now: float) -> hr.Action | None:
        if played.round not in state.tables:
            return None
        # The cards were dealt and played: whatever the points say, they allowed the result
        # (refusing it would drop a real board from the totals).
        return hr.RecordDeal(played.round, played.board, played.result,
                             side_hcp(played.deal, Side.NS), played.players, now,
                             confirm_unlikely=True)

    def result_action(self, *args: Any) -> None:
        return None  # board_action: the points come from the deal

    def has_result(self, state: hr.HandicapRoom, round: int, table: int, board: int) -> bool:
        return (round, board) in state.played

    def board_settled(self, state: hr.HandicapRoom, board: int) -> bool:
        """Each table plays boards of its own: no other table ever plays one of them."""
        return True

    def taking_part(self, state: hr.HandicapRoom) -> frozenset[str]:
        return frozenset()  # no board is shared between tables

    def status(self, state: hr.HandicapRoom) -> str:
        return "running"

    def total_boards(self, state: hr.HandicapRoom) -> int:
        n = len(state.tables)
        return ((max(n, 1) - 1) // SET_OF_TABLES + 1) * SET_OF_TABLES \
            * state.settings.boards_per_table

    def current_round(self, state: hr.HandicapRoom) -> int:
        return len(state.tables)

    def entries(self, state: hr.HandicapRoom) -> list[dict[str, Any]]:
        return [{"number": t.number, "players": [t.opened_by], "boards": list(t.boards)}
                for t in state.tables.values()]

    def standings(self, state: hr.HandicapRoom) -> list[dict[str, Any]]:
        totals = state.totals()
        return [{"player": p, "total": v}
                for p, v in sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))]

    def results(self, state: hr.HandicapRoom) -> list[dict[str, Any]]:
        return [{"round": p.table, "table": 1, "board": p.deal.board,
                 "result": str(p.deal.result), "ns_hcp": p.deal.ns_hcp,
                 "ns_imps": p.score.ns_imps, "players": list(p.players),
                 "score": p.score.ns_score, "cut": False} for p in state.scored()]
