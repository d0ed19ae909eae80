"""Player groups (seed 002 §4): a freely formed team (队) or a club of players (帮派), with a
leader and members, the entrants of a club's ladder.

Neither ``teams`` (a team event's settings) nor ``clubs`` (the club that runs the
competitions, with its members and directors) holds such a group: a ladder's entrants are
groups of the club's players, and a group's leader (队长/帮主) answers for it — only the
leader challenges or answers a challenge.  The leader is always a member of the group.
"""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ..clubs.models import Club
from ..core.bilingual import pick


class PlayerGroup(models.Model):
    class Kind(models.TextChoices):
        TEAM = "team", _("team")
        CLUB = "club", _("player club")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="player_groups")
    kind = models.CharField(_("kind"), max_length=4, choices=Kind.choices, default=Kind.TEAM)
    name_en = models.CharField(_("name in English"), max_length=100, blank=True)
    name_zh = models.CharField(_("name in Chinese"), max_length=100, blank=True)
    leader = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="groups_led")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(condition=~models.Q(name_en="", name_zh=""),
                                   name="online_group_has_a_name"),
            models.CheckConstraint(condition=models.Q(kind__in=["team", "club"]),
                                   name="online_group_known_kind"),
        ]

    @property
    def entrant_id(self) -> str:
        """Its id on a ladder."""
        return f"g{self.pk}"

    def name_in(self, lang: str) -> str:
        return pick(self.name_en, self.name_zh, lang)

    def __str__(self) -> str:
        return self.name_en or self.name_zh


class GroupMember(models.Model):
    group = models.ForeignKey(PlayerGroup, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="group_memberships")
    order = models.PositiveSmallIntegerField(default=0)  # the line-up: the first four play

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["group", "user"], name="online_member_once"),
        ]
        ordering: ClassVar[list[str]] = ["group", "order", "id"]
