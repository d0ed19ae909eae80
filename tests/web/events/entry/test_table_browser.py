"""A table's phone in a real browser: Debian's Chromium driven by Playwright at 360 px.

A whole round of a table, in Chinese and in English, with the bidding-box buttons, East's
check and acceptance (by hand, and by itself after the director's delay), a correction, a
send-back, the traveller; then a lost connection (offline while East accepts) and a lost
answer (the server stored the entry but the phone never heard): the entry is kept in the
page, sent again, and stored once.  Screenshots go to artefacts/web/ (git-ignored).

Expected scores are worked out by hand (Law 77); the session is the library's 3-table
Mitchell of 2 boards a round, where table 1 plays boards 1 and 2 in round 1 (NS 1 v EW 4)
and boards 3 and 4 in round 2.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, ViewportSize

from tests import chromium
from tests.sizes import SHOTS

from ... import servers
from ...test_browser import ARTEFACTS, browser

__all__ = ["browser"]  # the Chromium fixture of the site's browser tests, shared
pytestmark = pytest.mark.browser
PHONE: ViewportSize = {"width": 360, "height": 780}

# The sessions of these tests, made in one go inside the server's environment (same
# database, same SECRET_KEY) by `web manage shell`: name → the director's settings.
SESSIONS: dict[str, dict[str, object]] = {
    "Browser zh": {}, "Browser en": {"auto_accept_seconds": 5, "traveller_at_table": True},
    "Browser wide": {}, "Browser offline": {}, "Browser lost answer": {},
    "Browser no script": {},
}
MAKE_EVENTS = """
import datetime, json
from bridgescore.web.clubs.models import Club
from bridgescore.web.accounts.models import User
from bridgescore.web.events import services as sv, tables
from bridgescore.web.events.models.session import Event
director = sv.Actor(User.objects.get(username="director"))
made = {}
for name, settings in %(sessions)r.items():
    event = sv.create_event(Club.objects.get(slug="demo"), director, name_en=name,
                            name_zh=name + "（中文）", date=datetime.date(2026, 12, 1),
                            movement="mitchell", tables=3, boards_per_round=2)
    sv.set_status(event, director, Event.Status.RUNNING)
    if settings:
        sv.change_settings(event, director, **settings)
    made[name] = [event.pk, tables.secret(event.table_set.get(number=1))]
print(json.dumps(made))
"""


@dataclass
class Site:
    server: servers.Server
    database: Path  # the server's SQLite file, read directly (a read needs no server)
    sessions: dict[str, tuple[int, str]]

    @property
    def url(self) -> str:
        return self.server.url

    def rows(self, event: int) -> list[tuple[object, ...]]:
        """The event's stored results (kind, board, result, lead, key), in order."""
        with closing(sqlite3.connect(f"file:{self.database}?mode=ro", uri=True)) as db:
            return db.execute(
                "SELECT kind, board, result, lead, idempotency_key FROM events_resultentry "
                "WHERE event_id = ? ORDER BY seq", (event,)).fetchall()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    chromium.require()
    server, env, data = servers.demo_site(tmp_path_factory, "entry-site")
    out = servers.bridgescore(env, "web", "manage", "shell", "-c",
                              MAKE_EVENTS % {"sessions": SESSIONS})
    made = json.loads(out.strip().splitlines()[-1])
    yield Site(server, data / "bridgescore.sqlite3",
               {name: (int(pk), str(secret)) for name, (pk, secret) in made.items()})
    server.stop()


