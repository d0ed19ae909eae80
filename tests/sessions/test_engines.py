"""The scoring engines' findings: Butler from the command line with each datum rounding,
exact ranking, half-up percentages, and errors for unknown pairs and boards.

The Butler session below is worked by hand (WBF IMPs; four results a board, so the highest
and the lowest are dropped):

Board 1 (nobody vulnerable), NS: 1 v 11 −1100, 2 v 12 −420, 3 v 13 −170, 4 v 14 +100.
  Drop −1100 and +100: (−420 − 170)/2 = −295.  Away from zero (and to even): −300; up: −290.
  Against −300: −800 → −13, −120 → −3, +130 → 4, +400 → 9.
  Against −290: −810 → −13, −130 → −4, +120 → 3, +390 → 9.
Board 2 (NS vulnerable), NS: 1 v 14 +620, 2 v 11 +650, 3 v 12 +170, 4 v 13 −100.
  Drop −100 and +650: (620 + 170)/2 = 395 → 400 by every rule.
  +220 → 6, +250 → 6, −230 → −6, −500 → −11.
Totals (away): NS 1 −7, 2 +3, 3 −2, 4 −2; EW 11 +7, 12 +9, 13 +7, 14 −15.
Totals (up):   NS 1 −7, 2 +2, 3 −3, 4 −2; EW 11 +7, 12 +10, 13 +8, 14 −15.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.cli import main
from bridgescore.core.errors import BridgeError
from bridgescore.render.session_pages import write_pairs_pages
from bridgescore.sessions.imp_pairs import score_session
from bridgescore.sessions.matchpoints import score_matchpoints
from bridgescore.sessions.model import BoardResult, Session, Team, TeamMatch
from bridgescore.sessions.ranking import rank
from bridgescore.sessions.scores import PairScore

BUTLER = """# event: Butler night
# movement: mitchell
board,table,ns,ew,score
1,1,1,11,-1100
1,2,2,12,-420
1,3,3,13,-170
1,4,4,14,100
2,1,1,14,620
2,2,2,11,650
2,3,3,12,170
2,4,4,13,-100
"""

EXPECTED = {
    "away": {"datum": {1: -300, 2: 400},
             "imps": {1: [-13, -3, 4, 9], 2: [6, 6, -6, -11]},
             "totals": {"1": -7, "2": 3, "3": -2, "4": -2, "11": 7, "12": 9, "13": 7, "14": -15},
             "places": {"2": "1", "3": "2=", "4": "2=", "1": "4",
                        "12": "1", "11": "2=", "13": "2=", "14": "4"}},
    "up": {"datum": {1: -290, 2: 400},
           "imps": {1: [-13, -4, 3, 9], 2: [6, 6, -6, -11]},
           "totals": {"1": -7, "2": 2, "3": -3, "4": -2, "11": 7, "12": 10, "13": 8, "14": -15},
           "places": {"2": "1", "4": "2", "3": "3", "1": "4",
                      "12": "1", "13": "2", "11": "3", "14": "4"}},
}
EXPECTED["even"] = EXPECTED["away"]  # −29.5 tens rounds to the even −30 as well


@pytest.fixture
def butler_file(tmp_path: Path) -> str:
    f = tmp_path / "butler.csv"
    f.write_text(BUTLER, encoding="utf-8")
    return str(f)


@pytest.mark.parametrize("rounding", ["away", "even", "up"])
def test_butler_json_from_the_command_line(butler_file: str, rounding: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    args = ["pairs", butler_file, "--scoring", "butler", "--rounding", rounding, "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    want = EXPECTED[rounding]
    assert {b["board"]: b["datum"] for b in data["boards"]} == want["datum"]
    assert {b["board"]: [r["ns"] for r in b["results"]] for b in data["boards"]} == want["imps"]
    assert {b["board"]: [r["ew"] for r in b["results"]] for b in data["boards"]} == {
        b: [-x for x in v] for b, v in want["imps"].items()}
    assert {p["pair"]: p["total"] for p in data["pairs"]} == want["totals"]
    assert {p["pair"]: p["place"] for p in data["pairs"]} == want["places"]
    # One type per field (docs/json.md): a total is a float, whole or not.
    assert all(type(p["total"]) is float for p in data["pairs"])


def test_butler_rounding_default_is_away_from_zero(butler_file: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pairs", butler_file, "--scoring", "butler", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["boards"][0]["datum"] == -300


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_bad_rounding_is_refused(butler_file: str, lang: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pairs", butler_file, "--scoring", "butler", "--rounding", "bankers",
                 "--lang", lang]) == 2
    assert "bankers" in capsys.readouterr().err


def test_rounding_option_is_documented(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pairs", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--rounding [away|even|up]" in text and "Compscore" in text
    assert main(["pairs", "--help", "--lang", "zh"]) == 0
    assert "远离零" in capsys.readouterr().out


# ---------------------------------------------------------------- unknown pairs and boards
def test_unknown_pair_is_a_bridge_error_in_both_languages() -> None:
    sc = score_matchpoints(Session((BoardResult(1, "1", "2", score=420),)))
    with pytest.raises(BridgeError) as e:
        sc.pair("7")
    assert "'7'" in e.value.message("en") and "'7'" in e.value.message("zh")
    assert "成绩中没有" in e.value.message("zh")


def test_unknown_board_in_a_match_is_a_bridge_error_in_both_languages() -> None:
    m = TeamMatch(Team("H"), Team("A"), (BoardResult(1, "H", "A", score=420),
                                         BoardResult(1, "A", "H", score=170)))
    assert m.rooms(1)[0].score == 420
    with pytest.raises(BridgeError) as e:
        m.rooms(9)
    assert "board 9" in e.value.message("en") and "第9副" in e.value.message("zh")


# ---------------------------------------------------------------- exact ranking
def test_ranking_never_rounds_a_difference_away() -> None:
    # Totals 10.0000001 and 10.0000002 differ: no tie, whatever the sixth decimal says.
    ps = [PairScore("A", None, 10.0000001, 4), PairScore("B", None, 10.0000002, 4)]
    assert [(p.pair, p.place) for p in rank(ps)] == [("B", "1"), ("A", "2")]


def test_neuberg_totals_are_exact_fractions() -> None:
    # Two boards with three results of four expected: Neuberg (M + 1)·4/3 − 1 makes raw 4, 2,
    # 0 into 17/3, 3, 1/3 (top 6).  N0 has 17/3 then 1/3, N1 3 and 3, N2 1/3 then 17/3: all
    # exactly 6 of 12, so all share first place (and their opponents likewise).
    rs = [BoardResult(1, f"N{i}", f"E{i}", score=s) for i, s in enumerate([420, 170, -50])]
    rs += [BoardResult(2, f"N{i}", f"E{i}", score=s) for i, s in enumerate([-100, 170, 620])]
    sc = score_matchpoints(Session(tuple(rs), expected=4))
    assert [r.ns for r in sc.boards[0].results] == pytest.approx([17 / 3, 3, 1 / 3])
    assert {p.pair: p.exact for p in sc.pairs} == dict.fromkeys(
        ["N0", "N1", "N2", "E0", "E1", "E2"], Fraction(6))
    assert {p.place for p in sc.pairs} == {"1="}
    assert all(p.percentage == 50 for p in sc.pairs)


# ---------------------------------------------------------------- percentages half up
# Four boards, five NS scores each (top 8).  Pair 1 scores 2, 2, 2 and 3 matchpoints: 9 of 32
# = 28.125%, shown 28.13 (half up), never the banker's 28.12.
HALF = """# movement: mitchell
board,table,ns,ew,score
""" + "".join(
    f"{b},{t + 1},{t + 1},{11 + t},{s}\n"
    for b, scores in ((1, [110, 90, 140, 170, 120]), (2, [110, 90, 140, 170, 120]),
                      (3, [110, 90, 140, 170, 120]), (4, [110, 110, 90, 140, 170]))
    for t, s in enumerate(scores))


@pytest.fixture
def half_file(tmp_path: Path) -> str:
    f = tmp_path / "half.csv"
    f.write_text(HALF, encoding="utf-8")
    return str(f)


def test_percentage_half_up_in_json_text_and_pages(half_file: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pairs", half_file, "--json"]) == 0
    pairs = {p["pair"]: p for p in json.loads(capsys.readouterr().out)["pairs"]}
    assert (pairs["1"]["total"], pairs["1"]["percentage"]) == (9, 28.13)
    assert main(["pairs", half_file]) == 0
    row = next(line.split() for line in capsys.readouterr().out.splitlines()
               if line.split()[1:2] == ["1"])
    assert "28.13" in row
    from bridgescore.sessions.files.csvfmt import load

    session = load(half_file)
    assert isinstance(session, Session)
    for lang in ("en", "zh"):
        index = write_pairs_pages(score_session(session), tmp_path / lang, lang=lang)
        html = index.read_text(encoding="utf-8")
        assert "28.13" in html and "28.12" not in html
        card = (tmp_path / lang / "pair-1.html").read_text(encoding="utf-8")
        assert "28.13%" in card
