"""What the competitions' pages show, read through the services (``services.state_of``,
``rounds``, ``standings``) and the library (the scored boards for the results' cells and a
board's comparison, ``sessions.explain`` for its arithmetic); this module only picks, names and
formats for one reader.

An event's boards (``Boards``, ``boards_of``) are filled by each kind that has them (the
Swiss: ``swiss_boards``, a pairs event: ``pairs_boards``) and read the same way by the results
page (``result_rows``) and the board's comparison (``board_view``): which boards are shown,
and which totals, is ``privacy``'s rule (the same the play app's tables and game records
ask): a board only once no table can play it any more, a pairs event's boards and totals
before publication only to the club's director.

Who may open a competition (``may_open``, ``privacy``'s): the services' ``can_see``
(published, or a director), and for a members-only competition only the club's members
(seed 002, §8: every competition but 贴点 is for members), its directors and the site's
administrators.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...compete import swissevent as sw
from ...core.board import Board
from ...core.cards import Card
from ...core.deal import Deal
from ...core.errors import BridgeError
from ...core.figures import column, fixed
from ...core.i18n import Lang, is_zh, signed
from ...core.seat import Seat
from ...sessions.adjusted import award_text
from ...sessions.model import BoardResult
from ...sessions.scores import ScoredBoard, ScoredResult
from ..accounts.models import User
from ..clubs.roles import AnyUser
from ..core.bilingual import robot_name, robots_name
from ..play.models import PlayBoard
from . import clock, privacy
from . import services as sv
from .kinds import is_robot
from .models import Competition, CompetitionAction, CompetitionTable
from .privacy import may_open

__all__ = ["Boards", "board_view", "boards_of", "may_open", "names_of", "pairs_results",
           "room_view", "swiss_live", "swiss_results"]




# ---------------------------------------------------------------------------- names


def names_of(players: Iterable[str], lang: Lang) -> dict[str, str]:
    """Player ids (``str(user.pk)`` or ``robot:<label>``) → names in the reader's language."""
    ids = {p for p in players if isinstance(p, str)}
    out: dict[str, str] = {}
    numbers = {int(p) for p in ids if p.isdigit()}
    for u in User.objects.filter(pk__in=numbers).select_related("player"):
        player = getattr(u, "player", None)
        en = (player.name_en if player is not None else "") or u.username
        zh = (player.name_zh if player is not None else "") or en
        out[str(u.pk)] = zh if is_zh(lang) else en
    for p in ids:
        if is_robot(p):  # its label is internal: a robot is named by its seat (pair_name)
            out[p] = robot_name(None, lang)
        out.setdefault(p, p)
    return out


# The seats of a pair's two players, by the direction it sits in.
SIDES = {"NS": (Seat.NORTH, Seat.SOUTH), "EW": (Seat.EAST, Seat.WEST)}


def pair_name(players: Iterable[str], who: Mapping[str, str], lang: Lang,
              side: str | None = None) -> str:
    """The pair's names in the reader's language.  A robot is named by its seat when the
    pair's direction is known (``side`` 'NS' or 'EW': 机器人（东）、机器人（西）); two robots
    where it is not are just robots."""
    players = list(players)
    if side is None and players and all(is_robot(p) for p in players):
        return robots_name(len(players), lang)
    seats = SIDES.get(side or "", (None, None))
    names = [robot_name(seats[i] if i < 2 else None, lang) if is_robot(p) else who.get(p, p)
             for i, p in enumerate(players)]
    return ("、" if is_zh(lang) else " & ").join(names)


def moment(seconds: float | None) -> datetime.datetime | None:
    return None if seconds is None else clock.moment(seconds)


def left(seconds: float | None) -> int | None:
    """Whole seconds from now to ``seconds`` (never below 0)."""
    if seconds is None:
        return None
    return max(0, int(seconds - clock.now() + 0.999))


def text(x: Fraction | float | int | str | None, places: int = 2) -> str:
    if x is None:
        return ""
    return column([Fraction(x) if isinstance(x, str) else x], places)[0]


