"""A club's sessions: the session and its rows (``session``), a director's request for a new
session (``director``), the phones' failed secrets (``entry``), a team event's own settings
(``teams``).  Django loads this package; every model is imported here.
"""

from __future__ import annotations

from .director import CreateRequest
from .entry import SecretFailure
from .session import AuditRecord, BoardSet, Entrant, Event, ResultEntry, Seat, Table
from .teams import TeamSettings

__all__ = [
    "AuditRecord",
    "BoardSet",
    "CreateRequest",
    "Entrant",
    "Event",
    "ResultEntry",
    "Seat",
    "SecretFailure",
    "Table",
    "TeamSettings",
]
