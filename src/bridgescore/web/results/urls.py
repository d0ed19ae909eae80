"""This app's pages (each path written out in full: the project includes it at the root)."""

from __future__ import annotations

from django.urls import URLPattern

app_name = "results"
urlpatterns: list[URLPattern] = []
