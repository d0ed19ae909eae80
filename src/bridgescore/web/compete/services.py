"""The competitions' services: the only code that writes a competition, and what pages,
the API and the servers' sweep call.

API (every function checks the rights it needs; refusals are ``BridgeError`` subclasses
with ``code``, ``en`` and ``zh``: ``NotAllowed`` here, the library's own for an action the
state machine refuses):

Kinds (``KINDS``, ``register_kind``): ``pairs`` (``pairs_kind``: the library's pairs event,
started by the clock at ``start_at``) and ``swiss`` (``swiss_kind``: the automatic Swiss,
registration room to masterpoints); each kind's module lists its actions.

Writing
- ``create_competition(club, by, *, kind, name_en, name_zh, settings, members_only=True,
  published=True) -> Competition``: a club director only; ``settings`` the kind's (checked
  by its reader) plus the platform's ``deal_seed`` (the deals; default a secure random deal)
  and ``grace_seconds`` (a play table's grace for an absent player; default 60).
- ``act(competition, data, by) -> Done``: a player's or the director's action as plain data
  (``{"type": "signup", "players": [...]}``; the kind's module lists them); its time is the
  clock's.  Players act for themselves (a member of the club for a members-only
  competition); the director's actions, robot entrants and acting for others need
  ``can_direct``.
- ``sweep() -> int``: what each server's 1 s sweeper runs (``play.live.register_sweep``):
  every competition whose ``next_due`` has come is ticked, exactly once whatever the number
  of servers; also, every 30 s, a finished board that has not reached its competition is
  posted again.  ``run_due(competition_id) -> bool`` ticks one.
- ``post_board(board) -> Done | None``: a board finished at a competition's play table is
  recorded (``play.services.on_board_end`` calls it).

Reading (pages, the API; ``can_see`` first)
- ``can_see(user, competition) -> bool``; ``visible(user, club=None) -> list[Competition]``.
- ``state_of(competition)``: the kind's state (the log replayed; cached by ``seq``).
- ``summary(competition) -> dict``: JSON-able (names, kind, status, seq, next due, round,
  entries, standings).
- ``standings(competition) -> list[dict]``; ``board_results(competition) -> list[dict]``.
- ``rounds(competition) -> list[dict]``: each round's tables (number, play table id, room,
  the four seats with names, status, stopped).
- ``seat_now(user) -> list[dict]``: where the user sits now (competition, round, table,
  play table id, seat letter), for every competition table not yet stopped.
- ``history(competition) -> list[dict]``: the log with each action's events.
- ``masterpoints_of(user) -> list[MasterpointAward]``.

Timing: every action is stamped with ``clock.now()`` (never before the state's last time);
the state machines make each scheduled transition as of its own scheduled time, also when
the tick comes late (a server that was down), so the log replays to the same state
anywhere.  See docs/competitions.md, "Scheduling".
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db import DatabaseError, IntegrityError, connection, transaction

from ...core.errors import BridgeError
from ...core.result import Result
from ...core.seat import Seat
from ..accounts.models import User
from ..clubs.models import Club
from ..clubs.roles import AnyUser, can_direct, is_member
from ..core import refusals
from ..events.models import BoardSet
from ..play import live
from ..play import services as play
from ..play import tables as play_tables
from ..play.models import PlayBoard, PlaySeat, Room
from . import clock, ledger
from .kinds import Effect, EndRound, GiveMasterpoints, Kind, OpenRound, PlayedBoard, is_robot
from .models import Competition, CompetitionAction, CompetitionTable, MasterpointAward
from .pairs_kind import PairsKind
from .swiss_kind import SwissKind

log = logging.getLogger(__name__)

__all__ = ["KINDS", "Done", "NotAllowed", "act", "board_results", "can_see",
           "create_competition", "forget", "history", "masterpoints_of", "post_board", "register_effect",
           "register_kind",
           "rounds", "run_due", "seat_now", "standings", "state_of", "summary", "sweep",
           "visible"]

KINDS: dict[str, Kind] = {}


def register_kind(kind: Kind) -> None:
    KINDS[kind.name] = kind


# A kind's own effects (beyond opening and ending rounds and masterpoints): carried out in
# the transaction that stores the action, as the others are.
EFFECTS: dict[type, Callable[[Competition, Any, Any], None]] = {}


def register_effect(effect: type, handler: Callable[[Competition, Any, Any], None]) -> None:
    """``handler(competition, state, effect)`` for every ``effect`` of that type."""
    EFFECTS[effect] = handler


register_kind(PairsKind())
register_kind(SwissKind())

PLATFORM_SETTINGS = ("deal_seed", "grace_seconds")
RETRY_SECONDS = 30.0  # how often the sweep looks for results that did not arrive


class NotAllowed(refusals.Refused):
    """A competition's refusal; its code says its kind (``refusals.family``)."""

    code = "not_allowed"

    def __init__(self, en: str, zh: str, code: str = "not_allowed") -> None:
        super().__init__(en, zh, code)