# ---------------------------------------------------------------------------- the home


@dataclass(frozen=True, slots=True)
class HomeRow:
    c: Competition
    name: str
    kind: str
    status: str
    next_due: datetime.datetime | None
    start: datetime.datetime | None


def home_rows(user: AnyUser, lang: Lang) -> dict[str, list[HomeRow]]:
    """The competitions the user may open: ``upcoming`` (open for entries), ``running`` and
    ``recent`` (finished, complete or cancelled), newest first."""
    groups: dict[str, list[HomeRow]] = {"upcoming": [], "running": [], "recent": []}
    for c in sv.visible(user):
        if not may_open(user, c):
            continue
        kind = sv.KINDS.get(c.kind)
        label = "" if kind is None else (kind.label_zh if is_zh(lang) else kind.label_en)
        start = c.settings.get("start", c.settings.get("start_at"))
        row = HomeRow(c, c.name_in(lang), label, c.get_status_display(), c.next_due,
                      moment(float(start)) if isinstance(start, int | float) else None)
        key = {"open": "upcoming", "running": "running"}.get(c.status, "recent")
        groups[key].append(row)
    groups["upcoming"].sort(key=lambda r: r.start or r.c.created)
    return groups


# ---------------------------------------------------------------------------- the Swiss


@dataclass(frozen=True, slots=True)
class RegSeat:
    seat: str
    player: str
    name: str
    hand: bool
    me: bool


@dataclass(frozen=True, slots=True)
class RegTable:
    number: int
    north: RegSeat | None
    south: RegSeat | None
    hold_left: int | None  # both hands up: seconds to the confirmation

    @property
    def mine(self) -> bool:
        return bool((self.north and self.north.me) or (self.south and self.south.me))


@dataclass(frozen=True, slots=True)
class Room:
    """The registration room as the reader sees it."""

    open: bool  # sitting is allowed now
    opens_in: int | None  # seconds until it opens (not yet open)
    tables: tuple[RegTable, ...]
    my_table: int | None
    my_seat: str | None
    my_hand: bool
    opposite: RegSeat | None
    first: bool  # the reader sat down before the player opposite
    asked_to_leave: bool  # the player opposite asks the reader to leave


# Free registration tables shown below the taken ones (more exist; the first free ones do).
FREE_TABLES = 3


def room_view(c: Competition, state: sw.SwissEvent, user: AnyUser, lang: Lang) -> Room:
    now = clock.now()
    me = str(user.pk) if user.is_authenticated else ""
    who = names_of([s.player for s in state.seats.values()], lang)
    hold = state.settings.hold_seconds
    taken = sorted({t for t, _ in state.seats})
    free = [n for n in range(1, state.settings.registration_tables + 1) if n not in taken]
    numbers = sorted(taken + free[:FREE_TABLES])
    tables = []
    for n in numbers:
        seats = {}
        for letter in ("N", "S"):
            s = state.seats.get((n, letter))
            seats[letter] = None if s is None else RegSeat(letter, s.player, who[s.player],
                                                           s.hand is not None, s.player == me)
        north, south = state.seats.get((n, "N")), state.seats.get((n, "S"))
        hold_left = None
        if north is not None and south is not None and north.hand is not None \
                and south.hand is not None:
            hold_left = left(max(north.hand, south.hand) + hold)
        tables.append(RegTable(n, seats["N"], seats["S"], hold_left))
    where = state.where.get(me) if me else None
    my_table, my_seat = (where[0], where[1]) if where else (None, None)
    opposite, first, my_hand, asked = None, False, False, False
    if where is not None:
        mine = state.seats[where]
        my_hand = mine.hand is not None
        other = state.seats.get((where[0], "S" if where[1] == "N" else "N"))
        if other is not None:
            opposite = RegSeat("S" if where[1] == "N" else "N", other.player,
                               names_of([other.player], lang)[other.player], other.hand is not None,
                               False)
            first = mine.order < other.order
            asked = _asked(c, other.player, max(mine.since, other.since))
    opens = state.settings.opens
    return Room(state.registration_open(now), left(opens) if now < opens else None,
                tuple(tables), my_table, my_seat, my_hand, opposite, first, asked)


