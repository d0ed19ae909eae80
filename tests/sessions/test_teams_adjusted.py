"""Team matches with adjusted scores in one or both rooms: every combination, by hand.

The rules (rules.md 4.3; Law 12C2 artificial scores, Law 86A their IMP value, Law 86B
non-balancing scores in a match):

* Each side at a table (its NS pair, its EW pair) gets its own award: A+ is +3 IMPs, A is 0,
  A− is −3, a percentage p is (p − 50)·3/10 (so 55% is +1.5).
* The home team sits NS in the open room and EW in the closed room: it gets the open room's
  NS award and the closed room's EW award; the away team the other two.
* A played or weighted result next to an artificial room has nothing to compare with: 0.
* The board is worth (home − away)/2 to the home team (the awards' average when they do
  not balance, Law 86B; equal to the home team's award when they do).

So, by hand: open A+/A−, closed played: home +3, away −3 → (3 + 3)/2 = 3.  Open A+/A−,
closed A+/A− (the away team is NS there and gets the A+): home 3 − 3 = 0, away −3 + 3 = 0 →
0.  Open A/A, closed A+/A−: home 0 − 3, away 0 + 3 → −3, the away team's 3.  Open A+/A−,
closed A−/A+: home 3 + 3, away −3 − 3 → 6.  Open A+/55%, closed A/55%: home 3 + 1.5,
away 1.5 + 0 → 1.5.  With no artificial room the rooms are compared (board 1, nobody
vulnerable): played 420 v 170 is 250, 6 IMPs; weighted 60% 420 + 40% −50 v 170 is
0.6·6 + 0.4·(−6) = 1.2; 420 v 50% 170 + 50% 420 is 0.5·6 + 0 = 3; both weighted:
0.3·6 + 0.3·0 + 0.2·(−6) + 0.2·(−10) = −1.4.
"""

from __future__ import annotations

import pytest

from bridgescore.sessions.model import BoardResult, Team, TeamMatch, parse_award
from bridgescore.sessions.teams import MatchSettings, score_match

H, A = Team("H"), Team("A")

# IMPs to the home team; rows: the open room (home NS), columns: the closed room (away NS).
# P: played (open 4♠= +420, closed 2♠+2 +170); W: weighted (open 60% +420 / 40% −50,
# closed 50% +170 / 50% +420); X/Y: the artificial award X to NS and Y to EW of that room.
TABLE = """
open          P       W   A+/A+    A+/A   A+/A-  A+/55%    A/A+     A/A    A/A-   A/55%   A-/A+    A-/A   A-/A-  A-/55%  55%/A+   55%/A  55%/A- 55%/55%
P             6       3       0    -1.5      -3   -0.75     1.5       0    -1.5    0.75       3     1.5       0    2.25    0.75   -0.75   -2.25       0
W           1.2    -1.4       0    -1.5      -3   -0.75     1.5       0    -1.5    0.75       3     1.5       0    2.25    0.75   -0.75   -2.25       0
A+/A+         0       0       0    -1.5      -3   -0.75     1.5       0    -1.5    0.75       3     1.5       0    2.25    0.75   -0.75   -2.25       0
A+/A        1.5     1.5     1.5       0    -1.5    0.75       3     1.5       0    2.25     4.5       3     1.5    3.75    2.25    0.75   -0.75     1.5
A+/A-         3       3       3     1.5       0    2.25     4.5       3     1.5    3.75       6     4.5       3    5.25    3.75    2.25    0.75       3
A+/55%     0.75    0.75    0.75   -0.75   -2.25       0    2.25    0.75   -0.75     1.5    3.75    2.25    0.75       3     1.5       0    -1.5    0.75
A/A+       -1.5    -1.5    -1.5      -3    -4.5   -2.25       0    -1.5      -3   -0.75     1.5       0    -1.5    0.75   -0.75   -2.25   -3.75    -1.5
A/A           0       0       0    -1.5      -3   -0.75     1.5       0    -1.5    0.75       3     1.5       0    2.25    0.75   -0.75   -2.25       0
A/A-        1.5     1.5     1.5       0    -1.5    0.75       3     1.5       0    2.25     4.5       3     1.5    3.75    2.25    0.75   -0.75     1.5
A/55%     -0.75   -0.75   -0.75   -2.25   -3.75    -1.5    0.75   -0.75   -2.25       0    2.25    0.75   -0.75     1.5       0    -1.5      -3   -0.75
A-/A+        -3      -3      -3    -4.5      -6   -3.75    -1.5      -3    -4.5   -2.25       0    -1.5      -3   -0.75   -2.25   -3.75   -5.25      -3
A-/A       -1.5    -1.5    -1.5      -3    -4.5   -2.25       0    -1.5      -3   -0.75     1.5       0    -1.5    0.75   -0.75   -2.25   -3.75    -1.5
A-/A-         0       0       0    -1.5      -3   -0.75     1.5       0    -1.5    0.75       3     1.5       0    2.25    0.75   -0.75   -2.25       0
A-/55%    -2.25   -2.25   -2.25   -3.75   -5.25      -3   -0.75   -2.25   -3.75    -1.5    0.75   -0.75   -2.25       0    -1.5      -3    -4.5   -2.25
55%/A+    -0.75   -0.75   -0.75   -2.25   -3.75    -1.5    0.75   -0.75   -2.25       0    2.25    0.75   -0.75     1.5       0    -1.5      -3   -0.75
55%/A      0.75    0.75    0.75   -0.75   -2.25       0    2.25    0.75   -0.75     1.5    3.75    2.25    0.75       3     1.5       0    -1.5    0.75
55%/A-     2.25    2.25    2.25    0.75   -0.75     1.5    3.75    2.25    0.75       3    5.25    3.75    2.25     4.5       3     1.5       0    2.25
55%/55%       0       0       0    -1.5      -3   -0.75     1.5       0    -1.5    0.75       3     1.5       0    2.25    0.75   -0.75   -2.25       0
"""

