"""Online play: rooms, tables, seats, and every accepted action in order.

A table is rebuilt by replaying its current board's ``Move`` rows through the library's
pure state machine (``bridgescore.table.state``): the rows are the truth, nothing else is
stored about a board in progress.  A row is written, in the same transaction that checks it
against the replayed state, before the action is acknowledged, so a server killed at any
moment resumes every table at the last acknowledged move (``unique(board, seq)`` refuses a
move raced in twice).
"""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ..clubs.models import Club
from ..events.models import BoardSet, Event


class Room(models.Model):
    """A room of tables in the lobby: a club's, or the site's (``club`` null: open to every
    signed-in player)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, null=True, blank=True,
                             related_name="rooms")
    name_en = models.CharField(_("name in English"), max_length=100, blank=True)
    name_zh = models.CharField(_("name in Chinese"), max_length=100, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name_en or self.name_zh or f"room {self.pk}"


class PlayTable(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting for players")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")

    class RoomLabel(models.TextChoices):
        NONE = "", _("no match")
        OPEN = "open", _("open room")
        CLOSED = "closed", _("closed room")

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="tables")
    name = models.CharField(_("name"), max_length=100, blank=True)
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                             blank=True, related_name="hosted_tables")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    undo_allowed = models.BooleanField(_("players may ask to take back a move"), default=True)
    # Spectators: may anyone signed in watch, and do they see every hand (after the delay)?
    spectators_allowed = models.BooleanField(_("spectators allowed"), default=True)
    spectators_see_hands = models.BooleanField(_("spectators see all four hands"), default=False)
    spectator_delay = models.PositiveIntegerField(_("spectators' delay (seconds)"), default=0)
    grace_seconds = models.PositiveIntegerField(_("seconds a dropped player keeps the seat"),
                                                default=60)
    # Boards: from a board set (numbers first_board … first_board + boards - 1), else dealt
    # by the library's secure dealer when each board starts.
    board_set = models.ForeignKey(BoardSet, on_delete=models.PROTECT, null=True, blank=True)
    first_board = models.PositiveIntegerField(_("first board"), default=1)
    boards = models.PositiveIntegerField(_("boards"), default=4)
    # A table that plays for an event: its results are entered as the event's round and
    # table (a team match: the open or the closed room of that table number).
    event = models.ForeignKey(Event, on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="play_tables")
    event_round = models.PositiveIntegerField(null=True, blank=True)
    event_table = models.PositiveIntegerField(null=True, blank=True)
    room_label = models.CharField(max_length=6, choices=RoomLabel.choices, blank=True,
                                  default=RoomLabel.NONE)
    created = models.DateTimeField(auto_now_add=True)
    # When a server has something to do at this table on its own (a robot's call or card,
    # the next board after the pause); null: the table waits for people.  Every server's
    # sweep looks for overdue tables, so a table resumes after any server's restart.
    due = models.DateTimeField(null=True, blank=True, db_index=True)

    def __str__(self) -> str:
        return self.name or f"table {self.pk}"


class PlaySeat(models.Model):
    """One of a table's four seats (0 N, 1 E, 2 S, 3 W, as ``bridgescore.core.seat.Seat``)."""

    table = models.ForeignKey(PlayTable, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                             blank=True, related_name="play_seats")
    # A robot sits here (no user), or stands in for a user away past the grace period.
    robot = models.BooleanField(default=False)
    # When the user's last connection dropped (null: connected, or no user).
    away_since = models.DateTimeField(null=True, blank=True)
    reserved_for = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                     null=True, blank=True, related_name="reserved_seats")

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["table", "seat"], name="play_seat_once"),
            models.CheckConstraint(condition=models.Q(seat__lte=3), name="play_seat_0_3"),
        ]


