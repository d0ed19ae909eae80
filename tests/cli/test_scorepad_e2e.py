"""End to end: the interactive scorepad driven in a real terminal (a pseudo-terminal, under
pexpect), with bad input, undo, a crash and a resume, Ctrl-C, and Chinese."""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]  # a dev dependency: must run, never skip

# Run the command as installed; until the lead registers the home commands, register them in
# the child process first (setdefault leaves a registered command alone).
LAUNCH = (
    "import sys; from bridgescore.cli import COMMANDS, main; "
    "[COMMANDS.setdefault(n, ('bridgescore.cli.home', n + '_cmd')) "
    "for n in ('rubber', 'chicago', 'handicap', 'sacrifice', 'quiz')]; "
    "sys.exit(main(sys.argv[1:]))"
)


def spawn(cwd: Path, *args: str) -> Any:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "TERM": "dumb", "LANG": "C.UTF-8"}
    env.pop("BRIDGESCORE_LANG", None)
    # Ctrl-C must reach the child as a user's would: a test run started in the background of
    # a non-interactive shell (`make test &`) ignores SIGINT, and a child inherits that.
    child = pexpect.spawn(sys.executable, ["-c", LAUNCH, *args], cwd=str(cwd), env=env,
                          encoding="utf-8", timeout=20, dimensions=(40, 120),
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    return child


def entries(path: Path) -> list[str]:
    return list(json.loads(path.read_text(encoding="utf-8"))["entries"])


def test_rubber_at_the_table(tmp_path: Path) -> None:
    child = spawn(tmp_path, "rubber", "--session", "pad.json")
    child.expect_exact("Keeping the score in pad.json")
    child.expect_exact("rubber 1 · deal 1> ")
    child.sendline("2H S +1")
    child.expect_exact("WE 60 below (trick points 2×30=60); WE 30 above (overtricks 30)")
    child.expect_exact("Totals: WE 90, THEY 0 · games 0–0 · legs 60–0")
    child.expect_exact("rubber 1 · deal 2> ")
    # Bad input: one line, nothing changes, the same prompt comes back.
    child.sendline("4S X =")
    child.expect_exact("error: invalid result '4S X ='")
    child.expect_exact("rubber 1 · deal 2> ")
    child.sendline("7NT N +1")
    child.expect_exact("error: impossible result '7NT N +1': 7NT needs 13 of the 13 tricks")
    child.expect_exact("rubber 1 · deal 2> ")
    # A slip, undone.
    child.sendline("3NT N =")
    child.expect_exact("WE make a game")
    child.expect_exact("rubber 1 · deal 3> ")
    child.sendline("undo")
    child.expect_exact("Undone: 3NT N =")
    child.expect_exact("Totals: WE 90, THEY 0 · games 0–0 · legs 60–0")
    child.expect_exact("rubber 1 · deal 2> ")
    child.sendline("3NT E =")
    child.expect_exact("THEY make a game")
    child.expect_exact("rubber 1 · deal 3> ")
    child.sendline("4SX N -2")
    child.expect_exact("THEY 300 above (undertricks 100+200=300)")
    child.expect_exact("rubber 1 · deal 4> ")
    assert entries(tmp_path / "pad.json") == ["2H S +1", "3NT E =", "4SX N -2"]

    # A crash: the file already holds every deal entered.
    child.kill(signal.SIGKILL)
    child.wait()
    assert entries(tmp_path / "pad.json") == ["2H S +1", "3NT E =", "4SX N -2"]
    assert sorted(os.listdir(tmp_path)) == ["pad.json"]

    child = spawn(tmp_path, "rubber", "--session", "pad.json")
    child.expect_exact("Resumed pad.json: 3 deals so far")
    child.expect_exact("Totals: WE 90, THEY 400 · games 0–1 · legs 0–0")
    child.expect_exact("rubber 1 · deal 4> ")
    child.sendline("4S S =")
    child.expect_exact("WE make a game")
    child.sendline("2C W =")
    child.expect_exact("rubber 1 · deal 6> ")
    child.sendline("show")
    child.expect_exact("If the rubber stopped now:")
    child.expect_exact("rubber 1 · deal 6> ")
    child.sendline("3NT N +1")
    child.expect_exact("Rubber over: WE win it 2–1. WE 840, THEY 440; WE by 400.")
    child.expect_exact("The next deal starts rubber 2.")
    child.expect_exact("rubber 2 · deal 1> ")
    child.sendline("quit")
    child.expect_exact("   Total       840 │ 440")
    child.expect_exact("Session saved in pad.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert len(entries(tmp_path / "pad.json")) == 6


def test_ctrl_c_keeps_the_session(tmp_path: Path) -> None:
    child = spawn(tmp_path, "chicago")
    child.expect_exact("chicago 1 · deal 1 · dealer North · none vulnerable> ")
    child.sendline("2S N +1")
    child.expect_exact("chicago 1 · deal 2 · dealer East · EW vulnerable> ")
    child.sendintr()
    child.expect_exact("Session saved in bridgescore-chicago.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert entries(tmp_path / "bridgescore-chicago.json") == ["2S N +1"]


def test_chinese_at_the_table(tmp_path: Path) -> None:
    child = spawn(tmp_path, "rubber", "--lang", "zh")
    child.expect_exact("第1盘 第1副> ")
    child.sendline("南打4H超1，大牌奖分100北")
    child.expect_exact("我方 横线下 120（基本分 4×30=120）")
    child.expect_exact("我方 横线上 100（大牌奖分 100）")
    child.expect_exact("我方成局")
    child.sendline("东打3NT宕")
    child.expect_exact("错误：")
    child.expect_exact("第1盘 第2副> ")
    child.sendline("撤销")
    child.expect_exact("已撤销：南打4H超1，大牌奖分100（北）")
    child.sendline("退出")
    child.expect_exact("记分已保存在 bridgescore-rubber.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert entries(tmp_path / "bridgescore-rubber.json") == []


def test_quiz_in_a_terminal(tmp_path: Path) -> None:
    child = spawn(tmp_path, "quiz", "--count", "2", "--seed", "3")
    child.expect_exact("1/2  ")
    child.expect_exact("> ")
    child.sendline("nonsense")
    child.expect_exact("error: invalid answer 'nonsense'")
    child.sendline("skip")
    child.expect_exact("Answer:")
    child.expect_exact("2/2  ")
    child.sendline("quit")
    child.expect_exact("0 of 1 right.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_end_of_input_and_resuming_in_chinese(tmp_path: Path) -> None:
    child = spawn(tmp_path, "chicago", "--lang", "zh", "--session", "c.json")
    child.expect_exact("记分保存在 c.json")
    child.expect_exact("输入 帮助（help）查看用法")
    child.expect_exact("第1轮 第1副 北发牌 双方无局> ")
    child.sendline("北打2S超1")
    child.expect_exact("第1轮 第2副 东发牌 东西有局> ")
    child.sendline("四家不叫")
    child.expect_exact("四家不叫：重新发牌，不计分")
    # The same dealer deals again at the same vulnerability.
    child.expect_exact("第1轮 第2副 东发牌 东西有局> ")
    child.sendeof()  # Ctrl-D: the pad is shown and kept
    child.expect_exact("已打 1/4 副：我方 90，他方 0；我方胜 90")
    child.expect_exact("记分已保存在 c.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert entries(tmp_path / "c.json") == ["2S N +1", "pass"]

    child = spawn(tmp_path, "chicago", "--lang", "zh", "--session", "c.json")
    child.expect_exact("从 c.json 继续：已有 2 副")
    child.expect_exact("合计：我方 90，他方 0 · 部分分 60–0 · 已打 1/4 副")
    child.expect_exact("第1轮 第2副 东发牌 东西有局> ")
    child.sendline("显示")
    child.expect_exact("我方累计")
    child.expect_exact("第1轮 第2副 东发牌 东西有局> ")
    child.sendintr()
    child.expect_exact("记分已保存在 c.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert entries(tmp_path / "c.json") == ["2S N +1", "pass"]


def test_line_editing_and_history(tmp_path: Path) -> None:
    """The line is edited as in a shell: Backspace removes a whole Chinese character (the
    screen and the line stay together), the arrow keys move in the line, Up recalls the
    last line.  Without line editing the keys arrive as escape codes and the line is wrong."""
    child = spawn(tmp_path, "rubber", "--session", "pad.json", "--lang", "zh")
    child.expect_exact("第1盘 第1副> ")
    # 南打2H超宕, Backspace over 宕 (one wide character), then 1: 南打2H超1.
    child.send("南打2H超宕")
    child.send("\x7f")
    child.send("1\r")
    child.expect_exact("我方 横线下 60（基本分 2×30=60）")
    child.expect_exact("第1盘 第2副> ")
    # "1S N 1", Left over the 1, then +: 1S N +1.
    child.send("1S N 1")
    child.send("\x1b[D")
    child.send("+\r")
    child.expect_exact("第1盘 第3副> ")
    # Up recalls the last line (1S N +1); Enter plays it again, and it makes the game.
    child.send("\x1b[A")
    child.send("\r")
    child.expect_exact("我方成局")
    child.expect_exact("第1盘 第4副> ")
    child.sendline("退出")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert entries(tmp_path / "pad.json") == ["2H S +1", "1S N +1", "1S N +1"]


def test_a_resumed_session_recalls_its_deals(tmp_path: Path) -> None:
    child = spawn(tmp_path, "chicago", "--session", "c.json")
    child.expect_exact("deal 1 · dealer North · none vulnerable> ")
    child.sendline("3NT N +1")
    child.expect_exact("deal 2 · ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    child = spawn(tmp_path, "chicago", "--session", "c.json")
    child.expect_exact("Resumed c.json: 1 deal so far")
    child.expect_exact("deal 2 · dealer East · EW vulnerable> ")
    # Up brings back the deal entered in the earlier run; Backspace and a digit change it.
    child.send("\x1b[A")
    child.send("\x7f2\r")
    child.expect_exact("deal 3 · ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert entries(tmp_path / "c.json") == ["3NT N +1", "3NT N +2"]
