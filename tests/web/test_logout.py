from __future__ import annotations

from .base import BaseTestCase


class LogoutTestCase(BaseTestCase):
    def test_it_logs_out(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.post("/account/logout/", follow=True)
        self.assertRedirects(r, "/")
        self.assertContains(r, "You have logged out.")
        self.assertNotIn("_auth_user_id", self.client.session)

    def test_the_message_in_chinese(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.post("/account/logout/", follow=True, headers=self.zh())
        self.assertContains(r, "您已退出登录。")

    def test_it_rejects_get(self) -> None:
        # A GET must not log anyone out (an <img src> on another site could).
        self.client.force_login(self.bob)
        self.assertEqual(self.client.get("/account/logout/").status_code, 405)
        self.assertIn("_auth_user_id", self.client.session)
