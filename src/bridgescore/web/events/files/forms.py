from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

# A board set or a session's results is a few hundred kilobytes at most.
MAX_UPLOAD = 5 * 1024 * 1024


class _Upload(forms.Form):
    file = forms.FileField(label=_("File"))

    def clean_file(self) -> object:
        f = self.cleaned_data["file"]
        if f.size > MAX_UPLOAD:
            raise forms.ValidationError(
                _("The file is %(size)s bytes: at most %(max)s are accepted."),
                params={"size": f.size, "max": MAX_UPLOAD})
        return f


class BoardSetForm(_Upload):
    file = forms.FileField(label=_("PBN file"), allow_empty_file=True,
                           help_text=_("UTF-8, UTF-16, GB18030 or Big5; every board with its deal."))


class ResultsImportForm(_Upload):
    file = forms.FileField(label=_("Results file"), allow_empty_file=True,
                           help_text=_("USEBIO XML, PBN or CSV (told apart by the content)."))
