"""The vugraph's pages (each path written out in full: the project includes it at the root)."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "vugraph"
urlpatterns: list[URLPattern] = [
    path("vugraph/", views.match_list, name="list"),
    path("vugraph/<int:event_id>/<int:round>/<int:table>/", views.match_page, name="match"),
]
