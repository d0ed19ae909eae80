"""Player groups in Debian's Chromium (Playwright): a member makes a group from the club's
groups page, invites three members, each accepts in their own browser context, the leader
enters the group on the ladder and challenges; once the defender accepts, the leader
chooses the match's line-up seat by seat; at 360 px and 1280 px, in both languages.
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
PASSWORD = "a-groups-password-42"
CASES = [(360, "zh-CN"), (1280, "en-US"), (360, "en-US"), (1280, "zh-CN")]

# A club; for each case: a leader-to-be (l<n>), three members to invite (m<n>a/b/c), a
# spare member, and the Bees (b<n>1 leads) alone on their own ladder (an hour from the
# acceptance to a match's start: time to choose the line-up).
SETUP = """
import django; django.setup()
from bridgescore.web.accounts.models import Player, User
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.online import groups
club = Club.objects.create(slug="groups-club", name_en="Groups Club", name_zh="团体俱乐部")
def person(name, en, zh, role="member"):
    u = User.objects.create_user(name, f"{name}@example.org", "%(pw)s")
    p = Player.objects.create(user=u, name_en=en, name_zh=zh)
    Membership.objects.create(club=club, player=p, role=role)
    return u
td = person("grtd", "Tom Director", "裁判", "director")
for n in range(%(cases)d):
    person(f"l{n}", f"Lena {n}", f"李娜{n}")
    for k, (en, zh) in zip("abc", (("Ann", "安"), ("Bob", "波"), ("Cy", "赛"))):
        person(f"m{n}{k}", f"{en} {n}", f"{zh}{n}")
    bees = [person(f"b{n}{i}", f"Bee {n}.{i}", f"蜂{n}.{i}") for i in range(1, 5)]
    g = groups.create(club, bees[0], kind="team", name_en=f"Bees {n}", name_zh=f"蜜蜂{n}队")
    for u in bees[1:]:
        groups.answer(groups.invite(g, bees[0], str(u.pk)), u, True)
    c = sv.create_competition(club, td, kind="ladder", name_en=f"Ladder {n}",
                              name_zh=f"梯级赛{n}", settings={"boards": 8,
                                                              "match_start_after": 3600})
    groups.enter_ladder(g, bees[0], c)
    print(c.pk)
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[servers.Server, list[int]]]:
    data = tmp_path_factory.mktemp("groups-site")
    env = servers.server_env(data)
    server = servers.start(env, data)
    out = subprocess.run([sys.executable, "-c", SETUP % {"pw": PASSWORD, "cases": len(CASES)}],
                         env=env, capture_output=True, text=True, timeout=180, check=True)
    yield server, [int(x) for x in out.stdout.split()]
    server.stop()


