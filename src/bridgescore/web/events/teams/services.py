"""Team events at a club: creating a match or a round robin, and what a reader may see of it.

The schedule is the library's (``sessions.live_teams.match_schedule`` and
``round_robin_schedule``, once or twice round), stored as the event's assignment lines, so
the table phones enter results through the events services exactly as for pairs.  Every
score is the library's: ``LiveTeams.match_state`` (IMPs by Law 78B, artificial scores by
Law 86, VPs on the event's scale) and ``LiveTeams.standings`` (a bye worth the event's
setting).  The VP scale and the bye are the director's settings (``TeamSettings``): scores
are worked out when read, so a changed setting re-scores every match at once.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from django.db import transaction
from django.utils.translation import gettext as _

from ....core.board import Board
from ....core.cards import Card
from ....core.errors import BridgeError
from ....core.figures import runs
from ....core.i18n import Lang
from ....scoring.vp import VP_SCALES, get_vp_scale
from ....sessions.live_teams import (
    LiveTeams,
    MatchState,
    imp_arithmetic,
    match_schedule,
    room_arithmetic,
    round_robin_schedule,
)
from ....sessions.model import BoardResult
from ....sessions.team_events import ByeVp, Standing, check_bye_vp, default_bye_vp
from ....sessions.teams import MatchBoard, MatchSettings
from ...accounts.models import Player
from ...clubs.models import Club
from ...clubs.roles import AnyUser, can_direct, is_member
from .. import replay as ev_replay
from .. import services as sv
from .. import tables as table_secrets
from ..models import Entrant, Event, Seat, Table, TeamSettings

MIN_PLAYERS, MAX_PLAYERS = 4, 6
MAX_TEAMS = 8
VP_SCALE = "wbf"  # the default: the WBF 2013 continuous 20-VP scale (the library's own)


@dataclass(frozen=True, slots=True)
class Guest:
    """A player with no account, entered by the director."""

    name_en: str
    name_zh: str


@dataclass(frozen=True, slots=True)
class TeamSpec:
    name_en: str
    name_zh: str
    players: tuple[Player | Guest, ...]


GUEST_NAME_LENGTH = 100  # Player.name_en / name_zh


def _check_players(club: Club, teams: Sequence[TeamSpec], members: list[int]) -> None:
    """What the page's form ensures, for every caller (the API too): the players are the
    club's members, and every guest has a name that fits."""
    for i, t in enumerate(teams, 1):
        for p in t.players:
            if isinstance(p, Guest) and not (p.name_en.strip() or p.name_zh.strip()):
                raise BridgeError(f"team {i}: a guest needs a name in Chinese or in English",
                                  f"第{i}队：来宾需要中文名或英文名")
            if isinstance(p, Guest) and max(len(p.name_en), len(p.name_zh)) > GUEST_NAME_LENGTH:
                raise BridgeError(
                    f"team {i}: the guest's name is too long: at most {GUEST_NAME_LENGTH} "
                    "characters", f"第{i}队：来宾姓名过长：最多 {GUEST_NAME_LENGTH} 个字符")
    known = set(Player.objects.filter(pk__in=members, memberships__club=club)
                .values_list("pk", flat=True))
    stranger = next((p for p in members if p not in known), None)
    if stranger is not None:
        raise BridgeError(f"player {stranger} is not a member of this club",
                          f"选手 {stranger} 不是本俱乐部会员")


