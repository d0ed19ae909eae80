"""This app's pages (each path written out in full: the project includes it at the root)."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "files"
urlpatterns: list[URLPattern] = [
    path("events/<int:event_id>/print/tables", views.table_cards, name="table_cards"),
    path("events/<int:event_id>/print/tables/<int:number>/renew", views.renew_table,
         name="renew_table"),
    path("events/<int:event_id>/print/movement", views.movement, name="movement"),
    path("events/<int:event_id>/print/hands", views.hand_records, name="hand_records"),
    path("events/<int:event_id>/director/boards", views.board_set, name="board_set"),
    path("events/<int:event_id>/export/<str:fmt>", views.export, name="export"),
    path("events/<int:event_id>/director/import", views.import_results, name="import_results"),
]
