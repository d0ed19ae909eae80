"""The ladder challenge (梯级挑战赛, seed 002 §4; platform.md §4) as a pure state machine.

Entrants — freely formed teams (队) or clubs (帮派, player groups; here an id and a kind)
— stand in ladder order, place 1 at the top.  An entrant may challenge one standing up to
``reach`` places above it (default 3); the defender accepts or declines; the two play a match
(default a 16-board VP team match, ``compete.teammatch``); if the challenger wins it takes
the defender's place and the defender and everyone between move down one.

>>> lad = Ladder.start([Entrant(x) for x in "ABCDEFG"])
>>> lad, _ = apply(lad, Challenge("G", "E", now=0))
>>> lad, _ = apply(lad, Accept(1, "E", now=3600))
>>> lad, events = apply(lad, MatchResult(1, now=7200, vp=(14.2, 5.8)))
>>> "".join(lad.order)
'ABCDGEF'
>>> [(e.entrant, e.before, e.after) for e in events if isinstance(e, Moved)]
[('G', 7, 5), ('E', 5, 6), ('F', 6, 7)]

The rules where the seed is silent, each a setting (``LadderSettings``):

* **Range** ``reach`` (3): a challenge goes 1 to ``reach`` places up, never down.
* **Answer** within ``answer_within`` seconds (72 h).  An answer at or after the deadline is
  too late.  An **unanswered** challenge is, by default, a **forfeit win for the
  challenger** (``unanswered="forfeit"``; ``"lapse"`` ends it with no change): otherwise an
  entrant at the top could hold its place for ever by not answering.
* **Declining** is, by default, also a forfeit (``declined="forfeit"``; ``"lapse"`` lets the
  defender refuse at no cost): a challenge within range is an obligation, and a decline is
  what ignoring it would be, only sooner.
* **Play** within ``play_within`` seconds of acceptance (14 days; ``None``: no limit).  An
  accepted match not reported in time **lapses** with no change: the ladder cannot tell whose
  fault it was; the administrator reports a forfeit as a result (``MatchResult`` with a
  ``winner``) when it can.
* **One open challenge per entrant**, as challenger or defender: while an entrant is in one
  (asked or accepted), it can neither challenge nor be challenged.  So no one defends two
  places at once or moves while a challenge on its place is out.
* **Cooling** ``cooling`` seconds (7 days; 0 for none): after a challenge between two entrants
  ends — in any way: played, forfeited, lapsed, withdrawn — neither may challenge the other
  until that time has passed, so a pair cannot be made to play again at once and a declined
  or withdrawn challenge cannot be repeated to harass.
* **A draw** (equal VPs) leaves the places as they are: the challenger must win to move up.
* **Places at the result** are the places then, not when the challenge was made: other
  challenges may have moved both entrants meanwhile.  A ladder move only rotates a block of
  places, so the challenger is always still below the defender.
* **Withdraw**: the challenger may withdraw an unanswered challenge (no change); after
  acceptance it concedes by a result instead.
* **Join** puts a new entrant at the bottom; **Leave** takes an entrant off (its open
  challenge ends, lapsed) and everyone below moves up one.

Every action first settles the deadlines that have passed by its time (so the result does
not depend on how often the clock ``Tick`` is sent), in deadline order.  Every change of
place is an event (``Moved``), so the events are the ladder's full history; ``history``
keeps them on the state as well.  Refusals are :class:`~bridgescore.compete.refusal.Refusal`
with a ``code``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from ..core.errors import BridgeError
from ..core.frozen import FrozenMap
from ..core.text import excerpt
from ..sessions.participants import as_id
from .refusal import Refusal, check_duration, check_time, hours
from .teammatch import MatchOutcome, TeamMatchSettings, TeamMatchState

__all__ = [
    "Accept",
    "Accepted",
    "Action",
    "Challenge",
    "ChallengeClosed",
    "Challenged",
    "Decline",
    "Entrant",
    "Event",
    "Join",
    "Joined",
    "Ladder",
    "LadderSettings",
    "Leave",
    "Left",
    "MatchResult",
    "Moved",
    "OpenChallenge",
    "Tick",
    "Withdraw",
    "apply",
    "match_result",
    "replay",
    "start_match",
]

HOUR = 3600.0
DAY = 24 * HOUR
Kind = Literal["team", "club"]
_KIND_ZH = {"team": "队", "club": "帮派"}
Consequence = Literal["forfeit", "lapse"]
Outcome = Literal["won", "defended", "lapsed"]
Reason = Literal["match", "unanswered", "declined", "unplayed", "withdrawn", "left"]


@dataclass(frozen=True, slots=True)
class LadderSettings:
    """The ladder's rules (see the module).  Durations are in seconds."""

    reach: int = 3
    answer_within: float = 72 * HOUR
    unanswered: Consequence = "forfeit"
    declined: Consequence = "forfeit"
    play_within: float | None = 14 * DAY
    cooling: float = 7 * DAY
    kinds: tuple[Kind, ...] = ("team", "club")
    match: TeamMatchSettings = field(default_factory=TeamMatchSettings)  # 16 boards, WBF VPs

    def __post_init__(self) -> None:
        if type(self.reach) is not int or self.reach < 1:
            raise Refusal("bad_settings",
                          f"invalid range {excerpt(self.reach)}: expected a whole number of "
                          "places from 1",
                          f"无效的挑战范围 {excerpt(self.reach)}：应为从 1 起的名次数")
        check_duration("answer time", "应战期限", self.answer_within)
        check_duration("play time", "比赛期限", self.play_within, optional=True)
        check_duration("cooling period", "冷却期", self.cooling, zero=True)
        for name, zh, v in (("unanswered", "未应战", self.unanswered),
                            ("declined", "拒绝应战", self.declined)):
            if v not in ("forfeit", "lapse"):
                raise Refusal("bad_settings",
                              f"invalid consequence of {name} {excerpt(v)}: expected 'forfeit' "
                              "or 'lapse'",
                              f"无效的{zh}后果 {excerpt(v)}：应为 'forfeit'（判负）或 'lapse'（作废）")
        kinds = tuple(self.kinds) if isinstance(self.kinds, list | tuple) else ()
        if not kinds or any(k not in _KIND_ZH for k in kinds):
            raise Refusal("bad_settings",
                          f"invalid kinds {excerpt(self.kinds)}: expected 'team', 'club' or both",
                          f"无效的参赛类型 {excerpt(self.kinds)}：应为 'team'（队）、'club'（帮派）或两者")
        object.__setattr__(self, "kinds", kinds)
        if not isinstance(self.match, TeamMatchSettings):
            raise Refusal("bad_settings",
                          f"invalid match format {excerpt(self.match)}: expected "
                          "TeamMatchSettings",
                          f"无效的比赛形式 {excerpt(self.match)}：应为 TeamMatchSettings")


