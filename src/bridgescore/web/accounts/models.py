"""Who uses the site (User), who plays (Player), how scripts sign in (ApiToken)."""

from __future__ import annotations

from typing import ClassVar

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from ..core.bilingual import pick


class User(AbstractUser):
    """A log-in.  Site administrators are ``is_superuser``; club roles live in clubs."""

    # The zone the user's pages show times in (an IANA name); blank: their club's
    # (``core.middleware.LocalTimeMiddleware``).
    time_zone = models.CharField(_("time zone"), max_length=64, blank=True, default="")

    class Meta:
        verbose_name = _("user")
        constraints: ClassVar[list[models.BaseConstraint]] = [
            # One account per e-mail address (password reset goes to it), case-insensitively.
            models.UniqueConstraint(Lower("email"), name="accounts_user_email_ci_unique",
                                    condition=~models.Q(email="")),
        ]


class Player(models.Model):
    """A person who plays: a user's own entry, or a guest a director enters (no log-in)."""

    user = models.OneToOneField(User, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="player")
    name_en = models.CharField(_("name in English"), max_length=100, blank=True)
    name_zh = models.CharField(_("name in Chinese"), max_length=100, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(condition=~models.Q(name_en="", name_zh=""),
                                   name="accounts_player_has_a_name"),
        ]

    def name_in(self, lang: str) -> str:
        """The name in ``lang`` ('zh…' or 'en'), or the other one when that is all we have."""
        return pick(self.name_en, self.name_zh, lang)

    def __str__(self) -> str:
        return self.name_en or self.name_zh


class ApiToken(models.Model):
    """A bearer token for scripts.  Only its SHA-256 is stored; the prefix finds the row."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("name"), max_length=100)
    prefix = models.CharField(max_length=12, unique=True)
    digest = models.CharField(max_length=64)
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"


class LoginFailure(models.Model):
    """Failed log-ins per (user name, address) in the current window: the throttle's count.

    Kept in the database, not in process memory, so every app server sees the same count.
    """

    key = models.CharField(max_length=64, unique=True)
    failures = models.PositiveIntegerField(default=0)
    window_start = models.DateTimeField()