def log_in(page: Page, url: str, username: str) -> None:
    page.goto(url + "/account/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_url("**/account/")


@pytest.mark.parametrize(("width", "locale"), CASES)
def test_make_invite_accept_and_choose_a_line_up(site: tuple[servers.Server, list[int]],
                                                  browser: Browser, width: int,  # noqa: F811
                                                  locale: str) -> None:
    server, ladders = site
    n = CASES.index((width, locale))
    zh = locale.startswith("zh")
    lang = "zh" if zh else "en"
    name = f"groups-{width}-{lang}"

    def t(en: str, cn: str) -> str:
        return cn if zh else en

    lead, errors = new_page(browser, width, locale)
    log_in(lead, server.url, f"l{n}")
    lead.goto(server.url + "/clubs/groups-club/groups/")
    expect(lead.locator("h1")).to_contain_text(t("Player groups of Groups Club", "团体俱乐部的牌手团体"))
    # A clash first: the Bees' name is taken, the input comes back with the reason.
    lead.locator("#id_name_en").fill(f"bees {n}")
    lead.get_by_role("button", name=t("Make the group", "创建团体")).click()
    expect(lead.locator("#err-name_en")).to_contain_text(f"'bees {n}'")
    expect(lead.locator("#id_name_en")).to_have_value(f"bees {n}")
    shot(lead, f"{name}-1-list-error")
    lead.locator("#id_name_en").fill(f"Owls {n}")
    lead.locator("#id_name_zh").fill(f"猫头鹰{n}队")
    lead.get_by_role("button", name=t("Make the group", "创建团体")).click()
    expect(lead.locator("h1")).to_contain_text(f"猫头鹰{n}队" if zh else f"Owls {n}")
    group_url = lead.url.split("#")[0]
    # Three invitations.
    for k in "abc":
        who = f"{dict(a='Ann', b='Bob', c='Cy')[k]} {n}" if not zh else \
            f"{dict(a='安', b='波', c='赛')[k]}{n}"
        lead.locator("#id_invite").select_option(label=who)
        lead.get_by_role("button", name=t("Invite", "邀请"), exact=True).click()
        expect(lead.locator(".messages")).to_contain_text(who)
    expect(lead.locator("[id^=invitation-]")).to_have_count(3)
    shot(lead, f"{name}-2-invited")
    # Each invited player accepts: the first from the club's list, the others on the page.
    for k in "abc":
        page, errs = new_page(browser, width, locale)
        log_in(page, server.url, f"m{n}{k}")
        if k == "a":
            page.goto(server.url + "/clubs/groups-club/groups/")
            expect(page.locator("#h-inv")).to_be_visible()
            shot(page, f"{name}-3-invitation")
            page.get_by_role("button", name=t("Accept", "接受")).click()
        else:
            page.goto(group_url)
            page.locator("#accept-invitation").click()
        expect(page.locator(".messages")).to_contain_text(t("Welcome to", "欢迎加入"))
        assert not errs, errs
        page.context.close()
    lead.goto(group_url)
    expect(lead.locator("ul.members li")).to_have_count(4)
    # Enter the ladder, then challenge the Bees from the ladder page.
    lead.get_by_role("button", name=t(f"Enter the group on Ladder {n}", f"报名参加梯级赛{n}")).click()
    expect(lead.locator(".messages")).to_contain_text(t("at the bottom", "排在末位"))
    lead.goto(f"{server.url}/compete/ladder/{ladders[n]}/")
    lead.get_by_role("button", name=t(f"Challenge Bees {n}", f"挑战 蜜蜂{n}队")).click()
    lead.wait_for_url(f"**/compete/ladder/{ladders[n]}/")
    bees, errs = new_page(browser, width, locale)
    log_in(bees, server.url, f"b{n}1")
    bees.goto(f"{server.url}/compete/ladder/{ladders[n]}/")
    bees.get_by_role("button", name=t("Accept", "应战")).click()
    expect(bees.locator("#challenge-1")).to_contain_text(t("accepted", "已应战"))
    assert not errs, errs
    bees.context.close()
    # The line-up, seat by seat (the Owls are away: open room East–West).
    lead.goto(group_url)
    form = lead.locator("form.lineup-form")
    expect(form).to_be_visible()
    choice = [t(f"Cy {n}", f"赛{n}"), t(f"Lena {n}", f"李娜{n}"), t(f"Ann {n}", f"安{n}"),
              t(f"Bob {n}", f"波{n}")]
    selects = form.locator("select")
    expect(form.locator("label").first).to_have_text(t("Open room, East", "开室，东"))
    for i, who in enumerate(choice):
        selects.nth(i).select_option(label=who)
    form.get_by_role("button", name=t("Choose this line-up", "确定出场阵容")).click()
    expect(lead.locator(".messages")).to_contain_text(t("is chosen", "已选定"))
    form = lead.locator("form.lineup-form")
    for i, who in enumerate(choice):
        expect(form.locator("select").nth(i).locator("option:checked")).to_have_text(who)
    expect(lead.locator("ol.group-log")).to_contain_text(t("chose the line-up", "选定了"))
    shot(lead, f"{name}-4-lineup")
    # The match page says when the line-up locks and links the captains' pages.
    lead.locator("article.lineup h3 a").click()
    expect(lead.locator("#lineup-note")).to_be_visible()
    expect(lead.locator("ul.teams-list")).to_contain_text(", ".join(choice))
    shot(lead, f"{name}-5-match")
    assert not errors, errors