@dataclass(frozen=True, slots=True)
class Entrant:
    """A team or a club on the ladder."""

    id: str
    kind: Kind = "team"

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "id", as_id(self.id, "entrant", "参赛者"))
        except BridgeError as e:
            raise Refusal("bad_entrant", e.en, e.zh) from None
        if self.kind not in _KIND_ZH:
            raise Refusal("bad_entrant",
                          f"entrant {self.id}: invalid kind {excerpt(self.kind)}: expected 'team' "
                          "or 'club'",
                          f"参赛者 {self.id}：无效的类型 {excerpt(self.kind)}：应为 'team'（队）"
                          "或 'club'（帮派）")


@dataclass(frozen=True, slots=True)
class OpenChallenge:
    """A challenge not yet ended: asked (``accepted`` None) or accepted."""

    id: int
    challenger: str
    defender: str
    issued: float
    answer_by: float
    accepted: float | None = None
    play_by: float | None = None

    @property
    def deadline(self) -> float | None:
        return self.answer_by if self.accepted is None else self.play_by


# -- actions ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Join:
    entrant: Entrant
    now: float


@dataclass(frozen=True, slots=True)
class Leave:
    entrant: str
    now: float


@dataclass(frozen=True, slots=True)
class Challenge:
    challenger: str
    defender: str
    now: float


@dataclass(frozen=True, slots=True)
class Accept:
    """``by``: the entrant answering (it must be the defender)."""

    challenge: int
    by: str
    now: float


@dataclass(frozen=True, slots=True)
class Decline:
    challenge: int
    by: str
    now: float


