"""A team event's own settings, beside the ``Event`` it belongs to: the VP scale (one of the
library's, ``bridgescore.scoring.vp.VP_SCALES``), what a bye scores, and whether a round robin is
played twice.  An event with no row has the defaults (the WBF 2013 continuous 20-VP scale,
a bye of 60 % of the maximum, one leg), as every team event had before this table."""

from __future__ import annotations

from typing import ClassVar

from django.db import models
from django.utils.translation import gettext_lazy as _

from ....sessions.team_events import ByeVp, parse_bye_vp
from .session import Event


class TeamSettings(models.Model):
    event = models.OneToOneField(Event, on_delete=models.CASCADE, primary_key=True,
                                 related_name="team_settings")
    # The library's name of the scale; the library checks it (no choices here, so that a
    # scale the library adds needs no migration).
    vp_scale = models.CharField(_("VP scale"), max_length=20, default="wbf")
    # The library's text of a bye score: VPs ("12"), "average", or "" for the scale's default.
    bye_vp = models.CharField(_("VPs for a bye"), max_length=12, blank=True, default="")
    legs = models.PositiveSmallIntegerField(_("times each pair of teams meets"), default=1)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(condition=models.Q(legs__in=(1, 2)),
                                   name="teams_settings_one_or_two_legs"),
        ]

    def bye(self) -> ByeVp | None:
        """What a bye scores as the library takes it (None: the scale's default)."""
        return parse_bye_vp(self.bye_vp) if self.bye_vp else None

    def __str__(self) -> str:
        return f"{self.event_id}: {self.vp_scale}"
