"""The Rate (牌技指数) of seed 002, computed a week at a time over plain arrays
(docs/ratings.md).

>>> import numpy as np
>>> from bridgescore.ratings import RateSettings, Ratings, WeekResults, rate_week
>>> week = WeekResults.of(board=[1, 1], players=[[1, 2, 3, 4], [5, 6, 7, 8]],
...                       ns_score=[420, 170])
>>> done = rate_week(Ratings.empty(), week, RateSettings(min_results=2, passes=1))
>>> done.ratings.player.tolist(), [round(x, 2) for x in done.ratings.rate.tolist()]
([1, 2, 3, 4, 5, 6, 7, 8], [50.94, 49.06, 50.94, 49.06, 48.93, 51.07, 48.93, 51.07])

(Datum 300; +3 and −4 IMPs; North's 50 + 50·tanh(3/3) = 88.08 % makes a Rate on the board of
2×(88.08 − 50) + 50 = 126.16, blended with a new player's 50 of weight 80: (80×50 + 126.16)/81.)

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
