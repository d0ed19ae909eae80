"""A missing optional package (the double-dummy solver endplay, the PDF renderer WeasyPrint)
is not bad input: its own error, exit status 3, and a message naming what to install, in
both languages.  The package is made missing for real: a child process whose import system
refuses it (the only way to test an absent package; nothing is mocked)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEED = str(ROOT / "tests" / "data" / "seed_game.pbn")

CHILD = """
import sys
BLOCKED = set(sys.argv[1].split(","))

class Refuse:
    # Finds nothing for the blocked packages, as when they are not installed.
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Refuse())
from bridgescore.cli import main
sys.exit(main(sys.argv[2:]))
"""


def run(blocked: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    env.pop("BRIDGESCORE_LANG", None)
    return subprocess.run([sys.executable, "-c", CHILD, blocked, *args], capture_output=True,
                          text=True, encoding="utf-8", cwd=cwd, env=env, check=False)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("blocked", "args", "extra"), [
    ("endplay", ["dd", SEED], "dds"),
    ("endplay", ["handrecord", SEED, "--dd", "--html", "hr.html"], "dds"),
    ("weasyprint", ["handrecord", SEED, "--pdf", "hr.pdf"], "pdf"),
    ("weasyprint", ["replay", SEED, "--pdf", "game.pdf"], "pdf"),
])
def test_a_missing_package_is_exit_status_3_naming_the_extra(
        tmp_path: Path, blocked: str, args: list[str], extra: str, lang: str) -> None:
    done = run(blocked, *args, "--lang", lang, cwd=tmp_path)
    assert done.returncode == 3, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("错误：" if lang == "zh" else "error: ")
    assert f"pip install 'bridgescore[{extra}]'" in done.stderr
    assert ("需要" if lang == "zh" else "needs") in done.stderr
    assert not (tmp_path / "hr.pdf").exists() and not (tmp_path / "game.pdf").exists()


def test_a_missing_package_with_json(tmp_path: Path) -> None:
    done = run("endplay", "dd", SEED, "--json", cwd=tmp_path)
    assert done.returncode == 3 and done.stdout == ""
    error = json.loads(done.stderr)["error"]
    assert (error["code"], error["status"], error["package"], error["extra"]) == \
        ("missing_dependency", 3, "endplay", "dds")
    assert "bridgescore[dds]" in error["message"] and "bridgescore[dds]" in error["message_zh"]


def test_the_commands_work_when_the_package_is_there(tmp_path: Path) -> None:
    # The same child process with nothing refused: the blocking is what made them fail.
    done = run("", "dd", SEED, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("Board 2")


def test_the_error_is_not_a_bad_input_error() -> None:
    from bridgescore.core.errors import BridgeError, MissingDependencyError
    from bridgescore.deals.dd import MissingSolverError
    from bridgescore.render.pdf import MissingPdfError

    for cls in (MissingSolverError, MissingPdfError):
        assert issubclass(cls, MissingDependencyError) and issubclass(cls, ImportError)
        assert not issubclass(cls, BridgeError)  # a web form must not show it as the user's
