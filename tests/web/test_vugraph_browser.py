"""The vugraph in a real browser (Debian's Chromium driven by Playwright): a team match played
online on a real server, followed live in both rooms until the comparison fills in and each
room lists its finished board with its analysis; then a board's game record and its replay.  Screenshots at 390 and 1280 px in both languages go
to artefacts/web/ (git-ignored).

The match is the vugraph demo's (``vugraph.demo.load_vugraph_match``, two boards): its
eight seats are robots, played by the server's own robot driving (``play.live``, the sweep
waking the tables waiting on a robot).  The robots sit only once the rooms are open in the
browser (``FILL``, run by the test): the play they are followed through cannot be over
before the page is open, however slow the machine (they play with no pause here).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests import chromium
from tests.chromium import ARGS, CHROMIUM
from tests.sizes import SHOTS

from . import servers
from .test_browser import ARTEFACTS

pytestmark = pytest.mark.browser
WIDTHS = (390, 1280)
LIVE = re.compile("^(live|finished)$")  # following the room, or its session over

# Run in the server's environment (same database, same secret key): the demo match.
SETUP = """
import json, django
django.setup()
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from bridgescore.web.play.vugraph.demo import load_vugraph_match
from bridgescore.web.events.models.session import Event
from bridgescore.web.play.vugraph.demo import NAME_EN
club = Club.objects.get(slug="demo")
# The demo's own match (played out in the template) steps aside for this one.
Event.objects.filter(club=club, name_en=NAME_EN).update(name_en="Demo match (played)",
                                                        name_zh="演示对抗（已赛完）")
event = load_vugraph_match(club, User.objects.get(username="director"), boards=2, robots=False)
tables = sorted(event.play_tables.all(), key=lambda t: t.room_label != "open")
print(json.dumps({"event": event.pk, "tables": [t.pk for t in tables]}))
"""
# The robots take their seats (the server's sweep then wakes the tables).
FILL = """
import sys, django
django.setup()
from bridgescore.web.accounts.models import User
from bridgescore.web.play import services as play
from bridgescore.web.play.models import PlayTable
director = User.objects.get(username="director")
for pk in sys.argv[1:]:
    play.fill_with_robots(PlayTable.objects.get(pk=int(pk)), director)
