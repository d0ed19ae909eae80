"""The board pool's tables as the play app sees them (``play.matches.holder_of``,
registered when the app is loaded): the pool's one rule for a board's hands,
``services.can_see_board``, decides its game record too, and nobody the pool may still serve
a board watches it being played.

- **A finished board's record** (the game record, its PBN and LIN, the replay, the session
  page's result): exactly as the board's results page — to a member once they have had the
  board this week (a result, or a table that stopped), to the club's directors, and to every
  member once the week is closed; never to a member who may still be served it.  This
  replaces the play app's "the table's players" right: a pool table's four change from
  board to board, and one who sat there for another board has not had this one.
- **Watching a pool table**: the tables take no spectators (``open_table``), so only a
  table's host could look in; here that is the club's directors alone (the pool shows them
  every board already).  A member — who may be served any board they have not had — never
  watches one, whatever board it is on.
"""

from __future__ import annotations

from ...clubs.roles import AnyUser, can_direct, is_member
from ...play import matches
from ...play.matches import Holder, Verdict
from ...play.models import PlayBoard, PlayTable
from ..models import PoolPlay, PoolTable
from .services import can_see_board

__all__ = ["PoolHolder", "holder", "register"]


class PoolHolder(Holder):
    def __init__(self, pt: PoolTable) -> None:
        self.pool_table = pt
        self.club, self.holder, self.public, self.rooms = pt.club, pt, False, None

    def may_watch(self, user: AnyUser) -> bool:
        return bool(user.is_authenticated and can_direct(user, self.club))

    def may_sit(self, user: AnyUser) -> bool:
        return True  # the pool's own sit checks membership; serving checks what was had

    def board_verdict(self, user: AnyUser, board: PlayBoard) -> Verdict | None:
        if user.is_authenticated and can_direct(user, self.club):
            return Verdict.SHOWN
        play = (PoolPlay.objects.filter(table_id=board.table_id, index=board.index)
                .select_related("board__week__club").first())
        if play is None:
            return Verdict.REFUSED
        if can_see_board(play.board.week, int(play.board.number), user):
            return Verdict.SHOWN
        # A member who has not had it may still be served it: not yet.
        return Verdict.NOT_YET if is_member(user, self.club) else Verdict.REFUSED


def holder(table: PlayTable) -> PoolHolder | None:
    pt = PoolTable.objects.filter(play_table_id=table.pk).select_related("club").first()
    return None if pt is None else PoolHolder(pt)


def register() -> None:
    matches.register(holder)