def _asked(c: Competition, by: str, since: float) -> bool:
    """Whether ``by`` asked the player opposite to leave since both sat down (the request
    is in the log; it changes no state)."""
    rows = (CompetitionAction.objects.filter(competition=c, data__type="AskToLeave",
                                             data__player=by)
            .order_by("-seq").values_list("data", flat=True)[:1])
    return any(isinstance(d, dict) and float(d.get("now", 0)) >= since for d in rows)


@dataclass(frozen=True, slots=True)
class PlayTableRow:
    number: int
    ns: str
    ew: str
    ns_name: str
    ew_name: str
    play_table: int | None
    done: int
    boards: int
    stopped: bool
    mine: bool


@dataclass(frozen=True, slots=True)
class StandingRow:
    place: str
    pair: str
    name: str
    total: str
    boards: int
    masterpoints: str
    withdrawn_from: int | None
    mine: bool
    ranked: bool
    percentage: str = ""  # a matchpoint total's percentage (a pairs event's)


@dataclass
class SwissLive:
    phase: str
    round: int
    rounds: int
    starts_in: int | None  # the round (or the event) starts in … seconds
    ends_in: int | None  # the bell rings in … seconds
    ends_at: datetime.datetime | None
    tables: list[PlayTableRow] = field(default_factory=list)
    bye: str = ""
    standings: list[StandingRow] = field(default_factory=list)
    my_pair: str | None = None
    my_withdrawn: int | None = None
    my_table: int | None = None  # the play table's id
    start_at: datetime.datetime | None = None
    entries: list[tuple[str, str]] = field(default_factory=list)  # (pair, names)


def swiss_live(c: Competition, state: sw.SwissEvent, user: AnyUser, lang: Lang) -> SwissLive:
    st = state.settings
    me = str(user.pk) if user.is_authenticated else ""
    who = names_of([x for p in state.pairs for x in p.players], lang)
    r = len(state.rounds)
    out = SwissLive(state.phase, r, st.rounds, None, None, None, start_at=moment(st.start))
    if state.phase == "registration":
        out.starts_in = left(st.start)
    elif state.phase == "playing" and r:
        if clock.now() < st.round_start(r):
            out.starts_in = left(st.round_start(r))
        out.ends_in = left(st.round_end(r))
        out.ends_at = moment(st.round_end(r))
    mine_pair = state.pair_of.get(me)
    if mine_pair is not None:
        out.my_pair = mine_pair
        out.my_withdrawn = state.pair(mine_pair).withdrawn_from
    out.entries = [(p.id, pair_name(p.players, who, lang)) for p in state.pairs]
    rec = state.current
    if rec is not None and state.phase == "playing":
        by_number = {t.number: t for t in CompetitionTable.objects.filter(competition=c,
                                                                          round=rec.round)}
        for t in rec.tables:
            ct = by_number.get(t.table)
            players = (*state.pair(t.ns).players, *state.pair(t.ew).players)
            done = sum(1 for b in t.boards if (t.table, b) in rec.done)
            row = PlayTableRow(t.table, t.ns, t.ew,
                               pair_name(state.pair(t.ns).players, who, lang, "NS"),
                               pair_name(state.pair(t.ew).players, who, lang, "EW"),
                               None if ct is None else int(ct.play_table_id), done, len(t.boards),
                               bool(ct and ct.stopped), me in players)
            out.tables.append(row)
            if row.mine:
                out.my_table = row.play_table
        out.bye = rec.bye or ""
    out.standings = standing_rows(state, who, me, lang)
    return out


