"""What the competitions' pages show, read through the services (``services.state_of``,
``rounds``, ``standings``) and the library (a round's session scored again for a board's
comparison); this module only picks, names and formats for one reader.

Who may open a competition (``may_open``): the services' ``can_see`` (published, or a
director), and for a members-only competition only the club's members (seed 002, §8: every
competition but 贴点 is for members), its directors and the site's administrators.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...board import Board
from ...cards import Card
from ...compete import swissevent as sw
from ...errors import BridgeError
from ...events.figures import column
from ...events.model import BoardResult
from ...events.scores import ScoredBoard, ScoredResult
from ...i18n import Lang, is_zh, signed
from ..accounts.models import User
from ..clubs.roles import AnyUser, can_direct, is_member
from ..play.models import PlayBoard
from . import clock
from . import services as sv
from .kinds import is_robot
from .models import Competition, CompetitionAction, CompetitionTable

__all__ = ["board_view", "may_open", "names_of", "room_view", "swiss_live", "swiss_results"]


def may_open(user: AnyUser, c: Competition) -> bool:
    if not sv.can_see(user, c):
        return False
    if not c.members_only:
        return True
    return bool(user.is_authenticated and (is_member(user, c.club) or can_direct(user, c.club)))


def lang_of(code: str | None) -> Lang:
    return "zh" if (code or "").startswith("zh") else "en"


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
        if is_robot(p):
            label = p.split(":", 1)[1]
            out[p] = f"机器人 {label}" if is_zh(lang) else f"Robot {label}"
        out.setdefault(p, p)
    return out


def pair_name(players: Iterable[str], who: Mapping[str, str], lang: Lang) -> str:
    return ("、" if is_zh(lang) else " & ").join(who.get(p, p) for p in players)


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
            row = PlayTableRow(t.table, t.ns, t.ew, pair_name(state.pair(t.ns).players, who, lang),
                               pair_name(state.pair(t.ew).players, who, lang),
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


# ---------------------------------------------------------------------------- results


def _scored(state: sw.SwissEvent, r: int) -> dict[int, ScoredBoard]:
    from ...events.imp_pairs import score_session

    rec = state.rounds[r - 1]
    if not rec.done and not rec.cut:
        return {}
    session = sw.round_session(state, r)
    if not session.results:
        return {}
    scored = score_session(session, state.settings.scoring)
    return {b.board: b for b in scored.boards}


def scored_rounds(state: sw.SwissEvent) -> dict[int, dict[int, ScoredBoard]]:
    """Every round's boards as the round was scored (the library's ``score_session`` of
    the round's session, with the event's scoring)."""
    return {rec.round: _scored(state, rec.round) for rec in state.rounds
            if rec.lines is not None}  # a round in play shows nothing of its boards yet


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


def swiss_results(state: sw.SwissEvent, user: AnyUser, lang: Lang
                  ) -> tuple[list[ResultRow], list[int]]:
    """Every pair (the unranked too) with its value on each board of the event."""
    me = str(user.pk) if user.is_authenticated else ""
    who = names_of([x for p in state.pairs for x in p.players], lang)
    scored = scored_rounds(state)
    values: dict[tuple[str, int], float] = {}
    for by_board in scored.values():
        for sb in by_board.values():
            for one in sb.results:
                values[(one.result.ns_pair, sb.board)] = one.ns
                values[(one.result.ew_pair, sb.board)] = one.ew
    cut: set[tuple[str, int]] = set()
    for rec in state.rounds:
        tables = {t.table: t for t in rec.tables}
        for t, b in rec.cut:
            cut.update({(tables[t].ns, b), (tables[t].ew, b)})
    ended = sum(1 for rec in state.rounds if rec.lines is not None)
    boards = list(range(1, ended * state.settings.boards_per_round + 1))
    rows = []
    for s in standing_rows(state, who, me, lang):
        cells = []
        col = column([values.get((s.pair, b)) for b in boards])
        for b, v in zip(boards, col, strict=True):
            cells.append(Cell(b, v, (s.pair, b) in cut, (s.pair, b) in values))
        rows.append(ResultRow(s, tuple(cells)))
    return rows, boards


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


@dataclass
class BoardPage:
    number: int
    round: int
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


def round_of_board(state: sw.SwissEvent, number: int) -> int | None:
    b = state.settings.boards_per_round
    r = (number - 1) // b + 1
    return r if 1 <= r <= len(state.rounds) else None


def _value_lines(sb: ScoredBoard, mine: ScoredResult, scoring: str, lang: Lang) -> tuple[str, ...]:
    """The IMPs or matchpoints of one result, worked as the seeds teach: against each other
    table (cross-IMPs, matchpoints) or against the datum (total IMPs)."""
    from ...imps import imps

    zh = is_zh(lang)
    own = mine.result.score
    if own is None:
        return ()
    others = [s for s in sb.results if s is not mine and s.result.score is not None]
    lines: list[str] = []
    if scoring == "butler" and sb.datum is not None:
        diff = own - sb.datum
        n = imps(diff)
        lines.append(f"南北 {signed(own)} − 基准分 {sb.datum:g} = {diff:g} → {signed(n)} IMP" if zh
                     else f"NS {signed(own)} − datum {sb.datum:g} = {diff:g} → {signed(n)} IMPs")
    elif scoring == "ximp":
        for o in others:
            other = o.result.score or 0
            n = imps(own - other)
            lines.append(f"对第{o.result.table}桌 {signed(own)} − {signed(other)} = "
                         f"{own - other} → {signed(n)} IMP" if zh else
                         f"v table {o.result.table}: {signed(own)} − {signed(other)} = "
                         f"{own - other} → {signed(n)} IMPs")
        if others and mine.ns is not None:
            total = sum(imps(own - (o.result.score or 0)) for o in others)
            lines.append(f"共 {signed(total)} IMP，平均 {signed(total)} ÷ {len(others)} = "
                         f"{mine.ns:g}" if zh else
                         f"in all {signed(total)} IMPs; average {signed(total)} ÷ "
                         f"{len(others)} = {mine.ns:g}")
    elif scoring == "mp":
        beats = sum(1 for o in others if own > (o.result.score or 0))
        ties = sum(1 for o in others if own == (o.result.score or 0))
        lines.append(f"胜 {beats} 桌 × 2 + 平 {ties} 桌 × 1 = {2 * beats + ties} 分" if zh
                     else f"beats {beats} × 2 + ties {ties} × 1 = {2 * beats + ties} MP")
    return tuple(lines)


def board_view(c: Competition, state: sw.SwissEvent, number: int, lang: Lang) -> BoardPage:
    """All results of board ``number`` (round ``round_of_board``): contract, declarer,
    lead, tricks, score and its arithmetic, the IMPs or matchpoints each and how they came,
    the hands, the double-dummy table and par."""
    from ..play import records

    r = round_of_board(state, number)
    if r is None:
        raise BridgeError(f"no board {number} in this event yet", f"本赛事还没有第{number}副")
    rec = state.rounds[r - 1]
    who = names_of([x for p in state.pairs for x in p.players], lang)
    sb = _scored(state, r).get(number)
    play = {(ct.number): ct.play_table_id for ct in
            CompetitionTable.objects.filter(competition=c, round=r)}
    boards = {pb.table_id: pb for pb in PlayBoard.objects.filter(
        table_id__in=list(play.values()), number=number, finished__isnull=False)}
    rows: list[BoardRow] = []
    results = list(sb.results) if sb is not None else []
    ns_col = column([s.ns for s in results])
    ew_col = column([s.ew for s in results])
    scoring = state.settings.scoring
    any_board: PlayBoard | None = None
    for s, ns_v, ew_v in zip(results, ns_col, ew_col, strict=True):
        res: BoardResult = s.result
        pb = boards.get(play.get(res.table or 0, -1))
        any_board = any_board or pb
        rows.append(_row(res, s, sb, ns_v, ew_v, who, pb, scoring, lang))
    tables = {t.table: t for t in rec.tables}
    for t, b in rec.cut:
        if b == number:
            d = tables[t]
            rows.append(BoardRow(t, d.ns, d.ew, pair_name(state.pair(d.ns).players, who, lang),
                                 pair_name(state.pair(d.ew).players, who, lang), "", "", "", "",
                                 "", "", "", "", (), (), None, cut=True))
    rows.sort(key=lambda x: x.table)
    hands, vul_ns, vul_ew = None, False, False
    if any_board is None:
        any_board = PlayBoard.objects.filter(table_id__in=list(play.values()),
                                             number=number).first()
    deal = None
    if any_board is not None and sv.KINDS[c.kind].status(state) in ("finished", "running"):
        st = records.board_state(any_board)
        deal = st.board.deal
        view = records.record_view(any_board, st, lang)
        hands = {k: {**v, "player": ""} for k, v in view["hands"].items()}
        vul_ns, vul_ew = view["vul_ns"], view["vul_ew"]
    dd, par_text, note = _double_dummy(deal, number, lang) if deal is not None else (None, "", "")
    return BoardPage(number, r, Board(number).describe(lang), rows,
                     "" if sb is None or sb.datum is None else f"{sb.datum:g}",
                     "" if sb is None or sb.top is None else f"{sb.top:g}",
                     hands, vul_ns, vul_ew, dd, par_text, note)


def _row(res: BoardResult, s: ScoredResult, sb: ScoredBoard | None, ns_v: str, ew_v: str,
         who: Mapping[str, str], pb: PlayBoard | None, scoring: str, lang: Lang) -> BoardRow:
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
    if pb is not None:
        state = records.board_state(pb)
        if state.cards:
            card: Card = state.cards[0]
            lead = card.format(lang, symbols=True)
    score = res.score
    return BoardRow(res.table or 0, res.ns_pair, res.ew_pair, who.get(res.ns_pair, ""),
                    who.get(res.ew_pair, ""), contract, declarer, lead, tricks,
                    signed(score) if score is not None and score > 0 else "",
                    signed(-score) if score is not None and score < 0 else "",
                    ns_v, ew_v, explain,
                    _value_lines(sb, s, scoring, lang) if sb is not None else (),
                    None if pb is None else int(pb.pk))


_DD_CACHE: dict[str, Any] = {}


def _double_dummy(deal: Any, number: int, lang: Lang
                  ) -> tuple[list[dict[str, Any]] | None, str, str]:
    """The deal's double-dummy table and par, or why not (the solver is an optional extra:
    without it the page says so and shows the rest)."""
    from ...dd import DD_SEATS, DD_STRAINS, DDTable, par
    from ...errors import MissingDependencyError

    key = deal.pbn()
    table: DDTable | None = _DD_CACHE.get(key)
    if table is None:
        try:
            from ...dd import dd_table

            table = dd_table(deal)
        except (MissingDependencyError, ImportError, OSError):
            return None, "", ("未显示双明手分析：本服务器没有安装求解器（endplay）。" if is_zh(lang)
                              else "No double-dummy table: the solver (endplay) is not "
                              "installed on this server.")
        if len(_DD_CACHE) > 2000:
            _DD_CACHE.clear()
        _DD_CACHE[key] = table
    b = Board(number)
    rows = [{"strain": s.name_in(lang), "symbol": s.symbol, "red": s.letter in ("H", "D"),
             "tricks": [table[s, seat] for seat in DD_SEATS]} for s in DD_STRAINS]
    return rows, par(table, b.vulnerability, b.dealer).format(lang, symbols=True), ""