@dataclass(frozen=True, slots=True)
class Withdraw:
    """The challenger takes back a challenge not yet answered."""

    challenge: int
    by: str
    now: float


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The result of an accepted challenge's match: the ``winner`` (its id; for a forfeit
    decided by the administrator), the VPs ``(challenger's, defender's)``, or both (they
    must agree).  Equal VPs are a draw."""

    challenge: int
    now: float
    winner: str | None = None
    vp: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class Tick:
    """The clock: settles the deadlines that have passed."""

    now: float


Action = Join | Leave | Challenge | Accept | Decline | Withdraw | MatchResult | Tick

# -- events -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Joined:
    entrant: str
    kind: Kind
    position: int
    at: float


@dataclass(frozen=True, slots=True)
class Left:
    entrant: str
    position: int
    at: float


@dataclass(frozen=True, slots=True)
class Challenged:
    challenge: int
    challenger: str
    defender: str
    at: float
    answer_by: float


@dataclass(frozen=True, slots=True)
class Accepted:
    challenge: int
    at: float
    play_by: float | None


@dataclass(frozen=True, slots=True)
class ChallengeClosed:
    """A challenge ended: ``outcome`` won (by the challenger: the places change), defended
    or lapsed (no change); ``reason`` how (match, unanswered, declined, unplayed, withdrawn,
    left); ``vp`` the match's (challenger's, defender's) when reported."""

    challenge: int
    challenger: str
    defender: str
    outcome: Outcome
    reason: Reason
    at: float
    vp: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class Moved:
    """An entrant's place changed (``challenge`` None: because one above it left)."""

    entrant: str
    before: int
    after: int
    challenge: int | None
    at: float


Event = Joined | Left | Challenged | Accepted | ChallengeClosed | Moved

# -- the state --------------------------------------------------------------------------


@dataclass(frozen=True)
class Ladder:
    """The ladder: ``order`` (ids, place 1 first), the entrants, the open challenges, when
    each pair last ended a challenge (for cooling), and every event so far."""

    settings: LadderSettings
    order: tuple[str, ...]
    entrants: Mapping[str, Entrant]
    challenges: Mapping[int, OpenChallenge] = field(default_factory=FrozenMap)
    last_met: Mapping[frozenset[str], float] = field(default_factory=FrozenMap)
    next_id: int = 1
    now: float = float("-inf")
    history: tuple[Event, ...] = ()

    @classmethod
    def start(cls, entrants: Iterable[Entrant] = (), settings: LadderSettings | None = None,
              now: float = 0.0) -> Ladder:
        """A ladder with ``entrants`` in this order (a new ladder, or last season's)."""
        st = settings if settings is not None else LadderSettings()
        if not isinstance(st, LadderSettings):
            raise Refusal("bad_settings",
                          f"invalid settings {excerpt(st)}: expected LadderSettings",
                          f"无效的设置 {excerpt(st)}：应为 LadderSettings")
        lad = cls(st, (), FrozenMap(), now=check_time(now, float("-inf")))
        for e in entrants:
            lad, _ = apply(lad, Join(e, now))
        return replace(lad, history=())

    def position(self, entrant: str) -> int:
        """1 for the top."""
        try:
            return self.order.index(entrant) + 1
        except ValueError:
            raise _unknown(entrant) from None

    def open_challenge(self, entrant: str) -> OpenChallenge | None:
        """The challenge ``entrant`` is in, as challenger or defender."""
        return next((c for c in self.challenges.values()
                     if entrant in (c.challenger, c.defender)), None)

    def may_challenge(self, challenger: str) -> tuple[str, ...]:
        """Whom ``challenger`` may challenge now (empty when it may not challenge)."""
        out = []
        p = self.position(challenger)
        for q in range(max(1, p - self.settings.reach), p):
            try:
                _check_challenge(self, challenger, self.order[q - 1])
            except Refusal:
                continue
            out.append(self.order[q - 1])
        return tuple(out)


def replay(start: Ladder, actions: Iterable[Action]) -> tuple[Ladder, list[Event]]:
    """Apply ``actions`` in turn (a stored log); the first refusal raises."""
    events: list[Event] = []
    state = start
    for a in actions:
        state, new = apply(state, a)
        events.extend(new)
    return state, events


def _unknown(entrant: object) -> Refusal:
    return Refusal("unknown_entrant", f"no entrant {excerpt(entrant)} on the ladder",
                   f"梯级上没有参赛者 {excerpt(entrant)}")


# -- apply ------------------------------------------------------------------------------

_ACTIONS = (Join, Leave, Challenge, Accept, Decline, Withdraw, MatchResult, Tick)


