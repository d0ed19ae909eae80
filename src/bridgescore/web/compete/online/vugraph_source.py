"""The online VP team matches (kind ``teams``: set up by a director, or a ladder's accepted
challenge) as a source of the vugraph's matches (``vugraph.services``; registered when the
app is loaded).  A match's rooms are its two competition tables (``CompetitionTable``:
table 1 the open room, table 2 the closed room), found through ``play.matches.rooms_of`` as
the play rules find them; its comparison is the library's ``compete.teammatch`` (the
competition's log replayed), shown with the teams app's scorecard.

Who may follow a match: whoever may open the competition (``compete.pages.may_open``: a
published competition; a members-only one for its club's members and directors).  What they
see of the comparison: a director every compared board at once; anyone else a board once
both rooms have played it and the tables' spectators' delay has passed; the VPs on the
match's scale once it is over (cut boards never count, and the scale is read on the
match's whole length, as ``teammatch.MatchOutcome`` does).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _

from ....compete import teammatch as tm
from ....core.i18n import Lang, is_zh
from ....scoring.vp import get_vp_scale
from ....sessions.model import TeamMatch
from ....sessions.teams import score_match
from ...clubs.roles import AnyUser, can_direct
from ...events.teams import services as teams
from ...play import matches as play_matches
from ...play.vugraph import services as vg
from ...play.vugraph.services import Comparison, VugraphMatch
from .. import pages
from .. import services as sv
from ..models import Competition, CompetitionTable

POLL_SECONDS = 15  # the comparison asked again while in play (no push socket here)


class OnlineSource:
    name = "online"

    def _match(self, c: Competition, tables: list[CompetitionTable]) -> VugraphMatch | None:
        first = next((ct.play_table for ct in tables if ct.room_label), None)
        if first is None:
            return None
        rooms = play_matches.rooms_of(first)
        if rooms is None or rooms.open is None or rooms.closed is None:
            return None
        return VugraphMatch(self, (int(c.pk),), c, c.name_en, c.name_zh, rooms.open,
                            rooms.closed, page=reverse("online:match", kwargs={"pk": c.pk}))

    def matches(self, user: AnyUser) -> list[VugraphMatch]:
        found = [c for c in Competition.objects.filter(kind="teams").exclude(status="open")
                 .select_related("club").order_by("status", "-created")[:100]
                 if pages.may_open(user, c)]
        by_c: dict[int, list[CompetitionTable]] = {}
        for ct in (CompetitionTable.objects.filter(competition__in=found)
                   .filter(~Q(room_label="")).select_related("play_table")
                   .order_by("round", "number")):
            by_c.setdefault(int(ct.competition_id), []).append(ct)
        out = []
        for c in found:
            m = self._match(c, by_c.get(int(c.pk), []))
            if m is not None:
                out.append(m)
        return out

    def find(self, key: tuple[int, ...]) -> VugraphMatch | None:
        if len(key) != 1:
            return None
        c = Competition.objects.filter(pk=key[0], kind="teams").select_related("club").first()
        if c is None:
            return None
        tables = list(CompetitionTable.objects.filter(competition=c).exclude(room_label="")
                      .select_related("play_table").order_by("round", "number"))
        return self._match(c, tables)

    def may_see(self, user: AnyUser, match: VugraphMatch) -> bool:
        return pages.may_open(user, match.holder)

    def url(self, match: VugraphMatch) -> str:
        return reverse("vugraph:source_match", kwargs={"source": self.name,
                                                       "pk": match.key[0]})

    def label(self, match: VugraphMatch) -> str:
        settings = match.holder.settings if isinstance(match.holder.settings, dict) else {}
        return _("Ladder match") if settings.get("ladder") else _("Online VP team match")

    def teams(self, match: VugraphMatch, lang: Lang) -> tuple[str, str] | None:
        st = sv.state_of(match.holder).settings
        zh = is_zh(lang)
        return ((st.home.name_zh if zh else st.home.name_en),
                (st.away.name_zh if zh else st.away.name_en))

    def comparison(self, match: VugraphMatch, user: AnyUser,
                   lang: Lang) -> Comparison | None:
        c: Competition = match.holder
        state = sv.state_of(c)
        m: tm.TeamMatchState = state.match
        director = can_direct(user, c.club)
        delayed = None if director else vg.shown_after_delay(match)
        compared = m.compared()
        shown = [b for b in compared if delayed is None or b in delayed]
        names = self.teams(match, lang)
        assert names is not None
        if shown:
            results = tuple(m.results[(room, b)] for b in shown for room in tm.ROOMS)
            score = score_match(TeamMatch(m.home, m.away, results),
                                m.settings.match_settings())
            boards, totals = score.boards, (float(score.home_total), float(score.away_total))
        else:
            boards, totals = (), (0.0, 0.0)
        done = m.phase is tm.Phase.DONE
        complete = done and len(shown) == len(compared)
        outcome = m.outcome() if complete else None
        cut = sorted(m.cut)
        waiting = [b for b in m.boards if b not in shown and b not in m.cut]
        scale = get_vp_scale(m.settings.vp_scale)
        card = teams.scorecard(boards, totals, names, lang, waiting=waiting,
                               vp=None if outcome is None else outcome.vp,
                               vp_scale=scale.name, complete=complete)
        card["cut"] = cut
        final: dict[str, Any] | None = None
        if outcome is not None:
            final = {"winner": None if outcome.winner is None
                     else names[0] if outcome.winner == m.home.id else names[1]}
        running = (vg.running_vp(scale, totals[0], totals[1], m.settings.boards)
                   if boards and outcome is None else None)
        notices = []
        in_play = m.phase is tm.Phase.PLAYING
        if director and in_play:
            notices.append(_("As a director you see every board at once; everyone else sees "
                             "a board once both rooms have played it."))
        if not complete and not director:
            notices.append(_("In play: a board's results are shown once both rooms have "
                             "played it; the totals count those boards only."))
        return Comparison(card, scale.title(lang), notices, complete or director, director,
                          in_play, running, final, int(c.seq), None,
                          POLL_SECONDS if in_play else 0)


ONLINE = OnlineSource()
