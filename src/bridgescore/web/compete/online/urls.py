"""This app's pages (paths written out in full: the project includes it at the root)."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views_groups, views_handicap, views_ladder, views_teams

app_name = "online"
urlpatterns: list[URLPattern] = [
    path("compete/teams/new/<slug:slug>/", views_teams.new_match, name="match_new"),
    path("compete/teams/<int:pk>/", views_teams.match_page, name="match"),
    path("compete/ladder/<int:pk>/", views_ladder.ladder_page, name="ladder"),
    path("compete/ladder/<int:pk>/act", views_ladder.ladder_act, name="ladder_act"),
    path("compete/ladder/<int:pk>/history/", views_ladder.ladder_history, name="ladder_history"),
    path("clubs/<slug:slug>/groups/", views_groups.club_groups, name="club_groups"),
    path("groups/<int:pk>/", views_groups.group_page, name="group"),
    path("groups/<int:pk>/act", views_groups.group_act, name="group_act"),
    path("compete/handicap/<int:pk>/", views_handicap.handicap_page, name="handicap"),
    path("compete/handicap/<int:pk>/open", views_handicap.open_table, name="handicap_open"),
    path("compete/handicap/<int:pk>/result", views_handicap.record_board,
         name="handicap_result"),
]
