"""The home commands through ``bridgescore.cli.main``: rubber, chicago, handicap, sacrifice,
quiz.  Interactive scorepads are fed through standard input."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.cli import COMMANDS, main

HOME = ("rubber", "chicago", "handicap", "sacrifice", "quiz")


@pytest.fixture(autouse=True)
def _registered(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # The lead registers the commands in cli/__init__.py; until then register them here.
    for name in HOME:
        if name not in COMMANDS:
            monkeypatch.setitem(COMMANDS, name, ("bridgescore.cli.home", f"{name}_cmd"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BRIDGESCORE_LANG", raising=False)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def feed(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{x}\n" for x in lines)))


WORKED = "2H S +1\n3NT E =\n# the third deal\n4SX N -2\n4S S =\n2C W =\n3NT N +1\n"


class TestRubberFile:
    def test_text(self, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
        (tmp_path / "r.txt").write_text(WORKED, encoding="utf-8")
        status, out, _ = run(capsys, "rubber", "--file", "r.txt")
        assert status == 0 and "WE 840, THEY 440; WE by 400" in out
        status, out, _ = run(capsys, "rubber", "--file", "r.txt", "--lang", "zh")
        assert "我方 840，他方 440；我方胜 400" in out

    def test_json(self, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
        (tmp_path / "r.txt").write_text(WORKED + "1NT N =\n", encoding="utf-8")
        status, out, _ = run(capsys, "rubber", "--file", "r.txt", "--json")
        data = json.loads(out)
        assert status == 0 and data["rubbers"][0]["totals"] == {"we": 840, "they": 440}
        # rubber 2 unfinished: WE's 40 part score earns 100 if play stopped now
        assert data["rubbers"][1]["totals"] == {"we": 140, "they": 0}
        assert data["totals"] == {"we": 980, "they": 440} and data["margin"] == 540

    def test_chinese_notation_and_honours(self, capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
        (tmp_path / "r.txt").write_text("南打4S，正好完成 大牌奖分100东\n", encoding="utf-8")
        _, out, _ = run(capsys, "rubber", "--file", "r.txt", "--json")
        rubber = json.loads(out)["rubbers"][0]
        assert rubber["postings"][-1] == {"deal": 1, "team": "they", "side": "EW",
                                          "line": "above", "item": "honours", "points": 100,
                                          "expression": "100"}
        # stopped now: WE's game is worth 300 (above), THEY keep their honours
        assert rubber["above"] == {"we": 300, "they": 100}

    def test_settings(self, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
        (tmp_path / "r.txt").write_text("4H N =\n2S E =\n", encoding="utf-8")
        _, out, _ = run(capsys, "rubber", "--file", "r.txt", "--json",
                        "--unfinished-partscore", "50")
        assert json.loads(out)["totals"] == {"we": 420, "they": 110}
        _, out, _ = run(capsys, "rubber", "--file", "r.txt", "--json", "--we", "EW")
        assert json.loads(out)["totals"] == {"we": 160, "they": 420}

    def test_bad_line(self, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
        (tmp_path / "r.txt").write_text("2H S +1\n\n4S = \n", encoding="utf-8")
        status, out, err = run(capsys, "rubber", "--file", "r.txt")
        assert status == 2 and out == ""
        assert err.startswith("error: r.txt:3: invalid result '4S =': the declarer is missing")
        assert err.count("\n") == 1
        status, _, err = run(capsys, "rubber", "--file", "r.txt", "--lang", "zh")
        assert status == 2 and err.startswith("错误：r.txt:3：")

    def test_missing_file_and_bad_option(self, capsys: pytest.CaptureFixture[str]) -> None:
        status, _, err = run(capsys, "rubber", "--file", "none.txt")
        assert status == 2 and "none.txt" in err and err.count("\n") == 1
        status, _, err = run(capsys, "rubber", "--we", "XY", "--json")
        assert status == 2 and "'XY'" in err

    def test_file_adds_to_a_session(self, capsys: pytest.CaptureFixture[str],
                                    tmp_path: Path) -> None:
        (tmp_path / "a.txt").write_text("2H S +1\n3NT E =\n", encoding="utf-8")
        (tmp_path / "b.txt").write_text("4SX N -2\n4S S =\n2C W =\n3NT N +1\n",
                                        encoding="utf-8")
        assert run(capsys, "rubber", "--file", "a.txt", "--session", "s.json")[0] == 0
        status, out, _ = run(capsys, "rubber", "--file", "b.txt", "--session", "s.json")
        assert status == 0 and "WE 840, THEY 440; WE by 400" in out
        assert len(json.loads((tmp_path / "s.json").read_text())["entries"]) == 6
        _, out, _ = run(capsys, "rubber", "--file", "b.txt", "--session", "s.json", "--new")
        assert len(json.loads((tmp_path / "s.json").read_text())["entries"]) == 4

    def test_html(self, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
        (tmp_path / "r.txt").write_text(WORKED, encoding="utf-8")
        status, _, err = run(capsys, "rubber", "--file", "r.txt", "--html", "pad.html")
        assert status == 0 and "wrote pad.html" in err
        assert "Total 840" in (tmp_path / "pad.html").read_text(encoding="utf-8")


class TestInteractiveRubber:
    def test_session_with_bad_input_and_undo(self, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
        feed(monkeypatch, "2H S +1", "3NT E =", "7S+1", "undo", "undo", "3NT E =", "help",
             "4SX N -2", "show", "quit")
        status, out, err = run(capsys, "rubber", "--session", "s.json")
        assert status == 0
        assert "error: impossible result" in err and err.count("\n") == 1
        assert "Undone: 3NT E =" in out and "Undone: 2H S +1" in out
        assert "Rubber 1, deal 1: 2H S +1" in out
        assert "THEY 300 above (undertricks 100+200=300)" in out
        assert "Commands: undo" in out
        data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
        assert data["entries"] == ["3NT E =", "4SX N -2"]

    def test_resume(self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                    tmp_path: Path) -> None:
        feed(monkeypatch, "2H S +1", "3NT E =", "4SX N -2")  # end of input, no quit
        assert run(capsys, "rubber")[0] == 0
        assert (tmp_path / "bridgescore-rubber.json").exists()
        feed(monkeypatch, "4S S =", "2C W =", "3NT N +1", "quit")
        status, out, _ = run(capsys, "rubber", "--lang", "zh")
        assert status == 0 and "从 bridgescore-rubber.json 继续：已有 3 副" in out
        assert "这一盘结束：我方 2–1 胜出。我方 840，他方 440；我方胜 400。" in out
        assert "记分已保存在 bridgescore-rubber.json" in out
        # --new starts afresh
        feed(monkeypatch, "quit")
        status, out, _ = run(capsys, "rubber", "--new")
        assert "Keeping the score in" in out
        assert json.loads((tmp_path / "bridgescore-rubber.json").read_text())["entries"] == []

    def test_resume_refuses_other_settings(self, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
        feed(monkeypatch, "1NT N =", "quit")
        run(capsys, "rubber")
        feed(monkeypatch, "quit")
        status, _, err = run(capsys, "rubber", "--we", "EW")
        assert status == 2 and "--new" in err

    def test_session_report_without_interaction(self, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
        feed(monkeypatch, "4H N =", "2S E =", "quit")
        run(capsys, "rubber", "--session", "s.json")
        status, out, _ = run(capsys, "rubber", "--session", "s.json", "--json")
        assert status == 0 and json.loads(out)["totals"] == {"we": 420, "they": 160}

    def test_wrong_kind_of_session(self, capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
        feed(monkeypatch, "quit")
        run(capsys, "chicago", "--session", "s.json")
        feed(monkeypatch, "quit")
        status, _, err = run(capsys, "rubber", "--session", "s.json")
        assert status == 2 and "chicago session" in err


class TestChicago:
    def test_file(self, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
        (tmp_path / "c.txt").write_text("2S N +1\n4H E =\npass\n2D S =\n2C N =\n",
                                        encoding="utf-8")
        status, out, _ = run(capsys, "chicago", "--file", "c.txt", "--json")
        data = json.loads(out)
        assert status == 0 and data["totals"] == {"we": 270, "they": 620}
        _, out, _ = run(capsys, "chicago", "--file", "c.txt", "--json", "--vul-order",
                        "non-dealer")
        # Deal 2 is then NS-vulnerable, so East's 4H is a non-vulnerable game (420).
        assert json.loads(out)["totals"]["they"] == 420

    def test_interactive(self, capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
        feed(monkeypatch, "2S N +1", "4H E =", "pass", "2D S =", "2C N =", "quit")
        status, out, _ = run(capsys, "chicago", "--lang", "zh")
        assert status == 0
        assert "第1轮 第2副 东发牌 东西有局> " in out
        assert "四家不叫：重新发牌，不计分" in out
        assert "这一轮芝加哥结束：我方 270，他方 620；他方胜 350。" in out

    def test_bad_settings(self, capsys: pytest.CaptureFixture[str]) -> None:
        status, _, err = run(capsys, "chicago", "--scoring", "weird", "--json")
        assert status == 2 and "'weird'" in err
        status, _, err = run(capsys, "chicago", "--fourth-deal-partscore", "-5", "--json",
                             "--lang", "zh")
        assert status == 2 and json.loads(err)["error"]["message_zh"].startswith(
            "--fourth-deal-partscore '-5'：应为整数（不小于 0）")
        status, _, err = run(capsys, "chicago", "--fourth-deal-partscore", "600", "--lang", "zh")
        assert status == 2 and err.startswith("错误：无效的第四副部分分奖分 600")

    def test_fourth_deal_partscore_setting(self, capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
        (tmp_path / "c.txt").write_text("2S N +1\n4H E =\n2D S =\n2C N =\n", encoding="utf-8")
        _, out, _ = run(capsys, "chicago", "--file", "c.txt", "--json",
                        "--fourth-deal-partscore", "50")
        # 90 + 40 + (40 + 50): the fourth deal's part score earns the club's 50.
        assert json.loads(out)["totals"]["we"] == 220


class TestHandicap:
    def test_single_deal(self, capsys: pytest.CaptureFixture[str]) -> None:
        status, out, _ = run(capsys, "handicap", "南定约5D，东西方加倍，结果宕二", "--board", "13",
                             "--hcp", "17", "--lang", "zh")
        assert status == 0 and out.strip().endswith("500−3×80=260，折合6点；东西净胜6点。")
        status, out, _ = run(capsys, "handicap", "4H", "E", "=", "--board", "4", "--hcp",
                             "EW 26", "--method", "simple", "--json")
        data = json.loads(out)
        assert status == 0 and data["ns_imps"] == -6 and data["winner"] == "EW"

    def test_negative_result_tokens(self, capsys: pytest.CaptureFixture[str]) -> None:
        status, out, _ = run(capsys, "handicap", "5DX", "S", "-2", "--board", "13", "--hcp",
                             "17")
        assert status == 0 and "EW win 6 IMPs." in out

    def test_deal_and_vulnerability(self, capsys: pytest.CaptureFixture[str]) -> None:
        deal = "N:AKQJ.AKQ.AK2.AK2 T98.JT9.QJT.QJT9 765.876.9876.876 432.5432.543.543"
        status, out, _ = run(capsys, "handicap", "6NT N +1", "--vul", "both", "--deal", deal,
                             "--json")
        data = json.loads(out)
        assert status == 0 and data["ns_hcp"] == 33 and data["category"] == "small_slam"

    def test_table_method_with_a_club_table(self, capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
        rows = ["20,0,0"] + [f"{h},100,200" for h in range(21, 41)]
        (tmp_path / "t.csv").write_text("\n".join(rows), encoding="utf-8")
        status, out, _ = run(capsys, "handicap", "2S N =", "--board", "1", "--hcp", "25",
                             "--method", "table", "--table", "t.csv", "--json")
        assert status == 0 and json.loads(out)["ns_difference"] == 10

    def test_session(self, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
        (tmp_path / "d.txt").write_text(
            "13 | 南定约5D，东西方加倍，结果宕二 | 17\n14 | 西主打3NT，正好完成 | EW 26\n",
            encoding="utf-8")
        status, out, _ = run(capsys, "handicap", "--file", "d.txt", "--session", "h.json")
        assert status == 0 and "Detailed method: NS 0, EW 7; EW by 7 IMPs" in out
        status, out, _ = run(capsys, "handicap", "西打2S，南北方加倍，结果超一", "--board", "15",
                             "--hcp", "EW 19", "--session", "h.json", "--json")
        assert json.loads(out)["totals"] == {"NS": 0, "EW": 19}
        status, out, err = run(capsys, "handicap", "--session", "h.json", "--undo")
        assert status == 0 and "Undone: 15 |" in err and "EW 7;" in out
        status, _, err = run(capsys, "handicap", "--session", "h.json", "--method", "simple",
                             "4S N =", "--board", "1", "--hcp", "20")
        assert status == 2 and "--method" in err
        status, _, _ = run(capsys, "handicap", "--session", "h.json", "--html", "h.html")
        assert status == 0 and "500−3×80=260" in (tmp_path / "h.html").read_text()

    @pytest.mark.parametrize(("args", "fragment"), [
        (("4S N =", "--hcp", "20"), "--board"),
        (("4S N =", "--board", "1"), "--hcp or --deal"),
        (("4S N =", "--board", "1", "--hcp", "41"), "'41'"),
        (("4S N =", "--board", "1", "--vul", "both", "--hcp", "20"), "contradicts"),
        (("4S N =", "--board", "1", "--hcp", "20", "--method", "magic"), "'magic'"),
        (("--board", "1", "--hcp", "20"), "RESULT is missing"),
        (("--undo",), "--session"),
        ((), "RESULT"),
        (("4S X =", "--board", "1", "--hcp", "20"), "invalid result"),
    ])
    def test_bad_input(self, capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                       fragment: str) -> None:
        status, _out, err = run(capsys, "handicap", *args)
        assert status == 2 and fragment in err and err.count("\n") == 1

    def test_a_missing_session_file_is_an_error(self, capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
        for args in (("--session", "typo.json"), ("--session", "typo.json", "--undo")):
            status, out, err = run(capsys, "handicap", *args)
            assert status == 2 and out == "" and err.count("\n") == 1
            assert err.startswith("error: typo.json: no such session file")
            status, _, err = run(capsys, "handicap", *args, "--lang", "zh")
            assert status == 2 and err.startswith("错误：typo.json：没有这个记分文件")
        assert not (tmp_path / "typo.json").exists()

    def test_a_board_is_scored_once(self, capsys: pytest.CaptureFixture[str],
                                    tmp_path: Path) -> None:
        args = ("4S N =", "--board", "2", "--hcp", "22", "--session", "h.json")
        assert run(capsys, "handicap", *args)[0] == 0
        before = (tmp_path / "h.json").read_text(encoding="utf-8")
        status, _, err = run(capsys, "handicap", *args)
        assert status == 2 and "board 2 is already in this session (deal 1)" in err
        assert (tmp_path / "h.json").read_text(encoding="utf-8") == before
        status, _, err = run(capsys, "handicap", *args, "--lang", "zh")
        assert status == 2 and "第2副已经记过" in err

    @pytest.mark.parametrize(("result", "hcp", "why_en", "why_zh"), [
        # Issue 23, finding 23: South with 13 HCP takes all 13 tricks at notrump.
        ("6NTX S +1", "13", "lose a trick to the ace of the other side at notrump, 12 tricks at most",
         "打无将时对方的A通常赢一墩，一般最多 12 墩"),
        # No honour at all: the AKQJ of trumps take two tricks in the play (a revoke's
        # transferred tricks may still give 12).
        ("6SX N =", "0", "A K Q J of trumps held by the other side win two tricks in the play, "
         "11 tricks at most",
         "将牌A、K、Q、J在打牌中至少赢两墩，最多 11 墩"),
    ])
    def test_an_unlikely_result_is_scored_only_when_confirmed(
            self, capsys: pytest.CaptureFixture[str], tmp_path: Path, result: str, hcp: str,
            why_en: str, why_zh: str) -> None:
        args = (result, "--board", "1", "--hcp", hcp, "--session", "h.json")
        status, out, err = run(capsys, "handicap", *args)
        assert status == 2 and out == "" and err.count("\n") == 1
        # What was entered, why it is unlikely, how to confirm; nothing recorded.
        assert err.startswith(f"error: {result} (") and "is unlikely with NS holding" in err
        assert why_en in err and f"Entered: '{result}' with --hcp '{hcp}'" in err
        assert f"(for East-West holding {hcp}: --hcp 'EW {hcp}'); nothing was scored" in err
        assert err.rstrip().endswith("run it again with --confirm-unlikely")
        assert not (tmp_path / "h.json").exists()
        status, out, err = run(capsys, "handicap", *args, "--lang", "zh")
        assert status == 2 and out == "" and err.startswith("错误：南北只有")
        assert why_zh in err and f"输入的是：'{result}'，--hcp '{hcp}'（若是东西方" in err
        assert "；未记分" in err
        assert "请加 --confirm-unlikely 再运行一次" in err
        status, _, err = run(capsys, "handicap", *args, "--json")
        error = json.loads(err)["error"]
        assert status == 2 and error["code"] == "unlikely_result"
        assert why_en in error["message"] and why_zh in error["message_zh"]
        assert not (tmp_path / "h.json").exists()
        # Confirmed: scored and recorded, the warning still said (on stderr).
        status, out, err = run(capsys, "handicap", *args, "--confirm-unlikely")
        assert status == 0 and "NS win" in out and err.count("\n") == 1
        assert err.startswith(f"warning: {result} (") and why_en in err
        assert err.rstrip().endswith("scored as entered (--confirm-unlikely)")
        assert json.loads((tmp_path / "h.json").read_text())["entries"] == [f"1 | {result} | {hcp}"]
        status, out, err = run(capsys, "handicap", result, "--board", "2", "--hcp", hcp,
                               "--confirm-unlikely", "--lang", "zh")
        assert status == 0 and "南北净胜" in out and err.startswith("警告：南北只有")
        assert why_zh in err and err.rstrip().endswith("已按输入记分（--confirm-unlikely）")
        # --json: the warning is in the deal, stderr stays empty.
        status, out, err = run(capsys, "handicap", result, "--board", "2", "--hcp", hcp,
                               "--confirm-unlikely", "--json")
        unlikely = json.loads(out)["unlikely"]
        assert status == 0 and err == "" and why_en in unlikely["message"]
        assert why_zh in unlikely["message_zh"] and unlikely["side"] == "NS"

    def test_an_unlikely_file_line_is_scored_with_a_warning(
            self, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
        (tmp_path / "d.txt").write_text("1 | 4S N = | 25\n2 | 6NTX S +1 | 13\n3 | 6SX N = | 0\n",
                                        encoding="utf-8")
        status, out, err = run(capsys, "handicap", "--file", "d.txt", "--session", "h.json")
        lines = err.splitlines()
        assert status == 0 and "Detailed method: NS 45, EW 0" in out and len(lines) == 2
        assert lines[0].startswith("warning: d.txt:2: 6NTX S +1 (13 tricks) is unlikely")
        assert lines[1].startswith("warning: d.txt:3: 6SX N = (12 tricks) is unlikely")
        assert all(line.endswith("; scored as entered") for line in lines)
        assert len(json.loads((tmp_path / "h.json").read_text())["entries"]) == 3
        status, _, err = run(capsys, "handicap", "--file", "d.txt", "--lang", "zh")
        assert status == 0 and err.startswith("警告：d.txt:2：南北只有 13 点大牌")
        status, out, err = run(capsys, "handicap", "--file", "d.txt", "--json")
        marks = [d["unlikely"] and d["unlikely"]["rule"] for d in json.loads(out)["deals"]]
        assert status == 0 and err == "" and marks == [None, "notrump_aces", "trump_honours"]

    def test_bad_file_line(self, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
        (tmp_path / "d.txt").write_text("13 | 5DX S -2 | 17\n14 | 3NT W = \n", encoding="utf-8")
        status, _, err = run(capsys, "handicap", "--file", "d.txt")
        assert status == 2 and err.startswith("error: d.txt:2: invalid HCP-handicap line")


class TestSacrifice:
    def test_seed_example(self, capsys: pytest.CaptureFixture[str]) -> None:
        status, out, _ = run(capsys, "sacrifice", "4S", "5CX", "--down", "3", "--vul", "they")
        assert status == 0 and "saves 120 points (3 IMPs)" in out
        assert "     3     500     +120    +3 ←" in out
        status, out, _ = run(capsys, "sacrifice", "4S", "5CX", "--vul", "对方有局", "--lang",
                             "zh")
        assert "牺牲叫少负120分" in out and "宕3以内都合算" in out

    def test_json(self, capsys: pytest.CaptureFixture[str]) -> None:
        status, out, _ = run(capsys, "sacrifice", "4S+1", "5CX", "--down", "3", "--vul", "they",
                             "--json")
        data = json.loads(out)
        assert status == 0 and data["their_score"] == 650 and data["saving"] == 150

    @pytest.mark.parametrize("args", [("4S", "5CX", "--vul", "sometimes"),
                                      ("4S", "5CX", "--down", "12"), ("4S", "9CX"),
                                      ("4S+5", "5CX"), ("4S", "3CX", "--down", "1"),
                                      ("4S", "4HX")])
    def test_bad_input(self, capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
        for lang, prefix in (("en", "error: "), ("zh", "错误：")):
            status, _, err = run(capsys, "sacrifice", *args, "--lang", lang)
            assert status == 2 and err.count("\n") == 1 and err.startswith(prefix)

    def test_a_lower_bid_is_no_sacrifice(self, capsys: pytest.CaptureFixture[str]) -> None:
        _, _, err = run(capsys, "sacrifice", "4S", "3CX", "--down", "1")
        assert err == "error: 3CX does not outbid 4S: a sacrifice must be a higher bid (4NT or higher)\n"


class TestQuiz:
    def test_json_is_reproducible(self, capsys: pytest.CaptureFixture[str]) -> None:
        _, a, _ = run(capsys, "quiz", "--json", "--seed", "5", "--count", "3")
        _, b, _ = run(capsys, "quiz", "--json", "--seed", "5", "--count", "3")
        assert a == b and len(json.loads(a)) == 3

    def test_interactive(self, capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
        _, out, _ = run(capsys, "quiz", "--json", "--seed", "5", "--count", "3")
        answers = [q["answer"] for q in json.loads(out)]
        feed(monkeypatch, str(answers[0]), "what", str(-answers[1]) if answers[1] else "1",
             "skip")
        status, out, err = run(capsys, "quiz", "--seed", "5", "--count", "3")
        assert status == 0 and "Correct" in out and "Answer:" in out
        assert "1 of 3 right." in out and "invalid answer 'what'" in err

    def test_chinese_and_quit(self, capsys: pytest.CaptureFixture[str],
                              monkeypatch: pytest.MonkeyPatch) -> None:
        feed(monkeypatch, "退出")
        status, out, _ = run(capsys, "quiz", "--lang", "zh", "--seed", "1")
        assert status == 0 and "定约方得多少分" in out and "答对 0/0 题。" in out

    def test_exercises(self, capsys: pytest.CaptureFixture[str]) -> None:
        status, out, _ = run(capsys, "quiz", "--exercises", "--lang", "zh")
        assert status == 0 and "练习二" in out and "合计-9，客队获胜，胜9IMP。" in out
        _, out, _ = run(capsys, "quiz", "--exercises", "--json")
        assert json.loads(out)[7]["data"]["total"] == -9

    def test_bad_count(self, capsys: pytest.CaptureFixture[str]) -> None:
        status, _, err = run(capsys, "quiz", "--count", "0", "--json")
        assert status == 2 and "--count '0': expected a whole number of at least 1" in \
            json.loads(err)["error"]["message"]


_TEXT = st.text(alphabet=st.sampled_from(list("4SNHCDXT =+-1237北南打超宕东西双有无点|:.")),
                max_size=12)


# The options of handicap and sacrifice that take a value (cli/home.py), and --lang.
_VALUED = frozenset({"--hcp", "--board", "--vul", "--method", "--down", "--deal", "--lang",
                     "--session", "--file", "--html", "--imp-scale"})


def _free_double_dash(args: list[str]) -> bool:
    """Whether a "--" ends the options (not one taken as an option's value)."""
    taking = False
    for arg in args:
        if taking:
            taking = False
        elif arg == "--":
            return True
        elif arg in _VALUED:
            taking = True
    return False


@settings(max_examples=120, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["handicap", "sacrifice"]), st.lists(_TEXT, min_size=1, max_size=3),
       st.sampled_from(["--hcp", "--board", "--vul", "--method", "--down", "--deal"]),
       _TEXT, st.sampled_from(["en", "zh"]))
def test_fuzzed_arguments(command: str, words: list[str], option: str, value: str,
                          lang: str) -> None:
    """Random arguments: exit 0, or exit 2 with exactly one line on stderr, in the language
    asked for; never a traceback."""
    args = [command, *words]
    if command == "handicap" or option in ("--down",):
        args += [option, value]
    args += ["--lang", lang]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(args)
    assert status in (0, 2), (args, err.getvalue())
    # After a free "--" every word is an argument, --lang too: the run is then in English.
    # A "--" right after an option that takes a value is that value (Click's reading).
    expected = "en" if _free_double_dash(args[:-2]) else lang
    if status == 2:
        text = err.getvalue()
        assert text.count("\n") == 1 and text.startswith("错误：" if expected == "zh" else "error: ")
