"""Account pages: sign up, log in and out, password change and reset, profile, API tokens.

Django's own auth views do the work; these configure them (our templates, our throttled
form) and add the pages Django has no view for.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from ..clubs.roles import roles_of
from ..core.confirm import Confirmation, ask_first
from ..core.middleware import club_zone_of
from . import tokens
from .forms import LoginForm, NamesForm, ResetForm, SignupForm, TimeZoneForm, TokenForm
from .models import ApiToken, Player, User


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome! Your account has been created."))
        return redirect("accounts:profile")
    return render(request, "accounts/signup.html", {"form": form})


class LoginView(auth.LoginView):
    form_class = LoginForm
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def form_invalid(self, form: Any) -> HttpResponse:
        response = super().form_invalid(form)
        if any(e.code == "locked" for e in form.non_field_errors().as_data()):
            response.status_code = 429  # Too Many Requests: scripts can tell
        return response


class LogoutView(auth.LogoutView):
    """POST only (a link or an image on another site cannot log anyone out); then back to
    the home page with a message, so a reload does not post again."""

    http_method_names = ["post", "options"]  # noqa: RUF012 (Django's own attribute)

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        messages.info(request, _("You have logged out. See you at the table!"))
        return response


password_change = auth.PasswordChangeView.as_view(
    template_name="accounts/password_change.html",
    success_url=reverse_lazy("accounts:password_change_done"),
)
password_change_done = auth.PasswordChangeDoneView.as_view(
    template_name="accounts/password_change_done.html")
password_reset = auth.PasswordResetView.as_view(
    form_class=ResetForm,
    template_name="accounts/password_reset.html",
    email_template_name="accounts/email/password_reset.txt",
    subject_template_name="accounts/email/password_reset_subject.txt",
    success_url=reverse_lazy("accounts:password_reset_done"),
)
password_reset_done = auth.PasswordResetDoneView.as_view(
    template_name="accounts/password_reset_done.html")
password_reset_confirm = auth.PasswordResetConfirmView.as_view(
    template_name="accounts/password_reset_confirm.html",
    success_url=reverse_lazy("accounts:password_reset_complete"),
)
password_reset_complete = auth.PasswordResetCompleteView.as_view(
    template_name="accounts/password_reset_complete.html")


def _player(user: User) -> Player:
    player = Player.objects.filter(user=user).first()
    return player if player is not None else Player(user=user, name_en=user.username)


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    user = request.user
    assert isinstance(user, User)
    zone_post = request.method == "POST" and "time_zone" in request.POST
    names_post = request.method == "POST" and not zone_post
    form = NamesForm(request.POST if names_post else None, instance=_player(user))
    club_zone = club_zone_of(user)
    zone_form = TimeZoneForm(request.POST if zone_post else None, instance=user,
                             club_zone=club_zone)
    if names_post and form.is_valid():
        form.save()
        messages.success(request, _("Your names have been saved."))
        return redirect("accounts:profile")
    if zone_post and zone_form.is_valid():
        zone_form.save()
        messages.success(request, _("Your time zone has been saved."))
        return redirect("accounts:profile")
    return render(request, "accounts/profile.html", {"form": form, "zone_form": zone_form,
                                                     "roles": roles_of(user)})


@login_required
@require_http_methods(["GET", "POST"])
def api_tokens(request: HttpRequest) -> HttpResponse:
    user = request.user
    assert isinstance(user, User)
    form = TokenForm(request.POST or None)
    new_token = None
    if request.method == "POST" and form.is_valid():
        new_token = tokens.issue(user, form.cleaned_data["name"])
        form = TokenForm()
    return render(request, "accounts/tokens.html", {
        "form": form, "new_token": new_token,
        "tokens": ApiToken.objects.filter(user=user).order_by("-created"),
    })


@login_required
@require_POST
def revoke_token(request: HttpRequest, pk: int) -> HttpResponse:
    # Someone else's token is "not found", not "forbidden": its existence is not revealed.
    token = get_object_or_404(ApiToken, pk=pk, user=request.user)
    asked = ask_first(request, Confirmation(
        title=_("Revoke a token"),
        does=[_("Revoke the token “%(name)s”: every program that uses it is refused from "
                "now on.") % {"name": token.name}],
        undo=_("This cannot be undone: make a new token for a program that still needs one."),
        back=reverse("accounts:tokens"), button=_("Revoke")))
    if asked is not None:
        return asked
    token.delete()
    messages.success(request, _("The token “%(name)s” has been revoked.") % {"name": token.name})
    return redirect("accounts:tokens")
