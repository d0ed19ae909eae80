"""Swiss pairs as an event: rounds scored, totals added, the seeds' ranking rule, the draw.

A synthetic 3-round event for six pairs, two boards a round, three tables (one field of six
results per board).  Expected values were worked by hand on the 2/1/0 scale (top 4).

Round 1 (boards 1-2): 1 v 2, 3 v 4, 5 v 6.
  B1 NS +420/+170/-50 -> NS 4,2,0; EW 0,2,4.   B2 NS -100/+110/+110 -> NS 0,3,3; EW 4,1,1.
  Totals: 1:4 2:4 3:5 4:3 5:3 6:5.
Round 2 (boards 3-4), drawn from those totals: 3 v 6, 1 v 4, 2 v 5; table 3 was cut off after
board 3, so pairs 2 and 5 miss board 4.
  B3 NS +140/+140/-100 -> NS 3,3,0; EW 1,1,4.
  B4 two results of three expected, Neuberg (rules.md 4.2: M' = (M+1)*3/2 - 1):
     NS +600/-100 -> raw 2,0 -> 3.5, 0.5; EW 0.5, 3.5.
  Totals: 1:7.5 2:4 3:11.5 4:7.5 5:7 6:6.5.
Round 3 (boards 5-6): 3 v 1, 4 v 5, 6 v 2.
  B5 NS +620/+650/+620 -> NS 1,4,1; EW 3,0,3.   B6 NS -200/-200/+100 -> NS 1,1,4; EW 3,3,0.
  Final: 1:13.5 (6 boards) 2:7 (5) 3:13.5 (6) 4:12.5 (6) 5:10 (5) 6:11.5 (6).
Ranking: 1 and 3 tie on total and boards; 1 registered first.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.cli import main
from bridgescore.core.errors import BridgeError
from bridgescore.sessions.files.csvfmt import loads
from bridgescore.sessions.model import Session
from bridgescore.sessions.swiss_pairs import score_swiss_rounds

HEAD = """# event: Swiss pairs
# pair: 1, Ann, Bob
# pair: 2, Cy, Di
# pair: 3, 王伟, 李娜
# pair: 4, Ed, Flo
# pair: 5, Gus, Hal
# pair: 6, Ivy, Jo
board,table,round,ns,ew,contract,declarer,result,lead,score
"""

ROUNDS = [
    # round 1
    """1,1,1,1,2,,,,,420
1,2,1,3,4,,,,,170
1,3,1,5,6,,,,,-50
2,1,1,1,2,,,,,-100
2,2,1,3,4,,,,,110
2,3,1,5,6,,,,,110
""",
    # round 2: table 3 plays board 3 only
    """3,1,2,3,6,,,,,140
3,2,2,1,4,,,,,140
3,3,2,2,5,,,,,-100
4,1,2,3,6,,,,,600
4,2,2,1,4,,,,,-100
""",
    # round 3
    """5,1,3,3,1,,,,,620
