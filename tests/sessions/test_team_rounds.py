"""The round a team match belongs to: read from the file, inferred when absent.

Expected round counts come from the round robin itself, not from the code: ``n`` teams meet
each other once in ``n − 1`` rounds of ``n/2`` matches (``n`` rounds with a bye each when ``n``
is odd).  The report: six match files of a 4-team round robin gave "after 6 rounds".
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from bridgescore.cli import COMMANDS, main
from bridgescore.core.errors import BridgeError
from bridgescore.sessions.files.csvfmt import loads
from bridgescore.sessions.model import BoardResult, Team, TeamMatch

# A 4-team round robin by hand: round 1 A-B, C-D; round 2 A-C, B-D; round 3 A-D, B-C.
RR4 = [(1, "A", "B"), (1, "C", "D"), (2, "A", "C"), (2, "B", "D"), (3, "A", "D"), (3, "B", "C")]


def match_file(home: str, away: str, *, rnd: int | None = None, column: int | None = None,
               open_score: int = 420, closed_score: int = 420) -> str:
    """One board (board 1, nobody vulnerable): +420 to NS in both rooms, a flat board."""
    head = f"# home: {home}\n# away: {away}\n" + (f"# round: {rnd}\n" if rnd else "")
    if column is None:
        return (head + "board,room,score\n"
                f"1,open,{open_score}\n1,closed,{closed_score}\n")
    return (head + "board,round,room,score\n"
            f"1,{column},open,{open_score}\n1,{column},closed,{closed_score}\n")


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(COMMANDS, "teams", ("bridgescore.cli.events", "teams_cmd"))


def write(tmp_path: Path, texts: list[str]) -> list[str]:
    out = []
    for i, t in enumerate(texts, 1):
        f = tmp_path / f"m{i}.csv"
        f.write_text(t, "utf-8")
        out.append(str(f))
    return out


@pytest.mark.usefixtures("registered")
def test_four_teams_from_six_match_files_are_three_rounds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = write(tmp_path, [match_file(h, a) for _, h, a in RR4])
    assert main(["teams", *files, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == 3
    assert [m["round"] for m in data["matches"]] == [r for r, _, _ in RR4]
    assert all(s["played"] == 3 and s["byes"] == 0 for s in data["standings"])
    assert main(["teams", *files]) == 0
    assert "after 3 rounds" in capsys.readouterr().out.splitlines()[0]
    assert main(["teams", *files, "--lang", "zh"]) == 0
    assert "第3轮后" in capsys.readouterr().out.splitlines()[0]


@pytest.mark.usefixtures("registered")
def test_files_in_any_order_still_make_three_rounds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for order in itertools.islice(itertools.permutations(RR4), 0, 720, 37):
        files = write(tmp_path, [match_file(h, a) for _, h, a in order])
        assert main(["teams", *files, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["rounds"] == 3
        by_round: dict[int, set[str]] = {}
        for m in data["matches"]:  # no team twice in a round
            teams = by_round.setdefault(m["round"], set())
            assert not teams & {m["home"], m["away"]}
            teams |= {m["home"], m["away"]}


@pytest.mark.usefixtures("registered")
def test_the_round_from_the_file_is_kept(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    # Shuffled files that say their round: a setting line, or a round column.
    texts = [match_file("B", "C", rnd=3), match_file("A", "B", column=1),
             match_file("A", "D", rnd=3), match_file("C", "D", rnd=1),
             match_file("B", "D", column=2), match_file("A", "C", rnd=2)]
    assert main(["teams", *write(tmp_path, texts), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [m["round"] for m in data["matches"]] == [3, 1, 3, 1, 2, 2]
    assert data["rounds"] == 3


@pytest.mark.usefixtures("registered")
def test_five_teams_have_five_rounds_and_a_bye_each(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Round robin of 5 by hand (E rests in round 1, D in 2, C in 3, B in 4, A in 5).
    rr5 = [("A", "B"), ("C", "D"), ("A", "C"), ("B", "E"), ("A", "D"), ("C", "E"),
           ("A", "E"), ("B", "D"), ("B", "C"), ("D", "E")]
    files = write(tmp_path, [match_file(h, a) for h, a in rr5])
    assert main(["teams", *files, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == 5
    assert all(s["played"] == 4 and s["byes"] == 1 for s in data["standings"])
    # Every match is +420/-420 on one board: level, 10 VPs each; the bye is worth 12.
    assert {s["vp"] for s in data["standings"]} == {4 * 10 + 12}


def test_a_round_setting_and_its_results_must_agree() -> None:
    with pytest.raises(BridgeError) as e:
        loads(match_file("A", "B", rnd=2, column=3), source="m.csv")
    assert e.value.en == ("m.csv:5: board 1: round 3 here, but the match is in round 2: a "
                          "match belongs to one round")
    assert e.value.zh == "m.csv:5：第1副：这里是第3轮，但本场比赛在第2轮：一场比赛只属于一轮"
    rs = (BoardResult(1, "A", "B", score=0, round=1, line=4),
          BoardResult(1, "B", "A", score=0, round=2, line=5))
    with pytest.raises(BridgeError, match="round 2 here, but the match is in round 1 "
                                          r"\(line 4\)"):
        TeamMatch(Team("A"), Team("B"), rs)


@pytest.mark.parametrize("value", ["0", "x", "-2", "", "9" * 5000])
def test_a_bad_round_setting_names_the_line(value: str) -> None:
    text = match_file("A", "B").replace("board,", f"# round: {value}\nboard,")
    if not value:
        assert loads(text).round is None  # type: ignore[union-attr]
        return
    with pytest.raises(BridgeError) as e:
        loads(text, source="m.csv")
    assert e.value.en.startswith("m.csv:3: setting 'round': invalid round")
    assert e.value.zh.startswith("m.csv:3：设置“round”：无效的轮次")


def test_a_match_round_round_trips_and_is_checked() -> None:
    from bridgescore.sessions.files.csvfmt import dumps

    m = loads(match_file("A", "B", rnd=4))
    assert isinstance(m, TeamMatch) and m.round == 4
    assert loads(dumps(m)) == m
    with pytest.raises(BridgeError, match="invalid round 0"):
        TeamMatch(Team("A"), Team("B"), (), round=0)


@pytest.mark.parametrize("n", [4, 6, 8, 10])
def test_shuffled_round_robins_pack_into_n_minus_one_rounds(n: int) -> None:
    from bridgescore.sessions.team_events import match_rounds, round_robin

    names = [chr(65 + i) for i in range(n)]
    fixtures = [f for rnd in round_robin(names) for f in rnd]
    rng = random.Random(n)
    for _ in range(20):
        rng.shuffle(fixtures)
        ms = [TeamMatch(Team(f.home), Team(f.away), ()) for f in fixtures]
        rounds = match_rounds(ms)
        assert max(rounds) == n - 1
        for r in range(1, n):
            playing = [t for m, x in zip(ms, rounds, strict=True) if x == r
                       for t in (m.home.id, m.away.id)]
            assert sorted(playing) == names  # n/2 matches, every team once


def test_byes_only_in_an_odd_field_with_one_team_idle() -> None:
    from bridgescore.sessions.team_events import match_byes, match_rounds

    ms = [TeamMatch(Team(h), Team(a), ()) for h, a in [("A", "B"), ("A", "C"), ("B", "C")]]
    rounds = match_rounds(ms)
    assert rounds == [1, 2, 3]
    assert match_byes(["A", "B", "C"], ms, rounds) == [(1, "C"), (2, "B"), (3, "A")]
    assert match_byes(["A", "B", "C", "D"], ms, rounds) == []
