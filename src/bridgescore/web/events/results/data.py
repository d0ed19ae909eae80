"""What the results pages and the API show, read from the library's live session.

Every figure is the library's (``LiveSession.standings()``, ``board(n)``, the result's own
``explain()``); this module only picks, orders and formats them for one reader (language and
rights).  The visibility rules are ``access.Viewer``'s: a board the reader may not see gives
no result, no score and no contract anywhere here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from ....core.board import Board
from ....core.cards import Card
from ....core.errors import BridgeError
from ....core.figures import column, fixed, json_number
from ....core.i18n import Lang, is_zh, signed
from ....core.seat import Side
from ....sessions.adjusted import award_text
from ....sessions.explain import Side as ExplainSide
from ....sessions.explain import total_lines, value_lines
from ....sessions.imp_pairs import ImpSettings
from ....sessions.live import LiveSession
from ....sessions.matchpoints import MatchpointSettings
from ....sessions.model import BoardResult
from ....sessions.scores import PairScore, ScoredBoard, ScoredResult
from .. import services
from ..models import Event
from .access import Viewer, played_by_all


def names(event: Event, lang: Lang) -> dict[str, str]:
    """Pair number → the pair's name in the reader's language (its players' when unnamed)."""
    return {e.number: e.name_in(lang) for e in services.entrants(event)}


def is_pct(event: Event) -> bool:
    """Matchpoints are shown as percentages; cross-IMPs and Butler as IMPs."""
    return event.scoring == Event.Scoring.MP


# ---------------------------------------------------------------------------- ranking


@dataclass(frozen=True, slots=True)
class RankRow:
    place: str
    pair: str
    name: str
    total: str  # matchpoints or IMPs, one format down the field
    pct: str  # "" when not matchpoints
    boards: int
    total_value: float
    pct_value: float | None
    # How the total (and the percentage) comes from the pair's boards (sessions.explain's
    # total_lines); empty while one of those boards is hidden from the reader.
    explain: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Field:
    key: str  # "NS", "EW" or "" (one winner)
    rows: tuple[RankRow, ...]


def ranking(event: Event, live: LiveSession, lang: Lang,
            visible: Collection[int] = ()) -> tuple[Field, ...]:
    """The standings as the library ranks them, a field per winner (NS and EW for a
    two-winner Mitchell); a pair's total explained when every board it played is among
    ``visible`` (the boards the reader may see: a total's sum would show a hidden one)."""
    who = names(event, lang)
    standings = live.standings()
    # Each pair's boards, gathered once (total_lines looks at the boards it is given).
    played: dict[str, list[ScoredBoard]] = {}
    for sb in live.scores().boards:
        for r in sb.results:
            for pair_id in {r.result.ns_pair, r.result.ew_pair}:
                played.setdefault(pair_id, []).append(sb)
    shown = set(visible)

    def explain(p: PairScore) -> tuple[str, ...]:
        mine = played.get(p.pair, [])
        if not mine or any(b.board not in shown for b in mine):
            return ()
        return tuple(total_lines(mine, p, live.scoring, lang))

    keys: list[str] = []
    for p in standings:
        k = p.direction.name if p.direction is not None else ""
        if k not in keys:
            keys.append(k)
    keys.sort(key=lambda k: ("NS", "EW", "").index(k))
    out = []
    for key in keys:
        members = [p for p in standings
                   if (p.direction.name if p.direction is not None else "") == key]
        totals = column([p.exact if p.exact is not None else p.total for p in members])
        rows = tuple(
            RankRow(p.place or "–", p.pair, who.get(p.pair, ""), total,
                    "" if p.percentage is None else fixed(p.percentage), p.boards,
                    float(p.total), p.percentage, explain(p))
            for p, total in zip(members, totals, strict=True))
        out.append(Field(key, rows))
    return tuple(out)


# ---------------------------------------------------------------------------- progress


@dataclass(frozen=True, slots=True)
class Progress:
    played: int  # results in force
    total: int  # results the movement asks for
    boards_done: tuple[int, ...]  # boards every table has played
    rounds: tuple[tuple[int, int, int], ...]  # (round, results in, results expected)

    @property
    def pct(self) -> str:
        return fixed(100 * self.played / self.total, 0) if self.total else "0"


def progress(live: LiveSession) -> Progress:
    expected: dict[int, int] = {}
    for a in live.assignments:
        expected[a.round] = expected.get(a.round, 0) + len(a.boards)
    left: dict[int, int] = {}
    for slot in live.outstanding():
        left[slot.round] = left.get(slot.round, 0) + 1
    rounds = tuple((r, n - left.get(r, 0), n) for r, n in sorted(expected.items()))
    total = sum(expected.values())
    done = tuple(b for b in (live.boards or ()) if played_by_all(live, b))
    return Progress(total - sum(left.values()), total, done, rounds)


# ---------------------------------------------------------------------------- a result


@dataclass(frozen=True, slots=True)
class ResultView:
    """One table's result on a board, as a traveller or a scorecard shows it."""

    board: int
    round: int | None
    table: int | None
    ns_pair: str
    ew_pair: str
    ns_name: str
    ew_name: str
    contract: str  # with ♠♥♦♣ (or the adjusted score, A+/A−)
    declarer: str
    lead: str
    tricks: str
    ns_score: str  # "+420" / "" (the side that scored shows it)
    ew_score: str
    ns_value: str  # matchpoints or IMPs
    ew_value: str
    ns_pct: str
    ew_pct: str
    explain: tuple[str, ...]  # the score's arithmetic, in the reader's language
    note: str
    raw: Mapping[str, Any] = field(default_factory=dict)  # the API's figures
    # The matchpoints' (IMPs') arithmetic: North-South's count, East-West's figure and both
    # percentages (the library's ``sessions.explain``), in the reader's language.
    value_explain: tuple[str, ...] = ()


def _contract(r: BoardResult, lang: Lang) -> str:
    if r.kind == "artificial":
        return f"{award_text(r.ns_award)}/{award_text(r.ew_award)}"
    if r.result is None:
        return ""
    return r.result.contract.format(lang, symbols=True)


def _lead(r: BoardResult, lang: Lang) -> str:
    if not r.lead:
        return ""
    try:
        return Card.parse(r.lead).format(lang, symbols=True)
    except BridgeError:  # stored leads were read by the library: this is only a guard
        return r.lead


def value_arithmetic(live: LiveSession, sb: ScoredBoard, s: ScoredResult, lang: Lang,
                     side: ExplainSide | None = None) -> tuple[str, ...]:
    """How ``s``'s matchpoints (IMPs) on ``sb`` came, worked out by the library with the
    session's own settings: for ``side`` (a pair's scorecard) from that side, else
    North-South's count with both sides' figures (a traveller's row)."""
    st = live.settings
    mp = st if isinstance(st, MatchpointSettings) else MatchpointSettings()
    imp = st if isinstance(st, ImpSettings) else ImpSettings()
    return tuple(value_lines(sb, s, live.scoring, lang, mp_scale=mp.scale, side=side,
                             percent=side is None, factoring=mp.factoring, form=imp.form))


_NOTES_ZH = {"weighted": "加权判分", "provisional": "暂定", "closed": "已截止，不计"}


def result_view(sb: ScoredBoard, s: ScoredResult, ns_v: str, ew_v: str,
                who: Mapping[str, str], lang: Lang,
                value_explain: tuple[str, ...] = ()) -> ResultView:
    r = s.result
    res = r.result
    score = r.score
    explain: tuple[str, ...] = ()
    if res is not None:
        explain = tuple(res.explain(Board(r.board).vulnerability, lang))
    declarer = res.declarer.name_in(lang) if res is not None and res.declarer else ""
    tricks = str(res.tricks) if res is not None and res.declarer is not None else ""
    raw = {
        "round": r.round, "table": r.table, "ns_pair": r.ns_pair, "ew_pair": r.ew_pair,
        "result": None if res is None else str(res),
        "contract": None if res is None else str(res.contract),
        "declarer": None if res is None or res.declarer is None else res.declarer.letter,
        "tricks": None if res is None or res.declarer is None else res.tricks,
        "lead": r.lead, "ns_score": score,
        "ns_award": award_text(r.ns_award) or None, "ew_award": award_text(r.ew_award) or None,
        "ns": json_number(s.ns), "ew": json_number(s.ew),
        "ns_pct": None if s.ns_pct is None else json_number(s.ns_pct),
        "ew_pct": None if s.ew_pct is None else json_number(s.ew_pct),
        "explain": list(explain), "note": s.note or None,
    }
    return ResultView(
        r.board, r.round, r.table, r.ns_pair, r.ew_pair, who.get(r.ns_pair, ""),
        who.get(r.ew_pair, ""), _contract(r, lang), declarer, _lead(r, lang), tricks,
        signed(score) if score is not None and score > 0 else "",
        signed(-score) if score is not None and score < 0 else "",
        ns_v, ew_v, "" if s.ns_pct is None else fixed(s.ns_pct),
        "" if s.ew_pct is None else fixed(s.ew_pct), explain,
        _NOTES_ZH.get(s.note, s.note) if is_zh(lang) else s.note, raw, value_explain)


# ---------------------------------------------------------------------------- traveller


@dataclass(frozen=True, slots=True)
class Traveller:
    board: int
    describe: str  # "Board 5: dealer North, NS vulnerable"
    rows: tuple[ResultView, ...]
    top: str
    datum: str
    top_value: float | None = None
    datum_value: float | None = None


def traveller(event: Event, live: LiveSession, board: int, lang: Lang) -> Traveller:
    """Every table's result on ``board`` with its score (call only for a reader who may see
    it: ``Viewer.may_see_board``)."""
    describe = Board(board).describe(lang)
    try:
        sb = live.board(board)
    except BridgeError:
        return Traveller(board, describe, (), "", "")
    who = names(event, lang)
    ns_col = column([s.ns for s in sb.results])
    ew_col = column([s.ew for s in sb.results])
    rows = tuple(result_view(sb, s, a, b, who, lang, value_arithmetic(live, sb, s, lang))
                 for s, a, b in zip(sb.results, ns_col, ew_col, strict=True))
    rows = tuple(sorted(rows, key=lambda v: (v.table or 0, v.round or 0)))
    return Traveller(board, describe, rows,
                     "" if sb.top is None else fixed(sb.top).rstrip("0").rstrip("."),
                     "" if sb.datum is None else fixed(sb.datum, 0), sb.top, sb.datum)


# ---------------------------------------------------------------------------- scorecard


@dataclass(frozen=True, slots=True)
class CardRow:
    round: int
    table: int
    board: int
    side: str  # "NS" / "EW" (translated by the template)
    against: str
    against_name: str
    played: bool
    visible: bool
    result: ResultView | None  # only when visible
    value: str  # the pair's matchpoints / IMPs on the board (only when visible)
    pct: str
    score: str = ""  # the pair's own score on the board, signed ("+420", "-50", "0")
    # How the pair's matchpoints (IMPs) and percentage came, counted from its own side.
    explain: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Scorecard:
    pair: str
    name: str
    place: str
    total: str
    pct: str
    rows: tuple[CardRow, ...]
    running: tuple[tuple[int, float], ...]  # (round, running % or IMPs) for the chart
    # How the total and the percentage come from the boards (only when every board the
    # pair has played is shown to the reader: else the sum would tell the hidden ones).
    total_explain: tuple[str, ...] = ()


def scorecard(event: Event, live: LiveSession, pair: str, lang: Lang,
              viewer: Viewer) -> Scorecard:
    """A pair's boards in movement order; a board's result only where the reader may see
    the board; the running score by round over the rounds whose boards are all shown."""
    who = names(event, lang)
    standing = next((p for p in live.standings() if p.pair == pair), None)
    played: dict[tuple[int, int, int], BoardResult] = {
        (r.round or 0, r.table or 0, r.board): r for r in live.in_force().values()}
    rows: list[CardRow] = []
    running: list[tuple[int, float]] = []
    total, top = 0.0, 0.0
    shown_so_far = True
    pct = is_pct(event)
    for a in sorted(live.assignments, key=lambda a: (a.round, a.table)):
        if pair not in (a.ns_pair, a.ew_pair):
            continue
        side = "NS" if a.ns_pair == pair else "EW"
        other = a.ew_pair if side == "NS" else a.ns_pair
        round_seen = False
        for b in a.boards:
            r = played.get((a.round, a.table, b))
            visible = r is not None and viewer.may_see_board(event, live, b)
            view, value, share, score = None, "", "", ""
            lines: tuple[str, ...] = ()
            if visible and r is not None:
                sb = live.board(b)
                mine = next((s for s in sb.results
                             if (s.result.round, s.result.table) == (a.round, a.table)), None)
                if mine is not None:
                    ns_v, ew_v = column([mine.ns, mine.ew])
                    view = result_view(sb, mine, ns_v, ew_v, who, lang)
                    value = ns_v if side == "NS" else ew_v
                    lines = value_arithmetic(live, sb, mine, lang,
                                             "ns" if side == "NS" else "ew")
                    share = view.ns_pct if side == "NS" else view.ew_pct
                    if mine.result.score is not None:
                        score = signed(mine.result.score * (1 if side == "NS" else -1))
                    if mine.counted:
                        total += mine.ns if side == "NS" else mine.ew
                        top += sb.top or 0.0
                        round_seen = True
            elif r is not None:
                shown_so_far = False
            rows.append(CardRow(a.round, a.table, b, side, other, who.get(other, ""),
                                r is not None, visible, view, value, share, score, lines))
        if shown_so_far and round_seen:
            running.append((a.round, 100 * total / top if pct and top else total))
    total_explain: tuple[str, ...] = ()
    if standing is not None and all(r.visible for r in rows if r.played):
        total_explain = tuple(total_lines(live.scores().boards, standing, live.scoring, lang))
    return Scorecard(
        pair, who.get(pair, ""), standing.place if standing and standing.place else "–",
        "" if standing is None else column([standing.exact or standing.total])[0],
        "" if standing is None or standing.percentage is None else fixed(standing.percentage),
        tuple(rows), tuple(running), total_explain)


def side_name(side: str, lang: Lang) -> str:
    return Side[side].name_in(lang) if side in ("NS", "EW") else ""