def standing_rows(state: sw.SwissEvent, who: Mapping[str, str], me: str,
                  lang: Lang) -> list[StandingRow]:
    kind = sv.KINDS["swiss"]
    rows = kind.standings(state)
    totals = column([Fraction(s["total"]) for s in rows])
    final = state.final is not None
    out = []
    for i, (s, total) in enumerate(zip(rows, totals, strict=True), 1):
        place = s["place"]
        shown = str(place) if place is not None else ("–" if final else str(i))
        out.append(StandingRow(shown, s["pair"], pair_name(s["players"], who, lang), total,
                               s["boards"], text(s["masterpoints"]) if final else "",
                               s["withdrawn_from"], me in s["players"], place is not None))
    return out


# ---------------------------------------------------------------------------- an event's boards


@dataclass(frozen=True, slots=True)
class CutSeat:
    """A board cut at a table (the round ended first): never played, never scored."""

    round: int
    table: int
    ns: str
    ew: str


@dataclass(frozen=True)
class Boards:
    """An event's boards as its results and board pages show them, the same for every kind
    that has them (``boards_of``): the boards the reader may see now (``shown``), each as the
    event scored it, the cut ones, and why any other board of the event is not shown
    (``hidden``: ``round`` its round is in play, ``play`` a table still has to play it,
    ``unpublished`` the director has not published the results).  A board is shown only
    once no table can play it any more, so its results and hands never reach a player who
    has still to play it."""

    scoring: str  # mp, ximp, butler or total
    mp_scale: str  # the matchpoint scale scored on (2/1/0 or 1/0.5/0)
    shown: tuple[int, ...]
    scored: Mapping[int, ScoredBoard]  # the boards shown, as scored
    cut: Mapping[int, tuple[CutSeat, ...]]  # the boards shown: their cut tables
    rounds: Mapping[int, tuple[int, ...]]  # every board of the event so far: its rounds
    players: Mapping[str, tuple[str, ...]]  # pair id → its players
    hidden: Mapping[int, str]

    def reason(self, number: int) -> str:
        """"" (shown), ``none`` (no such board in the event yet) or why it is hidden."""
        if number in self.shown:
            return ""
        return self.hidden.get(number, "none")


def _scored(state: sw.SwissEvent, r: int) -> dict[int, ScoredBoard]:
    from ...sessions.imp_pairs import score_session

    rec = state.rounds[r - 1]
    if not rec.done and not rec.cut:
        return {}
    session = sw.round_session(state, r)
    if not session.results:
        return {}
    scored = score_session(session, state.settings.scoring)
    return {b.board: b for b in scored.boards}


def swiss_boards(c: Competition, state: sw.SwissEvent, user: AnyUser) -> Boards:
    """The Swiss's boards: a round's once the round is over, scored as the round was (the
    library's ``score_session`` of the round's session, with the event's scoring)."""
    director = privacy.is_director(user, c)
    shown: list[int] = []
    hidden: dict[int, str] = {}
    rounds: dict[int, tuple[int, ...]] = {}
    scored: dict[int, ScoredBoard] = {}
    cut: dict[int, list[CutSeat]] = {}
    for rec in state.rounds:
        over = False  # a round in play shows nothing of its boards yet
        for b in state.settings.boards(rec.round):
            rounds[b] = (rec.round,)
            why = privacy.hidden(c, state, b, director)
            if why:
                hidden[b] = "round" if why == "play" else why
            else:
                shown.append(b)
                over = True
        if not over:
            continue
        scored.update(_scored(state, rec.round))
        tables = {t.table: t for t in rec.tables}
        for t, b in rec.cut:
            cut.setdefault(b, []).append(CutSeat(rec.round, t, tables[t].ns, tables[t].ew))
    return Boards(state.settings.scoring, "2/1/0", tuple(shown), scored,
                  {b: tuple(v) for b, v in cut.items()}, rounds,
                  {p.id: p.players for p in state.pairs}, hidden)


