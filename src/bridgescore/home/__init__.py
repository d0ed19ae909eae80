"""Home and teaching: four players at one table and people learning to score.

* :mod:`.rubber` — rubber bridge on the cross-shaped scorepad (盘式桥牌，十字记分法);
* :mod:`.chicago` — Chicago, four deals with set vulnerability;
* :mod:`.handicap` — 贴点 scoring (simple, detailed and compensation-table methods), with
  :mod:`.hcp` for points from a PBN deal and :mod:`.compensation` for club tables;
* :mod:`.sacrifice` — is the sacrifice (牺牲叫) worth it;
* :mod:`.quiz` — scoring practice and the seeds' exercises (练习二);
* :mod:`.session` — saved sessions.

The pad drawn as text and HTML is :mod:`bridgescore.render.scorepad`; the scorepad kept at the
table line by line is the command line's (:mod:`bridgescore.cli.scorepad`).

>>> from bridgescore.home import Rubber, HandicapDeal, score_deal, sacrifice
>>> Rubber(["2H S +1", "3NT E =", "4SX N -2", "4S S =", "2C W =", "3NT N +1"]).margin()
400
>>> score_deal(HandicapDeal.for_board(13, "南定约5D，东西方加倍，结果宕二", 17)).ns_imps
-6
>>> sacrifice("4S", "5CX", 3, we_vulnerable=False, they_vulnerable=True).saving
120

Nothing here loads NumPy, Rich or Jinja2 at import (the HTML renderer imports Jinja2 when
it is called).

Imports: core, scoring, formats.
"""

from __future__ import annotations

from .chicago import Chicago, ChicagoSeries, ChicagoSettings
from .compensation import DEFAULT_TABLE, CompensationTable, load_compensation_table
from .handicap import (
    HandicapDeal,
    HandicapScore,
    HandicapSession,
    Method,
    UnlikelyResult,
    score_deal,
)
from .hcp import deal_hcp, parse_hcp, side_hcp
from .pad import DealEntry, HonoursClaim, Item, Line, Posting, Team
from .quiz import Question, exercises, questions
from .rubber import Rubber, RubberSeries, RubberSettings
from .sacrifice import Sacrifice, sacrifice
from .session import load_session, save_session

__all__ = [
    "DEFAULT_TABLE",
    "Chicago",
    "ChicagoSeries",
    "ChicagoSettings",
    "CompensationTable",
    "DealEntry",
    "HandicapDeal",
    "HandicapScore",
    "HandicapSession",
    "HonoursClaim",
    "Item",
    "Line",
    "Method",
    "Posting",
    "Question",
    "Rubber",
    "RubberSeries",
    "RubberSettings",
    "Sacrifice",
    "Team",
    "UnlikelyResult",
    "deal_hcp",
    "exercises",
    "load_compensation_table",
    "load_session",
    "parse_hcp",
    "questions",
    "sacrifice",
    "save_session",
    "score_deal",
    "side_hcp",
]
