"""``/ws/events/<id>/match``: tells a team event's match pages what changed, so that they
fetch their live part again, exactly as ``results.consumers.EventConsumer`` does for the
pairs pages.  The push is the same: after every stored change the events services call the
results app's listener (``results.live.push``), which sends ``event.changed`` to the group
``event.<id>`` on every app server; this socket joins that group.

It sends numbers only (the entry sequence, the boards and the matches a page shows
differently), never a result, and a board only to a viewer who may see it: while the event
is in play a member sees a board once every table has played it (``teams.services``), so a
member hears nothing of a board still being played elsewhere, and hears of a board that it
may no longer see (an entry cancelled).  A changed status, publication or setting (the VP
scale, the bye) is ``status_changed``: the whole page is fetched again.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser

from ....core.errors import BridgeError
from ..models import Event
from ..results.consumers import CLOSE_NOT_ALLOWED as CLOSE_NOT_ALLOWED
from ..results.consumers import CLOSE_NOT_FOUND as CLOSE_NOT_FOUND
from ..results.consumers import LiveEventConsumer
from . import services as teams

_REFUSED = {
    CLOSE_NOT_ALLOWED: ("not_allowed",
                        "You may not follow this team event: before its results are published "
                        "it is for the club's members.",
                        "您无权查看此队式赛：成绩发布前仅限本俱乐部会员查看。"),
    CLOSE_NOT_FOUND: ("not_found", "No such team event.", "没有这场队式赛。"),
}


class MatchConsumer(LiveEventConsumer):
    refusals = _REFUSED
    shown: frozenset[int] = frozenset()  # the boards this viewer's page could show

    def _look(self, *, first: bool) -> dict[str, Any] | int:
        """What this viewer may be told now, or the close code when nothing."""
        event = (Event.objects.select_related("club", "team_settings")
                 .filter(pk=self.event_id, kind=Event.Kind.TEAMS).first())
        if event is None:
            return CLOSE_NOT_FOUND
        user: Any = self.scope.get("user") or AnonymousUser()  # the lazy object is a User
        if not teams.may_see(user, event):
            return CLOSE_NOT_ALLOWED
        full = teams.sees_everything(user, event)
        rules = teams.rules_of(event)
        status = (event.status, bool(event.published), full, rules.vp_scale, rules.bye_vp)
        previous, self.status = self.status, status
        try:
            live = teams.live_of(event)
        except BridgeError:
            # The schedule makes no matches (its page says why): only the sequence is known.
            return {"seq": 0, "boards": [], "matches": [], "status": event.status,
                    "published": bool(event.published), "status_changed": not first}
        visible = None if full else live.played_everywhere()
        boards, matches = live.redraw(min(self.seen, live.seq),
                                      None if visible is None else visible.__contains__,
                                      self.shown)
        self.seen = live.seq
        self.shown = visible if visible is not None else frozenset()
        return {"seq": live.seq, "boards": list(boards), "matches": list(matches),
                "status": event.status, "published": bool(event.published),
                "status_changed": not first and previous != status}
