"""The ratings' pages (the project includes them at /ratings/)."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "ratings"
urlpatterns: list[URLPattern] = [
    path("leaderboards/", views.leaderboard, name="leaderboard"),
    path("ledger/", views.ledger, name="ledger"),
]
