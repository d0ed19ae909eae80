"""Account endpoints of the API."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router, Schema

from ..clubs.roles import is_administrator, roles_of
from .models import Player, User

router = Router()


class ClubRoleOut(Schema):
    slug: str
    name_en: str
    name_zh: str
    role: str


class MeOut(Schema):
    username: str
    email: str
    name_en: str
    name_zh: str
    administrator: bool
    clubs: list[ClubRoleOut]


@router.get("/me", response=MeOut, summary="Who am I: the account behind the token")
def me(request: HttpRequest) -> MeOut:
    user = request.user
    assert isinstance(user, User)
    player = Player.objects.filter(user=user).first()
    return MeOut(
        username=user.username,
        email=user.email,
        name_en=player.name_en if player else "",
        name_zh=player.name_zh if player else "",
        administrator=is_administrator(user),
        clubs=[ClubRoleOut(slug=r.club.slug, name_en=r.club.name_en, name_zh=r.club.name_zh,
                           role=r.role.value) for r in roles_of(user)],
    )
