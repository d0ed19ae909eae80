"""The vugraph's pages (each path written out in full: the project includes it at the root).

A club team event's match goes by its event, round and open table; any other source's by
its name and the key it gives (an online competition: ``/vugraph/online/<competition>/``)."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "vugraph"
urlpatterns: list[URLPattern] = [
    path("vugraph/", views.match_list, name="list"),
    path("vugraph/<int:event_id>/<int:round>/<int:table>/", views.event_match_page,
         name="match"),
    path("vugraph/<slug:source>/<int:pk>/", views.source_match_page, name="source_match"),
]
