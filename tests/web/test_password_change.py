from __future__ import annotations

from .base import PASSWORD, BaseTestCase

NEW = "a-brand-new-secret"


class PasswordChangeTestCase(BaseTestCase):
    def test_it_requires_a_log_in(self) -> None:
        r = self.client.get("/account/password/")
        self.assertRedirects(r, "/account/login/?next=/account/password/")

    def test_it_changes_the_password(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.post("/account/password/", {"old_password": PASSWORD,
                                                     "new_password1": NEW, "new_password2": NEW})
        self.assertRedirects(r, "/account/password/done/")
        self.bob.refresh_from_db()
        self.assertTrue(self.bob.check_password(NEW))
        # The session that changed it stays logged in.
        self.assertEqual(self.client.get("/account/").status_code, 200)

    def test_it_needs_the_old_password(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.post("/account/password/", {"old_password": "wrong",
                                                     "new_password1": NEW, "new_password2": NEW},
                             headers=self.zh())
        self.assertContains(r, "你的旧密码不正确")
        self.bob.refresh_from_db()
        self.assertTrue(self.bob.check_password(PASSWORD))
