from __future__ import annotations

import re

from django.core import mail

from .base import BaseTestCase

NEW = "a-brand-new-secret"


class PasswordResetTestCase(BaseTestCase):
    def link(self) -> str:
        match = re.search(r"http://testserver(/account/password/reset/\S+/)", str(mail.outbox[0].body))
        assert match is not None, mail.outbox[0].body
        return match.group(1)

    def test_it_sends_the_link_in_english(self) -> None:
        r = self.client.post("/account/password/reset/", {"email": "bob@example.org"})
        self.assertRedirects(r, "/account/password/reset/sent/")
        self.assertEqual(len(mail.outbox), 1)
        message = mail.outbox[0]
        self.assertEqual(message.to, ["bob@example.org"])
        self.assertEqual(message.subject, "Your new bridgescore password on testserver")
        self.assertIn("Hello bob,", message.body)
        self.assertIn("ignore this message", message.body)

    def test_it_sends_the_link_in_chinese(self) -> None:
        self.client.post("/account/password/reset/", {"email": "bob@example.org"},
                         headers=self.zh())
        message = mail.outbox[0]
        self.assertEqual(message.subject, "重设您在 testserver 上的桥牌记分密码")
        self.assertIn("bob，您好：", message.body)
        self.assertIn("请忽略此邮件", message.body)

    def test_an_unknown_address_looks_the_same_and_sends_nothing(self) -> None:
        r = self.client.post("/account/password/reset/", {"email": "nobody@example.org"})
        self.assertRedirects(r, "/account/password/reset/sent/")
        self.assertEqual(mail.outbox, [])

    def test_the_link_sets_a_new_password_once(self) -> None:
        self.client.post("/account/password/reset/", {"email": "bob@example.org"})
        r = self.client.get(self.link(), follow=True)
        form_url = r.redirect_chain[-1][0]
        r = self.client.post(form_url, {"new_password1": NEW, "new_password2": NEW})
        self.assertRedirects(r, "/account/password/reset/complete/")
        self.bob.refresh_from_db()
        self.assertTrue(self.bob.check_password(NEW))
        r = self.client.get(self.link(), follow=True)
        self.assertContains(r, "This link has already been used or has expired.")

    def test_an_account_made_without_a_password_can_set_one(self) -> None:
        self.charlie.set_unusable_password()
        self.charlie.save()
        self.client.post("/account/password/reset/", {"email": "CHARLIE@example.org"})
        self.assertEqual(len(mail.outbox), 1)
        r = self.client.get(self.link(), follow=True)
        r = self.client.post(r.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
        self.charlie.refresh_from_db()
        self.assertTrue(self.charlie.check_password(NEW))

    def test_an_inactive_account_gets_nothing(self) -> None:
        self.bob.is_active = False
        self.bob.save()
        self.client.post("/account/password/reset/", {"email": "bob@example.org"})
        self.assertEqual(mail.outbox, [])
