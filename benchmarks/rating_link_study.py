"""Why a +2 SD newcomer misses "their level within 3 weeks" where the groups differ most
(issue 21's strong-groups world), and what a saturating expectation would do to it.

Run (from the repository root)::

    .venv/bin/python benchmarks/rating_link_study.py WORLD FIRST_SEED [K …]

for the world ``WORLD`` of ``rating_worlds.py`` on the five seeds ``FIRST_SEED …
FIRST_SEED + 4``: least squares and the plain mean (``rating_worlds``'s), and this module's
joint fit ``LinkFit`` with the linear expectation (``lin``) and with each saturating one
``K`` given (``K30`` …), measured by ``rating_worlds.measures`` (the table's measures); then,
per newcomer, where it was rated each week against the level the measure asks for.

``LinkFit`` is the Rate's model in the Rate's units, written here independently of the
library: each result's ``y = 50·tanh(IMPs/20)``, centred on its board's mean; every player's
Rate fitted jointly to all results so far (a result ``a`` weeks old weighs ``0.97**a``),
with a prior of 4 boards (λ/4 = 1 in the sum) at the start's level; and the expectation of a
table ``ȳ_b + g(u) − mean_b g(u)`` with ``u = D − D̄_b`` (the table's NS − EW level less the
board's mean, as the Rate's) and ``g(u) = u`` (linear: the Rate's model) or
``g(u) = K·tanh(u/K)`` (a table's expectation saturates, as results do when the levels are far
apart).  Solved by Gauss–Newton (at most three steps a week, each a conjugate-gradient solve
of the linearised normal equations) from last week's Rates.  A study, not the Rate: no
window, no exact summation.

With ``own_prediction`` (and a ``K``), a ``LinkFit`` predicts next week's results by its own
expectation, ``g(u) − mean_b g(u)`` (``u = D − D̄_b`` from its Rates before the week), in
place of the linear ``D − D̄`` ``rating_worlds.run`` uses for every other method
(``feature``; ``benchmarks/rating_link_predict.py`` runs it).  Off by default: this module's
own table is the linear prediction's, as it was.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import rating_worlds as rw
from rating_simulation import Floats, Ints, WeekData
from rating_worlds import saturating_feature


class LinkFit:
    """The joint ridge fit with the expectation ``g`` (module docstring)."""

    def __init__(self, players: int, link: float = 0.0, prior: float = 4.0,
                 fade: float = 0.97, imp_scale: float = 20.0, steps: int = 3,
                 own_prediction: bool = False) -> None:
        self.n, self.link, self.prior, self.fade = players, link, prior, fade
        self.imp_scale, self.steps = imp_scale, steps
        # rating_worlds.run predicts by ``feature`` when a method has one: only a saturating
        # fit asked to is judged by its own expectation (the linear one's is D − D̄ already).
        self.feature: Callable[[Ints, Ints], Floats] | None = (
            self.own_feature if link and own_prediction else None)
        self.rate = np.zeros(players)  # Rate − 50
        self.p = np.zeros((0, 4), np.int64)
        self.board = np.zeros(0, np.int64)
        self.week = np.zeros(0, np.int64)
        self.y = np.zeros(0)
        self.boards = 0
        self.weeks = 0

    def values(self) -> Floats:
        out: Floats = 50.0 + self.rate
        return out

    def own_feature(self, players: Ints, board_index: Ints) -> Floats:
        """The fit's own prediction of each result's place on its board,
        ``saturating_feature`` of its Rates now with its ``K`` (``rating_worlds.run`` scales
        it by a ``β`` fitted on the earlier weeks, as it scales ``D − D̄`` for the others)."""
        return saturating_feature(self.rate, self.link, players, board_index)

    def update(self, week: WeekData) -> None:
        y = 50.0 * np.tanh(week.rated_imps / self.imp_scale)
        self.p = np.concatenate([self.p, week.rated_players])
        self.board = np.concatenate([self.board, week.board_index + self.boards])
        self.week = np.concatenate([self.week, np.full(len(y), self.weeks)])
        self.y = np.concatenate([self.y, y])
        self.boards += len(week.board_count)
        self.weeks += 1
        w = self.fade ** (self.weeks - 1 - self.week)
        p, n, b = self.p, self.n, self.board
        count = np.bincount(b).astype(float)
        yc: Floats = self.y - (np.bincount(b, self.y) / count)[b]
        lam = self.prior / 4.0

        def level(x: Floats) -> Floats:  # each table's D
            out: Floats = 0.5 * (x[p[:, 0]] + x[p[:, 2]] - x[p[:, 1]] - x[p[:, 3]])
            return out

        def centre(u: Floats) -> Floats:  # less the board's mean
            out: Floats = u - (np.bincount(b, u) / count)[b]
            return out

        def scatter(u: Floats) -> Floats:  # Aᵀ·u
            out: Floats = 0.5 * (np.bincount(p[:, 0], u, n) + np.bincount(p[:, 2], u, n)
                                 - np.bincount(p[:, 1], u, n) - np.bincount(p[:, 3], u, n))
            return out

        x = self.rate.copy()
        for _ in range(self.steps if self.link else 1):
            u = centre(level(x))
            if self.link:
                t = np.tanh(u / self.link)
                g, s = self.link * t, 1.0 - t * t
            else:
                g, s = u, np.ones_like(u)
            resid = yc - centre(g)

            def jac(v: Floats, s: Floats = s) -> Floats:  # J·v
                return centre(s * centre(level(v)))

            def jac_t(z: Floats, s: Floats = s) -> Floats:  # Jᵀ·z
                return scatter(centre(s * centre(z)))

            rhs = jac_t(w * resid) - lam * x
            step = np.zeros(n)
            r = rhs.copy()
            d = r.copy()
            rr = float(r @ r)
            stop = 1e-14 * max(float(rhs @ rhs), 1e-300)
            for _ in range(300):
                if rr <= stop:
                    break
                q = jac_t(w * jac(d)) + lam * d
                a = rr / float(d @ q)
                step += a * d
                r -= a * q
                rr_new = float(r @ r)
                d = r + (rr_new / rr) * d
                rr = rr_new
            x = x + step
            if float(np.max(np.abs(step))) < 1e-6:
                break
        self.rate = x


def study(world: str, seeds: range, links: list[float]) -> dict[str, Any]:
    spec = rw.WORLDS[world]
    names = ["lin", *(f"K{k:g}" for k in links)]
    per: dict[str, dict[str, list[float]]] = {}
    tracks: list[str] = []
    for seed in seeds:
        w = rw.build(spec, seed)
        base = rw.make_methods(w)
        runs = {name: rw.run(w, base[name]) for name in ("mean", "lsq", "truth")}
        runs["lin"] = rw.run(w, LinkFit(w.players))
        for k in links:
            runs[f"K{k:g}"] = rw.run(w, LinkFit(w.players, link=k))
        found = rw.measures(w, runs)
        for name, m in found.items():
            for key, v in m.items():
                per.setdefault(name, {}).setdefault(key, []).append(v)
        for name in ("lsq", *names):
            a, slope = rw.line(w, runs[name])
            for k, who in enumerate(w.newcomers):
                tr = (runs[name].newcomer[k] - a) / slope
                tracks.append(f"seed {seed} {name:5s} newcomer in group {w.group[who]} (mean "
                              f"{rw.group_means(spec)[w.group[who]]:+.2f} SD): rated (SD) "
                              + " ".join(f"{v:+.1f}" for v in tr[:8]))
        print(f"seed {seed}: " + ", ".join(f"{k} ρ {v['rho']:.3f}" for k, v in found.items()
                                           if "rho" in v), flush=True)
    table = {name: {key: float(np.mean(v)) for key, v in m.items()} for name, m in per.items()}
    return {"table": table, "tracks": tracks}


def main(argv: list[str]) -> int:
    world, first = argv[0], int(argv[1])
    links = [float(k) for k in argv[2:]]
    got = study(world, range(first, first + 5), links)
    print(f"\n{world}, seeds {first}–{first + 4} (means)")
    print("| method | ρ | next-week RMS % | groups' slope | newcomer weeks | choosing gain |")
    print("|---|---|---|---|---|---|")
    for name, m in got["table"].items():
        print(f"| {name} | {m.get('rho', float('nan')):.4f} | {m['rmse']:.3f} | "
              f"{m.get('group_slope', float('nan')):.2f} | "
              f"{m.get('newcomer_weeks', float('nan')):.1f} | "
              f"{m.get('choose_gain', float('nan')):.3f} |")
    print()
    print("\n".join(got["tracks"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