refusals.family(NotAllowed)


@dataclass
class Done:
    """What an action did: its number in the log (0: nothing stored), its events and
    effects (the platform's view of them)."""

    seq: int = 0
    events: list[Any] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)


def kind_of(competition: Competition) -> Kind:
    kind = KINDS.get(competition.kind)
    if kind is None:
        raise NotAllowed(f"unknown kind of competition {competition.kind!r:.40}",
                         f"未知的比赛类型 {competition.kind!r:.40}", "bad_kind")
    return kind


def player_id(user: User) -> str:
    return str(user.pk)


def _kind_settings(kind: Kind, data: Mapping[str, Any]) -> Any:
    return kind.read_settings({k: v for k, v in data.items() if k not in PLATFORM_SETTINGS})


# ---------------------------------------------------------------------------- state cache

_locks: dict[int, threading.Lock] = {}
_locks_lock = threading.Lock()
# (competition id, created) → (actions replayed, state).  Keyed by the creation time too: a
# test database reuses ids.
_states: dict[tuple[int, float], tuple[int, Any]] = {}
_states_lock = threading.Lock()
_STATES_KEPT = 500


def _lock(competition_id: int) -> threading.Lock:
    with _locks_lock:
        return _locks.setdefault(competition_id, threading.Lock())


def _key(c: Competition) -> tuple[int, float]:
    return (int(c.pk), c.created.timestamp())


def forget() -> None:
    """Drop every cached state (as a restarted server starts)."""
    with _states_lock:
        _states.clear()


def _state(c: Competition, kind: Kind) -> Any:
    """The state after the log's ``c.seq`` actions: the cache's when it holds them, else
    the rows after it replayed."""
    with _states_lock:
        cached = _states.get(_key(c))
    if cached is not None and cached[0] <= c.seq:
        done, state = cached
    else:
        done, state = 0, kind.start(_kind_settings(kind, c.settings))
    if done < c.seq:
        for row in CompetitionAction.objects.filter(competition=c, seq__gt=done,
                                                    seq__lte=c.seq).order_by("seq"):
            state, _ = kind.apply(state, kind.action_from(row.data))
            done += 1
    if done != c.seq:
        raise BridgeError(f"competition {c.pk}: {done} actions stored, {c.seq} expected",
                          f"比赛 {c.pk}：存有 {done} 个操作，应为 {c.seq} 个")
    _remember(c, done, state)
    return state


def _remember(c: Competition, seq: int, state: Any) -> None:
    key = _key(c)

    def now() -> None:
        with _states_lock:
            old = _states.get(key)
            if old is not None and old[0] > seq:
                return
            if len(_states) >= _STATES_KEPT:
                _states.pop(next(iter(_states)))
            _states[key] = (seq, state)

    if connection.in_atomic_block:
        transaction.on_commit(now)  # kept for others only once the rows are committed
    else:
        now()


