"""What every page of this app shares: the reader's language, a competition of one kind the
reader may see, and a refusal said back in the reader's language."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from ....core.errors import BridgeError
from ...core.bilingual import lang as lang  # re-exported: the online views import it from here
from .. import services as sv
from ..models import Competition


def competition(request: HttpRequest, pk: int, kind: str) -> Competition:
    c = get_object_or_404(Competition.objects.select_related("club"), pk=pk, kind=kind)
    if not sv.can_see(request.user, c):
        raise Http404
    return c


def refused(request: HttpRequest, e: BridgeError) -> None:
    messages.error(request, e.zh if lang() == "zh" else e.en)