def pairs_boards(c: Competition, state: Any, user: AnyUser) -> Boards:
    """A pairs event's boards: a board once every round that plays it has closed (a Howell or
    Mitchell plays a board in several rounds), scored over the whole session as the event is
    (the published scores, or the library's preview of them); before publication only to the
    club's director, as the totals (``privacy.hidden``: the administrator publishes the
    results)."""
    from ...compete import pairsevent as pe

    ev: pe.PairsEvent = state.event
    scoring = ev.settings.scoring
    if ev.movement is None:
        return Boards(scoring, "2/1/0", (), {}, {}, {}, {}, {})
    at: dict[tuple[int, int], pe.RoundTable] = {}
    for r in range(1, ev.movement.rounds + 1):
        for t in ev.tables(r):
            at[(r, t.table)] = t
    rounds = ev.board_rounds
    director = privacy.is_director(user, c)
    shown: list[int] = []
    hidden: dict[int, str] = {}
    for b in sorted(rounds):
        why = privacy.hidden(c, state, b, director)
        if why:
            hidden[b] = why
        else:
            shown.append(b)
    scored: dict[int, ScoredBoard] = {}
    if shown and ev.results:
        scores = ev.published if ev.published is not None else ev.scores()
        scored = {sb.board: sb for sb in scores.boards if sb.board in set(shown)}
    cut: dict[int, list[CutSeat]] = {}
    for r, number, b in sorted(ev.cut):
        if b in scored or b in shown:
            table = at[(r, number)]
            cut.setdefault(b, []).append(CutSeat(r, number, str(table.ns), str(table.ew)))
    return Boards(scoring, "2/1/0", tuple(shown), scored,
                  {b: tuple(v) for b, v in cut.items()},
                  dict(rounds), {str(n): e.players for n, e in ev.numbers.items()}, hidden)


# The kinds whose results show each board (the others: no cells, no board pages).  Both
# score matchpoints with ``score_session``'s default scale, 2/1/0.
BOARD_KINDS: dict[str, Callable[[Competition, Any, AnyUser], Boards]] = {
    "swiss": swiss_boards, "pairs": pairs_boards}


def boards_of(c: Competition, state: Any, user: AnyUser) -> Boards | None:
    """The event's boards as ``user`` may see them now (None: the kind shows none)."""
    make = BOARD_KINDS.get(c.kind)
    return None if make is None else make(c, state, user)


# ---------------------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class Cell:
    board: int
    value: str  # the pair's IMPs or matchpoints on the board; "" not played
    cut: bool
    played: bool


@dataclass(frozen=True, slots=True)
class ResultRow:
    standing: StandingRow
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Field:
    """The pairs ranked together: the whole event, or a Mitchell's NS or EW pairs."""

    direction: str  # "", "NS" or "EW"
    rows: tuple[ResultRow, ...]
    grid: bool = True  # a column a board (else each row lists its pair's own boards)

    @property
    def table_id(self) -> str:
        return f"results-{self.direction.lower()}" if self.direction else "results"


def _exact(s: ScoredResult, side: str) -> Fraction | float:
    pair = s.ns_exact if side == "ns" else s.ew_exact
    if pair is not None:
        return Fraction(pair[0], pair[1])
    return s.ns if side == "ns" else s.ew


# Up to this many boards the results are a grid, a column a board; beyond (a big Mitchell
# plays hundreds, each pair two dozen of them) each pair's row lists its own boards.
GRID_BOARDS = 36