def state_of(competition: Competition) -> Any:
    c = Competition.objects.get(pk=competition.pk)
    return _state(c, kind_of(c))


def _locked(competition_id: int, *, skip_locked: bool = False) -> Competition | None:
    qs = Competition.objects.filter(pk=competition_id)
    if connection.features.has_select_for_update:
        qs = qs.select_for_update(skip_locked=skip_locked)
    return qs.first()


# ---------------------------------------------------------------------------- writing


def create_competition(club: Club, by: AnyUser, *, kind: str, name_en: str = "",
                       name_zh: str = "", settings: Mapping[str, Any] | None = None,
                       members_only: bool = True, published: bool = True) -> Competition:
    if not can_direct(by, club):
        raise NotAllowed("Only a director of the club may set up its competitions.",
                         "只有本俱乐部的裁判可以设立比赛。")
    k = KINDS.get(kind)
    if k is None:
        raise NotAllowed(f"unknown kind of competition {kind!r:.40}: expected "
                         + ", ".join(sorted(KINDS)),
                         f"未知的比赛类型 {kind!r:.40}：应为 " + "、".join(sorted(KINDS)), "bad_kind")
    if not (name_en.strip() or name_zh.strip()):
        raise NotAllowed("a competition needs a name (English or Chinese)",
                         "比赛需要名称（英文或中文）", "no_name")
    data = dict(settings or {})
    grace = data.get("grace_seconds", 60)
    if type(grace) is not int or not 0 <= grace <= 3600:
        raise NotAllowed(f"invalid grace_seconds {grace!r:.40}: expected 0 to 3600",
                         f"无效的 grace_seconds {grace!r:.40}：应为 0 到 3600", "bad_settings")
    seed = data.get("deal_seed")
    if seed is not None and not isinstance(seed, int | str):
        raise NotAllowed(f"invalid deal_seed {seed!r:.40}: expected a number or text",
                         f"无效的 deal_seed {seed!r:.40}：应为数字或文字", "bad_settings")
    state = k.start(_kind_settings(k, data))  # refuses bad settings
    k.verify_setup(club, data, members_only)
    due = k.due(state)
    return Competition.objects.create(
        club=club, kind=kind, name_en=name_en.strip()[:200], name_zh=name_zh.strip()[:200],
        settings=data, status=k.status(state), members_only=members_only, published=published,
        next_due=None if due is None else clock.moment(due),
        created_by=by if isinstance(by, User) else None)


def _check_rights(c: Competition, kind: Kind, data: Mapping[str, Any], by: AnyUser) -> bool:
    """The rights the action's type needs; whether the user acts as the director (else the
    action must speak for the user: ``_check_player``, under the lock)."""
    if not by.is_authenticated:
        raise NotAllowed("Log in first.", "请先登录。", "not_authenticated")
    kind_name = data.get("type")
    director = can_direct(by, c.club)
    if kind_name in kind.system_actions:
        raise NotAllowed("the competition's clock does this by itself", "这由比赛的计时自动完成",
                         "system_only")
    if kind_name in kind.service_actions:
        raise NotAllowed("This is done from its own page (a player group's), not here.",
                         "此操作须在其专门页面（牌手团体的页面）上进行。", "not_here")
    if kind_name in kind.director_actions and not director:
        raise NotAllowed("Only a director of the club may do this.",
                         "只有本俱乐部的裁判可以执行此操作。", "not_director")
    if kind_name in kind.player_actions and not director and c.members_only \
            and not is_member(by, c.club):
        raise NotAllowed("Only the club's members may enter this competition.",
                         "只有本俱乐部会员可以参加此比赛。", "not_member")
    return director


def _check_player(kind: Kind, state: Any, action: Any, by: AnyUser) -> None:
    players = kind.acting_for(state, action)
    if any(is_robot(p) for p in players if isinstance(p, str)):
        raise NotAllowed("Only a director enters robots.", "只有裁判可以让机器人参赛。",
                         "not_director")
    if str(by.pk) not in players:
        raise NotAllowed("You may act only for yourself.", "您只能为自己操作。", "not_yourself")


