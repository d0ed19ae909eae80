"""Printable movement cards: a guide card for each table (桌卡) and a movement card for each
pair (移位卡), in English or Chinese, as text lines or HTML pages.

A table's guide card has one line a round: the round, the NS pair, the EW pair, the boards,
and where the two pairs and the boards go for the next round.

>>> from bridgescore.sessions.movements import mitchell
>>> for line in table_card_lines(mitchell(3), 1, "en"):
...     print(line)
Table 1 — Mitchell, 3 tables, 3 rounds × 2 boards (3 sets, 6 boards)
Round  NS  EW  Boards  NS next      EW next      Boards next
1      1   4   1-2     Table 1 NS   Table 2 EW   Table 3
2      1   6   3-4     Table 1 NS   Table 2 EW   Table 3
3      1   5   5-6     —            —            —
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.figures import runs
from ..core.i18n import Lang, check_lang, is_zh, pick
from ..core.text import display_width
from ..sessions.movements import Movement, Position

__all__ = [
    "PairCardRow",
    "TableCardRow",
    "pair_card_lines",
    "pair_card_rows",
    "render_cards_html",
    "table_card_lines",
    "table_card_rows",
]


@dataclass(frozen=True, slots=True)
class TableCardRow:
    round: int
    ns: int
    ew: int
    boards: str
    ns_next: str
    ew_next: str
    boards_next: str
    arrow_switch: bool


@dataclass(frozen=True, slots=True)
class PairCardRow:
    round: int
    table: str
    direction: str
    opponent: str
    boards: str
    arrow_switch: bool


def boards_text(boards: tuple[int, ...], lang: Lang = "en") -> str:
    """``1-2``, ``5-6,17-18`` (runs of consecutive boards; ``5-6、17-18`` in Chinese), ``7``."""
    return pick(lang, ",", "、").join(runs(sorted(boards)))


def _where(p: Position, lang: Lang) -> str:
    if p.table is None:
        return pick(lang, "sit out", "轮空")
    d = p.direction or ""
    return pick(lang, f"Table {p.table} {d}", f"{p.table}桌{'南北' if d == 'NS' else '东西'}")


def _next(mv: Movement, pair: int, round: int, lang: Lang) -> str:
    if round >= mv.rounds:
        return "—"
    return _where(mv.position(pair, round + 1), lang)


def _boards_next(mv: Movement, round: int, sets: tuple[int, ...], lang: Lang) -> str:
    """Where the boards go next; a table playing two half-sets says it for each half."""
    if round >= mv.rounds:
        return "—"
    parts = []
    for s in sets:
        tables = mv.next_set_tables(round, s)
        if not tables:
            dest = pick(lang, "relay", "中转桌")
        elif is_zh(lang):
            dest = "、".join(f"{t}桌" for t in tables)
        else:
            dest = "Table " + " & ".join(map(str, tables))
        parts.append(dest if len(sets) == 1 else
                     f"{boards_text(mv.boards_of(s), lang)}{pick(lang, ': ', '：')}{dest}")
    return pick(lang, "; ", "；").join(parts)


def table_card_rows(mv: Movement, table: int, lang: Lang = "en") -> list[TableCardRow]:
    lang = check_lang(lang)
    out = []
    for a in mv.table(table):
        out.append(TableCardRow(
            a.round, a.ns, a.ew, boards_text(a.boards, lang),
            _next(mv, a.ns, a.round, lang), _next(mv, a.ew, a.round, lang),
            _boards_next(mv, a.round, a.sets, lang), a.arrow_switch))
    return out


def pair_card_rows(mv: Movement, pair: int, lang: Lang = "en") -> list[PairCardRow]:
    lang = check_lang(lang)
    out = []
    for p in mv.schedule(pair):
        if p.table is None:
            out.append(PairCardRow(p.round, pick(lang, "sit out", "轮空"), "", "", "", False))
            continue
        d = pick(lang, p.direction or "", "南北" if p.direction == "NS" else "东西")
        out.append(PairCardRow(p.round, str(p.table), d, str(p.opponent),
                               boards_text(p.boards, lang), p.arrow_switch))
    return out


_width = display_width


def _columns(rows: list[list[str]]) -> list[str]:
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for r in rows:
        cells = [c + " " * (w - _width(c)) for c, w in zip(r, widths, strict=True)]
        lines.append("  ".join(cells).rstrip())
    return lines


def _arrow_mark(on: bool, lang: Lang) -> str:
    return pick(lang, " (arrow switch)", "（换向）") if on else ""


def table_card_lines(mv: Movement, table: int, lang: Lang = "en") -> list[str]:
    """A table's guide card as text."""
    lang = check_lang(lang)
    head = ["Round", "NS", "EW", "Boards", "NS next", "EW next", "Boards next"] \
        if not is_zh(lang) else ["轮", "南北", "东西", "牌号", "南北下轮", "东西下轮", "牌去向"]
    rows = [head] + [
        [str(r.round) + _arrow_mark(r.arrow_switch, lang), str(r.ns), str(r.ew), r.boards,
         r.ns_next, r.ew_next, r.boards_next]
        for r in table_card_rows(mv, table, lang)
    ]
    title = pick(lang, f"Table {table} — {mv.describe('en')}", f"第{table}桌 — {mv.describe('zh')}")
    if len(rows) == 1:
        return [title, unused_table_note(table, lang)]
    return [title, *_columns(rows)]


