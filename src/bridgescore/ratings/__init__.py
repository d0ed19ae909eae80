"""The Rate (牌技指数) of seed 002: every player's Rate fitted jointly, once a week, to the
results of a window of weeks, over plain arrays (docs/ratings.md).

>>> from bridgescore.ratings import RateSettings, Ratings, WeekResults, rate_week
>>> st = RateSettings(min_results=2)
>>> week = WeekResults.of(board=[1, 1], players=[[1, 2, 3, 4], [5, 6, 7, 8]],
...                       ns_score=[420, 170])
>>> done = rate_week(Ratings.empty(), week, st)        # the first week: no window yet
>>> nxt = rate_week(done.ratings, week, st, done.window)  # each later week: the last one's
>>> nxt.window.weeks, len(nxt.window)
(2, 4)

Pure NumPy, no database and no Django: the web layer reads the week's results into a
:class:`WeekResults` (in chunks: :meth:`WeekResults.concat`), keeps each player's standing as
:class:`Ratings`, rebuilds the :class:`Window` from the stored results of the weeks it keeps
(:meth:`Window.of`) and calls :func:`rate_week` once a week; :func:`tally_week` adds up the
week's pool figures.  ``import bridgescore`` does not load this package (NumPy stays off the
start-up path).

Imports: core, scoring, sessions.
"""

from __future__ import annotations

from .explain import BoardShare, board_share, explain_board, explain_share
from .fit import Window
from .rate import WeekRating, rate_week
from .settings import RateSettings, Scoring
from .tally import WeekTally, tally_week
from .week import Ratings, WeekResults

__all__ = ["BoardShare", "RateSettings", "Ratings", "Scoring", "WeekRating", "WeekResults",
           "WeekTally", "Window", "board_share", "explain_board", "explain_share", "rate_week",
           "tally_week"]
