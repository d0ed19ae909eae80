"""Swiss pairs with withdrawals, late entries and sit-outs: a pair absent from a round is
accounted for as the director says, never silently given a bye.

Hand-worked on the 2/1/0 scale (boards 1-2 in round 1, 3-4 in round 2; the scores are NS
table scores, each possible with its board's vulnerability):

Round 1 (all six pairs): 1 v 2, 3 v 4, 5 v 6.
  B1 NS +420/+170/-50 -> NS 4,2,0, EW 0,2,4.  B2 NS -100/+110/+110 -> NS 0,3,3, EW 4,1,1.
  Totals: 1:4 2:4 3:5 4:3 5:3 6:5.

A. Pair 6 withdraws from round 2; five pairs, so one bye (pair 2).  Round 2: 1 v 4, 3 v 5.
  B3 NS +140/-100 -> NS 2,0, EW 0,2.  B4 NS +600/+600 -> 1,1 and 1,1.
  Totals: 1:7 2:4 3:6 4:4 5:6 6:5.  Round 3 draw (6 not drawn; 1 7, 3 6, 5 6, 2 4, 4 4; met
  1-2 3-4 5-6 1-4 3-5; 2 has had the bye): bye to 4, then 1 v 3, 5 v 2.
B. Pair 7 enters in round 2 with 4 points; seven pairs, pair 6 has the bye.
  Round 2: 3 v 7, 1 v 4, 2 v 5.  B3 NS +140/+140/-100 -> NS 3,3,0, EW 1,1,4.
  B4 NS +600/-100/-100 -> NS 4,1,1, EW 0,3,3.
  Totals: 1:8 2:5 3:12 4:7 5:10 6:5 7:5 (4 + 1).
C. The director sits pair 4 out of round 2 (a sit-out scores 2 points); pair 2 has the bye.
  Round 2: 3 v 6, 1 v 5.  B3 NS +140/-100 -> NS 2,0, EW 0,2.  B4 NS +600/+600 -> 1,1.
  Totals: 1:5 2:4 3:8 4:5 (3 + 2) 5:6 6:6.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.cli import COMMANDS, main
from bridgescore.core.errors import BridgeError
from bridgescore.sessions.files.csvfmt import loads
from bridgescore.sessions.model import Session
from bridgescore.sessions.swiss_pairs import score_swiss_rounds
from bridgescore.sessions.swiss_roster import (
    Roster,
    late_entry,
    parse_instruction,
    sit_out,
    withdraw,
)

HEAD = """# event: Swiss pairs
# pair: 1, Ann, Bob
# pair: 2, Cy, Di
# pair: 3, 王伟, 李娜
# pair: 4, Ed, Flo
# pair: 5, Gus, Hal
# pair: 6, Ivy, Jo
board,table,round,ns,ew,score
"""
R1 = """1,1,1,1,2,420
1,2,1,3,4,170
1,3,1,5,6,-50
2,1,1,1,2,-100
2,2,1,3,4,110
2,3,1,5,6,110
"""
R2_A = """3,1,2,1,4,140
3,2,2,3,5,-100
4,1,2,1,4,600
4,2,2,3,5,600
"""
R2_B = """3,1,2,3,7,140
3,2,2,1,4,140
3,3,2,2,5,-100
4,1,2,3,7,600
4,2,2,1,4,-100
4,3,2,2,5,-100
"""
R2_C = """3,1,2,3,6,140
3,2,2,1,5,-100
4,1,2,3,6,600
4,2,2,1,5,600
"""


def rounds(*bodies: str) -> list[Session]:
    out = []
    for i, body in enumerate(bodies, 1):
        s = loads(HEAD + body, source=f"r{i}.csv")
        assert isinstance(s, Session)
        out.append(s)
    return out


def totals(ev: object) -> dict[str, float]:
    return {p.pair: p.total for p in ev.standings}  # type: ignore[attr-defined]


# ------------------------------------------------------------------ withdrawal
def test_a_withdrawn_pair_is_not_drawn_and_keeps_its_results() -> None:
    ev = score_swiss_rounds(rounds(R1, R2_A), roster=Roster((withdraw("6", 2),)))
    assert totals(ev) == {"1": 7, "2": 4, "3": 6, "4": 4, "5": 6, "6": 5}
    assert ev.status["6"] == ("played", "withdrawn")
    assert ev.status["2"] == ("played", "bye") and ev.history.byes["2"] == 1
    assert ev.history.byes["6"] == 0  # withdrawing is not a bye
    d = ev.draw()
    assert [(m.high, m.low) for m in d.tables] == [("1", "3"), ("5", "2")]
    assert d.bye == "4"
    assert "Pair 6 withdrew from round 2." in ev.lines("en")
    assert "第6对第2轮起退赛。" in ev.lines("zh")
    assert "Round 2 bye: pair 2." in ev.lines("en") and "第2轮轮空：第2对。" in ev.lines("zh")


def test_without_the_instruction_the_absent_pairs_are_an_error() -> None:
    """The report: pair 6 missing from round 2 was silently given a bye (and so was 2)."""
    with pytest.raises(BridgeError) as e:
        score_swiss_rounds(rounds(R1, R2_A))
    assert e.value.en == ("round 2 (r2.csv): pairs 2 and 6 have no result and no instruction: "
                          "say whether each withdrew (--withdraw 2@2), sat out this round "
                          "(--sit-out 2@2) or entered later (--late 2@3)")
    assert e.value.zh.startswith("第2轮（r2.csv）：第2、6对没有成绩，也没有说明")


def test_a_withdrawn_pair_with_results_is_an_error() -> None:
    with pytest.raises(BridgeError) as e:
        score_swiss_rounds(rounds(R1, R2_A), roster=Roster((withdraw("5", 2),)))
    assert e.value.en == "round 2 (r2.csv): pair 5 has results, but it withdrew"
    assert e.value.zh == "第2轮（r2.csv）：第5对有成绩，但该对已退赛"


# ------------------------------------------------------------------ late entry
def test_a_late_entry_starts_with_its_score_and_is_drawn() -> None:
    ev = score_swiss_rounds(rounds(R1, R2_B), roster=Roster((late_entry("7", 2, 4.0),)))
    assert totals(ev) == {"1": 8, "2": 5, "3": 12, "4": 7, "5": 10, "6": 5, "7": 5}
    assert ev.status["7"] == ("not_entered", "played")
    assert ev.status["6"] == ("played", "bye")
    assert ev.per_round["7"] == (None, 1)
    assert "7" in {t for m in ev.draw().tables for t in (m.high, m.low)} | {ev.draw().bye}
    assert "Pair 7 entered late in round 2, starting with 4." in ev.lines("en")
    assert "第7对第2轮补报入赛，起始分 4。" in ev.lines("zh")


def test_a_late_entry_not_yet_due_is_not_drawn() -> None:
    ev = score_swiss_rounds(rounds(R1), roster=Roster((late_entry("7", 3),)))
    assert "7" not in {t for m in ev.draw().tables for t in (m.high, m.low)}
    with pytest.raises(BridgeError, match="pair 7 has results, but it enters later"):
        score_swiss_rounds(rounds(R1, R2_B), roster=Roster((late_entry("7", 3),)))


# ------------------------------------------------------------------ sit-out
def test_a_pair_sitting_out_scores_the_setting() -> None:
    ev = score_swiss_rounds(rounds(R1, R2_C), roster=Roster((sit_out("4", 2),), sit_out_score=2))
    assert totals(ev) == {"1": 5, "2": 4, "3": 8, "4": 5, "5": 6, "6": 6}
    assert ev.status["4"] == ("played", "sit_out") and ev.per_round["4"] == (3, 2)
    assert ev.status["2"] == ("played", "bye") and ev.per_round["2"] == (4, None)
    nothing = score_swiss_rounds(rounds(R1, R2_C), roster=Roster((sit_out("4", 2),)))
    assert totals(nothing)["4"] == 3
    with_bye = score_swiss_rounds(rounds(R1, R2_C), roster=Roster((sit_out("4", 2),)),
                                  bye_score=3)
    assert totals(with_bye)["2"] == 7
    # Sitting out the next round: not drawn.
    ev2 = score_swiss_rounds(rounds(R1), roster=Roster((sit_out("4", 2),)))
    assert "4" not in {t for m in ev2.draw().tables for t in (m.high, m.low)}


# ------------------------------------------------------------------ the instructions
@pytest.mark.parametrize(("kind", "text", "want"), [
    ("withdraw", "5@3", withdraw("5", 3)), ("withdraw", "5", withdraw("5", 4)),
    ("late", "7@2", late_entry("7", 2)), ("late", "7@2=25.5", late_entry("7", 2, 25.5)),
    ("sit-out", "4", sit_out("4", 4)), ("sit-out", " 4 @ 2 ", sit_out("4", 2)),
])
def test_instructions_are_read(kind: str, text: str, want: object) -> None:
    assert parse_instruction(kind, text, next_round=4) == want  # type: ignore[arg-type]


@pytest.mark.parametrize(("kind", "text", "en", "zh"), [
    ("late", "7", "--late '7': the round of entry is missing; expected PAIR@ROUND[=SCORE]",
     "--late '7'：缺少入赛轮次"),
    ("withdraw", "5@x", "--withdraw '5@x': not understood; expected PAIR[@ROUND], e.g. 5@3",
     "--withdraw '5@x'：无法理解"),
    ("withdraw", "5@0", "rounds are numbered from 1", "轮次从 1 开始"),
    ("sit-out", "4@2=3", "only a late entry takes a starting score", "只有补报可以给起始分"),
])
def test_bad_instructions_say_what_they_take(kind: str, text: str, en: str, zh: str) -> None:
    with pytest.raises(BridgeError) as e:
        parse_instruction(kind, text, next_round=4)  # type: ignore[arg-type]
    assert en in e.value.en and zh in e.value.zh


def test_instructions_that_contradict_each_other() -> None:
    with pytest.raises(BridgeError, match="withdraws twice"):
        Roster((withdraw("5", 2), withdraw("5", 3)))
    with pytest.raises(BridgeError, match="withdraws from round 2 before it enters in round 3"):
        Roster((late_entry("5", 3), withdraw("5", 2)))
    with pytest.raises(BridgeError, match="cannot sit out round 3: it does not play then"):
        Roster((withdraw("5", 2), sit_out("5", 3)))
    with pytest.raises(BridgeError, match="unknown pair '9'"):
        score_swiss_rounds(rounds(R1), roster=Roster((withdraw("9", 2),)))


# ------------------------------------------------------------------ the command line
@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.setitem(COMMANDS, "swiss", ("bridgescore.cli.movements", "swiss_cmd"))
    out = {}
    for name, body in (("r1", R1), ("r2a", R2_A), ("r2b", R2_B)):
        f = tmp_path / f"{name}.csv"
        f.write_text(HEAD + body, "utf-8")
        out[name] = str(f)
    st = tmp_path / "st.csv"
    st.write_text("id,name,score\n1,,7\n3,,6\n5,,6\n2,,4\n4,,4\n6,,5\n", "utf-8")
    hist = tmp_path / "h.csv"
    hist.write_text("1,2\n3,4\n5,6\n1,4\n3,5\n2,bye\n", "utf-8")
    out["st"], out["h"] = str(st), str(hist)
    return out


def test_cli_withdraw_in_both_languages(files: dict[str, str],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    args = ["swiss", "--rounds", files["r1"], files["r2a"], "--withdraw", "6@2", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(t["ns"], t["ew"]) for t in data["draw"]["tables"]] == [("1", "3"), ("5", "2")]
    assert data["draw"]["bye"] == "4"
    six = next(p for p in data["standings"] if p["pair"] == "6")
    assert six["by_round_status"] == ["played", "withdrawn"]
    for lang, words in (("en", "Pair 6 withdrew from round 2."), ("zh", "第6对第2轮起退赛。")):
        assert main([*args[:-1], "--lang", lang]) == 0
        assert words in capsys.readouterr().out


def test_cli_absent_pair_without_instruction(files: dict[str, str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    for lang, words in (("en", "pairs 2 and 6 have no result and no instruction"),
                        ("zh", "第2、6对没有成绩，也没有说明")):
        assert main(["swiss", "--rounds", files["r1"], files["r2a"], "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err and "--withdraw 2@2" in err


def test_cli_late_entry(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["swiss", "--rounds", files["r1"], files["r2b"], "--late", "7@2=4",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert next(p for p in data["standings"] if p["pair"] == "7")["total"] == 5


def test_cli_standings_file_with_a_withdrawal(files: dict[str, str],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    # The standings after round 2 of scenario A, pair 6 still listed: --withdraw 6 (from the
    # next round, 3) leaves it out of the draw.
    assert main(["swiss", files["st"], "--history", files["h"], "--withdraw", "6",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(t["ns"], t["ew"]) for t in data["draw"]["tables"]] == [("1", "3"), ("5", "2")]
    assert data["draw"]["bye"] == "4"
    assert main(["swiss", files["st"], "--history", files["h"], "--withdraw", "9"]) == 2
    assert "unknown pair '9': not in the standings" in capsys.readouterr().err
    assert main(["swiss", files["st"], "--bye-score", "3"]) == 2
    assert "--bye-score and --sit-out-score are for --results" in capsys.readouterr().err


@pytest.mark.parametrize("pair", ["-1", "0", "123456789012345678901234567890"])
def test_swiss_pair_numbers_out_of_range(pair: str, tmp_path: Path) -> None:
    from bridgescore.sessions.swiss import read_standings

    with pytest.raises(BridgeError) as e:
        read_standings(f"id,name,score\n1,,3\n{pair},,2\n", source="st.csv")
    assert e.value.en.startswith("st.csv:3: invalid pair or team number '")
    assert "应为 1 到 9999 的整数或名称" in e.value.zh
    with pytest.raises(BridgeError, match="invalid pair '"):
        parse_instruction("withdraw", f"{pair}@2")
