from __future__ import annotations

from .base import BaseTestCase


class ClubListTestCase(BaseTestCase):
    def test_anyone_sees_the_clubs(self) -> None:
        r = self.client.get("/clubs/")
        self.assertContains(r, "North Club")
        self.assertContains(r, "South Club")
        self.assertContains(self.client.get("/clubs/", headers=self.zh()), "北方俱乐部")


class ClubDetailTestCase(BaseTestCase):
    def test_a_visitor_sees_the_directors_only(self) -> None:
        r = self.client.get("/clubs/north/")
        self.assertContains(r, "Alice Wang")
        self.assertNotContains(r, "Bob Li")
        self.assertNotContains(r, "@example.org")

    def test_a_member_sees_the_members_but_no_e_mail(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.get("/clubs/north/")
        self.assertContains(r, "Bob Li")
        self.assertContains(r, "You are a member of this club.")
        self.assertNotContains(r, "@example.org")

    def test_its_director_sees_the_e_mail_addresses(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/clubs/north/")
        self.assertContains(r, "bob@example.org")
        self.assertContains(r, "You are a director of this club.")

    def test_the_directors_come_first_in_the_member_list(self) -> None:
        self.client.force_login(self.bob)
        members = self.client.get("/clubs/north/").context["members"]
        self.assertEqual([m.player.name_en for m in members], ["Alice Wang", "Bob Li"])

    def test_another_club_s_director_sees_what_a_visitor_sees(self) -> None:
        self.client.force_login(self.dave)
        r = self.client.get("/clubs/north/")
        self.assertNotContains(r, "Bob Li")
        self.assertNotContains(r, "@example.org")

    def test_a_player_in_no_club_sees_what_a_visitor_sees(self) -> None:
        self.client.force_login(self.charlie)
        self.assertNotContains(self.client.get("/clubs/north/"), "Bob Li")

    def test_the_administrator_sees_everything(self) -> None:
        self.client.force_login(self.root)
        self.assertContains(self.client.get("/clubs/south/"), "dave@example.org")

    def test_names_in_chinese(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/clubs/north/", headers=self.zh())
        self.assertContains(r, "<h1>北方俱乐部</h1>", html=True)
        self.assertContains(r, "李博")
        self.assertContains(r, "您是本俱乐部的裁判。")

    def test_an_unknown_club_is_404_in_both_languages(self) -> None:
        self.assertContains(self.client.get("/clubs/nowhere/"), "Page not found", status_code=404)
        self.assertContains(self.client.get("/clubs/nowhere/", headers=self.zh()), "页面不存在",
                            status_code=404)
