"""What this app's pages read and do, over the competitions' services (``compete.services``:
every write is its ``act``, with its rights).

- ``match_view(c, lang)``: a VP team match: teams, rooms, length, scale, phase (its
  comparison is the vugraph's: ``online.vugraph_source``, which also lists these matches).
- ``ladder_view(c, user, lang)``: the ladder's places, open challenges, and what the user
  may do there (join with a group they lead, challenge, answer, withdraw).
- ``ladder_history(c, lang)``: every event of the ladder, in order.
- ``handicap_totals(c)``: each player's 贴点 total, less 20 a disconnection (§10).
- ``record_handicap_board(c, user, …)``: a director records a 贴点 board by hand (a result
  the points make unlikely only with ``confirm_unlikely``).
- ``groups_led(user, club)``: the player groups the user leads in the club.
"""

from __future__ import annotations

import datetime
from typing import Any

from ....compete import ladder as lad
from ....compete import penalties
from ....compete import teammatch as tm
from ....core.errors import BridgeError
from ....core.result import Result
from ....core.seat import Seat
from ....home.hcp import parse_hcp
from ...accounts.models import User
from ...clubs.models import Club
from ...clubs.roles import AnyUser, can_direct
from ...core.bilingual import robot_name
from ...play.models import Disconnection, PlayBoard, PlaySeat
from .. import services as sv
from ..kinds import ROBOT, is_robot
from ..models import Competition, CompetitionTable, PlayerGroup


def names(ids: list[str], lang: str) -> dict[str, str]:
    """Player ids to names in ``lang`` (a robot: by its seat when its label is one, as a
    贴点 room's ``robot:N``; its label is internal)."""
    users = User.objects.filter(pk__in=[int(p) for p in ids if p.isdigit()]) \
        .select_related("player")
    out = {}
    for u in users:
        p = getattr(u, "player", None)
        out[str(u.pk)] = (p.name_in(lang) if p is not None else "") or u.username
    for p in ids:
        if is_robot(p):
            label = p.split(":", 1)[1]
            out[p] = robot_name(Seat("NESW".index(label)) if label in tuple("NESW") else None,
                                lang)
        out.setdefault(p, p)
    return out


def _lineup_names(players: tuple[str, ...], home: bool, people: dict[str, str],
                  lang: str) -> list[str]:
    """A team's players by name, a robot by the seat it plays (each of the four plays one
    seat of one room: ``teammatch.seating``)."""
    ours, theirs = tuple(f"us{i}" for i in range(4)), tuple(f"them{i}" for i in range(4))
    rooms = tm.seating(ours, theirs) if home else tm.seating(theirs, ours)
    seat_of = {who: Seat(i) for room in rooms for i, who in enumerate(room)}
    return [robot_name(seat_of[f"us{i}"], lang) if is_robot(p) else people[p]
            for i, p in enumerate(players)]


# ---------------------------------------------------------------------------- team matches


def match_view(c: Competition, lang: str) -> dict[str, Any]:
    """A VP team match's teams (names and players), rooms, length, scale, ladder and phase
    (the comparison is the vugraph's, as each reader may see it: ``online.vugraph_source``)."""
    state = sv.state_of(c)
    st = state.settings
    people = names([*st.home.players, *st.away.players], lang)
    zh = lang.startswith("zh")
    teams = [{"id": s.id, "name": s.name_zh if zh else s.name_en,
              "players": _lineup_names(s.players, s is st.home, people, lang),
              "group": int(s.id[1:]) if st.ladder is not None and s.id[:1] == "g"
              and s.id[1:].isdigit() else None} for s in (st.home, st.away)]
    rooms = {t.room_label: t for t in CompetitionTable.objects.filter(competition=c)
             .select_related("play_table")}
    ladder = None
    if st.ladder is not None:
        ladder = Competition.objects.filter(pk=st.ladder[0]).first()
    return {"teams": teams, "home": teams[0], "away": teams[1],
            "rooms": [rooms[r] for r in ("open", "closed") if r in rooms],
            "boards": st.match.boards, "vp_scale": st.match.vp_scale,
            "ladder": ladder, "challenge": None if st.ladder is None else st.ladder[1],
            "phase": state.match.phase.value, "starts": _moment(st.start_at)}


