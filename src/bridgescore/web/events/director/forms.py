"""The console's forms.  They only read what a person typed; every rule (movements, entries,
adjusted scores) is checked by the library through the services, whose bilingual errors the
views put on the form (``say``)."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ....core.errors import BridgeError
from ..models import Event


def say(error: BridgeError) -> str:
    """A library error in the reader's language."""
    return error.zh if (get_language() or "en").startswith("zh") else error.en


class Whole(forms.IntegerField):
    """A whole number whose every error quotes what was typed."""

    default_error_messages = {  # noqa: RUF012 - Django's own pattern
        "min_value": _("%(value)s is too small: expected %(limit_value)s or more."),
        "max_value": _("%(value)s is too large: expected at most %(limit_value)s."),
    }

    def to_python(self, value: Any) -> int | None:
        try:
            return super().to_python(value)
        except forms.ValidationError:
            raise forms.ValidationError(_("“%(value)s” is not a whole number."),
                                        code="invalid", params={"value": value}) from None


class Day(forms.DateField):
    """A date whose error quotes what was typed."""

    def to_python(self, value: Any) -> Any:
        try:
            return super().to_python(value)
        except forms.ValidationError:
            raise forms.ValidationError(
                _("“%(value)s” is not a date: expected year-month-day, e.g. 2026-12-01."),
                code="invalid", params={"value": value}) from None


class SessionForm(forms.Form):
    name_en = forms.CharField(label=pgettext_lazy("session", "Name in English"), max_length=200, required=False)
    name_zh = forms.CharField(label=pgettext_lazy("session", "Name in Chinese"), max_length=200, required=False)
    date = Day(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    movement = forms.ChoiceField(label=_("Movement"), choices=[
        (Event.Movement.MITCHELL.value, Event.Movement.MITCHELL.label),
        (Event.Movement.HOWELL.value, Event.Movement.HOWELL.label)])
    # The library checks the sizes (and says what it expected); only huge numbers stop here.
    tables = Whole(label=_("Tables"), max_value=10**6)
    boards_per_round = Whole(label=_("Boards a round"), max_value=10**6, initial=2)
    rounds = Whole(
        label=_("Rounds"), max_value=10**6, required=False,
        help_text=_("Leave empty for the most the movement allows."))
    scoring = forms.ChoiceField(label=_("Scoring"), choices=[
        (Event.Scoring.MP.value, Event.Scoring.MP.label),
        (Event.Scoring.XIMP.value, Event.Scoring.XIMP.label),
        (Event.Scoring.BUTLER.value, Event.Scoring.BUTLER.label)])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not (data.get("name_en", "").strip() or data.get("name_zh", "").strip()):
            raise forms.ValidationError(_("Give the session a name in Chinese or in English."))
        return data


class SettingsForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Event
        fields: ClassVar[list[str]] = ["name_en", "name_zh", "date", "auto_accept_seconds", "traveller_at_table",
                                       "travellers_live", "check_leads"]
        widgets: ClassVar[dict[str, Any]] = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        field_classes: ClassVar[dict[str, Any]] = {"date": Day, "auto_accept_seconds": Whole}

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not (data.get("name_en", "").strip() or data.get("name_zh", "").strip()):
            raise forms.ValidationError(_("Give the session a name in Chinese or in English."))
        seconds = data.get("auto_accept_seconds")
        if seconds is not None and not 5 <= seconds <= 3600:
            self.add_error("auto_accept_seconds", _(
                "%(value)s seconds: expected 5 to 3600, or empty") % {"value": seconds})
        return data


class PlayerField(forms.ModelChoiceField):  # type: ignore[type-arg]
    def label_from_instance(self, obj: Any) -> str:
        return str(obj.name_in(get_language() or "en"))


class SeatForm(forms.Form):
    """One seat of a pair: a known player, or a guest's name."""

    player = PlayerField(label=_("Player"), queryset=None, required=False,
                         empty_label=pgettext_lazy("no player chosen", "— a guest —"))
    guest_en = forms.CharField(label=_("Guest's name in English"), max_length=100,
                               required=False,
                               help_text=_("Only for a guest: leave the player empty."))
    guest_zh = forms.CharField(label=_("Guest's name in Chinese"), max_length=100,
                               required=False)

    def __init__(self, *args: Any, players: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = players  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        guest = data.get("guest_en", "").strip() or data.get("guest_zh", "").strip()
        if data.get("player") is not None and guest:
            raise forms.ValidationError(_("Choose a player or type a guest's name, not both."))
        if data.get("player") is None and not guest:
            raise forms.ValidationError(_("Choose a player or type a guest's name."))
        return data


class ResultForm(forms.Form):
    """A result typed in either language (``4S N =``, ``北打4♠完成``) and the lead."""

    result = forms.CharField(
        label=_("Result"), max_length=60,
        help_text=_("Contract, declarer and result, in English or Chinese notation: 4S N =, "
                    "3NT S +1, pass."))
    lead = forms.CharField(label=_("Opening lead"), max_length=10, required=False,
                           help_text=_("For example HK or ♥K; may be left empty."))
    reason = forms.CharField(label=_("Reason"), max_length=300)


class AdjustForm(forms.Form):
    ns_award = forms.CharField(label=_("North–South"), max_length=10, initial="A")
    ew_award = forms.CharField(label=_("East–West"), max_length=10, initial="A")
    reason = forms.CharField(label=_("Reason"), max_length=300)


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300)


class SwapForm(forms.Form):
    round = Whole(label=_("Round"), min_value=1)
    pair_a = forms.CharField(label=_("Pair"), max_length=8)
    pair_b = forms.CharField(label=_("with pair"), max_length=8)
    onward = forms.BooleanField(label=_("and every later round"), required=False)


class SitOutForm(forms.Form):
    pair = forms.CharField(label=_("Pair"), max_length=8)
    round = Whole(label=_("Round"), min_value=1)


class WithdrawForm(forms.Form):
    pair = forms.CharField(label=_("Pair"), max_length=8)
    from_round = Whole(label=_("From round"), min_value=1, initial=1)


class LatePairForm(forms.Form):
    pair = forms.CharField(label=_("Pair number (a phantom or withdrawn pair)"), max_length=8)
    from_round = Whole(label=_("From round"), min_value=1)


class CloseRoundForm(forms.Form):
    round = Whole(label=_("Close the rounds up to"), min_value=0)
