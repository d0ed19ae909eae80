from __future__ import annotations

from django.test import Client

from bridgescore.web.accounts.models import Player, User

from .base import PASSWORD, BaseTestCase

FORM = {
    "username": "erin",
    "name_en": "Erin Zhou",
    "name_zh": "周艾琳",
    "email": "erin@example.org",
    "password1": PASSWORD,
    "password2": PASSWORD,
}


class SignupTestCase(BaseTestCase):
    def test_it_shows_the_form(self) -> None:
        r = self.client.get("/account/signup/")
        self.assertContains(r, 'name="name_zh"')
        self.assertContains(r, 'name="csrfmiddlewaretoken"')

    def test_it_creates_the_user_and_the_player_and_logs_in(self) -> None:
        r = self.client.post("/account/signup/", FORM)
        self.assertRedirects(r, "/account/")
        user = User.objects.get(username="erin")
        self.assertEqual(user.email, "erin@example.org")
        self.assertTrue(user.check_password(PASSWORD))
        player = Player.objects.get(user=user)
        self.assertEqual((player.name_en, player.name_zh), ("Erin Zhou", "周艾琳"))
        self.assertEqual(self.client.get("/account/").context["user"], user)

    def test_one_name_is_enough(self) -> None:
        r = self.client.post("/account/signup/", dict(FORM, name_en=""))
        self.assertEqual(r.status_code, 302)
        self.assertEqual(Player.objects.get(user__username="erin").name_zh, "周艾琳")

    def test_it_needs_a_name(self) -> None:
        r = self.client.post("/account/signup/", dict(FORM, name_en=" ", name_zh=""))
        self.assertContains(r, "Give your name in English or in Chinese")
        self.assertFalse(User.objects.filter(username="erin").exists())

    def test_it_needs_a_name_in_chinese_too(self) -> None:
        r = self.client.post("/account/signup/", dict(FORM, name_en="", name_zh=""),
                             headers=self.zh())
        self.assertContains(r, "请填写中文或英文姓名")

    def test_an_e_mail_address_is_used_once_whatever_its_case(self) -> None:
        r = self.client.post("/account/signup/", dict(FORM, email="ALICE@example.org"))
        self.assertContains(r, "An account with this e-mail address already exists.")
        self.assertFalse(User.objects.filter(username="erin").exists())

    def test_a_taken_user_name_is_refused(self) -> None:
        r = self.client.post("/account/signup/", dict(FORM, username="alice"))
        self.assertContains(r, "A user with that username already exists.")

    def test_passwords_must_match_and_be_strong(self) -> None:
        r = self.client.post("/account/signup/", dict(FORM, password2=PASSWORD + "x"))
        self.assertContains(r, "didn’t match")
        r = self.client.post("/account/signup/", dict(FORM, password1="12345678",
                                                      password2="12345678"))
        self.assertContains(r, "This password is entirely numeric.")
        self.assertFalse(User.objects.filter(username="erin").exists())

    def test_a_logged_in_user_goes_to_the_account(self) -> None:
        self.client.force_login(self.bob)
        self.assertRedirects(self.client.get("/account/signup/"), "/account/")

    def test_it_needs_the_csrf_token(self) -> None:
        client = Client(enforce_csrf_checks=True)
        r = client.post("/account/signup/", FORM)
        self.assertContains(r, "security check failed", status_code=403)
        self.assertFalse(User.objects.filter(username="erin").exists())

    def test_csrf_failure_in_chinese(self) -> None:
        client = Client(enforce_csrf_checks=True)
        r = client.post("/account/signup/", FORM, headers=self.zh())
        self.assertContains(r, "表单已失效", status_code=403)

    def test_it_rejects_put(self) -> None:
        self.assertEqual(self.client.put("/account/signup/").status_code, 405)
