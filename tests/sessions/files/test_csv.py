"""The event model's validation, the CSV traveller format and the pairs/teams commands."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.cli import COMMANDS, main
from bridgescore.core.errors import BridgeError, FileFormatError
from bridgescore.core.result import Result
from bridgescore.sessions.files import csvfmt
from bridgescore.sessions.model import BoardResult, Session, TeamMatch, parse_award

PAIRS = """\
# event: Test pairs
# movement: mitchell
# boards: 1-2
# pair: 1, Zhang Wei, Li Na
board,table,round,ns,ew,contract,declarer,result,lead,score
1,1,1,1,11,4S,N,=,HK,
1,2,1,2,12,南打3NT超1,,,,
1,3,1,3,13,,,,,-50
2,1,2,1,12,A+/A-,,,,
2,2,2,2,13,3NT,S,9,,
2,3,2,3,11,,,,,60%:+630; 40%:-100
"""

TEAMS = """\
# home: H, 甲队, 张, 王
# away: A, 乙队
board,room,contract,declarer,result,lead,score
1,open,3S,S,+1,,
1,closed,4S,N,=,,
2,开室,6DXX,N,+1,,
2,闭室,6NT,N,+1,,
3,open,5C,E,=,,
3,closed,3NT,W,-1,,
4,open,4SX,W,-2,,
4,closed,4H,S,+1,,
"""


@pytest.fixture(autouse=True)
def _register(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(COMMANDS, "pairs", ("bridgescore.cli.events", "pairs_cmd"))
    monkeypatch.setitem(COMMANDS, "teams", ("bridgescore.cli.events", "teams_cmd"))


def test_model_rejects_bad_results() -> None:
    with pytest.raises(BridgeError, match="board 3: pair 5 is on both sides"):
        BoardResult(3, "5", "5", score=100)
    with pytest.raises(BridgeError, match=r"board 1: NS score 100 is impossible for 4S N = "):
        BoardResult(1, "1", "2", Result.parse("4S N ="), score=100)
    with pytest.raises(BridgeError, match="board 3: NS score 620 is impossible"):
        BoardResult(3, "1", "2", score=620)  # +620 needs NS vulnerable; on board 3 only EW are
    with pytest.raises(BridgeError, match="board 7: played twice at table 2"):
        Session((BoardResult(7, "1", "2", score=0, table=2),
                 BoardResult(7, "3", "4", score=0, table=2)))
    with pytest.raises(BridgeError, match="board 7: pair 1 has two results"):
        Session((BoardResult(7, "1", "2", score=0), BoardResult(7, "1", "4", score=0)))
    with pytest.raises(BridgeError, match="board 9: unknown board"):
        Session((BoardResult(9, "1", "2", score=0),), boards=(1, 2, 3))
    with pytest.raises(BridgeError, match=r"weights .* add up to 0\.9"):
        BoardResult(1, "1", "2", weighted=((0.5, 0), (0.4, 50)))


def test_award_words() -> None:
    assert [parse_award(x) for x in ("A+", "Avg", "平均减", "55%")] == ["A+", "A", "A-", 55.0]
    with pytest.raises(BridgeError, match="invalid adjusted score 'B'"):
        parse_award("B")


def test_csv_reads_pairs() -> None:
    s = csvfmt.loads(PAIRS, source="t.csv")
    assert isinstance(s, Session)
    assert s.name == "Test pairs" and s.winners == 2 and s.boards == (1, 2)
    assert s.pairs["1"].names == ("Zhang Wei", "Li Na")
    assert [r.kind for r in s.results] == ["played"] * 3 + ["artificial", "played", "weighted"]
    assert s.results[1].result == Result.parse("3NT S +1") and s.results[1].score == 430
    assert s.results[4].result == Result.parse("3NT S =")
    assert s.results[0].lead == "HK" and s.results[0].line == 6


def test_csv_round_trip() -> None:
    for text in (PAIRS, TEAMS):
        item = csvfmt.loads(text)
        assert csvfmt.loads(csvfmt.dumps(item)) == item


def test_csv_reads_teams() -> None:
    m = csvfmt.loads(TEAMS)
    assert isinstance(m, TeamMatch)
    assert (m.home.name, m.home.players, m.away.id) == ("甲队", ("张", "王"), "A")
    assert m.rooms(2)[1].result == Result.parse("6NT N +1")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("1,4,1,4,14,4S,N,+4,,", "t.csv:9: board 1: impossible result"),
        ("1,4,1,4,14,4S,N,=,,100", "t.csv:9: board 1: NS score 100 is impossible for 4S N ="),
        ("3,4,1,4,14,4S,N,=,,", "t.csv:9: board 3: unknown board"),
        ("1,4,1,4,4,4S,N,=,,", "t.csv:9: board 1: pair 4 is on both sides"),
        ("1,1,1,4,14,4S,N,=,,", "t.csv:9: board 1: played twice at table 1"),
        ("1,4,1,4,14,4S,N,=", "t.csv:9: board 1: 8 fields where the header has 10"),
        ("x,4,1,4,14,4S,N,=,,", "t.csv:9: invalid board 'x'"),
        ("1,4,1,4,14,,,,,", "t.csv:9: board 1: no result"),
        ("1,4,1,4,14,4Z,N,=,,", "t.csv:9: board 1: invalid result"),
    ],
)
def test_csv_errors_name_file_line_and_board(line: str, message: str) -> None:
    text = PAIRS.replace("2,1,2,1,12", line + "\n2,1,2,1,12", 1)
    with pytest.raises(FileFormatError) as e:
        csvfmt.loads(text, source="t.csv")
    assert str(e.value).startswith(message)


@given(st.text(max_size=200))
def test_csv_fuzz_only_bridge_errors(text: str) -> None:
    with contextlib.suppress(BridgeError):
        csvfmt.loads(text)


@given(st.lists(st.text(alphabet="0123456789,NSEW+-=ANTXCDH/% ", max_size=30), max_size=5))
def test_csv_fuzz_rows(rows: list[str]) -> None:
    with contextlib.suppress(BridgeError):
        csvfmt.loads(PAIRS + "\n".join(rows))


def test_cli_pairs_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "p.csv"
    f.write_text(PAIRS, encoding="utf-8")
    assert main(["pairs", str(f), "--scoring", "mp", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    b1 = data["boards"][0]
    assert b1["board"] == 1
    assert [(r["ns_pair"], r["ew_pair"], r["ns_score"], r["ns"], r["ew"]) for r in b1["results"]] \
        == [("1", "11", 420, 2, 2), ("2", "12", 430, 4, 0), ("3", "13", -50, 0, 4)]
    pairs = {p["pair"]: p for p in data["pairs"]}
    assert set(pairs["1"]) >= {"pair", "direction", "total", "percentage", "place"}
    assert pairs["1"]["direction"] == "NS" and pairs["11"]["direction"] == "EW"


def test_cli_pairs_text_and_other_scorings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "p.csv"
    f.write_text(PAIRS, encoding="utf-8")
    for scoring in ("ximp", "butler", "total", "online"):
        assert main(["pairs", str(f), "--scoring", scoring, "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["scoring"] == scoring
    assert main(["pairs", str(f)]) == 0
    assert "NS ranking" in capsys.readouterr().out
    assert main(["pairs", str(f), "--lang", "zh"]) == 0
    assert "南北排名" in capsys.readouterr().out


def test_cli_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "bad.csv"
    f.write_text(PAIRS.replace("1,3,1,3,13,,,,,-50", "1,3,1,3,13,4S,N,+7,,"), encoding="utf-8")
    assert main(["pairs", str(f)]) == 2
    err = capsys.readouterr().err
    assert f"{f}:8: board 1: impossible result" in err
    assert main(["pairs", str(f), "--lang", "zh"]) == 2
    assert "第1副" in capsys.readouterr().err


def test_cli_teams(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "m.csv"
    f.write_text(TEAMS, encoding="utf-8")
    assert main(["teams", str(f), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [b["imps"] for b in data["boards"]] == [-6, 13, -12, -4]
    assert (data["home_total"], data["away_total"], data["winner"]) == (13, 22, "A")
    assert data["vp"]["vp"][0] < data["vp"]["vp"][1]
    assert main(["teams", str(f)]) == 0
    assert "total 13 – 22" in capsys.readouterr().out
    assert main(["pairs", str(f)]) == 2
    assert "team match" in capsys.readouterr().err


@pytest.mark.parametrize("cell", ["x", "0", "-1"])
def test_csv_bad_table(cell: str) -> None:
    with pytest.raises(FileFormatError, match=r"t\.csv:6: board 1: invalid table"):
        csvfmt.loads(PAIRS.replace("1,1,1,1,11", f"1,{cell},1,1,11"), source="t.csv")


def test_csv_bad_weighted() -> None:
    with pytest.raises(FileFormatError, match="invalid weighted score"):
        csvfmt.loads(PAIRS.replace("60%:+630", "x%:+630"), source="t.csv")


def test_every_bad_line_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The first bad line in full, the others by number: one run tells what to mend."""
    f = tmp_path / "multi.csv"
    f.write_text("board,table,ns,ew,contract,declarer,result\n1,1,1,2,4Z,N,=\n"
                 "1,2,3,4,4S,N,+9\n2,1,1,2,4S,Q,=\n2,2,3,4,4S,N,=\n", encoding="utf-8")
    assert main(["pairs", str(f)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert f"{f}:2: board 1: invalid result '4Z N ='" in err and "(and 2 more bad lines: 3, 4)" in err
    assert main(["pairs", str(f), "--lang", "zh"]) == 2
    assert "（另有 2 行有误：第3行、第4行）" in capsys.readouterr().err


def test_pair_ids_are_kept_as_written_but_folded_to_ascii() -> None:
    # A traditional name is not half turned into simplified (東 is also the direction East,
    # which notation folds to 东); a full-width number is the pair number.
    text = ("# pair: 東方, 陳偉, 林娜\n# pair: ２, 張三, 李四\n# pair: 3, A, B\n# pair: 4, C, D\n"
            "board,table,round,ns,ew,contract,declarer,result,lead,score\n"
            "1,1,1,東方,２,4S,北,=,HK,\n"
            "1,2,1,3,4,南打3NT超1,,,,\n")
    s = csvfmt.loads(text)
    assert isinstance(s, Session)
    assert set(s.pairs) == {"東方", "2", "3", "4"}
    assert s.pairs["東方"].names == ("陳偉", "林娜")
    assert [(r.ns_pair, r.ew_pair) for r in s.results] == [("東方", "2"), ("3", "4")]
    assert s.results[0].result == Result.parse("4S N =")
    assert s.results[1].result == Result.parse("3NT S +1")
