"""The kinds of this app in the competitions' registry, with what they check against the
platform's records and what their own effects do:

- ``teams``: the players of a members-only match are the club's members (robots aside);
  ``MatchOver`` posts a ladder match's result to its ladder;
- ``ladder``: a group joins by its leader, with four players at least, all members of the
  club for a members-only ladder; ``StartMatch`` makes the challenge's VP team match;
- ``handicap``: never members-only (§8: 贴点 is the non-members' game).

The effects run in the transaction that stores the action (``services._store``), so a
challenge accepted has its match, and a match ended its ladder result, exactly once.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from ....compete import ladder as lad
from ....core.errors import BridgeError
from ...accounts.models import User
from ...clubs.models import Club
from ...clubs.roles import is_member
from .. import clock
from .. import services as sv
from ..kinds import is_robot
from ..models import Competition, PlayerGroup
from .handicap_kind import HandicapKind
from .ladder_kind import LadderKind, StartMatch, match_start_after
from .teams_kind import MatchOver, TeamsKind

log = logging.getLogger(__name__)

NOT_MEMBER_EN = "Only the club's members may enter this competition."
NOT_MEMBER_ZH = "只有本俱乐部会员可以参加此比赛。"


def _not_members(club: Club, ids: list[str]) -> list[str]:
    people = [p for p in ids if not is_robot(p)]
    users = {str(u.pk): u for u in User.objects.filter(
        pk__in=[int(p) for p in people if p.isdigit()])}
    return [p for p in people if p not in users or not is_member(users[p], club)]


class PlatformTeams(TeamsKind):
    def verify_setup(self, club: Any, settings: Mapping[str, Any], members_only: bool) -> None:
        st = self.read_settings({k: v for k, v in settings.items()
                                 if k not in sv.PLATFORM_SETTINGS})
        ids = [*st.home.players, *st.away.players]
        shared = set(st.home.players) & set(st.away.players)
        if shared:
            raise sv.NotAllowed(f"player {sorted(shared)[0]} is in both teams",
                                f"牌手 {sorted(shared)[0]} 同时在两个队", "bad_team")
        unknown = [p for p in ids if not is_robot(p)
                   and not (p.isdigit() and User.objects.filter(pk=int(p)).exists())]
        if unknown:
            raise sv.NotAllowed(f"no player {unknown[0]!r:.20}: a team names players by "
                                "their accounts (or robot:…)",
                                f"没有牌手 {unknown[0]!r:.20}：队员须为平台账户（或 robot:…）",
                                "bad_team")
        if members_only:
            outside = _not_members(club, ids)
            if outside:
                raise sv.NotAllowed(f"{NOT_MEMBER_EN} (player {outside[0]})",
                                    f"{NOT_MEMBER_ZH}（牌手 {outside[0]}）", "not_member")


def group_of(club: Club, entrant: object) -> PlayerGroup | None:
    if not isinstance(entrant, str) or not entrant.startswith("g") or not entrant[1:].isdigit():
        return None
    return PlayerGroup.objects.filter(pk=int(entrant[1:]), club=club).first()


def lineup(group: PlayerGroup) -> list[str]:
    """The default line-up, the four who play for the group when its captain chose none:
    the leader, then the members in order (of joining)."""
    ids = [str(m.user_id) for m in group.members.order_by("order", "id")]
    leader = str(group.leader_id)
    return ([leader] + [i for i in ids if i != leader])[:4]


class PlatformLadder(LadderKind):
    def verify(self, competition: Any, data: Mapping[str, Any], by: Any) -> None:
        what = data.get("type")
        if what in ("challenge", "accept"):
            # A group that cannot field four would make a match that cannot be set up.
            entrant = data.get("challenger") if what == "challenge" else data.get("by")
            group = group_of(competition.club, entrant)
            if group is not None and len(lineup(group)) < 4:
                raise sv.NotAllowed(
                    f"{group} has {len(lineup(group))} players: a ladder match is played by "
                    "four; invite members first",
                    f"{group} 只有 {len(lineup(group))} 名牌手：梯级赛由四人出赛，请先邀请成员",
                    "too_few")
            return
        if what != "join":
            return
        group = group_of(competition.club, data.get("entrant"))
        if group is None or group.dissolved is not None:
            raise sv.NotAllowed(f"no player group {str(data.get('entrant'))[:20]!r} in this club",
                                f"本俱乐部没有 {str(data.get('entrant'))[:20]!r} 这个牌手团体",
                                "not_found")
        if group.leader_id != by.pk or data.get("captain") != str(by.pk):
            raise sv.NotAllowed("Only the group's leader enters it on the ladder.",
                                "只有团体的队长（帮主）可以报名参加梯级赛。", "not_leader")
        if data.get("kind", "team") != group.kind:
            raise sv.NotAllowed(f"{group} is a {group.kind}, not a {data.get('kind')!s:.10}",
                                f"{group} 的类型是 {group.kind}，不是 {data.get('kind')!s:.10}",
                                "bad_kind")
        players = lineup(group)
        if len(players) < 4:
            raise sv.NotAllowed(f"{group} has {len(players)} players: a ladder match is played "
                                "by four", f"{group} 只有 {len(players)} 名牌手：梯级赛由四人出赛",
                                "too_few")
        if competition.members_only:
            everyone = [str(m.user_id) for m in group.members.all()] + [str(group.leader_id)]
            outside = _not_members(competition.club, everyone)
            if outside:
                raise sv.NotAllowed(f"{NOT_MEMBER_EN} (player {outside[0]})",
                                    f"{NOT_MEMBER_ZH}（牌手 {outside[0]}）", "not_member")

    def verify_setup(self, club: Any, settings: Mapping[str, Any], members_only: bool) -> None:
        for e in settings.get("entrants") or ():
            group = group_of(club, e.get("id"))
            if group is None or str(group.leader_id) != e.get("captain"):
                raise sv.NotAllowed(f"entrant {str(e.get('id'))[:20]!r}: not a player group of the "
                                    "club led by that captain",
                                    f"参赛者 {str(e.get('id'))[:20]!r}：不是本俱乐部由该队长带领的牌手团体",
                                    "bad_entrant")


class PlatformHandicap(HandicapKind):
    def verify_setup(self, club: Any, settings: Mapping[str, Any], members_only: bool) -> None:
        if members_only:
            raise sv.NotAllowed("An HCP-handicap room is open to every player (members or not): set it up "
                                "with members_only off.",
                                "贴点室对所有牌手开放（会员与非会员）：设立时请关闭“仅限会员”。",
                                "members_only")


def _start_match(ladder: Competition, state: Any, e: StartMatch) -> None:
    """The accepted challenge's VP team match: a competition of kind ``teams`` in the
    ladder's club, on the ladder's match settings, started at once by the clock."""
    home, away = group_of(ladder.club, e.home), group_of(ladder.club, e.away)
    if home is None or away is None:
        log.warning("ladder %s: challenge %s names a group that is gone", ladder.pk, e.challenge)
        return
    match = state.ladder.settings.match
    settings: dict[str, Any] = {
        "home": {"id": e.home, "name_en": home.name_en, "name_zh": home.name_zh,
                 "players": lineup(home)},
        "away": {"id": e.away, "name_en": away.name_en, "name_zh": away.name_zh,
                 "players": lineup(away)},
        "boards": match.boards, "vp_scale": match.vp_scale if isinstance(match.vp_scale, str)
        else "wbf", "start_at": e.at + match_start_after(ladder.settings),
        "ladder": {"competition": int(ladder.pk), "challenge": e.challenge},
        "grace_seconds": int(ladder.settings.get("grace_seconds", 60))}
    if ladder.settings.get("deal_seed") is not None:
        settings["deal_seed"] = f"{ladder.settings['deal_seed']}-{e.challenge}"
    kind = sv.KINDS["teams"]
    st = kind.start(sv._kind_settings(kind, settings))
    due = kind.due(st)
    Competition.objects.create(
        club=ladder.club, kind="teams", settings=settings, status=kind.status(st),
        members_only=ladder.members_only, published=ladder.published,
        name_en=f"{ladder.name_en or ladder.name_zh}: {home.name_in('en')} v {away.name_in('en')}"[:200],
        name_zh=f"{ladder.name_zh or ladder.name_en}：{home.name_in('zh')} 对 {away.name_in('zh')}"[:200],
        next_due=None if due is None else clock.moment(due), created_by=ladder.created_by)


def _match_over(match: Competition, state: Any, e: MatchOver) -> None:
    """A ladder match ended: its VPs are the challenge's result."""
    if e.ladder is None:
        return
    ladder_id, challenge = e.ladder

    def make(ladder_state: Any, now: float) -> Any:
        if challenge not in ladder_state.ladder.challenges:
            return None  # ended meanwhile (lapsed, withdrawn by leaving)
        return lad.match_result(ladder_state.ladder, challenge, e.outcome, now)

    try:
        with transaction.atomic():
            sv._act(ladder_id, make, None)
    except BridgeError as err:
        log.warning("ladder %s: the result of challenge %s was refused: %s", ladder_id,
                    challenge, err.en)


sv.register_kind(PlatformTeams())
sv.register_kind(PlatformLadder())
sv.register_kind(PlatformHandicap())
sv.register_effect(StartMatch, _start_match)
sv.register_effect(MatchOver, _match_over)
