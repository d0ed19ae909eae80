"""Asking before an action that stops play or discards work (issue 23, finding 5).

A form that does such a thing posts as usual; the view calls :func:`ask_first` before acting.
Without ``confirmed=yes`` in the post, the answer is a page that says what the action will do
and how (or whether) it can be undone, with the same fields posted again under a confirm
button and a way back; the action runs only on that second post.  It works without
JavaScript, on a phone, and a test client sees exactly what a person sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

CONFIRMED = "confirmed"
_NOT_REPOSTED = frozenset({"csrfmiddlewaretoken", CONFIRMED})


@dataclass(frozen=True)
class Confirmation:
    """What the page says, in the reader's language (the caller translates)."""

    title: str  # the action, as its button says it ("Close the session")
    does: Sequence[str]  # what it will do, a sentence a line
    undo: str  # how it can be undone, or that it cannot
    back: str  # where "Go back" leads (the page the form was on)
    button: str = ""  # the confirm button's label (default: the title)


def ask_first(request: HttpRequest, confirmation: Confirmation) -> HttpResponse | None:
    """``None`` when the post confirms; else the page that asks (status 200: nothing failed)."""
    if request.POST.get(CONFIRMED) == "yes":
        return None
    fields = [(k, v) for k in request.POST if k not in _NOT_REPOSTED
              for v in request.POST.getlist(k)]
    return render(request, "core/confirm.html", {
        "c": confirmation, "fields": fields, "action": request.get_full_path(),
        "button": confirmation.button or confirmation.title})
