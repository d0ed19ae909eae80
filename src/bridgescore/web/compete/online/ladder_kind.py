"""The ladder (梯级挑战赛, ``compete.ladder``; platform.md §4) as a kind of competition.

Entrants are the club's player groups (``PlayerGroup``: ``g<id>``), teams or player clubs,
each answered for by its leader, the **captain** recorded when it joined.  Actions (plain
data): ``join`` {entrant, kind, captain}, ``leave`` {entrant}, ``challenge`` {challenger,
defender}, ``accept``/``decline``/``withdraw`` {challenge, by: the entrant answering},
``result`` {challenge, winner?, vp?} (the director's; a ladder match's own end posts it),
``captain`` {entrant, captain} (the group's leadership handed over: only through
``groups.transfer``, never ``act``), ``tick``.  A player acts only for the entrant they captain (``acting_for``); the director
for any.  An accepted challenge is played as a VP team match (kind ``teams``): the
``StartMatch`` effect makes that competition, whose end posts the result here.

Settings: the library's ``LadderSettings`` (``reach``, ``answer_within``, ``unanswered``,
``declined``, ``play_within``, ``cooling`` in seconds, ``kinds``), the match's ``boards``
and ``vp_scale``, ``match_start_after`` (seconds from a challenge's acceptance to its match's
start, when the captains choose their line-ups; default 900), and ``entrants`` (a ladder
carried over: [{id, kind, captain}], in order).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ....compete import ladder as lad
from ....compete import teammatch as tm
from ....compete.refusal import Refusal
from ....core.frozen import FrozenMap
from ..kinds import Kind, bad_data, field_of

LADDER_SETTINGS = {"reach", "answer_within", "unanswered", "declined", "play_within",
                   "cooling", "kinds"}
MATCH_SETTINGS = ("boards", "vp_scale")  # the matches' (tm.TeamMatchSettings)
SETTINGS = LADDER_SETTINGS | {*MATCH_SETTINGS, "entrants", "match_start_after"}
MATCH_START_AFTER = 900  # seconds: the captains' time to choose their line-ups
MATCH_START_AFTER_MAX = 7 * 24 * 3600


def match_start_after(data: Mapping[str, Any]) -> int:
    """The ``match_start_after`` setting, checked (a whole number of seconds, 0 to 7 days)."""
    v = data.get("match_start_after", MATCH_START_AFTER)
    if type(v) is not int or not 0 <= v <= MATCH_START_AFTER_MAX:
        raise bad_data("match_start_after", v,
                       f"a whole number of seconds from 0 to {MATCH_START_AFTER_MAX}",
                       f" 0 到 {MATCH_START_AFTER_MAX} 之间的整秒数")
    return v


@dataclass(frozen=True, slots=True)
class LadderSetup:
    ladder: lad.LadderSettings
    entrants: tuple[tuple[lad.Entrant, str], ...]  # (entrant, captain)


@dataclass(frozen=True)
class LadderState:
    ladder: lad.Ladder
    captains: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class StartMatch:
    """An accepted challenge: its VP team match is to be made (defender at home)."""

    challenge: int
    home: str
    away: str
    at: float


@dataclass(frozen=True, slots=True)
class SetCaptain:
    """The entrant's leader changed: the new captain answers for it from now on."""

    entrant: str
    captain: str
    now: float


@dataclass(frozen=True, slots=True)
class CaptainChanged:
    entrant: str
    before: str | None
    captain: str
    at: float


@dataclass(frozen=True, slots=True)
class Join:
    """The library's join, with the entrant's captain."""

    entrant: lad.Entrant
    captain: str
    now: float


def _entrant(data: Mapping[str, Any]) -> lad.Entrant:
    return lad.Entrant(field_of(data, "entrant", str, "an entrant id", "参赛者编号"),
                       data.get("kind", "team"))


