"""An online competition's VP team match followed on the vugraph in a real browser (Debian's
Chromium driven by Playwright), on a real server whose robots play it: a member follows both
rooms live from the vugraph's list, the comparison fills in board by board without a reload,
the final result comes; once over, the rooms are shown from the record (a board picked from
the list), to an anonymous visitor too (the competition is open to all).  Screenshots at 360
and 1280 px in both languages go to artefacts/web/ (git-ignored).

The server's robots are quick here (``BRIDGESCORE_PLAY_ROBOT_SECONDS``) but not instant, so that
the match is still being played while the pages are opened: its eight boards take about fifteen
seconds."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests import chromium
from tests.chromium import ARGS, CHROMIUM
from tests.sizes import SHOTS

from . import servers
from .test_browser import ARTEFACTS

pytestmark = pytest.mark.browser
LIVE = re.compile("^(live|finished)$")
NAME = "Robots online: Lions v Tigers"
BOARDS = 8  # the shortest VP match

SETUP = """
import json, django
django.setup()
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.kinds import robot_id
from bridgescore.web.compete.models.competition import CompetitionTable
club = Club.objects.get(slug="demo")
director = User.objects.get(username="director")
robots = [robot_id(f"r{i}") for i in range(8)]
c = sv.create_competition(club, director, kind="teams", name_en="Robots online: Lions v Tigers",
                          name_zh="机器人网上对抗：狮队对虎队", members_only=False, settings={
    "home": {"id": "home", "name_en": "Lions", "name_zh": "狮队", "players": robots[:4]},
    "away": {"id": "away", "name_en": "Tigers", "name_zh": "虎队", "players": robots[4:]},
    "boards": %(boards)d, "deal_seed": "vugraph-browser"})
sv.act(c, {"type": "start"}, director)
tables = [t.play_table_id for t in CompetitionTable.objects.filter(competition=c)
          .order_by("number")]