def phone(browser: Browser, locale: str) -> tuple[Page, list[str]]:
    context = browser.new_context(viewport=PHONE, locale=locale, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def shot(page: Page, name: str) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    if SHOTS:
        page.screenshot(path=str(ARTEFACTS / f"entry-{name}.png"), full_page=True)
    width = page.viewport_size["width"] if page.viewport_size else 0
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{name}: the page is {scroll} px wide in a {width}-px window"


def big_targets(page: Page) -> None:
    """Every button of the entry pages is at least 44 × 44 px (one thumb)."""
    small = page.evaluate("""() => [...document.querySelectorAll(
        '#table-app .box label, #table-app button, #table-app .button, #table-app .rounds a,'
        + ' #table-app .boards .no, #table-app .boards a.fix')]
        .map(e => [e.textContent.trim(), e.getBoundingClientRect()])
        .filter(([t, r]) => r.width > 0 && (r.width < 44 || r.height < 44))
        .map(([t, r]) => t + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""")
    assert small == []


def see(page: Page, text: str) -> None:
    """Wait until ``text`` shows (htmx swaps the page in a moment after a tap)."""
    page.get_by_text(text).first.wait_for(state="visible", timeout=10_000)


def tap(page: Page, radio_id: str) -> None:
    """Tap a bidding-box button (the label of a radio button)."""
    page.locator(f"label[for='{radio_id}']").tap()


def test_a_round_in_chinese(site: Site, browser: Browser) -> None:
    event, secret = site.sessions["Browser zh"]
    page, errors = phone(browser, "zh-CN")
    page.goto(f"{site.url}/t/{secret}/")
    assert page.locator("html").get_attribute("lang") == "zh-Hans"
    see(page, "第1桌 · 第1轮")
    see(page, "1 · 北发牌 · 双方无局")
    big_targets(page)
    shot(page, "zh-360-1-board1")

    # Board 1, nobody vulnerable: South plays 4♥ +1 after the ♠Q lead.
    for radio in ("lv-4", "st-H", "dc-S", "ls-S", "lr-Q", "rs-1-2"):
        tap(page, radio)
    shot(page, "zh-360-2-board1-filled")
    page.get_by_role("button", name="核对成绩").tap()
    page.get_by_role("heading", name="东家：请核对成绩").wait_for()
    # htmx brought East's screen into the page: the address is still the table's.
    assert page.url == f"{site.url}/t/{secret}/"
    # 4×30 = 120 trick score, 30 for the overtrick, 300 for a game not vulnerable: 450.
    see(page, "南北得 4×30+30+300=450分")
    assert page.locator(".entry-card .suit.red").first.inner_text() == "♥"
    big_targets(page)
    shot(page, "zh-360-3-east-checks")
    # East finds a mistake: back to the form, everything still chosen.
    page.get_by_role("button", name="退回修改").tap()
    page.locator("form[data-entry-form]").wait_for()
    assert page.locator("#rs-1-2").is_checked() and page.locator("#lv-4").is_checked()
    tap(page, "rs-1-1")  # made exactly: 120 + 300 = 420
    page.get_by_role("button", name="核对成绩").tap()
    see(page, "南北得 4×30+300=420分")
    page.get_by_role("button", name="确认（东家）").tap()
    page.get_by_text("第1副已保存").wait_for()
    see(page, "2 · 东发牌 · 南北有局")
    shot(page, "zh-360-4-board2")

    # Board 2, NS vulnerable: typed in Chinese, West plays 3NT two down (EW not vulnerable:
    # 50 a trick, 100 to NS).
    page.locator("details.typed summary").tap()
    page.locator("#id_typed").fill("西打3NT宕2")
    page.locator("#id_lead_text").fill("红心5")
    shot(page, "zh-360-5-board2-typed")
    page.get_by_role("button", name="核对成绩").tap()
    see(page, "南北得 50×2=100分")
    page.get_by_role("button", name="确认（东家）").tap()
    page.get_by_text("第2副已保存").wait_for()
    # The round is done: the table is in round 2 now, board 3.
    see(page, "第1桌 · 第2轮")
    shot(page, "zh-360-6-round2")

    # A correction of board 1 while round 1 is open: 4♥ by South one down, nobody
    # vulnerable: 50 to EW.
    page.get_by_role("link", name="第1轮").tap()
    page.get_by_role("link", name="更正").first.tap()
    page.get_by_text("正在更正第1副").wait_for()
    tap(page, "rs-2-1")
    page.get_by_role("button", name="核对成绩").tap()
    see(page, "东西得 50分")
    page.get_by_role("button", name="确认（东家）").tap()
    page.get_by_text("第1副已保存").wait_for()
    shot(page, "zh-360-7-corrected")
    got = site.rows(event)
    assert [(r[0], r[1], r[2], r[3]) for r in got] == [
        ("enter", 1, "4H S =", "SQ"), ("enter", 2, "3NT W -2", "H5"),
        ("correct", 1, "4H S -1", "SQ")]
    assert errors == []


def test_a_round_in_english_with_auto_acceptance_and_the_traveller(
        site: Site, browser: Browser) -> None:
    event, secret = site.sessions["Browser en"]
    page, errors = phone(browser, "en-US")
    page.goto(f"{site.url}/t/{secret}/")
    assert page.locator("html").get_attribute("lang") == "en"
    see(page, "1 · dealer North · none vulnerable")
    shot(page, "en-360-1-board1")
    # Board 1: North plays 3NT doubled, making; lead ♦10.  Not vulnerable: (40+2×30)×2
    # = 200 trick score, 300 for the game, 50 for making it doubled: 550.
    for radio in ("lv-3", "st-NT", "db-X", "dc-N", "ls-D", "lr-T", "rs-1-1"):
        tap(page, radio)
    # At the 3 level only what can happen is offered: up to +4 (超4) and down 9 (宕9).
    assert page.locator("#rs-1-5").is_enabled() and page.locator("#rs-1-6").is_disabled()
    assert page.locator("#rs-3-2").is_enabled() and page.locator("#rs-3-3").is_disabled()
    page.get_by_role("button", name="Check the entry").tap()
    page.get_by_role("heading", name="East: check the entry").wait_for()
    see(page, "NS score (40+2×30)×2+300+50=550")
    # At 360 px each number of the arithmetic stays on one line (issue 23, finding 12).
    assert page.locator(".arithmetic .nb").count() > 3
    assert page.evaluate("[...document.querySelectorAll('.arithmetic .nb')]"
                         ".filter(n => n.getClientRects().length > 1).length") == 0
    see(page, "Accepted by itself in")
    shot(page, "en-360-2-east-checks-countdown")
    # Nobody taps: it accepts by itself after 5 s (the least the settings allow), then shows
    # the board's results so far.
    page.get_by_role("heading", name="Board 1: the results so far").wait_for(timeout=15_000)
    assert page.locator(".traveller tbody tr").count() == 1
    shot(page, "en-360-3-traveller")
    page.get_by_role("link", name="Next board").tap()
    page.get_by_text("2 · dealer East · NS vulnerable").wait_for()
    # Board 2 passed out: the declarer, lead and result do not apply.
    tap(page, "lv-pass")
    assert "off" in (page.locator("fieldset[data-played]").first.get_attribute("class") or "")
    page.get_by_role("button", name="Check the entry").tap()
    see(page, "Passed out: both sides score 0")
    page.get_by_role("button", name="Accept (East)").tap()
    page.get_by_role("heading", name="Board 2: the results so far").wait_for()
    page.get_by_role("link", name="Next board").tap()
    page.get_by_text("Table 1 · Round 2").wait_for()
    shot(page, "en-360-4-round2")
    got = site.rows(event)
    assert [(r[0], r[1], r[2], r[3]) for r in got] == [
        ("enter", 1, "3NTX N =", "DT"), ("enter", 2, "pass", "")]
    assert errors == []


def test_wide_screens_in_both_languages(site: Site,
                                        browser: Browser) -> None:
    event, secret = site.sessions["Browser wide"]
    for locale, lang in (("zh-CN", "zh"), ("en-US", "en")):
        context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
        page = context.new_page()
        page.goto(f"{site.url}/t/{secret}/")
        shot(page, f"{lang}-1280-1-board1")
        for radio in ("lv-2", "st-D", "dc-E", "ls-C", "lr-A", "rs-1-1"):
            page.locator(f"label[for='{radio}']").click()
        page.locator("form[data-entry-form] button[type=submit]").click()
        page.locator("form[data-accept]").wait_for()
        shot(page, f"{lang}-1280-2-east-checks")
        page.goto(f"{site.url}/t/unknown-table-link/")
        shot(page, f"{lang}-1280-3-unknown")
        context.close()
    assert site.rows(event) == []


def test_offline_acceptance_is_kept_and_arrives_once(
        site: Site, browser: Browser) -> None:
    event, secret = site.sessions["Browser offline"]
    page, errors = phone(browser, "en-US")
    page.goto(f"{site.url}/t/{secret}/")
    for radio in ("lv-4", "st-S", "dc-N", "rs-1-1"):
        tap(page, radio)
    page.get_by_role("button", name="Check the entry").tap()
    page.locator("form[data-accept]").wait_for()
    page.context.set_offline(True)
    page.get_by_role("button", name="Accept (East)").tap()
    page.get_by_text("No connection. The entry is kept on this phone").wait_for()
    kept = page.evaluate("JSON.parse(localStorage.getItem('bridgescore.entry.pending.v1'))")
    assert len(kept) == 1 and len(kept[0]["key"]) == 36
    shot(page, "en-360-5-offline-kept")
    assert site.rows(event) == []
    page.context.set_offline(False)
    page.get_by_text("Board 1 stored").wait_for(timeout=20_000)
    shot(page, "en-360-6-offline-arrived")
    got = site.rows(event)
    assert [(r[0], r[1], r[2], r[4]) for r in got] == [("enter", 1, "4S N =", kept[0]["key"])]
    assert page.evaluate("localStorage.getItem('bridgescore.entry.pending.v1')") == "[]"
    # The only console errors are the failed sends while offline.
    assert [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e] == []


def test_a_lost_answer_is_sent_again_and_stored_once(
        site: Site, browser: Browser) -> None:
    event, secret = site.sessions["Browser lost answer"]
    page, _ = phone(browser, "zh-CN")
    lost: list[str] = []

    def lose_first_answer(route: Route) -> None:
        # The request reaches the server (which stores the entry); the answer never comes.
        if not lost:
            route.fetch()
            lost.append(route.request.post_data or "")
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/accept", lose_first_answer)
    page.goto(f"{site.url}/t/{secret}/")
    for radio in ("lv-1", "st-C", "dc-W", "ls-H", "lr-2", "rs-1-4"):
        tap(page, radio)
    page.get_by_role("button", name="核对成绩").tap()
    page.get_by_role("button", name="确认（东家）").tap()
    # The phone never heard back, kept the entry, and sends it again by itself.
    page.get_by_text("第1副已保存").wait_for(timeout=20_000)
    got = site.rows(event)
    assert len(lost) == 1 and len(got) == 1
    assert got[0][:3] == ("enter", 1, "1C W +3") and str(got[0][4]) in lost[0]


def test_without_any_script_the_forms_still_work(
        site: Site, browser: Browser) -> None:
    event, secret = site.sessions["Browser no script"]
    context = browser.new_context(viewport=PHONE, locale="en-US", java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{site.url}/t/{secret}/")
    # Board 1: East plays 2♠ two down, nobody vulnerable: 100 to NS.
    for radio in ("lv-2", "st-S", "dc-E", "ls-H", "lr-A", "rs-2-2"):
        page.locator(f"label[for='{radio}']").click()
    page.get_by_role("button", name="Check the entry").click()
    page.wait_for_url("**/check")
    see(page, "NS score 50×2=100")
    page.get_by_role("button", name="Accept (East)").click()
    page.wait_for_url("**/?stored=*")
    see(page, "Board 1 stored")
    shot(page, "en-360-7-no-script")
    got = site.rows(event)
    assert [(r[0], r[1], r[2], r[3]) for r in got] == [("enter", 1, "2S E -2", "HA")]
    context.close()
