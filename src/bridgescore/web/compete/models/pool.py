"""The duplicate board pool (复式记分系统, seed 002; platform.md §1–§2, §10) on the platform.

A club's pool is a week (``PoolWeek``) of boards (``PoolBoard``), played at the tables of the
club's duplicate room (``PoolTable``: a play table whose boards the pool serves, one at a
time, as each starts: ``PoolPlay``).  A finished board's result (``PoolResult``) is scored
against the board's datum for its four players (``PoolScore``, one row per result and player:
0 provisionally below 6 results, all six tables' 24 players at the 6th, the player's IMPs
after it).  A disconnection at a pool table (``play.Disconnection``) costs 16 of this week's
points and makes the player's Rate on that board 0 (``PoolPenalty``, one per disconnection).

Every rule is the library's (``bridgescore.compete.pool``, ``pool_index``, ``penalties``);
the rows are the truth, from which the serving index is rebuilt (``services``).
"""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ...clubs.models import Club
from ...play.models import Disconnection, PlayBoard, PlayTable, Room


class PoolRoom(models.Model):
    """A club's duplicate room and its pool's settings (the next week is made with them)."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="pool_room")
    room = models.OneToOneField(Room, on_delete=models.CASCADE, related_name="pool_room")
    boards = models.PositiveIntegerField(_("boards a week"), default=200)
    days = models.PositiveIntegerField(_("days a week lasts"), default=7)
    grace_seconds = models.PositiveIntegerField(default=60)
    created = models.DateTimeField(auto_now_add=True)


class PoolWeek(models.Model):
    """One week's pool (牌库每周更新).  ``seq`` counts the changes to who has had which
    board (a board served, finished or given back): a server whose index is behind catches
    up from the rows stamped after its own ``seq``."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="pool_weeks")
    number = models.PositiveIntegerField()  # 1, 2, … per club
    start = models.DateTimeField()
    end = models.DateTimeField(db_index=True)
    boards = models.PositiveIntegerField()
    closed = models.BooleanField(default=False)
    closed_at = models.DateTimeField(null=True, blank=True)
    seq = models.PositiveIntegerField(default=0)
    deal_seed = models.CharField(max_length=100, blank=True)  # a test's reproducible deals
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            # The week made exactly once: a second sweep's new week would collide here.
            models.UniqueConstraint(fields=["club", "number"], name="pool_week_once"),
        ]
        ordering: ClassVar[list[str]] = ["club", "number"]

    def __str__(self) -> str:
        return f"{self.club.slug} week {self.number}"


class PoolBoard(models.Model):
    """A board of the week: its number (dealer and vulnerability by Law 2) and deal."""

    week = models.ForeignKey(PoolWeek, on_delete=models.CASCADE, related_name="pool_boards")
    number = models.PositiveIntegerField()
    deal = models.CharField(max_length=80)  # PBN "N:… … … …"
    dealer = models.PositiveSmallIntegerField()  # Seat value (0 N … 3 W)
    vulnerability = models.PositiveSmallIntegerField()  # Vulnerability value (0 none … 3 both)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["week", "number"], name="pool_board_once"),
        ]
        ordering: ClassVar[list[str]] = ["week", "number"]


class PoolTable(models.Model):
    """A table of the club's duplicate room: the play table, whose boards the pool serves."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="pool_tables")
    number = models.PositiveIntegerField()
    play_table = models.OneToOneField(PlayTable, on_delete=models.CASCADE,
                                      related_name="pool_table")

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["club", "number"], name="pool_table_once"),
        ]
        ordering: ClassVar[list[str]] = ["club", "number"]


class PoolPlay(models.Model):
    """A pool board served to a table's four players (the play board of that ``index``)."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        RESULT = "result", _("result in")
        RELEASED = "released", _("stopped without a result")

    board = models.ForeignKey(PoolBoard, on_delete=models.CASCADE, related_name="plays")
    table = models.ForeignKey(PlayTable, on_delete=models.CASCADE, related_name="pool_plays")
    index = models.PositiveIntegerField()  # PlayBoard.index at that table
    north = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    east = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    south = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    west = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    started_seq = models.PositiveIntegerField(db_index=True)  # PoolWeek.seq of the serve
    ended_seq = models.PositiveIntegerField(null=True, blank=True, db_index=True)
    started = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["table", "index"], name="pool_play_once"),
        ]

    @property
    def player_ids(self) -> tuple[int, int, int, int]:
        return (int(self.north_id), int(self.east_id), int(self.south_id), int(self.west_id))


class PoolResult(models.Model):
    """A board's result, in order of arrival (1 = its first), from the play board it was
    played on."""

    board = models.ForeignKey(PoolBoard, on_delete=models.CASCADE, related_name="results")
    play = models.OneToOneField(PoolPlay, on_delete=models.CASCADE, related_name="result")
    play_board = models.OneToOneField(PlayBoard, on_delete=models.SET_NULL, null=True,
                                      blank=True, related_name="pool_result")
    arrival = models.PositiveSmallIntegerField()
    ns_score = models.IntegerField()
    contract = models.CharField(max_length=24)  # '4SX N -2', 'pass'
    north = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    east = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    south = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    west = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField()

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["board", "arrival"], name="pool_result_once"),
        ]
        ordering: ClassVar[list[str]] = ["board", "arrival"]

    @property
    def player_ids(self) -> tuple[int, int, int, int]:
        return (int(self.north_id), int(self.east_id), int(self.south_id), int(self.west_id))


class PoolScore(models.Model):
    """A result as scored for one of its players: IMPs (North–South +, East–West −; 0 while
    provisional), the datum, and the arrival that gave this score (its own, or the 6th)."""

    result = models.ForeignKey(PoolResult, on_delete=models.CASCADE, related_name="scores")
    week = models.ForeignKey(PoolWeek, on_delete=models.CASCADE, related_name="+")
    board = models.ForeignKey(PoolBoard, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="pool_scores")
    seat = models.PositiveSmallIntegerField()
    imps = models.IntegerField(default=0)
    provisional = models.BooleanField(default=True)
    datum = models.IntegerField(null=True, blank=True)
    scored_at = models.PositiveSmallIntegerField()
    # The player disconnected during this board: their Rate on it is 0 (the rating reads it).
    rate_zero = models.BooleanField(default=False)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["result", "player"], name="pool_score_once"),
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["week", "player"], name="pool_score_week_player"),
        ]


class PoolPenalty(models.Model):
    """A disconnection at a pool table (seed 002 §10): 16 off this week's points, and the
    player's Rate on that board 0 (``rate_zero``; the rating, issue 12, reads it)."""

    disconnection = models.OneToOneField(Disconnection, on_delete=models.CASCADE,
                                         related_name="pool_penalty")
    week = models.ForeignKey(PoolWeek, on_delete=models.CASCADE, related_name="penalties")
    board = models.ForeignKey(PoolBoard, on_delete=models.CASCADE, null=True, blank=True,
                              related_name="penalties")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="pool_penalties")
    points = models.IntegerField()  # −16
    rate_zero = models.BooleanField(default=True)
    at = models.DateTimeField()

    class Meta:
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["week", "player"], name="pool_penalty_week_player"),
        ]
