"""Online competitions (seed 002): one log of actions per competition, and what its events
made on the platform.

A competition's state is the library's state machine (``bridgescore.compete``) with the
``CompetitionAction`` rows replayed through it, in ``seq`` order: the rows are the truth.  A
row is written in the transaction that replayed the log under the competition's row lock
and checked the action, together with everything the action's events did here (the round's
play tables, the seats, the cut tables, the masterpoints), so an event's effects happen
exactly once: ``unique(competition, seq)`` refuses a second writer that raced in anyway.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings as django_settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ....core.errors import BridgeError
from ...clubs.models import Club
from ...core.bilingual import pick
from ...events.models.session import BoardSet
from ...play.models import PlayTable, Room


class Competition(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open for entries")
        RUNNING = "running", _("in play")
        COMPLETE = "complete", _("complete")  # played; results not yet published
        FINISHED = "finished", _("finished")
        CANCELLED = "cancelled", _("cancelled")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="competitions")
    kind = models.CharField(_("kind"), max_length=20)  # a key of services.KINDS
    name_en = models.CharField(_("name in English"), max_length=200, blank=True)
    name_zh = models.CharField(_("name in Chinese"), max_length=200, blank=True)
    # The kind's settings as plain data (the kind's reader checks them).
    settings = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    # When the clock must next act (a round's end, the start, a registration's hold):
    # every server's sweep takes the due ones (services.sweep); null: nothing scheduled.
    next_due = models.DateTimeField(null=True, blank=True, db_index=True)
    seq = models.PositiveIntegerField(default=0)  # actions stored
    members_only = models.BooleanField(_("for the club's members only"), default=True)
    published = models.BooleanField(_("shown to players"), default=True)
    # The deals every table of the competition plays (made when the first round opens).
    board_set = models.ForeignKey(BoardSet, on_delete=models.PROTECT, null=True, blank=True,
                                  related_name="+")
    created_by = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(condition=~models.Q(name_en="", name_zh=""),
                                   name="compete_competition_has_a_name"),
        ]

    def name_in(self, lang: str) -> str:
        return pick(self.name_en, self.name_zh, lang)

    def __str__(self) -> str:
        return self.name_en or self.name_zh


class CompetitionAction(models.Model):
    """An accepted action, in order: the competition's whole truth.  ``data`` is the
    action as plain data (its kind's ``action_to``), with its time ``now`` in Unix
    seconds; a tick of the clock is stored only when it changed something."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE,
                                    related_name="actions")
    seq = models.PositiveIntegerField()  # 1, 2, …
    data = models.JSONField()
    at = models.DateTimeField(auto_now_add=True)
    by_user = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                blank=True, related_name="+")

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["competition", "seq"], name="compete_action_once"),
        ]
        ordering: ClassVar[list[str]] = ["competition", "seq"]


class CompetitionTable(models.Model):
    """A play table a round of the competition created (one room a round)."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE,
                                    related_name="tables")
    round = models.PositiveIntegerField()
    number = models.PositiveIntegerField()  # the table's number in the round's draw
    room_label = models.CharField(max_length=6, blank=True)  # a team match: open / closed
    play_table = models.OneToOneField(PlayTable, on_delete=models.CASCADE,
                                      related_name="competition_table")
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="+")
    # The round ended: the play table was stopped (its unfinished board cut).
    stopped = models.BooleanField(default=False)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["competition", "round", "number", "room_label"],
                                    name="compete_table_once"),
        ]
        ordering: ClassVar[list[str]] = ["competition", "round", "number", "room_label"]


class AppendOnly(BridgeError):
    """A masterpoint award is never changed or removed (the ledger is its history)."""


class _AppendOnlyQuerySet(models.QuerySet["MasterpointAward"]):
    def update(self, **kwargs: Any) -> int:
        raise AppendOnly("masterpoint awards are never changed", "大师分记录不能修改")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnly("masterpoint awards are never deleted", "大师分记录不能删除")


class MasterpointAward(models.Model):
    """Masterpoints a player earned in a competition (巅峰大师分): append-only.  Nothing
    updates or deletes a row (``save`` of a stored row and ``delete`` refuse; the queryset
    methods are not used by any code path), and ``unique(user, competition)`` refuses a
    second award for the same competition."""

    user = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                             related_name="masterpoints")
    competition = models.ForeignKey(Competition, on_delete=models.PROTECT,
                                    related_name="masterpoints")
    place = models.PositiveIntegerField()
    points = models.DecimalField(max_digits=9, decimal_places=4)  # as shown; exact below
    exact = models.CharField(max_length=40)  # the Fraction as text: "3", "3/2"
    awarded_at = models.DateTimeField()  # the scheduled moment of the award (the final)

    objects = _AppendOnlyQuerySet.as_manager()

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["user", "competition"],
                                    name="compete_masterpoints_once"),
        ]
        # By date, ties by competition (ledger.DATED_ORDER): never by the row's id, which is
        # only the order the awards were stored in.
        ordering: ClassVar[list[str]] = ["awarded_at", "competition"]

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None or not self._state.adding:
            raise AppendOnly("a masterpoint award is never changed", "大师分记录不能修改")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise AppendOnly("a masterpoint award is never deleted", "大师分记录不能删除")


class RankPromotion(models.Model):
    """A rank (等级) a player reached, and the award that reached it: the award in the
    player's dated ledger (``compete.ranks.dated_ledger``: by date, ties by competition)
    whose running total first reaches the rank's threshold.  Derived from the ledger, never
    the truth: ``ledger.give`` makes the player's rows again in each award's transaction, so
    a backdated award moves a promotion to itself (or makes one earlier), and
    ``ledger.rebuild_promotions()`` makes every row again (after the thresholds change).
    ``unique(user, rank)``: a rank is reached once (masterpoints only grow, so ranks never
    fall).  ``rank`` is ``bridgescore.compete.ranks.Rank``'s value (1–11); ``threshold`` the
    masterpoints it takes; ``before`` and ``after`` the player's exact totals around the
    award in the dated ledger."""

    user = models.ForeignKey(django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                             related_name="rank_promotions")
    rank = models.PositiveSmallIntegerField()
    award = models.ForeignKey(MasterpointAward, on_delete=models.PROTECT,
                              related_name="promotions")
    threshold = models.PositiveIntegerField()
    before = models.CharField(max_length=40)  # exact totals as text: "14", "29/2"
    after = models.CharField(max_length=40)
    promoted_at = models.DateTimeField()  # the award's moment

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["user", "rank"], name="compete_rank_reached_once"),
            models.CheckConstraint(condition=models.Q(rank__gte=1, rank__lte=11),
                                   name="compete_rank_promotion_rank"),
        ]
        ordering: ClassVar[list[str]] = ["promoted_at", "rank"]


class MasterpointTotal(models.Model):
    """A player's masterpoints so far: the ledger's exact sum, written with each award
    (``ledger.give``, under the player's row lock, from the ledger itself) so that the
    leaderboards read an index instead of adding up every award on each page.  Derived,
    never the truth: ``ledger.rebuild_totals()`` makes every row again from the ledger."""

    user = models.OneToOneField(django_settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                primary_key=True, related_name="masterpoint_total")
    exact = models.CharField(max_length=40)  # "29/2"
    points = models.DecimalField(max_digits=14, decimal_places=4)  # the exact sum, rounded
    awards = models.PositiveIntegerField()

    class Meta:
        indexes: ClassVar[list[models.Index]] = [
            models.Index(models.F("points").desc(), "user", name="compete_mp_total_order"),
        ]
