"""Scoring speed of bridgescore against endplay, measured in one process on one machine.

Run ``python benchmarks/bench_scoring.py [--json PATH]`` (``make bench`` installs endplay
first).  It prints results per second, the ratio against endplay and PASS/MISS against
each target:

(a) the scalar API on pre-built objects: ``score(contract, tricks, vul)`` and
    ``Result.score(vul)`` against endplay's ``Contract.score(vul)``;
(b) parsing then scoring text: ``Result.parse(text).score(vul)`` against
    ``endplay.types.Contract(text).score(vul)``, cold (every string first seen, caches
    cleared) and warm (10,000 distinct strings seen again and again), plus
    ``bridgescore.scoring.batch.parse_results`` on the same stream;
(c) the NumPy batch API on 10 million results, single thread (endplay has no batch API:
    its scalar loop is the comparison);
(d) the start-up time of ``bridgescore score`` and of ``import bridgescore``; with
    ``--baseline COMMAND`` (another version's ``bridgescore``, e.g. an older release installed
    in its own venv) that command is timed in turns with ours, in the same environments.

This is a script, not a test: timings are figures to read, never assertions.
"""

from __future__ import annotations

import contextlib
import os

# Before NumPy is imported: one thread for every BLAS/OpenMP pool.  NumPy's elementwise
# loops and np.take are single-threaded anyway; this keeps the comparison one core each.
_THREAD_VARS = (
    "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
    "NUMEXPR_NUM_THREADS", "VECLIB_MAXIMUM_THREADS",
)
for _var in _THREAD_VARS:
    os.environ[_var] = "1"

import argparse  # noqa: E402
import gc  # noqa: E402
import importlib  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import asdict, dataclass  # noqa: E402
from importlib import metadata  # noqa: E402
from pathlib import Path  # noqa: E402
from types import ModuleType  # noqa: E402
from typing import Any  # noqa: E402

try:
    import resource  # CPU time of the start-up runs (POSIX only)
except ImportError:
    resource = None  # type: ignore[assignment]

import numpy as np  # noqa: E402

import bridgescore  # noqa: E402
from bridgescore import Contract, Doubling, Result, Seat, Strain, Vulnerability, score  # noqa: E402
from bridgescore.scoring.batch import encode, ns_scores, parse_results, score_batch, score_codes  # noqa: E402


def _load_endplay() -> ModuleType | None:
    try:
        return importlib.import_module("endplay.types")
    except ImportError:  # the script still reports bridgescore's own figures
        return None


ep = _load_endplay()

Row = tuple[int, int, int, int, int, int]  # level, strain, doubling, declarer, tricks, board vul


@dataclass
class Figure:
    key: str
    label: str
    ours: float | None  # results per second (or milliseconds for start-up rows)
    theirs: float | None
    target: str  # "", ">=1.5x", ">=50M/s", "<=150ms"
    status: str  # PASS, MISS, INFO, SKIP
    note: str = ""
    baseline: float | None = None  # start-up rows: the --baseline command's median, ms
    cpu: float | None = None  # start-up rows: median CPU time (user + system), ms
    baseline_cpu: float | None = None

    @property
    def ratio(self) -> float | None:
        if self.ours is None or self.theirs is None or self.key.startswith("d"):
            return None
        return self.ours / self.theirs


# --- data --------------------------------------------------------------------------------

_LEVEL_WEIGHTS = [10, 18, 22, 28, 10, 9, 3]  # partscores and games common, grand slams rare
_RELATIVE = {-4: 2, -3: 4, -2: 10, -1: 20, 0: 30, 1: 22, 2: 9, 3: 3}


def realistic_rows(n: int, rng: random.Random) -> list[Row]:
    """A club-like mix: 1% passed out, mostly undoubled, results near the contract."""
    rows: list[Row] = []
    for _ in range(n):
        vul = rng.randrange(4)
        if rng.random() < 0.01:
            rows.append((0, 4, 0, 0, 0, vul))
            continue
        level = rng.choices(range(1, 8), _LEVEL_WEIGHTS)[0]
        dbl = rng.choices((0, 1, 2), (85, 12, 3))[0]
        rel = rng.choices(list(_RELATIVE), list(_RELATIVE.values()))[0]
        rel = max(-(level + 6), min(7 - level, rel))
        rows.append((level, rng.randrange(5), dbl, rng.randrange(4), level + 6 + rel, vul))
    return rows


