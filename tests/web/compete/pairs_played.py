"""Two pairs events played on the fake clock for the results tests, and the reference: every
board's matchpoints worked out again from the stored rows alone (the log's sign-ups and
results, the competition's tables and who sat at them) with the library's matchpoint
scorer, never through the event's state machine or the pages.

The Howell (6 pairs, 3 tables, 5 rounds of 1 board; the library's movement, printed in
``HOWELL``) plays board 1 in rounds 1, 3 and 4, board 2 in 1–3, board 3 in 2–4, board 4 in
1, 2 and 4, board 5 in round 5 at every table.  Round 2's table 3 does not finish (board 4
is cut at the bell), board 3 in round 4 is given an artificial score (A+ to pair 2 NS, A− to
pair 1 EW), and board 2 in round 3 is passed out at its play table (a real game record).
The Mitchell (6 pairs, 3 tables, 3 rounds of 2 boards: NS 1–3 stay, EW 4–6 move) plays
every board three times, one passed out at the play table.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any

from django.test import TransactionTestCase

from bridgescore.compete.pairsevent import Phase
from bridgescore.core.result import Result
from bridgescore.sessions.matchpoints import score_matchpoints
from bridgescore.sessions.model import BoardResult, Session, parse_award
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import (
    Competition,
    CompetitionAction,
    CompetitionTable,
)

from ..base import make_user
from .helpers import T0, club_with, pairs_event, pass_out, seated, sign_up, tables

# (round, table) → (NS pair, EW pair, boards): the library's 3-table Howell for 6 pairs.
HOWELL = {(1, 1): (6, 1, 1), (1, 2): (4, 3, 2), (1, 3): (2, 5, 4),
          (2, 1): (6, 2, 2), (2, 2): (5, 4, 3), (2, 3): (3, 1, 4),
          (3, 1): (6, 3, 3), (3, 2): (1, 5, 2), (3, 3): (4, 2, 1),
          (4, 1): (6, 4, 4), (4, 2): (2, 1, 3), (4, 3): (5, 3, 1),
          (5, 1): (6, 5, 5), (5, 2): (3, 2, 5), (5, 3): (1, 4, 5)}

# What each table did: a result, "pass" at the play table, "A+/A-", or None (cut).
HOWELL_PLAY: dict[tuple[int, int], str | None] = {
    (1, 1): "4S N =", (1, 2): "3NT S =", (1, 3): "1NT W =",
    (2, 1): "3NT S =", (2, 2): "2H E =", (2, 3): None,
    (3, 1): "2H E +1", (3, 2): "pass", (3, 3): "4S N +1",
    (4, 1): "1NT W -1", (4, 2): "A+/A-", (4, 3): "4S N -1",
    (5, 1): "4H N =", (5, 2): "4H N =", (5, 3): "4H N -1"}

# The Mitchell: round r, table t → the boards' results (table t plays set t − r + 1).
MITCHELL_PLAY: dict[tuple[int, int], tuple[str, str]] = {
    (1, 1): ("pass", "4H S ="), (1, 2): ("3NT N =", "2SX W ="), (1, 3): ("6C N =", "4S E -2"),
    (2, 1): ("3NT N +1", "3S W ="), (2, 2): ("6C N -1", "4S E -1"), (2, 3): ("1NT S =", "4H S -1"),
    (3, 1): ("6C N =", "4S E ="), (3, 2): ("2D N =", "4H S +1"), (3, 3): ("3NT N =", "3S W +1")}


class PlayedCase(TransactionTestCase):
    """A club with its director, 12 members (six pairs) and a non-member, on the fake clock."""

    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(12)
        self.outsider = make_user("out", "Outsider", "外人")


def record(c: Competition, td: User, r: int, t: int, b: int, text: str) -> None:
    if "/" in text:
        ns, ew = text.split("/")
        sv.act(c, {"type": "adjust", "round": r, "table": t, "board": b, "ns": ns, "ew": ew}, td)
    else:
        sv.act(c, {"type": "result", "round": r, "table": t, "board": b,
                   "result": Result.parse(text).to_dict()}, td)


def _start(club: Club, td: User, people: list[User], **settings: Any) -> Competition:
    c = pairs_event(club, td, **settings)
    sign_up(c, people)
    clock.set(T0 + 100)
    assert sv.sweep() == 1
    return Competition.objects.get(pk=c.pk)


def play_howell(club: Club, td: User, people: list[User], *, until: int = 5,
                publish: bool = False) -> Competition:
    """The Howell (see the module) played to the end of round ``until``."""
    c = _start(club, td, people, boards_per_round=1)
    for r in range(1, until + 1):
        for t in (1, 2, 3):
            what = HOWELL_PLAY[(r, t)]
            b = HOWELL[(r, t)][2]
            if what == "pass":
                pass_out(tables(c, r)[t - 1].play_table)
            elif what is not None:
                record(c, td, r, t, b, what)
        state = sv.state_of(c)
        if state.event.phase is Phase.PLAYING and state.event.round == r:
            # A table did not finish: the bell ends the round.
            deadline = state.event.round_deadline
            clock.set(deadline + 0.5)
            assert sv.sweep() == 1
            assert sv.state_of(c).event.round == r + 1
    if publish:
        sv.act(c, {"type": "publish"}, td)
    return Competition.objects.get(pk=c.pk)


def play_mitchell(club: Club, td: User, people: list[User], *,
                  publish: bool = False) -> Competition:
    c = _start(club, td, people, winners=2, boards_per_round=2)
    for r in (1, 2, 3):
        for t in (1, 2, 3):
            first = 2 * ((t + r - 2) % 3) + 1
            for b, what in zip((first, first + 1), MITCHELL_PLAY[(r, t)], strict=True):
                if what == "pass":
                    pass_out(tables(c, r)[t - 1].play_table)
                else:
                    record(c, td, r, t, b, what)
    if publish:
        sv.act(c, {"type": "publish"}, td)
    return Competition.objects.get(pk=c.pk)


# ------------------------------------------------------------------------ the reference


Reference = tuple[dict[tuple[str, int], Fraction], dict[str, Fraction], dict[str, str]]


def reference(c: Competition, winners: int = 1) -> Reference:
    """Each (pair, board)'s matchpoints, each pair's total and place (ranked apart NS and EW
    with two winners), from the stored rows alone: the pair numbers from the sign-ups'
    order, the pairs at each (round, table) from who sat there, the results and awards from
    the log's rows; scored by the library's ``score_matchpoints``."""
    rows = list(CompetitionAction.objects.filter(competition=c).order_by("seq"))
    numbers: dict[str, str] = {}
    for row in rows:
        if row.data["type"] == "signup":
            number = str(len(set(numbers.values())) + 1)
            for p in row.data["players"]:
                numbers[p] = number
    at: dict[tuple[int, int], tuple[str, str]] = {}
    for ct in CompetitionTable.objects.filter(competition=c).select_related("play_table"):
        north, east, south, west = (numbers[str(u)] for u in seated(ct.play_table))
        assert north == south and east == west  # a pair sits opposite
        at[(ct.round, ct.number)] = (north, east)
    results: dict[tuple[int, int, int], BoardResult] = {}
    for row in rows:
        d = row.data
        if d["type"] not in ("result", "adjust"):
            continue
        ns, ew = at[(d["round"], d["table"])]
        key = (d["round"], d["table"], d["board"])
        if d["type"] == "result":
            results[key] = BoardResult(d["board"], ns, ew, Result.from_dict(d["result"]),
                                       table=d["table"], round=d["round"])
        else:
            results[key] = BoardResult(d["board"], ns, ew, ns_award=parse_award(d["ns"]),
                                       ew_award=parse_award(d["ew"]), table=d["table"],
                                       round=d["round"])
    scored = score_matchpoints(Session(tuple(results[k] for k in sorted(results)),
                                       winners=winners))  # type: ignore[arg-type]
    cells: dict[tuple[str, int], Fraction] = {}
    totals: dict[str, Fraction] = defaultdict(Fraction)
    for sb in scored.boards:
        for one in sb.results:
            assert one.ns_exact is not None and one.ew_exact is not None
            for pair, (num, den) in ((one.result.ns_pair, one.ns_exact),
                                     (one.result.ew_pair, one.ew_exact)):
                cells[(pair, sb.board)] = Fraction(num, den)
                totals[pair] += Fraction(num, den)
    return cells, dict(totals), {p.pair: p.place for p in scored.pairs}