def create_team_event(club: Club, actor: sv.Actor, *, name_en: str = "", name_zh: str = "",
                      date: datetime.date, movement: str, boards: int, segments: int = 1,
                      teams: Sequence[TeamSpec], legs: int = 1, vp_scale: str = VP_SCALE,
                      bye_vp: ByeVp | None = None) -> Event:
    """A team match (two teams, ``boards`` boards in ``segments`` rounds) or a round robin
    (every pair of teams plays a match of ``boards`` boards; ``legs=2``: twice, the return
    match with home and away swapped), with its tables (two per match per round), its teams
    and their players, the schedule as the event's lines, and its VP scale and bye."""
    if actor.user is None or not can_direct(actor.user, club):
        raise sv.NotAllowed("Only a director of this club may create a session.",
                            "只有本俱乐部的裁判可以创建比赛。")
    sv.check_names(name_en, name_zh)
    ids = [str(i) for i in range(1, len(teams) + 1)]
    if legs not in (1, 2) or isinstance(legs, bool):
        raise BridgeError(f"invalid number of legs {legs!r}: a round robin is played once or twice",
                          f"无效的循环次数 {legs!r}：循环赛进行一次或两次")
    if movement == Event.Movement.MATCH:
        if len(teams) != 2:
            raise BridgeError(f"a match is between 2 teams, not {len(teams)}",
                              f"一场比赛由 2 个队进行，而不是 {len(teams)} 个")
        if legs != 1:
            raise BridgeError("a match is played once: a double round robin needs 3 teams or more",
                              "对抗赛只进行一次：双循环赛需要至少 3 个队")
        lines = match_schedule(ids[0], ids[1], boards=boards, segments=segments)
    elif movement == Event.Movement.ROUND_ROBIN:
        if not 3 <= len(teams) <= MAX_TEAMS:
            raise BridgeError(f"a round robin takes 3 to {MAX_TEAMS} teams, not {len(teams)}",
                              f"循环赛需要 3 到 {MAX_TEAMS} 个队，而不是 {len(teams)} 个")
        lines = round_robin_schedule(ids, boards_per_round=boards, double=legs == 2)
    else:
        raise BridgeError(f"unknown team movement {movement!r}: expected match or round-robin",
                          f"未知的队式赛赛制 {movement!r}：应为 match（对抗赛）或 round-robin（循环赛）")
    for i, t in enumerate(teams, 1):
        if not (t.name_en.strip() or t.name_zh.strip()):
            raise BridgeError(f"team {i} needs a name", f"第{i}队需要队名")
        if not MIN_PLAYERS <= len(t.players) <= MAX_PLAYERS:
            raise BridgeError(
                f"team {i} has {len(t.players)} players: a team has {MIN_PLAYERS} to {MAX_PLAYERS}",
                f"第{i}队有 {len(t.players)} 名队员：每队应有 {MIN_PLAYERS} 到 {MAX_PLAYERS} 名")
    members = [p.pk for t in teams for p in t.players if isinstance(p, Player)]
    _check_players(club, teams, members)
    twice = next((p for p in members if members.count(p) > 1), None)
    if twice is not None:
        name = Player.objects.get(pk=twice)
        raise BridgeError(f"{name.name_in('en')} is in two teams",
                          f"{name.name_in('zh')} 在两个队中")
    # The library checks the schedule's rooms once more, and that the scale covers a match
    # of this many boards and can score the bye.
    LiveTeams.start(lines, settings=MatchSettings(vp_scale=vp_scale), bye_vp=bye_vp)
    scale = get_vp_scale(vp_scale).name
    rounds = max(a.round for a in lines)
    tables = max(a.table for a in lines)
    with transaction.atomic():
        event = Event.objects.create(
            club=club, name_en=name_en, name_zh=name_zh, date=date, kind=Event.Kind.TEAMS,
            movement=movement, tables=tables, boards_per_round=len(lines[0].boards),
            rounds=rounds, scoring=Event.Scoring.IMP, created_by=actor.user,
            assignments=[a.to_dict() for a in lines])
        Table.objects.bulk_create([table_secrets.make_table(event, n)
                                   for n in range(1, tables + 1)])
        for number, t in zip(ids, teams, strict=True):
            entrant = Entrant.objects.create(event=event, number=number,
                                             name_en=t.name_en.strip(), name_zh=t.name_zh.strip())
            for pos, p in enumerate(t.players, 1):
                player = p if isinstance(p, Player) else Player.objects.create(
                    name_en=p.name_en, name_zh=p.name_zh)
                Seat.objects.create(entrant=entrant, player=player, position=pos)
        TeamSettings.objects.create(event=event, vp_scale=scale, legs=legs,
                                    bye_vp=_bye_text(bye_vp))
        sv.audit(event, actor, "event.create", after={
            **sv.settings_of(event), "segments": segments, **_rules_dict(event),
            "teams": [{"number": n, "name_en": t.name_en, "name_zh": t.name_zh,
                       "players": [p.name_in("en") for p in
                                   Entrant.objects.get(event=event, number=n).players.all()]}
                      for n, t in zip(ids, teams, strict=True)]})
    return event