def all_rows() -> list[tuple[int, int, int, int, int]]:
    """Every result (5,880 with a declarer) and the passed-out board."""
    rows = [
        (lv, s, d, seat, t)
        for lv in range(1, 8) for s in range(5) for d in range(3) for seat in range(4)
        for t in range(14)
    ]
    return [*rows, (0, 4, 0, 0, 0)]


def _rel(row: tuple[int, ...]) -> str:
    rel = row[4] - row[0] - 6
    return "=" if rel == 0 else f"{rel:+d}"


def our_text(row: tuple[int, ...], compact: bool) -> str:
    if row[0] == 0:
        return "passed out" if compact else "pass"
    contract = f"{row[0]}{'CDHS'[row[1]] if row[1] < 4 else 'NT'}{('', 'X', 'XX')[row[2]]}"
    if compact:
        return f"{contract}{'NESW'[row[3]]}{_rel(row)}".lower()
    return f"{contract} {'NESW'[row[3]]} {_rel(row)}"


def endplay_text(row: tuple[int, ...], compact: bool) -> str:
    if row[0] == 0:
        return "pass" if compact else "Pass"
    text = (
        f"{row[0]}{'CDHS'[row[1]] if row[1] < 4 else 'NT'}{'NESW'[row[3]]}"
        f"{('', 'X', 'XX')[row[2]]}{_rel(row)}"
    )
    return text.lower() if compact else text


def endplay_vul(vul: int) -> Any:
    assert ep is not None
    return (ep.Vul.none, ep.Vul.ns, ep.Vul.ew, ep.Vul.both)[vul]


def our_result(row: tuple[int, ...]) -> Result:
    if row[0] == 0:
        return Result.passed_out()
    return Result(Contract(row[0], Strain(row[1]), Doubling(row[2])), Seat(row[3]), row[4])


# --- timing ------------------------------------------------------------------------------


def timed(fn: Callable[[], object], setup: Callable[[], object] | None = None) -> float:
    """Seconds for one call, garbage collection off as in timeit; setup is not timed."""
    if setup is not None:
        setup()
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        fn()
        return time.perf_counter() - start
    finally:
        gc.enable()


@dataclass
class Trial:
    n: int  # results per run
    run: Callable[[], object]
    setup: Callable[[], object] | None = None  # untimed, before every run


def rates(trials: dict[str, Trial], repeats: int) -> dict[str, float]:
    """Best results/second of each trial.  Trials take turns (ours, endplay, ours, …) so
    that a change of machine load during the run hits both libraries alike."""
    best = dict.fromkeys(trials, float("inf"))
    for _ in range(repeats):
        for key, trial in trials.items():
            best[key] = min(best[key], timed(trial.run, trial.setup))
    return {key: trials[key].n / best[key] for key in trials}


def clear_caches() -> None:
    # Everything the parser remembers between calls: both lru caches.  (The interned results
    # are values made once each on first use and kept, like the score table: not a cache.)
    bridgescore.core.result._parse_result.cache_clear()
    bridgescore.core.contract._parse_contract.cache_clear()


def verdict(value: float | None, target: float, higher_is_better: bool = True) -> str:
    if value is None:
        return "SKIP"
    return "PASS" if (value >= target if higher_is_better else value <= target) else "MISS"


# --- (a) scalar ----------------------------------------------------------------------------


