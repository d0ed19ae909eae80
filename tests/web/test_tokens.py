from __future__ import annotations

import hashlib
import re

from bridgescore.web.accounts import tokens
from bridgescore.web.accounts.models import ApiToken

from .base import BaseTestCase


class TokensTestCase(BaseTestCase):
    def test_it_requires_a_log_in(self) -> None:
        r = self.client.get("/account/tokens/")
        self.assertRedirects(r, "/account/login/?next=/account/tokens/")

    def test_a_new_token_is_shown_once_and_stored_hashed(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.post("/account/tokens/", {"name": "upload script"})
        match = re.search(r"bst_[A-Za-z0-9_-]{43}", r.content.decode())
        assert match is not None
        raw = match.group(0)
        row = ApiToken.objects.get(user=self.bob)
        self.assertEqual(row.digest, hashlib.sha256(raw.encode()).hexdigest())
        self.assertEqual(row.prefix, raw[4:12])
        self.assertFalse(ApiToken.objects.filter(digest__contains=raw[12:]).exists())
        self.assertEqual(tokens.user_for(raw), self.bob)
        again = self.client.get("/account/tokens/").content.decode()
        self.assertNotIn(raw, again)
        self.assertIn(f"bst_{raw[4:12]}…", again)

    def test_a_token_needs_a_name(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.post("/account/tokens/", {"name": ""}, headers=self.zh())
        self.assertContains(r, "这个字段是必填项。")
        self.assertFalse(ApiToken.objects.exists())

    def test_revoking_ends_the_token(self) -> None:
        raw = tokens.issue(self.bob, "script")
        self.client.force_login(self.bob)
        pk = ApiToken.objects.get().pk
        # First the question: what revoking does, that it cannot be undone; nothing done yet.
        for headers, says in (({}, ("Revoke the token “script”", "cannot be undone")),
                              (self.zh(), ("作废令牌“script”", "无法撤销"))):
            r = self.client.post(f"/account/tokens/{pk}/revoke/", headers=headers)
            self.assertEqual(r.status_code, 200)
            for text in says:
                self.assertContains(r, text)
            self.assertContains(r, 'name="confirmed" value="yes"')
            self.assertEqual(tokens.user_for(raw), self.bob)
        r = self.client.post(f"/account/tokens/{pk}/revoke/", {"confirmed": "yes"})
        self.assertRedirects(r, "/account/tokens/")
        self.assertIsNone(tokens.user_for(raw))

    def test_nobody_revokes_someone_elses_token(self) -> None:
        tokens.issue(self.bob, "script")
        pk = ApiToken.objects.get().pk
        self.client.force_login(self.alice)
        self.assertEqual(self.client.post(f"/account/tokens/{pk}/revoke/").status_code, 404)
        self.assertTrue(ApiToken.objects.filter(pk=pk).exists())

    def test_revoking_rejects_get(self) -> None:
        tokens.issue(self.bob, "script")
        self.client.force_login(self.bob)
        pk = ApiToken.objects.get().pk
        self.assertEqual(self.client.get(f"/account/tokens/{pk}/revoke/").status_code, 405)

    def test_malformed_and_wrong_tokens_find_nobody(self) -> None:
        raw = tokens.issue(self.bob, "script")
        for bad in ("", "bst_", raw[:-1], raw + "x", "xyz" + raw[3:], raw[:-1] + "A"
                    if raw[-1] != "A" else raw[:-1] + "B"):
            self.assertIsNone(tokens.user_for(bad), bad)

    def test_an_inactive_user_s_token_finds_nobody(self) -> None:
        raw = tokens.issue(self.bob, "script")
        self.bob.is_active = False
        self.bob.save()
        self.assertIsNone(tokens.user_for(raw))
