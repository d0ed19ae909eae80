"""A club and who belongs to it, with what role."""

from __future__ import annotations

from typing import ClassVar

from django.db import models
from django.utils.translation import gettext_lazy as _

from ...core import timezones
from ..accounts.models import Player
from ..core.bilingual import pick


class Club(models.Model):
    slug = models.SlugField(_("short name"), max_length=50, unique=True,
                            help_text=_("Letters, digits and hyphens; used in addresses."))
    name_en = models.CharField(_("name in English"), max_length=200, blank=True)
    name_zh = models.CharField(_("name in Chinese"), max_length=200, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    # The zone the club's times are shown in to its members who chose none of their own,
    # and in which its directors' forms read a time (an IANA name).
    time_zone = models.CharField(_("time zone"), max_length=64, default=timezones.DEFAULT)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(condition=~models.Q(name_en="", name_zh=""),
                                   name="clubs_club_has_a_name"),
        ]

    def name_in(self, lang: str) -> str:
        return pick(self.name_en, self.name_zh, lang)

    def __str__(self) -> str:
        return self.name_en or self.name_zh


class Membership(models.Model):
    """A player in a club.  A director also counts as a member of that club."""

    class Role(models.TextChoices):
        MEMBER = "member", _("member")
        DIRECTOR = "director", _("director")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)
    since = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["club", "player"], name="clubs_one_membership"),
            models.CheckConstraint(condition=models.Q(role__in=["member", "director"]),
                                   name="clubs_membership_known_role"),
        ]

    def __str__(self) -> str:
        return f"{self.player} – {self.club} ({self.role})"