print(json.dumps({"pk": c.pk, "tables": tables}))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[servers.Server, dict[str, Any]]]:
    chromium.require()
    server, env, _ = servers.demo_site(tmp_path_factory, "vugraph-online",
                                       BRIDGESCORE_PLAY_ROBOT_SECONDS="0.02",
                                       BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS="0.3",
                                       BRIDGESCORE_PLAY_ROBOT_SOLVER="simple")
    result = subprocess.run([sys.executable, "-c", SETUP % {"boards": BOARDS}], env=env, capture_output=True,
                            text=True, timeout=120, cwd=servers.REPO)
    assert result.returncode == 0, result.stderr
    match = json.loads(result.stdout.strip().splitlines()[-1])
    yield server, match
    server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def visitor(browser: Browser, width: int, locale: str) -> tuple[Page, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": 900}, locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def member(browser: Browser, url: str, width: int, locale: str) -> tuple[Page, list[str]]:
    page, errors = visitor(browser, width, locale)
    page.goto(url + "/account/login/")
    page.locator("#id_username").fill("wangwei")  # a member of the demo club
    page.locator("#id_password").fill("demo-member")
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_url("**/account/")
    return page, errors


def shot(page: Page, name: str) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    if SHOTS:
        page.screenshot(path=str(ARTEFACTS / f"vugraph-online-{name}.png"), full_page=True)
    width = page.viewport_size["width"] if page.viewport_size else 0
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{name}: the page is {scroll} px wide in a {width}-px window"


def no_errors(errors: list[str]) -> None:
    assert [e for e in errors if "WebSocket" not in e] == [], errors


def test_following_an_online_match(site: tuple[servers.Server, dict[str, Any]], browser: Browser) -> None:
    server, match = site
    path = f"/vugraph/online/{match['pk']}/"
    page, errors = member(browser, server.url, 1280, "en-US")
    page.goto(server.url + "/vugraph/")
    page.get_by_role("link", name=NAME).click()
    page.wait_for_url("**" + path)
    rooms = page.locator("section.vg-room")
    expect(rooms).to_have_count(2)
    for i in range(2):
        expect(rooms.nth(i)).to_have_attribute("data-state", LIVE, timeout=20_000)
    live = page.locator("[data-table-socket]").count() == 2
    if live:
        # The play goes on in both rooms.
        first = [int(rooms.nth(i).get_attribute("data-moves") or 0) for i in range(2)]
        for i in range(2):
            page.wait_for_function(
                "([el, n]) => parseInt(el.getAttribute('data-moves') || '0', 10) > n "
                "|| el.getAttribute('data-state') === 'finished'",
                arg=[rooms.nth(i).element_handle(), first[i]], timeout=60_000)
        shot(page, "en-1280-live")
    # Both rooms finish board 1: the comparison fills in without reloading the page.
    page.locator("table.match tbody tr").first.wait_for(timeout=180_000)
    expect(page.locator("table.match tbody tr").first).to_contain_text("Board 1")
    shot(page, "en-1280-compared")
    no_errors(errors)

    for width, locale in ((360, "en-US"), (1280, "zh-CN"), (360, "zh-CN")):
        lang = "zh" if locale.startswith("zh") else "en"
        p, errs = member(browser, server.url, width, locale)
        p.goto(server.url + path)
        r = p.locator("section.vg-room")
        for i in range(2):
            expect(r.nth(i)).to_have_attribute("data-state", LIVE, timeout=20_000)
        expect(r.first.locator(".vg-head")).to_contain_text("第" if lang == "zh" else "Board")
        expect(p.locator("table.match tbody tr").first).to_be_visible()
        if lang == "zh":
            expect(p.locator("section.vg-room h2").first).to_have_text("开室")
        shot(p, f"{lang}-{width}-compared")
        no_errors(errs)
        p.context.close()

    # An anonymous visitor while it is played: the comparison, and an invitation to log in.
    anon, errs = visitor(browser, 360, "en-US")
    anon.goto(server.url + path)
    if anon.locator("[data-record]").count() == 0:
        expect(anon.locator("p.notice").first).to_contain_text("signed-in users")
        expect(anon.locator("[data-table-socket]")).to_have_count(0)
        shot(anon, "anonymous-en-360-live")
    no_errors(errs)

    # The final result arrives on the member's page as it is (no reload).
    expect(page.locator("p.total.final")).to_be_visible(timeout=400_000)
    expect(page.locator("p.total.final")).to_contain_text("Final result")
    shot(page, "en-1280-final")
    no_errors(errors)
    page.context.close()

    # Over: each room from the record, a board picked from its list; anonymous too.
    for width, locale, signed in ((1280, "en-US", True), (360, "en-US", False),
                                  (1280, "zh-CN", False), (360, "zh-CN", True)):
        lang = "zh" if locale.startswith("zh") else "en"
        p, errs = (member(browser, server.url, width, locale) if signed
                   else visitor(browser, width, locale))
        p.goto(server.url + path)
        r = p.locator("section.vg-room[data-record]")
        expect(r).to_have_count(2)
        expect(p.locator("[data-table-socket]")).to_have_count(0)
        picker = r.first.locator("select.vg-picker")
        expect(picker.locator("option")).to_have_count(BOARDS)
        expect(r.first.locator(".vg-head")).to_contain_text(f"第{BOARDS}副" if lang == "zh" else f"Board {BOARDS}")
        picker.select_option("2")
        expect(r.first.locator(".vg-head")).to_contain_text("第3副" if lang == "zh" else "Board 3")
        expect(r.first.locator(".vg-hand .suits")).to_have_count(4)
        expect(p.locator("p.total.final")).to_contain_text("最终结果" if lang == "zh"
                                                          else "Final result")
        shot(p, f"{lang}-{width}-finished{'' if signed else '-anonymous'}")
        no_errors(errs)
        p.context.close()