def bench_scalar(rows: list[Row]) -> tuple[list[Figure], float | None]:
    contracts = {c.index: c for c in bridgescore.core.contract.all_contracts()}
    contracts[105] = Contract.passed_out()
    items = []
    for lv, s, d, seat, t, vul in rows:
        c = contracts[((lv - 1) * 5 + s) * 3 + d] if lv else contracts[105]
        items.append((c, t, Vulnerability(vul).is_vulnerable(Seat(seat))))
    results = [(our_result(r), Vulnerability(r[5])) for r in rows]

    def ours() -> None:
        for c, t, v in items:
            score(c, t, v)

    def ours_result() -> None:
        for r, v in results:
            r.score(v)

    trials = {"ours": Trial(len(items), ours), "result": Trial(len(results), ours_result)}
    if ep is not None:
        objects = [(ep.Contract(endplay_text(r, False)), endplay_vul(r[5])) for r in rows]
        mismatch = [
            i for i, ((c, v), (r, bv)) in enumerate(zip(objects, results, strict=True))
            if c.score(v) != r.score(bv)
        ]
        if mismatch:
            sys.exit(f"scores differ from endplay at {rows[mismatch[0]]}: not comparable")

        def theirs_fn() -> None:
            for c, v in objects:
                c.score(v)

        trials["endplay"] = Trial(len(objects), theirs_fn)
    got = rates(trials, repeats=5)
    ours_rate, result_rate, theirs = got["ours"], got["result"], got.get("endplay")
    ratio = None if theirs is None else ours_rate / theirs
    figures = [
        Figure("a_scalar", "(a) score(contract, tricks, vul)",
               ours_rate, theirs, ">=1.5x", verdict(ratio, 1.5)),
        Figure("a_result", "(a) Result.score(board vulnerability)",
               result_rate, theirs, ">=1.5x",
               verdict(None if theirs is None else result_rate / theirs, 1.5),
               "the same work as endplay's Contract.score(vul): vulnerability from the board's"),
    ]
    return figures, theirs


# --- (b) parse then score --------------------------------------------------------------------


def bench_parse(distinct: int, passes: int, seed: int) -> list[Figure]:
    rng = random.Random(seed)
    pool = [(row, compact) for row in all_rows() for compact in (False, True)]
    chosen = rng.sample(pool, distinct)
    firsts = [(row, compact, rng.randrange(4)) for row, compact in chosen]
    stream = []
    for _ in range(passes):
        again = firsts[:]
        rng.shuffle(again)
        stream.extend(again)
    ours_first = [(our_text(r, c), Vulnerability(v)) for r, c, v in firsts]
    ours_stream = [(our_text(r, c), Vulnerability(v)) for r, c, v in stream]
    small = ours_first[:4000] * 10

    def ours_loop(pairs: list[tuple[str, Vulnerability]]) -> Callable[[], None]:
        def run() -> None:
            for text, vul in pairs:
                Result.parse(text).score(vul)
        return run

    def first_pass() -> None:
        clear_caches()
        ours_loop(ours_first)()  # the stream starts once every string has been seen

    def fill_small() -> None:
        clear_caches()
        ours_loop(small)()

    texts = [t for t, _ in ours_stream]
    board_vul = np.array([v.value for _, v in ours_stream], dtype=np.uint8)

    def batch() -> None:
        r = parse_results(texts)
        ns_scores(r["level"], r["strain"], r["doubling"], r["declarer"], board_vul, r["tricks"])

    trials = {
        "cold": Trial(len(ours_first), ours_loop(ours_first), clear_caches),
        "warm": Trial(len(ours_stream), ours_loop(ours_stream), first_pass),
        "cached": Trial(len(small), ours_loop(small), fill_small),
        "batch": Trial(len(texts), batch, clear_caches),
    }
    if ep is not None:
        theirs_pairs = [(endplay_text(r, c), endplay_vul(v)) for r, c, v in stream]
        for (text, vul), (our, ovul) in zip(theirs_pairs, ours_stream, strict=True):
            if ep.Contract(text).score(vul) != Result.parse(our).score(ovul):
                sys.exit(f"{text!r} and {our!r} score differently: not comparable")

        def theirs_fn() -> None:
            for text, vul in theirs_pairs:
                ep.Contract(text).score(vul)

        trials["endplay"] = Trial(len(theirs_pairs), theirs_fn)
    got = rates(trials, repeats=3)
    cold, warm, cached, batch_rate = got["cold"], got["warm"], got["cached"], got["batch"]
    theirs = got.get("endplay")

    first_pass()  # once more, untimed, to count the cache hits of the warm stream
    before = bridgescore.core.result._parse_result.cache_info()
    ours_loop(ours_stream)()
    after = bridgescore.core.result._parse_result.cache_info()
    lookups = (after.hits - before.hits) + (after.misses - before.misses)
    hit_rate = (after.hits - before.hits) / lookups if lookups else 0.0
    maxsize = bridgescore.core.result._parse_result.cache_parameters()["maxsize"]

    def ratio(x: float) -> float | None:
        return None if theirs is None else x / theirs

    n = f"{distinct:,} distinct strings"
    return [
        Figure("b_cold", "(b) Result.parse(text).score(vul), cold", cold, theirs,
               ">=2.5x", verdict(ratio(cold), 2.5), f"{n}, each seen for the first time: lru caches cleared before each run"),
        Figure("b_warm", "(b) Result.parse(text).score(vul), warm", warm, theirs,
               ">=2.5x", verdict(ratio(warm), 2.5),
               f"{n} seen {passes} times in shuffled order; lru cache (maxsize {maxsize}) hit rate {hit_rate:.0%}"),
        Figure("b_cached", "(b) Result.parse(text).score(vul), all cached", cached,
               theirs, "", "INFO", "4,000 strings x 10, every parse a cache hit: what the lru cache can give at best"),
        Figure("b_batch", "(b) batch.parse_results + ns_scores", batch_rate,
               theirs, "", "INFO", "the warm stream, caches cleared; each distinct string parsed once per call; "
               "endplay: its Contract(text).score loop"),
    ]


