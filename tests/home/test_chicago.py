"""Chicago: the vectors of rules.md section 10, the vulnerability sequence, carried part
scores, the fourth-deal bonus, redeals, settings, and properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import BridgeError, Contract, Result, Seat, Side, Strain, Vulnerability, score
from bridgescore.core.contract import Doubling
from bridgescore.home.chicago import Chicago, ChicagoSeries, ChicagoSettings
from bridgescore.home.pad import DealEntry, Item, Line, Team

WE, THEY = Team.WE, Team.THEY


def items(c: Chicago, deal: int) -> list[tuple[Team, Line, Item, int]]:
    return [(p.team, p.line, p.item, p.points) for p in c.postings if p.deal == deal]


class TestRulesVectors:
    def test_sequence(self) -> None:
        c = Chicago(["2S N +1", "4H E =", "2D S =", "2C N ="])
        assert items(c, 1) == [(WE, Line.BELOW, Item.TRICK_POINTS, 60),
                               (WE, Line.ABOVE, Item.OVERTRICKS, 30)]
        # Deal 2: East deals, East-West vulnerable: 120 + 500, and NS's leg is wiped.
        assert items(c, 2) == [(THEY, Line.BELOW, Item.TRICK_POINTS, 120),
                               (THEY, Line.ABOVE, Item.GAME, 500)]
        assert items(c, 3) == [(WE, Line.BELOW, Item.TRICK_POINTS, 40)]
        # Deal 4: 40 + 40 = 80 < 100, so the fourth-deal part score earns 100.
        assert items(c, 4) == [(WE, Line.BELOW, Item.TRICK_POINTS, 40),
                               (WE, Line.ABOVE, Item.PARTSCORE, 100)]
        assert c.finished and c.totals() == {WE: 270, THEY: 620}

    def test_fourth_deal_completing_a_game(self) -> None:
        # 40 + 60 = 100: a vulnerable game (both vulnerable on deal 4), not the 100 bonus.
        # (rules.md writes "NS total = 40 + 560 = 600", leaving out deal 1's 90: it is 690.)
        c = Chicago(["2S N +1", "4H E =", "2D S =", "2S N ="])
        assert items(c, 4) == [(WE, Line.BELOW, Item.TRICK_POINTS, 60),
                               (WE, Line.ABOVE, Item.GAME, 500)]
        assert c.totals() == {WE: 90 + 40 + 560, THEY: 620}


class TestVulnerability:
    def test_default_dealer_side(self) -> None:
        s = ChicagoSettings()
        assert [s.dealer(n) for n in range(1, 5)] == [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
        assert [s.vulnerability_of(n) for n in range(1, 5)] == [
            Vulnerability.NONE, Vulnerability.EW, Vulnerability.NS, Vulnerability.BOTH]

    def test_non_dealer_side(self) -> None:
        s = ChicagoSettings(vulnerability="non-dealer")
        assert [s.vulnerability_of(n) for n in range(1, 5)] == [
            Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH]
        # As the duplicate boards 1-4.
        from bridgescore import Board
        assert [s.vulnerability_of(n) for n in range(1, 5)] == [
            Board(n).vulnerability for n in range(1, 5)]

    def test_first_dealer(self) -> None:
        s = ChicagoSettings(first_dealer=Seat.EAST)
        assert s.dealer(2) is Seat.SOUTH and s.vulnerability_of(2) is Vulnerability.NS

    def test_game_premium_follows_the_completing_deal(self) -> None:
        # NS 60 leg on deal 1 (none vul), completed on deal 3 (South deals, NS vul): 500.
        c = Chicago(["2S N =", "1NT E -1", "2S S ="])
        assert items(c, 3)[-1] == (WE, Line.ABOVE, Item.GAME, 500)
        # The same game completed on deal 2 (East deals, NS not vulnerable): 300.
        c = Chicago(["2S N =", "2S S ="])
        assert items(c, 2)[-1] == (WE, Line.ABOVE, Item.GAME, 300)

    def test_undertricks_and_slams_use_the_deal_vulnerability(self) -> None:
        c = Chicago(["1NT N =", "3NTX E -2"])  # deal 2: EW vulnerable
        assert items(c, 2) == [(WE, Line.ABOVE, Item.UNDERTRICKS, 500)]
        c = Chicago(["1NT N =", "1NT N =", "1NT N =", "6S E ="])
        assert (THEY, Line.ABOVE, Item.SLAM, 750) in items(c, 4)


class TestRedealAndEnd:
    def test_passed_out_does_not_count(self) -> None:
        c = Chicago(["pass", "pass", "1NT N ="])
        assert c.numbers == (1, 1, 1) and c.played == 1 and c.next_deal == 2
        assert items(c, 3) == [(WE, Line.BELOW, Item.TRICK_POINTS, 40)]

    def test_over_after_four(self) -> None:
        c = Chicago(["1C N =", "pass", "1C N =", "1C N =", "1C N ="])
        assert c.finished and c.next_deal is None
        with pytest.raises(BridgeError, match="over after four deals"):
            c.add("1NT N =")
        s = ChicagoSeries([*(str(d) for d in c.deals), "1NT N ="])
        assert len(s.games) == 2 and s.games[1].numbers == (1,)

    def test_legs_wiped_by_the_other_sides_game(self) -> None:
        c = Chicago(["2S N =", "4H E ="])
        assert c.legs == {WE: 0, THEY: 0} and c.games == ((2, THEY),)


class TestSettings:
    def test_honours(self) -> None:
        c = Chicago(["4S N = hon 100 E"])
        assert (THEY, Line.ABOVE, Item.HONOURS, 100) in items(c, 1)
        with pytest.raises(BridgeError):
            Chicago(["4S N = hon 100 E"], ChicagoSettings(honours=False))

    def test_duplicate_scoring(self) -> None:
        s = ChicagoSettings(scoring="duplicate")
        deals = ["2S N +1", "2S N =", "3NT E =", "4H S -1"]
        c = Chicago(deals, s)
        # Each deal exactly as duplicate, with Chicago's vulnerability; nothing carries.
        expected = {WE: 0, THEY: 0}
        for n, text in enumerate(deals, 1):
            r = Result.parse(text)
            ns = r.ns_score(s.vulnerability_of(n))
            expected[WE if ns > 0 else THEY] += abs(ns)
        assert c.totals() == expected
        assert c.game_lines == ()

    def test_parse_settings(self) -> None:
        assert ChicagoSettings.parse_vulnerability("non-dealer") == "non-dealer"
        assert ChicagoSettings.parse_scoring("复式") == "duplicate"
        for bad in (lambda: ChicagoSettings.parse_vulnerability("x"),
                    lambda: ChicagoSettings.parse_scoring("x"),
                    lambda: ChicagoSettings(vulnerability="x"),  # type: ignore[arg-type]
                    lambda: ChicagoSettings(scoring="x")):  # type: ignore[arg-type]
            with pytest.raises(BridgeError):
                bad()

    def test_json_round_trip(self) -> None:
        s = ChicagoSettings(Side.EW, Seat.WEST, "non-dealer", False, "duplicate", 100)
        assert ChicagoSettings.from_json(s.to_json()) == s
        data = Chicago(["2S N +1"], s).to_json()
        assert data["deals"][0] == {"entry": "2S N +1", "number": 1, "dealer": "W",
                                    "vulnerability": "None"}


@st.composite
def _entries(draw: st.DrawFn) -> DealEntry:
    if draw(st.integers(0, 10)) == 0:
        return DealEntry(Result.passed_out())
    c = Contract(draw(st.integers(1, 7)), draw(st.sampled_from(list(Strain))),
                 draw(st.sampled_from(list(Doubling))))
    tricks = draw(st.integers(max(0, c.tricks_needed - 3), 13))
    return DealEntry(Result(c, draw(st.sampled_from(list(Seat))), tricks))


@settings(max_examples=300)
@given(st.lists(_entries(), max_size=20))
def test_properties(deals: list[DealEntry]) -> None:
    s = ChicagoSeries(deals)
    for c in s.games:
        assert c.played <= 4
        for team in Team:
            assert c.totals()[team] == sum(p.points for p in c.postings if p.team is team)
        for i, (entry, n) in enumerate(zip(c.deals, c.numbers, strict=True), 1):
            r = entry.result
            if r.declarer is None:
                continue
            vul = c.vulnerability(n).is_vulnerable(r.declarer)
            team = Team.of(r.declarer, Side.NS)
            got = {t: sum(p.points for p in c.postings if p.deal == i and p.team is t)
                   for t in Team}
            dup = score(r.contract, r.tricks, vul)
            if dup < 0:
                assert got == {team: 0, team.other: -dup}
            else:
                # Law 77 without its game / partscore premium, plus Chicago's own premium.
                base = dup - ((500 if vul else 300) if r.contract.is_game else 50)
                extra = got[team] - base
                assert extra in (0, 100, 300, 500) and got[team.other] == 0
    for team in Team:
        assert s.totals()[team] == sum(g.totals()[team] for g in s.games)


@settings(max_examples=150)
@given(st.lists(_entries(), max_size=15), _entries())
def test_undo_restores_exactly(deals: list[DealEntry], extra: DealEntry) -> None:
    s = ChicagoSeries(deals)
    assert s.add(extra).undo() == s
    assert s.add(extra).undo().to_json() == s.to_json()


@pytest.mark.parametrize("bonus", [-100, 1000, "100", 100.0])
def test_fourth_deal_bonus_must_be_a_sensible_number(bonus: object) -> None:
    with pytest.raises(BridgeError, match="fourth-deal partscore"):
        ChicagoSettings(fourth_deal_partscore=bonus)  # type: ignore[arg-type]


def test_fourth_deal_bonus_setting() -> None:
    s = ChicagoSettings(fourth_deal_partscore=50)
    assert Chicago(["2S N +1", "4H E =", "2D S =", "2C N ="], s).totals()[Team.WE] == 220


def test_a_chicago_stopped_early_adds_nothing() -> None:
    # NS have a 60 leg and EW a 40 leg after two deals: no premium either way.
    c = Chicago(["2S N =", "2C E ="])
    assert not c.finished and c.settlement() == ()
    assert c.totals() == {Team.WE: 60, Team.THEY: 40} == c.totals(settle=False)
