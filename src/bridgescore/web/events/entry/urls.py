"""This app's pages (each path written out in full: the project includes it at the root)."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "entry"
urlpatterns: list[URLPattern] = [
    path("t/<str:secret>/", views.table_page, name="table"),
    path("t/<str:secret>/check", views.check, name="check"),
    path("t/<str:secret>/accept", views.accept, name="accept"),
    path("t/<str:secret>/done/<int:seq>", views.done, name="done"),
    path("t/<str:secret>/correct/<int:seq>", views.correct, name="correct"),
]
