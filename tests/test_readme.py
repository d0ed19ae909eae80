"""Every ``console`` block in the README and in docs/ is run and its output compared, so the
documentation cannot drift.  (The ``>>>`` examples run as doctests.)

A block looks like::

    $ bridgescore board 5
    Board 5: dealer North, NS vulnerable

A line ``...`` in the expected output matches any remaining lines.  Commands run as from the
repository root (``tests/data`` and ``src`` are reachable) in a scratch folder.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from bridgescore.cli import main

README = Path(__file__).resolve().parent.parent / "README.md"
# docs/json.md's console blocks show each command's JSON abbreviated, from files a reader
# makes; tests/cli/test_json.py checks its examples against the shapes instead.
PAGES = [README, *sorted(p for p in (README.parent / "docs").glob("*.md") if p.name != "json.md")]
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def examples() -> list[tuple[str, list[str]]]:
    found: list[tuple[str, list[str]]] = []
    blocks = [b for page in PAGES for b in BLOCK.findall(page.read_text(encoding="utf-8"))]
    for block in blocks:
        command: str | None = None
        expected: list[str] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    found.append((command, expected))
                command, expected = line[2:], []
            elif command is not None:
                expected.append(line)
        if command is not None:
            found.append((command, expected))
    return found


EXAMPLES = examples()


def test_readme_has_cli_examples() -> None:
    assert len(EXAMPLES) >= 8


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_cli_example(
    command: str, expected: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    words = shlex.split(command)
    assert words[0] == "bridgescore"
    # Run as from the repository root (tests/data and src are there), but write into a
    # scratch folder so examples that save files leave nothing behind.
    for name in ("tests", "src"):
        (tmp_path / name).symlink_to(README.parent / name)
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        code = main(words[1:])
    finally:
        os.chdir(cwd)
    out, err = capsys.readouterr()
    got = (out + err).rstrip("\n").splitlines()
    if "..." in expected:
        cut = expected.index("...")
        assert got[:cut] == expected[:cut]
    else:
        assert got == expected
    assert code == (2 if err else 0)
