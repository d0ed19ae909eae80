from __future__ import annotations

from django.urls import path

from . import views

app_name = "clubs"
urlpatterns = [
    path("", views.club_list, name="list"),
    path("<slug:slug>/", views.club_detail, name="detail"),
    path("<slug:slug>/settings/", views.club_settings, name="settings"),
]
