"""The director's form for a new team match or round robin."""

from __future__ import annotations

import datetime
import re
from typing import Any, cast

from django import forms
from django.forms import BaseFormSet, formset_factory
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ..accounts.models import Player
from ..clubs.models import Club
from .services import MAX_PLAYERS, MAX_TEAMS, MIN_PLAYERS, Guest

_CJK = re.compile(r"[\u3400-\u9fff]")


class MatchForm(forms.Form):
    name_en = forms.CharField(label=pgettext_lazy("match", "Name in English"), max_length=200, required=False)
    name_zh = forms.CharField(label=pgettext_lazy("match", "Name in Chinese"), max_length=200, required=False)
    date = forms.DateField(label=_("Date"), initial=datetime.date.today,
                           widget=forms.DateInput(attrs={"type": "date"}))
    movement = forms.ChoiceField(
        label=_("Kind"), widget=forms.RadioSelect, initial="match",
        choices=[("match", _("a match between two teams")),
                 ("round-robin", _("a round robin: every pair of teams plays a match"))])
    boards = forms.IntegerField(label=_("Boards per match"), min_value=1, max_value=64,
                                initial=16)
    segments = forms.IntegerField(
        label=_("Segments (a match only)"), min_value=1, max_value=8, initial=1,
        help_text=_("The match's boards split into this many equal segments, one a round."))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not (data.get("name_en", "").strip() or data.get("name_zh", "").strip()):
            raise forms.ValidationError(_("Give the session a name in English or in Chinese."))
        boards, segments = data.get("boards"), data.get("segments")
        if (data.get("movement") == "match" and isinstance(boards, int)
                and isinstance(segments, int) and boards % segments):
            self.add_error("segments", _("%(boards)d boards do not split into %(segments)d "
                                         "equal segments.") % {"boards": boards,
                                                               "segments": segments})
        return data


class MemberField(forms.ModelMultipleChoiceField[Player]):
    def label_from_instance(self, obj: Player) -> str:
        # Both names: a director may know a member by either.
        return f"{obj.name_en} {obj.name_zh}".strip()


class TeamForm(forms.Form):
    name_en = forms.CharField(label=_("Team name in English"), max_length=200, required=False)
    name_zh = forms.CharField(label=_("Team name in Chinese"), max_length=200, required=False)
    members = MemberField(
        label=_("Players who are club members"), queryset=Player.objects.none(), required=False,
        widget=forms.CheckboxSelectMultiple)
    guests = forms.CharField(
        label=_("Guests"), required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One a line: the English name, a slash, the Chinese name "
                    "(either may be left out), e.g. “Lin Tao / 林涛”."))

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["members"]
        assert isinstance(field, MemberField)
        field.queryset = Player.objects.filter(memberships__club=club).order_by(
            "name_en", "name_zh")

    @property
    def used(self) -> bool:
        d = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        return bool(d.get("name_en") or d.get("name_zh") or d.get("members") or d.get("guests"))

    def clean_guests(self) -> list[Guest]:
        out = []
        for line in str(self.cleaned_data.get("guests") or "").splitlines():
            text = line.strip()
            if not text:
                continue
            en, _sep, zh = (s.strip() for s in text.partition("/"))
            if not zh and _CJK.search(en):
                en, zh = "", en
            if len(en) > 100 or len(zh) > 100:
                raise forms.ValidationError(
                    _("“%(line)s” is too long: a name has at most 100 characters.")
                    % {"line": text[:40]})
            if not (en or zh):
                raise forms.ValidationError(
                    _("“%(line)s” has no name: expected “English name / 中文名”.")
                    % {"line": text[:40]})
            out.append(Guest(en, zh))
        return out

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not self.used:
            return data
        if not (data.get("name_en", "").strip() or data.get("name_zh", "").strip()):
            raise forms.ValidationError(_("Give the team a name in English or in Chinese."))
        n = len(data.get("members") or ()) + len(data.get("guests") or ())
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise forms.ValidationError(
                _("This team has %(n)d players: a team has %(low)d to %(high)d.")
                % {"n": n, "low": MIN_PLAYERS, "high": MAX_PLAYERS})
        return data


class BaseTeamFormSet(BaseFormSet[TeamForm]):
    def __init__(self, *args: Any, club: Club, movement: str = "match", **kwargs: Any) -> None:
        self.club = club
        self.movement = movement
        super().__init__(*args, **kwargs)

    def get_form_kwargs(self, index: int | None) -> dict[str, Any]:
        return {**super().get_form_kwargs(index), "club": self.club}

    def clean(self) -> None:
        if any(self.errors):
            return
        used = [f for f in self.forms if f.used]
        if self.movement == "match" and len(used) != 2:
            raise forms.ValidationError(
                _("A match is between 2 teams: %(n)d are filled in.") % {"n": len(used)})
        if self.movement == "round-robin" and not 3 <= len(used) <= MAX_TEAMS:
            raise forms.ValidationError(
                _("A round robin takes 3 to %(high)d teams: %(n)d are filled in.")
                % {"high": MAX_TEAMS, "n": len(used)})
        seen: dict[int, int] = {}
        for i, f in enumerate(self.forms, 1):
            for p in f.cleaned_data.get("members") or ():
                if p.pk in seen:
                    raise forms.ValidationError(
                        _("%(name)s is in team %(a)d and in team %(b)d.")
                        % {"name": f"{p.name_en} {p.name_zh}".strip(), "a": seen[p.pk], "b": i})
                seen[p.pk] = i


TeamFormSet = cast(type[BaseTeamFormSet], formset_factory(
    TeamForm, formset=BaseTeamFormSet, extra=MAX_TEAMS, max_num=MAX_TEAMS,
    absolute_max=MAX_TEAMS))
