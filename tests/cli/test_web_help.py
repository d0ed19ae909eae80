"""``bridgescore web …`` speaks the language of the run, as the library's commands do: the help
of the group and of every subcommand (``--lang`` before or after, else ``BRIDGESCORE_LANG``),
click's messages and our own errors; bad input is one line quoting it and exit status 2.
None of this loads Django (the commands import it when they run)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from bridgescore.cli import main
from bridgescore.core.text import display_width
from bridgescore.web.cli import _settings_error, web_cmd

CJK = re.compile("[\u4e00-\u9fff]")
SUBCOMMANDS = sorted(web_cmd.commands)
# A group's own commands (`web ratings recompute`), checked as the others are.
NESTED = sorted(f"{g} {n}" for g, c in web_cmd.commands.items() if isinstance(c, click.Group)
                for n in c.commands)
ENGLISH_WORDS = ("Usage:", "Options:", "Arguments:", "Commands:", "Show this message",
                 "[default:", "[required]")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _shown(command: click.Command) -> list[click.Parameter]:
    return [p for p in command.params
            if isinstance(p, click.Argument) or (isinstance(p, click.Option) and not p.hidden)]


def _command(name: str) -> click.Command:
    command: click.Command = web_cmd
    for part in name.split():
        assert isinstance(command, click.Group)
        command = command.commands[part]
    return command


def test_the_subcommands() -> None:
    assert SUBCOMMANDS == ["createuser", "demo", "manage", "prepare", "ratings", "serve"]
    assert NESTED == ["ratings recompute"]


def test_every_subcommand_option_and_argument_has_help_in_both_languages() -> None:
    for command in (web_cmd, *web_cmd.commands.values(), *map(_command, NESTED)):
        zh_help = getattr(command, "help_zh", None)
        assert command.help and not CJK.search(command.help), command.name
        assert zh_help and CJK.search(zh_help), command.name
        for p in _shown(command):
            en = getattr(p, "help", None) or getattr(p, "help_en", None)
            zh = getattr(p, "help_zh", None)
            assert en and not CJK.search(en), (command.name, p.name)
            assert zh and CJK.search(zh), (command.name, p.name)
        assert "lang" in [p.name for p in command.params], command.name


@pytest.mark.parametrize("name", SUBCOMMANDS + NESTED)
@pytest.mark.parametrize("where", ["before", "after", "environment"])
def test_subcommand_help_in_chinese(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch, name: str,
                                    where: str) -> None:
    args = {"before": ["--lang", "zh", "web", *name.split(), "--help"],
            "after": ["web", *name.split(), "--help", "--lang", "zh"],
            "environment": ["web", *name.split(), "-h"]}[where]
    if where == "environment":
        monkeypatch.setenv("BRIDGESCORE_LANG", "中文")
    code, out, err = run(capsys, *args)
    assert code == 0 and err == ""
    assert out.startswith(f"用法：bridgescore web {name} [选项]")
    assert "选项：" in out and "显示此帮助并退出。" in out
    for english in ENGLISH_WORDS:
        assert english not in out, english
    command = _command(name)
    flat = _flat(out)
    assert _flat(str(getattr(command, "help_zh", "")).split("\n\n")[0]) in flat
    assert _flat(command.help or "") not in flat
    for p in _shown(command):
        assert _flat(str(getattr(p, "help_zh", ""))) in flat, p.name
    if any(isinstance(p, click.Argument) for p in command.params):
        assert "参数：" in out
    long = [line for line in out.splitlines() if display_width(line) > 80
            and " " in line.strip()]
    assert long == []


@pytest.mark.parametrize("name", SUBCOMMANDS + NESTED)
def test_subcommand_help_in_english(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.delenv("BRIDGESCORE_LANG", raising=False)
    code, out, _ = run(capsys, "web", *name.split(), "--help")
    assert code == 0 and out.startswith(f"Usage: bridgescore web {name} [OPTIONS]")
    assert "Options:" in out and "Show this message and exit." in out
    assert not CJK.search(out)
    command = _command(name)
    for p in _shown(command):
        text = getattr(p, "help", None) or getattr(p, "help_en", None)
        assert _flat(str(text)) in _flat(out), p.name
    # --lang wins over the environment
    monkeypatch.setenv("BRIDGESCORE_LANG", "zh")
    code, out, _ = run(capsys, "web", *name.split(), "--help", "--lang", "en")
    assert code == 0 and out.startswith("Usage:") and not CJK.search(out)


def test_group_help_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "web", "--help")
    assert code == 0 and out.startswith("Usage: bridgescore web [OPTIONS] COMMAND [ARGS]...")
    assert "Commands:" in out and not CJK.search(out)
    rows = dict(re.findall(r"^  (\w+) +(.+)$", out.split("Commands:")[1], re.M))
    assert sorted(rows) == SUBCOMMANDS
    assert rows["prepare"] == "Get the install ready to serve, then exit."
    for args in (["--lang", "zh", "web", "--help"], ["web", "--lang", "zh", "--help"],
                 ["web", "--help", "--lang", "zh"]):
        code, out, _ = run(capsys, *args)
        assert code == 0 and out.startswith("用法：bridgescore web [选项] 命令 [参数]...")
        for english in ENGLISH_WORDS:
            assert english not in out, english
        section = out.split("命令：")[1]
        assert "准备好安装后退出" in section and "新建一个带角色的用户" in section
        for name in SUBCOMMANDS:
            assert re.search(rf"^  {name} +\S", section, re.M), name
    # `bridgescore --help` lists the group in its own language too
    assert "网页平台" in run(capsys, "--lang", "zh", "--help")[1]


# Bad input: exit status 2, one line on stderr quoting what was typed, in either language.
@pytest.mark.parametrize(("args", "en", "zh"), [
    (["createuser", "ann", "--role", "wizard"],
     "Invalid value for '--role': 'wizard' is not one of 'player', 'member', 'director', "
     "'administrator'.",
     "'--role' 的值无效：'wizard' 不是 'player', 'member', 'director', 'administrator' 之一。"),
    (["createuser"], "Missing argument 'NAME'.", "缺少参数 'NAME'。"),
    (["createuser", "ann", "--club"], "Option '--club' requires an argument.",
     "选项 '--club' 需要一个值。"),
    (["createuser", "ann", "--token=yes"], "Option '--token' does not take a value.",
     "选项 '--token' 不带值。"),
    (["serve", "--port", "http"], "--port 'http': expected a whole number from 1 to 65535",
     "--port 'http'：应为整数（1 到 65535）"),
    (["serve", "--port", "70000"], "--port '70000': expected a whole number from 1 to 65535",
     "--port '70000'：应为整数（1 到 65535）"),
    (["serve", "--workers", "0"], "--workers '0': expected a whole number from 1 to 64",
     "--workers '0'：应为整数（1 到 64）"),
    (["serve", "--hots", "x"], "No such option '--hots'.", "没有此选项 '--hots'。"),
    (["serve", "--no-migrat"], "Did you mean '--no-migrate'?", "是否要用 '--no-migrate'？"),
    (["prepare", "--quiet=1"], "Option '--quiet' does not take a value.",
     "选项 '--quiet' 不带值。"),
    (["demo", "extra"], "Got unexpected extra argument (extra)", "多余的参数（extra）"),
    (["serv"], "No such command 'serv'.", "没有此命令 'serv'。"),
])
def test_bad_input_in_both_languages(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch, args: list[str], en: str,
                                     zh: str) -> None:
    monkeypatch.delenv("BRIDGESCORE_LANG", raising=False)
    code, out, err = run(capsys, "web", *args)
    assert code == 2 and out == "" and err.startswith("error: ") and en in err
    assert err.count("\n") == 1 and not CJK.search(err)
    for where in ("before", "environment"):
        if where == "environment":
            monkeypatch.setenv("BRIDGESCORE_LANG", "zh")
            code, out, err = run(capsys, "web", *args)
        else:
            code, out, err = run(capsys, "--lang", "zh", "web", *args)
        assert code == 2 and out == "" and err.startswith("错误：") and zh in err, where
        assert err.count("\n") == 1
        assert not re.search(r"\b(Missing|Invalid|No such|requires|unexpected|expected)\b", err)


def test_a_bad_language_for_a_web_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "web", "serve", "--lang", "fr")
    assert code == 2 and out == "" and "--lang: invalid language 'fr'" in err
    assert "无效的语言 'fr'" in err


def test_settings_errors_are_given_in_one_language() -> None:
    # web/config.py words its errors "English / 中文"; the run shows its own half.
    e = _settings_error("environment variable X='y': expected 1 or 0 (true/false) / "
                        "环境变量 X='y' 无效：应为 1 或 0")
    assert e.message("en") == "settings: environment variable X='y': expected 1 or 0 (true/false)"
    assert e.message("zh") == "设置有误：环境变量 X='y' 无效：应为 1 或 0"
    # Django's own (English only) is shown as it is
    plain = _settings_error("The SECRET_KEY setting must not be empty.")
    assert plain.message("zh") == "设置有误：The SECRET_KEY setting must not be empty."


def _child(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith("BRIDGESCORE_")}
    full.update(env)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=full, timeout=120, check=False)


def test_help_and_usage_errors_never_load_django() -> None:
    """`web serve` starts light: Django (and the ASGI server) load only once a command runs."""
    code = (
        "import sys\n"
        "from bridgescore.cli import main\n"
        "assert main(['web', '--help']) == 0\n"
        "for name in ('prepare', 'serve', 'createuser', 'demo', 'manage', 'ratings', "
        "'ratings recompute'):\n"
        "    assert main(['--lang', 'zh', 'web', *name.split(), '--help']) == 0\n"
        "assert main(['web', 'createuser', 'x', '--role', 'wizard']) == 2\n"
        "assert main(['web', 'serve', '--port', 'x', '--lang', 'zh']) == 2\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'uvicorn', "
        "'channels'))\n"
        "assert heavy == [], heavy\n"
    )
    done = _child(code)
    assert done.returncode == 0, done.stderr


def test_a_settings_error_in_the_run_s_language(tmp_path: Path) -> None:
    pytest.importorskip("django")
    env = {"BRIDGESCORE_DATA_DIR": str(tmp_path), "BRIDGESCORE_SECRET_KEY": "short",
           "DJANGO_SETTINGS_MODULE": "bridgescore.web.settings"}
    main_call = "import sys; from bridgescore.cli import main; sys.exit(main(sys.argv[1:]))"
    for lang, start, absent in (("en", "error: settings: environment variable "
                                 "BRIDGESCORE_SECRET_KEY=", CJK),
                                ("zh", "错误：设置有误：环境变量 BRIDGESCORE_SECRET_KEY=",
                                 re.compile("expected"))):
        done = subprocess.run(
            [sys.executable, "-c", main_call, "web", "prepare", "--lang", lang],
            capture_output=True, text=True, timeout=120, check=False,
            env={**{k: v for k, v in os.environ.items() if not k.startswith("BRIDGESCORE_")},
                 **env})
        assert done.returncode == 2 and done.stdout == "", done.stderr
        assert done.stderr.startswith(start) and done.stderr.count("\n") == 1, done.stderr
        assert not absent.search(done.stderr), done.stderr
