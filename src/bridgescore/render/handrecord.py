"""Printable hand records: each board with its four hands round a compass, dealer,
vulnerability, HCP, and (when solved) the double-dummy table and par.  One HTML page with an
A4 print stylesheet, in English or Chinese, a whole number of boards to each sheet; PDF
through :mod:`~bridgescore.render.pdf`.  On a screen narrower than the sheet (a phone) the
page fits the window, a board to a row.  ``tests/render/test_handrecord_browser.py`` lays it out in
Chromium at every number of boards to a page and checks that no part of a board overlaps
another.

>>> from bridgescore.deals.dealing import deal_boards
>>> from bridgescore.deals.handrecord import HandRecordBoard
>>> html = render_handrecord([HandRecordBoard.from_dealt(b) for b in deal_boards(2, seed=1)], lang="zh")
>>> "第1副" in html and "发牌：北" in html and "@page" in html and "size: A4" in html
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ..core.cards import SUITS_HIGH_FIRST
from ..core.deal import Deal
from ..core.errors import BridgeError
from ..core.i18n import Lang, is_zh
from ..core.seat import Seat
from ..core.strain import Strain
from ..core.vulnerability import Vulnerability
from ..deals.dd import DD_SEATS, DD_STRAINS, ParResult
from ..deals.handrecord import HandRecordBoard
from .templates import render_template

__all__ = ["PER_PAGE", "diagram_view", "render_handrecord", "strain_heads"]

# Boards to an A4 page and the type size that makes them fit (checked by printing to PDF).
PER_PAGE: Mapping[int, float] = MappingProxyType({1: 18.0, 2: 15.0, 4: 12.0, 6: 10.5, 8: 9.0})
# Four to a page, two columns of two: a board is half the sheet wide but half its height,
# narrow for its type and with a row to spare, so it is laid out tall (the board's number
# and conditions on a line of their own, par and the double-dummy table under South).  In
# the usual three columns the Chinese 局况 ran into North's hand and the table into South's.
TALL = frozenset({4})


def _suit_rows(deal: Deal, seat: Seat) -> list[dict[str, Any]]:
    hand = deal[seat]
    return [{"symbol": s.symbol, "red": s.value in (1, 2),
             "ranks": " ".join(r.display for r in hand.ranks(s)) or "—"} for s in SUITS_HIGH_FIRST]


def diagram_view(deal: Deal, lang: Lang, dealer: Seat | None = None) -> dict[str, Any]:
    """The four hands and the compass of a hand diagram (shared by hand records and game
    records): each seat's suits, spades first, and its HCP at its side of the compass."""
    hands = {}
    for seat in Seat:
        hand = deal[seat]
        hands[seat.name.lower()] = {
            "suits": _suit_rows(deal, seat),
            "label": seat.name_in(lang) if is_zh(lang) else seat.letter,
            "hcp": hand.hcp if len(hand) == 13 else None,
            "dealer": seat is dealer,
        }
    return {"hands": hands}


def _par_lines(par: ParResult, lang: Lang) -> list[str]:
    zh = is_zh(lang)
    score = f"{par.score:+d}" if par.score else "0"
    head = f"南北 {score}" if zh else f"NS {score}"
    contracts = [c.format(lang, symbols=True) for c in par.contracts] or [
        "四家不叫" if zh else "passed out"]
    return [head, *contracts]


def _board_view(b: HandRecordBoard, lang: Lang) -> dict[str, Any]:
    zh = is_zh(lang)
    view = diagram_view(b.deal, lang, b.dealer)
    view["heading"] = f"第{b.number}副" if zh else f"Board {b.number}"
    view["info"] = (
        [f"发牌：{b.dealer.name_in('zh')}", f"局况：{b.vulnerability.describe('zh')}"] if zh
        else [f"Dealer: {b.dealer.name_in('en')}", f"Vul: {_vul_en(b.vulnerability)}"])
    view["vul_ns"] = b.vulnerability.is_vulnerable(Seat.NORTH)
    view["vul_ew"] = b.vulnerability.is_vulnerable(Seat.EAST)
    view["dd"] = None
    if b.dd is not None:
        table = b.dd
        view["dd"] = [{"seat": s.name_in(lang) if zh else s.letter,
                       "tricks": [table[strain, s] for strain in DD_STRAINS]} for s in DD_SEATS]
    view["par"] = _par_lines(b.par, lang) if b.par is not None else None
    return view


def _vul_en(v: Vulnerability) -> str:
    return ("None", "N-S", "E-W", "Both")[v.value]


def strain_heads(lang: Lang) -> list[dict[str, Any]]:
    """The column heads of the double-dummy table: NT first, as hand records print it."""
    return [{"symbol": ("无将" if is_zh(lang) else "NT") if s is Strain.NOTRUMP else s.symbol,
             "red": s in (Strain.HEARTS, Strain.DIAMONDS)} for s in DD_STRAINS]


def render_handrecord(
    boards: Sequence[HandRecordBoard], lang: Lang = "en", title: str | None = None,
    per_page: int = 6, subtitle: str | None = None,
) -> str:
    """The hand record as one HTML page: ``per_page`` boards (1, 2, 4, 6 or 8) to each A4
    sheet, never a board split across two."""
    if per_page not in PER_PAGE:
        choices = ", ".join(map(str, PER_PAGE))
        raise BridgeError(f"invalid boards per page {per_page!r}: expected one of {choices}",
                          f"无效的每页副数 {per_page!r}：应为 {choices} 之一")
    zh = is_zh(lang)
    views = [_board_view(b, lang) for b in boards]
    pages = [views[i : i + per_page] for i in range(0, len(views), per_page)]
    columns = 1 if per_page <= 2 else 2
    return render_template(
        "handrecord.html",
        html_lang="zh-CN" if zh else "en",
        title=title or ("牌例记录" if zh else "Hand record"),
        subtitle=subtitle or "",
        pages=pages,
        columns=columns,
        rows=-(-per_page // columns),
        font_pt=PER_PAGE[per_page],
        tall=per_page in TALL,
        strains=strain_heads(lang),
        labels={
            "dd": "双明手墩数" if zh else "Double-dummy tricks",
            "par": "最优定约" if zh else "Par",
            "page": "页" if zh else "Page",
        },
    )
