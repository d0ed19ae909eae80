"""Benchmark: reading a large results file (CSV, USEBIO) — time and peak memory.

Run: .venv/bin/python benchmarks/bench_files.py [--results 1800000] [--json PATH --label NAME]

``--json`` adds this run's figures under ``--label`` to PATH (``benchmarks/results_files.json``
keeps the run before and after the reader was made to stream).  To measure an older tree, run
the script with ``PYTHONPATH`` pointing at its ``src``: before ``bridgescore.sessions.files.any_format``
existed the file is read as the command line read it then.

A generated two-winner session (every board at every table: 4,999 tables, NS pairs 1–4999 and
EW pairs 5000–9998, the most pair numbers allow, and 360 boards for 1.8 million results, about
60 MB) is written to a temporary directory and read in a fresh interpreter per measurement, so
each peak (``ru_maxrss``) is that of the reading alone.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TABLES = 4_999  # pair numbers go up to 9999: NS 1-4999, EW 5000-9998
# Results spread over the common contracts; the score column is left for the reader to compute.
CONTRACTS = ("4S,N,=", "4S,N,+1", "4S,N,-1", "3NT,S,=", "3NT,S,+1", "3NT,W,-2", "2H,E,=",
             "2H,E,+1", "1NT,N,-1", "5DX,W,-2", "6S,N,=", "3C,S,+2", "4HX,E,-1", "pass,,")
LEADS = ("HK", "SA", "D2", "C7", "", "")


def generate(path: Path, results: int, seed: int = 1) -> int:
    """A CSV pairs file of about ``results`` lines: board b at table t, NS pair t, EW pair
    T+t."""
    rng = random.Random(seed)
    tables = min(TABLES, max(1, results))
    boards = max(1, round(results / tables))
    with path.open("w", encoding="utf-8") as f:
        f.write("# event: generated benchmark\n# movement: mitchell\n")
        f.write("board,table,round,ns,ew,contract,declarer,result,lead,score\n")
        n = 0
        for b in range(1, boards + 1):
            rows = []
            for t in range(1, tables + 1):
                c = rng.choice(CONTRACTS)
                if c.startswith("pass"):
                    c = "pass,,"
                rows.append(f"{b},{t},1,{t},{tables + t},{c},{rng.choice(LEADS)},\n")
            f.writelines(rows)
            n += len(rows)
    return n


CHILD = """
import resource, sys, time
t, c = time.perf_counter(), time.process_time()
{body}
elapsed, cpu = time.perf_counter() - t, time.process_time() - c
print(elapsed, cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def measure(body: str) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak resident MB of ``body`` in a fresh interpreter (the
    CPU time is the steadier figure on a shared machine)."""
    out = subprocess.run([sys.executable, "-c", CHILD.format(body=body)], check=True,
                         capture_output=True, text=True).stdout.split()
    return float(out[-3]), float(out[-2]), float(out[-1]) / 1024


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", type=int, default=1_800_000)
    ap.add_argument("--json", default=None)
    ap.add_argument("--label", default="latest")
    args = ap.parse_args()
    figures: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as d:
        csv_path = Path(d) / "big.csv"
        t = time.perf_counter()
        n = generate(csv_path, args.results)
        size = csv_path.stat().st_size / 1e6
        print(f"generated {n:,} results, {size:.0f} MB, in {time.perf_counter() - t:.1f} s")
        figures.update(results=n, megabytes=round(size, 1))
        runs = {
            "baseline: interpreter + import": "import bridgescore.sessions.files.csvfmt",
            "read the CSV (library)": _read_body(csv_path),
        }
        for name, body in runs.items():
            secs, cpu, mb = measure(body)
            print(f"{name:<40} {secs:7.1f} s wall {cpu:7.1f} s CPU {mb:8.0f} MB peak")
            figures[name] = {"seconds": round(secs, 2), "cpu_seconds": round(cpu, 2),
                             "peak_mb": round(mb)}
    if args.json:
        out = Path(args.json)
        saved = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
        saved[args.label] = figures
        out.write_text(json.dumps(saved, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _read_body(path: Path) -> str:
    try:
        import bridgescore.sessions.files.any_format  # noqa: F401
    except ImportError:  # before the library module existed: what the command line did
        return (f"from bridgescore.cli.events import load_results\n"
                f"s = load_results({str(path)!r})\nassert len(s.results) > 0")
    return (f"from bridgescore.sessions.files.any_format import read_results\n"
            f"s = read_results({str(path)!r}).item\nassert len(s.results) > 0")


if __name__ == "__main__":
    main()