# --- (c) batch ----------------------------------------------------------------------------


def bench_batch(n: int, endplay_loop: float | None, seed: int) -> list[Figure]:
    rng = np.random.default_rng(seed)
    level = rng.integers(0, 8, n)  # int64, as np.array of Python ints gives
    strain = rng.integers(0, 5, n)
    dbl = rng.integers(0, 3, n)
    vul = rng.integers(0, 2, n).astype(bool)
    tricks = rng.integers(0, 14, n)
    tricks[level == 0] = 0  # a passed-out board takes no trick (the batch refuses others)
    declarer = rng.integers(0, 4, n)
    board = rng.integers(0, 4, n)
    small = [a.astype(np.uint8) for a in (level, strain, dbl, tricks)]
    codes = encode(level, strain, dbl, vul, tricks)

    # A sample checked against the scalar scorer before anything is timed.
    sample = slice(0, 2000)
    expected = [
        score(Contract(int(lv), Strain(int(s)), Doubling(int(d))) if lv else Contract.passed_out(),
              int(t), bool(v))
        for lv, s, d, v, t in zip(level[sample], strain[sample], dbl[sample], vul[sample],
                                  tricks[sample], strict=True)
    ]
    if score_batch(level, strain, dbl, vul, tricks)[sample].tolist() != expected:
        sys.exit("score_batch disagrees with score(): not benchmarking")

    def rate(fn: Callable[[], object]) -> float:
        return rates({"it": Trial(n, fn)}, repeats=3)["it"]

    vs = "endplay: its scalar loop (no batch API)"
    figures: list[Figure] = []
    for key, label, fn, target in (
        ("c_codes", "(c) score_codes (uint16 codes: one np.take)",
         lambda: score_codes(codes), 50e6),
        ("c_batch", "(c) score_batch (int64 columns)",
         lambda: score_batch(level, strain, dbl, vul, tricks), 50e6),
        ("c_batch_u8", "(c) score_batch (uint8 columns)",
         lambda: score_batch(small[0], small[1], small[2], vul, small[3]), 50e6),
        ("c_encode", "(c) encode (int64 columns)",
         lambda: encode(level, strain, dbl, vul, tricks), None),
        ("c_ns", "(c) ns_scores (int64 columns, declarer + board vul)",
         lambda: ns_scores(level, strain, dbl, declarer, board, tricks), None),
    ):
        r = rate(fn)
        status = verdict(r, target) if target else "INFO"
        figures.append(Figure(key, label, r, endplay_loop, ">=50M/s" if target else "", status,
                              "" if figures else f"{n:,} random results; {vs}"))
    return figures


# --- (d) start-up ----------------------------------------------------------------------------


def wall_ms(argv: list[str], runs: int, env: dict[str, str]) -> tuple[float | None, str]:
    (ms, _, why), = wall_ms_turns([argv], runs, env)
    return ms, why


