"""The competitions in Debian's Chromium (Playwright), on a real server whose competitions'
clock the test moves on (``BRIDGESCORE_CLOCK_FILE``: the server's clock runs ahead of the wall
clock by the seconds the test writes, so a round starts and ends when the test says rather
than after real minutes): a pair registers by raising hands in the registration room (two
browser contexts, North and South); a player follows a short Swiss (robot pairs, robots
standing in for the player's pair) from the lobby to the results page and a board's
comparison; and
the competitions' pages at 360 and 1280 px in both languages; a published two-winner pairs
event's results (its NS and EW fields, a cell clicked to the board's comparison, the
matchpoints' arithmetic opened) at both widths in both languages.  Screenshots in
artefacts/web/ (git-ignored)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from . import servers
from .test_browser import browser, new_page, shot  # noqa: F401 - the fixture

pytestmark = pytest.mark.browser
ENV: dict[str, str] = {}

# Creates a Swiss on the server's database, starting ``start_in`` seconds from now on the
# server's clock; robot pairs registered through the room (the director for them), and the
# named players as pairs when given; prints the competition's id and round 1's start.
MAKE = """
import sys, django
django.setup()
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from bridgescore.web.compete import clock, services as sv
from bridgescore.web.compete.kinds import robot_id
name, start_in, rounds, minutes, robots = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
people = sys.argv[6:]
club = Club.objects.get(slug="demo")
td = User.objects.get(username="director")
c = sv.create_competition(club, td, kind="swiss", name_en=name, name_zh=name + "（中）",
    settings={"start": clock.now() + start_in, "rounds": rounds, "boards_per_round": 1,
              "round_minutes": minutes, "hold_seconds": 2, "completion": 0.0,
              "registration_minutes": 60, "grace_seconds": 1})
table = 1
pairs = [(User.objects.get(username=a), User.objects.get(username=b))
         for a, b in zip(people[::2], people[1::2])]
for a, b in pairs:
    for who, seat in ((a, "N"), (b, "S")):
        sv.act(c, {"type": "Sit", "player": str(who.pk), "table": table, "seat": seat}, who)
    for who in (a, b):
        sv.act(c, {"type": "RaiseHand", "player": str(who.pk)}, who)
    table += 1
for i in range(robots):
    n, s = robot_id(f"b{table}n"), robot_id(f"b{table}s")
    for who, seat in ((n, "N"), (s, "S")):
        sv.act(c, {"type": "Sit", "player": who, "table": table, "seat": seat}, td)
    for who in (n, s):
        sv.act(c, {"type": "RaiseHand", "player": who}, td)
    table += 1
print(c.pk, c.settings["start"])
"""


# Creates a two-winner pairs event on the server's database (published when the first
# argument after the name is "publish"), played by the named
# members (six pairs: a 3-table Mitchell, 3 rounds of 2 boards) with the results entered
# by the director: one board cut (round 2 closed by hand), one adjusted (A+/A-).  No
# scheduled moment (no start time, no round time): the server's clock never acts on it,
# and the members' grace is an hour, so no robot stands in at its tables.  Prints its id.
MAKE_PAIRS = """
import sys, django
django.setup()
from bridgescore.core.result import Result
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from bridgescore.web.compete import services as sv
name, publish = sys.argv[1], sys.argv[2] == "publish"
people = [User.objects.get(username=u) for u in sys.argv[3:]]
club = Club.objects.get(slug="demo")
td = User.objects.get(username="director")
c = sv.create_competition(club, td, kind="pairs", name_en=name, name_zh=name + "（中）",
    settings={"winners": 2, "boards_per_round": 2, "deal_seed": 11, "grace_seconds": 3600})
for a, b in zip(people[::2], people[1::2]):
    sv.act(c, {"type": "signup", "players": [str(a.pk), str(b.pk)]}, a)
sv.act(c, {"type": "start"}, td)
play = {(1, 1): ("4S N =", "3NT S +1"), (1, 2): ("2H E =", "1NT W -1"), (1, 3): ("4S N -1", "3C S ="),
        (2, 1): ("4H N =", "2S W +1"), (2, 2): ("3NT S =", ""), (2, 3): ("4S N +1", "3NT S ="),
        (3, 1): ("4S N =", "2C N =") , (3, 2): ("4S N =", "A+/A-"), (3, 3): ("5D S =", "4H N +1")}