def unused_table_note(table: int, lang: Lang = "en") -> str:
    """Why a table has no card: with a pair short of the full movement, the missing pair's
    table has no play (whoever would meet that pair sits out)."""
    return pick(lang, f"Table {table} is not used: the missing pair would sit there, and whoever "
                      "would meet it sits out that round.",
                f"第{table}桌不使用：这是缺席那一对的座位，每轮本应与其相遇的一对轮空。")


def pair_card_lines(mv: Movement, pair: int, lang: Lang = "en") -> list[str]:
    """A pair's movement card as text."""
    lang = check_lang(lang)
    head = ["Round", "Table", "Direction", "Against", "Boards"] if not is_zh(lang) else \
        ["轮", "桌", "方向", "对手", "牌号"]
    rows = [head] + [
        [str(r.round) + _arrow_mark(r.arrow_switch, lang), r.table, r.direction, r.opponent,
         r.boards] for r in pair_card_rows(mv, pair, lang)
    ]
    title = pick(lang, f"Pair {pair} — {mv.describe('en')}", f"第{pair}对 — {mv.describe('zh')}")
    return [title, *_columns(rows)]


def render_cards_html(mv: Movement, lang: Lang = "en", which: str = "both",
                      title: str | None = None) -> str:
    """A printable HTML page: the table guide cards, the pair movement cards, or both
    (``which``: "tables", "pairs" or "both"), one card per printed block."""
    from .templates import render_template  # the package's one Jinja environment

    lang = check_lang(lang)
    if which not in ("tables", "pairs", "both"):
        from ..core.errors import BridgeError

        raise BridgeError(f"unknown card kind {which!r}: expected tables, pairs or both",
                          f"未知的卡片种类 {which!r}：应为 tables（桌卡）、pairs（移位卡）或 both（两者）")
    all_tables = [(t, table_card_rows(mv, t, lang)) for t in range(1, mv.tables + 1)] \
        if which in ("tables", "both") else []
    # A table nobody plays at (a pair short of the full movement) gets a note, not a card.
    tables = [(t, rows) for t, rows in all_tables if rows]
    unused = [unused_table_note(t, lang) for t, rows in all_tables if not rows]
    pairs = [(p, pair_card_rows(mv, p, lang)) for p in mv.pairs] \
        if which in ("pairs", "both") else []
    page_title = title or pick(lang, "Movement cards", "移位卡")
    return render_template(
        "movement_cards.html", lang=lang, html_lang="zh-CN" if is_zh(lang) else "en", title=page_title,
        description=mv.describe(lang), tables=tables, pairs=pairs,
        arrow_rounds=list(mv.arrow_switch_rounds), unused=unused,
        t=_LABELS[lang],
    )


_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "table_card": "Table {n}", "pair_card": "Pair {n}", "round": "Round", "ns": "NS",
        "ew": "EW", "boards": "Boards", "ns_next": "NS next", "ew_next": "EW next",
        "boards_next": "Boards next", "table": "Table", "direction": "Direction",
        "against": "Against", "arrow": "arrow switch: EW holds the NS cards",
        "table_cards": "Table guide cards", "pair_cards": "Pair movement cards",
        "arrow_note": "Arrow switch in round {rounds}: the EW pair plays the NS cards.",
        "arrow_note_many": "Arrow switch in rounds {rounds}: the EW pair plays the NS cards.",
    },
    "zh": {
        "table_card": "第{n}桌", "pair_card": "第{n}对", "round": "轮", "ns": "南北",
        "ew": "东西", "boards": "牌号", "ns_next": "南北下轮", "ew_next": "东西下轮",
        "boards_next": "牌去向", "table": "桌", "direction": "方向", "against": "对手",
        "arrow": "换向：东西方拿南北的牌", "table_cards": "桌卡（每桌移位表）",
        "pair_cards": "各对移位卡",
        "arrow_note": "第{rounds}轮换向（箭头转换）：东西对打南北的牌。",
        "arrow_note_many": "第{rounds}轮换向（箭头转换）：东西对打南北的牌。",
    },
}