def act(competition: Competition, data: Mapping[str, Any], by: AnyUser) -> Done:
    """A person's action (see the module): checked, stored with its effects, told."""
    if not isinstance(data, Mapping):
        raise NotAllowed(f"invalid action {data!r:.40}: expected an object",
                         f"无效的操作 {data!r:.40}：应为对象", "bad_action")
    c0 = Competition.objects.filter(pk=competition.pk).select_related("club").first()
    if c0 is None:
        raise NotAllowed("no such competition", "没有这个比赛", "not_found")
    kind = kind_of(c0)
    kind.action_from({**data, "now": 0.0})  # the shape, before the rights
    director = _check_rights(c0, kind, data, by)
    if not director:
        kind.verify(c0, data, by)

    def make(state: Any, now: float) -> Any:
        action = kind.action_from({**data, "now": now})
        if not director and data.get("type") in kind.player_actions:
            _check_player(kind, state, action, by)
        return action

    return _act(int(c0.pk), make, by if isinstance(by, User) else None)


def _act(competition_id: int, make: Callable[[Any, float], Any], by: User | None) -> Done:
    for attempt in range(3):
        try:
            with _lock(competition_id), transaction.atomic():
                return _act_once(competition_id, make, by)
        except IntegrityError:
            # Another process stored an action with this number first: replay and retry.
            log.info("competition %s: an action raced in; replaying (attempt %s)",
                     competition_id, attempt)
            forget()
    raise NotAllowed("the competition changed meanwhile: try again", "比赛刚刚有变化：请重试",
                     "busy")


def _stamp(kind: Kind, state: Any) -> float:
    last = kind.clock(state)
    now = clock.now()
    return now if last is None or now >= last else last


def _act_once(competition_id: int, make: Callable[[Any, float], Any],
              by: User | None) -> Done:
    c = _locked(competition_id)
    if c is None:
        raise NotAllowed("no such competition", "没有这个比赛", "not_found")
    kind = kind_of(c)
    state = _state(c, kind)
    action = make(state, _stamp(kind, state))
    if action is None:
        return Done()
    return _store(c, kind, state, action, by)[0]


def _store(c: Competition, kind: Kind, state: Any, action: Any,
           by: User | None) -> tuple[Done, Any]:
    """Apply ``action`` to ``state`` (the locked competition's), store it and carry out its
    effects, in the caller's transaction; what it did and the new state.  A tick that
    changes nothing is not stored."""
    new, events = kind.apply(state, action)  # a refusal: nothing stored
    data = kind.action_to(action)
    if data.get("type") == "tick" and not events:
        _set_due(c, kind, new)
        return Done(), state
    seq = c.seq + 1
    CompetitionAction.objects.create(competition=c, seq=seq, data=data, by_user=by)
    c.seq = seq
    c.status = kind.status(new)
    _set_due(c, kind, new, save=False)
    c.save(update_fields=["seq", "status", "next_due"])
    effects = kind.effects(new, events)
    _carry_out(c, kind, new, effects)
    _remember(c, seq, new)
    transaction.on_commit(lambda: _notify(int(c.pk), seq, effects))
    return Done(seq, events, effects), new


def _set_due(c: Competition, kind: Kind, state: Any, *, save: bool = True) -> None:
    due = kind.due(state)
    c.next_due = None if due is None else clock.moment(due)
    if save:
        Competition.objects.filter(pk=c.pk).update(next_due=c.next_due)


# ---------------------------------------------------------------------------- effects