# ---------------------------------------------------------------------------- settings


def _bye_text(bye_vp: ByeVp | None) -> str:
    return "" if bye_vp is None else "average" if bye_vp == "average" else f"{bye_vp:g}"


def rules_of(event: Event) -> TeamSettings:
    """The event's team settings (the defaults, unsaved, for an event made before them)."""
    try:
        return event.team_settings
    except TeamSettings.DoesNotExist:
        return TeamSettings(event=event)


def _rules_dict(event: Event) -> dict[str, Any]:
    r = rules_of(event)
    return {"vp_scale": r.vp_scale, "bye_vp": r.bye_vp or None, "legs": r.legs}


def live_of(event: Event) -> LiveTeams:
    """The event's live state scored under its settings (``LiveTeams.with_settings``: the
    log is not replayed)."""
    r = rules_of(event)
    return ev_replay.team_state(event).with_settings(MatchSettings(vp_scale=r.vp_scale),
                                                     bye_vp=r.bye())


def _vps(live: LiveTeams) -> dict[str, Any]:
    """What the settings decide, for the audit: every complete match's VPs and (a round
    robin) each team's total, as a director sees them."""
    states = [live.match_state(p) for p in live.matches()]
    out: dict[str, Any] = {"matches": {str(s.plan.number): list(s.vp) for s in states
                                       if s.vp is not None}}
    if len(live.teams()) > 2:
        out["standings"] = {s.team: s.vp for s in live.standings()}
    return out


def check_director(event: Event, actor: sv.Actor) -> None:
    """``NotAllowed`` unless the actor directs the event's club (the API asks first, so that
    a stranger learns nothing from the checks of what it sent)."""
    if actor.user is None or not can_direct(actor.user, event.club):
        raise sv.NotAllowed("Only a director of this club may do this.",
                            "只有本俱乐部的裁判可以执行此操作。")


def change_team_settings(event: Event, actor: sv.Actor, *, vp_scale: str | None = None,
                         bye_vp: ByeVp | Literal["keep"] | None = "keep") -> Event:
    """A director's new VP scale and/or bye (``None``: the scale's default).  Checked by the
    library against every match of the schedule; audited with the VPs before and after, so
    that a change after results are in shows what it re-scored; the live pages are told."""
    if event.kind != Event.Kind.TEAMS:
        raise BridgeError("not a team event", "不是队式赛")
    check_director(event, actor)
    rules = rules_of(event)
    scale = get_vp_scale(rules.vp_scale if vp_scale is None else vp_scale).name
    bye = rules.bye() if bye_vp == "keep" else bye_vp
    if bye is not None:
        check_bye_vp(bye, scale)
    if (scale, _bye_text(bye)) == (rules.vp_scale, rules.bye_vp):
        return event
    old = live_of(event)
    new = old.with_settings(MatchSettings(vp_scale=scale), bye_vp=bye)
    with transaction.atomic():
        before = {**_rules_dict(event), **_vps(old)}
        rules.vp_scale, rules.bye_vp = scale, _bye_text(bye)
        rules.save()
        event.team_settings = rules
        sv.audit(event, actor, "teams.settings", before=before,
                 after={**_rules_dict(event), **_vps(new)})
    sv.notify(event)  # the pages show the new VPs
    return event


def settings_view(event: Event, lang: Lang) -> dict[str, Any]:
    """A team event's settings as the API answers them: the scale (titled in ``lang``),
    what a bye scores now, and the director's own bye setting (None: the scale's default),
    so that a script can tell a default from a value that happens to equal it."""
    r = rules_of(event)
    scale = get_vp_scale(r.vp_scale)
    bye = r.bye()
    scored: ByeVp = default_bye_vp(scale) if bye is None else bye
    return {"event": event.pk, "vp_scale": scale.name, "vp_scale_title": scale.title(lang),
            "vp_max": scale.max_vp,
            "bye_vp": scored if scored == "average" else _num(float(scored)),
            "bye_vp_setting": r.bye_vp or None, "double": r.legs == 2}


