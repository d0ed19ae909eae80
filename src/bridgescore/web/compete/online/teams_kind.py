"""The VP team match (VP队式赛, ``compete.teammatch``; platform.md §3) as a kind of
competition.

Set up by a director with two teams of four (``home`` and ``away``: an id, names and four
player ids; ``robot:`` ids for robots), the length (8, 12 or 16 boards), the VP and IMP
scales, and optionally a time limit and ``start_at`` (Unix seconds: the clock starts the
match then; without it the director's ``start`` does).  At the start two play tables are
made, table 1 the **open** room (home players 1 and 2 North–South, away 1 and 2 East–West)
and table 2 the **closed** room (away 3 and 4 North–South, home 3 and 4 East–West), both on
the same boards of the competition's deals; each room's finished board goes into the
library's match, which compares it once both rooms have it.  ``ladder`` (set by the ladder,
never by hand) names the ladder competition and challenge the match settles: its end posts
the result there (``MatchOver``).

Actions: ``start`` (director), ``result`` {room, board, result} and ``adjust`` {room,
board, ns, ew} (director: a board's score entered by hand, an artificial score), ``tick``,
and ``lineup`` {team, players} (a ladder match's captain, before the start, through
``groups.choose_lineup``, which checks the captain and the group's members: the four in
seat order, the first two in the open room, the last two in the closed room).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ....compete import teammatch as tm
from ....compete.refusal import Refusal
from ....core.result import Result
from ....sessions.adjusted import award_text
from ....sessions.model import parse_award
from ....sessions.participants import Player, Team
from ..kinds import EndRound, Kind, OpenRound, TableSpec, bad_data, field_of, is_robot

ROOM_OF_TABLE = {1: "open", 2: "closed"}
TABLE_OF_ROOM = {"open": 1, "closed": 2}


@dataclass(frozen=True, slots=True)
class TeamSide:
    id: str
    name_en: str
    name_zh: str
    players: tuple[str, str, str, str]


@dataclass(frozen=True, slots=True)
class TeamsSettings:
    home: TeamSide
    away: TeamSide
    match: tm.TeamMatchSettings
    start_at: float | None
    ladder: tuple[int, int] | None  # (ladder competition, challenge)


@dataclass(frozen=True, slots=True)
class TeamsState:
    settings: TeamsSettings
    match: tm.TeamMatchState


@dataclass(frozen=True, slots=True)
class MatchOver:
    """The match ended: its outcome, for the ladder it settles (if any)."""

    outcome: tm.MatchOutcome
    ladder: tuple[int, int] | None
    at: float


MATCH_SETTINGS = ("boards", "vp_scale", "imp_scale", "time_limit", "unfinished")  # its fields
SETTINGS = {"home", "away", *MATCH_SETTINGS, "start_at", "ladder"}


def _side(data: object, which: str, which_zh: str) -> TeamSide:
    if not isinstance(data, Mapping):
        raise bad_data(which, data, "a team: id, name_en, name_zh and four players",
                       "一个队：id、name_en、name_zh 和四名牌手")
    tid = data.get("id", which)
    players = data.get("players")
    if (not isinstance(players, list | tuple) or len(players) != tm.TEAM_SIZE
            or not all(isinstance(p, str) and p for p in players)):
        raise Refusal("bad_team", f"the {which} team needs four players (ids), not "
                      f"{str(players)[:60]}", f"{which_zh}需要四名牌手（编号），而不是 {str(players)[:60]}")
    if len(set(players)) != len(players):
        raise Refusal("bad_team", f"the {which} team names a player twice",
                      f"{which_zh}有牌手重复")
    name_en, name_zh = str(data.get("name_en") or ""), str(data.get("name_zh") or "")
    if not isinstance(tid, str) or not tid.strip():
        raise bad_data(which, tid, "a team id (text)", "队的编号（文本）")
    return TeamSide(tid, name_en or name_zh or tid, name_zh or name_en or tid,
                    (players[0], players[1], players[2], players[3]))


def _team(side: TeamSide) -> Team:
    return Team(side.id, side.name_en, members=tuple(Player(p, p) for p in side.players))


class TeamsKind(Kind):
    name = "teams"
    label_en = "VP team match"
    label_zh = "VP队式赛"
    page = "online:match"
    director_actions = frozenset({"start", "result", "adjust"})
    service_actions = frozenset({"lineup"})

    def read_settings(self, data: Mapping[str, Any]) -> TeamsSettings:
        if not isinstance(data, Mapping):
            raise bad_data("settings", data, "an object of settings", "设置的对象")
        unknown = sorted(set(data) - SETTINGS)
        if unknown:
            raise bad_data("settings", unknown[0], "one of " + ", ".join(sorted(SETTINGS)),
                           "以下之一：" + "、".join(sorted(SETTINGS)))
        home, away = _side(data.get("home"), "home", "主队"), _side(data.get("away"), "away", "客队")
        # What is not given is the library's default (tm.TeamMatchSettings), stated there only.
        match = tm.TeamMatchSettings(**{k: data[k] for k in MATCH_SETTINGS if k in data})
        start_at = data.get("start_at")
        if start_at is not None and (isinstance(start_at, bool)
                                     or not isinstance(start_at, int | float)):
            raise bad_data("start_at", start_at, "a time in Unix seconds", "以秒计的 Unix 时间")
        ladder = data.get("ladder")
        link = None
        if ladder is not None:
            if (not isinstance(ladder, Mapping) or type(ladder.get("competition")) is not int
                    or type(ladder.get("challenge")) is not int):
                raise bad_data("ladder", ladder, "the ladder's competition and challenge",
                               "梯级赛的比赛编号与挑战编号")
            link = (ladder["competition"], ladder["challenge"])
        return TeamsSettings(home, away, match, None if start_at is None else float(start_at),
                             link)

    def start(self, settings: TeamsSettings) -> TeamsState:
        return TeamsState(settings, tm.TeamMatchState.setup(_team(settings.home),
                                                            _team(settings.away),
                                                            settings.match))

    # -- actions --------------------------------------------------------------------------

    def action_from(self, data: Mapping[str, Any]) -> tm.Action:
        if not isinstance(data, Mapping):
            raise bad_data("action", data, "an object with a type", "带 type 的对象")
        kind = data.get("type")
        now = float(field_of(data, "now", (int, float), "a time in seconds", "以秒计的时间"))
        if kind == "tick":
            return tm.Tick(now)
        if kind == "start":
            return tm.Start(now)
        if kind == "lineup":
            players = data.get("players")
            if not isinstance(players, list | tuple):
                raise bad_data("players", players, "a list of four player ids",
                               "四名牌手编号的列表")
            return tm.Lineup(field_of(data, "team", str, "a team id", "队的编号"),
                             tuple(players), now)
        if kind in ("result", "adjust"):
            room = data.get("room")
            board = field_of(data, "board", int, "a board number", "牌号")
            if kind == "result":
                return tm.RecordBoard(room, board, Result.from_dict(data.get("result")), now)  # type: ignore[arg-type]
            awards = [parse_award(field_of(data, k, str, "an award such as A+ or 60%",
                                           "如 A+ 或 60% 的判分")) for k in ("ns", "ew")]
            return tm.Adjust(room, board, awards[0], awards[1], now)  # type: ignore[arg-type]
        raise bad_data("action", kind, "start, result, adjust or tick",
                       "start、result、adjust 或 tick")

    def action_to(self, a: tm.Action) -> dict[str, Any]:
        if isinstance(a, tm.Tick):
            return {"type": "tick", "now": a.now}
        if isinstance(a, tm.Start):
            return {"type": "start", "now": a.now}
        if isinstance(a, tm.Lineup):
            return {"type": "lineup", "team": a.team, "players": list(a.players), "now": a.now}
        if isinstance(a, tm.RecordBoard):
            return {"type": "result", "room": a.room, "board": a.board,
                    "result": a.result.to_dict(), "now": a.now}
        return {"type": "adjust", "room": a.room, "board": a.board,
                "ns": award_text(a.ns_award), "ew": award_text(a.ew_award), "now": a.now}

    def apply(self, state: TeamsState, action: tm.Action) -> tuple[TeamsState, list[Any]]:
        events: list[Any] = []
        m = state.match
        at = state.settings.start_at
        if (at is not None and m.phase is tm.Phase.READY and at <= action.now
                and not isinstance(action, tm.Start)):
            m, events = tm.apply(m, tm.Start(max(at, m.now)))
        m, more = tm.apply(m, action)
        st = state.settings
        for e in more:
            if isinstance(e, tm.LineupSet):
                players = (e.players[0], e.players[1], e.players[2], e.players[3])
                if e.team == st.home.id:
                    st = replace(st, home=replace(st.home, players=players))
                else:
                    st = replace(st, away=replace(st.away, players=players))
        return TeamsState(st, m), events + more

    def clock(self, state: TeamsState) -> float | None:
        return state.match.now

    def due(self, state: TeamsState) -> float | None:
        m = state.match
        if m.phase is tm.Phase.READY:
            return state.settings.start_at
        if m.phase is tm.Phase.PLAYING:
            return m.deadline
        return None

    def seats(self, state: TeamsState) -> tuple[tuple[str | None, ...], tuple[str | None, ...]]:
        """N, E, S, W of the open room, then of the closed room."""
        return tm.seating(state.settings.home.players, state.settings.away.players)

    def effects(self, state: TeamsState, events: list[Any]) -> list[Any]:
        out: list[Any] = []
        boards = state.match.boards
        open_seats, closed_seats = self.seats(state)
        for e in events:
            if isinstance(e, tm.MatchStarted):
                out.append(OpenRound(1, (TableSpec(1, open_seats, boards, "open"),  # type: ignore[arg-type]
                                         TableSpec(2, closed_seats, boards, "closed")),  # type: ignore[arg-type]
                                     e.at, e.deadline))
            elif isinstance(e, tm.BoardsCut):
                cut = tuple((TABLE_OF_ROOM[r], b) for b in e.boards for r in tm.ROOMS
                            if state.match.result(r, b) is None)
                out.append(EndRound(1, cut, e.at))
            elif isinstance(e, tm.MatchEnded):
                if not any(isinstance(x, EndRound) for x in out):
                    out.append(EndRound(1, (), e.at))
                out.append(MatchOver(e.outcome, state.settings.ladder, e.at))
        return out

    def result_action(self, state: TeamsState, round: int, table: int, board: int,
                      result: Result, now: float) -> tm.Action | None:
        room = ROOM_OF_TABLE.get(table)
        if state.match.phase is not tm.Phase.PLAYING or room is None:
            return None
        return tm.RecordBoard(room, board, result, now)  # type: ignore[arg-type]

    def has_result(self, state: TeamsState, round: int, table: int, board: int) -> bool:
        room = ROOM_OF_TABLE.get(table)
        return room is not None and (state.match.result(room, board) is not None  # type: ignore[arg-type]
                                     or board in state.match.cut)

    def board_settled(self, state: TeamsState, board: int) -> bool:
        """Both rooms have played it (or it was cut), or the match is over."""
        return state.match.phase is tm.Phase.DONE or state.match.done(board)

    def taking_part(self, state: TeamsState) -> frozenset[str]:
        """The eight players, until the match is over."""
        if state.match.phase is tm.Phase.DONE:
            return frozenset()
        return frozenset((*state.settings.home.players, *state.settings.away.players))

    def status(self, state: TeamsState) -> str:
        return {tm.Phase.READY: "open", tm.Phase.PLAYING: "running",
                tm.Phase.DONE: "finished"}[state.match.phase]

    def total_boards(self, state: TeamsState) -> int:
        return state.match.settings.boards

    def current_round(self, state: TeamsState) -> int:
        return 0 if state.match.phase is tm.Phase.READY else 1

    def entries(self, state: TeamsState) -> list[dict[str, Any]]:
        return [{"number": s.id, "players": list(s.players), "name_en": s.name_en,
                 "name_zh": s.name_zh, "robots": [is_robot(p) for p in s.players]}
                for s in (state.settings.home, state.settings.away)]

    def standings(self, state: TeamsState) -> list[dict[str, Any]]:
        home, away = state.match.totals()
        o = state.match.outcome()
        vp = (None, None) if o is None else o.vp
        return [{"team": state.settings.home.id, "imps": home, "vp": vp[0],
                 "winner": o is not None and o.winner == state.settings.home.id},
                {"team": state.settings.away.id, "imps": away, "vp": vp[1],
                 "winner": o is not None and o.winner == state.settings.away.id}]

    def results(self, state: TeamsState) -> list[dict[str, Any]]:
        out = []
        for row in state.match.rows():
            for room, r in (("open", row.open), ("closed", row.closed)):
                if r is None and not row.cut:
                    continue
                out.append({"round": 1, "table": TABLE_OF_ROOM[room], "board": row.board,
                            "room": room,
                            "result": None if r is None or r.result is None else str(r.result),
                            "score": None if r is None else r.score, "cut": row.cut and r is None})
        return out

    def comparison(self, state: TeamsState) -> dict[str, Any]:
        """The board-by-board comparison as plain data: each board's two rooms, the
        difference, the IMPs to each team and the running totals; the VPs at the end."""
        rows = []
        for row in state.match.rows():
            s = row.scored
            rows.append({
                "board": row.board, "cut": row.cut,
                "open": None if row.open is None else {
                    "result": None if row.open.result is None else str(row.open.result),
                    "score": row.open.score},
                "closed": None if row.closed is None else {
                    "result": None if row.closed.result is None else str(row.closed.result),
                    "score": row.closed.score},
                "difference": None if s is None else s.difference,
                "home": None if s is None else s.home, "away": None if s is None else s.away,
                "home_running": None if s is None else s.home_running,
                "away_running": None if s is None else s.away_running,
                "note": "" if s is None else s.note})
        home, away = state.match.totals()
        o = state.match.outcome()
        return {"rows": rows, "home_total": home, "away_total": away,
                "phase": state.match.phase.value,
                "outcome": None if o is None else {"margin": o.margin, "vp": list(o.vp),
                                                   "winner": o.winner,
                                                   "boards_scored": o.boards_scored}}
