"""Hand records and printed game records: the HTML pages in both languages (well formed, a
whole number of boards to each A4 page, hands, compass HCP, DD table and par), and PDF."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from htmlcheck import check_html

from bridgescore.core.contract import Contract
from bridgescore.core.errors import BridgeError
from bridgescore.core.seat import Seat
from bridgescore.deals.dd import DDTable, ParContract, ParResult
from bridgescore.deals.dealing import deal_boards
from bridgescore.deals.handrecord import HandRecordBoard
from bridgescore.formats import pbn
from bridgescore.render.gamerecord import render_records_html
from bridgescore.render.handrecord import render_handrecord
from bridgescore.render.pdf import MissingPdfError, write_pdf

DATA = Path(__file__).parents[1] / "data"
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _boards(n: int) -> list[HandRecordBoard]:
    return [HandRecordBoard.from_dealt(b) for b in deal_boards(n, seed="hr")]


@pytest.mark.parametrize(("n", "per_page", "pages"), [(16, 6, 3), (16, 8, 2), (5, 4, 2), (3, 1, 3), (1, 6, 1)])
def test_boards_fill_whole_pages(n: int, per_page: int, pages: int) -> None:
    html = render_handrecord(_boards(n), per_page=per_page)
    check_html(html)
    chunks = html.split('<div class="page">')[1:]
    assert len(chunks) == pages
    counts = [c.count('<section class="board">') for c in chunks]
    assert sum(counts) == n and all(c == per_page for c in counts[:-1])
    assert f"Page {pages}/{pages}" in chunks[-1]
    # every board is one unsplittable box, every page ends with a page break but the last
    assert re.search(r"\.board \{[^}]*break-inside: avoid", html)
    assert ".page { break-after: page" in html and ".page:last-child { break-after: auto" in html


def test_invalid_boards_per_page() -> None:
    with pytest.raises(BridgeError) as info:
        render_handrecord(_boards(1), per_page=5)
    assert "1, 2, 4, 6, 8" in str(info.value) and "每页副数" in info.value.message("zh")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_hands_compass_and_words(lang: str) -> None:
    boards = _boards(4)
    html = render_handrecord(boards, lang=lang)
    check_html(html)
    words = {"en": ["Board 1", "Dealer: North", "Vul: None", "Board 4", "Dealer: West", "Vul: Both",
                    "<title>Hand record</title>"],
             "zh": ["第1副", "发牌：北", "局况：双方无局", "第4副", "发牌：西", "局况：双方有局",
                    "<title>牌例记录</title>", 'lang="zh-CN"']}[lang]
    for w in words:
        assert w in html
    sections = html.split('<section class="board">')[1:]
    for b, section in zip(boards, sections, strict=True):
        # the four hands, spades first, in the compass places
        for seat in Seat:
            block = section.split(f'class="hand {seat.name.lower()}"')[1].split("</div>\n</div>")[0]
            lines = re.findall(r'<span class="suit[^"]*">(.)</span>([^<]*)', block)
            assert [sym for sym, _ in lines] == ["♠", "♥", "♦", "♣"]
            assert [r.replace(" ", "").replace("10", "T").replace("—", "") for _, r in lines] == \
                b.deal[seat].pbn().split(".")
        # the compass shows each seat's HCP, counted here from the hand
        compass = section.split('class="compass"')[1].split("</div>")[0]
        shown = [int(x) for x in re.findall(r"<b>(\d+)</b>", compass)]
        assert shown == [sum(HCP.get(ch, 0) for ch in b.deal[s].pbn())
                         for s in (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH)]
        assert 'class="dealer"' in compass
    # hearts and diamonds red, spades and clubs not
    assert '<span class="suit red">♥</span>' in html and '<span class="suit red">♦</span>' in html
    assert '<span class="suit red">♠</span>' not in html and '<span class="suit red">♣</span>' not in html


@pytest.mark.parametrize(("lang", "par_lines", "dd_head"), [
    ("en", ["NS +800", "6♥X-4 by EW"], ["NT", "♠", "♥", "♦", "♣"]),
    ("zh", ["南北 +800", "东西打6♥×宕4"], ["无将", "♠", "♥", "♦", "♣"]),
])
def test_double_dummy_table_and_par(lang: str, par_lines: list[str], dd_head: list[str]) -> None:
    b = _boards(1)[0]
    # a made-up table: the cells must come out where the table puts them
    tricks = tuple(tuple(10 * s + p for p in range(4)) for s in range(5))
    dd = DDTable(tricks)  # type: ignore[arg-type]
    par = ParResult(800, (ParContract(Contract.parse("6HX"), (Seat.EAST, Seat.WEST), -4),))
    html = render_handrecord([HandRecordBoard(1, b.deal, b.dealer, b.vulnerability, dd, par)], lang=lang)
    page = check_html(html)
    table = html.split('<table class="dd"')[1].split("</table>")[0]
    heads = re.findall(r"<th>(?:<span[^>]*>)?([^<]*)", table.split("</thead>")[0])
    assert heads[1:] == dd_head
    rows = re.findall(r"<tr><th>([^<]*)</th>((?:<td>\d+</td>)+)</tr>", table)
    seats = ["北", "南", "东", "西"] if lang == "zh" else ["N", "S", "E", "W"]
    assert [r[0] for r in rows] == seats
    # rows N S E W, columns NT S H D C: tricks[strain][seat] = 10 * strain + seat
    for (_, cells), seat in zip(rows, (0, 2, 1, 3), strict=True):
        assert [int(x) for x in re.findall(r"\d+", cells)] == [40 + seat, 30 + seat, 20 + seat, 10 + seat, seat]
    par_block = html.split('<div class="par">')[1].split("</div>\n")[0]
    assert re.findall(r"<div>([^<]*)</div>", par_block) == par_lines
    assert page.title


def test_board_json() -> None:
    b = _boards(2)[1]
    data = b.to_dict()
    assert (data["board"], data["dealer"], data["vulnerable"]) == (2, "E", "NS")
    assert data["deal"].startswith("E:") and "tricks" not in data and "par" not in data
    assert data["hands"]["N"] == b.deal[Seat.NORTH].pbn()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_game_record_page(lang: str) -> None:
    rec = pbn.read_records(DATA / "seed_game.pbn", strict=True)[0][0]
    html = render_records_html([rec], lang)
    page = check_html(html)
    zh = lang == "zh"
    # the seed's summary row: date, the players E S W N, declarer, contract, result, NS score
    summary = html.split('<table class="summary">')[1].split("</table>")[0]
    cells = re.findall(r"<td>([^<]*)</td>", summary)
    assert cells == ["2009.06.08", "tomchangsheng", "xxxyyy609", "xiaojianghu1994", "ftjz",
                     "北" if zh else "North", "2♠×" if zh else "2♠X", "-4", "-1100"]
    auction = html.split('<table class="auction">')[1].split("</table>")[0]
    assert re.findall(r"<th>([^<]*)</th>", auction) == (["东", "南", "西", "北"] if zh
                                                        else ["East", "South", "West", "North"])
    play = html.split('<table class="play">')[1].split("</table>")[0]
    rows = play.split("<tbody>")[1].split("</tr>")[:-1]
    assert len(rows) == 13
    # trick 1: ♣5 (East, the opening lead) ♠2 (South's ruff wins) ♣3 ♣4; trick 13 won by ♦A
    first = re.findall(r'<td class="([^"]*)">([^<]*)</td>', rows[0])
    assert [(c.strip(), t) for c, t in first if t and c != "n"] == [
        ("", "♣5"), ("won", "♠2"), ("", "♣3"), ("", "♣4")]
    won = [t for row in rows for c, t in re.findall(r'<td class="([^"]*)">([^<]*)</td>', row) if "won" in c]
    assert len(won) == 13 and won[0] == "♠2" and won[-1] == "♦A"
    assert ("北打2♠×" if zh else "2♠X by North") in html
    assert ("4 墩，宕4" if zh else "4 tricks, down 4") in html
    assert page.title == ("牌局记录" if zh else "Game record")
    assert check_html(render_records_html([rec], lang, title="Online game")).title == "Online game"


def test_pdf_is_printed_with_weasyprint(tmp_path: Path) -> None:
    html = render_handrecord(_boards(16), lang="zh", per_page=6)
    out = tmp_path / "hr.pdf"
    pages = write_pdf(html, out)
    assert out.read_bytes().startswith(b"%PDF-")
    # 16 boards at 6 to a page: three A4 pages, none split (a split board would add a page)
    assert pages == 3


def test_pdf_without_weasyprint_is_a_bridge_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # import fails
    with pytest.raises(MissingPdfError) as info:
        write_pdf("<!DOCTYPE html><html></html>", tmp_path / "x.pdf")
    assert "bridgescore[pdf]" in str(info.value) and "需要 WeasyPrint" in info.value.message("zh")
    assert not (tmp_path / "x.pdf").exists()
