"""Who may see what of an event's results: one place, used by the pages, the API and the
WebSocket consumer alike (so no way in can forget a rule).

- an event being set up: its club's directors only;
- an event in play (or closed, not yet published): the club's members and directors, and a
  phone that has opened one of its tables' secret links (guest pairs have no account: the
  table is how they follow the session they play in; ``remember_table``);
- a published event: anyone.

A board's traveller (every table's result on it) is more: during play a player must not
learn a board's results before playing it.  A director always sees it; anyone else who may
see the event sees it once the event is closed or published, or, when the director has
turned ``travellers_live`` on, as soon as every table has played the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.sessions.backends.base import SessionBase

from ....sessions.live import LiveSession
from ...clubs.roles import AnyUser, can_direct, is_member
from ..models import Event
from ..tables import table_for_token


@dataclass(frozen=True, slots=True)
class Viewer:
    """What one user is to one event's club (worked out once per request or socket)."""

    director: bool
    member: bool

    def may_view(self, event: Event) -> bool:
        if self.director or event.published:
            return True
        if event.status == Event.Status.SETUP:
            return False
        return self.member

    def may_see_board(self, event: Event, live: LiveSession, board: int) -> bool:
        if not self.may_view(event):
            return False
        if self.director or event.published or event.status == Event.Status.CLOSED:
            return True
        return bool(event.travellers_live) and played_by_all(live, board)


# The browser session's tables: event id → the secret of the table it opened there.
TABLES_KEY = "bridgescore.scoring.score_tables"


def remember_table(session: SessionBase, event_id: int, secret: str) -> None:
    """A phone opened a table of this event: it may follow the session's results as a
    member does, for as long as that secret opens the table (a new card, or the session
    closed, ends it)."""
    held = dict(session.get(TABLES_KEY) or {})
    if held.get(str(event_id)) != secret:
        held[str(event_id)] = secret
        session[TABLES_KEY] = held


def holds_table(session: SessionBase | None, event: Event) -> bool:
    held = session.get(TABLES_KEY) if session is not None else None
    secret = held.get(str(event.pk)) if isinstance(held, dict) else None
    if not isinstance(secret, str):
        return False
    table = table_for_token(secret)
    return table is not None and table.event_id == event.pk


def viewer(user: AnyUser, event: Event, session: SessionBase | None = None) -> Viewer:
    """``session``: the browser's, whose opened tables count as membership of their event."""
    director = can_direct(user, event.club)
    member = director or is_member(user, event.club) or holds_table(session, event)
    return Viewer(director=director, member=member)


def played_by_all(live: LiveSession, board: int) -> bool:
    """Every table the movement gives this board to has a result for it."""
    if live.boards is None or board not in live.boards:
        return False
    return all(slot.board != board for slot in live.outstanding())
