"""Creating users from the command line and the demo: one place for the rules."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction

from ...core.errors import BridgeError
from ..clubs.models import Club
from ..clubs.roles import Role, grant
from . import tokens
from .models import Player, User


@dataclass(frozen=True, slots=True)
class CreatedUser:
    user: User
    token: str | None
    club_created: bool


def _check_name(name: str) -> None:
    field = User._meta.get_field("username")
    try:
        field.clean(name, None)
    except ValidationError as e:
        raise BridgeError(f"invalid user name {name!r}: {' '.join(e.messages)}",
                          f"无效的用户名 {name!r}：只能含字母、数字和 @ . + - _，最长 150 个字符"
                          ) from None


@transaction.atomic
def create_user(name: str, *, role: str = "player", club: str | None = None, email: str = "",
                name_en: str = "", name_zh: str = "", password: str | None = None,
                with_token: bool = True) -> CreatedUser:
    _check_name(name)
    try:
        kind = Role(role)
    except ValueError:
        raise BridgeError(f"unknown role {role!r}: expected player, member, director or "
                          "administrator",
                          f"未知的角色 {role!r}：应为 player、member、director 或 administrator"
                          ) from None
    if kind in (Role.MEMBER, Role.DIRECTOR) and not club:
        raise BridgeError(f"role {role!r} needs a club: --club SLUG",
                          f"角色 {role!r} 需要指定俱乐部：--club SLUG")
    if User.objects.filter(username__iexact=name).exists():
        raise BridgeError(f"user {name!r} already exists", f"用户 {name!r} 已存在")
    if email and User.objects.filter(email__iexact=email).exists():
        raise BridgeError(f"e-mail address {email!r} is already used by another account",
                          f"电子邮箱 {email!r} 已被其他帐户使用")
    user = User(username=name, email=email)
    if password:
        try:
            validate_password(password, user)
        except ValidationError as e:
            raise BridgeError(f"password refused: {' '.join(e.messages)}",
                              "密码不符合要求：至少 8 个字符，不能全是数字，不能太常见，"
                              "也不能与用户名相似") from None
        user.set_password(password)
    else:
        user.set_unusable_password()  # the token is the way in; a reset sets a password
    user.save()
    Player.objects.create(user=user, name_en=name_en or (name if not name_zh else ""),
                          name_zh=name_zh)
    the_club = None
    club_created = False
    if club:
        the_club, club_created = _club(club)
    grant(user, kind, the_club)
    token = tokens.issue(user, "bridgescore web createuser") if with_token else None
    return CreatedUser(user, token, club_created)


def _club(slug: str) -> tuple[Club, bool]:
    field = Club._meta.get_field("slug")
    try:
        field.clean(slug, None)
    except ValidationError:
        raise BridgeError(f"invalid club name {slug!r}: expected letters, digits, '-' or '_'",
                          f"无效的俱乐部简称 {slug!r}：只能含字母、数字、'-' 或 '_'") from None
    return Club.objects.get_or_create(slug=slug, defaults={"name_en": slug})
