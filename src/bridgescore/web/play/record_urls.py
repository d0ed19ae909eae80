"""The game records' pages (each path written out in full: the project includes it at the
root)."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import record_views as views

app_name = "records"
urlpatterns: list[URLPattern] = [
    path("play/boards/<int:board_id>/", views.board_page, name="board"),
    path("play/boards/<int:board_id>.pbn", views.board_download, {"fmt": "pbn"}, name="pbn"),
    path("play/boards/<int:board_id>.lin", views.board_download, {"fmt": "lin"}, name="lin"),
    path("play/boards/<int:board_id>/replay", views.board_replay, name="board_replay"),
    path("play/tables/<int:table_id>/replay", views.table_replay, name="replay"),
    path("play/tables/<int:table_id>/session", views.table_session, name="session"),
    path("play/tables/<int:table_id>/boards/<int:index>/", views.table_board,
         name="table_board"),
]
