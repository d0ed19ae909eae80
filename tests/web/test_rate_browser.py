"""The Rate's pages in Debian's Chromium (Playwright), on a real server with the demo, whose
board pool has three rated weeks (``ratings.pool_demo``): the leaderboard by Rate (all players,
and the club's with the reader's place), the account page's Rate section (the chart, the
weeks, a board's arithmetic opened), the week's points, and the club's members with their
figures; at 390 and 1280 px, in English and Chinese, none wider than the window.
Screenshots in artefacts/web/ (git-ignored)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from . import servers
from .test_browser import browser, new_page, shot  # noqa: F401 - the fixture

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[servers.Server]:
    server, _env, _data = servers.demo_site(tmp_path_factory, "rate-site")
    yield server
    server.stop()


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
@pytest.mark.parametrize("width", [390, 1280])
def test_the_rate_pages(site: servers.Server, browser: Browser, locale: str,  # noqa: F811
                        width: int) -> None:
    zh = locale.startswith("zh")
    lang = "zh" if zh else "en"
    page, errors = new_page(browser, width, locale)
    page.goto(site.url + "/ratings/leaderboards/?by=rate")
    expect(page.locator('nav.tabs a[aria-current="page"]')).to_have_text(
        "牌技指数" if zh else "Rate")
    rows = page.locator("#leaderboard tbody tr")
    expect(rows.first).to_be_visible()
    assert rows.count() >= 24
    expect(rows.first.locator("td.rate small.club")).to_have_text(
        "江滨桥牌俱乐部" if zh else "Riverside Bridge Club")
    shot(page, f"rate-{lang}-{width}-leaderboard")

    page.goto(site.url + "/account/login/")
    page.locator("#id_username").fill("zhangmin")
    page.locator("#id_password").fill("demo-member")
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_url("**/account/")
    section = page.locator("#rate")
    expect(section.locator("h2")).to_have_text("牌技指数" if zh else "Rate")
    chart = section.locator("svg.rate-chart")
    expect(chart).to_be_visible()
    expect(chart.locator("title").first).to_contain_text("每周之后的牌技指数" if zh
                                                         else "The Rate after each week at")
    expect(section.locator("table.rate-weeks tbody tr")).to_have_count(3)
    opened = section.locator("details.explain").first
    # The board's share in the joint fit, in the summary: what it did to the Rate.
    expect(opened.locator("summary")).to_contain_text(
        re.compile("对牌技指数的影响：[+−-]?[0-9]|不计入牌技指数" if zh
                   else "Share in the Rate: [+−-]?[0-9]|Not counted for the Rate"))
    opened.locator("summary").click()
    expect(opened.locator(".arith")).to_contain_text("第" if zh else "Board")
    section.scroll_into_view_if_needed()
    shot(page, f"rate-{lang}-{width}-profile")

    page.goto(site.url + "/ratings/leaderboards/?by=rate&club=demo")
    expect(page.locator("#my-place")).to_contain_text("您的名次" if zh else "Your place")
    expect(page.locator("#leaderboard tr.mine")).to_have_count(1)
    shot(page, f"rate-{lang}-{width}-leaderboard-club")

    page.goto(site.url + "/ratings/leaderboards/?by=week_points&club=demo")
    expect(page.locator("#leaderboard tbody tr").first).to_be_visible()
    # Two figures a row (points, boards): side by side, never drawn over each other.
    edges = []
    for where in ("thead tr", "tbody tr"):
        row = page.locator(f"#leaderboard {where}").first
        a = row.locator(".week_points").bounding_box()
        b = row.locator(".week_boards").bounding_box()
        assert a is not None and b is not None
        assert a["x"] + a["width"] <= b["x"] + 0.5, (where, a, b)
        edges.append((round(a["x"] + a["width"]), round(b["x"] + b["width"])))
    assert edges[0] == edges[1], edges  # the headings stand over their figures
    shot(page, f"rate-{lang}-{width}-week-points")

    page.goto(site.url + "/clubs/demo/")
    expect(page.locator("table.members td.rate").first).to_be_visible()
    page.locator("#members").scroll_into_view_if_needed()
    shot(page, f"rate-{lang}-{width}-club-members")
    assert not errors, errors
