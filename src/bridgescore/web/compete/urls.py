"""The competitions' pages (the project includes them at /compete/)."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "compete"
urlpatterns: list[URLPattern] = [
    path("", views.home, name="home"),
    path("new/", views.new, name="new"),
    path("results/", views.results_home, name="results_home"),
    path("<int:cid>/", views.event, name="event"),
    path("<int:cid>/act/", views.act, name="act"),
    path("<int:cid>/results/", views.results, name="results"),
    path("<int:cid>/boards/<int:number>/", views.board, name="board"),
]