def _carry_out(c: Competition, kind: Kind, state: Any, effects: list[Effect]) -> None:
    # The players who get masterpoints, locked together in one order before any is given
    # (another competition ending now may be giving some of them theirs).
    ledger.lock_players(int(e.player) for e in effects
                        if isinstance(e, GiveMasterpoints) and e.player.isdigit())
    for e in effects:
        if isinstance(e, OpenRound):
            _open_round(c, kind, state, e)
        elif isinstance(e, EndRound):
            _end_round(c, e)
        elif isinstance(e, GiveMasterpoints):
            _give(c, e)
        elif type(e) in EFFECTS:
            EFFECTS[type(e)](c, state, e)


def _board_set(c: Competition, kind: Kind, state: Any, needed: int) -> BoardSet:
    from ...deals.dealing import deal_boards
    from ...formats.pbn_write import boards_to_pbn

    if c.board_set_id is not None and c.board_set is not None and c.board_set.boards >= needed:
        return c.board_set
    count = max(needed, kind.total_boards(state))
    seed = c.settings.get("deal_seed")
    # A secure random deal unless the director fixed the deals (seed: reproducible).
    pbn = boards_to_pbn(deal_boards(count, seed=seed), event=c.name_en or c.name_zh)
    bs = BoardSet.objects.create(club=c.club, name=f"{c}"[:180] + " boards", pbn=pbn,
                                 boards=count, uploaded_by=c.created_by)
    c.board_set = bs
    Competition.objects.filter(pk=c.pk).update(board_set=bs)
    return bs


def _open_round(c: Competition, kind: Kind, state: Any, e: OpenRound) -> None:
    if not e.tables:
        return
    needed = max(b for t in e.tables for b in t.boards)
    bs = _board_set(c, kind, state, needed)
    room = Room.objects.create(club=c.club if c.members_only else None,
                               name_en=f"{c.name_en or c.name_zh} — round {e.round}"[:100],
                               name_zh=f"{c.name_zh or c.name_en} 第{e.round}轮"[:100])
    people = {int(p) for t in e.tables for p in t.seats
              if p is not None and not is_robot(p) and p.isdigit()}
    users = {str(u.pk): u for u in User.objects.filter(pk__in=people).select_related("player")}
    grace = int(c.settings.get("grace_seconds", 60))
    specs = []
    for spec in e.tables:
        boards = tuple(spec.boards)
        if boards != tuple(range(boards[0], boards[0] + len(boards))):
            raise BridgeError(f"table {spec.number} of round {e.round}: boards {boards} are not "
                              "consecutive", f"第{e.round}轮第{spec.number}桌：牌号 {boards} 不连续")
        # A robot entrant (or an account gone): a robot plays.
        n, e_, s_, w = (None if p is None else True if is_robot(p) or p not in users
                        else users[p] for p in spec.seats)
        specs.append(play_tables.NewTable(f"{spec.number}", len(boards), boards[0], (n, e_, s_, w),
                                          spec.room_label))
    # All the round's tables in a few inserts (a Swiss of 500 pairs opens 250 at the bell).
    made = play_tables.create_seated_tables(room, specs, board_set=bs, undo_allowed=False,
                                            grace_seconds=grace)
    CompetitionTable.objects.bulk_create(
        [CompetitionTable(competition=c, round=e.round, number=spec.number,
                          room_label=spec.room_label, play_table=table, room=room)
         for spec, table in zip(e.tables, made, strict=True)])


CUT_EN = "The round is over: this table's unfinished board is cut (it is not scored)."
CUT_ZH = "本轮已结束：本桌未完成的牌已被切断（不计分）。"
OVER_EN = "The round is over: this table is closed."
OVER_ZH = "本轮已结束：本桌已关闭。"


def _end_round(c: Competition, e: EndRound) -> None:
    cut_tables = {t for t, _ in e.cut}
    running = list(CompetitionTable.objects.filter(competition=c, round=e.round, stopped=False)
                   .values_list("pk", "number", "play_table_id"))
    play_tables.stop_tables([(int(table), CUT_EN, CUT_ZH) if number in cut_tables
                             else (int(table), OVER_EN, OVER_ZH) for _, number, table in running])
    CompetitionTable.objects.filter(pk__in=[pk for pk, _, _ in running]).update(stopped=True)


