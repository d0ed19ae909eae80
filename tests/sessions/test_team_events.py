"""Team events: round robin, VP standings and tie-breaks, byes, Swiss teams, knockout carry-over."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import BridgeError
from bridgescore.sessions.swiss import History
from bridgescore.sessions.team_events import (
    Knockout,
    MatchResult,
    SwissTeams,
    carry_over,
    result_from_score,
    round_robin,
    standings,
)


# ---------------------------------------------------------------- round robin
@pytest.mark.parametrize("n", range(2, 17))
def test_round_robin_everyone_meets_everyone_once(n: int) -> None:
    teams = [f"T{i}" for i in range(n)]
    rr = round_robin(teams)
    assert len(rr) == (n - 1 if n % 2 == 0 else n)
    met = Counter(frozenset((f.home, f.away)) for rnd in rr for f in rnd)
    assert set(met) == {frozenset(p) for p in itertools.combinations(teams, 2)}
    assert set(met.values()) == {1}
    byes: Counter[str] = Counter()
    for i, rnd in enumerate(rr, 1):
        playing = [t for f in rnd for t in (f.home, f.away)]
        assert len(playing) == len(set(playing))  # nobody twice in a round
        assert all(f.round == i for f in rnd)
        byes.update(set(teams) - set(playing))
    assert byes == (Counter(teams) if n % 2 else Counter())
    home = Counter(f.home for rnd in rr for f in rnd)
    away = Counter(f.away for rnd in rr for f in rnd)
    assert max(abs(home[t] - away[t]) for t in teams) == (0 if n % 2 else 1)


def test_round_robin_errors() -> None:
    with pytest.raises(BridgeError) as e:
        round_robin(["A"])
    assert "至少需要 2 个队" in e.value.message("zh")
    with pytest.raises(BridgeError):
        round_robin(["A", "B", "A"])


# ---------------------------------------------------------------- standings
def test_vps_from_imps_on_the_wbf_scale() -> None:
    # rules.md 3.1: 16 boards, a 10-IMP win is 12.80 – 7.20.
    m = MatchResult(1, "A", "B", 40, 30, 16)
    assert m.vps() == (12.8, 7.2)
    assert MatchResult(1, "A", "B", 30, 40, 16).vps() == (7.2, 12.8)
    assert MatchResult(1, "A", "B", 0, 0, 16, 15, 5).vps() == (15, 5)  # VPs given win


def test_standings_by_vp() -> None:
    res = [MatchResult(1, "A", "B", 40, 30, 16), MatchResult(1, "C", "D", 20, 20, 16)]
    s = standings(["A", "B", "C", "D"], res)
    assert [(x.team, x.vp, x.place) for x in s] == [
        ("A", 12.8, "1"), ("C", 10.0, "2="), ("D", 10.0, "2="), ("B", 7.2, "4")]


def test_tie_broken_by_imp_quotient() -> None:
    # A and B both 10 VP (draws); A's draw was 50-50, B's 10-10: quotients 1 and 1, tie;
    # with C winning 30-20 over D and E losing... build two teams level on VPs, different IMPs.
    res = [MatchResult(1, "A", "X", 30, 20, 16, 12.0, 8.0),
           MatchResult(1, "B", "Y", 60, 55, 16, 12.0, 8.0)]
    s = standings(["B", "A", "X", "Y"], res)
    # A: 30/20 = 1.5; B: 60/55 ≈ 1.09 → A first though B is listed first.
    assert [(x.team, x.place) for x in s][:2] == [("A", "1"), ("B", "2")]


def test_tie_broken_head_to_head_when_quotients_equal() -> None:
    res = [MatchResult(1, "A", "B", 20, 30, 16, 8.0, 12.0),
           MatchResult(2, "A", "C", 30, 20, 16, 12.0, 8.0),
           MatchResult(2, "B", "C", 20, 30, 16, 8.0, 12.0)]
    # All three 20 VP, and every team won 50 IMPs and lost 50: quotient 1 each.
    # Head to head among the three is a circle (each 20 VP): everyone shares 1st.
    s = standings(["A", "B", "C"], res)
    assert [x.place for x in s] == ["1=", "1=", "1="]
    res2 = [MatchResult(1, "A", "B", 25, 25, 16, 14.0, 6.0),
            MatchResult(2, "C", "D", 25, 25, 16, 14.0, 6.0),
            MatchResult(3, "A", "C", 30, 30, 16, 6.0, 14.0),
            MatchResult(3, "B", "D", 30, 30, 16, 14.0, 6.0)]
    # A 20, C 28, B 20, D 12; A and B level on VPs and quotient (1.0); A beat B → A above.
    s = standings(["B", "A", "C", "D"], res2)
    assert [(x.team, x.place) for x in s] == [("C", "1"), ("A", "2"), ("B", "3"), ("D", "4")]
    # Head to head first changes nothing here; quotient first with a quotient gap would.
    s2 = standings(["B", "A", "C", "D"], res2, tie_breaks=("head_to_head",))
    assert [x.team for x in s2] == ["C", "A", "B", "D"]
    s3 = standings(["B", "A", "C", "D"], res2, tie_breaks=())
    assert [(x.team, x.place) for x in s3][1:3] == [("B", "2="), ("A", "2=")]


def test_tie_break_order_is_a_setting() -> None:
    # A beat B head to head but B has the better IMP quotient; both 20 VP.
    res = [MatchResult(1, "A", "B", 21, 20, 16, 10.2, 9.8),
           MatchResult(2, "A", "C", 10, 40, 16, 9.8, 10.2),
           MatchResult(2, "B", "D", 60, 10, 16, 10.2, 9.8)]
    q = standings(["A", "B", "C", "D"], res)
    h = standings(["A", "B", "C", "D"], res, tie_breaks=("head_to_head", "quotient"))
    assert [x.team for x in q[:2]] == ["B", "A"]
    assert [x.team for x in h[:2]] == ["A", "B"]
    with pytest.raises(BridgeError):
        standings(["A"], [], tie_breaks=("coin",))  # type: ignore[arg-type]


def test_bye_scores() -> None:
    res = [MatchResult(1, "A", "B", 40, 30, 16), MatchResult(2, "A", "C", 30, 40, 16)]
    s = {x.team: x for x in standings(["A", "B", "C"], res, byes=["C"])}
    assert s["C"].vp == round(12.8 + 12, 2) and s["C"].byes == 1
    s = {x.team: x for x in standings(["A", "B", "C"], res, byes=["C"], bye_vp="average")}
    assert s["C"].vp == 25.6
    s = {x.team: x for x in standings(["A", "B", "C"], res, byes=["C"], bye_vp=15)}
    assert s["C"].vp == 27.8 and s["C"].imps_for == 40  # a bye adds no IMPs
    with pytest.raises(BridgeError):
        standings(["A"], [], byes=["Z"])
    with pytest.raises(BridgeError):
        standings(["A"], [], bye_vp=-1)
    with pytest.raises(BridgeError) as e:
        standings(["A", "B"], [MatchResult(1, "A", "Q", 1, 0, 8)])
    assert "未知的队 'Q'" in e.value.message("zh")


def test_quotient_edge_cases() -> None:
    s = {x.team: x for x in standings(["A", "B"], [MatchResult(1, "A", "B", 10, 0, 8)])}
    assert s["A"].quotient == float("inf") and s["B"].quotient == 0
    s = {x.team: x for x in standings(["A", "B"], [MatchResult(1, "A", "B", 0, 0, 8)])}
    assert s["A"].quotient == 1.0


# ---------------------------------------------------------------- Swiss teams
def min_rematches(ids: list[str], hist: History) -> int:
    """The fewest rematches of any draw (any bye), by trying every pairing."""
    def best(rest: list[str]) -> int:
        if not rest:
            return 0
        a, others = rest[0], rest[1:]
        return min(int(hist.times_met(a, b) > 0) + best([x for x in others if x != b])
                   for b in others)

    if len(ids) % 2:
        return min(best([x for x in ids if x != bye]) for bye in ids)
    return best(ids)


@settings(max_examples=30, deadline=None)
@given(st.integers(4, 9), st.randoms(use_true_random=False))
def test_swiss_teams_event(n: int, rnd: object) -> None:
    import random

    assert isinstance(rnd, random.Random)
    ev = SwissTeams([f"T{i}" for i in range(n)])
    for r in range(1, n):
        d = ev.next_draw()
        hist = ev.history()
        assert d.rematches == min_rematches(ev.teams, hist)
        if r > 1:  # the top team of the standings plays at table 1
            top = ev.standings()[0].team
            assert top in (d.tables[0].high, d.tables[0].low) or d.bye == top
        ev.record(r, d, [(rnd.randint(0, 50), rnd.randint(0, 50)) for _ in d.tables], 12)
    s = ev.standings()
    assert sum(x.played for x in s) == 2 * len(ev.results)
    assert sum(x.byes for x in s) == (n - 1 if n % 2 else 0)


def test_swiss_teams_record_checks_count() -> None:
    ev = SwissTeams(["A", "B", "C", "D"])
    d = ev.next_draw()
    with pytest.raises(BridgeError):
        ev.record(1, d, [(10, 5)], 12)


# ---------------------------------------------------------------- knockout
def test_knockout_with_fractional_carry_over() -> None:
    k = Knockout("A", "B", [(30, 25), (20, 28)], carry_over=Fraction(10, 3))
    assert k.home_total == Fraction(160, 3) and k.away_total == 53 and k.winner == "A"
    k = Knockout("A", "B", [(30, 25), (20, 28)], carry_over=-3.5)
    assert k.home_total == 50 and k.away_total == Fraction(113, 2) and k.winner == "B"
    k = Knockout("A", "B", [(30, 33)], carry_over=3)
    assert k.winner is None
    assert k.lines("en")[-1] == "Total: A 33 – 33 B; tied: extra boards by the conditions of contest"
    assert k.lines("zh")[0] == "结转：A 3"
    assert Knockout("A", "B", [(1, 0)], carry_over=Fraction(1, 3)).lines("en")[0] == \
        "Carry-over: A 0.3"
    with pytest.raises(BridgeError):
        Knockout("A", "A", [])
    with pytest.raises(BridgeError):
        Knockout("A", "B", [(-1, 0)])


def test_carry_over_rule() -> None:
    assert carry_over(10, Fraction(1, 3)) == Fraction(10, 3)
    assert carry_over(-10, Fraction(1, 3), step=Fraction(1, 2)) == Fraction(-7, 2)
    assert carry_over(11, Fraction(1, 2), step=1) == 6  # 5.5 rounds half away from zero
    assert carry_over(-11, Fraction(1, 2), step=1) == -6
    assert carry_over(45, Fraction(1, 2), cap=15) == 15
    assert carry_over(-45, 0.5, cap=15) == -15
    with pytest.raises(BridgeError):
        carry_over(10, 2)
    with pytest.raises(BridgeError):
        carry_over(10, 0.5, step=0)


def test_result_from_a_scored_match() -> None:
    """The seeds' four-board exercise scored by the teams module becomes a standings row."""
    from bridgescore.core.result import Result
    from bridgescore.sessions.model import BoardResult, Team, TeamMatch
    from bridgescore.sessions.teams import score_match

    rooms = [(1, "3S S +1", "4S N ="), (2, "6DXX N +1", "6NT N +1"),
             (3, "5C E =", "3NT W -1"), (4, "4SX W -2", "4H S +1")]
    results = [BoardResult(b, "H", "A", Result.parse(o)) for b, o, _ in rooms]
    results += [BoardResult(b, "A", "H", Result.parse(c)) for b, _, c in rooms]
    ms = score_match(TeamMatch(Team("H"), Team("A"), tuple(results), carry_over=2.5))
    m = result_from_score(ms, 1)
    assert (m.home, m.away, m.home_imps, m.away_imps, m.boards) == ("H", "A", 13, 22, 4)
    s = standings(["H", "A"], [m])
    # The VPs are the match's, carry-over included: 15.5 – 22, a margin of 6.5 rounded half
    # away from zero to 7; 4 boards (rules.md 3.1, X = 30): 10 + 10·(1 − τ^0.7)/(1 − τ³)
    # = 13.74 – 6.26.  The IMPs (13 – 22) leave the carry-over out.
    assert [(x.team, x.vp, x.place) for x in s] == [("A", 13.74, "1"), ("H", 6.26, "2")]
    assert (s[0].imps_for, s[0].imps_against) == (22, 13)