for r in (1, 2, 3):
    for t in sv.state_of(c).event.tables(r):
        for b, what in zip(t.boards, play[(r, t.table)]):
            if "/" in what:
                ns, ew = what.split("/")
                sv.act(c, {"type": "adjust", "round": r, "table": t.table, "board": b,
                           "ns": ns, "ew": ew}, td)
            elif what:
                sv.act(c, {"type": "result", "round": r, "table": t.table, "board": b,
                           "result": Result.parse(what).to_dict()}, td)
    ev = sv.state_of(c).event
    if ev.phase.value == "playing" and ev.round == r:
        sv.act(c, {"type": "close_round"}, td)
if publish:
    sv.act(c, {"type": "publish"}, td)
print(c.pk)
"""
PAIRS = ("wangwei", "lina", "zhangmin", "liuyang", "zhaoli", "huangqiang", "wujun", "xuhui",
         "sunli", "maming", "zhuting", "huyan")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[servers.Server]:
    clock_file = tmp_path_factory.mktemp("compete-clock") / "ahead"
    server, env, _ = servers.demo_site(tmp_path_factory, "compete-site",
                                       BRIDGESCORE_PLAY_ROBOT_SOLVER="simple",
                                       BRIDGESCORE_CLOCK_FILE=str(clock_file))
    ENV.clear()
    ENV.update(env)
    yield server
    server.stop()


def make_swiss(name: str, start_in: float, rounds: int, minutes: float, robots: int,
               *people: str) -> tuple[int, float]:
    """The new Swiss's id and round 1's start (on the server's clock)."""
    out = subprocess.run([sys.executable, "-c", MAKE, name, str(start_in), str(rounds),
                          str(minutes), str(robots), *people], env=ENV, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    cid, start = out.stdout.strip().splitlines()[-1].split()
    return int(cid), float(start)


def jump_to(moment: float) -> None:
    """The server's competitions' clock moved on to ``moment`` (never back): the seconds it
    runs ahead of the wall clock written where it reads them."""
    path = ENV["BRIDGESCORE_CLOCK_FILE"]
    try:
        with open(path, encoding="ascii") as f:
            ahead = float(f.read() or 0)
    except FileNotFoundError:
        ahead = 0.0
    ahead = max(ahead, moment - time.time())
    with open(path + ".new", "w", encoding="ascii") as f:
        f.write(repr(ahead))
    os.replace(path + ".new", path)  # whole: the server never reads half a number


def make_pairs(name: str, publish: bool) -> int:
    out = subprocess.run([sys.executable, "-c", MAKE_PAIRS, name,
                          "publish" if publish else "preview", *PAIRS], env=ENV,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return int(out.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def pairs_event(site: servers.Server) -> int:
    return make_pairs("Pairs night", True)


@pytest.fixture(scope="module")
def unpublished_pairs(site: servers.Server) -> int:
    return make_pairs("Pairs to publish", False)


def log_in(page: Page, url: str, username: str) -> None:
    page.goto(url + "/account/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill("demo-member")
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_url("**/account/")


def test_a_pair_registers_by_raising_hands(site: servers.Server, browser: Browser) -> None:  # noqa: F811
    cid, _ = make_swiss("Hands up Swiss", 600, 1, 5, 1)
    north, n_errors = new_page(browser, 1280, "en-US")
    south, s_errors = new_page(browser, 360, "zh-CN")
    log_in(north, site.url, "zhangmin")
    log_in(south, site.url, "liuyang")
    url = f"{site.url}/compete/{cid}/"
    north.goto(url)
    south.goto(url)
    shot(north, "compete-room-en-1280-0")
    # Table 1 has the robots' pair (registered, gone); the first free table is 1 or 2.
    north.locator("button[id$='-N'][id^='sit-']").first.click()
    expect(north.locator("#my-seat")).to_contain_text("You sit North")
    table = north.locator("#my-seat").inner_text().split("table ")[1].split(".")[0]
    # South sees North at the table within a refresh, and sits opposite.
    expect(south.locator(f"li[data-table='{table}'] .seat-n .who")).to_have_text("张敏",
                                                                                timeout=10000)
    assert not s_errors, s_errors
    south.locator(f"#sit-{table}-S").click()
    expect(south.locator("#my-seat")).to_contain_text("对面：张敏")
    shot(south, "compete-room-zh-360-1-seated")
    expect(north.locator("#raise")).to_be_visible(timeout=10000)
    north.locator("#raise").click()
    expect(north.locator("#lower")).to_be_visible()
    south.locator("#raise").click()
    expect(south.locator(".hold")).to_contain_text("两人都已举手", timeout=5000)
    shot(south, "compete-room-zh-360-2-hands")
    expect(north.locator("#registered")).to_have_text(
        "You are registered as pair 2.", timeout=15000)
    expect(south.locator("#registered")).to_have_text("您已报名，为第2对。", timeout=15000)
    expect(south.locator("#entries")).to_contain_text("张敏、刘洋")
    shot(north, "compete-room-en-1280-3-registered")
    shot(south, "compete-room-zh-360-3-registered")
    assert not n_errors and not s_errors, (n_errors, s_errors)


def test_a_player_follows_a_swiss_from_the_lobby_to_the_results(
        site: servers.Server, browser: Browser) -> None:  # noqa: F811
    # 2 rounds of 1 board, 10 minutes each, round 1 an hour away, the clock moved on by the
    # test; the player's pair and 3 robot pairs (robots stand in for the two members after
    # the 1-s grace, and play at once).
    name = "Quick Swiss"
    minutes = 10
    cid, start = make_swiss(name, 3600, 2, minutes, 3, "chenjing", "yanglei")
    page, errors = new_page(browser, 360, "en-US")
    log_in(page, site.url, "chenjing")
    page.goto(site.url + "/play/")
    page.locator("#to-competitions").click()
    page.wait_for_url("**/compete/")
    shot(page, "compete-follow-en-360-0-home")
    page.get_by_role("link", name=name).first.click()
    page.wait_for_url(f"**/compete/{cid}/")
    expect(page.locator("#registered")).to_have_text("You are registered as pair 1.")
    expect(page.locator("#h-round")).to_have_count(0)  # still an hour to go
    jump_to(start + 1)
    expect(page.locator("#h-round")).to_have_text("Round 1 of 2", timeout=20000)
    expect(page.locator("#your-table")).to_be_visible()
    href = page.locator("#your-table").get_attribute("href")
    assert href is not None and href.startswith("/play/tables/")
    expect(page.locator("#round-tables tbody tr")).to_have_count(2)
    shot(page, "compete-follow-en-360-1-round")
    done = page.locator("#round-tables tbody td:last-child")
    for r in (1, 2):
        # Every table's board played (the robots'), then the bell.
        for i in range(2):
            expect(done.nth(i)).to_contain_text("1/1", timeout=60000)
        jump_to(start + r * minutes * 60 + 1)
        if r == 1:
            expect(page.locator("#h-round")).to_have_text("Round 2 of 2", timeout=20000)
            expect(page.locator("#standings tbody tr")).to_have_count(4)
            shot(page, "compete-follow-en-360-2-round2")
    page.locator("#to-results").click(timeout=20000)
    page.wait_for_url(f"**/compete/{cid}/results/")
    expect(page.locator("#results tbody tr")).to_have_count(4)
    expect(page.locator("#results tr.mine")).to_have_count(1)
    shot(page, "compete-follow-en-360-3-results")
    page.locator("#results tbody td.cell a").first.click()
    page.wait_for_url(f"**/compete/{cid}/boards/*/")
    expect(page.locator("#traveller li.result").first).to_be_visible()
    page.locator("details.explain summary").first.click()
    expect(page.locator("details.explain pre").first).to_contain_text("IMPs")
    shot(page, "compete-follow-en-360-4-board")
    assert not errors, errors


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_competitions_pages(site: servers.Server, browser: Browser, width: int,  # noqa: F811
                                locale: str) -> None:
    lang = "zh" if locale.startswith("zh") else "en"
    page, errors = new_page(browser, width, locale)
    log_in(page, site.url, "wangwei")
    page.goto(site.url + "/compete/")
    expect(page.locator("header nav")).to_contain_text("竞赛" if lang == "zh" else "Competitions")
    shot(page, f"compete-{lang}-{width}-home")
    page.locator("#results-home").click()
    # The click starts a navigation: measure the new page, not the one being left.
    page.wait_for_url("**/compete/results/")
    expect(page.locator(".results-list a").first).to_be_visible()
    shot(page, f"compete-{lang}-{width}-results-home")
    page.locator(".results-list a").first.click()
    expect(page.locator("#results")).to_be_visible()
    shot(page, f"compete-{lang}-{width}-results")
    # A board by its number atop the grid; on a phone the grid is a block a pair (stack.css,
    # the header read out by screen readers only) and a board is reached by its figure.
    board = "#results thead th.board a" if width >= 768 else "#results tbody td.cell a"
    page.locator(board).first.click()
    expect(page.locator("#traveller")).to_be_visible()
    shot(page, f"compete-{lang}-{width}-board")
    page.goto(site.url + "/compete/")
    page.locator("#list-upcoming a").first.click()
    expect(page.locator("#h-room")).to_be_visible()
    shot(page, f"compete-{lang}-{width}-room")
    page.goto(site.url + "/account/")
    expect(page.locator("#masterpoints")).to_contain_text("3")
    shot(page, f"compete-{lang}-{width}-profile")
    assert not errors, errors


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_pairs_events_results_lead_to_a_boards_comparison(
        site: servers.Server, browser: Browser, pairs_event: int, width: int,  # noqa: F811
        locale: str) -> None:
    lang = "zh" if locale.startswith("zh") else "en"
    page, errors = new_page(browser, width, locale)
    log_in(page, site.url, "wangwei")  # pair 1, North-South
    page.goto(f"{site.url}/compete/{pairs_event}/")
    page.locator("#results-link").click()
    page.wait_for_url(f"**/compete/{pairs_event}/results/")
    expect(page.locator("#results-ns tbody tr")).to_have_count(3)
    expect(page.locator("#results-ew tbody tr")).to_have_count(3)
    expect(page.locator("#h-ns")).to_have_text("南北方向" if lang == "zh" else "North–South pairs")
    expect(page.locator("#results-ns tr.mine")).to_have_count(1)
    # Pair 2 (NS) stays at table 2, whose board 6 was cut in round 2: a ✂ in its row.
    expect(page.locator("#results-ns tr[data-pair='2'] td.cell[data-board='6']")).to_have_text("✂")
    shot(page, f"compete-pairs-{lang}-{width}-results")
    cell = page.locator("#results-ns tr.mine td.cell[data-board='2'] a")
    value = cell.inner_text()
    cell.click()
    page.wait_for_url(f"**/compete/{pairs_event}/boards/2/")
    rows = page.locator("#traveller li.result")
    expect(rows).to_have_count(3)
    # Pair 1's own row (round 1, table 1) shows the figure the cell showed.
    mine = page.locator("#traveller li.result[data-round='1'][data-table='1']")
    expect(mine.locator(".ns-value")).to_have_text(value)
    mine.locator("details.explain summary").click()
    expect(mine.locator("details.explain pre")).to_contain_text("比赛分" if lang == "zh"
                                                                  else "MP")
    expect(page.locator(".compass")).to_be_visible()
    shot(page, f"compete-pairs-{lang}-{width}-board")
    assert not errors, errors


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_before_publication_a_player_sees_their_progress_only(
        site: servers.Server, browser: Browser, unpublished_pairs: int, width: int,  # noqa: F811
        locale: str) -> None:
    """The event is complete, not published: a player's results page and event page show
    no totals, places or boards, only their own pair's progress (pair 2 stays at table 2,
    whose round-2 board was cut: 5 of its 6 boards)."""
    lang = "zh" if locale.startswith("zh") else "en"
    page, errors = new_page(browser, width, locale)
    log_in(page, site.url, "zhangmin")  # pair 2, North-South
    page.goto(f"{site.url}/compete/{unpublished_pairs}/results/")
    expect(page.locator("#scores-unpublished")).to_have_text(
        "裁判公布成绩后才显示得分和名次。" if lang == "zh"
        else "The scores and places are shown when the director publishes the results.")
    expect(page.locator("#my-progress")).to_have_text(
        "您所在的第2对已打 6 副中的 5 副。" if lang == "zh"
        else "Your pair (pair 2) has played 5 of its 6 boards.")
    expect(page.locator("table.results")).to_have_count(0)
    shot(page, f"compete-pairs-{lang}-{width}-unpublished-results")
    page.goto(f"{site.url}/compete/{unpublished_pairs}/")
    expect(page.locator("#my-progress")).to_be_visible()
    expect(page.locator("#standings")).to_have_count(0)
    shot(page, f"compete-pairs-{lang}-{width}-unpublished-event")
    assert not errors, errors
