"""The team pages in a real browser (Debian's Chromium through Playwright): the director
creates a match through the form, the tables' results come in (through the events services,
as the phones' entries do), and the match page is looked at in both languages at 360 and
1280 px, as the director (everything) and as a member while in play (boards played in both
rooms only).  A result arriving while a page is open, or a new VP scale, reaches it over the
WebSocket push (the page does not poll while its socket is up), and with the socket down by
the 10-second poll.  Screenshots go to artefacts/web/.

The results are stored by another process (``_django``), as a table's phone on another app
server would store them: the push crosses from it to the server holding the socket through
Redis, as in the pairs pages' browser test."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests import chromium
from tests.sizes import SHOTS

from ... import servers
from ...test_browser import ARTEFACTS, WIDTHS, browser, new_page, shot

__all__ = ["browser"]  # the browser fixture, shared with the site's own browser tests

pytestmark = pytest.mark.browser
REDIS = os.environ.get("BRIDGESCORE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0").rsplit("/", 1)[0]

# Results by (round, table, board): the first three boards in both rooms, board 4 only in
# the open room (so a member in play sees three boards).  By hand: b1 470 → 10 to the home
# team, b2 0, b3 510 → 11 to home; totals 21–0.
RESULTS = [(1, 1, 1, "4S", "N", "="), (1, 2, 1, "4S", "N", "-1"),
           (1, 1, 2, "3NT", "S", "+1"), (1, 2, 2, "3NT", "S", "+1"),
           (2, 1, 3, "2H", "W", "="), (2, 2, 3, "4H", "W", "="),
           (2, 1, 4, "4S", "N", "+2")]
PEOPLE = [("director", "Zhou Min", "周敏", "demo-director", "director"),
          ("wangwei", "Wang Wei", "王伟", "demo-member", "member"),
          ("lina", "Li Na", "李娜", "demo-member", "member"),
          ("zhangmin", "Zhang Min", "张敏", "demo-member", "member"),
          ("liuyang", "Liu Yang", "刘洋", "demo-member", "member")]
LAST = (2, 2, 4, "6S", "N", "=")  # arrives while a page is open: −750 → 13 to away


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[servers.Server, dict[str, str]]]:
    chromium.require()
    data = tmp_path_factory.mktemp("teams-site")
    env = servers.server_env(data, REDIS_URL=f"{REDIS}/{servers.worker_redis_db(12)}")
    server = servers.start(env, data)
    # A club of our own rather than the whole demo (which plays two pairs sessions first).
    _django(env, "from bridgescore.web.accounts.models import Player, User\n"
                 "from bridgescore.web.clubs.models import Club, Membership\n"
                 "club = Club.objects.create(slug='demo', name_en='Riverside Bridge Club',\n"
                 "                           name_zh='江滨桥牌俱乐部')\n"
                 f"for name, en, zh, pw, role in {PEOPLE!r}:\n"
                 "    u = User.objects.create_user(name, f'{name}@example.org', pw)\n"
                 "    p = Player.objects.create(user=u, name_en=en, name_zh=zh)\n"
                 "    Membership.objects.create(club=club, player=p, role=role)\n")
    yield server, env
    server.stop()


def _django(env: dict[str, str], code: str) -> str:
    """Run ``code`` against the server's database (a separate process, as another server)."""
    head = ("import django; django.setup()\n"
            "from bridgescore.web.events import entries as ev_entries\n"
            "from bridgescore.web.events import services as sv\n"
            "from bridgescore.web.events.models.session import Event\n")
    r = subprocess.run([sys.executable, "-c", head + code], env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def _enter(env: dict[str, str], event: int, rows: list[tuple[int, int, int, str, str, str]]) -> None:
    _django(env, f"e = Event.objects.get(pk={event})\n"
                 f"for rnd, t, b, c, d, res in {rows!r}:\n"
                 "    ev_entries.enter(e, sv.Actor(table=e.table_set.get(number=t)), round=rnd,\n"
                 "                     table=t, fields={'board': b, 'contract': c, 'declarer': d,\n"
                 "                                      'result': res})\n")


def _log_in(page: Page, url: str, user: str, password: str) -> None:
    page.goto(url + "/account/login/")
    page.locator("#id_username").fill(user)
    page.locator("#id_password").fill(password)
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_url("**/account/")


_sessions: dict[str, Any] = {}


def _signed_in(browser: Browser, url: str, width: int, locale: str, user: str,
               password: str) -> tuple[Page, list[str]]:
    """A page at ``width`` in ``locale`` with ``user`` signed in: one log-in per user, its
    cookies reused by the other contexts (the real password hasher is slow)."""
    if user not in _sessions:
        page, _ = new_page(browser, 1280, "en-US")
        _log_in(page, url, user, password)
        _sessions[user] = page.context.storage_state()
        page.context.close()
    context = browser.new_context(viewport={"width": width, "height": 800}, locale=locale,
                                  storage_state=_sessions[user])
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def test_create_a_match_and_watch_it(site: tuple[servers.Server, dict[str, str]],
                                     browser: Browser) -> None:
    server, env = site
    page, errors = _signed_in(browser, server.url, 1280, "en-US", "director", "demo-director")
    page.goto(server.url + "/clubs/demo/matches/new")
    shot(page, "teams-en-1280-new")
    page.locator("#id_name_en").fill("Riverside teams")
    page.locator("#id_name_zh").fill("江滨队式赛")
    page.locator("#id_boards").fill("4")
    page.locator("#id_segments").fill("2")
    teams = page.locator("details.team")
    for i, (en, zh, members, guests) in enumerate([
            ("Lions", "狮队", ["Wang Wei 王伟", "Li Na 李娜"], "Lin Tao / 林涛\nMa Li / 马丽"),
            ("Tigers", "虎队", ["Zhang Min 张敏", "Liu Yang 刘洋"], "Guo Jing / 郭靖\n黄蓉")]):
        page.locator(f"#id_team-{i}-name_en").fill(en)
        page.locator(f"#id_team-{i}-name_zh").fill(zh)
        for m in members:
            teams.nth(i).get_by_label(m).check()
        page.locator(f"#id_team-{i}-guests").fill(guests)
    page.get_by_role("button", name="Create the session").click()
    page.wait_for_url("**/events/*/match/")
    event = int(page.url.rstrip("/").split("/")[-2])
    assert page.get_by_text("No board has been played in both rooms yet.").is_visible()

    _django(env, f"e = Event.objects.get(pk={event})\n"
                 "sv.set_status(e, sv.Actor(e.created_by), Event.Status.RUNNING)\n")
    _enter(env, event, RESULTS)
    page.reload()
    expect(page.get_by_text("+420 − (-50) = +470: 10 IMPs to Lions")).to_be_visible()
    expect(page.locator(".live-state.live")).to_be_visible(timeout=10000)
    page.evaluate("window.notReloaded = true")
    # The last board arrives while the page is open: the push brings it (the socket is up,
    # so the page does not poll).
    _enter(env, event, [LAST])
    stored = time.monotonic()
    expect(page.get_by_text("+680 − (+1430) = -750: 13 IMPs to Tigers")).to_be_visible(
        timeout=15000)
    print(f"the match page changed {time.monotonic() - stored:.2f} s after the entry was stored")
    assert page.evaluate("window.notReloaded") is True
    expect(page.locator(".live-state.live")).to_be_visible()
    expect(page.locator(".total").first).to_contain_text("21 – 13")
    expect(page.locator(".total.vp")).to_contain_text("14.18 – 5.82")
    assert errors == []

    # The director changes the VP scale: a member's open page shows the new VPs by itself.
    member, member_errors = _signed_in(browser, server.url, 360, "zh-CN", "wangwei",
                                       "demo-member")
    member.goto(f"{server.url}/events/{event}/match/")
    expect(member.locator(".live-state.live")).to_be_visible(timeout=10000)
    member.evaluate("window.notReloaded = true")
    page.goto(f"{server.url}/events/{event}/match/settings")
    shot(page, "teams-en-1280-settings")
    page.locator("#id_vp_scale").select_option("acbl-20")
    page.get_by_role("button", name="Save the settings").click()
    page.wait_for_url(f"**/events/{event}/match/")
    expect(page.locator(".total.vp")).to_contain_text("14 – 6")
    # ACBL 20-VP up to 8 boards: 8 IMPs is the fourth step (1, 3, 5, 8): 14–6.
    expect(member.locator(".total.vp")).to_contain_text("14 – 6", timeout=15000)
    expect(member.locator(".total.vp")).to_contain_text("ACBL 20 VP 整数换算表")
    expect(member.locator(".vp-scale")).to_have_text("VP 换算表：ACBL 20 VP 整数换算表。")
    assert member.evaluate("window.notReloaded") is True
    shot(member, "teams-zh-360-match-after-new-scale")
    assert errors == [] and member_errors == []
    member.context.close()

    for locale, lang in (("en-US", "en"), ("zh-CN", "zh")):
        for width in WIDTHS:
            page, errors = _signed_in(browser, server.url, width, locale, "director",
                                      "demo-director")
            page.goto(f"{server.url}/events/{event}/match/")
            heading = "江滨队式赛" if lang == "zh" else "Riverside teams"
            assert page.locator("h1").inner_text() == heading
            shot(page, f"teams-{lang}-{width}-match-director")
            page.goto(server.url + "/clubs/demo/matches/new")
            shot(page, f"teams-{lang}-{width}-new")
            page.goto(f"{server.url}/events/{event}/match/settings")
            shot(page, f"teams-{lang}-{width}-settings")
            assert errors == []
    assert not SHOTS or (ARTEFACTS / "teams-zh-360-match-director.png").is_file()


def test_a_member_in_play_sees_boards_played_in_both_rooms(
        site: tuple[servers.Server, dict[str, str]], browser: Browser) -> None:
    server, env = site
    out = _django(env, "from bridgescore.web.events.teams import services as teams\n"
                       "from bridgescore.web.clubs.models import Club\n"
                       "from bridgescore.web.accounts.models import Player\n"
                       "import datetime\n"
                       "club = Club.objects.get(slug='demo')\n"
                       "d = Event.objects.filter(club=club).first()\n"
                       "from bridgescore.web.accounts.models import User\n"
                       "boss = User.objects.get(username='director')\n"
                       "g = lambda p: tuple(teams.Guest(f'{p} {i}', f'{p}{i}') for i in range(4))\n"
                       "e = teams.create_team_event(club, sv.Actor(boss), name_en='Member view',\n"
                       "    name_zh='会员视图', date=datetime.date(2026, 12, 1), movement='match',\n"
                       "    boards=4, segments=2, teams=[teams.TeamSpec('Owls', '猫头鹰', g('Owl')),\n"
                       "    teams.TeamSpec('Hawks', '鹰队', g('Hawk'))])\n"
                       "sv.set_status(e, sv.Actor(boss), Event.Status.RUNNING)\n"
                       "print(e.pk)\n")
    event = int(out.strip())
    _enter(env, event, RESULTS)
    for locale, lang in (("en-US", "en"), ("zh-CN", "zh")):
        for width in WIDTHS:
            page, errors = _signed_in(browser, server.url, width, locale, "wangwei",
                                      "demo-member")
            page.goto(f"{server.url}/events/{event}/match/")
            rows = page.locator("table.match tbody tr")
            expect(rows).to_have_count(3)  # board 4 waits for the closed room
            expect(page.locator(".total").first).to_contain_text("21 – 0")
            shot(page, f"teams-{lang}-{width}-match-member")
            assert errors == []


def test_a_round_robin_page(site: tuple[servers.Server, dict[str, str]], browser: Browser) -> None:
    # Four teams, one board a round; round 1 played at all four tables.  The standings count
    # the two matches of round 1; the cross-table shows their VPs.
    server, env = site
    out = _django(env, "from bridgescore.web.events.teams import services as teams\n"
                       "from bridgescore.web.clubs.models import Club\n"
                       "from bridgescore.web.accounts.models import User\n"
                       "import datetime\n"
                       "club = Club.objects.get(slug='demo')\n"
                       "boss = User.objects.get(username='director')\n"
                       "g = lambda p: tuple(teams.Guest(f'{p} {i}', '') for i in range(4))\n"
                       "e = teams.create_team_event(club, sv.Actor(boss), name_en='Round robin',\n"
                       "    name_zh='循环赛', date=datetime.date(2026, 12, 1),\n"
                       "    movement='round-robin', boards=1, teams=[teams.TeamSpec(n, z, g(n))\n"
                       "    for n, z in (('North Stars', '北极星'), ('Rivers', '江河队'),\n"
                       "                 ('Pandas', '熊猫队'), ('Dragons', '龙队'))])\n"
                       "sv.set_status(e, sv.Actor(boss), Event.Status.RUNNING)\n"
                       "print(e.pk)\n")
    event = int(out.strip())
    _enter(env, event, [(1, 1, 1, "4S", "N", "="), (1, 2, 1, "4S", "N", "-1"),
                        (1, 3, 1, "3NT", "S", "="), (1, 4, 1, "3NT", "S", "=")])
    for locale, lang in (("en-US", "en"), ("zh-CN", "zh")):
        for width in WIDTHS:
            page, errors = _signed_in(browser, server.url, width, locale, "wangwei",
                                      "demo-member")
            page.goto(f"{server.url}/events/{event}/match/")
            expect(page.locator("table.standings tbody tr")).to_have_count(4)
            shot(page, f"teams-{lang}-{width}-round-robin")
            page.locator("ul.matches a").first.click()
            expect(page.locator("table.match tbody tr")).to_have_count(1)
            shot(page, f"teams-{lang}-{width}-round-robin-match")
            assert errors == []


def test_a_double_round_robin_page(site: tuple[servers.Server, dict[str, str]],
                                   browser: Browser) -> None:
    # Four teams twice round, one board a round (round r plays board r): rounds 1 and 4 (the
    # same matches, home and away swapped) played, so two cells a team show two meetings.
    server, env = site
    out = _django(env, "from bridgescore.web.events.teams import services as teams\n"
                       "from bridgescore.web.clubs.models import Club\n"
                       "from bridgescore.web.accounts.models import User\n"
                       "import datetime\n"
                       "club = Club.objects.get(slug='demo')\n"
                       "boss = User.objects.get(username='director')\n"
                       "g = lambda p: tuple(teams.Guest(f'{p} {i}', '') for i in range(4))\n"
                       "e = teams.create_team_event(club, sv.Actor(boss), name_en='Twice round',\n"
                       "    name_zh='双循环赛', date=datetime.date(2026, 12, 1), legs=2,\n"
                       "    movement='round-robin', boards=1, teams=[teams.TeamSpec(n, z, g(n))\n"
                       "    for n, z in (('North Stars', '北极星'), ('Rivers', '江河队'),\n"
                       "                 ('Pandas', '熊猫队'), ('Dragons', '龙队'))])\n"
                       "sv.set_status(e, sv.Actor(boss), Event.Status.RUNNING)\n"
                       "print(e.pk)\n")
    event = int(out.strip())
    played = [(r, t, r, "4S", "N", "=" if t % 2 else "-1") for r in (1, 4) for t in (1, 2, 3, 4)]
    _enter(env, event, played)
    for locale, lang, width in (("en-US", "en", 1280), ("zh-CN", "zh", 360)):
        page, errors = _signed_in(browser, server.url, width, locale, "wangwei", "demo-member")
        page.goto(f"{server.url}/events/{event}/match/")
        expect(page.locator("table.standings tbody tr")).to_have_count(4)
        # Every team has met one opponent twice (rounds 1 and 4): one cell of two meetings.
        expect(page.locator("table.cross td:has(.meeting + .meeting)")).to_have_count(4)
        expect(page.locator("ul.matches li")).to_have_count(12)
        shot(page, f"teams-{lang}-{width}-double-round-robin")
        assert errors == []
        page.context.close()

    # A match's own page is fetched again when its match changes, not for another match's
    # entry (the director sees every room as it comes in).
    page, errors = _signed_in(browser, server.url, 1280, "en-US", "director", "demo-director")
    page.goto(f"{server.url}/events/{event}/match/")
    mine = page.locator("ul.matches a").nth(2)  # the first match of round 2 (tables 1 and 2)
    expect(mine).to_contain_text("Round 2")
    mine.click()
    expect(page.locator(".live-state.live")).to_be_visible(timeout=10000)
    _enter(env, event, [(2, 3, 2, "3NT", "S", "="), (2, 4, 2, "3NT", "S", "=")])
    time.sleep(2)  # the push has come and gone: this page was not asked for again
    assert page.evaluate("document.body.getAttribute('data-live-refreshed')") is None
    _enter(env, event, [(2, 1, 2, "3NT", "S", "="), (2, 2, 2, "3NT", "S", "-1")])
    expect(page.locator("table.match tbody tr")).to_have_count(1, timeout=15000)
    assert page.evaluate("document.body.getAttribute('data-live-refreshed')") is not None
    assert errors == []
    page.context.close()


def test_with_the_socket_down_the_match_page_polls(
        site: tuple[servers.Server, dict[str, str]], browser: Browser) -> None:
    server, env = site
    out = _django(env, "from bridgescore.web.events.teams import services as teams\n"
                       "from bridgescore.web.clubs.models import Club\n"
                       "from bridgescore.web.accounts.models import User\n"
                       "import datetime\n"
                       "club = Club.objects.get(slug='demo')\n"
                       "boss = User.objects.get(username='director')\n"
                       "g = lambda p: tuple(teams.Guest(f'{p} {i}', '') for i in range(4))\n"
                       "e = teams.create_team_event(club, sv.Actor(boss), name_en='Polled',\n"
                       "    name_zh='轮询', date=datetime.date(2026, 12, 1), movement='match',\n"
                       "    boards=4, segments=2, teams=[teams.TeamSpec('Owls', '猫头鹰', g('Owl')),\n"
                       "    teams.TeamSpec('Hawks', '鹰队', g('Hawk'))])\n"
                       "sv.set_status(e, sv.Actor(boss), Event.Status.RUNNING)\n"
                       "print(e.pk)\n")
    event = int(out.strip())
    _enter(env, event, RESULTS[:2])
    page, errors = _signed_in(browser, server.url, 360, "zh-CN", "wangwei", "demo-member")
    page.context.add_init_script("window.WebSocket = undefined;")  # as if blocked by a proxy
    page.clock.install()  # the page's timers run on the test's clock
    page.goto(f"{server.url}/events/{event}/match/")
    expect(page.locator(".live-state.polling")).to_have_text("连接中断：每 10 秒检查一次新成绩。")
    page.evaluate("window.notReloaded = true")
    expect(page.locator("table.match tbody tr")).to_have_count(1)
    _enter(env, event, RESULTS[2:4])  # board 2 in both rooms: 0 IMPs
    expect(page.locator("table.match tbody tr")).to_have_count(1)  # until the next look
    page.clock.fast_forward(10_000)
    expect(page.locator("table.match tbody tr")).to_have_count(2, timeout=25000)
    assert page.evaluate("window.notReloaded") is True
    shot(page, "teams-zh-360-match-polled")
    assert errors == []
    page.context.close()