def _give(c: Competition, e: GiveMasterpoints) -> None:
    if is_robot(e.player) or not e.player.isdigit() or e.points <= 0:
        return
    user = User.objects.filter(pk=int(e.player)).first()
    if user is None:
        return
    # unique(user, competition): a second award raises, and the whole action with it.  The
    # promotions it makes are written with it (ledger.give).
    ledger.give(c, user, e.place, Fraction(e.points), clock.moment(e.at))


def _notify(competition_id: int, seq: int, effects: list[Effect]) -> None:
    """Tell the competition's pages that it changed (group ``compete.<id>``)."""
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "compete.changed", "competition": competition_id, "seq": seq,
               "rounds_opened": [e.round for e in effects if isinstance(e, OpenRound)],
               "rounds_ended": [e.round for e in effects if isinstance(e, EndRound)]}
    try:
        async_to_sync(layer.group_send)(f"compete.{competition_id}", message)
    except Exception:
        log.exception("competition %s: the change was not announced", competition_id)


# ---------------------------------------------------------------------------- the clock


def run_due(competition_id: int) -> bool:
    """Tick the competition if its next transition is due (exactly once: the row is taken
    with ``skip_locked`` on PostgreSQL, SQLite's write transaction elsewhere, and the due
    time is read again under the lock).  Whether it did anything."""
    lock = _lock(competition_id)
    if not lock.acquire(blocking=False):
        return False  # this process is on it already
    try:
        for attempt in range(3):
            try:
                with transaction.atomic():
                    return _run_due_once(competition_id)
            except IntegrityError:
                log.info("competition %s: a tick raced in (attempt %s)", competition_id, attempt)
                forget()
        return False
    finally:
        lock.release()


def _run_due_once(competition_id: int) -> bool:
    c = _locked(competition_id, skip_locked=True)
    if c is None:
        return False  # another server holds it
    kind = kind_of(c)
    state = _state(c, kind)
    now = _stamp(kind, state)
    due = kind.due(state)
    if due is None or due > now:
        if c.next_due != (None if due is None else clock.moment(due)):
            _set_due(c, kind, state)
        return False
    # Results of boards finished before the scheduled moment first: a board that ended
    # just before the bell counts even if its post has not come through yet.
    state = _post_pending(c, kind, state, before=due)
    done, _ = _store(c, kind, state, kind.tick(now), None)
    return done.seq > 0


def _pending_boards(c: Competition, before: float | None = None) -> list[PlayBoard]:
    qs = (PlayBoard.objects.filter(table__competition_table__competition=c,
                                   table__competition_table__stopped=False,
                                   finished__isnull=False)
          .select_related("table", "table__competition_table").order_by("finished", "pk"))
    if before is not None:
        qs = qs.filter(finished__lte=clock.moment(before))
    return list(qs)


def _post_pending(c: Competition, kind: Kind, state: Any, before: float) -> Any:
    for board in _pending_boards(c, before):
        ct = board.table.competition_table
        if kind.has_result(state, ct.round, ct.number, board.number):
            continue
        action = _result_action(kind, state, ct, board)
        if action is None:
            continue
        try:
            with transaction.atomic():
                _, state = _store(c, kind, state, action, None)
        except BridgeError as err:
            log.info("competition %s: board %s of table %s not taken: %s", c.pk,
                     board.number, ct.number, err.en)
    return state


