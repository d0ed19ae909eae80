from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import ApiToken, Player, User

admin.site.register(User, UserAdmin)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin[Player]):
    list_display = ("name_en", "name_zh", "user")
    search_fields = ("name_en", "name_zh", "user__username")


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin[ApiToken]):
    list_display = ("name", "user", "prefix", "created", "last_used")
    readonly_fields = ("prefix", "digest", "created", "last_used")
