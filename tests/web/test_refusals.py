"""The web layer's refusals (core/refusals.py): every service's refusal class is one of three
kinds, each kind has its one status, and the API answers every refusal in its bilingual
shape, the pages with the error page or the login page."""

from __future__ import annotations

import json

import pytest
from django.http import HttpResponse
from django.test import RequestFactory
from django.utils import translation

from bridgescore.core.errors import BridgeError
from bridgescore.web.api import api
from bridgescore.web.compete import services as compete
from bridgescore.web.compete.online import groups
from bridgescore.web.compete.pool import services as pool
from bridgescore.web.core import refusals
from bridgescore.web.core.gate import NoSuchSession
from bridgescore.web.core.refusals import Conflict, Forbidden, Invalid, Missing, Refused
from bridgescore.web.events import entries as ev_entries
from bridgescore.web.events import services as events
from bridgescore.web.events.director import moves, pairs
from bridgescore.web.events.services import Actor
from bridgescore.web.play import services as play
from bridgescore.web.play import tables as play_tables

from .base import BaseTestCase, tuesday_pairs

EN, ZH = "It may not be done.", "不可以。"


def test_each_kind_has_its_status() -> None:
    assert refusals.status_of(Forbidden(EN, ZH)) == 403
    assert refusals.status_of(Missing(EN, ZH)) == 404
    assert refusals.status_of(Conflict(EN, ZH)) == 409
    assert refusals.status_of(Invalid(EN, ZH)) == 400  # the API's documented bad input
    assert refusals.status_of(BridgeError(EN, ZH)) == 400  # the library's bad input
    with pytest.raises(TypeError):
        refusals.status_of(ValueError("no"))


def test_a_refusal_keeps_both_languages_and_a_code() -> None:
    e = Conflict(EN, ZH)
    assert (e.en, e.zh, e.code, str(e)) == (EN, ZH, "conflict", EN)
    assert e.message("zh") == ZH
    assert Forbidden(EN, ZH, "not_member").code == "not_member"
    assert (Forbidden(EN).code, Missing(EN).code, Invalid(EN).code) == (
        "not_allowed", "not_found", "bad_input")


def _table_error() -> ev_entries.Conflict:
    return ev_entries.Conflict(EN, ZH, existing=None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("made", "kind", "code"), [
    (lambda: events.NotAllowed(EN, ZH), Forbidden, "not_allowed"),
    (_table_error, Conflict, "conflict"),
    (lambda: ev_entries.EntryRefused(EN, ZH, preview=None),  # type: ignore[arg-type]
     Invalid, "bad_entry"),
    (lambda: groups.NotFound(EN, ZH), Missing, "not_found"),
    (lambda: play.NotAllowed(EN, ZH), Forbidden, "not_allowed"),
    (lambda: play_tables.NoBoard(EN, ZH), Conflict, "no_board"),
    (lambda: moves.MoveRefused(EN, ZH), Invalid, "move_refused"),
    (lambda: pairs.PairRefused(EN, ZH), Invalid, "pair_refused"),
    (lambda: pairs.PairTaken(EN, ZH), Conflict, "pair_taken"),
    (lambda: pairs.NoFreePair(EN, ZH), Conflict, "no_free_pair"),
    (lambda: NoSuchSession(7), Missing, "not_found"),
])
def test_every_refusal_class_is_of_its_kind(made: object, kind: type[Refused],
                                            code: str) -> None:
    e = made()  # type: ignore[operator]
    assert isinstance(e, Refused) and isinstance(e, BridgeError)
    assert refusals.kind_of(e) is kind, type(e).__mro__
    assert e.code == code


