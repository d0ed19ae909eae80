"""The load tests.  Their drivers are not in the package: they live in the checkout's
``benchmarks/load`` (``benchmarks/bench_web_entry.py`` and ``bench_web_play.py`` run them at
full size), imported from the checkout's root, which is put on the path here."""

import sys
from pathlib import Path

CHECKOUT = str(Path(__file__).resolve().parents[3])
if CHECKOUT not in sys.path:
    sys.path.append(CHECKOUT)
