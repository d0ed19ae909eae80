from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.test import override_settings
from django.utils import timezone

from bridgescore.web.accounts import throttle
from bridgescore.web.accounts.models import LoginFailure

from .base import PASSWORD, BaseTestCase


@override_settings(LOGIN_FAILURE_LIMIT=3, LOGIN_FAILURE_WINDOW=600)
class LoginTestCase(BaseTestCase):
    def post(self, username: str = "bob", password: str = PASSWORD, ip: str = "10.0.0.1",
             **headers: str) -> Any:
        return self.client.post("/account/login/", {"username": username, "password": password},
                                REMOTE_ADDR=ip, headers=headers)

    def fail_login(self, times: int, username: str = "bob", ip: str = "10.0.0.1") -> None:
        for _ in range(times):
            r = self.post(username, "wrong-password", ip)
            self.assertEqual(r.status_code, 200)

    def test_it_logs_in(self) -> None:
        r = self.post()
        self.assertRedirects(r, "/account/")
        self.assertEqual(int(self.client.session["_auth_user_id"]), self.bob.pk)

    def test_it_goes_to_next(self) -> None:
        r = self.client.post("/account/login/?next=/clubs/",
                             {"username": "bob", "password": PASSWORD, "next": "/clubs/"})
        self.assertRedirects(r, "/clubs/")

    def test_a_wrong_password_is_refused_in_both_languages(self) -> None:
        r = self.post(password="nope")
        self.assertContains(r, "Please enter a correct username and password.")
        r = self.post(password="nope", **self.zh())
        self.assertContains(r, "请输入一个正确的")
        self.assertNotIn("_auth_user_id", self.client.session)

    def test_too_many_failures_lock_the_name_from_that_address(self) -> None:
        self.fail_login(3)
        r = self.post()  # even the right password now
        self.assertEqual(r.status_code, 429)
        self.assertContains(r, "Too many failed log-ins", status_code=429)
        self.assertContains(r, "Try again in 10 minutes", status_code=429)
        self.assertNotIn("_auth_user_id", self.client.session)

    def test_the_lock_message_in_chinese(self) -> None:
        self.fail_login(3)
        r = self.post(**self.zh())
        self.assertContains(r, "登录失败次数过多。请 10 分钟后再试", status_code=429)

    def test_the_user_name_is_folded(self) -> None:
        self.fail_login(3, username="BOB")
        self.assertEqual(self.post().status_code, 429)

    def test_other_addresses_and_other_names_are_not_locked(self) -> None:
        self.fail_login(3)
        self.assertEqual(self.post(ip="10.0.0.2").status_code, 302)
        self.client.logout()
        self.assertEqual(self.post("alice").status_code, 302)

    def test_two_failures_then_success_clears_the_count(self) -> None:
        self.fail_login(2)
        self.assertEqual(self.post().status_code, 302)
        self.client.logout()
        self.fail_login(2)
        self.assertEqual(self.post().status_code, 302)

    def test_the_lock_ends_with_the_window(self) -> None:
        self.fail_login(3)
        LoginFailure.objects.update(window_start=timezone.now() - timedelta(seconds=601))
        self.assertEqual(throttle.seconds_locked("bob", "10.0.0.1"), 0)
        self.assertEqual(self.post().status_code, 302)

    def test_failures_after_the_window_start_a_new_count(self) -> None:
        self.fail_login(2)
        LoginFailure.objects.update(window_start=timezone.now() - timedelta(seconds=601))
        self.fail_login(2)
        self.assertEqual(LoginFailure.objects.get().failures, 2)
        self.assertEqual(throttle.forget_expired(), 0)

    def test_the_admin_log_in_is_throttled_too(self) -> None:
        for _ in range(3):
            self.client.post("/admin/login/", {"username": "root", "password": "x"},
                             REMOTE_ADDR="10.0.0.9")
        r = self.client.post("/admin/login/", {"username": "root", "password": PASSWORD},
                             REMOTE_ADDR="10.0.0.9")
        self.assertContains(r, "Too many failed log-ins")
        self.assertNotIn("_auth_user_id", self.client.session)

    def test_a_logged_in_user_is_sent_on(self) -> None:
        self.client.force_login(self.bob)
        self.assertRedirects(self.client.get("/account/login/"), "/account/")