def apply(state: Ladder, action: Action) -> tuple[Ladder, list[Event]]:
    """The ladder after ``action`` and the events it caused; raises :class:`Refusal`
    (nothing changes) for an action the ladder refuses."""
    if not isinstance(action, _ACTIONS):
        raise Refusal("bad_action", f"unknown action {excerpt(action)}",
                      f"未知的操作 {excerpt(action)}")
    now = check_time(action.now, state.now)
    state, events = _settle(replace(state, now=now))
    if isinstance(action, Join):
        state, new = _join(state, action.entrant)
    elif isinstance(action, Leave):
        state, new = _leave(state, action.entrant)
    elif isinstance(action, Challenge):
        state, new = _challenge(state, action)
    elif isinstance(action, Accept):
        c = _pending(state, action.challenge, action.by, "defender")
        play_by = None if state.settings.play_within is None else now + state.settings.play_within
        state = _put(state, replace(c, accepted=now, play_by=play_by))
        new = [Accepted(c.id, now, play_by)]
    elif isinstance(action, Decline):
        c = _pending(state, action.challenge, action.by, "defender")
        state, new = _close(state, c, "declined", state.settings.declined, now)
    elif isinstance(action, Withdraw):
        c = _pending(state, action.challenge, action.by, "challenger")
        state, new = _close(state, c, "withdrawn", "lapse", now)
    elif isinstance(action, MatchResult):
        state, new = _result(state, action)
    else:
        new = []
    events += new
    return replace(state, history=state.history + tuple(events)), events


def _settle(state: Ladder) -> tuple[Ladder, list[Event]]:
    """End every challenge whose deadline has passed, earliest first."""
    events: list[Event] = []
    due = sorted((c.deadline, c.id) for c in state.challenges.values()
                 if c.deadline is not None and c.deadline <= state.now)
    for deadline, cid in due:
        c = state.challenges[cid]
        if c.accepted is None:
            state, new = _close(state, c, "unanswered", state.settings.unanswered, deadline)
        else:
            state, new = _close(state, c, "unplayed", "lapse", deadline)
        events += new
    return state, events


def _join(state: Ladder, entrant: object) -> tuple[Ladder, list[Event]]:
    if not isinstance(entrant, Entrant):
        raise Refusal("bad_entrant", f"invalid entrant {excerpt(entrant)}: expected an Entrant",
                      f"无效的参赛者 {excerpt(entrant)}：应为 Entrant")
    if entrant.id in state.entrants:
        raise Refusal("already_entered", f"{entrant.id} is already on the ladder "
                      f"(place {state.position(entrant.id)})",
                      f"{entrant.id} 已在梯级上（第 {state.position(entrant.id)} 名）")
    if entrant.kind not in state.settings.kinds:
        allowed = " or ".join(state.settings.kinds)
        allowed_zh = "或".join(_KIND_ZH[k] for k in state.settings.kinds)
        raise Refusal("wrong_kind", f"{entrant.id} is a {entrant.kind}: this ladder is for "
                      f"{allowed} entrants",
                      f"{entrant.id} 是{_KIND_ZH[entrant.kind]}：本梯级只接受{allowed_zh}")
    entrants = dict(state.entrants)
    entrants[entrant.id] = entrant
    state = replace(state, order=(*state.order, entrant.id), entrants=FrozenMap(entrants))
    return state, [Joined(entrant.id, entrant.kind, len(state.order), state.now)]


def _leave(state: Ladder, entrant: object) -> tuple[Ladder, list[Event]]:
    if entrant not in state.entrants:
        raise _unknown(entrant)
    assert isinstance(entrant, str)
    events: list[Event] = []
    c = state.open_challenge(entrant)
    if c is not None:
        state, events = _close(state, c, "left", "lapse", state.now)
    p = state.position(entrant)
    entrants = dict(state.entrants)
    del entrants[entrant]
    below = state.order[p:]
    state = replace(state, order=state.order[:p - 1] + below, entrants=FrozenMap(entrants),
                    last_met=FrozenMap({k: v for k, v in state.last_met.items()
                                        if entrant not in k}))
    events.append(Left(entrant, p, state.now))
    events += [Moved(e, p + i + 1, p + i, None, state.now) for i, e in enumerate(below)]
    return state, events


