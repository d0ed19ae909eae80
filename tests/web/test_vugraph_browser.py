"""The vugraph in a real browser (Debian's Chromium driven by Playwright): a team match played
online on a real server, followed live in both rooms until the comparison fills in; then
a board's game record and its replay.  Screenshots at 390 and 1280 px in both languages go
to artefacts/web/ (git-ignored).

The match is the vugraph demo's (``vugraph.demo.load_vugraph_match``, two boards).  Its
eight seats are robots, played by the server's own robot driving, when the library's robots
are installed (``bridgescore.robots``); without them, eight members sit and this test plays
their random legal calls and cards over the tables' real WebSockets (``/ws/play/tables/<id>``,
the protocol a person's page speaks), so the page follows a match either way.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import random
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from . import servers
from .test_browser import ARGS, ARTEFACTS, CHROMIUM

pytestmark = pytest.mark.browser
WIDTHS = (390, 1280)
ROBOTS = importlib.util.find_spec("bridgescore.robots") is not None

# Run in the server's environment (same database, same secret key): the demo match, and
# for the people's match the eight players' sessions.
SETUP = """
import json, django
django.setup()
from django.test import Client
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.play import services as play
from bridgescore.web.vugraph.demo import load_vugraph_match
from bridgescore.seat import Seat
robots = {robots}
club = Club.objects.get(slug="demo")
director = User.objects.get(username="director")
event = load_vugraph_match(club, director, boards=2, robots=robots)
tables = list(event.play_tables.order_by("room_label").reverse())  # open, closed
out = {{"event": event.pk, "tables": [t.pk for t in tables], "players": []}}
if not robots:
    from bridgescore.web.accounts.models import Player
    for t in tables:
        for seat in Seat:
            name = f"vg{{t.pk}}{{seat.letter.lower()}}"
            user = User.objects.create_user(name, f"{{name}}@example.org", "x-" + name)
            Player.objects.create(user=user, name_en=name.upper(), name_zh=name)
            Membership.objects.create(club=club, player=user.player)
            play.sit(t, user, seat)
            c = Client()
            c.force_login(user)
            out["players"].append({{"table": t.pk, "seat": seat.letter,
                                    "session": c.cookies["sessionid"].value}})
print(json.dumps(out))
"""


@dataclass
class Match:
    event: int
    tables: list[int]
    players: list[dict[str, Any]] = field(default_factory=list)

    @property
    def path(self) -> str:
        return f"/vugraph/{self.event}/1/1/"


class People:
    """Eight players over real WebSockets: each answers its own view with a random legal
    call or card, a little after its turn comes."""

    def __init__(self, port: int, players: list[dict[str, Any]]) -> None:
        self.port, self.players = port, players
        self.stop = threading.Event()
        self.errors: list[str] = []
        self.thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)

    async def _player(self, p: dict[str, Any], seed: int) -> None:
        import websockets

        rng = random.Random(seed)
        url = f"ws://127.0.0.1:{self.port}/ws/play/tables/{p['table']}"
        headers = {"Cookie": f"sessionid={p['session']}", "Origin": f"http://127.0.0.1:{self.port}"}
        async with websockets.connect(url, additional_headers=headers) as ws:
            n = 0
            while not self.stop.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), 1.0)
                except TimeoutError:
                    continue
                m = json.loads(raw)
                if m.get("type") == "finished":
                    return
                if m.get("type") == "error":
                    self.errors.append(f"{p['table']}{p['seat']}: {m}")
                v = m.get("view")
                if not v or p["seat"] not in v.get("to_act", []):
                    continue
                await asyncio.sleep(0.12)
                n += 1
                if v["legal_calls"]:
                    calls = v["legal_calls"]
                    call = "Pass" if "Pass" in calls and rng.random() < 0.55 else rng.choice(calls)
                    await ws.send(json.dumps({"type": "call", "call": call, "id": n}))
                elif v["legal_cards"]:
                    await ws.send(json.dumps({"type": "card", "card": rng.choice(v["legal_cards"]),
                                              "id": n}))

    async def _run(self) -> None:
        await asyncio.gather(*(self._player(p, i) for i, p in enumerate(self.players)))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[servers.Server, Match]]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make web-system` installs Debian's chromium",
                    pytrace=False)
    data = tmp_path_factory.mktemp("vugraph")
    env = servers.server_env(data)
    server = servers.start(env, data)
    servers.bridgescore(env, "web", "demo")
    result = subprocess.run([sys.executable, "-c", SETUP.format(robots=ROBOTS)], env=env,
                            capture_output=True, text=True, timeout=120, cwd=servers.REPO)
    assert result.returncode == 0, result.stderr
    match = Match(**json.loads(result.stdout.strip().splitlines()[-1]))
    people = None
    if not ROBOTS:
        people = People(server.port, match.players)
        people.thread.start()
    yield server, match
    if people is not None:
        people.stop.set()
        people.thread.join(10)
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
    page.screenshot(path=str(ARTEFACTS / f"vugraph-{name}.png"), full_page=True)
    width = page.viewport_size["width"] if page.viewport_size else 0
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{name}: the page is {scroll} px wide in a {width}-px window"


def test_following_a_match_live(site: tuple[servers.Server, Match], browser: Browser) -> None:
    server, match = site
    page, errors = member_page(browser, server.url, 1280, "en-US")
    page.goto(server.url + "/vugraph/")
    shot(page, "list-en-1280")
    page.get_by_role("link", name="Robot teams: Pandas v Cranes (online)").click()
    page.wait_for_url("**" + match.path)
    rooms = page.locator("[data-table-socket]")
    expect(rooms).to_have_count(2)
    for i in range(2):
        expect(rooms.nth(i)).to_have_attribute("data-state", "live", timeout=20_000)
    # The play goes on: both rooms' positions move.
    first = [int(rooms.nth(i).get_attribute("data-moves") or 0) for i in range(2)]
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
    assert [e for e in errors if "WebSocket" not in e] == [], errors

    for width, locale in ((390, "en-US"), (1280, "zh-CN"), (390, "zh-CN")):
        lang = "zh" if locale.startswith("zh") else "en"
        p, errs = member_page(browser, server.url, width, locale)
        p.goto(server.url + match.path)
        r = p.locator("[data-table-socket]")
        for i in range(2):
            expect(r.nth(i)).to_have_attribute("data-state", "live", timeout=20_000)
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