def scale_choices(lang: Lang) -> list[tuple[str, str]]:
    """The library's VP scales, by name, titled in the reader's language."""
    return [(name, s.title(lang)) for name, s in VP_SCALES.items()]


# ---------------------------------------------------------------------------- who sees what


def may_see(user: AnyUser, event: Event) -> bool:
    """Published results: anyone; otherwise the club's members (and directors)."""
    return event.published or is_member(user, event.club)


def phase_text(event: Event, live: LiveTeams | None = None) -> str:
    """The one state a team event's pages all show (the match page, a match's page, the
    vugraph): the director's status, and, once every table has played every board while the
    session is still open, that it is played out and waits for the director to close it."""
    if event.status == Event.Status.RUNNING:
        try:
            live = live if live is not None else live_of(event)
        except BridgeError:  # a schedule that makes no match: the page explains it
            return str(event.get_status_display())
        if not live.outstanding():
            return str(_("All boards played: the director closes the session"))
    return str(event.get_status_display())


def sees_everything(user: AnyUser, event: Event) -> bool:
    """A director, or once the event is published or closed: every board in both rooms.
    Otherwise a board is shown only once every table that plays it has played it, so that
    no table learns a result of a board it has yet to play."""
    return (event.published or event.status == Event.Status.CLOSED
            or can_direct(user, event.club))


# ---------------------------------------------------------------------------- the view


def _num(x: float) -> str:
    return f"{x:g}" if float(x) == int(x) else f"{x:.2f}".rstrip("0").rstrip(".")


number_text = _num  # a score as the pages show it: whole, or at most two decimals


def _room(r: BoardResult, lang: Lang) -> dict[str, Any]:
    out: dict[str, Any] = {"ns_score": r.score, "arithmetic": room_arithmetic(r, lang),
                           "ns_score_text": "" if r.score is None else f"{r.score:+d}",
                           "table": r.table, "round": r.round}
    if r.kind == "artificial":
        from ....sessions.adjusted import award_text

        out["contract"] = f"{award_text(r.ns_award)}/{award_text(r.ew_award)}"
        out["adjusted"] = True
    elif r.result is not None:
        out["contract"] = r.result.format(lang, symbols=True)
        out["adjusted"] = False
    else:
        out["contract"] = ""
        out["adjusted"] = False
    out["lead"] = r.lead or ""
    out["lead_text"] = Card.parse(r.lead).format(lang, symbols=True) if r.lead else ""
    return out


def _board(b: MatchBoard, home: str, away: str, lang: Lang) -> dict[str, Any]:
    return {"board": b.board,
            "vulnerability": Board(b.board).vulnerability.name_in(lang),
            "open": _room(b.open, lang), "closed": _room(b.closed, lang),
            "difference": b.difference, "imps": b.imps, "home": _num(b.home),
            "away": _num(b.away), "home_running": _num(b.home_running),
            "away_running": _num(b.away_running),
            "arithmetic": imp_arithmetic(b, home, away, lang)}


def scorecard(boards: Sequence[MatchBoard], totals: tuple[float, float],
              names: tuple[str, str], lang: Lang, *, waiting: Sequence[int] = (),
              vp: tuple[float, float] | None = None, vp_scale: str = "",
              complete: bool = False) -> dict[str, Any]:
    """What ``_scorecard.html`` reads of a match, from the library's scored boards (in
    order, their running totals counted over these boards), the IMP totals, the teams'
    names (home, away), the boards not shown yet and the VPs (None: not final)."""
    home, away = names
    return {"home_name": home, "away_name": away,
            "scored": [_board(b, home, away, lang) for b in boards],
            "waiting": list(waiting), "home_total": _num(totals[0]),
            "away_total": _num(totals[1]), "complete": complete,
            "vp": None if vp is None else {"home": _num(vp[0]), "away": _num(vp[1]),
                                           "scale": vp_scale}}


def match_view(state: MatchState, names: dict[str, str], lang: Lang) -> dict[str, Any]:
    """A match as its page and the API show it, in ``lang``."""
    p, s = state.plan, state.score
    home, away = names.get(p.home, p.home), names.get(p.away, p.away)
    return {"number": p.number, "home": p.home, "away": p.away,
            "rounds": list(p.rounds), "boards": list(p.boards),
            **scorecard(s.boards, (s.home_total, s.away_total), (home, away), lang,
                        waiting=state.waiting, vp=state.vp, vp_scale=s.vp_scale,
                        complete=state.complete)}