class LadderKind(Kind):
    name = "ladder"
    label_en = "ladder"
    label_zh = "梯级挑战赛"
    page = "online:ladder"
    director_actions = frozenset({"result"})
    player_actions = frozenset({"join", "leave", "challenge", "accept", "decline", "withdraw"})
    service_actions = frozenset({"captain"})

    def read_settings(self, data: Mapping[str, Any]) -> LadderSetup:
        if not isinstance(data, Mapping):
            raise bad_data("settings", data, "an object of settings", "设置的对象")
        unknown = sorted(set(data) - SETTINGS)
        if unknown:
            raise bad_data("settings", unknown[0], "one of " + ", ".join(sorted(SETTINGS)),
                           "以下之一：" + "、".join(sorted(SETTINGS)))
        match_start_after(data)
        given = {k: v for k, v in data.items() if k in LADDER_SETTINGS}
        if "kinds" in given and isinstance(given["kinds"], list):
            given["kinds"] = tuple(given["kinds"])
        # What is not given is the library's default (tm.TeamMatchSettings), stated there only.
        match = tm.TeamMatchSettings(**{k: data[k] for k in MATCH_SETTINGS if k in data})
        settings = lad.LadderSettings(**given, match=match)
        entrants = []
        for e in data.get("entrants") or ():
            if not isinstance(e, Mapping):
                raise bad_data("entrants", e, "{id, kind, captain}", "{id, kind, captain}")
            entrants.append((lad.Entrant(field_of(e, "id", str, "an entrant id", "参赛者编号"),
                                         e.get("kind", "team")),
                             str(field_of(e, "captain", str, "the captain's id", "队长编号"))))
        return LadderSetup(settings, tuple(entrants))

    def start(self, setup: LadderSetup) -> LadderState:
        ladder = lad.Ladder.start((e for e, _ in setup.entrants), setup.ladder)
        return LadderState(ladder, FrozenMap({e.id: c for e, c in setup.entrants}))

    # -- actions --------------------------------------------------------------------------

    def action_from(self, data: Mapping[str, Any]) -> Any:
        if not isinstance(data, Mapping):
            raise bad_data("action", data, "an object with a type", "带 type 的对象")
        kind = data.get("type")
        now = float(field_of(data, "now", (int, float), "a time in seconds", "以秒计的时间"))
        if kind == "tick":
            return lad.Tick(now)
        if kind == "join":
            return Join(_entrant(data), field_of(data, "captain", str, "the captain's id",
                                                 "队长编号"), now)
        if kind == "captain":
            return SetCaptain(field_of(data, "entrant", str, "an entrant id", "参赛者编号"),
                              field_of(data, "captain", str, "the captain's id", "队长编号"), now)
        if kind == "leave":
            return lad.Leave(field_of(data, "entrant", str, "an entrant id", "参赛者编号"), now)
        if kind == "challenge":
            return lad.Challenge(field_of(data, "challenger", str, "an entrant id", "参赛者编号"),
                                 field_of(data, "defender", str, "an entrant id", "参赛者编号"),
                                 now)
        if kind in ("accept", "decline", "withdraw"):
            cls = {"accept": lad.Accept, "decline": lad.Decline, "withdraw": lad.Withdraw}[kind]
            return cls(field_of(data, "challenge", int, "a challenge number", "挑战编号"),
                       field_of(data, "by", str, "an entrant id", "参赛者编号"), now)
        if kind == "result":
            vp = data.get("vp")
            return lad.MatchResult(field_of(data, "challenge", int, "a challenge number",
                                            "挑战编号"), now, data.get("winner"),
                                   tuple(vp) if isinstance(vp, list | tuple) else vp)
        raise bad_data("action", kind, "join, leave, challenge, accept, decline, withdraw, "
                       "result or tick", "join、leave、challenge、accept、decline、withdraw、"
                       "result 或 tick")

    def action_to(self, a: Any) -> dict[str, Any]:
        if isinstance(a, lad.Tick):
            return {"type": "tick", "now": a.now}
        if isinstance(a, Join):
            return {"type": "join", "entrant": a.entrant.id, "kind": a.entrant.kind,
                    "captain": a.captain, "now": a.now}
        if isinstance(a, SetCaptain):
            return {"type": "captain", "entrant": a.entrant, "captain": a.captain, "now": a.now}
        if isinstance(a, lad.Leave):
            return {"type": "leave", "entrant": a.entrant, "now": a.now}
        if isinstance(a, lad.Challenge):
            return {"type": "challenge", "challenger": a.challenger, "defender": a.defender,
                    "now": a.now}
        if isinstance(a, lad.Accept | lad.Decline | lad.Withdraw):
            name = type(a).__name__.lower()
            return {"type": name, "challenge": a.challenge, "by": a.by, "now": a.now}
        assert isinstance(a, lad.MatchResult)
        return {"type": "result", "challenge": a.challenge, "winner": a.winner,
                "vp": None if a.vp is None else list(a.vp), "now": a.now}

    def acting_for(self, state: LadderState, a: Any) -> tuple[str, ...]:
        if isinstance(a, Join):
            return (a.captain,)
        who = None
        if isinstance(a, lad.Leave | SetCaptain):
            who = a.entrant
        elif isinstance(a, lad.Challenge):
            who = a.challenger
        elif isinstance(a, lad.Accept | lad.Decline | lad.Withdraw):
            who = a.by
        captain = state.captains.get(who) if isinstance(who, str) else None
        return () if captain is None else (captain,)

    def apply(self, state: LadderState, action: Any) -> tuple[LadderState, list[Any]]:
        if isinstance(action, Join):
            if action.entrant.id in state.ladder.entrants:
                raise Refusal("already_entered", f"{action.entrant.id} is already on the ladder",
                              f"{action.entrant.id} 已在梯级上")
            ladder, events = lad.apply(state.ladder, lad.Join(action.entrant, action.now))
            captains = dict(state.captains)
            captains[action.entrant.id] = action.captain
            return LadderState(ladder, FrozenMap(captains)), list(events)
        if isinstance(action, SetCaptain):
            if action.entrant not in state.ladder.entrants:
                raise Refusal("not_entered", f"{action.entrant} is not on the ladder",
                              f"{action.entrant} 不在梯级上")
            before = state.captains.get(action.entrant)
            captains = dict(state.captains)
            captains[action.entrant] = action.captain
            # The ladder's clock moves as with any action (never back).
            ladder, events = lad.apply(state.ladder, lad.Tick(action.now))
            return (LadderState(ladder, FrozenMap(captains)),
                    [*events, CaptainChanged(action.entrant, before, action.captain,
                                             action.now)])
        ladder, events = lad.apply(state.ladder, action)
        return replace(state, ladder=ladder), list(events)

    def clock(self, state: LadderState) -> float | None:
        now = state.ladder.now
        return None if now == float("-inf") else now

    def due(self, state: LadderState) -> float | None:
        deadlines = [c.deadline for c in state.ladder.challenges.values()
                     if c.deadline is not None]
        return min(deadlines) if deadlines else None

    def effects(self, state: LadderState, events: list[Any]) -> list[Any]:
        out = []
        for e in events:
            if isinstance(e, lad.Accepted):
                c = state.ladder.challenges[e.challenge]
                out.append(StartMatch(e.challenge, c.defender, c.challenger, e.at))
        return out

    def result_action(self, *args: Any) -> None:
        return None  # the ladder has no tables of its own: its matches do

    def has_result(self, state: Any, round: int, table: int, board: int) -> bool:
        return True

    def board_settled(self, state: LadderState, board: int) -> bool:
        return True  # the ladder has no tables: its matches are competitions of their own

    def taking_part(self, state: LadderState) -> frozenset[str]:
        return frozenset()

    def status(self, state: LadderState) -> str:
        return "running" if state.ladder.challenges else "open"

    def total_boards(self, state: LadderState) -> int:
        return 0

    def current_round(self, state: LadderState) -> int:
        return 0

    def entries(self, state: LadderState) -> list[dict[str, Any]]:
        lr = state.ladder
        return [{"number": e, "place": i, "kind": lr.entrants[e].kind,
                 "captain": state.captains.get(e)} for i, e in enumerate(lr.order, 1)]

    def standings(self, state: LadderState) -> list[dict[str, Any]]:
        return self.entries(state)

    def results(self, state: LadderState) -> list[dict[str, Any]]:
        return []
