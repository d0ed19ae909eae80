"""``bridgescore web …`` through the real entry point (main), in both languages."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Iterable

import pytest

from bridgescore.cli import main
from bridgescore.web.accounts import tokens
from bridgescore.web.accounts.models import Player, User
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.clubs.roles import Role, can_direct, club_role, is_administrator
from bridgescore.web.events.models import Event, ResultEntry

pytestmark = pytest.mark.django_db


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_createuser_director_prints_a_working_token(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "web", "createuser", "zhou", "--role", "director",
                           "--club", "riverside", "--name-zh", "周敏", "--email", "z@example.org")
    assert status == 0, err
    raw = out.strip()
    user = User.objects.get(username="zhou")
    assert tokens.user_for(raw) == user
    assert "created club riverside" in err and "created user zhou (director)" in err
    club = Club.objects.get(slug="riverside")
    assert club_role(user, club) is Role.DIRECTOR and can_direct(user, club)
    assert Player.objects.get(user=user).name_zh == "周敏"
    assert not user.has_usable_password()


def test_createuser_member_of_an_existing_club(capsys: pytest.CaptureFixture[str]) -> None:
    club = Club.objects.create(slug="north", name_en="North")
    status, _, _ = run(capsys, "web", "createuser", "bob", "--role", "member", "--club", "north",
                       "--no-token")
    assert status == 0
    assert Membership.objects.get(club=club).role == "member"
    assert not User.objects.get(username="bob").api_tokens.exists()


def test_createuser_administrator(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "web", "createuser", "root", "--role", "administrator")[0] == 0
    assert is_administrator(User.objects.get(username="root"))


def test_createuser_with_a_password_from_stdin(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("a-long-enough-secret\n"))
    assert run(capsys, "web", "createuser", "erin", "--password-stdin")[0] == 0
    assert User.objects.get(username="erin").check_password("a-long-enough-secret")


@pytest.mark.parametrize(("args", "en", "zh"), [
    (["--role", "director"], "role 'director' needs a club", "需要指定俱乐部"),
    (["--role", "player", "--club", "x"], "is not per club", "不属于某个俱乐部"),
    (["--club", "no spaces", "--role", "member"], "invalid club name 'no spaces'",
     "无效的俱乐部简称"),
])
def test_createuser_errors_are_one_line_in_both_languages(
        capsys: pytest.CaptureFixture[str], args: list[str], en: str, zh: str) -> None:
    status, out, err = run(capsys, "web", "createuser", "ann", *args)
    assert status == 2 and out == ""
    assert err.startswith("error: ") and en in err and err.count("\n") == 1
    status, _, err = run(capsys, "--lang", "zh", "web", "createuser", "ann", *args)
    assert status == 2 and err.startswith("错误：") and zh in err
    assert not User.objects.filter(username="ann").exists()  # nothing half-made


def test_createuser_refuses_a_taken_name_or_address(capsys: pytest.CaptureFixture[str]) -> None:
    User.objects.create_user("ann", "ann@example.org")
    status, _, err = run(capsys, "web", "createuser", "ANN")
    assert status == 2 and "user 'ANN' already exists" in err
    status, _, err = run(capsys, "web", "createuser", "bea", "--email", "Ann@Example.org")
    assert status == 2 and "already used" in err
    status, _, err = run(capsys, "web", "createuser", "bad name!")
    assert status == 2 and "invalid user name 'bad name!'" in err


def test_a_weak_password_is_refused(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("12345678\n"))
    status, _, err = run(capsys, "web", "createuser", "erin", "--password-stdin")
    assert status == 2 and "password refused" in err and "entirely numeric" in err
    assert not User.objects.filter(username="erin").exists()


def test_an_unknown_role_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "web", "createuser", "x", "--role", "king")
    assert status == 2 and "'king' is not one of" in err


def test_demo_loads_once(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "web", "demo")
    assert status == 0
    assert "director     demo-director   director" in out
    # The director, 20 members with log-ins and 8 more who play the pool, 2 without, 4
    # guests in the team match and 8 robots' names in the online match; four sessions of the demo club (the online match
    # has its closed room's 8 results: its open room plays when the server runs).
    counts = (User.objects.count(), Player.objects.count(), Membership.objects.count(),
              Event.objects.count(), ResultEntry.objects.count())
    # 5-table Mitchell of 5 rounds × 3 boards all played (75), and a 3-table Howell with
    # two rounds of 2 boards played and 2 tables of the third (12 + 4); the team match has
    # four boards in both rooms and two in the open room (10).
    assert counts == (29, 35 + 8, 31, 4, 75 + 16 + 10 + 8)
    assert "/events/" in out and "Tuesday pairs (closed)" in out
    status, out, _ = run(capsys, "--lang", "zh", "web", "demo")
    assert status == 0 and "江滨桥牌俱乐部" in out
    assert (User.objects.count(), Player.objects.count(), Membership.objects.count(),
            Event.objects.count(), ResultEntry.objects.count()) == counts
    director = User.objects.get(username="director")
    assert director.check_password("demo-director")
    assert can_direct(director, Club.objects.get(slug="demo"))
    # The season of weekly Swiss events (ratings.demo), once: the members hold different
    # ranks, each recorded as it was reached.
    from bridgescore.compete.ranks import rank_of
    from bridgescore.web.compete import ledger
    from bridgescore.web.compete.models import Competition, RankPromotion

    season = Competition.objects.filter(name_en__startswith="Riverside Swiss, week ")
    assert season.count() == 8 and {c.status for c in season} == {"finished"}
    members = User.objects.filter(player__memberships__club__slug="demo")
    totals = ledger.totals(u.pk for u in members)
    ranks = {rank_of(t) for t in totals.values()}
    assert len(ranks) >= 4, ranks
    assert RankPromotion.objects.count() == sum(rank_of(t).value for t in totals.values())
    check_demo_ledgers(members)
    # The board pool (ratings.pool_demo): three weeks closed and rated, the fourth open.
    from bridgescore.web.compete.models import PoolWeek
    from bridgescore.web.ratings.models import RatingStanding, RatingWeek

    assert list(RatingWeek.objects.values_list("number", "results", "players")) == [
        (1, 84, 28), (2, 84, 28), (3, 84, 28)]
    assert PoolWeek.objects.filter(closed=False).count() == 1
    rates = set(RatingStanding.objects.values_list("rate", flat=True))
    assert len(rates) == 28 and min(rates) < 45 < 55 < max(rates)
    check_demo_like_a_club()


def check_demo_like_a_club() -> None:
    """Issue 23, finding 4: every finished Swiss of the demo has played boards with varied
    results, so its totals differ and its masterpoints follow the places (they went by
    registration order when every pair totalled 0); the demo has player groups, a ladder
    whose played challenge moved it, and a 贴点 room with varied totals; /compete/ links to
    the ladder, the 贴点 room and the groups."""
    import itertools
    from fractions import Fraction

    from django.test import Client

    from bridgescore.web.compete import services as sv
    from bridgescore.web.compete.models import Competition, PlayerGroup
    from bridgescore.web.compete.online import services as online

    swisses = Competition.objects.filter(kind="swiss", status="finished")
    assert swisses.count() == 9
    for c in swisses:
        rows = sv.kind_of(c).standings(sv.state_of(c))
        placed = [r for r in rows if r["place"] is not None]
        totals = [Fraction(r["total"]) for r in placed]
        assert len(set(totals)) >= 3, (c.name_en, totals)
        assert totals == sorted(totals, reverse=True), c.name_en
        points = [Fraction(r["masterpoints"]) for r in placed]
        assert points == sorted(points, reverse=True) and points[0] == 3, (c.name_en, points)
        # A pair's masterpoints follow its total: a better total never has fewer.
        for a, b in itertools.pairwise(placed):
            if Fraction(a["total"]) > Fraction(b["total"]):
                assert Fraction(a["masterpoints"]) >= Fraction(b["masterpoints"])
        results = {r["result"] for r in sv.kind_of(c).results(sv.state_of(c)) if r["result"]}
        assert len(results) >= 4, (c.name_en, results)
    groups = PlayerGroup.objects.filter(club__slug="demo")
    assert groups.filter(kind="team").count() >= 4 and groups.filter(kind="club").exists()
    [ladder] = Competition.objects.filter(kind="ladder")
    lad = sv.state_of(ladder).ladder
    closed = [e for e in lad.history if type(e).__name__ == "ChallengeClosed"]
    assert closed and closed[0].reason == "match" and closed[0].vp[0] != closed[0].vp[1]
    assert lad.challenges  # one waiting for its answer
    [match] = Competition.objects.filter(kind="teams", settings__ladder__competition=ladder.pk)
    assert match.status == "finished"
    [room] = Competition.objects.filter(kind="handicap")
    room_totals = {r["total"] for r in online.handicap_totals(room)}
    assert len(room_totals) == 2, room_totals  # North-South and East-West, not both 0
    client = Client()
    client.force_login(User.objects.get(username="wangwei"))
    home = client.get("/compete/", headers={"Accept-Language": "en"}).content.decode()
    assert f'href="/compete/{ladder.pk}/"' in home and f'href="/compete/{room.pk}/"' in home
    assert 'href="/clubs/demo/groups/"' in home
    groups_page = client.get("/clubs/demo/groups/").content.decode()
    assert "Aces" in groups_page and "Night Owls" in groups_page


def check_demo_ledgers(members: Iterable[User]) -> None:
    """Issue 23, finding 1: each member's ledger page, in both languages, agrees with
    itself — every ↑ mark at the award whose running total first reaches the rank's
    threshold, ranks only going up — and the promotions on record are the ones shown.  The
    demo stores its "Demo Swiss (played)" (today) before the season's eight weeks (dated
    before it), so the order stored is not the dated order: wangwei's promotions were
    recorded against the order stored and contradicted the totals."""
    from django.test import Client

    from bridgescore.compete.ranks import DEFAULT_THRESHOLDS, masterpoints
    from bridgescore.web.compete.models import (
        MasterpointAward,
        RankPromotion,
    )
    from bridgescore.web.ratings.figures import mp_text

    from .ratings.helpers import check_ledger_page, ledger_page

    client = Client()
    checked = 0
    for user in members:
        if not MasterpointAward.objects.filter(user=user).exists():
            continue
        client.force_login(user)
        pages = []
        for lang in ("en", "zh-CN,zh;q=0.9"):
            r = client.get("/ratings/ledger/", headers={"Accept-Language": lang})
            assert r.status_code == 200
            rows, shown = ledger_page(r.content.decode())
            assert rows, user.username
            check_ledger_page(rows, shown, DEFAULT_THRESHOLDS)
            pages.append((rows, shown))
        assert pages[0] == pages[1], user.username
        stored = sorted((p.rank, p.award.competition_id, mp_text(masterpoints(p.after)))
                        for p in RankPromotion.objects.filter(user=user).select_related("award"))
        assert stored == sorted((k, cid, total) for k, _, cid, total in pages[0][1]), user.username
        checked += 1
    assert checked >= 10
    wang = next(u for u in members if u.username == "wangwei")
    assert MasterpointAward.objects.filter(user=wang, competition__name_en="Demo Swiss (played)"
                                           ).exists()  # the case is in the demo


def test_serve_refuses_workers_without_redis(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    status, _, err = run(capsys, "web", "serve", "--workers", "2")
    assert status == 2 and "needs REDIS_URL" in err


def test_the_rest_of_the_cli_never_loads_django() -> None:
    code = ("import sys; from bridgescore.cli import main; main(['--help']); "
            "main(['score', '4S=', '--vul', 'none']); "
            "assert 'django' not in sys.modules, 'django loaded'")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "web " in result.stdout and "The web platform" in result.stdout


def test_createuser_speaks_the_language_given_after_the_command(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BRIDGESCORE_LANG", raising=False)
    status, out, err = run(capsys, "web", "createuser", "li", "--role", "director",
                           "--club", "east", "--lang", "zh")
    assert status == 0 and tokens.user_for(out.strip()) == User.objects.get(username="li")
    assert err == "已新建俱乐部 east\n已新建用户 li（director）\n"
    # the environment's language, and its errors
    monkeypatch.setenv("BRIDGESCORE_LANG", "zh")
    status, out, err = run(capsys, "web", "createuser", "LI", "--no-token")
    assert status == 2 and out == "" and err == "错误：用户 'LI' 已存在\n"
    status, _, err = run(capsys, "web", "createuser", "wu", "--no-token", "--lang", "en")
    assert status == 0 and err == "created user wu (player)\n"


def test_manage_keeps_lang_for_itself(capsys: pytest.CaptureFixture[str]) -> None:
    # `--lang` is the run's (Django's `check` has no such option and would refuse it)
    status, out, err = run(capsys, "web", "manage", "check", "--lang", "zh")
    assert status == 0, err
    assert "System check identified no issues" in out + err


def test_recompute_on_a_database_not_set_up_is_one_line_and_exit_2(tmp_path: object) -> None:
    import os

    env = {k: v for k, v in os.environ.items()
           if not k.startswith("BRIDGESCORE_") and k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(BRIDGESCORE_DATA_DIR=str(tmp_path), BRIDGESCORE_SECRET_KEY="x" * 50,
               DJANGO_SETTINGS_MODULE="bridgescore.web.settings")
    for lang, start in (("en", "error: database: "), ("zh", "错误：数据库错误：")):
        done = subprocess.run([sys.executable, "-m", "bridgescore", "web", "ratings",
                               "recompute", "--club", "nope", "--lang", lang],
                              capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 2 and done.stdout == "", done.stderr
        assert done.stderr.startswith(start) and done.stderr.count("\n") == 1, done.stderr
        assert "web prepare" in done.stderr