def _check_challenge(state: Ladder, challenger: object, defender: object) -> tuple[int, int]:
    """The two places; raises the reason a challenge may not be made."""
    for who in (challenger, defender):
        if who not in state.entrants:
            raise _unknown(who)
    assert isinstance(challenger, str) and isinstance(defender, str)
    if challenger == defender:
        raise Refusal("self", f"{challenger} cannot challenge itself", f"{challenger} 不能挑战自己")
    pc, pd = state.position(challenger), state.position(defender)
    if pd > pc:
        raise Refusal("not_above",
                      f"{defender} (place {pd}) is below {challenger} (place {pc}): a challenge "
                      "goes up the ladder",
                      f"{defender}（第 {pd} 名）在 {challenger}（第 {pc} 名）之下：只能向上挑战")
    reach = state.settings.reach
    if pc - pd > reach:
        raise Refusal("out_of_range",
                      f"{defender} (place {pd}) is {pc - pd} places above {challenger} (place "
                      f"{pc}): a challenge may go at most {reach} places up",
                      f"{defender}（第 {pd} 名）比 {challenger}（第 {pc} 名）高 {pc - pd} 名："
                      f"最多只能向上挑战 {reach} 名")
    for who, role, role_zh in ((challenger, "challenger", "挑战方"),
                               (defender, "defender", "被挑战方")):
        c = state.open_challenge(who)
        if c is not None:
            raise Refusal("busy",
                          f"{who} is already in challenge {c.id} ({c.challenger} v {c.defender}): "
                          f"one open challenge at a time (the {role} here)",
                          f"{who} 已在第 {c.id} 号挑战中（{c.challenger} 对 {c.defender}）：每次只能"
                          f"有一个未结束的挑战（此处为{role_zh}）")
    last = state.last_met.get(frozenset((challenger, defender)))
    cooling = state.settings.cooling
    if last is not None and state.now < last + cooling:
        left = last + cooling - state.now
        raise Refusal("cooling",
                      f"{challenger} and {defender} ended a challenge {hours(state.now - last)} h "
                      f"ago: they may meet again after {hours(cooling)} h ({hours(left)} h from "
                      "now)",
                      f"{challenger} 与 {defender} 在 {hours(state.now - last)} 小时前刚结束一次挑战："
                      f"须间隔 {hours(cooling)} 小时才能再次相遇（还需 {hours(left)} 小时）")
    return pc, pd


def _challenge(state: Ladder, action: Challenge) -> tuple[Ladder, list[Event]]:
    _check_challenge(state, action.challenger, action.defender)
    c = OpenChallenge(state.next_id, action.challenger, action.defender, state.now,
                      state.now + state.settings.answer_within)
    state = replace(_put(state, c), next_id=state.next_id + 1)
    return state, [Challenged(c.id, c.challenger, c.defender, c.issued, c.answer_by)]


def _find(state: Ladder, cid: object) -> OpenChallenge:
    c = state.challenges.get(cid) if type(cid) is int else None
    if c is None:
        raise Refusal("unknown_challenge", f"no open challenge {excerpt(cid)}",
                      f"没有未结束的第 {excerpt(cid)} 号挑战")
    return c


def _pending(state: Ladder, cid: object, by: object, role: str) -> OpenChallenge:
    """An open, unanswered challenge that ``by`` (the ``role``) may act on."""
    c = _find(state, cid)
    if c.accepted is not None:
        raise Refusal("already_accepted", f"challenge {c.id} has already been accepted",
                      f"第 {c.id} 号挑战已被接受")
    want = c.defender if role == "defender" else c.challenger
    if by != want:
        role_zh = "被挑战方" if role == "defender" else "挑战方"
        raise Refusal("not_yours",
                      f"only {want}, the {role}, may do this to challenge {c.id}, not "
                      f"{excerpt(by)}",
                      f"只有{role_zh} {want} 可以对第 {c.id} 号挑战这样做，{excerpt(by)} 不可以")
    return c


