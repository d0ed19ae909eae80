"""The lobby's and the table's pages (the WebSocket is in ``routing.py``)."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "play"
urlpatterns: list[URLPattern] = [
    path("", views.lobby, name="lobby"),
    path("live", views.lobby_live, name="lobby_live"),
    path("score", views.score, name="score"),
    path("practise", views.practise, name="practise"),
    path("rooms/<int:room_id>/", views.room_page, name="room"),
    path("tables/new", views.create_table, name="create"),
    path("tables/<int:table_id>/", views.table_page, name="table"),
    path("tables/<int:table_id>/sit", views.sit, name="sit"),
    path("tables/<int:table_id>/stand", views.stand, name="stand"),
]