"""


@dataclass
class Match:
    event: int
    tables: list[int]  # the open room's, the closed room's

    @property
    def path(self) -> str:
        return f"/vugraph/{self.event}/1/1/"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[tuple[servers.Server, Match, dict[str, str]]]:
    chromium.require()
    server, env, _data = servers.demo_site(tmp_path_factory, "vugraph")
    result = subprocess.run([sys.executable, "-c", SETUP], env=env,
                            capture_output=True, text=True, timeout=120, cwd=servers.REPO)
    assert result.returncode == 0, result.stderr
    match = Match(**json.loads(result.stdout.strip().splitlines()[-1]))
    yield server, match, env
    server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def member_page(browser: Browser, url: str, width: int, locale: str) -> tuple[Page, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": 900}, locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "/account/login/")
    page.locator("#id_username").fill("wangwei")  # a member of the demo club
    page.locator("#id_password").fill("demo-member")
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_url("**/account/")
    return page, errors


def shot(page: Page, name: str) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    if SHOTS:
        page.screenshot(path=str(ARTEFACTS / f"vugraph-{name}.png"), full_page=True)
    width = page.viewport_size["width"] if page.viewport_size else 0
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{name}: the page is {scroll} px wide in a {width}-px window"


def test_following_a_match_live(site: tuple[servers.Server, Match, dict[str, str]],
                                browser: Browser) -> None:
    server, match, env = site
    page, errors = member_page(browser, server.url, 1280, "en-US")
    page.goto(server.url + "/vugraph/")
    shot(page, "list-en-1280")
    page.get_by_role("link", name="Robot teams: Pandas v Cranes (online)").click()
    page.wait_for_url("**" + match.path)
    rooms = page.locator("[data-table-socket]")
    expect(rooms).to_have_count(2)
    # Nobody has sat yet: each room says it waits for its table to start.
    for i in range(2):
        expect(rooms.nth(i)).to_have_attribute("data-state", "waiting", timeout=20_000)
    first = [int(rooms.nth(i).get_attribute("data-moves") or 0) for i in range(2)]
    assert first == [0, 0]
    # The robots take their seats: both rooms go live and their positions move, unreloaded.
    fill = subprocess.run([sys.executable, "-c", FILL, *map(str, match.tables)], env=env,
                          capture_output=True, text=True, timeout=120, cwd=servers.REPO)
    assert fill.returncode == 0, fill.stderr
    for i in range(2):
        expect(rooms.nth(i)).to_have_attribute("data-state", LIVE, timeout=20_000)
    for i in range(2):
        page.wait_for_function(
            "([el, n]) => parseInt(el.getAttribute('data-moves') || '0', 10) > n",
            arg=[rooms.nth(i).element_handle(), first[i]], timeout=60_000)
    # A spectator of these tables is allowed every hand: four hands drawn in each room
    # (until the board's end, when the dealt hands are shown anyway).
    for i in range(2):
        expect(rooms.nth(i).locator(".vg-hand .suits")).to_have_count(4)
    shot(page, "en-1280-live")
    # Both rooms finish board 1: the comparison fills in without reloading the page.
    page.locator("table.match tbody tr").first.wait_for(timeout=180_000)
    expect(page.locator("table.match tbody tr").first).to_contain_text("Board 1")
    shot(page, "en-1280-compared")
    # Under each room, board 1 is listed once its table moves on (unreloaded), with its
    # game record, and its play against double dummy once the server has analysed it
    # ("being analysed" until then; a board passed out has none).
    # Newest first: board 1 at the bottom (the robots may have played board 2 by now).
    for i in range(2):
        done = rooms.nth(i).locator(".vg-done-board")
        expect(done.last).to_have_attribute("data-board", "1", timeout=60_000)
        expect(done.last.locator("a.record-link")).to_have_text("Game record")
        expect(done.locator(".vg-analysing")).to_have_count(0, timeout=120_000)
    shot(page, "en-1280-finished-boards")
    assert [e for e in errors if "WebSocket" not in e] == [], errors

    for width, locale in ((390, "en-US"), (1280, "zh-CN"), (390, "zh-CN")):
        lang = "zh" if locale.startswith("zh") else "en"
        p, errs = member_page(browser, server.url, width, locale)
        p.goto(server.url + match.path)
        r = p.locator("section.vg-room")  # live, or from the record once the match is over
        for i in range(2):
            expect(r.nth(i)).to_have_attribute("data-state", LIVE, timeout=20_000)
        expect(r.first.locator(".vg-head")).to_contain_text("第" if lang == "zh" else "Board")
        expect(p.locator("table.match tbody tr").first).to_be_visible()
        if lang == "zh":
            expect(p.locator("h2").first).to_have_text("开室")
        shot(p, f"{lang}-{width}-compared")
        assert [e for e in errs if "WebSocket" not in e] == [], errs
        p.context.close()

    # The open room's first board, as a game record and replayed.
    page.goto(server.url + f"/play/tables/{match.tables[0]}/session")
    shot(page, "session-en-1280")
    page.get_by_role("link", name="Game record").first.click()
    page.wait_for_url("**/play/boards/*/")
    expect(page.locator("h1")).to_have_text("Board 1")
    record = page.url
    for width, locale in ((390, "en-US"), (1280, "en-US"), (390, "zh-CN"), (1280, "zh-CN")):
        lang = "zh" if locale.startswith("zh") else "en"
        p, errs = member_page(browser, server.url, width, locale)
        p.goto(record)
        expect(p.locator(".compass .hand")).to_have_count(4)
        shot(p, f"record-{lang}-{width}")
        p.goto(record + "replay")
        replay = p.locator("#replay")
        expect(replay).to_have_attribute("data-step", "0")
        p.keyboard.press("ArrowRight")
        p.keyboard.press("ArrowRight")
        expect(replay).to_have_attribute("data-step", "2")
        p.keyboard.press("End")
        shot(p, f"replay-{lang}-{width}-end")
        p.keyboard.press("ArrowLeft")
        step = int(replay.get_attribute("data-step") or 0)
        p.get_by_role("button", name="On one call or card (→)" if lang == "en"
                      else "前进一个叫品或一张牌（→）").click()
        expect(replay).to_have_attribute("data-step", str(step + 1))
        assert errs == [], errs
        p.context.close()
    page.context.close()
