"""The player groups' JSON API: the same rights as the pages (401 without a log-in, 403 for
a right the caller lacks, 404 for what does not exist, 400 with the service's words), a
whole flow (make, invite, accept, hand over, choose a line-up, dissolve) by bearer tokens."""

from __future__ import annotations

import json
from typing import Any

from django.test import TransactionTestCase

from bridgescore.web.accounts import tokens
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import Competition, PlayerGroup

from ...base import make_user
from .helpers import FAST, T0, club_with


@FAST
class GroupsApiTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.p = club_with(8)
        self.out = make_user("out", "Out", "外人")
        self.tokens: dict[int, str] = {}

    def call(self, method: str, url: str, user: Any = None, body: Any = None,
             lang: str = "en") -> tuple[int, Any]:
        headers = {"Accept-Language": lang}
        if user is not None:
            if user.pk not in self.tokens:
                self.tokens[user.pk] = tokens.issue(user, "script")
            headers["Authorization"] = f"Bearer {self.tokens[user.pk]}"
        r = self.client.generic(method, "/api" + url,
                                data=json.dumps(body) if body is not None else "",
                                content_type="application/json", headers=headers)
        return r.status_code, r.json()

    def test_rights_and_errors(self) -> None:
        status, body = self.call("GET", "/clubs/online/groups")
        assert status == 401
        status, body = self.call("GET", "/clubs/online/groups", self.out)
        assert status == 403 and body["code"] == "not_member" and body["zh"]
        assert self.call("GET", "/clubs/nope/groups", self.p[0])[0] == 404
        status, body = self.call("POST", "/clubs/online/groups", self.p[0],
                                 {"kind": "team", "name_en": "Aces", "name_zh": "王牌队"})
        assert status == 201 and body["leader"]["id"] == self.p[0].pk
        gid = body["id"]
        status, body = self.call("POST", "/clubs/online/groups", self.p[1],
                                 {"kind": "team", "name_en": "ACES"}, lang="zh-CN")
        assert status == 400 and body["code"] == "name_taken"
        assert "'ACES'" in body["en"] and body["message"] == body["zh"]
        status, body = self.call("PATCH", f"/groups/{gid}", self.p[1], {"name_en": "Kings"})
        assert status == 403 and body["code"] == "not_leader"
        status, body = self.call("PATCH", f"/groups/{gid}", self.td, {"name_en": "Kings"})
        assert status == 403  # a director has no say in a group's name
        assert self.call("GET", "/groups/99999", self.p[0])[0] == 404
        assert self.call("GET", f"/groups/{gid}", self.out)[0] == 403
        status, body = self.call("POST", f"/groups/{gid}/invitations", self.p[0],
                                 {"user": self.out.pk})
        assert status == 403 and body["code"] == "not_member"
        status, body = self.call("POST", f"/groups/{gid}/invitations", self.p[0], {"user": "x"})
        assert status == 422
        assert self.call("POST", f"/groups/{gid}/dissolve", self.p[1])[0] == 403

    def test_a_whole_flow(self) -> None:
        lead = self.p[0]
        status, g = self.call("POST", "/clubs/online/groups", lead, {"name_en": "Aces"})
        gid = g["id"]
        invs = []
        for u in self.p[1:5]:
            status, inv = self.call("POST", f"/groups/{gid}/invitations", lead, {"user": u.pk})
            assert status == 201 and inv["status"] == "pending"
            invs.append(inv["id"])
        # Only the invited player answers.
        status, body = self.call("POST", f"/invitations/{invs[0]}/accept", lead)
        assert status == 403 and body["code"] == "not_yours"
        status, mine = self.call("GET", "/invitations", self.p[1])
        assert [i["id"] for i in mine] == [invs[0]]
        for u, i in zip(self.p[1:5], invs, strict=True):
            status, body = self.call("POST", f"/invitations/{i}/accept", u)
            assert status == 200 and body["status"] == "accepted"
        status, g = self.call("GET", f"/groups/{gid}", self.p[5])
        assert [m["id"] for m in g["members"]] == [u.pk for u in self.p[:5]]
        # The other side: the Bees, four members.
        status, b = self.call("POST", "/clubs/online/groups", self.p[5], {"name_en": "Bees"})
        for u in [*self.p[6:8], self.td]:
            _, inv = self.call("POST", f"/groups/{b['id']}/invitations", self.p[5], {"user": u.pk})
            self.call("POST", f"/invitations/{inv['id']}/accept", u)
        ladder = sv.create_competition(self.club, self.td, kind="ladder", name_en="L",
                                       settings={"boards": 8})
        assert self.call("POST", f"/groups/{gid}/ladders/{ladder.pk}", lead)[0] == 200
        status, body = self.call("POST", f"/groups/{b['id']}/ladders/{ladder.pk}", self.p[5])
        assert status == 200 and body["ladders"] == [{"ladder": ladder.pk, "place": 2, "of": 2}]
        sv.act(ladder, {"type": "challenge", "challenger": f"g{b['id']}", "defender": f"g{gid}"},
               self.p[5])
        sv.act(ladder, {"type": "accept", "challenge": 1, "by": f"g{gid}"}, lead)
        [match] = Competition.objects.filter(kind="teams")
        # Hand over the leadership, then the new leader chooses the line-up.
        status, g = self.call("POST", f"/groups/{gid}/leader", lead, {"user": self.p[1].pk})
        assert status == 200 and g["leader"]["id"] == self.p[1].pk
        four = [self.p[4].pk, self.p[3].pk, self.p[2].pk, self.p[1].pk]
        url = f"/groups/{gid}/matches/{match.pk}/lineup"
        status, body = self.call("PUT", url, lead, {"players": four})
        assert status == 403 and body["code"] == "not_leader"
        status, body = self.call("PUT", url, self.p[1], {"players": four})
        assert status == 200 and body == {"match": match.pk, "lineup": four}
        status, body = self.call("PUT", url, self.p[1], {"players": four[:3]})
        assert status == 400 and body["code"] == "bad_lineup"
        status, g = self.call("GET", f"/groups/{gid}", self.p[1])
        assert g["matches"][0]["lineup"] == four and not g["matches"][0]["lineup_locked"]
        # Dissolving is refused while the challenge is open.
        status, body = self.call("POST", f"/groups/{gid}/dissolve", self.p[1])
        assert status == 400 and body["code"] == "busy"
        # A member leaves by deleting their own membership (not one in the line-up).
        status, body = self.call("DELETE", f"/groups/{gid}/members/{self.p[0].pk}", self.p[0])
        assert status == 200 and self.p[0].pk not in [m["id"] for m in body["members"]]
        status, log = self.call("GET", f"/groups/{gid}/log", self.p[5])
        assert [r["action"] for r in log][:3] == ["leave", "lineup", "transfer"]
        assert PlayerGroup.objects.get(pk=gid).leader_id == self.p[1].pk
