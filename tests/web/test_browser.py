"""A real browser: Debian's Chromium driven by Playwright, at 360 px and 1280 px.

Sign up → log out → log in → switch the language → log out, in the browser's language;
then every page in both languages, checked for horizontal overflow on a phone and for
console errors (a Content-Security-Policy violation is one).  Screenshots are kept in
artefacts/web/ (git-ignored).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests import chromium
from tests.chromium import ARGS, CHROMIUM
from tests.sizes import SHOTS

from . import servers

pytestmark = pytest.mark.browser
ARTEFACTS = servers.REPO / "artefacts" / "web"
WIDTHS = (360, 1280)
PASSWORD = "a-browser-password-42"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[servers.Server]:
    chromium.require()
    server, _env, _data = servers.demo_site(tmp_path_factory, "site")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def new_page(browser: Browser, width: int, locale: str) -> tuple[Page, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": 800}, locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def shot(page: Page, name: str) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    if SHOTS:
        page.screenshot(path=str(ARTEFACTS / f"{name}.png"), full_page=True)
    width = page.viewport_size["width"] if page.viewport_size else 0
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{name}: the page is {scroll} px wide in a {width}-px window"


@pytest.mark.parametrize("width", WIDTHS)
def test_sign_up_log_in_switch_language_log_out(site: servers.Server, browser: Browser,
                                                width: int) -> None:
    page, errors = new_page(browser, width, "en-US")
    name = f"erin{width}"
    page.goto(site.url + "/")
    assert page.locator("html").get_attribute("lang") == "en"
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill(name)
    page.get_by_label("Name in English").fill("Erin Zhou")
    page.get_by_label("Name in Chinese").fill("周艾琳")
    page.get_by_label("E-mail").fill(f"{name}@example.org")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    shot(page, f"flow-{width}-1-signup-filled")
    page.get_by_role("button", name="Create the account").click()
    page.wait_for_url("**/account/")
    assert page.get_by_text("Welcome! Your account has been created.").is_visible()
    shot(page, f"flow-{width}-2-account")

    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(site.url + "/")
    assert page.get_by_text("You have logged out.").is_visible()

    page.get_by_role("link", name="Log in").first.click()
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/account/")
    assert page.get_by_role("heading", name="Your account").is_visible()

    page.get_by_role("button", name="中文").click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "zh-Hans"
    assert page.get_by_role("heading", name="我的帐户").is_visible()
    assert page.get_by_role("button", name="中文").get_attribute("aria-pressed") == "true"
    shot(page, f"flow-{width}-3-account-zh")

    page.get_by_role("button", name="退出").click()
    page.wait_for_url(site.url + "/")
    assert page.get_by_text("您已退出登录。").is_visible()
    shot(page, f"flow-{width}-4-logged-out-zh")
    assert errors == []


PUBLIC = ["/", "/account/signup/", "/account/login/", "/account/password/reset/",
          "/account/password/reset/sent/", "/clubs/", "/clubs/demo/", "/ratings/leaderboards/",
          "/no-such-page/"]
PRIVATE = ["/account/", "/account/tokens/", "/account/password/", "/clubs/demo/",
           "/ratings/ledger/"]


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_every_page_at_both_widths(site: servers.Server, browser: Browser, locale: str) -> None:
    lang = "zh" if locale.startswith("zh") else "en"
    for width in WIDTHS:
        page, errors = new_page(browser, width, locale)
        for path in PUBLIC:
            page.goto(site.url + path)
            shot(page, f"page-{lang}-{width}-{_name(path)}")
        page.goto(site.url + "/account/login/")
        page.locator("#id_username").fill("director")
        page.locator("#id_password").fill("demo-director")
        page.locator("form.stack button[type=submit]").click()
        page.wait_for_url("**/account/")
        for path in PRIVATE:
            page.goto(site.url + path)
            shot(page, f"page-{lang}-{width}-{_name(path)}-director")
        # A token, shown once, must fit a phone's width too.
        page.goto(site.url + "/account/tokens/")
        page.locator("#id_name").fill("results script")
        page.locator("form.stack button[type=submit]").click()
        assert page.locator("code.token").inner_text().startswith("bst_")
        shot(page, f"page-{lang}-{width}-tokens-new")
        heading = page.locator("h1").inner_text()
        assert heading == ("API 令牌" if lang == "zh" else "API tokens")
        # 404 page logs a console error for its own status: that one is expected.
        assert [e for e in errors if "404" not in e] == []


def _name(path: str) -> str:
    return path.strip("/").replace("/", "-") or "home"
