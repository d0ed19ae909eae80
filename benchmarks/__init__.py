"""The benchmarks: scripts run from the checkout (``python benchmarks/bench_….py``), not part
of the package.  A package so that the load drivers (``benchmarks.load``) can be imported by
the benchmarks and by ``tests/web/load`` under one name."""
