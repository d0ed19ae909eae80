from __future__ import annotations

from .base import BaseTestCase


class HomeTestCase(BaseTestCase):
    def test_it_shows_in_english_by_default(self) -> None:
        r = self.client.get("/")
        self.assertContains(r, "Bridge at the club, scored by the Laws")
        self.assertContains(r, '<html lang="en">')
        self.assertContains(r, "Sign up")

    def test_it_follows_a_chinese_browser(self) -> None:
        r = self.client.get("/", headers=self.zh())
        self.assertContains(r, "俱乐部桥牌，按规则记分")
        self.assertContains(r, '<html lang="zh-Hans">')
        self.assertContains(r, "注册")
        self.assertNotContains(r, "Bridge at the club")

    def test_traditional_chinese_browser_gets_chinese_not_english(self) -> None:
        r = self.client.get("/", headers={"Accept-Language": "zh-TW"})
        self.assertContains(r, "俱乐部桥牌")

    def test_every_page_has_the_language_switch(self) -> None:
        for path in ("/", "/account/login/", "/account/signup/", "/clubs/", "/clubs/north/"):
            r = self.client.get(path)
            self.assertContains(r, 'action="/i18n/setlang/"', msg_prefix=path)
            self.assertContains(r, 'name="language" value="zh-hans"', msg_prefix=path)
            self.assertContains(r, 'name="language" value="en"', msg_prefix=path)

    def test_a_member_sees_the_account_link(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.get("/")
        self.assertContains(r, 'href="/account/"')
        self.assertContains(r, "Log out")

    def test_security_headers(self) -> None:
        r = self.client.get("/")
        self.assertIn("default-src 'self'", r.headers["Content-Security-Policy"])
        self.assertEqual(r.headers["X-Frame-Options"], "DENY")
        self.assertEqual(r.headers["X-Content-Type-Options"], "nosniff")
