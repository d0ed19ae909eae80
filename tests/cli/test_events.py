"""The event commands end to end through ``bridgescore.cli.main``: ``pairs`` (JSON shape, every
kind of bad input in every file format, ``--compare``, ``--output``), ``teams`` (a match,
standings, knockout), ``event-demo``, ``movement`` and ``swiss``, in both languages.

Expected values are worked out by hand in the comments, not taken from the code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sessions.files.test_csv import PAIRS, TEAMS

from bridgescore.cli import COMMANDS, cli, main
from bridgescore.sessions.files import csvfmt, pbn_results, usebio
from bridgescore.sessions.imp_pairs import score_session
from bridgescore.sessions.model import Session


@pytest.fixture(autouse=True)
def _register(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, target in (("pairs", ("bridgescore.cli.events", "pairs_cmd")),
                         ("teams", ("bridgescore.cli.events", "teams_cmd")),
                         ("event-demo", ("bridgescore.cli.events", "event_demo_cmd")),
                         ("movement", ("bridgescore.cli.movements", "movement_cmd")),
                         ("swiss", ("bridgescore.cli.movements", "swiss_cmd"))):
        monkeypatch.setitem(COMMANDS, name, target)


# Three NS pairs (1, 3, 5) against three EW pairs (2, 4, 6) on two boards.
# Board 1 (none vul): 420, 450, -50 → NS 2/4/0 of a top of 4; EW 2/0/4.
# Board 2 (NS vul): 600, -100, 600 → the 600s score 3 each (beat one, tie one), -100 scores 0.
# NS totals: 1 → 2+3 = 5 (62.5%), 3 → 4+0 = 4 (50%), 5 → 0+3 = 3 (37.5%).
# EW totals: 2 → 2+1 = 3 (37.5%), 4 → 0+1 = 1 (12.5%), 6 → 4+4 = 8 (100%).
SMALL = """\
# event: Shape test
board,table,ns,ew,contract,declarer,result,lead,score
1,1,1,2,4S,N,=,HK,
1,2,3,4,4S,N,+1,,
1,3,5,6,,,,,-50
2,1,1,4,3NT,S,=,,
2,2,3,6,3NT,S,-1,,
2,3,5,2,,,,,600
"""


def _file(tmp_path: Path, name: str, text: str) -> Path:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


def test_pairs_json_has_the_issue_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "small.csv", SMALL)
    assert main(["pairs", str(f), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"boards", "pairs"} <= set(data)
    for b in data["boards"]:
        assert {"board", "results"} <= set(b) and isinstance(b["board"], int)
        for r in b["results"]:
            assert {"ns_pair", "ew_pair", "ns_score", "ns", "ew"} <= set(r)
    got = [(b["board"], [(r["ns_pair"], r["ew_pair"], r["ns_score"], r["ns"], r["ew"])
                         for r in b["results"]]) for b in data["boards"]]
    assert got == [(1, [("1", "2", 420, 2, 2), ("3", "4", 450, 4, 0), ("5", "6", -50, 0, 4)]),
                   (2, [("1", "4", 600, 3, 1), ("3", "6", -100, 0, 4), ("5", "2", 600, 3, 1)])]
    pairs = [(p["pair"], p["direction"], p["total"], p["percentage"], p["place"])
             for p in data["pairs"]]
    assert pairs == [("1", "NS", 5, 62.5, "1"), ("3", "NS", 4, 50.0, "2"), ("5", "NS", 3, 37.5, "3"),
                     ("6", "EW", 8, 100.0, "1"), ("2", "EW", 3, 37.5, "2"), ("4", "EW", 1, 12.5, "3")]


def test_pairs_json_one_field_has_null_direction(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "h.csv", SMALL.replace("# event", "# movement: howell\n# event"))
    assert main(["pairs", str(f), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {p["direction"] for p in data["pairs"]} == {None}
    # One field of six: pair 6 (100%) first, pair 4 (12.5%) last.
    assert (data["pairs"][0]["pair"], data["pairs"][-1]["pair"]) == ("6", "4")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_pairs_text_in_both_languages(tmp_path: Path, lang: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "small.csv", SMALL)
    assert main(["pairs", str(f), "--lang", lang]) == 0
    out = capsys.readouterr().out
    words = {"en": ["Shape test — matchpoints", "NS ranking", "EW ranking", "place", "62.50"],
             "zh": ["Shape test — 比赛分", "南北排名", "东西排名", "名次", "62.50"]}[lang]
    for w in words:
        assert w in out, w


# ----------------------------------------------------------------------------- bad input
# Each bad line, the board it names, and what the message says in each language.
BAD_CSV = [
    ("1,4,7,7,4S,N,=,,", 1, "pair 7 is on both sides", "第7对同时坐南北和东西"),
    ("1,1,7,8,4S,N,=,,", 1, "played twice at table 1", "在第1桌出现两次"),
    ("1,4,7,8,4S,N,=,,100", 1, "NS score 100 is impossible for 4S N =", "南北得分 100 与"),
    ("9,4,7,8,4S,N,=,,", 9, "unknown board", "未知的牌副"),
    ("1,4,7,8,4S,N", 1, "6 fields where the header has 9", "有 6 个字段"),
]


@pytest.mark.parametrize(("line", "board", "en", "zh"), BAD_CSV)
def test_bad_csv_one_line_naming_file_board_and_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, board: int, en: str,
        zh: str) -> None:
    text = SMALL.replace("# event", "# boards: 1-2\n# event") + line + "\n"
    f = _file(tmp_path, "bad.csv", text)
    lineno = len(text.splitlines())
    for lang, words, where in (("en", en, f"{f}:{lineno}: board {board}: "),
                               ("zh", zh, f"{f}:{lineno}：第{board}副：")):
        assert main(["pairs", str(f), "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1, err
        assert where in err and words in err, err


def _usebio(lines: str) -> str:
    return ("<?xml version=\"1.0\"?>\n<USEBIO Version=\"1.2\">\n<EVENT EVENT_TYPE=\"PAIRS\">\n"
            "<BOARD>\n<BOARD_NUMBER>5</BOARD_NUMBER>\n" + lines + "</BOARD>\n</EVENT>\n</USEBIO>\n")


def _tl(ns: str, ew: str, inner: str, table: int) -> str:
    return (f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}"
            f"</EW_PAIR_NUMBER><TABLE_NUMBER>{table}</TABLE_NUMBER>{inner}</TRAVELLER_LINE>\n")


GOOD = "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>"
BAD_XML = [
    # board 5 is NS vulnerable (and EW): 4♠ made is +620
    (_tl("1", "2", GOOD, 1) + _tl("3", "3", GOOD, 2), "pair 3 is on both sides", "第3对同时坐南北和东西"),
    (_tl("1", "2", GOOD, 1) + _tl("3", "4", GOOD, 1), "played twice at table 1", "在第1桌出现两次"),
    (_tl("1", "2", GOOD + "<SCORE>420</SCORE>", 1), "NS score 420 is impossible for 4S N =",
     "南北得分 420 与"),
    (_tl("1", "2", GOOD, 1) + "<TRAVELLER_LINE><X></Y>\n", "malformed XML", "XML 格式错误"),
]


@pytest.mark.parametrize(("lines", "en", "zh"), BAD_XML)
def test_bad_usebio_names_file_board_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              lines: str, en: str, zh: str) -> None:
    text = _usebio(lines)
    f = _file(tmp_path, "bad.xml", text)
    last = len(text.splitlines()) - 3  # the last traveller line (before </BOARD> … </USEBIO>)
    for lang, words in (("en", en), ("zh", zh)):
        assert main(["pairs", str(f), "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1, err
        where = f"{f}:{last}: board 5: " if lang == "en" else f"{f}:{last}：第5副："
        assert where in err and words in err, err


PBN_HEAD = '[Event "x"]\n[Board "6"]\n[ScoreTable "Table;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
BAD_PBN = [
    # board 6 is EW vulnerable: 4♠ by N making is +420
    ("1 1 2 4S N 10 420\n2 3 3 4S N 10 420\n", "pair 3 is on both sides", "第3对同时坐南北和东西"),
    ("1 1 2 4S N 10 420\n1 3 4 4S N 10 420\n", "played twice at table 1", "在第1桌出现两次"),
    ("1 1 2 4S N 10 420\n2 3 4 4S N 10 620\n", "NS score 620 is impossible for 4S N =", "南北得分 620 与"),
    ("1 1 2 4S N 10 420\n2 3 4 4S N 10 \"420\n", "", ""),
]


@pytest.mark.parametrize(("rows", "en", "zh"), BAD_PBN)
def test_bad_pbn_names_file_board_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           rows: str, en: str, zh: str) -> None:
    f = _file(tmp_path, "bad.pbn", PBN_HEAD + rows)
    for lang, words in (("en", en), ("zh", zh)):
        assert main(["pairs", str(f), "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1, err
        where = f"{f}:5: board 6: " if lang == "en" else f"{f}:5：第6副："
        assert where in err and words in err, err


def test_not_a_text_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "x.csv"
    f.write_bytes(b"\xff\xfe\x00\x81\x00")
    assert main(["pairs", str(f)]) == 2
    assert "not a text file" in capsys.readouterr().err
    assert main(["pairs", str(f), "--lang", "zh"]) == 2
    assert "不是文本文件" in capsys.readouterr().err


# ----------------------------------------------------------------------------- --compare
def _scored_usebio(tmp_path: Path) -> tuple[Path, str]:
    s = csvfmt.loads(SMALL)
    assert isinstance(s, Session)
    text = usebio.dumps(score_session(s, "mp"))
    return _file(tmp_path, "scored.xml", text), text


def test_compare_all_agree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f, _ = _scored_usebio(tmp_path)
    assert main(["pairs", str(f), "--compare"]) == 0
    out = capsys.readouterr().out
    assert "compared 6 results and 6 pairs: all agree" in out
    assert main(["pairs", str(f), "--compare", "--lang", "zh"]) == 0
    assert "比较了 6 个结果、6 对：全部一致" in capsys.readouterr().out


def _tampered(text: str) -> str:
    # Board 1, NS 3 v EW 4 scored 4/0: the file now says 3/1; pair 6 (1st EW) now says 2nd.
    line = re.search(r"<NS_PAIR_NUMBER>3</NS_PAIR_NUMBER>\s*<EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>"
                     r".*?</TRAVELLER_LINE>", text, re.S)
    assert line is not None
    new = line.group(0).replace("<NS_MATCH_POINTS>4</NS_MATCH_POINTS>",
                                "<NS_MATCH_POINTS>3</NS_MATCH_POINTS>").replace(
        "<EW_MATCH_POINTS>0</EW_MATCH_POINTS>", "<EW_MATCH_POINTS>1</EW_MATCH_POINTS>")
    text = text.replace(line.group(0), new)
    pair6 = re.search(r"<PAIR_NUMBER>6</PAIR_NUMBER>.*?</PAIR>", text, re.S)
    assert pair6 is not None
    return text.replace(pair6.group(0), pair6.group(0).replace("<PLACE>1</PLACE>",
                                                               "<PLACE>2</PLACE>"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_compare_lists_every_disagreement(tmp_path: Path, lang: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    f, text = _scored_usebio(tmp_path)
    f.write_text(_tampered(text), encoding="utf-8")
    # A disagreement exits 1 (like diff): 0 agree, 1 differ, 2 bad input.
    assert cli.main(["pairs", str(f), "--compare", "--lang", lang], standalone_mode=False) == 1
    out = capsys.readouterr().out.splitlines()
    # The entry point users run passes that status on.
    from bridgescore.cli import main as entry_main

    assert entry_main(["pairs", str(f), "--compare", "--lang", lang]) == 1
    assert capsys.readouterr().out.splitlines() == out
    expected = {
        "en": ["  board 1, NS 3 v EW 4: file 3/1, ours 4/0", "  pair 6 place: file 2, ours 1",
               "compared 6 results and 6 pairs: 2 disagreements"],
        "zh": ["  第1副，南北 3 对 东西 4：文件 3/1，我们 4/0", "  第6对名次：文件 2，我们 1",
               "比较了 6 个结果、6 对：2 处不一致"]}[lang]
    assert out[1:] == expected


def test_compare_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f, text = _scored_usebio(tmp_path)
    f.write_text(_tampered(text), encoding="utf-8")
    assert cli.main(["pairs", str(f), "--compare", "--json"], standalone_mode=False) == 1
    data = json.loads(capsys.readouterr().out)
    assert data == {
        "file": str(f), "scoring": "mp", "agree": False, "results_compared": 6,
        "pairs_compared": 6, "not_compared": 0,
        "differences": [
            {"kind": "result", "board": 1, "ns_pair": "3", "ew_pair": "4",
             "theirs": {"ns": 3, "ew": 1}, "ours": {"ns": 4, "ew": 0}},
            {"kind": "place", "pair": "6", "theirs": "2", "ours": "1"}]}


def test_compare_uses_the_files_scoring_method(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    s = csvfmt.loads(SMALL)
    assert isinstance(s, Session)
    f = _file(tmp_path, "x.xml", usebio.dumps(score_session(s, "ximp")))
    assert main(["pairs", str(f), "--compare"]) == 0
    assert "cross-IMPs" in capsys.readouterr().out
    # Told to matchpoint a cross-IMP file, every line disagrees.
    assert cli.main(["pairs", str(f), "--compare", "--scoring", "mp"],
                    standalone_mode=False) == 1


def test_compare_pbn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = csvfmt.loads(SMALL)
    assert isinstance(s, Session)
    text = pbn_results.dumps(score_session(s, "mp"))
    f = _file(tmp_path, "x.pbn", text)
    assert main(["pairs", str(f), "--compare"]) == 0
    assert "all agree" in capsys.readouterr().out
    # Pair 1's 62.50% written as 60.00: one disagreement, on the percentage.
    f.write_text(text.replace("62.50", "60.00"), encoding="utf-8")
    assert cli.main(["pairs", str(f), "--compare"], standalone_mode=False) == 1
    assert "pair 1 percentage: file 60.00, ours 62.50" in capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_compare_needs_carried_scores(tmp_path: Path, lang: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "small.csv", SMALL)
    assert main(["pairs", str(f), "--compare", "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert ("carries no scores" if lang == "en" else "没有可比较的分数") in err
    s = csvfmt.loads(SMALL)
    assert isinstance(s, Session)
    g = _file(tmp_path, "plain.xml", usebio.dumps(s))  # results only, no scores
    assert main(["pairs", str(g), "--compare", "--lang", lang]) == 2


@pytest.mark.parametrize("suffix", [".xml", ".pbn", ".csv"])
def test_pairs_output_round_trips(tmp_path: Path, suffix: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    # PBN has no way to write PAIRS' weighted score: use the small session there.
    f = _file(tmp_path, "p.csv", SMALL if suffix == ".pbn" else PAIRS)
    out = tmp_path / f"o{suffix}"
    assert main(["pairs", str(f), "--output", str(out), "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["pairs", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert main(["pairs", str(f), "--output", str(tmp_path / "o.txt")]) == 2
    assert ".xml" in capsys.readouterr().err


# ----------------------------------------------------------------------------- teams
RESULTS = """\
# event: League
# team: A, 长城队
# team: B, 黄河队
round,home,away,home_imps,away_imps,boards,home_vp,away_vp
1,A,B,40,30,16,12.8,7.2
1,C,D,20,20,16,10,10
2,A,C,10,30,16,5,15
2,B,D,30,26,16,10.6,9.4
"""
# VPs: A 12.8+5 = 17.8, B 7.2+10.6 = 17.8, C 10+15 = 25, D 10+9.4 = 19.4.
# A and B tie on VPs; IMP quotients A 50/60 = 0.833, B 60/66 = 0.909: B ranks above A.


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_teams_standings_text(tmp_path: Path, lang: str,
                              capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "results.csv", RESULTS)
    assert main(["teams", str(f), "--lang", lang]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("League — after 2 rounds (wbf VPs)" if lang == "en" else "League——第2轮后（WBF 2013 连续 20 VP 换算表）")
    assert out[1].split()[:2] == (["place", "team"] if lang == "en" else ["名次", "队"])
    rows = [line.split() for line in out[2:]]
    assert [(r[0], r[1]) for r in rows] == [("1", "C"), ("2", "D"), ("3", "B"), ("4", "A")]
    assert rows[2][2:] == ["黄河队", "2", "0", "17.80", "60", "66", "0.909"]


def test_teams_standings_json_byes_and_tie_breaks(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "results.csv", RESULTS + "3,A,bye,,,,,\n")
    assert main(["teams", str(f), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    table = {s["team"]: s for s in data["standings"]}
    assert table["A"]["vp"] == 29.8 and table["A"]["byes"] == 1 and table["A"]["place"] == "1"
    assert data["byes"] == [{"round": 3, "team": "A"}] and data["rounds"] == 3
    assert main(["teams", str(f), "--json", "--bye-vp", "average"]) == 0
    table = {s["team"]: s for s in json.loads(capsys.readouterr().out)["standings"]}
    assert table["A"]["vp"] == 26.7  # 17.8 + its average 8.9
    # Head to head first: A beat B 12.8 – 7.2 in their match, so A now ranks above B.
    g = _file(tmp_path, "r2.csv", RESULTS)
    assert main(["teams", str(g), "--json", "--tie-break", "head_to_head,quotient"]) == 0
    order = [s["team"] for s in json.loads(capsys.readouterr().out)["standings"]]
    assert order == ["C", "D", "A", "B"]


def test_teams_standings_from_match_files(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    m1 = _file(tmp_path, "m1.csv", TEAMS)  # the seeds' exercise: H 13 – 22 A
    m2 = _file(tmp_path, "m2.csv", TEAMS.replace("# away: A, 乙队", "# away: B, 丙队"))
    assert main(["teams", str(m1), str(m2), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    table = {s["team"]: s for s in data["standings"]}
    assert (table["H"]["played"], table["H"]["imps_for"], table["H"]["imps_against"]) == (2, 26, 44)
    assert (table["A"]["imps_for"], table["B"]["imps_for"]) == (22, 22)
    assert table["A"]["vp"] == table["B"]["vp"] > table["H"]["vp"] / 2
    assert (table["A"]["place"], table["B"]["place"]) == ("1=", "1=")
    html = tmp_path / "st"
    assert main(["teams", str(m1), str(m2), "--html", str(html), "--lang", "zh"]) == 0
    assert "standings.html" in capsys.readouterr().out
    assert "名次表" in (html / "standings.html").read_text("utf-8")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_teams_knockout(tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Segment 1: H 13 – 22 A with 3.5 carried over to H.  Segment 2: the same boards with the
    # teams the other way round, so A (now home) scores 13 and H 22.  H: 3.5+13+22 = 38.5, A 35.
    s1 = _file(tmp_path, "s1.csv", "# carry_over: 3.5\n" + TEAMS)
    swapped = TEAMS.replace("# home: H, 甲队, 张, 王\n# away: A, 乙队",
                            "# home: A, 乙队\n# away: H, 甲队, 张, 王")
    s2 = _file(tmp_path, "s2.csv", swapped)
    assert main(["teams", str(s1), str(s2), "--knockout", "--lang", lang]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ({"en": ["Carry-over: 甲队 3.5", "Segment 1: 13 – 22", "Segment 2: 22 – 13",
                           "Total: 甲队 38.5 – 35 乙队; 甲队 wins"],
                    "zh": ["结转：甲队 3.5", "第1节：13 – 22", "第2节：22 – 13",
                           "总计：甲队 38.5 – 35 乙队；甲队 胜"]}[lang])
    assert main(["teams", str(s1), str(s2), "--knockout", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["home_total"], data["away_total"], data["winner"]) == (38.5, 35, "H")
    other = _file(tmp_path, "o.csv", TEAMS.replace("# away: A, 乙队", "# away: B, 丙队"))
    assert main(["teams", str(s1), str(other), "--knockout"]) == 2
    assert "segment 2 is H v B" in capsys.readouterr().err


BAD_RESULTS = [
    ("1,A,A,10,10,16,,", "team A cannot play itself", "A 队不能与自己比赛"),
    ("2,A,D,10,10,16,,", "team A plays twice in round 2 (also on line 7)", "A 队在第2轮出现两次"),
    ("3,A,D,-3,10,16,,", "invalid home IMPs '-3'", "无效的主队 IMP '-3'"),
    ("3,A,D,3,10,0,,", "invalid number of boards '0'", "无效的副数 '0'"),
    ("3,A,D,3,10,16,12,", "give both home_vp and away_vp", "主队VP 和客队VP 要么都给出"),
    ("3,A,bye,3,,,,", "a bye for A carries no IMPs", "A 队轮空，不应有 IMP"),
]


@pytest.mark.parametrize(("line", "en", "zh"), BAD_RESULTS)
def test_teams_results_file_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   line: str, en: str, zh: str) -> None:
    f = _file(tmp_path, "r.csv", RESULTS + line + "\n")
    for lang, words in (("en", en), ("zh", zh)):
        assert main(["teams", str(f), "--lang", lang]) == 2
        err = capsys.readouterr().err
        sep = ": " if lang == "en" else "："
        assert f"{f}:9{sep}{words}" in err and err.count("\n") == 1, err


def test_teams_refuses_pairs_and_mixed_options(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    p = _file(tmp_path, "p.csv", SMALL)
    assert main(["teams", str(p)]) == 2
    assert "pairs session" in capsys.readouterr().err
    r = _file(tmp_path, "r.csv", RESULTS)
    assert main(["teams", str(r), "--scoring", "bam"]) == 2
    assert "--scoring imps" in capsys.readouterr().err
    assert main(["teams", str(r), "--output", str(tmp_path / "x.pbn")]) == 2
    assert main(["teams", str(r), "--knockout"]) == 2
    assert main(["teams"]) == 2


def test_teams_match_output_pbn_round_trip(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "m.csv", "# carry_over: 2\n" + TEAMS)
    out = tmp_path / "m.pbn"
    assert main(["teams", str(f), "--output", str(out), "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["teams", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert (first["home_total"], first["away_total"]) == (15, 22)  # 13 + 2 carried over


# ----------------------------------------------------------------------------- other commands
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_event_demo_through_main(tmp_path: Path, lang: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["event-demo", "--out", str(tmp_path), "--lang", lang]) == 0
    out = capsys.readouterr().out
    words = {"en": ["NS winner: pair", "EW winner: pair", "match: 长城队", "results pages (en)"],
             "zh": ["南北冠军：第", "东西冠军：第", "队式赛：长城队", "成绩页面（zh）"]}[lang]
    for w in words:
        assert w in out, w
    for page_lang in ("en", "zh"):
        for page in ("pairs/index.html", "pairs/board-14.html", "match/match.html",
                     "match/scoresheet.html"):
            assert (tmp_path / "events" / page_lang / page).is_file()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_movement_through_main(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "mitchell", "--tables", "3", "--lang", lang]) == 0
    out = capsys.readouterr().out
    # A 3-table Mitchell: round 1 has NS 1 v EW 4 at table 1 playing boards 1-2.
    assert ("Table 1: 1 (NS) v 4 (EW), boards 1-2" if lang == "en"
            else "第1桌：1（南北）对 4（东西），第1-2副") in out
    assert main(["movement", "mitchell", "--tables", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)
    assert main(["movement", "mitchell", "--lang", lang]) == 2
    assert ("give --tables N" if lang == "en" else "请给出 --tables N") in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_swiss_teams_from_results(tmp_path: Path, lang: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "r.csv", RESULTS)
    assert main(["swiss", "--matches", str(f), "--lang", lang]) == 0
    out = capsys.readouterr().out.splitlines()
    # Standings C, D, B, A.  C has met D and A; D has met C and B.  Top-down: C meets B
    # (the highest it has not met); D meets A.
    assert out == ({"en": ["Round 3 draw (from the standings after round 2):",
                           "Match 1: C (home) v B 黄河队 (away)", "Match 2: D (home) v A 长城队 (away)"],
                    "zh": ["第3轮对阵（按第2轮后的名次）：", "第1场：C（主队）对 B 黄河队（客队）",
                           "第2场：D（主队）对 A 长城队（客队）"]}[lang])
    assert main(["swiss", "--matches", str(f), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(t["home"], t["away"]) for t in data["draw"]["tables"]] == [("C", "B"), ("D", "A")]
    assert data["draw"]["round"] == 3 and data["rounds"] == 2
    assert main(["swiss", "--lang", lang]) == 2
    assert ("--matches" in capsys.readouterr().err)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_round_robin_schedule_through_main(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "round-robin", "--teams", "甲,乙,丙", "--lang", lang]) == 0
    out = capsys.readouterr().out.splitlines()
    # Three teams: three rounds, one match and one bye each, every pair of teams once.
    assert out[0] == ("Round robin, 3 teams, 3 rounds (the first team named is at home)"
                      if lang == "en" else "循环赛，3队，3轮（前者为主队）")
    assert len(out) == 4 and all(("bye: " if lang == "en" else "轮空：") in line for line in out[1:])
    assert main(["movement", "round-robin", "--teams", "6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    met = [frozenset((m["home"], m["away"])) for r in data["rounds"] for m in r["matches"]]
    assert len(data["rounds"]) == 5 and len(met) == len(set(met)) == 15
    assert main(["movement", "round-robin", "--lang", lang]) == 2
    assert ("give --teams N" if lang == "en" else "请给出 --teams N") in capsys.readouterr().err
    assert main(["movement", "round-robin", "--teams", "A,A", "--lang", lang]) == 2
    assert main(["movement", "mitchell", "--teams", "4", "--lang", lang]) == 2
    assert ("round robin" if lang == "en" else "循环赛") in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_compare_pbn_imps_needs_the_method(tmp_path: Path, lang: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    s = csvfmt.loads(SMALL)
    assert isinstance(s, Session)
    f = _file(tmp_path, "b.pbn", pbn_results.dumps(score_session(s, "butler")))
    assert main(["pairs", str(f), "--compare", "--lang", lang]) == 2
    assert ("--scoring ximp, butler or online" if lang == "en"
            else "请给出 --scoring ximp、butler") in capsys.readouterr().err
    assert main(["pairs", str(f), "--compare", "--scoring", "butler", "--lang", lang]) == 0
