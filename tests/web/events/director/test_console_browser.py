"""A director's whole session in a real browser (Debian's Chromium through Playwright), at
360 px and 1280 px, in Chinese and in English: create the session (the movement checked
first), enter two pairs, start, enter and correct a result (the score shown before saving),
an adjusted score, a moved pair, close, publish, the audit trail.  Screenshots go to
artefacts/web/director-*.png; no page may scroll sideways, and no console error."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from bridgescore.web.demo_events import IN_PLAY

from ... import servers
from ...test_browser import browser, new_page, shot  # noqa: F401 - the fixture is used

pytestmark = pytest.mark.browser

TEXT = {
    "en": {"new": "New pairs session", "rounds": "Rounds", "running": "in play",
           "closed": "closed", "stops": "every table's phone stops", "arith": "EW score 50", "late": "Late tables:",
           "audit": "result corrected", "ns": "NS -50"},
    "zh": {"new": "新建双人赛", "rounds": "轮数", "running": "进行中", "closed": "已结束", "stops": "每张桌子的手机立即停止",
           "arith": "东西得 50分", "late": "落后的桌：", "audit": "更正成绩", "ns": "南北 -50"},
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[servers.Server]:
    server, _env, _data = servers.demo_site(tmp_path_factory, "director-site")
    yield server
    server.stop()


def log_in(page: Page, url: str) -> None:
    page.goto(url + "/account/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("demo-director")
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_url("**/account/")


def do(page: Page, value: str, form: str = "form.stack") -> None:
    page.locator(f"{form} button[name=do][value={value}]").click()
    page.wait_for_load_state()


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_directors_whole_session(site: servers.Server, browser: Browser,  # noqa: F811
                                   width: int, locale: str) -> None:
    lang = "zh" if locale.startswith("zh") else "en"
    t = TEXT[lang]
    name = f"director-{lang}-{width}"
    page, errors = new_page(browser, width, locale)
    log_in(page, site.url)

    # Create: the movement's rounds and boards are shown before anything is made.
    page.goto(site.url + "/clubs/demo/")
    page.get_by_role("link", name=t["new"]).click()
    page.locator("#id_name_en").fill(f"Tuesday pairs {width}")
    page.locator("#id_name_zh").fill(f"周二双人赛 {width}")
    page.locator("#id_date").fill("2026-12-01")
    page.locator("#id_movement").select_option("mitchell")
    page.locator("#id_tables").fill("3")
    page.locator("#id_boards_per_round").fill("2")
    page.locator("#id_scoring").select_option("mp")
    do(page, "check")
    # A 3-table Mitchell: 3 rounds of 2 boards, 6 boards in all.
    assert page.get_by_test_id("rounds").inner_text() == "3"
    assert page.get_by_test_id("boards").inner_text() == "6"
    shot(page, f"{name}-1-new-checked")
    do(page, "create")
    page.wait_for_url("**/director/pairs")
    event_url = page.url.rsplit("/pairs", 1)[0] + "/"

    # Pairs: two members for pair 1, two guests for pair 2 (names in the page's language).
    page.goto(event_url + "pairs/1")
    page.locator("#id_p1-player").select_option(label="王伟" if lang == "zh" else "Wang Wei")
    page.locator("#id_p2-player").select_option(label="李娜" if lang == "zh" else "Li Na")
    shot(page, f"{name}-2-pair-1")
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_url("**/director/pairs")
    page.goto(event_url + "pairs/2")
    page.locator("#id_p1-guest_zh").fill("孙华")
    page.locator("#id_p1-guest_en").fill("Sun Hua")
    page.locator("#id_p2-guest_zh").fill("朱兰")
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_url("**/director/pairs")
    assert page.get_by_text("孙华" if lang == "zh" else "Sun Hua").is_visible()
    shot(page, f"{name}-3-pairs")

    # Start, then enter board 1 at table 1 in round 1 and correct it.
    page.goto(event_url)
    page.locator("button[name=status][value=running]").click()
    page.wait_for_load_state()
    assert page.get_by_test_id("status").inner_text() == t["running"]
    page.goto(event_url + "results/1/1/1")
    page.locator("#id_result").fill("4S N =")
    page.locator("#id_reason").fill("entered for the table")
    do(page, "check")
    do(page, "save")
    page.locator("#id_result").fill("北打4H宕1")
    page.locator("#id_reason").fill("wrong suit")
    do(page, "check")
    # 4♥ one off, none vulnerable: EW score 50.
    assert page.get_by_text(t["arith"]).first.is_visible()
    shot(page, f"{name}-4-correct-preview")
    do(page, "save")
    assert t["ns"] in page.get_by_test_id("in-force").inner_text()
    # An adjusted score on board 2: A+ to NS, A− to EW.
    page.goto(event_url + "results/1/1/2")
    page.locator("#id_adjust-ns_award").fill("A+")
    page.locator("#id_adjust-ew_award").fill("A-")
    page.locator("#id_adjust-reason").fill("slow play")
    page.locator("form:has(input[value=adjust]) button[type=submit]").click()
    page.wait_for_load_state()
    shot(page, f"{name}-5-slot")

    # Table 2 finishes round 1 too (boards 3 and 4): table 3, still in round 1 with
    # nothing in, is behind the round most tables are in.
    for board, result in ((3, "3NT S +1"), (4, "南打2♠超1")):
        page.goto(event_url + f"results/1/2/{board}")
        page.locator("#id_result").fill(result)
        page.locator("#id_reason").fill("slip handed in")
        do(page, "check")
        do(page, "save")
    page.goto(event_url)
    page.wait_for_selector("table.grid")
    assert page.locator("td.cell.done").count() == 2
    assert page.locator("tr.late th a").all_inner_texts() == ["3"]
    assert t["late"] in page.locator(".late-note").inner_text()
    shot(page, f"{name}-6-console")
    page.goto(event_url + "results?table=1")
    shot(page, f"{name}-7-results")

    # Move pair 3 to sit out round 3, then look at the movement.
    page.goto(event_url + "movement")
    page.locator("#id_sit_out-pair").fill("3")
    page.locator("#id_sit_out-round").fill("3")
    page.locator("form:has(input[value=sit_out]) button[type=submit]").click()
    page.wait_for_load_state()
    shot(page, f"{name}-8-movement")

    # Close and publish.
    page.goto(event_url)
    page.locator("button[name=status][value=closed]").click()
    page.wait_for_load_state()
    # Closing stops every table's phone: the page asks first, saying so.
    expect(page.locator("ul.does li").first).to_contain_text(t["stops"])
    shot(page, f"{name}-9-close-asked")
    page.get_by_test_id("confirm").click()
    page.wait_for_load_state()
    page.locator("button[name=published][value='1']").click()
    page.wait_for_load_state()
    assert page.get_by_test_id("status").inner_text() == t["closed"]
    shot(page, f"{name}-9-closed-published")
    page.goto(event_url + "audit")
    assert page.get_by_text(t["audit"]).first.is_visible()
    shot(page, f"{name}-10-audit")
    page.goto(event_url + "settings")
    shot(page, f"{name}-11-settings")
    page.goto(site.url + "/clubs/demo/")
    shot(page, f"{name}-12-club")
    assert errors == []
    page.context.close()


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_demo_session_in_play(site: servers.Server, browser: Browser,  # noqa: F811
                                  locale: str) -> None:
    """The demo's Howell in play, as its director sees it: the grid with results in, a
    table's results, the audit trail."""
    lang = "zh" if locale.startswith("zh") else "en"
    for width in (360, 1280):
        page, errors = new_page(browser, width, locale)
        log_in(page, site.url)
        page.goto(site.url + "/clubs/demo/")
        row = page.locator("ul.sessions li", has_text=IN_PLAY[1 if lang == "zh" else 0])
        row.get_by_role("link", name="裁判控制台" if lang == "zh" else "Director console").click()
        page.wait_for_selector("table.grid")
        # Two rounds played, the third begun: some cells are all in.
        assert page.locator("td.cell.done").count() >= 3
        shot(page, f"director-demo-{lang}-{width}-console")
        page.locator("table.grid tbody th a").first.click()
        page.wait_for_load_state()
        assert page.locator("table.results small.arith").count() >= 1
        shot(page, f"director-demo-{lang}-{width}-table-1")
        assert errors == []
        page.context.close()
