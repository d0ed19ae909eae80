"""Issue 21's targets for a joint fit whose expectation saturates, judged by its own
expectation: does ``rating_link_study.LinkFit`` with ``g(u) = K·tanh(u/K)`` meet every target
in every world when next week's results are predicted by ``β·(g(u) − mean_b g(u))`` (its
expectation) instead of the linear ``β·(D − D̄)`` used for every other method?

Run (from the repository root)::

    .venv/bin/python benchmarks/rating_link_predict.py --worlds strong-groups,everyone-meets \\
        --first-seed 0 K30 K45 "K30,prior=8,fade=0.98"

``--worlds all``: the nine worlds; ``--seeds 5``; ``--library``: the library's Rate beside
(``new``); ``--json PATH`` / ``--markdown PATH``: the results; ``--cache DIR``: keep the
built worlds there (pickled: the same world, built once, for every run of the tuning).

Each configuration is ``lin`` or ``K<k>``, optionally followed by ``,prior=…,fade=…``
(``LinkFit``'s settings: prior in boards at the start's level, weekly fading; ``predict=K``:
a probe, predicting through ``K·tanh(u/K)`` whatever the fit's expectation).  Always run
beside them: least squares (``lsq``), the NGS-style grade (``ngs``), the plain mean
(``mean``), true skill (``truth``: the linear prediction from it) and ``lin``, the same joint
fit with the linear expectation (whose own prediction is the linear one).  For each
saturating configuration also ``truth`` predicted through that ``g``: true skill put on the
fit's scale (× the fit's slope of rating on skill at the season's end, a constant of the
seed: a floor for reference, not a method) — ``truth·K30`` and so on.

The measures are ``rating_worlds.measures``'s; ``rmse`` is each method's own prediction (for
the linear methods the same as ``rating_worlds`` prints), ``rmse lin.`` the saturating fit's
error when predicted linearly (what ``rating_link_study.py`` reports); ``s/week``: the fit's
time a week (the season's run, predictions included, over its weeks).  The verdict is
``rating_worlds.targets``: issue 21's targets on the means over the seeds.
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import rating_simulation as rs
import rating_worlds as rw
from rating_link_study import LinkFit, saturating_feature
from rating_simulation import Floats, Ints, Method


@dataclass(frozen=True)
class Config:
    """One joint fit: ``link`` 0 is the linear expectation."""

    name: str
    link: float = 0.0
    prior: float = 4.0
    fade: float = 0.97
    # A probe, not a method: predict through K·tanh(u/K) with this K whatever the fit's own
    # expectation (``lin,predict=30``: the linear fit's Rates, a saturating predictor), to
    # tell what the saturating predictor gains from what the saturating fit gains.
    predict: float = 0.0

    def make(self, players: int) -> LinkFit:
        fit = LinkFit(players, link=self.link, prior=self.prior, fade=self.fade,
                      own_prediction=True)
        if self.predict:
            k = self.predict

            def feature(players: Ints, board_index: Ints) -> Floats:
                return saturating_feature(fit.rate, k, players, board_index)

            fit.feature = feature
        return fit


def parse_config(text: str) -> Config:
    """``lin`` or ``K30``, then optionally ``,prior=8,fade=0.98,predict=30``."""
    head, *rest = text.split(",")
    link = 0.0 if head == "lin" else float(head.lstrip("K"))
    extra = {k.strip(): float(v) for k, v in (part.split("=") for part in rest)}
    return Config(text, link, **extra)


class SaturatingTruth(rw.Truth):
    """True skill predicted through a fit's ``g``: skill × ``scale`` (the fit's Rate points
    per SD) as the Rate, ``g(u) − mean_b g(u)`` as the feature (the floor of that
    predictor, as ``truth`` is of the linear one)."""

    def __init__(self, world: rw.SimWorld, link: float, scale: float) -> None:
        super().__init__(world)
        self.link, self.scale = link, scale

    def feature(self, players: Ints, board_index: Ints) -> Floats:
        return saturating_feature(self.scale * self.values(), self.link, players, board_index)


def world_of(spec: rw.WorldSpec, seed: int, cache: Path | None) -> rw.SimWorld:
    """The world of ``spec`` and ``seed``, from ``cache`` when it was built before (building
    it is a third of a run; the tuning runs the same worlds many times)."""
    if cache is None:
        return rw.build(spec, seed)
    path = cache / f"{spec.name}-{seed}.pickle"
    if path.exists():
        with path.open("rb") as f:
            world: rw.SimWorld = pickle.load(f)
        return world
    world = rw.build(spec, seed)
    cache.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        pickle.dump(world, f)
    return world


def one_world(spec: rw.WorldSpec, seeds: range, configs: list[Config], library: bool,
              cache: Path | None) -> dict[str, Any]:
    per_seed: list[dict[str, dict[str, float]]] = []
    for seed in seeds:
        w = world_of(spec, seed, cache)
        base = rw.make_methods(w)
        methods: dict[str, Method] = {k: base[k] for k in ("lsq", "ngs", "mean", "truth")}
        if library and "new" in base:
            methods["new"] = base["new"]
        methods["lin"] = Config("lin").make(w.players)
        for c in configs:
            if c.name != "lin":
                methods[c.name] = c.make(w.players)
        runs: dict[str, rw.Run] = {}
        seconds: dict[str, float] = {}
        for name, m in methods.items():
            t0 = time.perf_counter()
            runs[name] = rw.run(w, m)
            seconds[name] = time.perf_counter() - t0
        found = rw.measures(w, runs)
        for name, sec in seconds.items():
            found[name]["s_week"] = sec / len(w.weeks)
        for c in configs:
            if c.link:
                _, slope = rw.line(w, runs[c.name])
                r = rw.run(w, SaturatingTruth(w, c.link, slope))
                found[f"truth·{c.name}"] = {"rmse": math.sqrt(r.sq_error / r.predicted)}
        per_seed.append(found)
        print(f"  {spec.name} seed {seed}: " + ", ".join(
            f"{k} ρ {v['rho']:.3f} rmse {v['rmse']:.3f}" for k, v in found.items()
            if "rho" in v), flush=True)
    table = {name: {key: rw.mean_sd([s[name][key] for s in per_seed])
                    for key in per_seed[0][name]} for name in per_seed[0]}
    verdicts = {name: rw.targets(table, spec, name) for name in table
                if name in ("lin", "new") or name in {c.name for c in configs}}
    return {"world": spec.name, "seeds": list(seeds), "table": table, "per_seed": per_seed,
            "targets": verdicts}


ORDER = ("lsq", "new", "lin", "ngs", "mean", "truth")


def markdown(results: list[dict[str, Any]]) -> str:
    lines = ["| world | seeds | method | ρ | next-week RMS % (own) | RMS % (linear) | groups' "
             "slope | newcomer weeks | choosing gain (SD) | s/week |",
             "|---|---|---|---|---|---|---|---|---|---|"]

    def cell(row: dict[str, dict[str, float]], key: str, digits: int) -> str:
        v = row.get(key)
        return "—" if v is None or math.isnan(v["mean"]) else f"{v['mean']:.{digits}f}"

    for res in results:
        table = res["table"]
        names = [n for n in ORDER if n in table and n != "truth"]
        names += [n for n in table if n not in ORDER and not n.startswith("truth")]
        names += [n for n in table if n.startswith("truth")]
        seeds = f"{res['seeds'][0]}–{res['seeds'][-1]}"
        for k, name in enumerate(names):
            row = table[name]
            head = f"| {res['world']} | {seeds} " if k == 0 else "| | "
            lines.append(head + f"| `{name}` | {cell(row, 'rho', 4)} | {cell(row, 'rmse', 3)} | "
                         f"{cell(row, 'rmse_linear', 3)} | {cell(row, 'group_slope', 2)} | "
                         f"{cell(row, 'newcomer_weeks', 1)} | {cell(row, 'choose_gain', 3)} | "
                         f"{cell(row, 's_week', 3)} |")
    lines += ["", "Issue 21's targets (means over the seeds; a miss with its size):", ""]
    for res in results:
        for name, v in res["targets"].items():
            bad = [f"{k} by {-v['margins'][k]:.3g}" for k, ok in v["checks"].items()
                   if ok is False]
            tight = min((m for m in v["margins"].values() if m is not None), default=math.nan)
            verdict = ("pass" if v["pass"] else "MISS: " + ", ".join(bad))
            lines.append(f"- {res['world']}, `{name}`: {verdict} (smallest margin {tight:.4g})")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("configs", nargs="*", default=["K30"])
    ap.add_argument("--worlds", default="strong-groups,everyone-meets")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--library", action="store_true")
    ap.add_argument("--cache", type=Path)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--markdown", type=Path)
    a = ap.parse_args(argv)
    names = list(rw.WORLDS) if a.worlds == "all" else a.worlds.split(",")
    configs = [parse_config(c) for c in a.configs]
    seeds = range(a.first_seed, a.first_seed + a.seeds)
    clock = time.perf_counter()
    results = [one_world(rw.WORLDS[n], seeds, configs, a.library, a.cache) for n in names]
    text = markdown(results)
    print(text)
    print(f"({time.perf_counter() - clock:.0f} s)")
    if a.markdown:
        a.markdown.write_text(text, encoding="utf-8")
    if a.json:
        a.json.write_text(json.dumps(rs.plain_json({"configs": a.configs, "worlds": results}),
                                     indent=1, allow_nan=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
