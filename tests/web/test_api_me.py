from __future__ import annotations

from bridgescore.web.accounts import tokens

from .base import BaseTestCase


class ApiMeTestCase(BaseTestCase):
    def get(self, token: str | None = None, **headers: str) -> object:
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        return self.client.get("/api/me", headers=headers)

    def test_it_needs_authentication_with_a_json_answer_in_both_languages(self) -> None:
        r = self.client.get("/api/me")
        self.assertEqual(r.status_code, 401)
        self.assertEqual(r.headers["WWW-Authenticate"], 'Bearer realm="bridgescore"')
        body = r.json()
        self.assertEqual(body["code"], "not_authenticated")
        self.assertTrue(body["en"].startswith("Authentication needed"))
        self.assertTrue(body["zh"].startswith("需要身份验证"))
        self.assertEqual(body["message"], body["en"])
        zh = self.client.get("/api/me", headers=self.zh()).json()
        self.assertEqual(zh["message"], zh["zh"])

    def test_a_token_says_who_it_is(self) -> None:
        raw = tokens.issue(self.alice, "script")
        r = self.client.get("/api/me", headers={"Authorization": f"Bearer {raw}"})
        self.assertEqual(r.status_code, 200)
        self.assertEqual(r.json(), {
            "username": "alice", "email": "alice@example.org",
            "name_en": "Alice Wang", "name_zh": "王爱丽", "administrator": False,
            "clubs": [{"slug": "north", "name_en": "North Club", "name_zh": "北方俱乐部",
                       "role": "director"}],
        })

    def test_the_administrator_is_marked(self) -> None:
        raw = tokens.issue(self.root, "script")
        r = self.client.get("/api/me", headers={"Authorization": f"Bearer {raw}"})
        self.assertEqual(r.json()["administrator"], True)

    def test_a_wrong_or_revoked_token_is_401(self) -> None:
        raw = tokens.issue(self.bob, "script")
        bad = raw[:-1] + ("A" if raw[-1] != "A" else "B")
        self.assertEqual(self.client.get("/api/me", headers={"Authorization": f"Bearer {bad}"})
                         .status_code, 401)
        self.bob.api_tokens.all().delete()
        self.assertEqual(self.client.get("/api/me", headers={"Authorization": f"Bearer {raw}"})
                         .status_code, 401)

    def test_a_logged_in_page_may_call_it(self) -> None:
        self.client.force_login(self.bob)
        self.assertEqual(self.client.get("/api/me").json()["username"], "bob")
