"""The foundation's commands, through the same entry point users run."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "4S", "N", "=", "--vul", "ns")
    assert code == 0
    assert out.splitlines() == [
        "4S N =, 10 tricks (NS vulnerable)",
        "NS score 4×30+500=620",
        "  trick score 4×30=120",
        "  game bonus 500",
        "NS +620, EW -620",
    ]


def test_score_chinese_input_and_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "北打6NT×，超1", "--board", "12", "--lang", "zh")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "北打6NT×超1（第12副：西发牌，南北有局）"
    assert lines[1] == "南北得 (40+5×30)×2+200+1250+50=1880分"
    assert "  满贯奖分" not in out and "  小满贯奖分 750" in out
    assert lines[-1] == "南北 +1880，东西 -1880"


def test_score_defenders_score(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "西打6H×宕4", "--vul", "双无", "--lang", "zh")
    assert code == 0 and "南北得 100+200×2+300=800分" in out


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "4SX", "N", "-2", "--board", "4", "--json")
    assert code == 0
    data = json.loads(out)
    assert {k: data[k] for k in ("contract", "declarer", "vulnerable", "tricks",
                                 "declarer_score", "ns_score")} == {
        "contract": "4SX", "declarer": "N", "vulnerable": True, "tricks": 8,
        "declarer_score": -500, "ns_score": -500}
    assert data["breakdown"]["formula"] == "200+300=500"
    assert data["breakdown"]["parts"][0]["kind"] == "undertricks"
    code, out, _ = run(capsys, "score", "pass", "--json", "--lang", "zh")
    assert json.loads(out)["ns_score"] == 0 and json.loads(out)["breakdown"] is None


@pytest.mark.parametrize(
    ("args", "needle_en", "needle_zh"),
    [
        (["score", "7S+1", "N"], "impossible result", "不可能的结果"),
        (["score", "4S", "N", "=", "--vul", "xx"], "invalid vulnerability 'xx'", "无效的局况 'xx'"),
        (["score", "1Spam", "N", "="], "invalid result '1Spam N ='", "无效的结果 '1Spam N ='"),
        (["score", "4S", "N", "=", "--board", "0"], "invalid board '0'", "无效的牌副 '0'"),
        (["score", "4S", "N", "=", "--board", "2", "--vul", "none"], "contradicts board 2", "不符"),
        (["score"], "Missing argument", "缺少参数"),
        (["score", "4S", "N", "=", "--bogus"], "No such option", "没有此选项"),
        (["imps", "abc"], "invalid score 'abc'", "无效的分数 'abc'"),
        (["imps", "1", "2", "3"], "too many numbers", "数字过多"),
        (["imps", "100", "--scale", "zz"], "unknown IMP scale 'zz'", "未知的 IMP 表 'zz'"),
        (["vp", "3", "--boards", "x"], "--boards 'x': expected a whole number", "--boards 'x'：应为整数"),
        (["vp", "3.5", "--boards", "16"], "whole IMPs", "整数"),
        (["vp", "3", "--boards", "0"], "--boards '0': expected a whole number of at least 1",
         "--boards '0'：应为整数（不小于 1）"),
        (["imps", "45", "--between", "middle"], "Invalid value for '--between': 'middle' is not one of",
         "'--between' 的值无效：'middle' 不是 'lower', 'upper' 之一"),
        (["vp", "3"], "Missing option '--boards' / '-n'", "缺少选项 '--boards' / '-n'"),
        (["board", "0"], "invalid board '0'", "无效的牌副 '0'"),
        (["board", "9-3"], "invalid board range", "无效的牌副范围"),
        (["nosuch"], "No such command", "没有此命令"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], needle_en: str, needle_zh: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ") and needle_en in err
    code, out, err = run(capsys, *args, "--lang", "zh")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert needle_zh in err and err.startswith("错误：")


def test_bad_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", "4S", "N", "=", "--lang", "fr")
    assert code == 2 and out == "" and "invalid language 'fr'" in err


def test_imps(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "imps", "620", "170")[1] == "difference 450 → 10 IMPs (IMP scale (Law 78B, since 1962))\n"
    _code, out, _ = run(capsys, "imps", "-2240", "--json")
    assert json.loads(out) == {"difference": -2240, "imps": -19, "scale": "wbf", "between": "lower"}
    assert "4100 → 15 IMP" in run(capsys, "imps", "4100", "--scale", "ebl-1960", "--lang", "zh")[1]
    assert json.loads(run(capsys, "imps", "45", "--between", "upper", "--json")[1])["imps"] == 2
    assert json.loads(run(capsys, "imps", "-50", "-100", "--json")[1])["imps"] == 2


def test_imps_scale_file(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    from pathlib import Path

    p = Path(str(tmp_path)) / "s.txt"
    p.write_text("20\n60\n", encoding="utf-8")
    assert json.loads(run(capsys, "imps", "70", "--scale-file", str(p), "--json")[1])["imps"] == 2
    code, _, err = run(capsys, "imps", "70", "--scale-file", str(p) + "x")
    assert code == 2 and "cannot read IMP scale" in err


def test_vp(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "vp", "10", "--boards", "16")[1]
    assert out == "16 boards, margin 10 IMPs → 12.80 : 7.20 VPs (WBF 2013 continuous 20-VP scale)\n"
    assert json.loads(run(capsys, "vp", "40", "50", "-n", "16", "--json")[1])["vp"] == [7.2, 12.8]
    assert "12 : 8" in run(capsys, "vp", "6", "--boards", "20", "--scale", "wbf-whole")[1]
    assert "胜利分" not in run(capsys, "vp", "6", "--boards", "20", "--lang", "zh")[1]
    assert "20副，IMP差 6" in run(capsys, "vp", "6", "--boards", "20", "--lang", "zh")[1]


def test_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "board", "5")[1] == "Board 5: dealer North, NS vulnerable\n"
    out = run(capsys, "board", "1-16", "--lang", "zh")[1].splitlines()
    assert len(out) == 16 and out[3] == "第4副：西发牌，双方有局"
    data = json.loads(run(capsys, "board", "第十三副", "17", "--json")[1])
    assert [(d["board"], d["dealer"], d["vulnerability"]) for d in data] == [
        (13, "N", "Both"), (17, "N", "None")]


def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "score" in out and "board" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and "0.1.0" in out
    code, out, _ = run(capsys)
    assert code == 0 and "Usage" in out


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.text(max_size=12), min_size=1, max_size=4))
def test_fuzzed_score_arguments_never_crash(capsys: pytest.CaptureFixture[str],
                                            words: list[str]) -> None:
    code = main(["score", *words])
    _, err = capsys.readouterr()
    assert code in (0, 2)
    if code == 2:
        assert "Traceback" not in err and len(err.strip().splitlines()) <= 1


def test_console_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bridgescore", "score", "南打3NT超1", "--vul", "双有", "--lang", "zh"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0 and "南北得 40+2×30+30+500=630分" in done.stdout
    done = subprocess.run([sys.executable, "-m", "bridgescore", "score", "junk"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_score_path_stays_light() -> None:
    """`import bridgescore` and `bridgescore score …` load no NumPy, Rich or Jinja2."""
    code = (
        "import sys\n"
        "from bridgescore.cli import main\n"
        "main(['score', '4S', 'N', '=', '--vul', 'ns'])\n"
        "heavy = [m for m in ('numpy', 'rich', 'jinja2') if m in sys.modules]\n"
        "print('HEAVY', heavy)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "HEAVY []" in done.stdout


def test_group_help_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    from bridgescore.cli import COMMAND_HELP, COMMANDS

    assert set(COMMAND_HELP) == set(COMMANDS)  # every command has its line in both languages
    code, out, _ = run(capsys, "--help", "--lang", "zh")
    assert code == 0 and "命令" in out and "计算一个结果的得分并给出算式" in out
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "Score one result and explain it" in out
