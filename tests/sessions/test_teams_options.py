"""``teams`` options: knockout carry-over from an earlier margin, the IMP scale, A+/A− IMPs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.cli import main
from sessions.files.test_csv import TEAMS

# TEAMS is the seeds' four-board exercise: differences -250, +760, -700, -150 for the home
# team H, so H 13 – 22 A on the WBF scale.  SWAPPED is the same boards with A at home.
SWAPPED = TEAMS.replace("# home: H, 甲队, 张, 王\n# away: A, 乙队",
                        "# home: A, 乙队\n# away: H, 甲队, 张, 王")


def _file(tmp_path: Path, name: str, text: str) -> str:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return str(f)


@pytest.fixture
def segments(tmp_path: Path) -> list[str]:
    return [_file(tmp_path, "s1.csv", TEAMS), _file(tmp_path, "s2.csv", SWAPPED)]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_carry_over_one_third_of_an_earlier_margin(segments: list[str], lang: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # H won the earlier match by 10: a third, 10/3, is carried; H 35 + 3.33 v A 35.
    args = ["teams", *segments, "--knockout", "--carry-from", "10", "--carry-fraction", "1/3"]
    assert main([*args, "--lang", lang]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == {"en": ["Carry-over: 甲队 3.3", "Segment 1: 13 – 22", "Segment 2: 22 – 13",
                          "Total: 甲队 38.3 – 35 乙队; 甲队 wins"],
                   "zh": ["结转：甲队 3.3", "第1节：13 – 22", "第2节：22 – 13",
                          "总计：甲队 38.3 – 35 乙队；甲队 胜"]}[lang]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["carry_over"] == pytest.approx(10 / 3, abs=0.005)
    assert data["home_total"] == pytest.approx(35 + 10 / 3, abs=0.005) and data["winner"] == "H"


def test_negative_margin_goes_to_the_away_team_with_step_and_cap(
        segments: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    base = ["teams", *segments, "--knockout", "--json", "--carry-from", "-9",
            "--carry-fraction", "0.5"]
    assert main([*base, "--carry-step", "1"]) == 0  # -4.5 rounds away from zero to -5
    data = json.loads(capsys.readouterr().out)
    assert (data["carry_over"], data["away_total"], data["winner"]) == (-5, 40, "A")
    assert main([*base, "--carry-cap", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["carry_over"], data["home_total"], data["away_total"]) == (-3, 35, 38)


@pytest.mark.parametrize(("extra", "en"), [
    (["--carry-from", "ten"], "--carry-from 'ten': expected a number"),
    (["--carry-from", "10", "--carry-fraction", "3/2"], "--carry-fraction '3/2': expected a share"),
    (["--carry-cap", "3"], "need --carry-from"),
])
def test_carry_errors(segments: list[str], extra: list[str], en: str,
                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["teams", *segments, "--knockout", *extra]) == 2
    assert en in capsys.readouterr().err


def test_carry_needs_knockout_and_no_second_carry(tmp_path: Path, segments: list[str],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["teams", *segments, "--carry-from", "10"]) == 2
    assert "add --knockout" in capsys.readouterr().err
    assert main(["teams", *segments, "--carry-from", "10", "--lang", "zh"]) == 2
    assert "淘汰赛" in capsys.readouterr().err
    s1 = _file(tmp_path, "c.csv", "# carry_over: 2\n" + TEAMS)
    assert main(["teams", s1, segments[1], "--knockout", "--carry-from", "10"]) == 2
    assert "not both" in capsys.readouterr().err


def test_imp_scale_option(segments: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    # rules.md 15-IMP scale: 250 -> 4, 760 -> 7, 700 -> 6, 150 -> 3: H 7 – 13 A.
    assert main(["teams", segments[0], "--json", "--imp-scale", "ebl-1960"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [b["imps"] for b in data["boards"]] == [-4, 7, -6, -3]
    assert main(["teams", segments[0], "--json"]) == 0
    assert [b["imps"] for b in json.loads(capsys.readouterr().out)["boards"]] == [-6, 13, -12, -4]
    assert main(["teams", segments[0], "--imp-scale", "ebl-9999"]) == 2


def test_average_plus_imps_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Board 4 cannot be played, the away team's fault: A+ to the home team's pair in the open
    # room, an average in the closed room.  The home team gets its 3 IMPs (Law 86A).
    text = TEAMS.replace("4,open,4SX,W,-2,,", "4,open,A+/A-,,,,").replace(
        "4,closed,4H,S,+1,,", "4,closed,A/A,,,,")
    f = _file(tmp_path, "a.csv", text)
    assert main(["teams", f, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["boards"][3]["imps"] == 3
    assert main(["teams", f, "--json", "--avg-plus", "2", "--avg-minus", "-2"]) == 0
    assert json.loads(capsys.readouterr().out)["boards"][3]["imps"] == 2
    # A+ to the home team's pairs in both rooms: +3 at each table, 6 IMPs on the board.
    both = _file(tmp_path, "b.csv", text.replace("4,closed,A/A,,,,", "4,closed,A-/A+,,,,"))
    assert main(["teams", both, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["boards"][3]["imps"] == 6
    assert main(["teams", f, "--avg-plus", "-1"]) == 2
    assert "--avg-plus '-1': expected a number of at least 0" in capsys.readouterr().err