def result_rows(b: Boards, standings: Iterable[StandingRow]) -> tuple[ResultRow, ...]:
    """Each pair's row with its value on each board shown (as the board's comparison page
    shows it), a cut board marked: on every board shown (a grid, ``GRID_BOARDS`` at most),
    else on the pair's own boards."""
    values: dict[tuple[str, int], Fraction | float] = {}
    mine: dict[str, set[int]] = {}
    for sb in b.scored.values():
        for one in sb.results:
            for pair, side in ((one.result.ns_pair, "ns"), (one.result.ew_pair, "ew")):
                values[(pair, sb.board)] = _exact(one, side)
                mine.setdefault(pair, set()).add(sb.board)
    cut: set[tuple[str, int]] = set()
    for n, seats in b.cut.items():
        for seat in seats:
            for pair in (seat.ns, seat.ew):
                cut.add((pair, n))
                mine.setdefault(pair, set()).add(n)
    grid = len(b.shown) <= GRID_BOARDS
    rows = []
    for s in standings:
        boards = b.shown if grid else sorted(mine.get(s.pair, ()))
        col = column([values.get((s.pair, n)) for n in boards])
        rows.append(ResultRow(s, tuple(Cell(n, v, (s.pair, n) in cut, (s.pair, n) in values)
                                       for n, v in zip(boards, col, strict=True))))
    return tuple(rows)


def swiss_results(c: Competition, state: sw.SwissEvent, user: AnyUser, lang: Lang
                  ) -> tuple[list[Field], list[int]]:
    """Every pair (the unranked too) with its value on each board of the rounds over."""
    me = str(user.pk) if user.is_authenticated else ""
    who = names_of([x for p in state.pairs for x in p.players], lang)
    b = swiss_boards(c, state, user)
    grid = len(b.shown) <= GRID_BOARDS
    return [Field("", result_rows(b, standing_rows(state, who, me, lang)), grid)], list(b.shown)


def pairs_standings(state: Any, who: Mapping[str, str], me: str,
                    lang: Lang) -> list[tuple[str, list[StandingRow]]]:
    """A pairs event's standings (the published scores, or the preview), a field at a time:
    one for a Howell, NS then EW for a Mitchell, each in its order of places."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for s in sv.KINDS["pairs"].standings(state):
        groups.setdefault(s["direction"] or "", []).append(s)
    out = []
    for direction in sorted(groups, key=lambda d: ("", "NS", "EW").index(d)):
        rows = sorted(groups[direction], key=lambda s: (s["rank"] is None, s["rank"] or 0))
        totals = column([Fraction(s["exact"]) if s["exact"] else s["total"] for s in rows])
        out.append((direction, [
            StandingRow(s["place"] or "–", s["pair"], pair_name(s["players"], who, lang), total,
                        s["boards"], "", None, me in s["players"], bool(s["place"]),
                        "" if s["percentage"] is None else fixed(s["percentage"], 2))
            for s, total in zip(rows, totals, strict=True)]))
    return out


@dataclass(frozen=True, slots=True)
class Progress:
    """A signed-up player's own pair before the results are published: its number, the
    boards it has played (a result in, an artificial score included) and the boards the
    movement gives it, and nothing of anyone's score."""

    pair: int
    played: int
    boards: int


def pairs_progress(state: Any, user: AnyUser) -> Progress | None:
    """The reader's pair's progress (None: not playing in the started event)."""
    ev = state.event
    if not user.is_authenticated or ev.movement is None:
        return None
    number = ev.number_of(str(user.pk))
    if number is None:
        return None
    me = str(number)
    played = sum(1 for r in ev.results.values() if me in (r.ns_pair, r.ew_pair))
    boards = sum(len(t.boards) for r in range(1, ev.movement.rounds + 1)
                 for t in ev.tables(r) if number in (t.ns, t.ew))
    return Progress(number, played, boards)


def pairs_results(c: Competition, state: Any, user: AnyUser, lang: Lang
                  ) -> tuple[list[Field], list[int]]:
    """Every pair, a field at a time, with its value on each board the reader may see; no
    field at all before publication but for the director (``privacy.totals_shown``)."""
    me = str(user.pk) if user.is_authenticated else ""
    b = pairs_boards(c, state, user)
    if not privacy.totals_shown(c, state, user):
        return [], list(b.shown)
    players = [x for e in state.event.entries for x in e.players]
    who = names_of(players + [x for ps in b.players.values() for x in ps], lang)
    grid = len(b.shown) <= GRID_BOARDS
    fields = [Field(d, result_rows(b, rows), grid)
              for d, rows in pairs_standings(state, who, me, lang)]
    return fields, list(b.shown)