def _result(state: Ladder, action: MatchResult) -> tuple[Ladder, list[Event]]:
    c = _find(state, action.challenge)
    if c.accepted is None:
        raise Refusal("not_accepted", f"challenge {c.id} has not been accepted: no match yet",
                      f"第 {c.id} 号挑战尚未被接受：还没有比赛")
    vp = action.vp
    if vp is not None:
        ok = (isinstance(vp, tuple) and len(vp) == 2 and all(
            isinstance(x, int | float) and not isinstance(x, bool) and 0 <= x < float("inf")
            for x in vp))
        if not ok:
            raise Refusal("bad_result",
                          f"invalid VPs {excerpt(vp)}: expected (challenger's, defender's), "
                          "two numbers from 0",
                          f"无效的胜利分 {excerpt(vp)}：应为（挑战方，被挑战方）两个不小于 0 的数")
        vp = (float(vp[0]), float(vp[1]))
    winner = action.winner
    if winner is not None and winner not in (c.challenger, c.defender):
        raise Refusal("bad_result",
                      f"invalid winner {excerpt(winner)}: challenge {c.id} is {c.challenger} v "
                      f"{c.defender}",
                      f"无效的胜方 {excerpt(winner)}：第 {c.id} 号挑战是 {c.challenger} 对 {c.defender}")
    by_vp = None if vp is None else (c.challenger if vp[0] > vp[1] else
                                     c.defender if vp[1] > vp[0] else "")
    if winner is None and by_vp is None:
        raise Refusal("bad_result", "a result needs the winner or the VPs",
                      "结果需要给出胜方或胜利分")
    if winner is not None and by_vp is not None and winner != by_vp:
        raise Refusal("bad_result",
                      f"the winner {winner} does not agree with the VPs {vp[0]:g}-{vp[1]:g} "  # type: ignore[index]
                      f"({c.challenger} first)",
                      f"胜方 {winner} 与胜利分 {vp[0]:g}-{vp[1]:g}（{c.challenger} 在前）不符")  # type: ignore[index]
    won = (winner or by_vp) == c.challenger
    return _close(state, c, "match", "forfeit" if won else "defended", state.now, vp)


def _close(state: Ladder, c: OpenChallenge, reason: Reason, how: str, at: float,
           vp: tuple[float, float] | None = None) -> tuple[Ladder, list[Event]]:
    """End ``c``; ``how``: "forfeit" (the challenger wins: takes the place), "defended" or
    "lapse" (no change)."""
    outcome: Outcome = "won" if how == "forfeit" else "defended" if how == "defended" else "lapsed"
    challenges = {k: v for k, v in state.challenges.items() if k != c.id}
    met = dict(state.last_met)
    met[frozenset((c.challenger, c.defender))] = at
    state = replace(state, challenges=FrozenMap(challenges), last_met=FrozenMap(met))
    events: list[Event] = [ChallengeClosed(c.id, c.challenger, c.defender, outcome, reason, at,
                                           vp)]
    if outcome == "won":
        pc, pd = state.position(c.challenger), state.position(c.defender)
        assert pc > pd  # a move rotates a block of places: the order of the others holds
        o = state.order
        state = replace(state, order=(*o[:pd - 1], c.challenger, *o[pd - 1:pc - 1], *o[pc:]))
        events.append(Moved(c.challenger, pc, pd, c.id, at))
        events += [Moved(e, pd + i, pd + i + 1, c.id, at) for i, e in enumerate(o[pd - 1:pc - 1])]
    return state, events


def _put(state: Ladder, c: OpenChallenge) -> Ladder:
    challenges = dict(state.challenges)
    challenges[c.id] = c
    return replace(state, challenges=FrozenMap(challenges))


# -- the match --------------------------------------------------------------------------


def start_match(state: Ladder, challenge: int) -> TeamMatchState:
    """The VP team match of an accepted challenge, set up in the ladder's format, the
    defender at home (it sits NS in the open room; online that is no advantage)."""
    c = _find(state, challenge)
    if c.accepted is None:
        raise Refusal("not_accepted", f"challenge {c.id} has not been accepted: no match yet",
                      f"第 {c.id} 号挑战尚未被接受：还没有比赛")
    return TeamMatchState.setup(c.defender, c.challenger, state.settings.match, now=state.now)


def match_result(state: Ladder, challenge: int, outcome: MatchOutcome,
                 now: float) -> MatchResult:
    """The ladder's ``MatchResult`` for a finished match (``TeamMatchState.outcome()``)."""
    c = _find(state, challenge)
    if {outcome.home, outcome.away} != {c.challenger, c.defender}:
        raise Refusal("bad_result",
                      f"the match {outcome.home} v {outcome.away} is not challenge {c.id} "
                      f"({c.challenger} v {c.defender})",
                      f"{outcome.home} 对 {outcome.away} 的比赛不是第 {c.id} 号挑战（{c.challenger} "
                      f"对 {c.defender}）")
    vp = outcome.vp if outcome.home == c.challenger else (outcome.vp[1], outcome.vp[0])
    return MatchResult(c.id, now, vp=vp)
