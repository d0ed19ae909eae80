"""Player groups (seed 002 §4): a freely formed team (队) or a club of players (帮派), with a
leader and members, the entrants of a club's ladder; the invitations that bring members in
(a player joins only by accepting one); and the group's log (who changed what, when).

Neither ``teams`` (a team event's settings) nor ``clubs`` (the club that runs the
competitions, with its members and directors) holds such a group: a ladder's entrants are
groups of the club's players, and a group's leader (队长/帮主) answers for it — only the
leader challenges or answers a challenge.  The leader is always a member of the group.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from ...clubs.models import Club
from ...core.bilingual import pick


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
    # Dissolved: no longer a group (it left its ladders; its members are kept as they were,
    # for the history); its names are free again.  A group is never deleted.
    dissolved = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(condition=~models.Q(name_en="", name_zh=""),
                                   name="online_group_has_a_name"),
            models.CheckConstraint(condition=models.Q(kind__in=["team", "club"]),
                                   name="online_group_known_kind"),
            # A name once in a club among the groups not dissolved (the services also
            # refuse a name equal to another group's name in the other language).
            models.UniqueConstraint(Lower("name_en"), "club", name="online_group_name_en_once",
                                    condition=~models.Q(name_en="")
                                    & models.Q(dissolved__isnull=True)),
            models.UniqueConstraint(Lower("name_zh"), "club", name="online_group_name_zh_once",
                                    condition=~models.Q(name_zh="")
                                    & models.Q(dissolved__isnull=True)),
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
    # The order of joining: the default line-up is the leader and the first three others.
    order = models.PositiveSmallIntegerField(default=0)
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["group", "user"], name="online_member_once"),
        ]
        ordering: ClassVar[list[str]] = ["group", "order", "id"]


class GroupInvitation(models.Model):
    """The leader asks a member of the club to join; the player answers (accept or
    decline), or the leader withdraws it; past ``BRIDGESCORE_GROUP_INVITATION_DAYS`` it can
    no longer be accepted.  One pending invitation per player and group."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for an answer")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")
        WITHDRAWN = "withdrawn", _("withdrawn")
        EXPIRED = "expired", _("expired")

    group = models.ForeignKey(PlayerGroup, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="group_invitations")
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    answered = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["group", "user"], name="online_invitation_pending_once",
                                    condition=models.Q(status="pending")),
            models.CheckConstraint(condition=models.Q(status__in=["pending", "accepted",
                                                                  "declined", "withdrawn", "expired"]),
                                   name="online_invitation_known_status"),
        ]
        ordering: ClassVar[list[str]] = ["-created", "-id"]


class GroupLog(models.Model):
    """One change to a group: who (``by_user``), when (``at``), what (``action``: create,
    rename, invite, withdraw_invitation, accept, decline, remove, leave, transfer, dissolve,
    ladder_join, lineup), whom it concerned (``user``) and the details (``data``: names
    before and after, the ladder, the match and the line-up).  Written by the services in
    the change's own transaction; never changed or deleted."""

    group = models.ForeignKey(PlayerGroup, on_delete=models.PROTECT, related_name="log")
    at = models.DateTimeField(auto_now_add=True)
    by_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                related_name="+")
    action = models.CharField(max_length=20)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                             blank=True, related_name="+")
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["group", "id"]

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ValueError("a group's log is never changed")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise ValueError("a group's log is never deleted")
