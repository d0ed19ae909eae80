"""The director's form for a new competition: the Swiss's settings or the pairs event's.

Numbers are read here (not by Django's number fields) so that every error quotes what was
typed and says what was expected, in the reader's language; the kind's own reader (the
library's settings) checks the rest when the competition is created.
"""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from ...core.timezones import offset_text
from ..clubs.models import Club
from ..timezones_web import zone_label

SWISS_SCORING = [("ximp", gettext_lazy("cross-IMPs (XIMP)")),
                 ("butler", gettext_lazy("total IMPs (against the datum)")),
                 ("mp", gettext_lazy("matchpoints (MP)"))]
PAIRS_SCORING = [("mp", gettext_lazy("matchpoints (MP)")),
                 ("ximp", gettext_lazy("cross-IMPs (XIMP)")),
                 ("butler", gettext_lazy("total IMPs (against the datum)"))]
KINDS = [("swiss", gettext_lazy("automatic Swiss pairs")), ("pairs", gettext_lazy("pairs event"))]
WINNERS = [("1", gettext_lazy("one winner (Howell)")), ("2", gettext_lazy("two winners (Mitchell)"))]


def _number(field: forms.Field) -> forms.Field:
    field.widget = forms.TextInput(attrs={"inputmode": "decimal"})
    return field


class NewCompetitionForm(forms.Form):
    club = forms.ChoiceField(label=gettext_lazy("Club"))
    kind = forms.ChoiceField(label=gettext_lazy("Kind"), choices=KINDS,
                             widget=forms.RadioSelect)
    name_en = forms.CharField(label=gettext_lazy("Name in English"), max_length=200,
                              required=False)
    name_zh = forms.CharField(label=gettext_lazy("Name in Chinese"), max_length=200,
                              required=False)
    members_only = forms.BooleanField(label=gettext_lazy("For the club's members only"),
                                      required=False, initial=True)
    start = forms.CharField(label=gettext_lazy("Start of round 1"),
                            widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    # The Swiss.
    rounds = _number(forms.CharField(label=gettext_lazy("Rounds"), initial="6", required=False))
    boards_per_round = _number(forms.CharField(label=gettext_lazy("Boards a round"),
                                               initial="3", required=False))
    round_minutes = _number(forms.CharField(label=gettext_lazy("Minutes a round"),
                                            initial="24", required=False))
    scoring = forms.ChoiceField(label=gettext_lazy("Scoring"), choices=SWISS_SCORING,
                                required=False)
    completion = _number(forms.CharField(
        label=gettext_lazy("Completion share (%)"), initial="60", required=False,
        help_text=gettext_lazy("A pair that played this share of all boards is ranked.")))
    hold_seconds = _number(forms.CharField(
        label=gettext_lazy("Registration hold (seconds)"), initial="30", required=False,
        help_text=gettext_lazy("How long both players keep their hands raised.")))
    registration_minutes = _number(forms.CharField(
        label=gettext_lazy("Registration room opens (minutes before)"), initial="30",
        required=False))
    # The pairs event.
    winners = forms.ChoiceField(label=gettext_lazy("Winners"), choices=WINNERS, required=False)
    pairs_scoring = forms.ChoiceField(label=gettext_lazy("Scoring"), choices=PAIRS_SCORING,
                                      required=False)
    pairs_boards = _number(forms.CharField(label=gettext_lazy("Boards a round"), initial="2",
                                           required=False))
    pairs_round_minutes = _number(forms.CharField(label=gettext_lazy("Minutes a round"),
                                                  initial="15", required=False))

    def __init__(self, *args: Any, clubs: list[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clubs = {str(c.pk): c for c in clubs}
        club = self.fields["club"]
        assert isinstance(club, forms.ChoiceField)
        lang = get_language() or "en"  # each club by its name in the reader's language
        club.choices = [(str(c.pk), c.name_in(lang)) for c in clubs]
        for f in self.fields.values():
            f.error_messages["required"] = _("This field is required.")
        # The start is read in the reader's zone (the one their pages show times in:
        # ``core.middleware.LocalTimeMiddleware``), and the form says which.
        now = timezone.localtime(timezone.now())
        self.fields["start"].help_text = _(
            "Date and time in %(zone)s (%(offset)s), e.g. 2030-03-01 19:30") % {
            "zone": zone_label(now, lang), "offset": offset_text(now)}

    # -- reading numbers, quoting the input ------------------------------------------------

    def _whole(self, name: str, low: int, high: int) -> int | None:
        raw = (self.data.get(name) or "").strip()
        try:
            value = int(raw)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            self.add_error(name, _("“%(value)s” is not a whole number from %(low)s to "
                                   "%(high)s.") % {"value": raw[:40], "low": low, "high": high})
            return None
        return value

    def _decimal(self, name: str, low: float, high: float, strict: bool = False) -> float | None:
        raw = (self.data.get(name) or "").strip()
        try:
            value: float | None = float(raw.replace(",", "."))
        except ValueError:
            value = None
        if value is None or value != value or value < low or value > high \
                or (strict and value == low):
            msg = (_("“%(value)s” is not a number above %(low)s and at most %(high)s.") if strict
                   else _("“%(value)s” is not a number from %(low)s to %(high)s."))
            self.add_error(name, msg % {"value": raw[:40], "low": f"{low:g}", "high": f"{high:g}"})
            return None
        return value

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not (data.get("name_en", "").strip() or data.get("name_zh", "").strip()):
            self.add_error("name_en", _("Give a name in English or in Chinese."))
        raw = (self.data.get("start") or "").strip()
        start = None
        for fmt in ("%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S"):
            try:
                start = datetime.datetime.strptime(raw, fmt)
                break
            except ValueError:
                continue
        if start is None:
            if raw:
                self.add_error("start", _("“%(value)s” is not a date and time: expected e.g. "
                                          "2030-03-01 19:30.") % {"value": raw[:40]})
        else:
            # In the zone the form names (the reader's, activated for the request).
            data["start_seconds"] = timezone.make_aware(start).timestamp()
        if data.get("kind") == "swiss":
            settings: dict[str, Any] = {
                "rounds": self._whole("rounds", 1, 200),
                "boards_per_round": self._whole("boards_per_round", 1, 50),
                "round_minutes": self._decimal("round_minutes", 0, 600, strict=True),
                "completion": self._decimal("completion", 0, 100),
                "hold_seconds": self._decimal("hold_seconds", 0, 600),
                "registration_minutes": self._decimal("registration_minutes", 0, 10080),
                "scoring": data.get("scoring") or "ximp",
            }
            if settings["completion"] is not None:
                settings["completion"] = settings["completion"] / 100
        elif data.get("kind") == "pairs":
            minutes = self._decimal("pairs_round_minutes", 0, 600, strict=True)
            settings = {
                "winners": int(data.get("winners") or 1),
                "scoring": data.get("pairs_scoring") or "mp",
                "boards_per_round": self._whole("pairs_boards", 1, 20),
                "round_time": None if minutes is None else minutes * 60,
            }
        else:
            settings = {}
        data["settings"] = settings
        return data

    def kind_settings(self) -> dict[str, Any]:
        """The kind's settings (call once the form is valid)."""
        data = self.cleaned_data
        out = {k: v for k, v in data["settings"].items() if v is not None}
        key = "start" if data["kind"] == "swiss" else "start_at"
        out[key] = data["start_seconds"]
        return out

    def club_chosen(self) -> Club:
        return self.clubs[self.cleaned_data["club"]]
