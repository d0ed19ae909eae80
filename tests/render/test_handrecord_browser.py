"""The hand record laid out by a real browser (Debian's Chromium through Playwright), in
English and Chinese, at every number of boards to a page: on a phone (360 px), on a desktop
(1280 px) and as printed (the A4 sheet's width inside its margins, print media).

In every board no two parts (the number and conditions, each hand, the compass, par, the
double-dummy table) may overlap, measured on the text itself (a range's rectangles), not on
the boxes, whose text may run out of them; nothing may run out of the board; the page may be
no wider than the window.  (At four boards a page the Chinese 局况 line ran into North's ♦
row and the double-dummy table into South's hand; the 210-mm sheet scrolled on a phone.)
Printed to PDF, every page holds its whole number of boards.  Screenshots are kept in
artefacts/handrecord/ (git-ignored).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from bridgescore.core.deal import Deal
from bridgescore.deals.dd import DDSolver, par
from bridgescore.deals.dealing import deal_boards
from bridgescore.deals.handrecord import HandRecordBoard
from bridgescore.formats import pbn
from bridgescore.render.gamerecord import render_records_html
from bridgescore.render.handrecord import PER_PAGE, render_handrecord
from bridgescore.render.pdf import write_pdf
from tests import chromium
from tests.chromium import ARGS, CHROMIUM
from tests.sizes import SHOTS

pytestmark = pytest.mark.browser
ARTEFACTS = Path(__file__).resolve().parents[2] / "artefacts" / "handrecord"
DATA = Path(__file__).parents[1] / "data"
# (media, window width): a phone, a desktop, and the printed sheet: A4's 210 mm less the
# page's 11-mm margins each side (188 mm at 96 px to the inch).
VIEWS = (("screen", 360), ("screen", 1280), ("print", 710))

# The parts of a diagram and how they are measured: text by its own rectangles (a text that
# runs out of its box still counts where it is drawn), the table and the compass as boxes.
OVERLAPS = """() => {
  const parts = ".info, .hand, .par, table.dd, .compass";
  const rects = (part) => {
    if (part.matches("table.dd, .compass")) return [part.getBoundingClientRect()];
    const found = [];
    const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) found.push(r);
    }
    return found;
  };
  // A pixel's grace: neighbouring lines may touch.
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
                         && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const inside = (r, f) => r.left >= f.left - 0.5 && r.right <= f.right + 0.5
                           && r.top >= f.top - 0.5 && r.bottom <= f.bottom + 0.5;
  const problems = [];
  document.querySelectorAll(".board").forEach((board) => {
    const number = board.querySelector(".boardno").textContent;
    const frame = board.getBoundingClientRect();
    const measured = [...board.querySelectorAll(parts)].map((p) => [p.className, rects(p)]);
    measured.forEach(([name, rs], i) => {
      if (rs.some((r) => !inside(r, frame))) problems.push(`${number}: ${name} runs out of the board`);
      for (const [other, os] of measured.slice(i + 1)) {
        if (rs.some((r) => os.some((o) => meet(r, o)))) problems.push(`${number}: ${name} overlaps ${other}`);
      }
    });
  });
  const wide = document.documentElement.scrollWidth;
  if (wide > window.innerWidth) problems.push(`the page is ${wide} px wide in a ${window.innerWidth}-px window`);
  return problems;
}"""

# Deals that stretch the layout: a 13-card suit in each hand (lines that wrap, void suits),
# and a hand with every ten-card long suit beside a one-card one.
LONG_SUITS = ("N:AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432 .AKQJT98765432..",
              "N:AKQJT9876.5432.. 5432..AKQJT9876. ..5432.AKQJT9876 .AKQJT9876..5432")


@pytest.fixture(scope="module")
def boards() -> list[HandRecordBoard]:
    dealt = [HandRecordBoard.from_dealt(b) for b in deal_boards(16, seed="layout")]
    # Three-digit numbers are the widest headings.
    dealt += [HandRecordBoard.of(126 + i, Deal.from_pbn(text)) for i, text in enumerate(LONG_SUITS)]
    solver = DDSolver(None)
    tables = solver.tables([b.deal for b in dealt])
    return [replace(b, dd=t, par=par(t, b.vulnerability, b.dealer))
            for b, t in zip(dealt, tables, strict=True)]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    chromium.require()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.mark.parametrize("per_page", sorted(PER_PAGE))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_part_of_a_board_overlaps_another(boards: list[HandRecordBoard], browser: Browser,
                                             lang: str, per_page: int, tmp_path: Path) -> None:
    page_file = tmp_path / "hr.html"
    page_file.write_text(render_handrecord(boards, lang, per_page=per_page, subtitle="2026-12-01"),
                         encoding="utf-8")
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    problems: dict[str, list[str]] = {}
    for media, width in VIEWS:
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        page.emulate_media(media=media)  # type: ignore[arg-type]
        page.goto(page_file.as_uri())
        name = f"{lang}-{per_page}-{media}-{width}"
        if SHOTS:
            page.screenshot(path=str(ARTEFACTS / f"{name}.png"))
        found = page.evaluate(OVERLAPS)
        if found:
            problems[name] = found
        context.close()
    assert not problems, problems


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_printed_page_holds_its_boards(boards: list[HandRecordBoard], browser: Browser,
                                             lang: str) -> None:
    # The dealt boards only: a 13-card suit in every hand is allowed a taller board.
    dealt = boards[:16]
    for per_page in sorted(PER_PAGE):
        page = browser.new_page()
        page.set_content(render_handrecord(dealt, lang, per_page=per_page))
        pdf = page.pdf(prefer_css_page_size=True)
        page.close()
        sheets = len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))
        assert sheets == -(-len(dealt) // per_page), (lang, per_page)


def test_four_to_a_page_through_weasyprint(boards: list[HandRecordBoard], tmp_path: Path) -> None:
    # The tall layout of four to a page, printed as `bridgescore handrecord --pdf` prints it
    # (in Chinese, the wider text).
    html = render_handrecord(boards[:16], "zh", per_page=4)
    assert write_pdf(html, tmp_path / "hr.pdf") == 4


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_game_records_diagram_has_no_overlap(browser: Browser, lang: str,
                                                 tmp_path: Path) -> None:
    # The same diagram in a game record, whose conditions are long words ("Vulnerability:
    # NS vulnerable" ran into North's ♦ row).  Its summary table is still wider than a
    # phone (docs/developing.md), so the page's width is not checked here.
    records = pbn.read_records(DATA / "seed_game.pbn", strict=True)[0]
    page_file = tmp_path / "game.html"
    page_file.write_text(render_records_html(records, lang), encoding="utf-8")
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    for media, width in VIEWS[1:]:
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        page.emulate_media(media=media)  # type: ignore[arg-type]
        page.goto(page_file.as_uri())
        if SHOTS:
            page.screenshot(path=str(ARTEFACTS / f"game-{lang}-{media}-{width}.png"))
        found = [p for p in page.evaluate(OVERLAPS) if "px wide" not in p]
        context.close()
        assert not found, (media, width, found)
