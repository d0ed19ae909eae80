"""The online competitions: a competition, its entrants, rounds, ledger and ranks
(``competition``), the player groups (``groups``), the duplicate board pool (``pool``).
Django loads this package; every model is imported here.
"""

from __future__ import annotations

from .competition import (
    Competition,
    CompetitionAction,
    CompetitionTable,
    MasterpointAward,
    MasterpointTotal,
    RankPromotion,
)
from .groups import GroupInvitation, GroupLog, GroupMember, PlayerGroup
from .pool import (
    PoolBoard,
    PoolPenalty,
    PoolPlay,
    PoolResult,
    PoolRoom,
    PoolScore,
    PoolTable,
    PoolWeek,
)

__all__ = [
    "Competition",
    "CompetitionAction",
    "CompetitionTable",
    "GroupInvitation",
    "GroupLog",
    "GroupMember",
    "MasterpointAward",
    "MasterpointTotal",
    "PlayerGroup",
    "PoolBoard",
    "PoolPenalty",
    "PoolPlay",
    "PoolResult",
    "PoolRoom",
    "PoolScore",
    "PoolTable",
    "PoolWeek",
    "RankPromotion",
]
