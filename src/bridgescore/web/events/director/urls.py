"""This app's pages (each path written out in full: the project includes it at the root)."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "director"
urlpatterns: list[URLPattern] = [
    path("clubs/<slug:slug>/sessions/new", views.session_new, name="new"),
    path("events/<int:event_id>/director/", views.console, name="console"),
    path("events/<int:event_id>/director/grid", views.grid_part, name="grid"),
    path("events/<int:event_id>/director/status", views.status, name="status"),
    path("events/<int:event_id>/director/publish", views.publish, name="publish"),
    path("events/<int:event_id>/director/close-round", views.close_round, name="close_round"),
    path("events/<int:event_id>/director/settings", views.settings, name="settings"),
    path("events/<int:event_id>/director/pairs", views.pair_list, name="pairs"),
    path("events/<int:event_id>/director/pairs/<str:number>", views.pair_edit,
         name="pair"),
    path("events/<int:event_id>/director/results", views.results, name="results"),
    path("events/<int:event_id>/director/results/<int:round>/<int:table>/<int:board>",
         views.slot, name="slot"),
    path("events/<int:event_id>/director/movement", views.movement, name="movement"),
    path("events/<int:event_id>/director/audit", views.audit, name="audit"),
]
