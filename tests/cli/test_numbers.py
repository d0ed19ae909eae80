"""Numbers of thousands of digits (beyond Python's int-string limit) in every place a command
reads a number: a clear one-line error quoting a short excerpt, exit status 2, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest

from bridgescore.cli import COMMANDS, cli, main
from bridgescore.cli._params import ByeVp, Drop, Number, Whole

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "bridgescore" / "data"
TESTS = ROOT / "tests" / "data"
PAIRS, MATCH = str(DATA / "demo_pairs.csv"), str(DATA / "demo_match.csv")
SEED = str(TESTS / "seed_game.pbn")
HUGE = "9" * 5000

# What each command needs besides the number under test.
BASE: dict[str, list[str]] = {
    "score": ["4S", "N", "="], "imps": ["100"], "vp": ["10", "-n", "16"], "board": ["1"],
    "table": ["vp", "--boards", "16"], "demo": [], "pairs": [PAIRS], "teams": [MATCH],
    "event-demo": [], "movement": ["howell"], "swiss": ["--results", PAIRS],
    "deal": ["--boards", "1"], "handrecord": [SEED, "--json"], "dd": [SEED],
    "convert": [SEED, "x.lin"], "auction": ["--dealer", "N", "1S"], "replay": [SEED],
    "analyse": [SEED],
    "rubber": ["--file", "none.txt"], "chicago": ["--file", "none.txt"],
    "handicap": ["4S", "N", "=", "--board", "1", "--hcp", "24"],
    "sacrifice": ["4S", "5CX"], "quiz": ["--count", "1"],
}
# Numbers inside the text of arguments and options (read by the library's parsers).
IN_TEXT: list[list[str]] = [
    ["score", f"{HUGE}S", "N", "="], ["score", "4S", "N", HUGE], ["score", "4S", "N", f"+{HUGE}"],
    ["score", "4S", "N", "=", "--board", HUGE], ["score", f"南打4S超{HUGE}"],
    ["imps", HUGE], ["imps", f"-{HUGE}", "1"], ["imps", f"0.{HUGE}"],
    ["vp", HUGE, "-n", "16"], ["vp", "1", HUGE, "-n", "16"],
    ["board", HUGE], ["board", f"1-{HUGE}"], ["board", f"第{HUGE}副"],
    ["handicap", "4S", "N", "=", "--board", HUGE, "--hcp", "24"],
    ["handicap", "4S", "N", "=", "--board", "1", "--hcp", HUGE],
    ["handicap", "4S", "N", "=", "--board", "1", "--hcp", f"EW {HUGE}"],
    ["handicap", f"{HUGE}S", "N", "=", "--board", "1", "--hcp", "24"],
    ["sacrifice", f"4S+{HUGE}", "5CX"], ["sacrifice", "4S", f"{HUGE}CX"],
    ["deal", "--boards", "1", "-c", f"N:hcp={HUGE}"], ["deal", "--boards", "1", "-c", f"N:S={HUGE}-"],
    ["movement", "round-robin", "--teams", HUGE], ["movement", "round-robin", "--teams", f"-{HUGE}"],
    ["auction", "--dealer", "N", f"{HUGE}S"],
    ["teams", MATCH, MATCH, "--bye-vp", HUGE], ["pairs", PAIRS, "--drop", HUGE],
    ["teams", MATCH, MATCH, "--knockout", "--carry-from", f"{HUGE}/3"],
]


def _numeric_options() -> list[tuple[str, str]]:
    ctx = click.Context(cli)
    found = []
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command is not None
        for p in command.params:
            if isinstance(p.type, Whole | Number | Drop | ByeVp):
                opt = p.opts[0] if isinstance(p, click.Option) else ""
                found.append((name, opt))
    return found


NUMERIC = _numeric_options()


def test_every_numeric_option_uses_the_safe_parser() -> None:
    """No option or argument is read by click's INT/FLOAT (whose error quotes the whole value)
    or left as text for a bare int()/float()."""
    ctx = click.Context(cli)
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command is not None
        for p in command.params:
            assert not isinstance(p.type, click.types.IntParamType | click.types.FloatParamType), \
                (name, p.name)
    assert len(NUMERIC) >= 25


def _check(capsys: pytest.CaptureFixture[str], args: list[str], lang: str) -> None:
    code = main([*args, "--lang", lang])
    out, err = capsys.readouterr()
    assert code == 2, (args[:3], out[:200], err[:300])
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("错误：" if lang == "zh" else "error: ")
    assert len(err) < 400, err  # a short excerpt of the value, never all of it
    assert "99999" in err and "…" in err  # its ends, not all of it


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("command", "option"), NUMERIC, ids=[f"{c} {o}" for c, o in NUMERIC])
def test_a_huge_number_in_an_option(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch, command: str, option: str,
                                    lang: str) -> None:
    monkeypatch.chdir(tmp_path)
    base = list(BASE[command])
    if option in base:  # replace the base's own value
        i = base.index(option)
        del base[i:i + 2]
    _check(capsys, [command, *base, option, HUGE], lang)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("args", IN_TEXT, ids=[" ".join(a)[:40] for a in IN_TEXT])
def test_a_huge_number_in_text(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch, args: list[str], lang: str) -> None:
    monkeypatch.chdir(tmp_path)
    _check(capsys, args, lang)


def test_a_huge_number_with_json_is_a_short_json_error(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["vp", "1", "-n", HUGE, "--json"])
    error = json.loads(capsys.readouterr().err)["error"]
    assert code == 2 and len(error["message"]) < 200 and "(5000 characters)" in error["message"]
    assert "（5000 个字符）" in error["message_zh"]
    code = main(["board", HUGE, "--json"])
    error = json.loads(capsys.readouterr().err)["error"]
    assert code == 2 and len(error["message"]) < 200 and "…" in error["message_zh"]
