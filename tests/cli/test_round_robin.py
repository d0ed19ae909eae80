"""``bridgescore movement round-robin --double``: a double round robin through the library's
``double_round_robin``, in both languages, as JSON, and the options that do not go with it.

By hand, from the circle method of ``team_events.round_robin`` (its docstring's order): for
甲, 乙, 丙 once round, 乙 v 甲 (丙 has the bye), 甲 v 丙 (乙), 丙 v 乙 (甲); twice round, rounds
4-6 repeat 1-3 with home and away swapped: 甲 v 乙, 丙 v 甲, 乙 v 丙.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bridgescore.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_three_teams_twice_round_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "movement", "round-robin", "--teams", "甲,乙,丙", "--double")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Double round robin, 3 teams, 6 rounds (the first team named is at home; rounds 4–6 "
        "are the return matches, home and away swapped)",
        "Round 1: 乙 v 甲; bye: 丙", "Round 2: 甲 v 丙; bye: 乙", "Round 3: 丙 v 乙; bye: 甲",
        "Round 4: 甲 v 乙; bye: 丙", "Round 5: 丙 v 甲; bye: 乙", "Round 6: 乙 v 丙; bye: 甲"]


def test_three_teams_twice_round_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "movement", "round-robin", "--teams", "甲，乙，丙", "--double",
                       "--lang", "zh")
    assert code == 0
    assert out.splitlines() == [
        "双循环赛，3队，6轮（前者为主队；第4–6轮为第二循环，主客互换）",
        "第1轮：乙 对 甲；轮空：丙", "第2轮：甲 对 丙；轮空：乙", "第3轮：丙 对 乙；轮空：甲",
        "第4轮：甲 对 乙；轮空：丙", "第5轮：丙 对 甲；轮空：乙", "第6轮：乙 对 丙；轮空：甲"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_two_teams_home_and_away(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    out = run(capsys, "movement", "round-robin", "--teams", "2", "--double", "--lang", lang)[1]
    assert out.splitlines() == (
        ["Double round robin, 2 teams, 2 rounds (the first team named is at home; round 2 is "
         "the return match, home and away swapped)", "Round 1: 1 v 2", "Round 2: 2 v 1"]
        if lang == "en" else
        ["双循环赛，2队，2轮（前者为主队；第2轮为第二循环，主客互换）", "第1轮：1 对 2", "第2轮：2 对 1"])


def test_json_every_two_teams_meet_twice_once_at_home_each(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "movement", "round-robin", "--teams", "6", "--double", "--json")
    data = json.loads(out)
    assert code == 0 and data["double"] is True and data["teams"] == list("123456")
    rounds = data["rounds"]
    assert [r["round"] for r in rounds] == list(range(1, 11))
    games = [(m["home"], m["away"]) for r in rounds for m in r["matches"]]
    # 15 pairs of teams, each twice, each way once; every team plays every round (6 is even).
    assert len(games) == 30 and set(Counter(games).values()) == {1}
    assert {frozenset(g) for g in games} == {frozenset((a, b)) for a in "123456"
                                            for b in "123456" if a < b}
    assert all((a, b) in games and (b, a) in games for a, b in games)
    assert all(sorted(t for m in r["matches"] for t in (m["home"], m["away"])) == list("123456")
               and r["bye"] is None for r in rounds)
    # The second half is the first, round by round, home and away swapped.
    first, second = rounds[:5], rounds[5:]
    assert [[(m["away"], m["home"]) for m in r["matches"]] for r in first] == \
        [[(m["home"], m["away"]) for m in r["matches"]] for r in second]
    once = json.loads(run(capsys, "movement", "round-robin", "--teams", "6", "--json")[1])
    assert once["double"] is False and once["rounds"] == first


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("args", "en", "zh"), [
    (["mitchell", "--tables", "3", "--double"], "--double is for a round robin",
     "--double 只用于循环赛"),
    (["howell", "--pairs", "7", "--double"], "--double is for a round robin",
     "--double 只用于循环赛"),
    (["round-robin", "--double"], "give --teams N", "请给出 --teams N"),
    (["round-robin", "--teams", "A", "--double"], "at least 2 teams", "至少需要 2 个队"),
    (["round-robin", "--teams", "A,B,A", "--double"], "team 'A' is listed twice",
     "队 'A' 重复列出"),
    (["round-robin", "--teams", "4", "--double", "--tables", "2"],
     "--tables is for a Mitchell or Howell movement: a round robin takes --teams (and --double)",
     "--tables 只用于米切尔或豪威尔移位：循环赛只需 --teams（以及 --double）"),
    (["round-robin", "--teams", "4", "-r", "2"], "--rounds is for a Mitchell or Howell",
     "--rounds 只用于米切尔或豪威尔移位"),
    (["round-robin", "--teams", "4", "-b", "4"], "--boards-per-round is for a Mitchell",
     "--boards-per-round 只用于米切尔"),
    (["round-robin", "--teams", "4", "--relay"], "--skip/--relay is for a Mitchell",
     "--skip/--relay 只用于米切尔"),
    (["round-robin", "--teams", "4", "--cards", "tables"], "--cards is for a Mitchell",
     "--cards 只用于米切尔"),
    (["round-robin", "--teams", "4", "--pairs", "8"], "--pairs is for a Mitchell",
     "--pairs 只用于米切尔"),
    (["round-robin", "--teams", "4", "--arrow-switch", "2"], "--arrow-switch is for a Mitchell",
     "--arrow-switch 只用于米切尔"),
])
def test_bad_combinations_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], lang: str,
                                               args: list[str], en: str, zh: str) -> None:
    code, out, err = run(capsys, "movement", *args, "--lang", lang)
    assert (code, out) == (2, "") and err.count("\n") == 1, err
    assert (en if lang == "en" else zh) in err


def test_nothing_is_written_when_refused(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    cards = tmp_path / "cards.html"
    code, _, err = run(capsys, "movement", "round-robin", "--teams", "4", "--html", str(cards))
    assert code == 2 and "--html is for a Mitchell" in err and not cards.exists()


def test_a_refusal_is_json_with_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "movement", "mitchell", "--tables", "3", "--double", "--json",
                         "--lang", "zh")
    assert code == 2 and out == ""
    body = json.loads(err)
    assert "--double 只用于循环赛" in json.dumps(body, ensure_ascii=False)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_help_names_it(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    code, out, _ = run(capsys, "movement", "--help", "--lang", lang)
    assert code == 0 and "--teams 长城,黄河,长江 --double" in out
    text = " ".join(out.split())
    assert ("a double round robin, every two teams meeting twice" if lang == "en"
            else "双循环赛，每两队相遇两次") in text
