"""A Chinese page has no English left in it: every visible text and accessible name of our
pages is translated (people's own names, e-mail addresses and a few terms excepted)."""

from __future__ import annotations

import re
from html import unescape

from django.core import mail

from .base import BaseTestCase

# Words that stay as they are in a Chinese page: the switch's own name for English, the
# API's vocabulary, and the test people's user names and e-mail addresses.
ALLOWED = {"English", "API", "Authorization", "Bearer", "bst", "alice", "bob", "dave",
           "example", "org", "testserver",
           "UTC"}  # notation: a zone's offset (北京时间 (UTC+08:00)), as test_one_language allows
ACCESSIBLE = re.compile(r'\b(?:aria-label|title|placeholder|alt)="([^"]*)"')
WORD = re.compile(r"[A-Za-z]{2,}")


def english_words(html: str) -> set[str]:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"bst_[A-Za-z0-9_-]+", " ", html)  # API tokens: random letters
    texts = ACCESSIBLE.findall(html)
    texts.append(re.sub(r"<[^>]*>", " ", html))
    words = set(WORD.findall(unescape(" ".join(texts))))
    # The page <title> ends with the brand; user data is set in Chinese below.
    return words - ALLOWED


class ChinesePagesTestCase(BaseTestCase):
    def assert_chinese(self, path: str, status: int = 200) -> None:
        r = self.client.get(path, headers=self.zh(), follow=True)
        self.assertEqual(r.status_code, status, path)
        self.assertEqual(english_words(r.content.decode()), set(), path)

    def test_pages_for_visitors(self) -> None:
        for path in ("/", "/account/signup/", "/account/login/", "/account/password/reset/",
                     "/account/password/reset/sent/", "/account/password/reset/complete/",
                     "/clubs/", "/clubs/north/", "/account/password/reset/MQ/bad-token/"):
            self.assert_chinese(path)
        self.assert_chinese("/no-such-page/", status=404)

    def test_pages_for_a_director(self) -> None:
        self.client.force_login(self.alice)
        for path in ("/account/", "/account/tokens/", "/account/password/",
                     "/account/password/done/", "/clubs/north/", "/clubs/south/"):
            self.assert_chinese(path)
        r = self.client.post("/account/tokens/", {"name": "脚本"}, headers=self.zh())
        self.assertIn("您的新令牌", r.content.decode())
        self.assertEqual(english_words(r.content.decode()), set())

    def test_form_errors(self) -> None:
        r = self.client.post("/account/signup/", {"username": "alice", "email": "x"},
                             headers=self.zh())
        self.assertEqual(english_words(r.content.decode()), set())
        r = self.client.post("/account/login/", {"username": "alice", "password": "x"},
                             headers=self.zh())
        self.assertEqual(english_words(r.content.decode()), set())

    def test_the_reset_e_mail(self) -> None:
        self.client.post("/account/password/reset/", {"email": "alice@example.org"},
                         headers=self.zh())
        body = str(mail.outbox[0].body)
        body = re.sub(r"http://\S+", "", body)
        self.assertEqual(set(WORD.findall(body)) - ALLOWED, set())



CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+")


class EnglishPagesTestCase(BaseTestCase):
    """And the other way round: no Chinese left in an English page but the switch's 中文."""

    def chinese_in(self, path: str) -> set[str]:
        r = self.client.get(path, headers={"Accept-Language": "en"}, follow=True)
        html = re.sub(r"<(script|style)\b.*?</\1>", " ", r.content.decode(), flags=re.S)
        return set(CJK.findall(unescape(html))) - {"中文"}

    def test_pages_for_visitors_and_a_director(self) -> None:
        paths = ["/", "/account/signup/", "/account/login/", "/account/password/reset/",
                 "/clubs/", "/clubs/north/", "/no-such-page/"]
        for path in paths:
            self.assertEqual(self.chinese_in(path), set(), path)
        self.client.force_login(self.alice)
        for path in ("/account/", "/account/tokens/", "/account/password/", "/clubs/north/"):
            # Alice's profile form shows her Chinese name in its field: that is her data.
            self.assertEqual(self.chinese_in(path) - {"王爱丽"}, set(), path)
