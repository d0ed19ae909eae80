"""``--help`` of every command in both languages: the command's help, its arguments and
options, click's own words (Usage, Options, Arguments, Commands) and click's messages."""

from __future__ import annotations

import re

import click
import pytest

from bridgescore.cli import COMMANDS, cli, main
from bridgescore.core.text import display_width

CJK = re.compile("[\u4e00-\u9fff]")
# `web` is a group: its subcommands' help is checked in tests/cli/test_web_help.py.
NAMES = sorted(COMMANDS)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _command(name: str) -> click.Command:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    return command


def _flat(text: str) -> str:
    """Text without the line breaks and indents that wrapping adds."""
    return re.sub(r"\s+", "", text)


def test_every_option_and_argument_has_help_in_both_languages() -> None:
    for name in NAMES:
        command = _command(name)
        zh_help = getattr(command, "help_zh", None)
        assert command.help and zh_help and CJK.search(zh_help), name
        for p in command.params:
            if getattr(p, "hidden", False):
                continue
            en = getattr(p, "help", None) or getattr(p, "help_en", None)
            zh = getattr(p, "help_zh", None)
            assert en and zh and CJK.search(zh), (name, p.name)


@pytest.mark.parametrize("name", NAMES)
def test_help_in_chinese(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, _ = run(capsys, name, "--help", "--lang", "zh")
    assert code == 0
    assert out.startswith(f"用法：bridgescore {name} [选项]")
    assert "选项：" in out and "显示此帮助并退出。" in out
    for english in ("Usage:", "Options:", "Arguments:", "Show this message", "[default:",
                    "[required]"):
        assert english not in out, english
    command = _command(name)
    flat = _flat(out)
    assert _flat(str(getattr(command, "help_zh", "")).split("\n\n")[0]) in flat
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    if any(getattr(p, "help_zh", "") for p in arguments):
        assert "参数：" in out
    for p in command.params:
        if isinstance(p, click.Argument) or (isinstance(p, click.Option) and not p.hidden):
            assert _flat(str(getattr(p, "help_zh", ""))) in flat, p.name
    # Lines fit a terminal of 80 columns (a Chinese character takes two).
    long = [line for line in out.splitlines() if display_width(line) > 80
            and " " in line.strip()]
    assert long == []


@pytest.mark.parametrize("name", NAMES)
def test_help_in_english(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, _ = run(capsys, name, "--help")
    assert code == 0 and out.startswith(f"Usage: bridgescore {name} [OPTIONS]")
    assert "Options:" in out and "Show this message and exit." in out
    assert "用法" not in out and "选项：" not in out
    command = _command(name)
    for p in command.params:
        if isinstance(p, click.Option) and not p.hidden:
            assert _flat(str(p.help)) in _flat(out), p.name


def test_help_language_before_the_command_and_from_the_environment(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert run(capsys, "--lang", "zh", "score", "--help")[1].startswith("用法：")
    code, out, _ = run(capsys, "--lang", "zh")  # nothing else: the help, as with no arguments
    assert code == 0 and out.startswith("用法：bridgescore [选项] 命令")
    monkeypatch.setenv("BRIDGESCORE_LANG", "zh")
    assert run(capsys, "pairs", "--help")[1].startswith("用法：")
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "命令：" in out and "选项：" in out and "显示版本号并退出。" in out


@pytest.mark.parametrize(("args", "en", "zh"), [
    (["vp", "3"], "Missing option '--boards' / '-n'.", "缺少选项 '--boards' / '-n'。"),
    (["score"], "Missing argument 'RESULT...'.", "缺少参数 'RESULT...'。"),
    (["imps", "1", "--between", "x"], "Invalid value for '--between': 'x' is not one of "
     "'lower', 'upper'.", "'--between' 的值无效：'x' 不是 'lower', 'upper' 之一。"),
    (["board", "1", "--nope"], "No such option '--nope'.", "没有此选项 '--nope'。"),
    (["board", "1", "--jsn"], "Did you mean '--json'?", "是否要用 '--json'？"),
    (["scor"], "No such command 'scor'.", "没有此命令 'scor'。"),
    (["pairs", "nosuch.csv"], "'nosuch.csv' does not exist.", "'nosuch.csv' 不存在。"),
    (["auction", "--dealer"], "Option '--dealer' requires an argument.",
     "选项 '--dealer' 需要一个值。"),
    (["board", "--symbols", "1"], "No such option '--symbols'.", "没有此选项 '--symbols'。"),
    (["table", "score", "extra"], "Got unexpected extra argument (extra)", "多余的参数（extra）"),
    (["rubber", "--new=3"], "Option '--new' does not take a value.", "选项 '--new' 不带值。"),
])
def test_click_messages_in_both_languages(capsys: pytest.CaptureFixture[str], args: list[str],
                                          en: str, zh: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.startswith("error: ") and en in err
    # The language goes in front, so that an option left without its value stays last.
    code, out, err = run(capsys, "--lang", "zh", *args)
    assert code == 2 and err.startswith("错误：") and zh in err and not re.search(
        r"\b(Missing|Invalid|No such|requires|unexpected)\b", err)
