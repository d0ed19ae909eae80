"""Printable hand records: each board with its four hands, dealer, vulnerability, HCP, and
(when asked) the double-dummy table and par.  HTML with an A4 print stylesheet, in English
or Chinese.

>>> from bridgescore.dealing import deal_boards
>>> html = render_handrecord([HandRecordBoard.from_dealt(b) for b in deal_boards(2, seed=1)], lang="zh")
>>> "第1副" in html and "发牌" in html and "@page { size: A4" in html
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .board import Board
from .cards import SUITS_HIGH_FIRST
from .dd import DDTable, ParResult
from .deal import Deal
from .dealing import DealtBoard
from .seat import Seat
from .strain import Strain
from .vulnerability import Vulnerability

__all__ = ["HandRecordBoard", "render_handrecord"]


@dataclass(frozen=True, slots=True)
class HandRecordBoard:
    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    dd: DDTable | None = None
    par: ParResult | None = None

    @classmethod
    def from_dealt(cls, b: DealtBoard) -> HandRecordBoard:
        return cls(b.number, b.deal, b.dealer, b.vulnerability)

    @classmethod
    def of(cls, number: int, deal: Deal, dealer: Seat | None = None,
           vulnerability: Vulnerability | None = None) -> HandRecordBoard:
        board = Board(number)
        return cls(number, deal, dealer or board.dealer, vulnerability or board.vulnerability)


def _view(b: HandRecordBoard, lang: str) -> dict[str, Any]:
    zh = lang == "zh"
    hands = []
    for seat, css in ((Seat.NORTH, "north"), (Seat.WEST, "west"), (Seat.EAST, "east"), (Seat.SOUTH, "south")):
        hand = b.deal[seat]
        suits = [
            {"symbol": s.symbol, "red": s.value in (1, 2),
             "ranks": " ".join(r.display for r in hand.ranks(s)) or "—"}
            for s in SUITS_HIGH_FIRST
        ]
        hcp = f"({hand.hcp}{'点' if zh else ' HCP'})" if len(hand) == 13 else ""
        hands.append({"css": css, "name": seat.name_in(lang), "hcp_text": hcp, "suits": suits})
    meta = (f"发牌：{b.dealer.name_in('zh')}　局况：{b.vulnerability.describe('zh')}" if zh
            else f"Dealer: {b.dealer.name_in('en')}   Vulnerability: {b.vulnerability.describe('en')}")
    ns = b.deal[Seat.NORTH].hcp + b.deal[Seat.SOUTH].hcp
    centre = f"南北 {ns} / 东西 {40 - ns}" if zh else f"NS {ns} / EW {40 - ns}"
    dd_rows = []
    strains = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
    if b.dd is not None:
        for seat in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST):
            dd_rows.append({"seat": seat.name_in(lang), "tricks": [b.dd[s, seat] for s in strains]})
    return {
        "heading": f"第{b.number}副" if zh else f"Board {b.number}",
        "meta": meta,
        "hands": hands,
        "centre": centre,
        "dd": dd_rows,
        "dd_strains": [{"symbol": "无将" if (zh and s is Strain.NOTRUMP) else s.symbol,
                        "red": s in (Strain.HEARTS, Strain.DIAMONDS)} for s in strains],
        "par": b.par.format(lang, symbols=True) if b.par is not None else "",
    }


def render_handrecord(
    boards: Sequence[HandRecordBoard], lang: str = "en", title: str | None = None, per_page: int = 6,
) -> str:
    """The hand record as one HTML page (A4 when printed, ``per_page`` boards a page)."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("bridgescore", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
    )
    template = env.get_template("handrecord.html")
    zh = lang == "zh"
    return template.render(
        html_lang="zh-CN" if zh else "en",
        title=title or ("牌例记录" if zh else "Hand record"),
        boards=[_view(b, lang) for b in boards],
        par_label="最优定约" if zh else "Par",
        per_page=per_page,
    )
