"""The director's form for a new team match or round robin."""

from __future__ import annotations

import datetime
import re
from typing import Any, cast

from django import forms
from django.forms import BaseFormSet, formset_factory
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ....core.errors import BridgeError
from ....scoring.vp import get_vp_scale
from ....sessions.team_events import ByeVp, check_bye_vp, parse_bye_vp
from ...accounts.models import Player
from ...clubs.models import Club
from ...core.bilingual import lang as _lang
from .services import MAX_PLAYERS, MAX_TEAMS, MIN_PLAYERS, VP_SCALE, Guest, scale_choices

_CJK = re.compile(r"[\u3400-\u9fff]")
DOUBLE = "double-round-robin"  # the form's third kind: a round robin played twice


def _said(e: BridgeError) -> str:
    return e.zh if _lang() == "zh" else e.en


class ScoringFields(forms.Form):
    """The VP scale (the library's scales, titled in the reader's language) and the bye,
    checked by the library against each other; ``boards`` (when known) against the scale."""

    # Not required: a form sent without it (a script's) gets the default scale.
    vp_scale = forms.ChoiceField(label=_("VP scale"), initial=VP_SCALE, required=False)
    bye_vp = forms.CharField(
        label=_("VPs for a bye"), required=False, max_length=12,
        help_text=_("A round robin of an odd number of teams: a number of VPs, or “average” "
                    "(the team's own average). Empty: the usual 12 on a 20-VP scale, 18 on "
                    "the 30-VP scale."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["vp_scale"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = scale_choices(_lang())

    def clean_vp_scale(self) -> str:
        return str(self.cleaned_data.get("vp_scale") or VP_SCALE)

    def clean_bye_vp(self) -> ByeVp | None:
        text = str(self.cleaned_data.get("bye_vp") or "").strip()
        if not text:
            return None
        try:
            return parse_bye_vp(text)
        except BridgeError as e:
            raise forms.ValidationError(_said(e)) from None

    def check_scoring(self, data: dict[str, Any], boards: object) -> None:
        scale, bye = data.get("vp_scale"), data.get("bye_vp")
        if not isinstance(scale, str):
            return
        try:
            if isinstance(boards, int) and boards >= 1:
                get_vp_scale(scale).points(0, boards)  # the scale covers such a match
        except BridgeError as e:
            self.add_error("vp_scale", _said(e))
        if bye is not None and "bye_vp" not in self.errors:
            try:
                check_bye_vp(bye, scale)
            except BridgeError as e:
                self.add_error("bye_vp", _said(e))


class MatchForm(ScoringFields):
    field_order = ("name_en", "name_zh", "date", "movement", "boards", "segments", "vp_scale",
                   "bye_vp")
    name_en = forms.CharField(label=pgettext_lazy("match", "Name in English"), max_length=200, required=False)
    name_zh = forms.CharField(label=pgettext_lazy("match", "Name in Chinese"), max_length=200, required=False)
    date = forms.DateField(label=_("Date"), initial=datetime.date.today,
                           widget=forms.DateInput(attrs={"type": "date"}))
    movement = forms.ChoiceField(
        label=_("Kind"), widget=forms.RadioSelect, initial="match",
        choices=[("match", _("a match between two teams")),
                 ("round-robin", _("a round robin: every pair of teams plays a match")),
                 (DOUBLE, _("a double round robin: every pair of teams plays twice, home "
                            "and away"))])
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
        self.check_scoring(data, boards)
        return data


class SettingsForm(ScoringFields):
    """A team event's VP scale and bye, changed by its director (the services check the
    scale against the event's matches)."""

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        self.check_scoring(data, None)
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
        if self.movement in ("round-robin", DOUBLE) and not 3 <= len(used) <= MAX_TEAMS:
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
