"""`make test`: every check in phases, each timed, with one line per phase at the end.

    python tests/phases.py [PHASE ...]      # lint, docs, types, suite, postgres (default: all)

- **lint**: ruff over the sources, tests and benchmarks.
- **docs**: the documentation site (docs/, mkdocs.yml) built with ``--strict``.
- **types**: mypy, its cache kept between runs and checkouts in ``~/.cache/bridgescore/mypy``
  (mypy checks each cached file against its content, so a stale cache is never trusted).
- **suite**: every test on SQLite (library, doctests, web, browsers) under pytest-xdist, a
  worker a core; a module's tests stay together on one worker (a browser module starts one
  server), the longest modules first (tests/conftest.py).  The demo club the browser tests'
  servers copy is made in the background from the run's start (``var/test-demo``).
- **postgres**: the web tests marked ``postgres`` (what differs between the databases, listed in
  tests/conftest.py) and ``services`` (PostgreSQL and Redis together) on PostgreSQL, after
  checking that both answer; without them the phase says so and, under ``CI=true``, fails.

Every phase runs even when one before it failed; the exit status is 1 if any failed.  The
last lines are one a phase (its wall-clock seconds and tests) and, under the suite and the
PostgreSQL phase, one a part (library, web without a browser, browsers) with its tests and the
seconds they took on the workers (the parts run side by side, so these add up to about the
phase's seconds times the workers).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
PG_URL = os.environ.get("PG_URL", "postgres://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("REDIS_URL_TEST", "redis://127.0.0.1:6379/0")
REPORTS = REPO / "var" / "test-reports"
# A worker a core: one more (to use the time browser tests spend waiting) made the suite slower
# on 2 cores (686 s against 621 s): its servers and Chromium need the cores too.
WORKERS = os.environ.get("BRIDGESCORE_TEST_WORKERS", str(os.cpu_count() or 2))
# endplay is a development dependency: here the solver's tests run, never skip (tests/solver.py)
os.environ.setdefault("BRIDGESCORE_TEST_SOLVER", "required")


@dataclass
class Outcome:
    phase: str
    seconds: float
    ok: bool
    tests: str = ""
    parts: list[str] = field(default_factory=list)


def run(cmd: list[str], env: dict[str, str] | None = None) -> bool:
    print("$", " ".join(cmd), flush=True)
    # Bytecode is written and read again: a machine that sets PYTHONDONTWRITEBYTECODE (this
    # one, CI's) would have every process of the run -- each xdist worker, each app server,
    # each command the tests start, a few hundred -- compile the package and pytest rewrite
    # every test module from source again (0.3 s of a core for each `django.setup()` alone).
    env = {k: v for k, v in (env or os.environ).items() if k != "PYTHONDONTWRITEBYTECODE"}
    return subprocess.run(cmd, cwd=REPO, env=env).returncode == 0


def counted(report: Path) -> str:
    """'n passed, n skipped, n failed' from a JUnit report."""
    if not report.exists():
        return "no report"
    root = ET.parse(report).getroot()
    suites = [root] if root.tag == "testsuite" else list(root)
    total = sum(int(s.get("tests", 0)) for s in suites)
    failed = sum(int(s.get("failures", 0)) + int(s.get("errors", 0)) for s in suites)
    skipped = sum(int(s.get("skipped", 0)) for s in suites)
    return f"{total - failed - skipped} passed, {skipped} skipped, {failed} failed"


KINDS = {"library": "library", "web": "web (no browser)", "browser": "browsers"}


def parts(report: Path) -> list[str]:
    """A line for each part of the suite (tests/conftest.py's ``kind``, a property of each test
    case in the report): its tests and the seconds they took, summed over the workers that ran
    them side by side (set-up and tear-down included)."""
    if not report.exists():
        return []
    count: dict[str, int] = dict.fromkeys(KINDS, 0)
    seconds: dict[str, float] = dict.fromkeys(KINDS, 0.0)
    for case in ET.parse(report).getroot().iter("testcase"):
        prop = case.find("properties/property[@name='kind']")
        k = prop.get("value", "library") if prop is not None else "library"
        count[k] = count.get(k, 0) + 1
        seconds[k] = seconds.get(k, 0.0) + float(case.get("time", 0))
    return [f"  {KINDS.get(k, k):<16} {count[k]:6,} tests {seconds[k]:8.1f} s of test time"
            for k in count if count[k]]


def pytest(name: str, args: list[str], env: dict[str, str] | None = None
           ) -> tuple[bool, str, list[str]]:
    report = REPORTS / f"{name}.xml"
    report.unlink(missing_ok=True)
    ok = run([str(BIN / "python"), "-m", "pytest", "-n", WORKERS, "--dist", "loadfile",
              "--no-loadscope-reorder", "-p", "no:cacheprovider", f"--junitxml={report}", *args],
             env)
    return ok, counted(report), parts(report)


Result = tuple[bool, str, list[str]]


def lint() -> Result:
    return run([str(BIN / "ruff"), "check", "src", "tests", "benchmarks"]), "", []


def docs() -> Result:
    # The documentation site, strictly: a broken link or anchor fails (mkdocs.yml).
    return run([str(BIN / "mkdocs"), "build", "--strict", "--quiet"]), "", []


def types() -> Result:
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "bridgescore"
    return run([str(BIN / "mypy"), "--cache-dir", str(cache / "mypy")]), "", []


# The demo club the browser tests' servers copy (tests/web/servers.py), made in the background
# from the start of the run -- beside the lint, the types and the workers' collection -- rather
# than by the first worker that needs it while the other waits.  Made again every run: the
# demo is the code's of this run.
DEMO = REPO / "var" / "test-demo"


def start_demo() -> subprocess.Popen[bytes]:
    import shutil

    shutil.rmtree(DEMO, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return subprocess.Popen([str(BIN / "python"), "-m", "tests.web.servers", str(DEMO)],
                            cwd=REPO, env=env)


def suite() -> Result:
    # A failed build leaves no "ready" file: the first test that needs the demo builds it
    # again and fails there with the reason.
    return pytest("suite", [], dict(os.environ, BRIDGESCORE_TEST_DEMO=str(DEMO)))


def postgres() -> Result:
    if not run([str(BIN / "python"), "-m", "bridgescore.web.service_check", PG_URL, REDIS_URL]):
        if os.environ.get("CI") == "true":
            return False, "PostgreSQL or Redis did not answer", []
        print("** The PostgreSQL/Redis tests were NOT run (see above). **")
        return True, "not run: PostgreSQL or Redis did not answer", []
    env = dict(os.environ, DATABASE_URL=PG_URL,
               BRIDGESCORE_SECRET_KEY="test-only-not-secret-0123456789abcdef",
               BRIDGESCORE_TEST_PG_URL=PG_URL, BRIDGESCORE_TEST_REDIS_URL=REDIS_URL)
    return pytest("postgres", ["tests/web", "-m", "(postgres or services) and not browser"], env)


PHASES = {"lint": lint, "docs": docs, "types": types, "suite": suite, "postgres": postgres}


def main(names: list[str]) -> int:
    unknown = [n for n in names if n not in PHASES]
    if unknown:
        print(f"unknown phase {unknown[0]!r}; expected one of: {', '.join(PHASES)}",
              file=sys.stderr)
        return 2
    REPORTS.mkdir(parents=True, exist_ok=True)
    demo = start_demo() if "suite" in (names or PHASES) else None
    outcomes = []
    for name in names or list(PHASES):
        print(f"\n==== {name} ====", flush=True)
        start = time.monotonic()
        ok, tests, lines = PHASES[name]()
        outcomes.append(Outcome(name, time.monotonic() - start, ok, tests, lines))
    if demo is not None and demo.poll() is None:
        demo.kill()
        demo.wait()
    print("\n==== phases ====")
    for o in outcomes:
        print(f"{o.phase:<9} {'ok' if o.ok else 'FAILED':<7} {o.seconds:7.1f} s  {o.tests}")
        for line in o.parts:
            print(line)
    print(f"{'total':<17} {sum(o.seconds for o in outcomes):7.1f} s")
    return 0 if all(o.ok for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
