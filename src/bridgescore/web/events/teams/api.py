"""This app's part of the JSON API (mounted at /api/ by bridgescore.web.api).

``GET /api/events/{id}/match``: a team event's matches board by board, totals, VPs and (a
round robin) standings and cross-table, as the caller may see them — the page's rules:
published results for anyone, otherwise the club's members; while the event is in play a
board is shown only once every table has played it (directors see everything).

``PATCH /api/events/{id}/match/settings``: the event's VP scale and bye, changed by a
director of its club (a bearer token or the page's session), through the service the
settings page calls: checked by the library against every match, audited with the VPs
before and after, the live pages told.  A field left out stays as it is."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from django.http import HttpRequest
from ninja import Field, Path, Router, Schema
from ninja.responses import Status
from pydantic import BaseModel, ConfigDict

from ....core.errors import BridgeError, ScaleError
from ....sessions.team_events import ByeVp, parse_bye_vp
from ...accounts.bearer import who_asks
from ...core.bilingual import lang as _lang
from ...core.errors import api_error
from ...core.gate import NoSuchSession
from .. import services as sv
from ..models import Event
from . import services as teams

router = Router()


def _no_session(event_id: int) -> Status[dict[str, Any]]:
    # The gate (core/gate.py) answers a missing session first; the same words if it is
    # deleted in between.
    missing = NoSuchSession(event_id)
    return Status(404, api_error("not_found", missing.en, missing.zh))


@router.get("/events/{event_id}/match", auth=who_asks,
            response={200: dict[str, Any], 403: dict[str, Any], 404: dict[str, Any]},
            summary="A team event's matches, totals, VPs and standings")
def match(request: HttpRequest, event_id: int) -> Status[dict[str, Any]]:
    user: Any = request.auth  # type: ignore[attr-defined]  # who_asks: token, session, visitor
    event = Event.objects.select_related("club").filter(pk=event_id).first()
    if event is None:
        return _no_session(event_id)
    if event.kind != Event.Kind.TEAMS:
        return Status(404, api_error("not_a_team_event", f"session {event_id} is not a team event",
                              f"第 {event_id} 场比赛不是队式赛"))
    if not teams.may_see(user, event):
        return Status(403, api_error("not_allowed",
                              "Only the club's members see a session before it is published.",
                              "比赛结果发布前只有本俱乐部的会员可以查看。"))
    return Status(200, teams.scoreboard(event, user, _lang()))


# ---------------------------------------------------------------------------- settings

Id = Annotated[int, Path(ge=1, le=2_147_483_647)]


class ErrorOut(Schema):
    code: str
    message: str
    en: str
    zh: str


class SettingsIn(BaseModel):
    """What to change; a field left out stays as it is.  A plain pydantic model, not a
    ninja ``Schema`` (which reads any object's attributes, so that ``[1]`` would pass as an
    empty change); a field it does not know is refused, not ignored (a typo changes
    nothing in silence otherwise)."""

    model_config = ConfigDict(extra="forbid")

    vp_scale: Annotated[str, Field(min_length=1, max_length=40)] | None = Field(
        None, description="One of the library's VP scales (wbf, wbf-whole, acbl-20, "
        "acbl-30); null: unchanged.")
    # A JSON number is VPs (strict: true is not 1); a text is read as the settings page
    # reads it ("12", "average", "平均"); null or "": the scale's default (60 % of its top).
    bye_vp: Annotated[float, Field(strict=True)] | Annotated[str, Field(max_length=12)] | None = (
        Field(None, description="VPs for a bye: a number, \"average\", or null for the "
              "scale's default (60 % of its maximum: 12 of 20)."))


class SettingsOut(Schema):
    event: int
    vp_scale: str
    vp_scale_title: str
    vp_max: int
    bye_vp: str = Field(description="What a bye scores now: VPs, or \"average\".")
    bye_vp_setting: str | None = Field(
        description="The director's bye setting; null: the scale's default.")
    double: bool
    changed: bool = Field(description="False when the settings were already these.")


def _bye(data: SettingsIn) -> ByeVp | None:
    """The bye asked for, as the service takes it (None: the scale's default)."""
    value = data.bye_vp
    if isinstance(value, str):
        return parse_bye_vp(value) if value.strip() else None
    return value


def _directed(request: HttpRequest,
              event_id: int) -> tuple[Event, sv.Actor] | Status[dict[str, Any]]:
    """The team event and its director asking, or the refusal (the gate, core/gate.py, has
    answered a missing session and a caller with no business in it already)."""
    event = Event.objects.select_related("club").filter(pk=event_id).first()
    if event is None:
        return _no_session(event_id)
    if event.kind != Event.Kind.TEAMS:
        return Status(404, api_error("not_a_team_event", f"session {event_id} is not a team event",
                                     f"第 {event_id} 场比赛不是队式赛"))
    actor = sv.Actor.of(request.user)
    teams.check_director(event, actor)  # a refusal is answered by api.py (core.refusals)
    return event, actor


class SettingsNow(Schema):
    event: int
    vp_scale: str
    vp_scale_title: str
    vp_max: int
    bye_vp: str = Field(description="What a bye scores now: VPs, or \"average\".")
    bye_vp_setting: str | None = Field(
        description="The director's bye setting; null: the scale's default.")
    double: bool


@router.get("/events/{event_id}/match/settings",
            response={200: SettingsNow, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut,
                      422: ErrorOut},
            summary="A team event's VP scale and bye (its club's directors)")
def settings(request: HttpRequest, event_id: Id) -> Status[dict[str, Any]]:
    directed = _directed(request, event_id)
    if isinstance(directed, Status):
        return directed
    return Status(200, teams.settings_view(directed[0], _lang()))


@router.patch("/events/{event_id}/match/settings",
              response={200: SettingsOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut,
                        404: ErrorOut, 422: ErrorOut},
              summary="Change a team event's VP scale and bye (its club's directors)")
def change_settings(request: HttpRequest, event_id: Id,
                    data: SettingsIn) -> Status[dict[str, Any]]:
    directed = _directed(request, event_id)
    if isinstance(directed, Status):
        return directed
    event, actor = directed
    try:
        bye: ByeVp | Literal["keep"] | None = (_bye(data) if "bye_vp" in data.model_fields_set
                                                else "keep")
    except BridgeError as e:
        return Status(400, api_error("bad_bye_vp", e.en, e.zh))
    before = teams.settings_view(event, "en")
    try:
        # The service asks for the right again (a view cannot forget it): its refusal is
        # answered by api.py (core.refusals), before the bad scale or bye below.
        teams.change_team_settings(event, actor, vp_scale=data.vp_scale, bye_vp=bye)
    except sv.NotAllowed:
        raise
    except ScaleError as e:  # an unknown scale, or one that does not cover the matches
        return Status(400, api_error("bad_vp_scale", e.en, e.zh))
    except BridgeError as e:  # a bye the scale cannot score
        return Status(400, api_error("bad_settings", e.en, e.zh))
    after = teams.settings_view(event, _lang())
    changed = (before["vp_scale"], before["bye_vp_setting"]) != (after["vp_scale"],
                                                                 after["bye_vp_setting"])
    return Status(200, {**after, "changed": changed})
