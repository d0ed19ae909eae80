"""The demo's player groups, its ladder and its 贴点 room, made and played through the
services as the members would (issue 23, finding 4: the demo had none of them).

- Four teams of four members (队) and a player club (帮派), each made by its leader, who
  invites the others; they accept.  A fifth member has an invitation waiting.
- A ladder (梯级挑战赛) the four teams join; the fourth challenges the second, the second
  accepts, and the VP team match is played out at its two rooms' tables (the members as
  people, ``demo_play``: stronger teams slip a card less often); its end moves the ladder
  as the library says.  Then the third challenges the first: a challenge waiting for its
  answer.
- A 贴点 room (open to non-members, §8) where four members played a table of three boards:
  each board's IMPs against the points held, so the totals differ.

Loading it twice changes nothing (the ladder's name is the mark).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.utils import timezone

from ....core.seat import Seat
from ...accounts.models import User
from ...clubs.models import Club
from ...demo_play import play_as_people
from ...play import services as play
from ...play.models import PlaySeat, PlayTable
from .. import services as sv
from ..demo import robots_at_once
from ..models import Competition, CompetitionTable, PlayerGroup
from . import groups as gs

LADDER = ("Riverside ladder", "江滨梯级挑战赛")
HANDICAP = ("Handicap room", "贴点室")
# (English, Chinese, how often its players slip a card): the strongest team first.
TEAMS = [("Aces", "王牌队", 0.02), ("Dragons", "飞龙队", 0.1), ("Phoenix", "凤凰队", 0.06),
         ("Eagles", "雄鹰队", 0.04)]
CLUB_GROUP = ("Night Owls", "夜猫子帮")


def _group(club: Club, kind: str, names: tuple[str, str],
           people: Sequence[User]) -> PlayerGroup:
    g = gs.create(club, people[0], kind=kind, name_en=names[0], name_zh=names[1])
    for u in people[1:]:
        gs.answer(gs.invite(g, people[0], u.pk), u, True)
    return g


def load_online_demo(club: Club, director: User, members: Sequence[User]) -> list[Competition]:
    """The groups, the ladder and the 贴点 room (``members``: at least 20)."""
    done = Competition.objects.filter(club=club, name_en=LADDER[0]).first()
    if done is not None:
        return [done, *Competition.objects.filter(club=club, name_en=HANDICAP[0])]
    teams = [members[4 * i:4 * i + 4] for i in range(len(TEAMS))]
    for (en, zh, _), people in zip(TEAMS, teams, strict=True):
        _group(club, "team", (en, zh), people)
    owls = _group(club, "club", CLUB_GROUP, [members[16], members[17], members[18], members[0]])
    gs.invite(owls, members[16], members[19].pk)  # waiting for an answer
    slips = {int(u.pk): slip for (_, _, slip), people in zip(TEAMS, teams, strict=True)
             for u in people}
    rng = random.Random(2323)
    return [_ladder(club, director, teams, slips, rng),
            _handicap(club, director, members[8:12], slips, rng)]


def _ladder(club: Club, director: User, teams: list[Sequence[User]], slips: dict[int, float],
            rng: random.Random) -> Competition:
    ids = [PlayerGroup.objects.get(club=club, name_en=en).entrant_id for en, _, _ in TEAMS]
    captains = [people[0] for people in teams]
    c = sv.create_competition(club, director, kind="ladder", name_en=LADDER[0],
                              name_zh=LADDER[1], settings={"boards": 8, "deal_seed": 4040,
                                                           "match_start_after": 0})
    for entrant, captain in zip(ids, captains, strict=True):
        sv.act(c, {"type": "join", "entrant": entrant, "kind": "team",
                   "captain": str(captain.pk)}, captain)
    # The Eagles (4th) challenge the Dragons (2nd), who accept: the match is played.
    sv.act(c, {"type": "challenge", "challenger": ids[3], "defender": ids[1]}, captains[3])
    sv.act(c, {"type": "accept", "challenge": 1, "by": ids[1]}, captains[1])
    match = Competition.objects.get(kind="teams", settings__ladder__competition=int(c.pk))
    with robots_at_once():
        sv.run_due(int(match.pk))  # its two rooms open
        tables = [int(t.play_table_id) for t in CompetitionTable.objects.filter(
            competition=match).order_by("room_label")]
        PlaySeat.objects.filter(table_id__in=tables, user__isnull=False).update(away_since=None)
        PlayTable.objects.filter(pk__in=tables).update(due=timezone.now())
        play_as_people(tables, slips, rng)
    # The Phoenix (3rd, or 4th if the Eagles won) challenge the Aces: not answered yet.
    order = list(sv.state_of(c).ladder.order)
    challenger = ids[2]
    if order.index(challenger) - order.index(ids[0]) <= sv.state_of(c).ladder.settings.reach:
        sv.act(c, {"type": "challenge", "challenger": challenger, "defender": ids[0]},
               captains[2])
    return c


def _handicap(club: Club, director: User, four: Sequence[User], slips: dict[int, float],
              rng: random.Random) -> Competition:
    c = sv.create_competition(club, director, kind="handicap", name_en=HANDICAP[0],
                              name_zh=HANDICAP[1], settings={"boards_per_table": 3,
                                                             "deal_seed": 2525},
                              members_only=False)
    sv.act(c, {"type": "open_table", "player": str(four[0].pk)}, four[0])
    table = CompetitionTable.objects.filter(competition=c).select_related("play_table").get()
    t = table.play_table
    with robots_at_once():
        for user, seat in zip(four[1:], (Seat.EAST, Seat.SOUTH, Seat.WEST), strict=True):
            play.sit(t, user, seat)
        PlaySeat.objects.filter(table=t, user__isnull=False).update(away_since=None)
        PlayTable.objects.filter(pk=t.pk).update(due=timezone.now())
        play_as_people([int(t.pk)], slips, rng)
    return c