5,2,3,4,5,,,,,650
5,3,3,6,2,,,,,620
6,1,3,3,1,,,,,-200
6,2,3,4,5,,,,,-200
6,3,3,6,2,,,,,100
""",
]

FINAL = {"1": 13.5, "2": 7, "3": 13.5, "4": 12.5, "5": 10, "6": 11.5}
BOARDS = {"1": 6, "2": 5, "3": 6, "4": 6, "5": 5, "6": 6}


def session(text: str, name: str) -> Session:
    s = loads(text, source=name)
    assert isinstance(s, Session)
    return s


def sessions(n: int = 3) -> list[Session]:
    return [session(HEAD + ROUNDS[i], f"r{i + 1}.csv") for i in range(n)]


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    out = []
    for i, body in enumerate(ROUNDS, 1):
        p = tmp_path / f"r{i}.csv"
        p.write_text(HEAD + body, "utf-8")
        out.append(str(p))
    return out


def test_totals_boards_and_places_after_three_rounds() -> None:
    ev = score_swiss_rounds(sessions(), "mp", completion=0.6)
    assert {p.pair: p.total for p in ev.standings} == FINAL
    assert {p.pair: p.boards for p in ev.standings} == BOARDS
    assert ev.total_boards == 6
    assert [(p.place, p.pair) for p in ev.standings] == [
        ("1", "1"), ("2", "3"), ("3", "4"), ("4", "6"), ("5", "5"), ("6", "2")]
    assert ev.per_round["5"] == (3, 4, 3)
    assert ev.per_round["4"] == (3, 4.5, 5)


def test_completion_threshold_leaves_the_pairs_that_missed_boards_unranked() -> None:
    # 90% of 6 boards is 5.4, so 6 are needed: pairs 2 and 5 (5 boards) are not ranked.
    ev = score_swiss_rounds(sessions(), "mp", completion=0.9)
    ranked = [(p.place, p.pair) for p in ev.standings if p.rank is not None]
    assert ranked == [("1", "1"), ("2", "3"), ("3", "4"), ("4", "6")]
    assert [p.pair for p in ev.standings if p.rank is None] == ["5", "2"]
    assert "at least 6 of 6 boards (90%); 2 pairs below that are unranked" in ev.lines("en")[-1]
    assert ev.lines("zh")[-1] == "完成比赛须打满 6/6 副（90%）；未达到的 2 对不排名次"


def test_each_draw_follows_the_running_totals_and_avoids_rematches() -> None:
    # After round 1 the totals are 3:5 6:5 1:4 2:4 4:3 5:3; 1 has met 2, so 1 takes 4.
    d2 = score_swiss_rounds(sessions(1)).draw()
    assert [(m.high, m.low) for m in d2.tables] == [("3", "6"), ("1", "4"), ("2", "5")]
    # After round 2: 3:11.5 1:7.5 4:7.5 5:7 6:6.5 2:4; 4 has met 3 and 1, so 4 takes 5.
    d3 = score_swiss_rounds(sessions(2)).draw()
    assert [(m.high, m.low) for m in d3.tables] == [("3", "1"), ("4", "5"), ("6", "2")]
    # After round 3: 1 13.5, 3 13.5, 4 12.5, 6 11.5, 5 10, 2 7.  1 has met 2, 4 and 3;
    # 3 has met 4, 6 and 1; the draw with no rematch that stays closest to the top is
    # 1-6, 3-5, 4-2.
    ev = score_swiss_rounds(sessions())
    d4 = ev.draw()
    assert d4.rematches == 0
    assert [(m.high, m.low) for m in d4.tables] == [("1", "6"), ("3", "5"), ("4", "2")]
    assert ev.history.times_met("2", "5") == 1 and ev.history.times_met("1", "5") == 0


def test_a_pair_missing_from_a_round_is_not_silently_given_a_bye() -> None:
    """Pairs 5 and 6 have no result in round 1 (an even field): the director must say why."""
    text = HEAD + ROUNDS[0].replace("1,3,1,5,6,,,,,-50\n", "").replace("2,3,1,5,6,,,,,110\n", "")
    with pytest.raises(BridgeError) as e:
        score_swiss_rounds([session(text, "r1.csv")])
    assert e.value.en == ("round 1 (r1.csv): pairs 5 and 6 have no result and no instruction: "
                          "say whether each withdrew (--withdraw 5@1), sat out this round "
                          "(--sit-out 5@1) or entered later (--late 5@2)")
    assert e.value.zh == ("第1轮（r1.csv）：第5、6对没有成绩，也没有说明：请说明其是退赛（--withdraw "
                          "5@1）、本轮轮休（--sit-out 5@1）还是之后才入赛（--late 5@2）")


# Butler by hand (three results a board: nothing dropped; two on board 4):
#   B1 420/170/-50, datum 180: +6, 0, -6.   B2 -100/110/110, datum 40: -4, +2, +2.
#   B3 140/140/-100, datum 60: +2, +2, -4.  B4 600/-100, datum 250: +8, -8.
#   B5 620/650/620, datum 630: 0, +1, 0.    B6 -200/-200/100, datum -100: -3, -3, +5.
BUTLER_ROUNDS = {"1": (2, -6, 3), "2": (-2, -4, -5), "3": (2, 10, -3), "4": (-2, 6, -2),
                 "5": (-4, 4, 2), "6": (4, -10, 5)}


def test_imp_scoring_adds_the_rounds_imps() -> None:
    one = score_swiss_rounds(sessions(1), "butler", completion=0)
    assert {p.pair: p.total for p in one.standings} == {
        p: v[0] for p, v in BUTLER_ROUNDS.items()}
    three = score_swiss_rounds(sessions(), "butler", completion=0)
    assert three.per_round == BUTLER_ROUNDS
    # Totals 3: 9, 4: 2 (6 boards) above 5: 2 (5 boards), 1: -1 above 6: -1 (registered
    # first), 2: -11.
    assert [(p.place, p.pair, p.total) for p in three.standings] == [
        ("1", "3", 9), ("2", "4", 2), ("3", "5", 2), ("4", "1", -1), ("5", "6", -1),
        ("6", "2", -11)]


@pytest.mark.parametrize(("kwargs", "en", "zh"), [
    ({"scoring": "vp"}, "unknown Swiss scoring 'vp'", "'vp'"),
    ({"completion": 1.5}, "completion threshold 1.5", "完成比例"),
])
def test_bad_settings_in_both_languages(kwargs: dict[str, object], en: str, zh: str) -> None:
    with pytest.raises(BridgeError) as e:
        score_swiss_rounds(sessions(1), **kwargs)  # type: ignore[arg-type]
    assert en in e.value.message("en") and zh in e.value.message("zh")
    with pytest.raises(BridgeError):
        score_swiss_rounds([])


def test_cli_text_in_both_languages(files: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["swiss", "--rounds", *files]) == 0
    out = capsys.readouterr().out
    assert "standings after 3 rounds" in out and "Round 4 draw" in out
    assert "Table 1: 1 Ann – Bob (NS) v 6 Ivy – Jo (EW)" in out
    first = next(line for line in out.splitlines() if line.lstrip().startswith("1 "))
    assert first.split()[:2] == ["1", "1"] and "13.5" in first
    assert main(["swiss", "--rounds", *files, "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "3 轮后的名次" in out and "第4轮对阵" in out and "王伟、李娜" in out
    assert "第1桌：1 Ann、Bob（南北）对 6 Ivy、Jo（东西）" in out


def test_cli_json(files: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["swiss", "--rounds", *files, "--completion", "0.9", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == 3 and data["draw"]["round"] == 4 and data["total_boards"] == 6
    by_pair = {s["pair"]: s for s in data["standings"]}
    assert {p: s["total"] for p, s in by_pair.items()} == FINAL
    assert by_pair["2"]["place"] is None and by_pair["2"]["rank"] is None
    assert by_pair["4"]["by_round"] == [3, 4.5, 5]
    assert by_pair["3"]["names"] == ["王伟", "李娜"]
    assert [(t["ns"], t["ew"]) for t in data["draw"]["tables"]] == [("1", "6"), ("3", "5"),
                                                                    ("4", "2")]


def test_cli_errors(files: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["swiss", "--rounds"]) == 2  # the old spelling of --results
    assert "--results" in capsys.readouterr().err
    assert main(["swiss", "--rounds", files[0], "--history", files[1]]) == 2
    capsys.readouterr()
    assert main(["swiss", files[0], files[1]]) == 2
    assert "2 files" in capsys.readouterr().err
