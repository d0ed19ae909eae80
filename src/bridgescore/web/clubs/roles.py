"""Roles, and the questions every permission check asks.

- **player**: anyone with an account (and guests a director enters, who have none);
- **member** and **director**: per club (``Membership``); a director is also a member;
- **administrator**: the whole site (``is_superuser``).
An administrator may do what any club's director may.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils.translation import pgettext_lazy

from ...core.errors import BridgeError
from ..accounts.models import Player, User
from .models import Club, Membership


class Role(enum.Enum):
    PLAYER = "player"
    MEMBER = "member"
    DIRECTOR = "director"
    ADMINISTRATOR = "administrator"

    @property
    def label(self) -> str:
        return str(ROLE_LABELS[self])


ROLE_LABELS = {
    Role.PLAYER: pgettext_lazy("role", "player"),
    Role.MEMBER: pgettext_lazy("role", "member"),
    Role.DIRECTOR: pgettext_lazy("role", "director"),
    Role.ADMINISTRATOR: pgettext_lazy("role", "administrator"),
}


@dataclass(frozen=True, slots=True)
class ClubRole:
    club: Club
    role: Role


AnyUser = User | AnonymousUser


def is_administrator(user: AnyUser) -> bool:
    return bool(user.is_authenticated and user.is_active and user.is_superuser)


def club_role(user: AnyUser, club: Club) -> Role | None:
    """MEMBER or DIRECTOR in ``club``, or None."""
    if not user.is_authenticated:
        return None
    role = (Membership.objects.filter(club=club, player__user_id=user.pk)
            .values_list("role", flat=True).first())
    return Role(role) if role else None


def is_member(user: AnyUser, club: Club) -> bool:
    return club_role(user, club) is not None or is_administrator(user)


def can_direct(user: AnyUser, club: Club) -> bool:
    return club_role(user, club) is Role.DIRECTOR or is_administrator(user)


def roles_of(user: AnyUser) -> list[ClubRole]:
    if not user.is_authenticated:
        return []
    rows = (Membership.objects.filter(player__user_id=user.pk).select_related("club")
            .order_by("club__slug"))
    return [ClubRole(m.club, Role(m.role)) for m in rows]


def grant(user: User, role: Role, club: Club | None = None) -> None:
    """Give ``user`` a role: MEMBER/DIRECTOR need a club; ADMINISTRATOR must have none."""
    if role in (Role.MEMBER, Role.DIRECTOR):
        if club is None:
            raise BridgeError(f"role {role.value!r} needs a club (--club)",
                              f"角色 {role.value!r} 需要指定俱乐部（--club）")
        with transaction.atomic():
            player = Player.objects.filter(user=user).first()
            if player is None:
                player = Player.objects.create(user=user, name_en=user.username)
            Membership.objects.update_or_create(club=club, player=player,
                                                defaults={"role": role.value})
    elif club is not None:
        raise BridgeError(f"role {role.value!r} is not per club: leave out --club",
                          f"角色 {role.value!r} 不属于某个俱乐部：请去掉 --club")
    elif role is Role.ADMINISTRATOR:
        user.is_superuser = user.is_staff = True
        user.save(update_fields=["is_superuser", "is_staff"])
