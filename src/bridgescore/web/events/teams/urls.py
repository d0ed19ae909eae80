"""This app's pages (each path written out in full: the project includes it at the root)."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "teams"
urlpatterns: list[URLPattern] = [
    path("clubs/<slug:slug>/matches/new", views.new_match, name="new"),
    path("events/<int:event_id>/match/", views.match_page, name="match"),
    path("events/<int:event_id>/match/<int:number>/", views.match_detail, name="detail"),
    path("events/<int:event_id>/match/settings", views.settings_page, name="settings"),
]
