"""The automatic Swiss pairs (瑞士移位自动双人赛, ``compete.swissevent``) as a kind of
competition.

The library's machine does everything by its clock: registration at the (virtual)
registration tables, round 1 at ``start``, each round's end (cut, scored, drawn), the final
and the masterpoints.  Here: a round's draw becomes its play tables (the earlier-registered
pair North-South: the pair's North at N, its South at S; the other pair's at E and W), the
round's end stops them, and the final's masterpoints are awarded to each player of a placed
pair.  Actions are the library's plain data (``{"type": "Sit", "player": …, "table": 1,
"seat": "N"}``; the version may be left out).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ...compete import swiss_messages as msg
from ...compete import swissevent as sw
from ...core.result import Result
from ...core.serial import VERSION, header
from .kinds import (
    Effect,
    EndRound,
    GiveMasterpoints,
    Kind,
    OpenRound,
    TableSpec,
    bad_data,
    fraction_text,
)


class SwissKind(Kind):
    name = "swiss"
    label_en = "automatic Swiss pairs"
    label_zh = "瑞士移位自动双人赛"
    director_actions = frozenset({"BoardDone"})
    player_actions = frozenset({"Sit", "Leave", "RaiseHand", "LowerHand", "AskToLeave",
                                "Withdraw"})
    system_actions = frozenset({"Tick", "tick"})

    def read_settings(self, data: Mapping[str, Any]) -> sw.SwissSettings:
        if not isinstance(data, Mapping):
            raise bad_data("settings", data, "an object of settings", "设置的对象")
        # The defaults for what is left out (the library's reader wants every field).
        defaults = {f.name: f.default for f in dataclasses.fields(sw.SwissSettings)
                    if f.default is not dataclasses.MISSING}
        return sw.SwissSettings.from_dict({**defaults, **data, **header("SwissSettings")})

    def start(self, settings: sw.SwissSettings) -> sw.SwissEvent:
        return sw.SwissEvent.start(settings)

    def action_from(self, data: Mapping[str, Any]) -> msg.Action:
        if not isinstance(data, Mapping):
            raise bad_data("action", data, "an object with a type", "带 type 的对象")
        d = dict(data)
        if d.get("type") == "tick":
            d["type"] = "Tick"
        d.setdefault("version", VERSION)
        return msg.action_from_dict(d)

    def action_to(self, action: msg.Action) -> dict[str, Any]:
        out = dict(action.to_dict())
        if out.get("type") == "Tick":
            out["type"] = "tick"  # the platform's own word for the clock's action
        return out

    def tick(self, now: float) -> msg.Action:
        return msg.Tick(now)

    def acting_for(self, state: sw.SwissEvent, a: Any) -> tuple[str, ...]:
        if isinstance(a, msg.Withdraw):
            try:
                return state.pair(a.pair).players
            except msg.SwissActionError:
                return ()
        player = getattr(a, "player", None)
        return (player,) if isinstance(player, str) else ()

    def apply(self, state: sw.SwissEvent, action: msg.Action) -> tuple[sw.SwissEvent, list[Any]]:
        return sw.apply(state, action)

    def clock(self, state: sw.SwissEvent) -> float | None:
        return state.clock

    def due(self, state: sw.SwissEvent) -> float | None:
        return sw.next_due(state)

    def effects(self, state: sw.SwissEvent, events: list[Any]) -> list[Effect]:
        out: list[Effect] = []
        for e in events:
            if isinstance(e, msg.TablesCreated):
                tables = []
                for t in e.tables:
                    ns, ew = state.pair(t.ns), state.pair(t.ew)
                    tables.append(TableSpec(t.table, (ns.north, ew.north, ns.south, ew.south),
                                            t.boards))
                out.append(OpenRound(e.round, tuple(tables), e.at, e.ends))
            elif isinstance(e, msg.BoardsCut):
                out.append(EndRound(e.round, e.boards, e.at))
            elif isinstance(e, msg.Final):
                for s in e.standings:
                    if s.place is not None and s.masterpoints > 0:
                        out.extend(GiveMasterpoints(p, s.place, s.masterpoints, e.at)
                                   for p in s.players)
        return out

    def result_action(self, state: sw.SwissEvent, round: int, table: int, board: int,
                      result: Result, now: float) -> msg.Action | None:
        if state.phase != "playing":
            return None
        return msg.BoardDone(round, table, board, result, now)

    def has_result(self, state: sw.SwissEvent, round: int, table: int, board: int) -> bool:
        if not 1 <= round <= len(state.rounds):
            return False
        rec = state.rounds[round - 1]
        return (table, board) in rec.done or (table, board) in rec.cut

    def board_settled(self, state: sw.SwissEvent, board: int) -> bool:
        return state.board_settled(board)

    def taking_part(self, state: sw.SwissEvent) -> frozenset[str]:
        return state.taking_part

    def status(self, state: sw.SwissEvent) -> str:
        return {"registration": "open", "playing": "running", "finished": "finished",
                "cancelled": "cancelled"}[state.phase]

    def total_boards(self, state: sw.SwissEvent) -> int:
        return state.settings.total_boards

    def current_round(self, state: sw.SwissEvent) -> int:
        return len(state.rounds)

    def entries(self, state: sw.SwissEvent) -> list[dict[str, Any]]:
        return [{"number": p.id, "players": list(p.players), "registered": p.registered,
                 "entry_round": p.entry_round, "withdrawn_from": p.withdrawn_from}
                for p in state.pairs]

    def standings(self, state: sw.SwissEvent) -> list[dict[str, Any]]:
        if state.final is not None:
            return [{"pair": s.pair, "players": list(s.players), "place": s.place,
                     "total": fraction_text(s.total), "boards": s.boards,
                     "masterpoints": fraction_text(s.masterpoints),
                     "withdrawn_from": s.withdrawn_from,
                     "by_round": [fraction_text(x) for x in s.by_round]}
                    for s in state.final.standings]
        order = sorted(state.pairs, key=lambda p: (-state.totals[p.id], state.pair_index[p.id]))
        return [{"pair": p.id, "players": list(p.players), "place": None,
                 "total": fraction_text(state.totals[p.id]), "boards": state.boards[p.id],
                 "masterpoints": None, "withdrawn_from": p.withdrawn_from}
                for p in order]

    def results(self, state: sw.SwissEvent) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for rec in state.rounds:
            tables = {t.table: t for t in rec.tables}
            for (t, b), res in sorted(rec.done.items()):
                out.append({"round": rec.round, "table": t, "board": b, "ns": res.ns_pair,
                            "ew": res.ew_pair,
                            "result": None if res.result is None else str(res.result),
                            "score": res.score, "cut": False})
            for t, b in rec.cut:
                out.append({"round": rec.round, "table": t, "board": b, "ns": tables[t].ns,
                            "ew": tables[t].ew, "result": None, "score": None, "cut": True})
        return out
