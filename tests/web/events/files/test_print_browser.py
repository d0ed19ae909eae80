"""The printed pages in a real browser (Debian's Chromium through Playwright), in English
and in Chinese: screenshots at 1280 px on screen and with print media, a PDF of the table
cards counted page by page (one card to a sheet), and every QR code on the screen read back
by a real decoder as the address printed beside it.  Screenshots go to artefacts/web/."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Browser, Page

from tests import chromium
from tests.sizes import SHOTS

from ... import servers
from ...test_browser import ARTEFACTS, browser
from .helpers import PBN

__all__ = ["browser"]  # the Chromium fixture of the site's browser tests, shared
pytestmark = pytest.mark.browser
# A session for the demo club, made in the server's own database (the demo has none yet).
MAKE_EVENT = """
import datetime, django
django.setup()
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from bridgescore.web.events import services as sv
from bridgescore.web.events.models.session import Event
from bridgescore.web.events import entries as ev_entries
actor = sv.Actor(User.objects.get(username="director"))
e = sv.create_event(Club.objects.get(slug="demo"), actor, name_en="Tuesday pairs",
                    name_zh="周二双人赛", date=datetime.date(2026, 12, 1), movement="mitchell",
                    tables=3, boards_per_round=2)
sv.set_status(e, actor, Event.Status.RUNNING)
ev_entries.enter(e, actor, round=1, table=1, fields={"board": 1, "contract": "4S", "declarer": "N",
                                                     "result": "=", "lead": "HK"})
print(e.pk)
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[servers.Server, int]]:
    chromium.require()
    server, env, _data = servers.demo_site(tmp_path_factory, "files-site")
    made = subprocess.run([sys.executable, "-c", MAKE_EVENT], env=env, capture_output=True,
                          text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    yield server, int(made.stdout.split()[-1])
    server.stop()


def director_page(browser: Browser, url: str, locale: str) -> tuple[Page, list[str]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"{page.url}: {m.text}") if m.type == "error"
            else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400
            else None)
    page.goto(url + "/account/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("demo-director")
    page.locator("main form button[type=submit]").click()
    page.wait_for_load_state()
    return page, errors


def shot(page: Page, name: str) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    if SHOTS:
        page.screenshot(path=str(ARTEFACTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_printed_pages(site: tuple[servers.Server, int], browser: Browser, locale: str,
                       tmp_path: Path) -> None:
    server, event = site
    lang = "zh" if locale.startswith("zh") else "en"
    page, errors = director_page(browser, server.url, locale)
    base = f"{server.url}/events/{event}"

    # The board set, uploaded through the form (GB18030 in Chinese, UTF-16 in English).
    page.goto(base + "/director/boards")
    upload = tmp_path / f"boards-{lang}.pbn"
    upload.write_bytes(PBN.encode("gb18030" if lang == "zh" else "utf-16"))
    page.locator("input[type=file]").set_input_files(str(upload))
    page.locator("form.upload button[type=submit]").click()
    page.wait_for_load_state()
    assert ("共 2 副" if lang == "zh" else "2 boards") in page.locator("main").inner_text()
    shot(page, f"files-boards-1280-{lang}")
    # A malformed file: the form names its line.
    upload.write_bytes(PBN.replace(".432 T98", ".432 T9Z", 1).encode())
    page.locator("input[type=file]").set_input_files(str(upload))
    page.locator("form.upload button[type=submit]").click()
    page.wait_for_load_state()
    assert f"boards-{lang}.pbn:5" in page.locator(".errorlist").inner_text()
    shot(page, f"files-boards-error-1280-{lang}")

    page.goto(base + "/print/tables")
    cards = page.locator("section.table-card")
    assert cards.count() == 3
    for i in range(3):
        card = cards.nth(i)
        url = card.locator(".url a").inner_text().strip()
        assert re.fullmatch(re.escape(server.url) + r"/t/[A-Za-z0-9_-]{16}/", url)
        png = card.locator("svg.qr").screenshot()
        found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
        assert [f.text for f in found] == [url]
    shot(page, f"files-table-cards-1280-{lang}")
    page.emulate_media(media="print")
    assert page.locator("header.site").is_hidden() and page.locator(".renew").first.is_hidden()
    shot(page, f"files-table-cards-print-{lang}")
    pdf = page.pdf(format="A4", print_background=True)
    (ARTEFACTS / f"files-table-cards-{lang}.pdf").write_bytes(pdf)
    # One card to a sheet: three tables, three A4 pages.
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 3
    page.emulate_media(media="screen")

    page.goto(base + "/print/movement")
    assert page.locator("section.pair-card").count() == 6
    shot(page, f"files-movement-1280-{lang}")
    page.emulate_media(media="print")
    shot(page, f"files-movement-print-{lang}")
    page.emulate_media(media="screen")

    # The double-dummy tables are worked out in the background after the upload.
    deadline = time.monotonic() + 90
    while True:
        page.goto(base + "/print/hands")
        text = page.locator("body").inner_text()
        # (The double-dummy table's heading is in the markup, not in the visible text.)
        if ("双明手墩数" if lang == "zh" else "Double-dummy tricks") in page.content() \
                or time.monotonic() > deadline:
            break
        page.wait_for_timeout(500)
    assert ("双明手墩数" if lang == "zh" else "Double-dummy tricks") in page.content(), \
        server.log.read_text()[-3000:]
    assert ("第1副" if lang == "zh" else "Board 1") in text
    shot(page, f"files-hands-1280-{lang}")
    page.emulate_media(media="print")
    shot(page, f"files-hands-print-{lang}")
    page.emulate_media(media="screen")

    page.goto(base + "/director/import")
    shot(page, f"files-import-1280-{lang}")
    with page.expect_download() as got:
        page.locator("a[href$='/export/csv']").click()
    assert got.value.suggested_filename == f"demo-2026-12-01-{event}.csv"
    assert not errors, errors


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_director_pages_fit_a_phone(site: tuple[servers.Server, int], browser: Browser,
                                        locale: str) -> None:
    server, event = site
    lang = "zh" if locale.startswith("zh") else "en"
    page, errors = director_page(browser, server.url, locale)
    page.set_viewport_size({"width": 360, "height": 800})
    for name, path in (("table-cards", "print/tables"), ("movement", "print/movement"),
                       ("hands", "print/hands"), ("boards", "director/boards"),
                       ("import", "director/import")):
        page.goto(f"{server.url}/events/{event}/{path}")
        shot(page, f"files-{name}-360-{lang}")
        width = page.evaluate("document.documentElement.scrollWidth")
        wide = page.evaluate("""[...document.querySelectorAll('main *')]
            .filter(e => e.getBoundingClientRect().right > 361 && !e.closest('.scroll'))
            .map(e => e.tagName + '.' + e.className).slice(0, 5).join(' ')""")
        assert width <= 360, f"{name}: {width} px wide in a 360-px window ({wide})"
    assert not errors, errors
