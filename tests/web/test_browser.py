"""A real browser: Debian's Chromium driven by Playwright, at 360 px and 1280 px.

Sign up → log out → log in → switch the language → log out, in the browser's language;
then every page in both languages, checked for horizontal overflow on a phone and for
console errors (a Content-Security-Policy violation is one).  Screenshots are kept in
artefacts/web/ (git-ignored).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

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


def new_page(browser: Browser, width: int, locale: str,
             height: int = 800) -> tuple[Page, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def open_menu(page: Page) -> None:
    """On a phone the header's links, log in/out and the language switch are in its menu:
    open it (a wide window shows them in the header, with no menu button)."""
    button = page.locator("#menu-button")
    if button.is_visible() and button.get_attribute("aria-expanded") != "true":
        button.click()


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
    open_menu(page)
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

    open_menu(page)
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(site.url + "/")
    assert page.get_by_text("You have logged out.").is_visible()

    open_menu(page)
    page.get_by_role("link", name="Log in").first.click()
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/account/")
    assert page.get_by_role("heading", name="Your account").is_visible()

    open_menu(page)
    page.get_by_role("button", name="中文").click()
    page.wait_for_load_state()
    open_menu(page)  # closed again on the new page
    assert page.locator("html").get_attribute("lang") == "zh-Hans"
    assert page.get_by_role("heading", name="我的帐户").is_visible()
    assert page.get_by_role("button", name="中文").get_attribute("aria-pressed") == "true"
    shot(page, f"flow-{width}-3-account-zh")

    open_menu(page)
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
            header_fits(page, path)
            shot(page, f"page-{lang}-{width}-{_name(path)}")
        page.goto(site.url + "/account/login/")
        page.locator("#id_username").fill("director")
        page.locator("#id_password").fill("demo-director")
        page.locator("form.stack button[type=submit]").click()
        page.wait_for_url("**/account/")
        for path in PRIVATE:
            page.goto(site.url + path)
            header_fits(page, path)
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


HEADER_HEIGHT = 56  # one row: the brand and the menu button (44 px to tap) and a margin


def header_fits(page: Page, path: str) -> None:
    """The header is one row: on a phone its links are in the menu (it once wrapped onto
    three rows, 150 px of every page; issue 23, finding 11)."""
    box = page.locator("header.site").bounding_box()
    assert box is not None and box["height"] <= HEADER_HEIGHT, (path, box)


def tab_to(page: Page, text: str) -> None:
    """Tab from where the focus is to what shows ``text`` (in at most 12 steps)."""
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent.trim()") == text:
            return
    raise AssertionError(f"Tab never reached {text!r}")


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_phone_header_s_menu_by_keyboard(site: servers.Server, browser: Browser,
                                             locale: str) -> None:
    """At 360 px: the menu button, reached by Tab, opens the menu (aria-expanded), its links
    are reached by Tab and followed by Enter, Escape closes it and gives the focus back; the
    language switch is in it.  Without a script the links are in the header itself."""
    zh = locale.startswith("zh")
    page, errors = new_page(browser, 360, locale)
    page.goto(site.url + "/clubs/")
    button = page.locator("#menu-button")
    menu = page.locator("#site-menu")
    expect(button).to_have_text("菜单" if zh else "Menu")
    expect(menu).to_be_hidden()
    page.keyboard.press("Tab")  # the skip link
    page.keyboard.press("Tab")  # the brand
    page.keyboard.press("Tab")
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(menu).to_be_visible()
    shot(page, f"menu-{'zh' if zh else 'en'}-360-open")
    page.keyboard.press("Escape")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(menu).to_be_hidden()
    expect(button).to_be_focused()
    page.keyboard.press("Space")  # a button opens on either key
    expect(menu).to_be_visible()
    tab_to(page, "排行榜" if zh else "Leaderboards")  # Clubs, Play, Competitions, Leaderboards
    page.keyboard.press("Enter")
    page.wait_for_url(site.url + "/ratings/leaderboards/")
    header_fits(page, "/ratings/leaderboards/")
    # The other language, from the menu, by keyboard: the switch's other button.
    other = "English" if zh else "中文"
    page.locator("#menu-button").press("Enter")
    tab_to(page, other)
    page.keyboard.press("Enter")
    page.wait_for_url(site.url + "/ratings/leaderboards/")
    expect(page.locator("html")).to_have_attribute("lang", "en" if zh else "zh-Hans")
    header_fits(page, "/ratings/leaderboards/ (switched)")
    assert errors == []
    page.context.close()
    # Without a script: no menu button, every link in the header (on more rows).
    context = browser.new_context(viewport={"width": 360, "height": 800}, locale=locale,
                                  java_script_enabled=False)
    page = context.new_page()
    page.goto(site.url + "/clubs/")
    expect(page.locator("#menu-button")).to_be_hidden()
    expect(page.get_by_role("link", name="打牌" if zh else "Play")).to_be_visible()
    expect(page.get_by_role("button", name=other)).to_be_visible()
    shot(page, f"menu-{'zh' if zh else 'en'}-360-no-script")
    context.close()


def _name(path: str) -> str:
    return path.strip("/").replace("/", "-") or "home"