PLAYED = {"open": 420, "closed": 170}
WEIGHTED = {"open": ((0.6, 420), (0.4, -50)), "closed": ((0.5, 170), (0.5, 420))}


def _room(state: str, room: str) -> BoardResult:
    ns, ew = ("H", "A") if room == "open" else ("A", "H")
    if state == "P":
        return BoardResult(1, ns, ew, score=PLAYED[room])
    if state == "W":
        return BoardResult(1, ns, ew, weighted=WEIGHTED[room])
    ns_award, ew_award = (parse_award(x) for x in state.split("/"))
    return BoardResult(1, ns, ew, ns_award=ns_award, ew_award=ew_award)


def _cases() -> list[tuple[str, str, float]]:
    lines = [line.split() for line in TABLE.strip().splitlines()]
    columns = lines[0][1:]
    cases = []
    for row in lines[1:]:
        assert len(row) == len(columns) + 1
        cases += [(row[0], c, float(v)) for c, v in zip(columns, row[1:], strict=True)]
    return cases


CASES = _cases()


def test_the_table_covers_every_combination() -> None:
    states = {"P", "W"} | {f"{a}/{b}" for a in ("A+", "A", "A-", "55%")
                           for b in ("A+", "A", "A-", "55%")}
    assert {(o, c) for o, c, _ in CASES} == {(o, c) for o in states for c in states}


@pytest.mark.parametrize(("open_room", "closed_room", "expected"), CASES)
def test_every_combination(open_room: str, closed_room: str, expected: float) -> None:
    m = score_match(TeamMatch(H, A, (_room(open_room, "open"), _room(closed_room, "closed"))))
    b = m.boards[0]
    assert b.imps == pytest.approx(expected, abs=1e-12)
    # The board's IMPs go to one side: the home team's column or the away team's.
    assert (b.home, b.away) == pytest.approx((max(expected, 0), max(-expected, 0)), abs=1e-12)
    assert m.margin == pytest.approx(expected, abs=1e-12)


def test_the_cases_of_the_issue() -> None:
    def imps(o: str, c: str) -> float:
        return score_match(TeamMatch(H, A, (_room(o, "open"), _room(c, "closed")))).boards[0].imps

    assert imps("A+/A-", "A+/A-") == 0  # each team A+ once and A− once
    assert imps("A/A", "A+/A-") == -3  # the away team, NS in the closed room, has the A+
    assert imps("A+/A-", "A/A") == 3
    assert imps("A+/A-", "P") == 3 and imps("P", "A+/A-") == -3


def test_notes_name_the_awards() -> None:
    m = score_match(TeamMatch(H, A, (_room("A+/A-", "open"), _room("A/A", "closed"))))
    assert m.boards[0].note == "open A+/A-, closed A/A"
    m = score_match(TeamMatch(H, A, (_room("P", "open"), _room("A+/A-", "closed"))))
    assert m.boards[0].note == "A-/A+"  # home's award first: EW in the closed room
    assert m.boards[0].difference is None


@pytest.mark.parametrize(("open_room", "closed_room", "home", "away"), [
    # Board-a-match: a side's share of the board is its distance from 50%; A+ 60%, A− 40%.
    ("A+/A-", "P", 0.6, 0.4),
    ("A+/A-", "A+/A-", 0.5, 0.5),
    ("A/A", "A+/A-", 0.4, 0.6),
    ("A+/A-", "A-/A+", 0.7, 0.3),  # +10% and +10% for home, −10% twice for away
    ("A+/A", "P", 0.55, 0.45),  # split: (+10 − 0)/2 = 5% of the board
    ("100%/0%", "0%/100%", 1, 0),  # +50 +50 v −50 −50: (100 + 100)/2 = 100%, at most the board
])
def test_board_a_match(open_room: str, closed_room: str, home: float, away: float) -> None:
    m = score_match(TeamMatch(H, A, (_room(open_room, "open"), _room(closed_room, "closed"))),
                    MatchSettings(scoring="bam"))
    assert (m.boards[0].home, m.boards[0].away) == pytest.approx((home, away))


@pytest.mark.parametrize("rooms", [("A+/A-", "P"), ("A+/A-", "A-/A+"), ("W", "A/A")])
def test_aggregate_adds_nothing_for_an_artificial_board(rooms: tuple[str, str]) -> None:
    m = score_match(TeamMatch(H, A, (_room(rooms[0], "open"), _room(rooms[1], "closed"))),
                    MatchSettings(scoring="aggregate"))
    assert (m.boards[0].home, m.boards[0].away, m.home_total, m.away_total) == (0, 0, 0, 0)


def test_settable_average_plus() -> None:
    # Average-plus 2 and Average-minus −2 (Law 86A lets the organiser change ±3).
    m = score_match(TeamMatch(H, A, (_room("A+/A-", "open"), _room("A-/A+", "closed"))),
                    MatchSettings(avg_plus=2, avg_minus=-2))
    assert m.boards[0].imps == 4
