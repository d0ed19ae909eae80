from __future__ import annotations

from django.test import Client

from .base import BaseTestCase


class LanguageSwitchTestCase(BaseTestCase):
    def test_switching_to_chinese_sticks_across_pages(self) -> None:
        r = self.client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/clubs/"})
        self.assertRedirects(r, "/clubs/", fetch_redirect_response=False)
        self.assertEqual(r.cookies["bridgescore_language"].value, "zh-hans")
        # The cookie beats the browser's own preference.
        r = self.client.get("/clubs/", headers={"Accept-Language": "en"})
        self.assertContains(r, "<h1>俱乐部</h1>", html=False)

    def test_switching_back_to_english(self) -> None:
        self.client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
        self.client.post("/i18n/setlang/", {"language": "en", "next": "/"})
        r = self.client.get("/", headers=self.zh())
        self.assertContains(r, "Bridge at the club")

    def test_the_switch_needs_the_csrf_token(self) -> None:
        client = Client(enforce_csrf_checks=True)
        r = client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/"})
        self.assertEqual(r.status_code, 403)
        self.assertContains(r, "The form has expired", status_code=403)

    def test_an_unsafe_next_address_is_not_followed(self) -> None:
        r = self.client.post("/i18n/setlang/", {"language": "en", "next": "https://evil.example/"})
        self.assertEqual(r.status_code, 302)
        self.assertNotIn("evil.example", r.headers["Location"])
