"""A Host the site does not answer to: a 400 drawn without the static files' manifest.

A server started before anything was collected (the health check's first question, a
scanner asking by the machine's address) has no manifest; the site's frame asks it for the
stylesheet's hashed name and would fail again (a 500).  The page needs nothing but itself.
"""

from __future__ import annotations

import re
import tempfile

from django.test import SimpleTestCase, override_settings

MANIFEST = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "bridgescore.web.core.storage.GzipManifestStaticFilesStorage"},
}


@override_settings(STORAGES=MANIFEST, STATIC_ROOT=tempfile.mkdtemp(prefix="nothing-collected-"),
                   ALLOWED_HOSTS=["bridge.example.org"])
class DisallowedHostTest(SimpleTestCase):
    def text(self, html: bytes) -> str:
        return " ".join(re.sub(r"<[^>]+>", " ", html.decode()).split())

    def test_the_page_in_both_languages_without_a_manifest(self) -> None:
        r = self.client.get("/", headers={"Host": "203.0.113.5"})
        assert r.status_code == 400
        text = self.text(r.content)
        assert "Unknown site name" in text and "未知的网站名称" in text
        assert "does not answer to the name &#x27;203.0.113.5&#x27;" in text
        assert "不响应名称 &#x27;203.0.113.5&#x27;" in text
        assert text.index("Unknown site name") < text.index("未知的网站名称")
        assert "stylesheet" not in r.content.decode()  # nothing to link to
        zh = self.client.get("/clubs/", headers={"Host": "203.0.113.5",
                                                 "Accept-Language": "zh-CN"})
        assert zh.status_code == 400
        assert '<html lang="zh-Hans">' in zh.content.decode()
        text = self.text(zh.content)
        assert text.index("未知的网站名称") < text.index("Unknown site name")

    def test_a_page_of_the_site_still_needs_the_manifest(self) -> None:
        # The control: with the allowed name, the frame asks the manifest, which is missing.
        with self.assertRaisesMessage(ValueError, "Missing staticfiles manifest entry"):
            self.client.get("/", headers={"Host": "bridge.example.org"})

    def test_the_api_answers_json(self) -> None:
        r = self.client.get("/api/me", headers={"Host": "203.0.113.5",
                                                "Accept-Language": "zh-CN"})
        assert r.status_code == 400
        body = r.json()
        assert body["code"] == "disallowed_host"
        assert body["message"] == body["zh"] and "'203.0.113.5'" in body["en"]

    def test_the_name_is_escaped_and_cut(self) -> None:
        r = self.client.get("/", headers={"Host": "<b>x</b>"})
        assert r.status_code == 400 and b"<b>" not in r.content
        assert "&lt;b&gt;x&lt;/b&gt;" in r.content.decode()
        long = "a" * 5000 + ".example"
        r = self.client.get("/", headers={"Host": long})
        assert r.status_code == 400 and len(r.content) < 2000
        assert "a" * 20 + "…" in r.content.decode()


@override_settings(ALLOWED_HOSTS=["bridge.example.org"])
class WithTheStaticFilesTest(SimpleTestCase):
    def test_the_stylesheet_is_linked_when_it_can_be_named(self) -> None:
        # The tests' plain storage names every file: the page then has the site's style.
        r = self.client.get("/", headers={"Host": "203.0.113.5"})
        assert r.status_code == 400
        assert '<link rel="stylesheet" href="/static/bridgescore/site.css">' in r.content.decode()