@pytest.mark.parametrize("root", [groups.GroupRefused, compete.NotAllowed, pool.NotAllowed])
def test_a_family_s_code_says_its_kind(root: type[Refused]) -> None:
    # The rights codes: 403; not found: 404; any other reason: bad input (400, as the
    # groups' API has answered "name_taken", "busy", "bad_lineup" since it was made).
    for code in ("not_authenticated", "not_member", "not_leader", "not_yours", "not_director",
                 "not_yourself", "not_allowed"):
        e = root(EN, ZH, code)
        assert isinstance(e, root) and refusals.kind_of(e) is Forbidden, code
        assert (e.code, refusals.status_of(e)) == (code, 403)
    e = root(EN, ZH)
    assert refusals.kind_of(e) is Forbidden and e.code == "not_allowed"
    e = root(EN, ZH, "not_found")
    assert isinstance(e, root) and refusals.status_of(e) == 404
    for code in ("name_taken", "busy", "bad_lineup", "bad_kind", "no_pool"):
        e = root(EN, ZH, code)
        assert isinstance(e, root) and refusals.kind_of(e) is Invalid, code
        assert (e.code, e.en, e.zh, refusals.status_of(e)) == (code, EN, ZH, 400)


def test_a_group_s_refusal_keeps_its_field_and_not_found_is_its_404() -> None:
    e = groups.GroupRefused(EN, ZH, "name_taken", field="name_en")
    assert e.field == "name_en"
    assert isinstance(groups.GroupRefused(EN, ZH, "not_found"), groups.NotFound)
    assert isinstance(groups.NotFound(EN, ZH), groups.GroupRefused)


@pytest.mark.parametrize(("exc", "status"), [
    (Forbidden(EN, ZH, "not_member"), 403), (Missing(EN, ZH), 404),
    (Conflict(EN, ZH), 409), (Invalid(EN, ZH, "bad_lineup"), 400),
    (pairs.PairTaken(EN, ZH), 409), (groups.GroupRefused(EN, ZH, "busy"), 400),
])
@pytest.mark.parametrize("lang", ["en", "zh-hans"])
def test_the_api_answers_a_refusal_in_its_shape(exc: Refused, status: int, lang: str) -> None:
    request = RequestFactory().get("/api/anything")
    with translation.override(lang):
        response = api.on_exception(request, exc)
    body = json.loads(response.content)
    assert response.status_code == status
    assert body == {"code": exc.code, "message": ZH if lang.startswith("zh") else EN,
                    "en": EN, "zh": ZH}


class RefusalAnswersTestCase(BaseTestCase):
    """The answers through the site: the API's JSON, a page's error or login page."""

    def test_the_api_s_refusals_in_both_languages(self) -> None:
        event = tuesday_pairs(self.north, Actor(user=self.alice))
        self.client.force_login(self.bob)  # a member of the club, not its director
        for headers, lang in (({}, "en"), (self.zh(), "zh")):
            r = self.client.get(f"/api/events/{event.pk}/settings", headers=headers)
            body = r.json()
            assert r.status_code == 403 and body["code"] == "not_allowed", body
            assert set(body) == {"code", "message", "en", "zh"}
            assert body["message"] == body[lang] and "裁判" in body["zh"]
            r = self.client.get("/api/clubs/nowhere/groups", headers=headers)
            body = r.json()
            assert r.status_code == 404 and body["code"] == "not_found", body
            assert body["message"] == body[lang] and body["en"] != body["zh"]
        self.client.force_login(self.charlie)  # of no club
        r = self.client.get("/api/clubs/north/groups", headers=self.zh())
        assert r.status_code == 403 and r.json()["code"] == "not_member"
        assert r.json()["message"] == r.json()["zh"]

    def test_a_page_s_refusal_is_the_error_page_or_the_login(self) -> None:
        event = tuesday_pairs(self.north, Actor(user=self.alice))
        url = f"/events/{event.pk}/"
        r = self.client.get(url)
        assert r.status_code == 302 and "/login" in r["Location"] and "next=" in r["Location"]
        self.client.force_login(self.charlie)
        r = self.client.get(url, headers=self.zh())
        assert r.status_code == 403 and "没有权限" in r.content.decode()
        self.client.force_login(self.bob)
        assert self.client.get(url).status_code == 200

    def test_a_conflict_page_says_why(self) -> None:
        from bridgescore.web.core.middleware import RefusalsMiddleware

        request = RequestFactory().get("/somewhere")
        request.user = self.bob
        middleware = RefusalsMiddleware(lambda req: HttpResponse())
        with translation.override("zh-hans"):
            r = middleware.process_exception(request, Conflict(EN, ZH))
        assert r is not None and r.status_code == 409 and ZH in r.content.decode()
        assert middleware.process_exception(request, ValueError("not a refusal")) is None