# ---------------------------------------------------------------------------- a board


@dataclass(frozen=True, slots=True)
class BoardRow:
    table: int
    ns: str
    ew: str
    ns_name: str
    ew_name: str
    contract: str
    declarer: str
    lead: str
    tricks: str
    ns_score: str
    ew_score: str
    ns_value: str
    ew_value: str
    explain: tuple[str, ...]  # the table score's arithmetic
    value_explain: tuple[str, ...]  # how the IMPs or matchpoints came
    record: int | None  # the PlayBoard's id (its game record page)
    cut: bool = False
    round: int = 0
    analysis: str = ""  # the table's play against double dummy (web.play.analysis), if done


@dataclass
class BoardPage:
    number: int
    rounds: tuple[int, ...]  # the rounds the board was played in
    rounds_text: str  # the same, listed in the reader's language
    describe: str
    rows: list[BoardRow]
    datum: str
    top: str
    hands: dict[str, Any] | None  # records.record_view's hands (the compass)
    vul_ns: bool
    vul_ew: bool
    dd: list[dict[str, Any]] | None  # rows: strain, tricks N S E W
    par: str
    dd_note: str


def board_view(c: Competition, b: Boards, number: int, lang: Lang) -> BoardPage:
    """All results of board ``number`` (one of ``b.shown``): contract, declarer, lead,
    tricks, score and its arithmetic, the IMPs or matchpoints each and how they came, the
    hands, the double-dummy table and par."""
    from ...sessions.explain import value_lines
    from ..play import records
    from ..play.analysis import summaries

    if b.reason(number):
        raise BridgeError(f"board {number} is not shown", f"第{number}副不显示")
    rounds = b.rounds[number]
    who = names_of([x for ps in b.players.values() for x in ps], lang)
    sb = b.scored.get(number)
    play = {(r, n): t for r, n, t in CompetitionTable.objects.filter(
        competition=c, round__in=rounds).values_list("round", "number", "play_table_id")}
    boards = {pb.table_id: pb for pb in PlayBoard.objects.filter(
        table_id__in=list(play.values()), number=number, finished__isnull=False)}
    results = list(sb.results) if sb is not None else []
    # Each table's play against double dummy, where the background analysis is done (a
    # page never waits for it).
    analysed = summaries((pb.pk for pb in boards.values()), lang)
    ns_col = column([_exact(s, "ns") for s in results])
    ew_col = column([_exact(s, "ew") for s in results])
    rows: list[BoardRow] = []
    any_board: PlayBoard | None = None
    for s, ns_v, ew_v in zip(results, ns_col, ew_col, strict=True):
        res: BoardResult = s.result
        r = res.round if res.round is not None else rounds[0]
        pb = boards.get(play.get((r, res.table or 0), -1))
        any_board = any_board or pb
        lines = () if sb is None else tuple(value_lines(sb, s, b.scoring, lang,
                                                         mp_scale=b.mp_scale))
        row = _row(res, r, ns_v, ew_v, who, b, pb, lines, lang)
        summary = analysed.get(pb.pk, "") if pb is not None else ""
        rows.append(dataclasses.replace(row, analysis=summary) if summary else row)
    for cs in b.cut.get(number, ()):
        rows.append(BoardRow(cs.table, cs.ns, cs.ew,
                             pair_name(b.players.get(cs.ns, ()), who, lang, "NS"),
                             pair_name(b.players.get(cs.ew, ()), who, lang, "EW"), "", "", "", "",
                             "", "", "", "", (), (), None, cut=True, round=cs.round))
    rows.sort(key=lambda x: (x.round, x.table))
    # The deal (shown: no table plays the board any more): as a table played it, else the
    # competition's board set (a board whose results all came from the director).
    deal = _deal(c, number, any_board, list(play.values()))
    hands = None if deal is None else records.hands_view(deal, lang)
    vul = Board(number).vulnerability
    dd, par_text, note = (_double_dummy(deal, number, [pb.pk for pb in boards.values()], lang)
                          if deal is not None else (None, "", ""))
    return BoardPage(number, rounds, ("、" if is_zh(lang) else ", ").join(map(str, rounds)),
                     Board(number).describe(lang), rows,
                     "" if sb is None or sb.datum is None else f"{sb.datum:g}",
                     "" if sb is None or sb.top is None else f"{sb.top:g}",
                     hands, vul.is_vulnerable(Seat.NORTH), vul.is_vulnerable(Seat.EAST), dd,
                     par_text, note)


