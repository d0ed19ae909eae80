"""A club's settings, as its directors change them."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from ..timezones_web import zone_choices
from .models import Club


class ClubTimeZoneForm(forms.ModelForm[Club]):
    """The zone the club's times are shown in to members who chose none of their own, and
    the zone a director's typed times (a competition's start) are read in."""

    class Meta:
        model = Club
        fields = ("time_zone",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"] = forms.ChoiceField(
            label=_("The club's time zone"), choices=zone_choices(get_language() or "en"),
            help_text=_("Members who have not chosen a zone of their own see every time in "
                        "this one, with its name."))