def _result_action(kind: Kind, state: Any, ct: CompetitionTable, board: PlayBoard) -> Any:
    """The result's action, stamped when the board ended (on the competition's clock, which
    a test may have set behind the wall clock: never later than it), never before the
    state's last time."""
    if board.finished is None or not board.result:
        return None
    result = Result.parse(board.result)
    last = kind.clock(state)
    at = min(board.finished.timestamp(), clock.now())
    now = at if last is None or at >= last else last
    seats = board.players if isinstance(board.players, dict) else {}

    def who(letter: str) -> str | None:
        # A person a robot stood in for keeps the board (the seed's penalty is the -20).
        p = seats.get(letter) or {}
        if p.get("id") is not None:
            return str(p["id"])
        return "robot:" + letter if p.get("robot") else None

    played = PlayedBoard(ct.round, ct.number, board.number, result, board.deal,
                         (who("N"), who("E"), who("S"), who("W")))
    return kind.board_action(state, played, now)


def post_board(board: PlayBoard) -> Done | None:
    """A board finished at a play table: recorded by its competition, if it has one (a
    board of a stopped table, or one the competition refuses, is not: it was cut)."""
    ct = (CompetitionTable.objects.filter(play_table_id=board.table_id)
          .select_related("competition").first())
    if ct is None or board.finished is None:
        return None
    kind = kind_of(ct.competition)

    def make(state: Any, now: float) -> Any:
        if kind.has_result(state, ct.round, ct.number, board.number):
            return None  # already taken (the sweep's retry, or a second call)
        return _result_action(kind, state, ct, board)

    try:
        return _act(int(ct.competition_id), make, None)
    except BridgeError as e:
        log.info("competition %s: board %s at table %s of round %s not taken: %s",
                 ct.competition_id, board.number, ct.number, ct.round, e.en)
        return None


_retried = [0.0]


def sweep(limit: int = 100) -> int:
    """The due competitions ticked (see the module); how many changed."""
    moment = clock.moment()
    try:
        due = list(Competition.objects.filter(next_due__lte=moment).order_by("next_due")
                   .values_list("pk", flat=True)[:limit])
    except DatabaseError as e:
        # A database busy this moment (SQLite's lock): the next sweep, a second on, looks
        # again; nothing is lost, the due times stay where they are.
        log.warning("the competitions' sweep could not read the due times: %s", e)
        return 0
    changed = 0
    for cid in due:
        try:
            changed += run_due(int(cid))
        except BridgeError as e:
            log.warning("competition %s: the clock could not act: %s", cid, e.en)
        except DatabaseError as e:
            log.warning("competition %s: the clock could not act now: %s", cid, e)
    if time.monotonic() - _retried[0] >= RETRY_SECONDS:
        _retried[0] = time.monotonic()
        retry_results()
    return changed


def retry_results() -> int:
    """Post again the finished boards of running rounds that their competition has not
    taken (a server that died between the board's end and the post)."""
    posted = 0
    running = Competition.objects.filter(status=Competition.Status.RUNNING)
    for c in running[:100]:
        kind = kind_of(c)
        state = state_of(c)
        for board in _pending_boards(c):
            ct = board.table.competition_table
            if (not kind.has_result(state, ct.round, ct.number, board.number)
                    and post_board(board) is not None):
                posted += 1
    return posted


# ---------------------------------------------------------------------------- reading


def can_see(user: AnyUser, c: Competition) -> bool:
    return c.published or (user.is_authenticated and can_direct(user, c.club))


def visible(user: AnyUser, club: Club | None = None) -> list[Competition]:
    qs = Competition.objects.select_related("club").order_by("-created")
    if club is not None:
        qs = qs.filter(club=club)
    return [c for c in qs[:200] if can_see(user, c)]


def standings(c: Competition) -> list[dict[str, Any]]:
    return list(kind_of(c).standings(state_of(c)))


def board_results(c: Competition) -> list[dict[str, Any]]:
    return list(kind_of(c).results(state_of(c)))


def _names(ids: set[int]) -> dict[int, dict[str, Any]]:
    out = {}
    for u in User.objects.filter(pk__in=ids).select_related("player"):
        p = getattr(u, "player", None)
        en = (p.name_en if p is not None else "") or u.username
        out[int(u.pk)] = {"id": int(u.pk), "name": en,
                          "name_zh": (p.name_zh if p is not None else "") or en}
    return out