class PlayBoard(models.Model):
    """One board at one table: the deal and, once over, what it gave."""

    table = models.ForeignKey(PlayTable, on_delete=models.CASCADE, related_name="played")
    index = models.PositiveIntegerField()  # 1 … table.boards: the board's place in the session
    number = models.PositiveIntegerField()  # the board number (dealer, vulnerability)
    deal = models.CharField(max_length=80)  # PBN "N:… … … …"
    # The four players as they were when the board started (names kept for the record).
    players = models.JSONField(default=dict)
    started = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    result = models.CharField(max_length=24, blank=True)  # '4SX N -2', 'pass'
    score_ns = models.IntegerField(null=True, blank=True)
    entry_seq = models.PositiveIntegerField(null=True, blank=True)  # the event's ResultEntry

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["table", "index"], name="play_board_once"),
        ]


class Move(models.Model):
    """An accepted action, in order: the table's whole truth (see the module's docstring)."""

    board = models.ForeignKey(PlayBoard, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()  # 1, 2, … within the board
    seat = models.PositiveSmallIntegerField()  # the acting seat
    # The action as the protocol spells it: {"type": "call", "call": "1NT", "alert": …}.
    data = models.JSONField()
    by_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                blank=True, related_name="+")
    by_robot = models.BooleanField(default=False)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["board", "seq"], name="play_move_once"),
        ]
        ordering: ClassVar[list[str]] = ["board", "seq"]


class Disconnection(models.Model):
    """A player away past the grace period while a board was in progress (seed 002 §10):
    the record the competitions' penalties are applied from."""

    table = models.ForeignKey(PlayTable, on_delete=models.CASCADE, related_name="disconnections")
    board = models.ForeignKey(PlayBoard, on_delete=models.SET_NULL, null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="disconnections")
    seat = models.PositiveSmallIntegerField()
    dropped_at = models.DateTimeField()
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["user", "table", "dropped_at"],
                                    name="play_disconnection_once"),
        ]


class PlayConnection(models.Model):
    """One live WebSocket of a user at a table, on some app server: a player is away when
    the last one goes.  A server refreshes ``seen`` of its rows every few seconds; rows of
    a server killed without closing them (``kill -9``) go stale and every server's sweep
    deletes them, which makes their players away from the moment last seen."""

    channel = models.CharField(max_length=200, unique=True)  # the consumer's channel name
    table = models.ForeignKey(PlayTable, on_delete=models.CASCADE, related_name="connections")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="+")
    server = models.CharField(max_length=64)  # the process that holds it
    opened = models.DateTimeField(auto_now_add=True)
    seen = models.DateTimeField(db_index=True)


class HandsSeen(models.Model):
    """``user`` has watched ``table`` with every hand shown.  Such a spectator may not then
    take a seat there in the middle of a board, nor anywhere in the other room of the same
    match (they have seen the hands that room is about to play)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="+")
    table = models.ForeignKey(PlayTable, on_delete=models.CASCADE, related_name="+")
    first = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["user", "table"], name="play_hands_seen_once"),
        ]


class PlayBoardAnalysis(models.Model):
    """A finished board analysed card by card (``web.play.analysis``), worked out once in
    the background: the library's analysis as data (``BoardAnalysis.to_dict``, with par's
    text in both languages), or, for a board that cannot be analysed (passed out, no card
    played), no data and the reason in both languages."""

    board = models.OneToOneField(PlayBoard, on_delete=models.CASCADE, primary_key=True,
                                 related_name="analysis")
    data = models.JSONField(null=True, blank=True)
    note_en = models.TextField(blank=True)
    note_zh = models.TextField(blank=True)
    seconds = models.FloatField(default=0.0)  # how long the analysis took
    made = models.DateTimeField(auto_now_add=True)


class DealDoubleDummy(models.Model):
    """A deal's double-dummy table and par, worked out once in the background
    (``web.play.analysis``) for a board page that has no analysed play of the deal: a board
    whose results the director entered, or that every table passed out.  The page asks for
    it (a row without data: queued), the sweep solves it; par for every dealer and
    vulnerability (the board number gives them), so that a page never calls the solver."""

    deal = models.CharField(max_length=80, unique=True)  # PBN "N:… … … …", as Deal.pbn() writes it
    data = models.JSONField(null=True, blank=True)  # {"dd_table": …, "par": {"N-none": …}}
    asked = models.DateTimeField(auto_now_add=True)
    made = models.DateTimeField(null=True, blank=True)
    seconds = models.FloatField(default=0.0)  # how long its solve took
