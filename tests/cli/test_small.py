"""Small defects found by trying the commands, each a class: an opening lead that is no card,
a pair numbered -1, points that make the result impossible, "1 boards", "+0"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.cli import main

ROOT = Path(__file__).resolve().parents[2]
SEED = str(ROOT / "tests" / "data" / "seed_game.pbn")

PAIRS = """\
board,table,round,ns,ew,contract,declarer,result,lead,score
1,1,1,1,3,4S,N,=,{lead},
1,2,1,2,{ew},4S,N,-1,,
"""
TEAMS = """\
# home: H, 甲队
# away: A, 乙队
board,room,contract,declarer,result,lead,score
1,open,pass,,,,
1,closed,pass,,,,
2,open,4S,N,=,,
2,closed,4S,N,=,,
3,open,pass,,,,
3,closed,2H,S,=,,
"""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_opening_lead_that_is_no_card(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         lang: str) -> None:
    f = tmp_path / "p.csv"
    f.write_text(PAIRS.format(lead="SZ", ew="4"), encoding="utf-8")
    code, out, err = run(capsys, "pairs", str(f), "--lang", lang)
    assert code == 2 and out == ""
    assert (f"{f}:2" in err) and "'SZ'" in err
    assert ("无效的首攻" if lang == "zh" else "invalid opening lead") in err
    # A card in any of its spellings is the lead, written one way.
    f.write_text(PAIRS.format(lead="黑桃10", ew="4"), encoding="utf-8")
    code, out, _ = run(capsys, "pairs", str(f), "--out", str(tmp_path / "pages"))
    assert code == 0
    assert ">ST<" in (tmp_path / "pages" / "board-1.html").read_text(encoding="utf-8") or \
        "ST" in (tmp_path / "pages" / "board-1.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_pair_numbered_minus_one(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                   lang: str) -> None:
    f = tmp_path / "p.csv"
    f.write_text(PAIRS.format(lead="", ew="-1"), encoding="utf-8")
    code, out, err = run(capsys, "pairs", str(f), "--lang", lang)
    assert code == 2 and out == "" and f"{f}:3" in err and "'-1'" in err
    assert ("无效的对号" if lang == "zh" else "invalid pair number") in err
    s = tmp_path / "s.csv"
    s.write_text("id,name,score\n-1,A,3\n2,B,4\n", encoding="utf-8")
    code, out, err = run(capsys, "swiss", str(s), "--lang", lang)
    assert code == 2 and out == "" and f"{s}:2" in err and "'-1'" in err
    # A round robin of "-1" teams: a mistyped number, not one team named "-1".
    code, out, err = run(capsys, "movement", "round-robin", "--teams", "-1", "--lang", lang)
    assert code == 2 and "--teams '-1'" in err and ("2 到 200" if lang == "zh" else "2 to 200") in err


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_points_that_make_the_result_unlikely(capsys: pytest.CaptureFixture[str],
                                              lang: str) -> None:
    # NS with 0 HCP: EW hold the four aces, each usually a trick at notrump: 4NT making is
    # unlikely, not impossible (an ace may have to be discarded): scored only when confirmed.
    args = ("handicap", "4NT", "N", "=", "--board", "1", "--hcp", "0", "--lang", lang)
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert ("最多 9 墩" if lang == "zh" else "9 tricks at most") in err
    assert "--confirm-unlikely" in err
    code, out, err = run(capsys, *args, "--confirm-unlikely")
    assert code == 0 and out and err.count("\n") == 1
    assert err.startswith("警告：南北只有 0 点大牌" if lang == "zh" else "warning: 4NT N = (10 tricks)")
    # No ace at all (3 HCP): the trump ace is the defenders' in the play.
    code, _, err = run(capsys, "handicap", "7S", "S", "=", "--board", "1", "--hcp", "3",
                       "--lang", lang)
    assert code == 2 and ("最多 12 墩" if lang == "zh" else "12 tricks at most") in err
    # 4S made with 0 HCP is possible with freak shapes: scored, with a note on the points.
    code, out, err = run(capsys, "handicap", "4S", "N", "=", "--board", "1", "--hcp", "0",
                         "--lang", lang)
    assert code == 0 and out and err.count("\n") == 1
    assert err.startswith("注意：南北只有 0 点大牌" if lang == "zh" else "note: NS made 4S with only 0")
    code, _, err = run(capsys, "handicap", "4S", "N", "=", "--board", "1", "--hcp", "41",
                       "--lang", lang)
    assert code == 2 and ("0-40" in err)
    # East-West's side too.
    code, _, _ = run(capsys, "handicap", "3NT", "E", "+4", "--board", "2", "--hcp", "40")
    assert code == 2


def test_one_is_singular(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run(capsys, "imps", "20")[1].startswith("difference 20 → 1 IMP (")
    assert run(capsys, "imps", "-20")[1].startswith("difference -20 → -1 IMP (")
    assert run(capsys, "vp", "1", "-n", "1")[1].startswith("1 board, margin 1 IMP → ")
    assert run(capsys, "score", "7NT", "N", "-12")[1].startswith("7NT N -12, 1 trick (")
    out = run(capsys, "deal", "--boards", "1", "--seed", "s", "-o", str(tmp_path / "d.pbn"))[1]
    assert out == f"Wrote 1 board to {tmp_path / 'd.pbn'}\n"
    out = run(capsys, "handrecord", SEED, "--html", str(tmp_path / "h.html"))[1]
    assert out == f"Wrote the hand record of 1 board to {tmp_path / 'h.html'}\n"
    out = run(capsys, "convert", SEED, str(tmp_path / "c.lin"))[1]
    assert out.startswith("Converted 1 board from ")
    out = run(capsys, "movement", "mitchell", "--tables", "3", "--rounds", "1")[1]
    assert out.splitlines()[0].startswith("Mitchell, 3 tables, 1 round × 2 boards")
    out = run(capsys, "movement", "round-robin", "--teams", "2")[1]
    assert out.startswith("Round robin, 2 teams, 1 round ")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_passed_out_board_is_zero_not_plus_zero(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path, lang: str) -> None:
    out = run(capsys, "score", "pass", "--lang", lang)[1]
    assert out.splitlines()[-1] == ("南北 0，东西 0" if lang == "zh" else "NS 0, EW 0")
    f = tmp_path / "m.csv"
    f.write_text(TEAMS, encoding="utf-8")
    code, out, _ = run(capsys, "teams", str(f), "--lang", lang)
    assert code == 0 and "+0" not in out and "-0" not in out
    rows = [line.split() for line in out.splitlines() if line.split()[:1] in (["1"], ["3"])]
    assert rows[0][:4] == ["1", "0", "0", "0"]  # board, open, closed, difference
    assert rows[1][:4] == ["3", "0", "+110", "-110"]
    data = json.loads(run(capsys, "teams", str(f), "--json")[1])
    assert data["boards"][0]["difference"] == 0 and data["boards"][0]["open"]["ns_score"] == 0