# ---------------------------------------------------------------------------- the ladder


def groups_led(user: AnyUser, club: Club) -> list[PlayerGroup]:
    if not user.is_authenticated:
        return []
    return list(PlayerGroup.objects.filter(club=club, leader_id=user.pk, dissolved__isnull=True)
                .order_by("pk"))


def _group_names(ids: list[str], lang: str) -> dict[str, str]:
    pks = [int(i[1:]) for i in ids if i.startswith("g") and i[1:].isdigit()]
    out = {g.entrant_id: g.name_in(lang) for g in PlayerGroup.objects.filter(pk__in=pks)}
    return {i: out.get(i, i) for i in ids}


def _moment(seconds: float | None) -> datetime.datetime | None:
    return None if seconds is None else datetime.datetime.fromtimestamp(seconds, datetime.UTC)


def ladder_view(c: Competition, user: AnyUser, lang: str) -> dict[str, Any]:
    state = sv.state_of(c)
    ladder: lad.Ladder = state.ladder
    entrant_names = _group_names(list(ladder.order), lang)
    captains = names(list(state.captains.values()), lang)
    me = str(user.pk) if user.is_authenticated else None
    mine = [e for e in ladder.order if state.captains.get(e) == me]
    reachable: set[str] = set()
    for e in mine:
        reachable |= set(ladder.may_challenge(e))
    matches = {int(m.settings["ladder"]["challenge"]): m for m in Competition.objects.filter(
        kind="teams", settings__ladder__competition=int(c.pk))}
    busy = {}
    challenges = []
    for ch in sorted(ladder.challenges.values(), key=lambda x: x.id):
        busy[ch.challenger] = busy[ch.defender] = ch.id
        challenges.append({
            "id": ch.id, "challenger": entrant_names.get(ch.challenger, ch.challenger),
            "defender": entrant_names.get(ch.defender, ch.defender),
            "challenger_id": ch.challenger, "defender_id": ch.defender,
            "accepted": ch.accepted is not None, "answer_by": _moment(ch.answer_by),
            "play_by": _moment(ch.play_by), "match": matches.get(ch.id),
            "may_answer": state.captains.get(ch.defender) == me and ch.accepted is None,
            "may_withdraw": state.captains.get(ch.challenger) == me and ch.accepted is None})
    rows = [{"place": i, "id": e, "name": entrant_names[e], "kind": ladder.entrants[e].kind,
             "group": int(e[1:]) if e[:1] == "g" and e[1:].isdigit() else None,
             "captain": captains.get(state.captains.get(e, ""), ""), "mine": e in mine,
             "busy": busy.get(e), "may_challenge": e in reachable}
            for i, e in enumerate(ladder.order, 1)]
    joinable = [g for g in groups_led(user, c.club) if g.entrant_id not in ladder.entrants]
    return {"rows": rows, "challenges": challenges, "mine": mine, "joinable": joinable,
            "challenger": mine[0] if mine else None, "reach": ladder.settings.reach,
            "director": user.is_authenticated and can_direct(user, c.club),
            "played": [m for k, m in sorted(matches.items()) if k not in ladder.challenges]}


def ladder_history(c: Competition, lang: str) -> list[dict[str, Any]]:
    state = sv.state_of(c)
    ladder: lad.Ladder = state.ladder
    ids = sorted({x for e in ladder.history for x in (getattr(e, "entrant", None),
                                                      getattr(e, "challenger", None),
                                                      getattr(e, "defender", None)) if x})
    n = _group_names(ids, lang)
    matches = {int(m.settings["ladder"]["challenge"]): m for m in Competition.objects.filter(
        kind="teams", settings__ladder__competition=int(c.pk))}
    out = []
    for e in ladder.history:
        row: dict[str, Any] = {"type": type(e).__name__, "at": _moment(e.at)}
        for f in ("entrant", "challenger", "defender"):
            if hasattr(e, f):
                row[f] = n.get(getattr(e, f), getattr(e, f))
        for f in ("challenge", "before", "after", "position", "outcome", "reason", "vp"):
            if hasattr(e, f):
                row[f] = getattr(e, f)
        if row.get("challenge") in matches:
            row["match"] = matches[row["challenge"]]
        out.append(row)
    return out


