"""Who may see what of a competition while it is played: the one place of the rules, for
every kind, that the competitions' own pages (``pages``: a board's cells and comparison,
the totals) and the play app (its live tables, game records, replays and the vugraph,
through ``play.matches.holder_of``: :func:`holder`, registered when the app is loaded) ask.

- **A board** — its results, its hands, its auction and play — reaches nobody but the
  players who played it at their own table and the club's directors while **any table of
  the competition can still play it** (``Kind.board_settled``: a Swiss round's boards until
  the round ends, a pairs event's until the last round that plays it closes, a team match's
  until both rooms have played it; a 贴点 table's boards are its own).  A director who plays
  in the competition is a player here.  Then (:func:`hidden`) a pairs event's boards wait
  for the administrator's publication, except for the director (``Kind.results_published``);
  then the play app's usual rules (the club's members for a members-only competition, the
  tables' spectators' delay for a team match's rooms).
- **The totals and places** (:func:`totals_shown`): a pairs event's only to the director
  until the administrator publishes the results (seed 002 §5, "比赛结束后，由系统管理员公布
  比赛成绩"); a player sees their own pair's progress (boards played) at most.  The Swiss's
  standings are its rounds' scores, shown as each round ends.
- **Watching a table**: no player who may still play a board of the competition
  (``Kind.taking_part``: a Swiss's registered pairs and registration room, a pairs event's
  signed-up players, a team match's eight) watches any table of it but their own, not even
  between boards and not even a director who plays: the simplest rule that is safe (a
  board they watch is one they may have to play, at this table's round or a later one).
  Anyone else who may open the competition watches as the table allows, with its delay.
  Such a player may not take a free seat at another of its tables either.
"""

from __future__ import annotations

from typing import Any

from ..clubs.roles import AnyUser, can_direct, is_member
from ..play import matches
from ..play.matches import Holder, MatchRooms, Verdict
from ..play.models import PlayBoard, PlayTable
from . import services as sv
from .models import Competition, CompetitionTable
from .rooms import is_public, match_rooms

__all__ = ["CompetitionHolder", "hidden", "holder", "may_open", "takes_part", "totals_shown"]


def may_open(user: AnyUser, c: Competition) -> bool:
    """The services' ``can_see`` (published, or a director), and for a members-only
    competition only the club's members (seed 002, §8: every competition but 贴点 is for
    members), its directors and the site's administrators."""
    if not sv.can_see(user, c):
        return False
    if not c.members_only:
        return True
    return bool(user.is_authenticated and (is_member(user, c.club) or can_direct(user, c.club)))


def is_director(user: AnyUser, c: Competition) -> bool:
    return bool(user.is_authenticated and can_direct(user, c.club))


def takes_part(c: Competition, state: Any, user: AnyUser) -> bool:
    """``user`` may still play a board of the competition (``Kind.taking_part``)."""
    return bool(user.is_authenticated
                and str(user.pk) in sv.kind_of(c).taking_part(state))


def hidden(c: Competition, state: Any, number: int, director: bool) -> str:
    """Why board ``number`` of the competition is not shown to a reader now ("" : it may
    be, by the usual rules): ``play`` a table can still play it; ``unpublished`` its
    results wait for the administrator's publication (``director``: the reader directs the
    club, and so reads them before)."""
    kind = sv.kind_of(c)
    if not kind.board_settled(state, number):
        return "play"
    if not director and not kind.results_published(state):
        return "unpublished"
    return ""


def totals_shown(c: Competition, state: Any, user: AnyUser) -> bool:
    """The totals and places: the director's at any time, everyone's once published."""
    return is_director(user, c) or sv.kind_of(c).results_published(state)


def _player_ids(players: object) -> set[int]:
    """The users' ids in a ``PlayBoard.players`` (who sat when the board started)."""
    if not isinstance(players, dict):
        return set()
    return {v["id"] for v in players.values()
            if isinstance(v, dict) and isinstance(v.get("id"), int)}


class CompetitionHolder(Holder):
    """A competition's table as the play app sees it (see the module)."""

    def __init__(self, table: PlayTable, ct: CompetitionTable) -> None:
        c = ct.competition
        self.table, self.ct, self.competition = table, ct, c
        self.club, self.holder, self.public = c.club, c, is_public(c)
        self.rooms: MatchRooms | None = match_rooms(table, ct)
        self._state: Any = None

    @property
    def state(self) -> Any:
        if self._state is None:
            self._state = sv.state_of(self.competition)
        return self._state

    def _own_table(self, user: AnyUser) -> bool:
        from ..play.records import sat_at

        return sat_at(user, [self.table])

    def may_watch(self, user: AnyUser) -> bool:
        if not may_open(user, self.competition):
            return False
        return not takes_part(self.competition, self.state, user) or self._own_table(user)

    def may_sit(self, user: AnyUser) -> bool:
        return not takes_part(self.competition, self.state, user) or self._own_table(user)

    def board_verdict(self, user: AnyUser, board: PlayBoard) -> Verdict | None:
        c = self.competition
        if not may_open(user, c):
            return Verdict.REFUSED
        if user.is_authenticated and int(user.pk) in _player_ids(board.players):
            return Verdict.SHOWN  # played it
        director = is_director(user, c)
        if director and not takes_part(c, self.state, user):
            return Verdict.SHOWN
        why = hidden(c, self.state, board.number, director)
        if why == "play":
            return Verdict.NOT_YET
        if why:
            return Verdict.REFUSED
        return None


def holder(table: PlayTable) -> CompetitionHolder | None:
    """The finder ``play.matches`` asks (registered by ``apps``)."""
    ct = (CompetitionTable.objects.filter(play_table_id=table.pk)
          .select_related("competition__club").first())
    return None if ct is None else CompetitionHolder(table, ct)


def register() -> None:
    matches.register(holder)
