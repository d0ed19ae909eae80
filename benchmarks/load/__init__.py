"""The load drivers: the real ASGI server on loopback and many clients at once — score entry
(``entry_load``) and online play (``play_load``).  ``benchmarks/bench_web_entry.py`` and
``benchmarks/bench_web_play.py`` run them at full size, ``tests/web/load`` small.  Checkout
only: they are not in the package (a wheel has none of them)."""
