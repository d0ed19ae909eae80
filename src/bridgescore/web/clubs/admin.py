from __future__ import annotations

from django.contrib import admin

from .models import Club, Membership


class MembershipInline(admin.TabularInline[Membership, Club]):
    model = Membership
    extra = 0
    autocomplete_fields = ("player",)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin[Club]):
    list_display = ("slug", "name_en", "name_zh")
    search_fields = ("slug", "name_en", "name_zh")
    inlines = (MembershipInline,)