def standings_view(rows: list[Standing], names: dict[str, str]) -> list[dict[str, Any]]:
    return [{"place": s.place, "team": s.team, "name": names.get(s.team, s.team),
             "played": s.played, "byes": s.byes, "vp": _num(s.vp),
             "imps_for": _num(s.imps_for), "imps_against": _num(s.imps_against)}
            for s in rows]


def cross_table(states: list[MatchState], teams: Sequence[str],
                names: dict[str, str]) -> list[dict[str, Any]]:
    """Row team against column team over their complete matches: its VPs and the IMPs (its
    own first), in all and (a double round robin) meeting by meeting."""
    met: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for st in states:
        vp = st.vp
        if vp is None:
            continue
        h, a = st.plan.home, st.plan.away
        s = st.score
        for us, them, ours, theirs, our_vp in ((h, a, s.home_total, s.away_total, vp[0]),
                                                (a, h, s.away_total, s.home_total, vp[1])):
            met.setdefault((us, them), []).append(
                {"match": st.plan.number, "vp": our_vp, "for": ours, "against": theirs,
                 "text": f"{_num(ours)}–{_num(theirs)}", "vp_text": _num(our_vp)})

    def cell(t: str, u: str) -> dict[str, Any]:
        if t == u:
            return {"self": True}
        ms = met.get((t, u))
        if not ms:
            return {"self": False}
        return {"self": False, "vp": _num(sum(m["vp"] for m in ms)),
                "imps": f"{_num(sum(m['for'] for m in ms))}–{_num(sum(m['against'] for m in ms))}",
                "meetings": [{"match": m["match"], "vp": m["vp_text"], "imps": m["text"]}
                             for m in ms]}

    return [{"team": t, "name": names.get(t, t), "cells": [cell(t, u) for u in teams]}
            for t in teams]


def schedule_view(live: LiveTeams, names: dict[str, str]) -> list[dict[str, Any]]:
    """Who plays where: per round, each match's open and closed tables and boards."""
    out = []
    for p in live.matches():
        for r in p.rounds:
            boards = [b for b in p.boards if p.open[b][0] == r]
            out.append({"round": r, "match": p.number, "open_table": p.open[boards[0]][1],
                        "closed_table": p.closed[boards[0]][1],
                        "home_name": names.get(p.home, p.home),
                        "away_name": names.get(p.away, p.away),
                        "boards": ", ".join(runs(boards))})
    return sorted(out, key=lambda x: (x["round"], x["open_table"]))


def team_names(event: Event, lang: Lang) -> dict[str, str]:
    return {e.number: e.name_in(lang) for e in sv.entrants(event)}


def scoreboard(event: Event, user: AnyUser, lang: Lang) -> dict[str, Any]:
    """Everything the match page and the API show, as the reader may see it."""
    live = live_of(event)
    full = sees_everything(user, event)
    visible = None if full else live.played_everywhere().__contains__
    names = team_names(event, lang)
    states = [live.match_state(p, visible) for p in live.matches()]
    teams = live.teams()
    out: dict[str, Any] = {
        "event": event.pk, "name": event.name_in(lang), "status": event.status,
        "movement": event.movement, "published": event.published, "full": full,
        "double": rules_of(event).legs == 2, "seq": live.seq,
        "vp_scale": live.vp_scale.name, "vp_scale_title": live.vp_scale.title(lang),
        "vp_max": live.vp_scale.max_vp,
        "bye_vp": live.bye if live.bye == "average" else _num(float(live.bye)),
        "teams": [{"number": e.number, "name": e.name_in(lang),
                   "players": [s.player.name_in(lang) for s in e.seats.all()]}
                  for e in sv.entrants(event)],
        "matches": [match_view(s, names, lang) for s in states],
        "schedule": schedule_view(live, names),
    }
    if event.movement == Event.Movement.ROUND_ROBIN:
        out["standings"] = standings_view(live.standings(visible), names)
        out["cross_table"] = cross_table(states, teams, names)
    return out
