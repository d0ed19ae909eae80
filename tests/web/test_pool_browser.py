"""The duplicate pool in Debian's Chromium (Playwright).  Robots do not play the pool (a
result with a robot is never scored), so the live test is two members in two browser
contexts, each watching their board list while board 1's sixth result arrives: their
provisional zero becomes their IMPs without a reload.  Then every pool page at 360 px and
1280 px in both languages (no horizontal overflow, no console error).  Screenshots in
artefacts/web/ (git-ignored).

The results are played out through the services in the server's own database
(``bridgescore web manage shell``): auctions, an opening lead and a claim, as the pool's
service tests play them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from . import servers
from .base import PASSWORD
from .test_browser import browser, new_page, shot  # noqa: F401 - the fixture

pytestmark = pytest.mark.browser
ENV: dict[str, Any] = {}

SETUP = """
import random
from bridgescore.web.compete.pool import services as pool
from tests.web.compete.pool.helpers import club_with, play_out, seat_four
club, td, people = club_with(24)
pool.start_pool(club, td, boards=20, seed="browser")
rng = random.Random(7)
for i in range(6):
    seat_four(club, people[4 * i:4 * i + 4])
from bridgescore.web.play.models import PlayTable
tables = list(PlayTable.objects.filter(pool_table__isnull=False).order_by("pool_table__number"))
for t in tables[:5]:
    play_out(t, rng)
"""
SIXTH = """
import random
from bridgescore.web.play.models import PlayTable
from tests.web.compete.pool.helpers import play_out
t = PlayTable.objects.get(pool_table__number=6)
play_out(t, random.Random(8))
from bridgescore.web.compete.models.pool import PoolScore
print(PoolScore.objects.filter(board__number=1, provisional=False).count())
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[servers.Server]:
    data = tmp_path_factory.mktemp("pool-site")
    # The next board waits two minutes: the tables stay on board 1 while the test looks.
    env = servers.server_env(data, BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS="120")
    ENV.update(env=env)
    server = servers.start(env, data)
    servers.bridgescore(env, "web", "manage", "shell", "-c", SETUP)
    yield server
    server.stop()


def log_in(page: Page, url: str, username: str) -> None:
    page.goto(url + "/account/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_url("**/account/")


def test_two_members_see_their_board_list_change_at_the_sixth_result(
        site: servers.Server, browser: Browser) -> None:  # noqa: F811
    pages = []
    for user, locale in (("m1", "en-US"), ("m5", "zh-CN")):
        page, errors = new_page(browser, 1280, locale)
        log_in(page, site.url, user)
        page.goto(site.url + "/pool/online/boards/")
        row = page.locator("tr[data-board='1']")
        expect(row).to_have_class("provisional")
        expect(row.locator("td.imps")).to_have_text("0")
        pages.append((page, errors, user, locale))
    shot(pages[0][0], "pool-live-en-before")
    scored = servers.bridgescore(ENV["env"], "web", "manage", "shell", "-c", SIXTH)
    assert scored.split()[-1] == "24", scored
    for page, errors, user, locale in pages:
        row = page.locator("tr[data-board='1']")
        expect(row).to_have_class("final", timeout=15_000)  # htmx, every 3 s
        expect(row.locator("td.state")).to_have_text("final" if locale == "en-US" else "已记分")
        expect(page.locator("#points")).not_to_have_text("")
        shot(page, f"pool-live-{user}-after")
        assert errors == []


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_every_pool_page(site: servers.Server, browser: Browser, width: int,  # noqa: F811
                         locale: str) -> None:
    lang = "zh" if locale.startswith("zh") else "en"
    page, errors = new_page(browser, width, locale)
    log_in(page, site.url, "m1")
    page.goto(site.url + "/play/")
    page.locator("#pool-link").click()
    page.locator(".pool-rooms a").first.click()
    expect(page.locator(".your-table a")).to_have_count(1)
    shot(page, f"pool-{lang}-{width}-room")
    page.locator(".pool-nav a").nth(1).click()
    expect(page.locator("tr[data-board]").first).to_be_visible()
    shot(page, f"pool-{lang}-{width}-boards")
    page.locator("tr[data-board] td a").first.click()
    expect(page.locator("tr[data-arrival]").first).to_be_visible()
    arith = page.locator("details.arith").first
    if arith.count():
        arith.locator("summary").click()
    shot(page, f"pool-{lang}-{width}-board")
    page.locator(".pool-nav a").nth(2).click()
    expect(page.locator("tr[data-player]").first).to_be_visible()
    shot(page, f"pool-{lang}-{width}-week")
    assert errors == []
