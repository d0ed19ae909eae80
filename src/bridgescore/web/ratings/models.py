"""The Rate (牌技指数) of seed 002 §2 on the platform: what each club's weekly close stores.

The Rate is a club's: the players of one club's board pool are rated against each other
(docs/ratings.md, "On the platform").  Each closed pool week is rated exactly once
(``RatingWeek``, one row per pool week); what it did to each player who played that week is
kept for ever (``RatingHistory``: the Rate's history, the week's figures); every rated player's
standing now (``RatingStanding``: the Rate, its weight and counts after the last rated week)
is the prior of the next week and the leaderboard's index.  All three are written in one
transaction by the weekly job, and can be recomputed from the pool's stored results.
"""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models

from ..clubs.models import Club
from ..compete.models import PoolWeek


class RatingWeek(models.Model):
    """A pool week rated: written once, by whichever worker closed it first."""

    week = models.OneToOneField(PoolWeek, on_delete=models.CASCADE, related_name="rating")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rating_weeks")
    number = models.PositiveIntegerField()  # the pool week's number
    settings = models.JSONField()  # RateSettings.to_dict() as used: a recomputation uses it
    results = models.PositiveIntegerField(default=0)  # pool results read
    players = models.PositiveIntegerField(default=0)  # players with a result this week
    rated_at = models.DateTimeField()
    seconds = models.FloatField(default=0.0)  # how long reading, rating and writing took

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["club", "number"], name="rating_week_once"),
        ]
        ordering: ClassVar[list[str]] = ["club", "number"]

    def __str__(self) -> str:
        return f"{self.club_id} rated week {self.number}"


class RatingHistory(models.Model):
    """A player's week, for a player with at least one pool result in it (append-only)."""

    # No database-level foreign keys on the two tables written a million rows a week: each
    # row's checks, deferred to the commit, cost PostgreSQL longer than writing the rows
    # (docs/ratings.md "On the platform").  The rows come from the pool's rows, which have
    # them; deletions still cascade (Django's collector does it, not the database).  Nor an
    # index of their own for week and club: the unique (week, player) and the (club, player)
    # index begin with them.
    week = models.ForeignKey(RatingWeek, on_delete=models.CASCADE, related_name="rows",
                             db_constraint=False, db_index=False)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+",
                             db_constraint=False, db_index=False)
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="rating_history", db_constraint=False)
    rate = models.FloatField()  # the Rate after the week (the week's joint fit)
    weight = models.FloatField()  # its weight, in boards (the prior's and the window's)
    boards = models.PositiveIntegerField()  # boards rated so far (the library's count)
    # The Rate's precision in the week's fit (4·H_pp, in boards): with the fitted Rates of
    # the board's players (their rows of this week) a board's share is explained exactly
    # (docs/ratings.md "A board's share").
    precision = models.FloatField(default=0.0)
    # The week's Rate: what this week's boards alone say, the others held at their fitted
    # Rates; none without a board that carries information.
    week_rate = models.FloatField(null=True, blank=True)
    week_boards = models.PositiveIntegerField(default=0)  # boards the Rate counted this week
    played = models.PositiveIntegerField(default=0)  # pool results this week (本周副数)
    points = models.IntegerField(default=0)  # this week's points (本周积分), penalties off
    average = models.FloatField(null=True, blank=True)  # points / played

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["week", "player"], name="rating_history_once"),
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["club", "player"], name="rating_history_player"),
        ]


class RatingStanding(models.Model):
    """A player's standing in a club after its last rated week: every player ever rated
    there (the weight of one who stays away fades each week)."""

    # As RatingHistory's; the club is indexed by the unique (club, player), and the week is
    # looked up only when a rated week is deleted (everybody's standing points at the last).
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rating_standings",
                             db_constraint=False, db_index=False)
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="rating_standings", db_constraint=False)
    week = models.ForeignKey(RatingWeek, on_delete=models.CASCADE, related_name="+",
                             db_constraint=False, db_index=False)
    rate = models.FloatField()
    weight = models.FloatField()
    boards = models.PositiveIntegerField()  # boards rated so far
    # The prior the next week's fit starts from (docs/ratings.md "The prior"): the Rate the
    # results no longer in the window stand for, and their weight in boards.
    anchor = models.FloatField(default=50.0)
    anchor_weight = models.FloatField(default=0.0)
    played_total = models.PositiveIntegerField(default=0)  # pool results in rated weeks
    last_average = models.FloatField(null=True, blank=True)  # 上周平均分: none if away

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["club", "player"], name="rating_standing_once"),
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["club", "-rate", "player"], name="rating_standing_rate"),
            models.Index(fields=["-rate", "player"], name="rating_standing_all"),
        ]


class RatingWindow(models.Model):
    """A club's fit window as the last close left it (``ratings.Window.to_bytes``: 28 bytes a
    result), so that the next close reads one row instead of every result of the window's
    weeks.  Only a cache: the close uses it when it holds the week before with the very
    settings, and reads the results back otherwise; ``recompute`` never uses it."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="rating_window")
    number = models.PositiveIntegerField()  # the last pool week it holds
    settings = models.JSONField()  # RateSettings.to_dict() it was prepared with
    data = models.BinaryField()
    # Weeks with no result pushed after ``data``'s weeks (``data`` holds ``weeks`` weeks):
    # a week nobody played, in which no week left the window, changes only these two
    # numbers, not the few hundred megabytes of ``data`` (``weekly.keep_window``).
    weeks = models.PositiveIntegerField(default=0)
    idle = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.club_id} window through week {self.number}"
