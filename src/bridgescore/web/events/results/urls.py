"""This app's pages (each path written out in full: the project includes it at the root)."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "results"
urlpatterns: list[URLPattern] = [
    path("events/<int:event_id>/", views.ranking, name="ranking"),
    path("events/<int:event_id>/boards/<int:number>/", views.board, name="board"),
    path("events/<int:event_id>/pairs/<str:number>/", views.pair, name="pair"),
    path("events/<int:event_id>/screen/", views.screen, name="screen"),
]
