"""The ranks' pages in Debian's Chromium (Playwright), on a real server with the demo (its
season of weekly Swiss events gives the members different ranks): the leaderboard (all
players and the club's), a member's account page with the rank, the ledger and the
promotions, and the club's members with their ranks; at 360 and 1280 px, in English and
Chinese, none wider than the window.  Screenshots in artefacts/web/ (git-ignored)."""

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
    server, _env, _data = servers.demo_site(tmp_path_factory, "ratings-site")
    yield server
    server.stop()


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
@pytest.mark.parametrize("width", [360, 1280])
def test_the_ranks_pages(site: servers.Server, browser: Browser, locale: str,  # noqa: F811
                         width: int) -> None:
    zh = locale.startswith("zh")
    lang = "zh" if zh else "en"
    page, errors = new_page(browser, width, locale)
    page.goto(site.url + "/ratings/leaderboards/")
    rows = page.locator("#leaderboard tbody tr")
    expect(rows.first).to_be_visible()
    # The demo's season: the strongest pair (Wang Wei and Li Na) leads, and several ranks show
    # (the players with masterpoints: none is Unranked).
    expect(rows.first.locator("td.who")).to_have_text("王伟" if zh else "Wang Wei")
    ranks = {t.strip() for t in page.locator("#leaderboard td.rank").all_inner_texts()}
    assert len(ranks) >= 3 and ("无等级" if zh else "Unranked") not in ranks, ranks
    shot(page, f"ratings-{lang}-{width}-leaderboard")

    page.goto(site.url + "/account/login/")
    page.locator("#id_username").fill("zhangmin")
    page.locator("#id_password").fill("demo-member")
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_url("**/account/")
    expect(page.locator("#my-rank .rank")).not_to_have_text("无等级" if zh else "Unranked")
    # The rank in the reader's language only.
    expect(page.locator("#my-rank")).not_to_have_text(re.compile("[A-Za-z]" if zh else "[一-鿿]"))
    expect(page.locator("table.ledger tbody tr").first).to_be_visible()
    expect(page.locator("ul.promotions li").first).to_be_visible()
    page.locator("#masterpoints").scroll_into_view_if_needed()
    shot(page, f"ratings-{lang}-{width}-profile")

    page.goto(site.url + "/ratings/leaderboards/?club=demo")
    expect(page.locator("#my-place")).to_contain_text("您的名次" if zh else "Your place")
    expect(page.locator("#leaderboard tr.mine")).to_have_count(1)
    shot(page, f"ratings-{lang}-{width}-leaderboard-club")

    page.goto(site.url + "/clubs/demo/")
    members = page.locator("table.members tbody tr")
    expect(members.first).to_be_visible()
    assert members.count() == 31  # the director, 20 members, 2 without an account, 8 of the pool
    ranks = {t.strip() for t in page.locator("table.members td.rank").all_inner_texts()} - {"—"}
    assert len(ranks) >= 4 and ("无等级" if zh else "Unranked") in ranks, ranks
    page.locator("#members").scroll_into_view_if_needed()
    shot(page, f"ratings-{lang}-{width}-club-members")
    assert not errors, errors