# ---------------------------------------------------------------------------- 贴点


def deductions(c: Competition) -> dict[str, penalties.Deduction]:
    """The play tables' disconnection records at this competition's tables (one a drop),
    as the penalties of the 贴点 system (§10: 20 off the total each)."""
    rows = (Disconnection.objects.filter(table__competition_table__competition=c)
            .select_related("board").order_by("dropped_at", "pk"))
    return penalties.deductions(
        penalties.DisconnectionRecord(str(r.user_id), penalties.System.HANDICAP,
                                      None if r.board is None else r.board.number,
                                      r.dropped_at.timestamp()) for r in rows)


def handicap_totals(c: Competition, lang: str = "en") -> list[dict[str, Any]]:
    """Each player's total: the boards' 贴点 IMPs their side won, less 20 a disconnection;
    highest first (robots are not listed)."""
    state = sv.state_of(c)
    boards = state.totals()
    drops = deductions(c)
    totals = dict(boards)
    for who, d in drops.items():
        totals[who] = totals.get(who, 0) + d.total_points
    played: dict[str, int] = {}
    for p in state.scored():
        for who in p.players:
            if who is not None:
                played[who] = played.get(who, 0) + 1
    people = [p for p in totals if not is_robot(p)]
    n = names(people, lang)
    rows = [{"player": p, "name": n[p], "boards": played.get(p, 0),
             "won": boards.get(p, 0),
             "disconnections": drops[p].disconnections if p in drops else 0,
             "total": totals[p]}
            for p in people]
    rows.sort(key=lambda r: (-r["total"], r["name"]))
    return rows


def handicap_seats(c: Competition, table: int, board: int) -> tuple[str | None, ...]:
    """Who sat N, E, S, W for ``board`` at the room's ``table``: the players the board
    started with if it was dealt there, else those seated now (a robot as the play app
    names it, ``robot:N``); four Nones for a table the room does not have (it refuses it)."""
    ct = (CompetitionTable.objects.filter(competition=c, round=table)
          .select_related("play_table").first())
    if ct is None:
        return (None, None, None, None)
    dealt = PlayBoard.objects.filter(table=ct.play_table, number=board).first()
    if dealt is not None and isinstance(dealt.players, dict) and dealt.players:
        seats = dealt.players

        def who(letter: str) -> str | None:
            p = seats.get(letter) or {}
            if p.get("id") is not None:
                return str(p["id"])
            return ROBOT + letter if p.get("robot") else None

        return tuple(who(letter) for letter in "NESW")
    now = {s.seat: s for s in PlaySeat.objects.filter(table=ct.play_table)}

    def seated(i: int) -> str | None:
        s = now.get(i)
        if s is None:
            return None
        if s.user_id is not None:
            return str(s.user_id)
        return ROBOT + "NESW"[i] if s.robot else None

    return tuple(seated(i) for i in range(4))


def _whole(text: str, en: str, zh: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise BridgeError(f"invalid {en} {text[:20]!r}: expected a whole number",
                          f"无效的{zh} {text[:20]!r}：应为整数") from None


def record_handicap_board(c: Competition, user: AnyUser, table: str, board: str, result: str,
                          hcp: str, *, confirm_unlikely: bool = False) -> sv.Done:
    """A director records board ``board`` of the 贴点 room's ``table`` by hand: the result
    and North–South's points as typed (any notation), the players who sat it.  A result the
    points make unlikely is refused (``unlikely_result``, why in both languages) unless
    ``confirm_unlikely``; the room's other refusals as they are."""
    t = _whole(table.strip(), "table", "桌号")
    b = _whole(board.strip(), "board", "牌号")
    parsed = Result.parse(result)
    ns_hcp = parse_hcp(hcp)
    return sv.act(c, {"type": "result", "table": t, "board": b, "result": parsed.to_dict(),
                      "ns_hcp": ns_hcp, "players": list(handicap_seats(c, t, b)),
                      "confirm_unlikely": confirm_unlikely}, user)
