"""The rooms of a competition's team match, for ``play.matches.rooms_of`` (registered when
the app is loaded): a play table with a room label that a round of a competition made
(``CompetitionTable``) is a room of that round; the other room is the round's one table with
the other label (a VP team match's two rooms; a round of several matches would need its
kind to pair them, and then no other room is named, while every room of the round still
keeps its players out of the others).

``public``: the competition is published, open to everyone (not members-only) and finished:
its rooms' records are anyone's, signed in or not.
"""

from __future__ import annotations

from ..play.matches import MatchRooms
from ..play.models import PlayTable
from .models import Competition, CompetitionTable


def rooms_of(table: PlayTable) -> MatchRooms | None:
    ct = (CompetitionTable.objects.filter(play_table_id=table.pk)
          .select_related("competition__club").first())
    if ct is None:
        return None
    c = ct.competition
    rows = list(CompetitionTable.objects.filter(competition_id=c.pk, round=ct.round)
                .exclude(room_label="").select_related("play_table").order_by("number", "pk"))
    tables = tuple(r.play_table for r in rows)
    if not any(t.pk == table.pk for t in tables):
        tables = (table, *tables)
    other_label = (PlayTable.RoomLabel.CLOSED if table.room_label == PlayTable.RoomLabel.OPEN
                   else PlayTable.RoomLabel.OPEN)
    others = [t for t in tables if t.room_label == other_label]
    public = (c.published and not c.members_only
              and c.status == Competition.Status.FINISHED)
    return MatchRooms(table, others[0] if len(others) == 1 else None, tables, c.club, public, c)