def _children_cpu() -> float:
    """CPU seconds (user + system) of the children waited for so far."""
    if resource is None:
        return 0.0
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def wall_ms_turns(argvs: list[list[str]], runs: int,
                  env: dict[str, str]) -> list[tuple[float | None, float | None, str]]:
    """Median wall time and median CPU time (user + system, where the platform counts it) of
    each command line, run in turns (a, b, a, b, …: the order swapped every round) so that a
    change of load on a shared machine hits them alike.  On a busy machine the wall time
    grows with the queue for a core; the CPU time much less."""
    times: list[list[float]] = [[] for _ in argvs]
    cpu: list[list[float]] = [[] for _ in argvs]
    failed: dict[int, str] = {}
    for n in range(runs):
        order = list(range(len(argvs)))
        if n % 2:
            order.reverse()
        for i in order:
            if i in failed:
                continue
            used = _children_cpu()
            start = time.perf_counter()
            done = subprocess.run(argvs[i], capture_output=True, text=True, check=False, env=env)
            times[i].append((time.perf_counter() - start) * 1000)
            cpu[i].append((_children_cpu() - used) * 1000)
            if done.returncode != 0:
                failed[i] = (done.stderr.strip().splitlines() or ["no output"])[-1]
    return [(None, None, failed[i]) if i in failed
            else (statistics.median(t), statistics.median(c) if resource else None, "")
            for i, (t, c) in enumerate(zip(times, cpu, strict=True))]


def import_time_ms(env: dict[str, str], runs: int = 7) -> float | None:
    """Median cumulative time of ``import bridgescore`` as ``-X importtime`` reports it."""
    values = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-X", "importtime", "-c", "import bridgescore"],
                              capture_output=True, text=True, check=False, env=env)
        for line in done.stderr.splitlines():
            parts = [p.strip() for p in line.removeprefix("import time:").split("|")]
            if len(parts) == 3 and parts[2] == "bridgescore":
                values.append(int(parts[1]) / 1000)
    return statistics.median(values) if values else None


def bench_startup(runs: int, baseline: str | None = None) -> list[Figure]:
    exe = Path(sys.executable).with_name("bridgescore")
    command = str(exe) if exe.exists() else shutil.which("bridgescore")
    as_is = dict(os.environ)
    no_pyc = os.environ.get("PYTHONDONTWRITEBYTECODE") and not (
        Path(bridgescore.__file__).parent / "__pycache__"
    ).is_dir()
    how = "no .pyc: PYTHONDONTWRITEBYTECODE is set, sources compiled each run" if no_pyc else (
        "environment as is"
    )
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory() as pycache:
        # As installed by pip: compiled bytecode, kept out of the work tree by the prefix.
        cached = {**as_is, "PYTHONPYCACHEPREFIX": pycache}
        cached.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run([sys.executable, "-c", "import bridgescore.cli"], env=cached, check=False)
        tail = ["score", "4S", "N", "=", "--vul", "ns"]
        argv = [str(command), *tail]
        if baseline is not None:  # its bytecode into the same cache (keyed by source path)
            subprocess.run([baseline, *tail], env=cached, capture_output=True, check=False)
        for key, label, env, status in (
            ("d_cli", "(d) bridgescore score 4S N = --vul ns", as_is, True),
            ("d_cli_pyc", "(d) bridgescore score 4S N = --vul ns, .pyc", cached,
             False),
        ):
            if command is None:
                figures.append(Figure(key, label, None, None, "<=150ms", "SKIP",
                                      "skipped: no bridgescore command installed"))
                continue
            lines = [argv] if baseline is None else [argv, [baseline, *tail]]
            (ms, cpu, why), *other = wall_ms_turns(lines, runs, env)
            base, base_cpu, base_why = other[0] if other else (None, None, "")
            note = (f"median of {runs} runs, {how if key == 'd_cli' else 'bytecode compiled once into a temporary cache'}"
                    if ms is not None else f"skipped: the command failed: {why}")
            if cpu is not None:
                note += f"; CPU time {cpu:.1f} ms"
            if baseline is not None:
                note += (f"; baseline {baseline} in turns: {base:.1f} ms" if base is not None
                         else f"; baseline {baseline} failed: {base_why}")
                if base_cpu is not None:
                    note += f", CPU time {base_cpu:.1f} ms"
            figures.append(Figure(
                key, label, ms, None, "<=150ms" if status else "",
                verdict(ms, 150, higher_is_better=False) if status or ms is None else "INFO",
                note, baseline=base, cpu=cpu, baseline_cpu=base_cpu,
            ))
        bare, _ = wall_ms([sys.executable, "-c", "pass"], runs, as_is)
        figures.append(Figure("d_python", "(d) python -c pass (the interpreter alone)", bare,
                              None, "", "INFO"))
        figures.append(Figure("d_import", "(d) import bridgescore (-X importtime)",
                              import_time_ms(as_is), None, "", "INFO", f"cumulative, median of 7, {how}"))
        figures.append(Figure("d_import_pyc", "(d) import bridgescore (-X importtime), .pyc", import_time_ms(cached), None, "", "INFO"))
    return figures