def rounds(c: Competition) -> list[dict[str, Any]]:
    tables = list(CompetitionTable.objects.filter(competition=c)
                  .select_related("play_table").order_by("round", "number", "room_label"))
    seats = list(PlaySeat.objects.filter(table__competition_table__competition=c)
                 .values_list("table_id", "seat", "user_id", "robot"))
    names = _names({int(u) for _, _, u, _ in seats if u is not None})
    by_table: dict[int, list[dict[str, Any]]] = {}
    for table_id, seat, user_id, robot in sorted(seats, key=lambda s: (s[0], s[1])):
        by_table.setdefault(int(table_id), []).append(
            {"seat": Seat(seat).letter, "player": names.get(int(user_id)) if user_id else None,
             "robot": bool(robot)})
    out: dict[int, dict[str, Any]] = {}
    for ct in tables:
        r = out.setdefault(ct.round, {"round": ct.round, "room": ct.room_id, "tables": []})
        r["tables"].append({"table": ct.number, "room_label": ct.room_label,
                            "play_table": ct.play_table_id, "status": ct.play_table.status,
                            "stopped": ct.stopped, "seats": by_table.get(ct.play_table_id, [])})
    return [out[k] for k in sorted(out)]


def seat_now(user: AnyUser) -> list[dict[str, Any]]:
    """Where ``user`` sits now in a competition (tables of rounds not yet over)."""
    if not user.is_authenticated:
        return []
    rows = (PlaySeat.objects.filter(user_id=user.pk, table__competition_table__isnull=False,
                                    table__competition_table__stopped=False)
            .select_related("table__competition_table__competition"))
    out = []
    for s in rows:
        ct = s.table.competition_table
        out.append({"competition": ct.competition_id, "name_en": ct.competition.name_en,
                    "name_zh": ct.competition.name_zh, "round": ct.round, "table": ct.number,
                    "room_label": ct.room_label, "play_table": s.table_id,
                    "seat": Seat(s.seat).letter})
    return sorted(out, key=lambda x: (x["competition"], x["round"]))


def summary(c: Competition) -> dict[str, Any]:
    """The competition as JSON-able data (the API's and the live pages' shape)."""
    kind = kind_of(c)
    state = state_of(c)
    c = Competition.objects.get(pk=c.pk)
    return {"id": int(c.pk), "club": c.club_id, "kind": c.kind,
            "kind_name": {"en": kind.label_en, "zh": kind.label_zh},
            "name": {"en": c.name_en or c.name_zh, "zh": c.name_zh or c.name_en},
            "status": c.status, "seq": c.seq, "members_only": c.members_only,
            "published": c.published,
            "next_due": None if c.next_due is None else c.next_due.isoformat(),
            "round": kind.current_round(state), "entries": kind.entries(state),
            "standings": kind.standings(state)}


def _event_data(e: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": type(e).__name__}
    for name in ("round", "at", "deadline", "pair", "player", "table", "board"):
        if hasattr(e, name):
            out[name] = getattr(e, name)
    return out


def history(c: Competition) -> list[dict[str, Any]]:
    """The log replayed: each action as stored with the events it caused (their names,
    rounds and times: a round's end is stamped with its scheduled moment)."""
    kind = kind_of(c)
    state = kind.start(_kind_settings(kind, c.settings))
    out = []
    for row in CompetitionAction.objects.filter(competition=c).order_by("seq"):
        state, events = kind.apply(state, kind.action_from(row.data))
        out.append({"seq": row.seq, "action": row.data, "by": row.by_user_id,
                    "events": [_event_data(e) for e in events]})
    return out


def masterpoints_of(user: AnyUser) -> list[MasterpointAward]:
    if not user.is_authenticated:
        return []
    return list(MasterpointAward.objects.filter(user_id=user.pk).select_related("competition"))


play.on_board_end(post_board)
live.register_sweep("competitions", sweep)
