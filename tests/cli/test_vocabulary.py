"""One name per meaning across the command line, and the old spellings still working:
``--imp-scale``/``--vp-scale``/``--mp-scale`` (once all ``--scale``), ``-o/--output FILE``
for a file, ``--out DIR`` for a directory, ``--html FILE`` for one printable page."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest

from bridgescore.cli import COMMANDS, cli, main

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "bridgescore" / "data"
TESTS = ROOT / "tests" / "data"
PAIRS, MATCH = str(DATA / "demo_pairs.csv"), str(DATA / "demo_match.csv")
SEED = str(TESTS / "seed_game.pbn")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _options() -> dict[str, list[tuple[str, click.Option]]]:
    """Visible option name -> the (command, option) pairs that use it."""
    ctx = click.Context(cli)
    out: dict[str, list[tuple[str, click.Option]]] = {}
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command is not None
        for p in command.params:
            if isinstance(p, click.Option) and not p.hidden:
                for opt in p.opts:
                    if opt not in getattr(p, "aliases", ()):
                        out.setdefault(opt, []).append((name, p))
    return out


def test_scale_options_name_their_scale() -> None:
    options = _options()
    assert "--scale" not in options  # three meanings once
    for opt, kind in (("--imp-scale", "IMP"), ("--vp-scale", "VP"), ("--mp-scale", "atchpoint")):
        assert options[opt], opt
        for command, p in options[opt]:
            assert kind in str(p.help), (command, opt)


def test_output_options_take_one_kind_of_path() -> None:
    options = _options()
    for command, p in options["--out"]:
        assert isinstance(p.type, click.Path) and not p.type.file_okay, command  # a directory
    for command, p in options["--output"]:
        assert isinstance(p.type, click.Path) and not p.type.dir_okay, command  # a file
        assert "-o" in p.opts, command
    for command, p in options["--html"]:
        assert p.metavar == "FILE", command
    assert "--pbn" not in options  # dd writes its PBN with -o


def test_aliases_are_hidden_from_help(capsys: pytest.CaptureFixture[str]) -> None:
    for args, old in ((["imps"], "--scale"), (["vp"], "--scale"), (["table"], "--scale"),
                      (["pairs"], "--html"), (["teams"], "--html"), (["dd"], "--pbn"),
                      (["deal"], "--out"), (["swiss"], "--rounds"), (["handicap"], "--table")):
        for lang in ("en", "zh"):
            _, out, _ = run(capsys, *args, "--help", "--lang", lang)
            # An option's names open its line: the alias is on none of them.
            names = [line.split("  ")[1] for line in out.splitlines()
                     if line.startswith("  -") and "  " in line[2:]] + \
                    [line.strip() for line in out.splitlines() if line.startswith("  -")]
            assert not any(old in n.replace(",", " ").split() for n in names), (args, old)


@pytest.mark.parametrize(("new", "old"), [
    (["imps", "4100", "--imp-scale", "ebl-1960", "--json"],
     ["imps", "4100", "--scale", "ebl-1960", "--json"]),
    (["vp", "10", "-n", "16", "--vp-scale", "acbl-20", "--json"],
     ["vp", "10", "-n", "16", "--scale", "acbl-20", "--json"]),
    (["table", "imp", "--imp-scale", "ebl-1960", "--json"],
     ["table", "imp", "--scale", "ebl-1960", "--json"]),
    (["table", "vp", "--boards", "8", "--vp-scale", "wbf-whole", "--json"],
     ["table", "vp", "--boards", "8", "--scale", "wbf-whole", "--json"]),
    (["pairs", PAIRS, "--mp-scale", "1/0.5/0", "--json"],
     ["pairs", PAIRS, "--scale", "1/0.5/0", "--json"]),
    (["sacrifice", "4S", "5CX", "--imp-scale", "ebl-1960", "--json"],
     ["sacrifice", "4S", "5CX", "--scale", "ebl-1960", "--json"]),
    (["handicap", "4S", "N", "=", "--board", "1", "--hcp", "24", "--imp-scale", "ebl-1960",
      "--json"],
     ["handicap", "4S", "N", "=", "--board", "1", "--hcp", "24", "--scale", "ebl-1960",
      "--json"]),
    (["swiss", "--results", PAIRS, "--json"], ["swiss", "--rounds", PAIRS, "--json"]),
])
def test_old_spellings_still_work(capsys: pytest.CaptureFixture[str], new: list[str],
                                  old: list[str]) -> None:
    code_new, out_new, _ = run(capsys, *new)
    code_old, out_old, _ = run(capsys, *old)
    assert code_new == code_old == 0 and json.loads(out_new) == json.loads(out_old)


def test_old_output_spellings_still_work(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    # Files: -o/--output, and the old --out (table, deal) and --pbn (dd).
    for new, old in ((["table", "score", "-o", "a.csv", "--format", "csv"],
                      ["table", "score", "--out", "b.csv", "--format", "csv"]),
                     (["deal", "--boards", "2", "--seed", "s", "--output", "a.pbn"],
                      ["deal", "--boards", "2", "--seed", "s", "--out", "b.pbn"]),
                     (["dd", SEED, "-o", "a2.pbn"], ["dd", SEED, "--pbn", "b2.pbn"])):
        assert run(capsys, *new)[0] == 0 and run(capsys, *old)[0] == 0
        a, b = Path(new[new.index(next(x for x in new if x in ("-o", "--output"))) + 1]), \
            Path(old[old.index(next(x for x in old if x in ("--out", "--pbn"))) + 1])
        assert a.read_bytes() == b.read_bytes()
    # Directories: --out, and the old --html (pairs, teams).
    for command, source, page in (("pairs", PAIRS, "index.html"), ("teams", MATCH, "match.html")):
        assert run(capsys, command, source, "--out", f"{command}-new")[0] == 0
        assert run(capsys, command, source, "--html", f"{command}-old")[0] == 0
        assert (tmp_path / f"{command}-new" / page).read_text("utf-8") == \
            (tmp_path / f"{command}-old" / page).read_text("utf-8")
    # The compensation table file of handicap: --table-file, once --table.
    table = tmp_path / "t.csv"
    table.write_text("hcp,nv,v\n" + "".join(f"{h},{(h - 20) * 50},{(h - 20) * 70}\n"
                                            for h in range(20, 41)), "utf-8")
    outs = [run(capsys, "handicap", "4S", "N", "=", "--board", "1", "--hcp", "24", "--method",
                "table", opt, str(table), "--json")[1] for opt in ("--table-file", "--table")]
    assert json.loads(outs[0]) == json.loads(outs[1]) and json.loads(outs[0])["expected"] == 200


def test_an_alias_is_not_shown_in_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "imps", "1", "--scale")
    assert code == 2 and "'--scale' requires an argument" in err
    code, _, err = run(capsys, "vp", "1", "-n", "8", "--vp-scale", "zz")
    assert code == 2 and "unknown VP scale 'zz'" in err