def _deal(c: Competition, number: int, played: PlayBoard | None,
          tables: list[int]) -> Deal | None:
    from ..events.entries import _deals_of
    from ..play import records

    pb = played or PlayBoard.objects.filter(table_id__in=tables, number=number).first()
    if pb is not None:
        return records.board_state(pb).board.deal
    if c.board_set is not None:
        return _deals_of(c.board_set.pbn).get(number)
    return None


def _row(res: BoardResult, round: int, ns_v: str, ew_v: str, who: Mapping[str, str],
         b: Boards, pb: PlayBoard | None, lines: tuple[str, ...], lang: Lang) -> BoardRow:
    from ..play import records

    result = res.result
    contract = declarer = tricks = lead = ""
    explain: tuple[str, ...] = ()
    if result is not None:
        contract = result.contract.format(lang, symbols=True)
        if result.declarer is not None:
            declarer = result.declarer.name_in(lang)
            tricks = str(result.tricks)
        explain = tuple(result.explain(Board(res.board).vulnerability, lang))
    elif res.ns_award is not None and res.ew_award is not None:
        contract = f"{award_text(res.ns_award)}/{award_text(res.ew_award)}"  # adjusted
    if pb is not None:
        state = records.board_state(pb)
        if state.cards:
            card: Card = state.cards[0]
            lead = card.format(lang, symbols=True)
    score = res.score
    return BoardRow(res.table or 0, res.ns_pair, res.ew_pair,
                    pair_name(b.players.get(res.ns_pair, ()), who, lang, "NS"),
                    pair_name(b.players.get(res.ew_pair, ()), who, lang, "EW"), contract, declarer,
                    lead, tricks,
                    signed(score) if score is not None and score > 0 else "",
                    signed(-score) if score is not None and score < 0 else "",
                    ns_v, ew_v, explain, lines, None if pb is None else int(pb.pk),
                    round=round)


def _double_dummy(deal: Deal, number: int, board_ids: list[int], lang: Lang
                  ) -> tuple[list[dict[str, Any]] | None, str, str]:
    """The deal's double-dummy table and par as the background analysis stored them (from a
    table that played the board, else the deal's own, which asking queues), or why not:
    not worked out yet, the solver (an optional extra) not installed, the deal incomplete.
    The page never waits for the solver."""
    from ...deals.ddplay import endplay_available
    from ..play.analysis import double_dummy
    from ..play.records import dd_rows

    zh = is_zh(lang)
    if not deal.complete:
        return None, "", ("未显示双明手分析：这副牌的四手牌不完整。" if zh
                          else "No double-dummy table: the deal is not complete.")
    found = double_dummy(deal, number, board_ids)
    if found is None:
        if not endplay_available():
            return None, "", ("未显示双明手分析：本服务器没有安装求解器（endplay）。" if zh
                              else "No double-dummy table: the solver (endplay) is not "
                              "installed on this server.")
        return None, "", ("双明手分析和标准分稍后显示：后台分析完这副牌后，请稍后重新载入本页。" if zh
                          else "The double-dummy table and par appear here once the deal has "
                          "been analysed in the background: reload the page in a little while.")
    table, par = found
    return dd_rows(table, lang), "" if par is None else par.format(lang, symbols=True), ""
