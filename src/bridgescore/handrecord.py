"""Printable hand records: each board with its four hands round a compass, dealer,
vulnerability, HCP, and (when asked) the double-dummy table and par.  HTML with an A4 print
stylesheet, in English or Chinese, a whole number of boards to a page; PDF through WeasyPrint
when it is installed (``pip install 'bridgescore[pdf]'``).

>>> from bridgescore.dealing import deal_boards
>>> html = render_handrecord([HandRecordBoard.from_dealt(b) for b in deal_boards(2, seed=1)], lang="zh")
>>> "第1副" in html and "发牌：北" in html and "@page" in html and "size: A4" in html
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .board import Board
from .cards import SUITS_HIGH_FIRST
from .dd import DDTable, ParResult
from .deal import Deal
from .dealing import DealtBoard
from .errors import BridgeError
from .seat import Seat
from .strain import Strain
from .vulnerability import Vulnerability

__all__ = ["PER_PAGE", "HandRecordBoard", "diagram_view", "render_handrecord", "write_pdf"]

# Boards to an A4 page and the type size that makes them fit (checked by printing to PDF).
PER_PAGE: Mapping[int, float] = MappingProxyType({1: 18.0, 2: 15.0, 4: 12.5, 6: 10.5, 8: 9.0})
# The double-dummy table reads like the ones printed on hand records: notrump first.
DD_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
DD_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)


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
        """A board whose dealer and vulnerability, when not given, follow its number (Law 2)."""
        board = Board(number)
        return cls(number, deal, dealer or board.dealer, vulnerability or board.vulnerability)

    def to_dict(self) -> dict[str, Any]:
        """The board as JSON data: hands by seat letter, with HCP; tricks and par if solved."""
        out: dict[str, Any] = {
            "board": self.number, "dealer": self.dealer.letter, "vulnerable": str(self.vulnerability),
            "deal": self.deal.pbn(self.dealer),
            "hands": {s.letter: self.deal[s].pbn() for s in Seat},
            "hcp": {s.letter: self.deal[s].hcp for s in Seat},
        }
        if self.dd is not None:
            out["tricks"] = self.dd.to_dict()
        if self.par is not None:
            out["par"] = self.par.to_dict()
        return out


def _suit_rows(deal: Deal, seat: Seat) -> list[dict[str, Any]]:
    hand = deal[seat]
    return [{"symbol": s.symbol, "red": s.value in (1, 2),
             "ranks": " ".join(r.display for r in hand.ranks(s)) or "—"} for s in SUITS_HIGH_FIRST]


def diagram_view(deal: Deal, lang: str, dealer: Seat | None = None) -> dict[str, Any]:
    """The four hands and the compass of a hand diagram (shared by hand records and game
    records): each seat's suits, spades first, and its HCP at its side of the compass."""
    hands = {}
    for seat in Seat:
        hand = deal[seat]
        hands[seat.name.lower()] = {
            "suits": _suit_rows(deal, seat),
            "label": seat.name_in(lang) if lang == "zh" else seat.letter,
            "hcp": hand.hcp if len(hand) == 13 else None,
            "dealer": seat is dealer,
        }
    return {"hands": hands}


def _par_lines(par: ParResult, lang: str) -> list[str]:
    zh = lang == "zh"
    score = f"{par.score:+d}" if par.score else "0"
    head = f"南北 {score}" if zh else f"NS {score}"
    contracts = [c.format(lang, symbols=True) for c in par.contracts] or [
        "四家不叫" if zh else "passed out"]
    return [head, *contracts]


def _board_view(b: HandRecordBoard, lang: str) -> dict[str, Any]:
    zh = lang == "zh"
    view = diagram_view(b.deal, lang, b.dealer)
    view["heading"] = f"第{b.number}副" if zh else f"Board {b.number}"
    view["info"] = (
        [f"发牌：{b.dealer.name_in('zh')}", f"局况：{b.vulnerability.describe('zh')}"] if zh
        else [f"Dealer: {b.dealer.name_in('en')}", f"Vul: {_vul_en(b.vulnerability)}"])
    view["vul_ns"] = b.vulnerability.is_vulnerable(Seat.NORTH)
    view["vul_ew"] = b.vulnerability.is_vulnerable(Seat.EAST)
    if b.dd is not None:
        table = b.dd
        view["dd"] = [{"seat": s.name_in(lang) if zh else s.letter,
                       "tricks": [table[strain, s] for strain in DD_STRAINS]} for s in DD_SEATS]
    view["par"] = _par_lines(b.par, lang) if b.par is not None else None
    return view


def _vul_en(v: Vulnerability) -> str:
    return ("None", "N-S", "E-W", "Both")[v.value]


def strain_heads(lang: str) -> list[dict[str, Any]]:
    return [{"symbol": ("无将" if lang == "zh" else "NT") if s is Strain.NOTRUMP else s.symbol,
             "red": s in (Strain.HEARTS, Strain.DIAMONDS)} for s in DD_STRAINS]


def template_env() -> Any:
    """The Jinja environment of the package's templates (Jinja is imported only here)."""
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader("bridgescore", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True, lstrip_blocks=True,
    )


def render_handrecord(
    boards: Sequence[HandRecordBoard], lang: str = "en", title: str | None = None,
    per_page: int = 6, subtitle: str | None = None,
) -> str:
    """The hand record as one HTML page: ``per_page`` boards (1, 2, 4, 6 or 8) to each A4
    sheet, never a board split across two."""
    if per_page not in PER_PAGE:
        choices = ", ".join(map(str, PER_PAGE))
        raise BridgeError(f"invalid boards per page {per_page!r}: expected one of {choices}",
                          f"无效的每页副数 {per_page!r}：应为 {choices} 之一")
    zh = lang == "zh"
    views = [_board_view(b, lang) for b in boards]
    pages = [views[i : i + per_page] for i in range(0, len(views), per_page)]
    columns = 1 if per_page <= 2 else 2
    return str(template_env().get_template("handrecord.html").render(
        html_lang="zh-CN" if zh else "en",
        title=title or ("牌例记录" if zh else "Hand record"),
        subtitle=subtitle or "",
        pages=pages,
        columns=columns,
        rows=-(-per_page // columns),
        font_pt=PER_PAGE[per_page],
        strains=strain_heads(lang),
        labels={
            "dd": "双明手墩数" if zh else "Double-dummy tricks",
            "par": "最优定约" if zh else "Par",
            "page": "页" if zh else "Page",
        },
    ))


class MissingPdfError(BridgeError):
    """WeasyPrint (the optional PDF renderer) is not installed or cannot load its libraries."""


def write_pdf(html: str, path: str | Path) -> int:
    """Print an HTML page (a hand record or a game record) to a PDF file with WeasyPrint;
    returns the number of pages.

    WeasyPrint lays out the same print stylesheet the browsers use; it needs the Pango
    library of the system and, for Chinese, a CJK font such as Noto Sans CJK."""
    import importlib

    try:
        # imported by name: an optional dependency without type information
        weasyprint = importlib.import_module("weasyprint")
    except (ImportError, OSError) as e:
        raise MissingPdfError(
            f"PDF output needs WeasyPrint and the Pango library: pip install 'bridgescore[pdf]' ({e})",
            f"PDF 输出需要 WeasyPrint 和 Pango 库：pip install 'bridgescore[pdf]'（{e}）",
        ) from None
    document = weasyprint.HTML(string=html).render()
    document.write_pdf(str(path))
    return len(document.pages)
