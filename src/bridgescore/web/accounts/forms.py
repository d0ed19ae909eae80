"""Forms: sign-up (with the player's names), a throttled log-in, names, API tokens."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordResetForm,
    UserCreationForm,
    UsernameField,
)
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext_lazy as _

from ..timezones_web import zone_choice_label, zone_choices
from . import throttle
from .models import Player, User

# Django's own Chinese text for this keeps the English word "Email".
EMAIL_INVALID = _("Enter a valid e-mail address.")


class NamesMixin(forms.Form):
    name_en = forms.CharField(label=_("Name in English"), max_length=100, required=False,
                              help_text=_("As it should appear in English results."),
                              widget=forms.TextInput(attrs={"autocomplete": "name"}))
    name_zh = forms.CharField(label=_("Name in Chinese"), max_length=100, required=False,
                              help_text=_("As it should appear in Chinese results."),
                              widget=forms.TextInput(attrs={"autocomplete": "off", "lang": "zh-Hans"}))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not (data.get("name_en", "").strip() or data.get("name_zh", "").strip()):
            raise ValidationError(_("Give your name in English or in Chinese (or both)."),
                                  code="no_name")
        return data


class SignupForm(NamesMixin, UserCreationForm[User]):
    email = forms.EmailField(label=_("E-mail"), max_length=254,
                             help_text=_("Used only to reset your password."),
                             error_messages={"invalid": EMAIL_INVALID},
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))
    field_order = ("username", "name_en", "name_zh", "email", "password1", "password2")

    class Meta:
        model = User
        fields = ("username", "email")
        field_classes: ClassVar[dict[str, type[forms.Field]]] = {"username": UsernameField}

    def clean_email(self) -> str:
        email = str(self.cleaned_data["email"]).strip()
        if User.objects.filter(email__iexact=email).exists():
            raise ValidationError(_("An account with this e-mail address already exists."),
                                  code="email_taken")
        return email

    @transaction.atomic
    def save(self, commit: bool = True) -> User:
        user = super().save(commit=True)
        Player.objects.create(user=user, name_en=self.cleaned_data["name_en"].strip(),
                              name_zh=self.cleaned_data["name_zh"].strip())
        return user


class ThrottleMixin:
    """Refuses a (user name, address) pair that failed too often; counts each failure."""

    request: Any
    error_messages: dict[str, Any]

    def clean(self) -> dict[str, Any]:
        data: dict[str, Any] = self.cleaned_data  # type: ignore[attr-defined]
        username = str(data.get("username") or "")
        address = throttle.client_address(self.request)
        if username:
            seconds = throttle.seconds_locked(username, address)
            if seconds:
                minutes = max(1, -(-seconds // 60))
                raise ValidationError(
                    ngettext(
                        "Too many failed log-ins for this name from your address. "
                        "Try again in %(minutes)d minute, or reset your password.",
                        "Too many failed log-ins for this name from your address. "
                        "Try again in %(minutes)d minutes, or reset your password.",
                        minutes,
                    ) % {"minutes": minutes},
                    code="locked",
                )
        try:
            result: dict[str, Any] = super().clean()  # type: ignore[misc]
        except ValidationError:
            if username:
                throttle.record_failure(username, address)
            raise
        if username:
            throttle.clear(username, address)
        return result


class LoginForm(ThrottleMixin, AuthenticationForm):
    pass


class AdminLoginForm(ThrottleMixin, AdminAuthenticationForm):
    pass


class NamesForm(NamesMixin, forms.ModelForm[Player]):
    class Meta:
        model = Player
        fields = ("name_en", "name_zh")


class TimeZoneForm(forms.ModelForm[User]):
    """The zone the user's pages show times in: blank for their club's."""

    class Meta:
        model = User
        fields = ("time_zone",)

    def __init__(self, *args: Any, club_zone: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        lang = get_language() or "en"
        club = zone_choice_label(club_zone, timezone.now(), lang)
        self.fields["time_zone"] = forms.ChoiceField(
            label=_("Time zone"), required=False,
            help_text=_("Every time on the site is shown in this zone, with its name."),
            choices=[("", _("My club's: %(zone)s") % {"zone": club}), *zone_choices(lang)])


class TokenForm(forms.Form):
    name = forms.CharField(label=_("What the token is for"), max_length=100,
                           help_text=_("For example: results upload script."))


class ResetForm(PasswordResetForm):
    """Django's reset, open also to accounts that never had a password: a user made by
    ``bridgescore web createuser`` without one sets it this way."""

    email = forms.EmailField(label=_("E-mail"), max_length=254,
                             error_messages={"invalid": EMAIL_INVALID},
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))

    def get_users(self, email: str) -> Iterator[Any]:
        return iter(User.objects.filter(email__iexact=email, is_active=True))
