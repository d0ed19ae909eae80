from __future__ import annotations

from .base import BaseTestCase


class ProfileTestCase(BaseTestCase):
    def test_it_requires_a_log_in(self) -> None:
        self.assertRedirects(self.client.get("/account/"), "/account/login/?next=/account/")

    def test_it_shows_the_roles(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/account/")
        self.assertContains(r, "alice@example.org")
        self.assertContains(r, "director · <a href=\"/clubs/north/\">North Club</a>", html=False)
        self.assertNotContains(r, "administrator")

    def test_roles_in_chinese(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/account/", headers=self.zh())
        self.assertContains(r, "裁判 · <a href=\"/clubs/north/\">北方俱乐部</a>", html=False)
        self.assertContains(r, "牌手")

    def test_the_administrator_is_shown_as_one(self) -> None:
        self.client.force_login(self.root)
        self.assertContains(self.client.get("/account/"), "administrator")

    def test_it_saves_the_names(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.post("/account/", {"name_en": "Robert Li", "name_zh": "李伯"})
        self.assertRedirects(r, "/account/")
        self.bob.player.refresh_from_db()
        self.assertEqual((self.bob.player.name_en, self.bob.player.name_zh), ("Robert Li", "李伯"))

    def test_it_keeps_at_least_one_name(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.post("/account/", {"name_en": "", "name_zh": ""})
        self.assertContains(r, "Give your name")
        self.bob.player.refresh_from_db()
        self.assertEqual(self.bob.player.name_en, "Bob Li")
