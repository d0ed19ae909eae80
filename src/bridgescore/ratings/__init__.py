"""The Rate (牌技指数) of seed 002, computed a week at a time over plain arrays
(docs/ratings.md).

>>> import numpy as np
>>> from bridgescore.ratings import RateSettings, Ratings, WeekResults, rate_week
>>> week = WeekResults.of(board=[1, 1], players=[[1, 2, 3, 4], [5, 6, 7, 8]],
...                       ns_score=[420, 170])
>>> done = rate_week(Ratings.empty(), week, RateSettings(min_results=2))
>>> done.ratings.player.tolist(), [round(x, 2) for x in done.ratings.rate.tolist()]
([1, 2, 3, 4, 5, 6, 7, 8], [51.39, 48.61, 51.39, 48.61, 48.19, 51.81, 48.19, 51.81])

Pure NumPy, no database and no Django: the web layer reads the week's results into a
:class:`WeekResults` (in chunks: :meth:`WeekResults.concat`), keeps each player's standing as
:class:`Ratings`, and calls :func:`rate_week` once a week.  ``import bridgescore`` does not
load this package (NumPy stays off the start-up path).
"""

from __future__ import annotations

from .explain import explain_board
from .rate import WeekDetail, WeekRating, rate_week
from .settings import RateSettings, Scoring
from .week import Ratings, WeekResults

__all__ = ["RateSettings", "Ratings", "Scoring", "WeekDetail", "WeekRating", "WeekResults",
           "explain_board", "rate_week"]
