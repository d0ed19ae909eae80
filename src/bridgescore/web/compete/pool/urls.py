"""The duplicate pool's pages: /pool/<club>/ (the room), …/boards/ (the player's boards),
…/weeks/<n>/ (the leaderboard), …/weeks/<n>/boards/<b>/ (a board's results)."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "pool"
urlpatterns: list[URLPattern] = [
    path("", views.index, name="index"),
    path("<slug:club>/", views.room, name="room"),
    path("<slug:club>/live", views.room_live, name="room_live"),
    path("<slug:club>/tables/new", views.new_table, name="new_table"),
    path("<slug:club>/tables/<int:table_id>/sit", views.sit, name="sit"),
    path("<slug:club>/boards/", views.my_boards, name="boards"),
    path("<slug:club>/boards/live", views.my_boards_live, name="boards_live"),
    path("<slug:club>/weeks/<int:number>/", views.week, name="week"),
    path("<slug:club>/weeks/<int:number>/boards/<int:board>/", views.board, name="board"),
]
