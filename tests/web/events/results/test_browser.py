"""The live results pages in Debian's Chromium (Playwright) at 360 px and 1280 px, in both
languages, with screenshots in artefacts/web/ — and the ranking changing by itself after an
entry, pushed over the WebSocket (and, with the socket down, by the 10-second poll).

The session is ``scenario.py``'s, created and added to by ``bridgescore web manage shell``
in the server's environment: another process, as a table's phone on another server would
be.  The server and that process share the SQLite file and Redis (the channel layer that
carries the push from the process that stored the entry to the server holding the socket).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from ... import servers
from ...test_browser import WIDTHS, browser, new_page, shot  # noqa: F401 - the fixture

pytestmark = pytest.mark.browser
TESTS = Path(__file__).resolve().parents[3]
REDIS = os.environ.get("BRIDGESCORE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0").rsplit("/", 1)[0]


def shell(env: dict[str, str], code: str) -> str:
    """Python run in the server's environment (its database and channel layer)."""
    result = subprocess.run(
        [sys.executable, "-m", "bridgescore", "web", "manage", "shell", "-c", code],
        env={**env, "PYTHONPATH": os.pathsep.join((str(TESTS), env.get("PYTHONPATH", "")))},
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


MAKE = """
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from web.events.results import scenario as sc
e = sc.make_event(Club.objects.get(slug="demo"), User.objects.get(username="director"),
                  travellers_live=True)
sc.enter(e, User.objects.get(username="director"), sc.BOARD1 + sc.BOARD2 + sc.BOARD3_FIRST)
print(e.pk)
"""


def enter_code(event_id: int, rows: str) -> str:
    return f"""
from bridgescore.web.accounts.models import User
from bridgescore.web.events.models.session import Event
from web.events.results import scenario as sc
sc.enter(Event.objects.get(pk={event_id}), User.objects.get(username="director"), {rows})
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[servers.Server, dict[str, str], int]]:
    server, env, _data = servers.demo_site(tmp_path_factory, "results-site", REDIS_URL=f"{REDIS}/{servers.worker_redis_db(13)}")
    event_id = int(shell(env, MAKE).splitlines()[-1])
    yield server, env, event_id
    server.stop()


def log_in(page: Page, url: str) -> None:
    page.goto(url + "/account/login/")
    page.locator("#id_username").fill("wangwei")  # a member of the demo club
    page.locator("#id_password").fill("demo-member")
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_url("**/account/")


def on_screen(locator: Locator, width: int) -> None:
    """Visible and wholly inside the window's width (not scrolled off to the side)."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box


def no_hidden_scroll(page: Page) -> None:
    """No box on the page scrolls sideways (a table wider than its scrolling box would pass
    the page-width check of ``shot`` with its last columns out of sight)."""
    wide = page.evaluate("""() => [...document.querySelectorAll('main *')]
        .filter(e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)
                     && e.scrollWidth > e.clientWidth + 1)
        .map(e => `${e.tagName}.${e.className}: ${e.scrollWidth} in ${e.clientWidth}`)""")
    assert wide == [], wide


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_results_pages_at_both_widths(site: tuple[servers.Server, dict[str, str], int],
                                      browser: Browser, locale: str) -> None:  # noqa: F811
    server, _env, event_id = site
    lang = "zh" if locale.startswith("zh") else "en"
    base = f"{server.url}/events/{event_id}"
    for width in WIDTHS:
        page, errors = new_page(browser, width, locale)
        log_in(page, server.url)
        page.goto(base + "/")
        expect(page.locator(".live-state.live")).to_be_visible(timeout=10000)
        row = page.locator('[data-field="NS"] tr[data-pair="1"]')
        assert row.locator("td.score").inner_text() == "62.50"
        assert row.locator("td.name").inner_text() == (
            "王爱丽、李博" if lang == "zh" else "Alice Wang – Bob Li")
        no_hidden_scroll(page)
        shot(page, f"results-{lang}-{width}-ranking")
        # The total opens its sum, a box over the rows below, wholly on the screen.
        row.locator("td.total summary").click()
        box = row.locator("td.total pre")
        expect(box).to_contain_text("62.50%")
        edges = box.evaluate("e => { const r = e.getBoundingClientRect(); "
                             "return [r.left, r.right, window.innerWidth]; }")
        assert edges[0] >= 0 and edges[1] <= edges[2], edges
        no_hidden_scroll(page)
        shot(page, f"results-{lang}-{width}-ranking-total-opened")

        page.goto(base + "/boards/1/")
        first = page.locator('li.result[data-table="1"]')
        assert first.locator("dd.ns-score").inner_text() == "+420"
        heart = first.locator("dd.lead-card .red")
        assert heart.inner_text() == "♥"
        assert heart.evaluate("e => getComputedStyle(e).color") == "rgb(179, 18, 46)"
        first.locator("details.explain:not(.value-explain) summary").click()
        expect(first.locator("details.explain:not(.value-explain) pre")).to_contain_text(
            "南北得 4×30+300=420分" if lang == "zh" else "NS score 4×30+300=420")
        # Its matchpoints: +420 beats -50 and loses to +450, 2 of 4 to each side.
        first.locator("details.value-explain summary").click()
        expect(first.locator("details.value-explain pre")).to_contain_text(
            "东西：2 ÷ 4 = 50.00%" if lang == "zh" else "EW: 2 ÷ 4 = 50.00%")
        shot(page, f"results-{lang}-{width}-board-1")

        no_hidden_scroll(page)
        page.goto(base + "/boards/3/")  # one result of three: not shown to a member
        assert page.locator("li.result").count() == 0
        expect(page.locator(".hidden-results")).to_be_visible()
        shot(page, f"results-{lang}-{width}-board-3-hidden")

        page.goto(base + "/pairs/1/")
        assert page.locator("figure.chart-box svg").count() == 1
        # Issue 23, finding 9: the board, contract, score, MP and % of each board on the
        # screen, with no hidden horizontal scroll, at both widths.
        card = page.locator('table.scorecard tr[data-board="1"]')
        for cell in ("td.board", "td.contract", "td.score", "td.value", "td.share"):
            on_screen(card.locator(cell), width)
        assert card.locator("td.contract").inner_text() == "4♠"
        assert card.locator("td.score summary").inner_text() == "+420"
        assert card.locator("td.share").inner_text() == "50.00"
        # Finding 14: the matchpoints open their arithmetic, the pair's own count: +420
        # beats -50, loses to +450: 2 of 4, 50%.
        card.locator("td.value summary").click()
        arithmetic = card.locator("td.value pre")
        expect(arithmetic).to_contain_text(
            "南北 +420，与其他 2 个结果比较：" if lang == "zh" else "NS +420 against 2 other results:")
        expect(arithmetic).to_contain_text("2 ÷ 4 = 50.00%")
        on_screen(arithmetic, width)
        no_hidden_scroll(page)
        shot(page, f"results-{lang}-{width}-pair-1")
        card.locator("td.value summary").click()  # closed again

        page.goto(base + "/screen/")
        pages = page.locator("section.screen-page")
        assert pages.count() == 2
        assert pages.nth(0).is_visible() and not pages.nth(1).is_visible()
        shot(page, f"results-{lang}-{width}-screen")
        assert errors == []
        page.context.close()


def test_the_ranking_changes_by_itself_after_an_entry(
        site: tuple[servers.Server, dict[str, str], int], browser: Browser) -> None:  # noqa: F811
    server, env, event_id = site
    page, errors = new_page(browser, 1280, "en-US")
    log_in(page, server.url)
    page.goto(f"{server.url}/events/{event_id}/")
    expect(page.locator(".live-state.live")).to_be_visible(timeout=10000)
    page.evaluate("window.notReloaded = true")
    cell = page.locator('[data-field="NS"] tr[data-pair="2"] td.score')
    assert cell.inner_text() == "37.50"
    # Board 3, round 2, table 2 (pair 2 v 4): 3NT N = scores NS +400 (EW vulnerable).  With
    # 120 the only other result, pair 2 gets 2 raw MP, Neuberg (2 + 1)·3/2 − 1 = 3.5: pair 2
    # has 0 + 3 + 3.5 = 6.5 of 12 = 54.17 %, pair 3 4 + 0 + 0.5 = 4.5 of 12 = 37.50 %.
    # The socket is open, so the page does not poll: only the push can change it.
    shell(env, enter_code(event_id, "sc.BOARD3_REST[:1]"))
    stored = time.monotonic()
    expect(cell).to_have_text("54.17", timeout=15000)
    print(f"the page changed {time.monotonic() - stored:.2f} s after the entry was stored")
    assert page.evaluate("window.notReloaded") is True
    expect(page.locator(".live-state.live")).to_be_visible()  # the socket stayed up
    order = page.locator('[data-field="NS"] tbody tr').evaluate_all(
        "rows => rows.map(r => r.dataset.pair)")
    assert order == ["1", "2", "3"]
    assert page.locator('[data-field="EW"] tr[data-pair="6"] td.score').inner_text() == "70.83"
    shot(page, "results-en-1280-ranking-after-entry")
    assert errors == []
    page.context.close()


def test_with_the_socket_down_the_page_polls(
        site: tuple[servers.Server, dict[str, str], int], browser: Browser) -> None:  # noqa: F811
    server, env, event_id = site
    page, errors = new_page(browser, 360, "zh-CN")
    page.context.add_init_script("window.WebSocket = undefined;")  # as if blocked by a proxy
    log_in(page, server.url)
    page.clock.install()  # the page's timers run on the test's clock
    page.goto(f"{server.url}/events/{event_id}/")
    expect(page.locator(".live-state.polling")).to_have_text(
        "连接中断：每 10 秒检查一次新成绩。")
    page.evaluate("window.notReloaded = true")
    cell = page.locator('[data-field="EW"] tr[data-pair="5"] td.score')
    assert cell.inner_text() == "12.50"
    # Board 3, round 3, table 1 (pair 1 v 5): 2S N = is NS +110, the lowest of 120, 400 and
    # 110: EW pair 5 gets 4 of 4, so 0 + 1 + 4 = 5 of 12 = 41.67 %.
    shell(env, enter_code(event_id, "sc.BOARD3_REST[1:]"))
    expect(cell).to_have_text("12.50")  # not before the next look, 10 s on
    page.clock.fast_forward(10_000)
    expect(cell).to_have_text("41.67", timeout=25000)
    assert page.evaluate("window.notReloaded") is True
    shot(page, "results-zh-360-ranking-polled")
    assert errors == []
    page.context.close()


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_published_session_is_for_anyone(site: tuple[servers.Server, dict[str, str], int],
                                           browser: Browser, locale: str) -> None:  # noqa: F811
    server, env, _ = site
    lang = "zh" if locale.startswith("zh") else "en"
    # The demo club's finished five-table Mitchell (bridgescore web demo), published.
    event_id = int(shell(env, "from bridgescore.web.events.models.session import Event; "
                              "print(Event.objects.get(published=True, kind=\"pairs\").pk)").splitlines()[-1])
    for width in WIDTHS:
        page, errors = new_page(browser, width, locale)  # nobody logged in
        page.goto(f"{server.url}/events/{event_id}/")
        assert page.locator("section.field").count() == 2  # North–South and East–West
        assert page.locator("table.ranking tbody tr").count() == 10
        no_hidden_scroll(page)
        shot(page, f"results-{lang}-{width}-published-ranking")
        page.goto(f"{server.url}/events/{event_id}/boards/1/")
        assert page.locator("li.result").count() == 5  # every table's result
        shot(page, f"results-{lang}-{width}-published-board-1")
        page.goto(f"{server.url}/events/{event_id}/screen/")
        shot(page, f"results-{lang}-{width}-published-screen")
        assert errors == []
        page.context.close()
