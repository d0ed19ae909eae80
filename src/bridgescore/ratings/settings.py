"""The Rate's settings: every constant of docs/ratings.md, with its default."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from ..core.errors import BridgeError
from ..core.serial import Data, settings_from_dict, settings_to_dict
from ..core.text import excerpt
from ..sessions.imp_pairs import ImpSettings

__all__ = ["RateSettings", "Scoring"]

Scoring = Literal["ximp", "mp"]


@dataclass(frozen=True, slots=True)
class RateSettings:
    """How the Rate (牌技指数) is computed (docs/ratings.md "Settings").

    ``start_rate``, ``start_weight``: a new player's prior Rate and its weight in boards;
    ``imp_scale``: S of ``pct = 50 + 50·tanh(IMPs/S)``; ``saturation``: K of the
    expectation ``g(u) = K·tanh(u/K)`` (a table's expected percentage above its board's
    field flattens as the levels at the table draw apart, as results do; 0: ``g(u) = u``,
    the linear expectation, kept for the simulation's comparisons); ``fade``: a result ``a`` weeks old
    weighs ``fade**a`` of a result of this week (and so does the prior's weight);
    ``window``: how many weeks of results the fit keeps (this week included);
    ``max_results``: the most results the window keeps (the oldest weeks leave first; this
    week always stays); ``max_weight``: the prior's weight is capped there; ``min_results``:
    a board with fewer results this week is not rated; ``field_adjust``: compare each table
    with its board's field (the board's mean percentage and mean difference of pair levels
    D̄); ``disconnect_rate``: a disconnected player's Rate on that board (seed §10: 0);
    ``scoring``: ``"ximp"`` (IMPs against the datum) or ``"mp"`` (the board's matchpoint
    percentage); ``tolerance``: the fit stops when no player's Rate would move by more than
    this in a Jacobi step (percentage points); ``max_iterations``: and at the latest after
    this many conjugate-gradient steps (in each Gauss–Newton pass); ``passes``: at most
    this many Gauss–Newton passes a week (fewer when a pass moves no Rate by more than
    ``tolerance``); ``pool``: the pool's scoring settings, whose datum
    (``drop``, ``rounding``, ``datum_round``) and IMP table (``imp_scale``) the Rate uses as
    they are.
    """

    start_rate: float = 50.0
    # The constants the seed leaves open (docs/ratings.md "Settings"): to be tuned by
    # benchmarks/rating_simulation.py.
    start_weight: float = 4.0
    imp_scale: float = 20.0
    saturation: float = 30.0
    fade: float = 0.97
    window: int = 40
    max_results: int = 10_000_000
    max_weight: float = 3000.0
    min_results: int = 6
    field_adjust: bool = True
    disconnect_rate: float = 0.0
    scoring: Scoring = "ximp"
    tolerance: float = 1e-6
    max_iterations: int = 500
    passes: int = 50
    pool: ImpSettings = field(default_factory=ImpSettings)

    def __post_init__(self) -> None:
        for name in ("start_rate", "start_weight", "imp_scale", "saturation", "fade", "max_weight",
                     "disconnect_rate", "tolerance"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
                raise _bad(name, v, "a finite number", "有限的数")
            object.__setattr__(self, name, float(v))
        if not -1e6 <= self.start_rate <= 1e6:
            raise _bad("start_rate", self.start_rate, "a percentage (from -1000000 to 1000000)",
                       "百分数（-1000000 到 1000000 之间）")
        if not -1e6 <= self.disconnect_rate <= 1e6:
            raise _bad("disconnect_rate", self.disconnect_rate,
                       "a percentage (from -1000000 to 1000000)", "百分数（-1000000 到 1000000 之间）")
        # Above 0: a group of newcomers who play only among themselves has no level but
        # the prior's (the fit compares players; it does not place them).
        if self.start_weight <= 0:
            raise _bad("start_weight", self.start_weight, "a weight in boards above 0",
                       "大于 0 的以副数计的权重")
        if self.imp_scale <= 0:
            raise _bad("imp_scale", self.imp_scale, "a number of IMPs above 0", "大于 0 的 IMP 数")
        if not 0 <= self.saturation <= 1e6:
            raise _bad("saturation", self.saturation,
                       "a number of percentage points from 0 (linear) to 1000000",
                       "0（线性）到 1000000 之间的百分点数")
        if not 0 < self.fade <= 1:
            raise _bad("fade", self.fade, "a fraction above 0 and at most 1",
                       "大于 0、不大于 1 的比例")
        if self.max_weight <= 0:
            raise _bad("max_weight", self.max_weight, "a weight in boards above 0",
                       "大于 0 的以副数计的权重")
        if type(self.min_results) is not int or self.min_results < 1:
            raise _bad("min_results", self.min_results, "a whole number of results from 1",
                       "从 1 起的结果数")
        if type(self.field_adjust) is not bool:
            raise _bad("field_adjust", self.field_adjust, "true or false", "true 或 false")
        if self.scoring not in ("ximp", "mp"):
            raise _bad("scoring", self.scoring, "'ximp' or 'mp'", "'ximp' 或 'mp'")
        if type(self.window) is not int or not 1 <= self.window <= 1000:
            raise _bad("window", self.window, "a whole number of weeks from 1 to 1000",
                       "1 到 1000 之间的周数")
        if type(self.max_results) is not int or self.max_results < 1:
            raise _bad("max_results", self.max_results, "a whole number of results from 1",
                       "从 1 起的结果数")
        if not 0 < self.tolerance <= 1:
            raise _bad("tolerance", self.tolerance, "a number of percentage points above 0 and "
                       "at most 1", "大于 0、不大于 1 的百分点数")
        if type(self.max_iterations) is not int or not 1 <= self.max_iterations <= 100_000:
            raise _bad("max_iterations", self.max_iterations, "a whole number from 1 to 100000",
                       "1 到 100000 之间的整数")
        if type(self.passes) is not int or not 1 <= self.passes <= 100:
            raise _bad("passes", self.passes, "a whole number from 1 to 100",
                       "1 到 100 之间的整数")
        if not isinstance(self.pool, ImpSettings):
            raise _bad("pool", self.pool, "the pool's ImpSettings", "牌库的 ImpSettings")
        if type(self.pool.datum_round) is not int:
            raise _bad("pool.datum_round", self.pool.datum_round, "a whole number of points",
                       "整数分")

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``); the pool's settings by value."""
        return settings_to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> RateSettings:
        return settings_from_dict(cls, data)


def _bad(name: str, value: object, en: str, zh: str) -> BridgeError:
    return BridgeError(f"invalid Rate setting {name} = {excerpt(value)}: expected {en}",
                       f"无效的牌技指数设置 {name} = {excerpt(value)}：应为{zh}")
