"""Who may see what of an event's results: one place, used by the pages, the API and the
WebSocket consumer alike (so no way in can forget a rule).

- an event being set up: its club's directors only;
- an event in play (or closed, not yet published): the club's members and directors;
- a published event: anyone.

A board's traveller (every table's result on it) is more: during play a player must not
learn a board's results before playing it.  A director always sees it; anyone else who may
see the event sees it once the event is closed or published, or, when the director has
turned ``travellers_live`` on, as soon as every table has played the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...events.live import LiveSession
from ..clubs.roles import AnyUser, can_direct, is_member
from ..events.models import Event


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


def viewer(user: AnyUser, event: Event) -> Viewer:
    director = can_direct(user, event.club)
    return Viewer(director=director, member=director or is_member(user, event.club))


def played_by_all(live: LiveSession, board: int) -> bool:
    """Every table the movement gives this board to has a result for it."""
    if live.boards is None or board not in live.boards:
        return False
    return all(slot.board != board for slot in live.outstanding())
