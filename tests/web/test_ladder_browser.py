"""The ladder in Debian's Chromium (Playwright): the challenger's captain challenges an
entrant within range from the ladder page, the defender's captain (another browser
context) sees the challenge and accepts it, and both then see it accepted with its VP team
match made and started by the server's clock (match_start_after 0: at once); at 360 px and 1280 px, in both languages.
Screenshots in artefacts/web/ (git-ignored)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from . import servers
from .test_browser import browser, new_page, shot  # noqa: F401 - the fixture

pytestmark = pytest.mark.browser
PASSWORD = "a-ladder-password-42"
CASES = [(360, "en-US"), (1280, "zh-CN"), (360, "zh-CN"), (1280, "en-US")]

# Run in the site's environment: a club, eight members in two groups (captains a1 and b1),
# and one ladder a case (the Aces at place 1, a few others, the Bees at place 5).
SETUP = """
import django; django.setup()
from bridgescore.web.accounts.models import Player, User
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models.groups import GroupMember, PlayerGroup
club = Club.objects.create(slug="ladder-club", name_en="Ladder Club", name_zh="梯级俱乐部")
def person(name, zh, role="member"):
    u = User.objects.create_user(name, f"{name}@example.org", "%(pw)s")
    p = Player.objects.create(user=u, name_en=name.title(), name_zh=zh)
    Membership.objects.create(club=club, player=p, role=role)
    return u
td = person("ladtd", "裁判", "director")
def grp(name, zh, people):
    g = PlayerGroup.objects.create(club=club, name_en=name, name_zh=zh, leader=people[0])
    for i, u in enumerate(people):
        GroupMember.objects.create(group=g, user=u, order=i)
    return g
aces = grp("Aces", "王牌队", [person(f"a{i}", f"王{i}") for i in range(1, 5)])
bees = grp("Bees", "蜜蜂队", [person(f"b{i}", f"蜂{i}") for i in range(1, 5)])
others = [grp(f"Team {k}", f"{k}队", [person(f"t{k}", f"队长{k}")]) for k in "CDE"]
for n in range(%(cases)d):
    entrants = [{"id": g.entrant_id, "kind": "team", "captain": str(g.leader_id)}
                for g in [aces, *others, bees]]
    c = sv.create_competition(club, td, kind="ladder", name_en=f"Ladder {n}",
                              name_zh=f"梯级赛 {n}", settings={"entrants": entrants,
                                                              "reach": 4, "boards": 8,
                                                              "match_start_after": 0})
    print(c.pk)
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[servers.Server, list[int]]]:
    data = tmp_path_factory.mktemp("ladder-site")
    env = servers.server_env(data)
    server = servers.start(env, data)
    out = subprocess.run([sys.executable, "-c", SETUP % {"pw": PASSWORD, "cases": len(CASES)}],
                         env=env, capture_output=True, text=True, timeout=120, check=True)
    yield server, [int(x) for x in out.stdout.split()]
    server.stop()


def log_in(page: Page, url: str, username: str) -> None:
    page.goto(url + "/account/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_url("**/account/")


@pytest.mark.parametrize(("width", "locale"), CASES)
def test_a_challenge_made_and_accepted(site: tuple[servers.Server, list[int]],
                                       browser: Browser, width: int,  # noqa: F811
                                       locale: str) -> None:
    server, ladders = site
    zh = locale.startswith("zh")
    lang = "zh" if zh else "en"
    ladder = ladders[CASES.index((width, locale))]
    url = f"{server.url}/compete/ladder/{ladder}/"
    bees, err_b = new_page(browser, width, locale)
    aces, err_a = new_page(browser, width, locale)
    log_in(bees, server.url, "b1")
    log_in(aces, server.url, "a1")
    bees.goto(url)
    name = f"ladder-{width}-{lang}"
    shot(bees, f"{name}-1-challenger")
    # The Bees (5th) may reach the four above them (reach 4): they challenge the Aces.
    label = "挑战 王牌队" if zh else "Challenge Aces"
    expect(bees.get_by_role("button", name="挑战" if zh else "Challenge")).to_have_count(4)
    bees.get_by_role("button", name=label).click()
    bees.wait_for_url(url)
    pending = "第 1 号挑战：蜜蜂队 挑战 王牌队" if zh else "Challenge 1: Bees challenges Aces"
    expect(bees.locator("#challenge-1")).to_contain_text(pending)
    expect(bees.get_by_role("button", name="撤回" if zh else "Withdraw")).to_be_visible()
    expect(bees.get_by_role("button", name="应战" if zh else "Accept")).to_have_count(0)
    # The defender's captain, in the other context, answers.
    aces.goto(url)
    expect(aces.locator("#challenge-1")).to_contain_text(pending)
    shot(aces, f"{name}-2-defender")
    aces.get_by_role("button", name="应战" if zh else "Accept").click()
    aces.wait_for_url(url)
    expect(aces.locator("#challenge-1")).to_contain_text("已应战" if zh else "accepted")
    match = aces.locator("#challenge-1 a")
    expect(match).to_have_text("比赛" if zh else "the match")
    shot(aces, f"{name}-3-accepted")
    bees.reload()
    expect(bees.locator("#challenge-1")).to_contain_text("已应战" if zh else "accepted")
    # The match is a VP team match the server's clock starts at once: both rooms appear.
    bees.locator("#challenge-1 a").click()
    expect(bees.locator("h1")).to_contain_text("王牌队 对 蜜蜂队" if zh else "Aces v Bees")
    for _ in range(40):  # the page is the state when loaded: look again until the tables
        if bees.locator(".vg-room").count() == 2:
            break
        bees.wait_for_timeout(500)
        bees.reload()
    expect(bees.locator(".vg-room")).to_have_count(2)
    shot(bees, f"{name}-4-match")
    history = aces.locator("a", has_text="完整记录" if zh else "Full history")
    history.click()
    expect(aces.locator("ol.history")).to_contain_text(
        "第 1 号挑战已应战。" if zh else "Challenge 1 accepted.")
    assert not err_a and not err_b, (err_a, err_b)
