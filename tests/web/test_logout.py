from __future__ import annotations

from .base import BaseTestCase


class LogoutTestCase(BaseTestCase):
    def test_it_logs_out(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.post("/account/logout/")
        self.assertRedirects(r, "/")
        self.assertNotIn("_auth_user_id", self.client.session)

    def test_it_rejects_get(self) -> None:
        # A GET must not log anyone out (an <img src> on another site could).
        self.client.force_login(self.bob)
        self.assertEqual(self.client.get("/account/logout/").status_code, 405)
        self.assertIn("_auth_user_id", self.client.session)