# --- report --------------------------------------------------------------------------------


def cpu_name() -> str:
    with contextlib.suppress(OSError):  # no /proc: fall back to what platform knows
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or platform.machine()


def environment() -> dict[str, Any]:
    def version(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "not installed"

    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "numpy": np.__version__,
        "endplay": version("endplay"),
        "bridgescore": bridgescore.__version__,
        "cpu": cpu_name(),
        "logical_cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None,
        "platform": platform.platform(),
        "threads": {v: os.environ[v] for v in _THREAD_VARS},
        "OPENBLAS_CORETYPE": os.environ.get("OPENBLAS_CORETYPE", "(unset)"),
    }


def show(value: float | None, key: str) -> str:
    if value is None:
        return "-"
    if key.startswith("d"):
        return f"{value:,.1f} ms"
    return f"{value / 1e6:,.2f} M/s" if value >= 1e6 else f"{value / 1e3:,.0f} k/s"


def report(env: dict[str, Any], figures: list[Figure]) -> None:
    print("bridgescore scoring benchmark (one process, one core)")
    print(f"  python {env['python']} ({env['implementation']}), numpy {env['numpy']}, "
          f"endplay {env['endplay']}, bridgescore {env['bridgescore']}")
    print(f"  CPU {env['cpu']}, {env['logical_cpus']} logical; load average at the end "
          f"{env['load_average']} (other work on the machine slows both libraries alike); "
          f"{env['platform']}")
    print(f"  threads: {', '.join(f'{k}={v}' for k, v in env['threads'].items())}; "
          f"OPENBLAS_CORETYPE={env['OPENBLAS_CORETYPE']} (no effect on elementwise NumPy)")
    print()
    width = max(len(f.label) for f in figures)
    print(f"{'measurement':<{width}}  {'bridgescore':>13}  {'endplay':>11}  {'ratio':>8}  "
          f"{'target':>8}  result")
    print("-" * (width + 60))
    for f in figures:
        # Two decimals near the targets, so a 1.47x MISS does not print as 1.5x.
        ratio = "" if f.ratio is None else f"{f.ratio:,.2f}x" if f.ratio < 10 else f"{f.ratio:,.0f}x"
        print(f"{f.label:<{width}}  {show(f.ours, f.key):>13}  {show(f.theirs, f.key):>11}  "
              f"{ratio:>8}  {f.target:>8}  {f.status}")
        if f.note:
            print(f"{'':<{width}}    ({f.note})")
    missed = [f.key for f in figures if f.status == "MISS"]
    skipped = [f.key for f in figures if f.status == "SKIP"]
    print()
    print(f"targets missed: {', '.join(missed)}" if missed else "no target missed")
    if skipped:
        print(f"targets not checked: {', '.join(skipped)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON here")
    parser.add_argument("--batch-size", type=int, default=10_000_000,
                        help="results in the NumPy batch (default 10,000,000)")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--baseline", metavar="COMMAND",
                        help="another bridgescore command (an older release, in its own venv) "
                             "whose start-up is timed in turns with ours")
    args = parser.parse_args(argv)

    if ep is None:
        print("endplay is not installed: ratios are skipped (pip install -e '.[bench]')\n")
    started = time.perf_counter()
    rows = realistic_rows(100_000, random.Random(args.seed))
    figures, endplay_scalar = bench_scalar(rows)
    figures += bench_parse(10_000, 5, args.seed)
    figures += bench_batch(args.batch_size, endplay_scalar, args.seed)
    figures += bench_startup(20, args.baseline)
    env = environment()
    report(env, figures)
    print(f"\n(ran in {time.perf_counter() - started:.0f} s)")
    if args.json:
        data = {
            "environment": env,
            "figures": [{**asdict(f), "ratio": f.ratio,
                         "unit": "ms" if f.key.startswith("d") else "results/s"} for f in figures],
        }
        Path(args.json).write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
