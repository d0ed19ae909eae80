"""The online pairs event (双人赛, ``compete.pairsevent``) as a kind of competition.

Beyond the library's machine: ``start_at`` (Unix seconds, optional) starts the event by the
clock, the seed's "at start time they sit where the system places them".  Any action at or
after it applies the start first, as of ``start_at`` (so a sign-up that comes too late is
refused as the library refuses one after the start); a start the library refuses then (too
few pairs) is kept as refused, and the director may still start by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from ...compete import pairsevent as pe
from ...compete.refusal import Refusal
from ...core.result import Result
from ...sessions.adjusted import award_text
from ...sessions.model import parse_award
from .kinds import Effect, EndRound, Kind, OpenRound, TableSpec, bad_data, field_of, fraction_text

_SETTINGS = {f.name for f in fields(pe.PairsEventSettings)}


@dataclass(frozen=True, slots=True)
class PairsState:
    event: pe.PairsEvent
    start_at: float | None = None
    start_refused: str = ""  # the code of a scheduled start the library refused


@dataclass(frozen=True, slots=True)
class Settings:
    event: pe.PairsEventSettings
    start_at: float | None


def _now(data: Mapping[str, Any]) -> float:
    return float(field_of(data, "now", (int, float), "a time in seconds", "以秒计的时间"))


def _whole(data: Mapping[str, Any], key: str) -> int:
    return int(field_of(data, key, int, "a whole number", "整数"))


class PairsKind(Kind):
    name = "pairs"
    label_en = "pairs event"
    label_zh = "双人赛"
    director_actions = frozenset({"start", "close_round", "adjust", "publish", "result"})
    player_actions = frozenset({"signup", "withdraw"})

    def read_settings(self, data: Mapping[str, Any]) -> Settings:
        if not isinstance(data, Mapping):
            raise bad_data("settings", data, "an object of settings", "设置的对象")
        unknown = sorted(set(data) - _SETTINGS - {"start_at"})
        if unknown:
            raise bad_data("settings", unknown[0], "one of " + ", ".join(sorted(_SETTINGS)) +
                           ", start_at", "以下之一：" + "、".join(sorted(_SETTINGS)) + "、start_at")
        start_at = data.get("start_at")
        if start_at is not None and (not isinstance(start_at, int | float)
                                     or isinstance(start_at, bool)):
            raise bad_data("start_at", start_at, "a time in Unix seconds", "以秒计的 Unix 时间")
        try:
            st = pe.PairsEventSettings(**{k: v for k, v in data.items() if k in _SETTINGS})
        except TypeError as e:  # pragma: no cover - the names are checked above
            raise bad_data("settings", data, str(e), str(e)) from None
        return Settings(st, None if start_at is None else float(start_at))

    def start(self, settings: Settings) -> PairsState:
        return PairsState(pe.PairsEvent.open(settings.event), settings.start_at)

    # -- actions as plain data ------------------------------------------------------------

    def action_from(self, data: Mapping[str, Any]) -> pe.Action:
        if not isinstance(data, Mapping):
            raise bad_data("action", data, "an object with a type", "带 type 的对象")
        kind, now = data.get("type"), _now(data)
        if kind == "tick":
            return pe.Tick(now)
        if kind == "signup":
            players = data.get("players")
            if not isinstance(players, list | tuple) or len(players) != 2:
                raise bad_data("players", players, "two player ids", "两名牌手的编号")
            return pe.SignUp((players[0], players[1]), now)
        if kind == "withdraw":
            return pe.Withdraw(field_of(data, "player", str, "a player id", "牌手编号"), now)
        if kind == "start":
            seed = data.get("seed")
            if seed is not None and (type(seed) is not int):
                raise bad_data("seed", seed, "a whole number or null", "整数或 null")
            return pe.Start(now, seed)
        if kind == "result":
            return pe.RecordResult(_whole(data, "round"), _whole(data, "table"),
                                   _whole(data, "board"), Result.from_dict(data.get("result")),
                                   now)
        if kind == "adjust":
            awards = [parse_award(field_of(data, k, str, "an award such as A+ or 60%",
                                           "如 A+ 或 60% 的判分")) for k in ("ns", "ew")]
            return pe.Adjust(_whole(data, "round"), _whole(data, "table"), _whole(data, "board"),
                             awards[0], awards[1], now)
        if kind == "close_round":
            return pe.CloseRound(now)
        if kind == "publish":
            return pe.Publish(now)
        raise bad_data("action", kind, "signup, withdraw, start, result, adjust, close_round, "
                       "publish or tick", "signup、withdraw、start、result、adjust、close_round、"
                       "publish 或 tick")

    def action_to(self, a: pe.Action) -> dict[str, Any]:
        if isinstance(a, pe.Tick):
            return {"type": "tick", "now": a.now}
        if isinstance(a, pe.SignUp):
            return {"type": "signup", "players": list(a.players), "now": a.now}
        if isinstance(a, pe.Withdraw):
            return {"type": "withdraw", "player": a.player, "now": a.now}
        if isinstance(a, pe.Start):
            return {"type": "start", "seed": a.seed, "now": a.now}
        if isinstance(a, pe.RecordResult):
            return {"type": "result", "round": a.round, "table": a.table, "board": a.board,
                    "result": a.result.to_dict(), "now": a.now}
        if isinstance(a, pe.Adjust):
            return {"type": "adjust", "round": a.round, "table": a.table, "board": a.board,
                    "ns": award_text(a.ns_award), "ew": award_text(a.ew_award), "now": a.now}
        if isinstance(a, pe.CloseRound):
            return {"type": "close_round", "now": a.now}
        return {"type": "publish", "now": a.now}

    def acting_for(self, state: Any, a: Any) -> tuple[str, ...]:
        if isinstance(a, pe.SignUp):
            return tuple(a.players)
        if isinstance(a, pe.Withdraw):
            return (a.player,)
        return ()

    # -- the machine ----------------------------------------------------------------------

    def apply(self, state: PairsState, action: pe.Action) -> tuple[PairsState, list[Any]]:
        events: list[Any] = []
        ev = state.event
        if (state.start_at is not None and not state.start_refused
                and ev.phase is pe.Phase.SIGNUP and state.start_at <= action.now
                and not isinstance(action, pe.Start)):
            try:
                ev, events = pe.apply(ev, pe.Start(max(state.start_at, ev.now)))
            except Refusal as e:
                state = replace(state, start_refused=e.code)
        ev, more = pe.apply(ev, action)
        return replace(state, event=ev), events + more

    def clock(self, state: PairsState) -> float | None:
        return state.event.now

    def due(self, state: PairsState) -> float | None:
        ev = state.event
        if ev.phase is pe.Phase.SIGNUP:
            return None if state.start_refused else state.start_at
        if ev.phase is pe.Phase.PLAYING:
            return ev.round_deadline
        return None

    def effects(self, state: PairsState, events: list[Any]) -> list[Effect]:
        out: list[Effect] = []
        for e in events:
            if isinstance(e, pe.RoundOpened):
                tables = tuple(TableSpec(t.table, (t.ns_players[0], t.ew_players[0],
                                                   t.ns_players[1], t.ew_players[1]), t.boards)
                               for t in e.tables)
                out.append(OpenRound(e.round, tables, e.at, e.deadline))
            elif isinstance(e, pe.RoundClosed):
                out.append(EndRound(e.round, e.cut, e.at))
        return out

    def result_action(self, state: PairsState, round: int, table: int, board: int,
                      result: Result, now: float) -> pe.Action | None:
        if state.event.phase is not pe.Phase.PLAYING:
            return None
        return pe.RecordResult(round, table, board, result, now)

    def has_result(self, state: PairsState, round: int, table: int, board: int) -> bool:
        key = (round, table, board)
        return key in state.event.results or key in state.event.cut

    def board_settled(self, state: PairsState, board: int) -> bool:
        return state.event.board_settled(board)

    def taking_part(self, state: PairsState) -> frozenset[str]:
        return state.event.taking_part

    def results_published(self, state: PairsState) -> bool:
        return state.event.published is not None

    def status(self, state: PairsState) -> str:
        return {pe.Phase.SIGNUP: "open", pe.Phase.PLAYING: "running",
                pe.Phase.COMPLETE: "complete", pe.Phase.PUBLISHED: "finished"}[state.event.phase]

    def total_boards(self, state: PairsState) -> int:
        mv = state.event.movement
        return 0 if mv is None else max(b for a in mv.assignments for b in a.boards)

    def current_round(self, state: PairsState) -> int:
        return state.event.round

    def entries(self, state: PairsState) -> list[dict[str, Any]]:
        numbers = {e.players: n for n, e in state.event.numbers.items()}
        return [{"number": numbers.get(e.players), "players": list(e.players),
                 "order": e.order} for e in state.event.entries]

    def standings(self, state: PairsState) -> list[dict[str, Any]]:
        ev = state.event
        if ev.movement is None:
            return []
        scores = ev.published if ev.published is not None else ev.scores()
        out = []
        for p in scores.pairs:
            entry = ev.numbers.get(int(p.pair))
            out.append({"pair": p.pair, "players": list(entry.players) if entry else [],
                        "direction": None if p.direction is None else p.direction.name,
                        "place": p.place, "rank": p.rank, "total": p.total,
                        "exact": fraction_text(p.exact), "boards": p.boards,
                        "percentage": p.percentage})
        return out

    def results(self, state: PairsState) -> list[dict[str, Any]]:
        out = []
        for (r, t, b), res in sorted(state.event.results.items()):
            out.append({"round": r, "table": t, "board": b, "ns": res.ns_pair,
                        "ew": res.ew_pair,
                        "result": None if res.result is None else str(res.result),
                        "score": res.score, "cut": False})
        for r, t, b in sorted(state.event.cut):
            out.append({"round": r, "table": t, "board": b, "ns": None, "ew": None,
                        "result": None, "score": None, "cut": True})
        return out
