"""The vugraph's pages (each path written out in full: the project includes it at the root).

A club team event's match goes by its event, round and open table; any other source's by
its name and the key it gives (an online competition: ``/vugraph/online/<competition>/``).
Each match's ``boards/`` (JSON) lists its rooms' finished boards."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "vugraph"
urlpatterns: list[URLPattern] = [
    path("vugraph/", views.match_list, name="list"),
    path("vugraph/<int:event_id>/<int:round>/<int:table>/", views.event_match_page,
         name="match"),
    path("vugraph/<slug:source>/<int:pk>/", views.source_match_page, name="source_match"),
    # A match's finished boards, as JSON, for the list under each room of a live match.
    path("vugraph/<int:event_id>/<int:round>/<int:table>/boards/", views.event_match_boards,
         name="match_boards"),
    path("vugraph/<slug:source>/<int:pk>/boards/", views.source_match_boards,
         name="source_match_boards"),
]
