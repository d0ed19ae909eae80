"""Rubber bridge: the worked rubber of rules.md section 9, the seeds' scorepad examples, the
Laws' premiums, unfinished rubbers, honours, and properties of the scorepad."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import BridgeError, Contract, Result, Seat, Side, Strain, score
from bridgescore.core.contract import Doubling
from bridgescore.core.law77 import PartKind
from bridgescore.home.pad import DealEntry, HonoursClaim, Item, Line, Team
from bridgescore.home.rubber import Rubber, RubberSeries, RubberSettings

WE, THEY = Team.WE, Team.THEY
WORKED = ["2H S +1", "3NT E =", "4SX N -2", "4S S =", "2C W =", "3NT N +1"]


def items(r: Rubber, deal: int) -> list[tuple[Team, Line, Item, int]]:
    return [(p.team, p.line, p.item, p.points) for p in r.postings if p.deal == deal]


class TestWorkedRubber:
    """rules.md section 9: WE 840, THEY 440, WE win by 400."""

    def test_totals(self) -> None:
        r = Rubber(WORKED)
        assert r.finished and r.winner is WE
        assert r.totals() == {WE: 840, THEY: 440}
        assert (r.below(WE), r.above(WE)) == (280, 560)
        assert (r.below(THEY), r.above(THEY)) == (140, 300)
        assert r.margin() == 400

    def test_deal_by_deal(self) -> None:
        r = Rubber(WORKED)
        assert items(r, 1) == [(WE, Line.BELOW, Item.TRICK_POINTS, 60),
                               (WE, Line.ABOVE, Item.OVERTRICKS, 30)]
        assert items(r, 2) == [(THEY, Line.BELOW, Item.TRICK_POINTS, 100)]
        # WE not vulnerable: 4♠× two down is 100 + 200.
        assert items(r, 3) == [(THEY, Line.ABOVE, Item.UNDERTRICKS, 300)]
        assert items(r, 4) == [(WE, Line.BELOW, Item.TRICK_POINTS, 120)]
        assert items(r, 5) == [(THEY, Line.BELOW, Item.TRICK_POINTS, 40)]
        assert items(r, 6) == [(WE, Line.BELOW, Item.TRICK_POINTS, 100),
                               (WE, Line.ABOVE, Item.OVERTRICKS, 30),
                               (WE, Line.ABOVE, Item.RUBBER, 500)]
        assert r.games == ((2, THEY), (4, WE), (6, WE))
        assert r.game_lines == (2, 4, 6)

    def test_no_more_deals_after_the_rubber(self) -> None:
        with pytest.raises(BridgeError, match="rubber is over"):
            Rubber(WORKED).add("1NT N =")
        assert "盘已经结束" in _zh(lambda: Rubber(WORKED).add("1NT N ="))

    def test_settlement_of_a_finished_rubber_is_nothing(self) -> None:
        r = Rubber(WORKED)
        assert r.settlement() == ()
        assert r.totals(settle=False) == r.totals()


def _zh(f: object) -> str:
    try:
        f()  # type: ignore[operator]
    except BridgeError as e:
        return e.message("zh")
    raise AssertionError("no error")


class TestSeedsScorepad:
    """The 十字记分法 passages of seeds 003/001/004."""

    def test_four_spades_is_a_game(self) -> None:
        # "当你方叫到4♠并且又赢得10墩 … 记上120分 … 画一条横线"
        r = Rubber(["4S N ="])
        assert items(r, 1) == [(WE, Line.BELOW, Item.TRICK_POINTS, 120)]
        assert r.games == ((1, WE),) and r.vulnerable(WE) and not r.vulnerable(THEY)

    def test_two_spades_making_ten_tricks_is_a_leg(self) -> None:
        # "对方叫到2♠，却打成了4♠ … 只能有60分记在横线下，其余60分记在横线上方"
        r = Rubber(["2S E +2"])
        assert items(r, 1) == [(THEY, Line.BELOW, Item.TRICK_POINTS, 60),
                               (THEY, Line.ABOVE, Item.OVERTRICKS, 60)]
        assert r.legs == {WE: 0, THEY: 60} and r.games == ()

    def test_two_clubs_completes_the_game(self) -> None:
        # "再完成一个40分的定约就可以打成一局 … 只叫2♣ … 得到了9墩 … 横线下方记40分 …
        #  横线上方记入超墩应得的20分"
        r = Rubber(["2S E +2", "2C W +1"])
        assert items(r, 2) == [(THEY, Line.BELOW, Item.TRICK_POINTS, 40),
                               (THEY, Line.ABOVE, Item.OVERTRICKS, 20)]
        assert r.games == ((2, THEY),)

    def test_our_game_wipes_their_leg_but_not_their_total(self) -> None:
        # "你方叫成并打成了一个成局定约（如4♥）… 你的对方便不再保留60分的不成局分 …
        #  但这60分要加在他们的总得分里"
        r = Rubber(["2S E +2", "4H S ="])
        assert r.games == ((2, WE),)
        assert r.legs == {WE: 0, THEY: 0}
        assert r.totals(settle=False) == {WE: 120, THEY: 120}
        # THEY's old 60 no longer counts: 2♣ = (40) is not a game now.
        assert Rubber(["2S E +2", "4H S =", "2C W ="]).games == ((2, WE),)

    def test_two_nil_and_two_one(self) -> None:
        # 700 清Rubber, 500 混Rubber; rules.md: 3NT =, 4♠ = → WE 220 + 700 = 920.
        r = Rubber(["3NT N =", "4S S ="])
        assert r.totals() == {WE: 920, THEY: 0}
        assert items(r, 2)[-1] == (WE, Line.ABOVE, Item.RUBBER, 700)
        r = Rubber(["3NT N =", "3NT E =", "4S S ="])
        assert items(r, 3)[-1] == (WE, Line.ABOVE, Item.RUBBER, 500)


class TestPremiums:
    def test_doubled_into_game_and_insult(self) -> None:
        r = Rubber(["2SX N ="])
        assert items(r, 1) == [(WE, Line.BELOW, Item.TRICK_POINTS, 120),
                               (WE, Line.ABOVE, Item.INSULT, 50)]
        assert r.games == ((1, WE),)

    def test_redoubled_overtricks_vulnerable(self) -> None:
        r = Rubber(["3NT N =", "1HXX S +2"])  # WE vulnerable after the first game
        assert items(r, 2) == [(WE, Line.BELOW, Item.TRICK_POINTS, 120),
                               (WE, Line.ABOVE, Item.OVERTRICKS, 800),
                               (WE, Line.ABOVE, Item.INSULT, 100),
                               (WE, Line.ABOVE, Item.RUBBER, 700)]

    def test_doubled_overtricks_not_vulnerable(self) -> None:
        assert items(Rubber(["1CX N +3"]), 1)[1] == (WE, Line.ABOVE, Item.OVERTRICKS, 300)

    def test_undertricks_follow_the_games_won(self) -> None:
        assert items(Rubber(["3NT E -2"]), 1) == [(WE, Line.ABOVE, Item.UNDERTRICKS, 100)]
        # THEY vulnerable after their game: 100 each undoubled, 200+300×3 doubled.
        assert items(Rubber(["4H E =", "3NT E -2"]), 2) == [
            (WE, Line.ABOVE, Item.UNDERTRICKS, 200)]
        assert items(Rubber(["4H E =", "4SX W -4"]), 2) == [
            (WE, Line.ABOVE, Item.UNDERTRICKS, 1100)]

    def test_slams_by_vulnerability_and_no_game_premium(self) -> None:
        assert items(Rubber(["6S N ="]), 1) == [(WE, Line.BELOW, Item.TRICK_POINTS, 180),
                                                (WE, Line.ABOVE, Item.SLAM, 500)]
        assert items(Rubber(["3NT N =", "7NT S ="]), 2)[:2] == [
            (WE, Line.BELOW, Item.TRICK_POINTS, 220), (WE, Line.ABOVE, Item.SLAM, 1500)]
        kinds = {p.item for p in Rubber(["1NT N =", "3NT N =", "7NT N ="]).postings}
        assert Item.GAME not in kinds and Item.PARTSCORE not in kinds

    def test_items_named_as_duplicate_names_their_parts(self) -> None:
        # One wording for a part in both games: only trick points (the rubber Laws' English
        # word) and rubber bridge's own premiums are named by the scorepad itself.
        for item in Item:
            for lang in ("en", "zh"):
                assert item.name_in(lang)
                if item.part is not None and item is not Item.TRICK_POINTS:
                    assert item.name_in(lang) == item.part.name_in(lang)
        assert Item.TRICK_POINTS.name_in("en") == "trick points"
        assert Item.TRICK_POINTS.name_in("zh") == "基本分"
        assert Item.SLAM.part is PartKind.SLAM_BONUS and Item.HONOURS.part is None
        assert Item.GAME.name_in("zh") == "成局奖分"

    def test_passed_out_scores_nothing(self) -> None:
        r = Rubber(["pass", "四家不叫"])
        assert r.postings == () and len(r.deals) == 2


class TestHonours:
    def test_defenders_holding_honours(self) -> None:
        # rules.md: WE make 4♠ while THEY hold ♠AKQJ in one hand → THEY +100, WE 120 below.
        r = Rubber(["4S N = hon 100 E"])
        assert items(r, 1) == [(WE, Line.BELOW, Item.TRICK_POINTS, 120),
                               (THEY, Line.ABOVE, Item.HONOURS, 100)]

    def test_honours_count_when_the_contract_fails(self) -> None:
        r = Rubber(["4H S -1 hon 150 S"])
        assert items(r, 1) == [(THEY, Line.ABOVE, Item.UNDERTRICKS, 50),
                               (WE, Line.ABOVE, Item.HONOURS, 150)]

    def test_four_aces_at_notrump(self) -> None:
        assert items(Rubber(["3NT W = hon=150 we"]), 1)[-1] == (WE, Line.ABOVE, Item.HONOURS, 150)

    def test_honours_setting_off_refuses_claims(self) -> None:
        with pytest.raises(BridgeError, match="honours are not counted"):
            Rubber(["4S N = hon 100 N"], RubberSettings(honours=False))
        assert Rubber(["4S N ="], RubberSettings(honours=False)).totals()[WE] == 420


class TestUnfinished:
    def test_rules_vector(self) -> None:
        r = Rubber(["4H N =", "2S E ="])
        assert [(p.team, p.item, p.points) for p in r.settlement()] == [
            (WE, Item.UNFINISHED_GAME, 300), (THEY, Item.UNFINISHED_PARTSCORE, 100)]
        assert r.totals() == {WE: 420, THEY: 160}
        assert Rubber(["4H N =", "2S E ="], RubberSettings(unfinished_partscore=50)).totals() \
            == {WE: 420, THEY: 110}

    def test_both_sides_with_part_scores_get_nothing(self) -> None:
        assert Rubber(["2S N =", "2H E ="]).settlement() == ()

    def test_one_game_all_gets_no_game_premium(self) -> None:
        r = Rubber(["4H N =", "4S E =", "1NT W ="])
        assert [(p.team, p.item) for p in r.settlement()] == [(THEY, Item.UNFINISHED_PARTSCORE)]

    def test_bad_setting(self) -> None:
        with pytest.raises(BridgeError):
            RubberSettings(unfinished_partscore=70)


class TestWeSetting:
    def test_we_are_east_west(self) -> None:
        r = Rubber(WORKED, RubberSettings(we=Side.EW))
        assert r.totals() == {WE: 440, THEY: 840}
        assert r.to_json()["postings"][0]["side"] == "NS"

    def test_json(self) -> None:
        data = Rubber(WORKED).to_json()
        assert data["totals"] == {"we": 840, "they": 440} and data["winner"] == "we"
        assert data["games"][0] == {"deal": 2, "team": "they"}


class TestDealEntry:
    @pytest.mark.parametrize(("text", "points", "holder"), [
        ("4S N = hon 100 E", 100, Seat.EAST),
        ("4S N = hon=100 E", 100, Seat.EAST),
        ("4S N = honours: 150 ns", 150, Side.NS),
        ("4S N = honors 100 they", 100, Team.THEY),
        ("4S N =, hon E 100", 100, Seat.EAST),
        ("北打4S，正好完成 大牌奖分100东", 100, Seat.EAST),
        ("北打4S超1，大牌奖分 150 我方", 150, Team.WE),
        ("北打4S超1大牌奖分一百五十南北", 150, Side.NS),
        ("北打4S超1 大牌100 西家", 100, Seat.WEST),
        ("3NT S +1 hon 150 (N)", 150, Seat.NORTH),
    ])
    def test_forms(self, text: str, points: int, holder: object) -> None:
        e = DealEntry.parse(text)
        assert e.honours == HonoursClaim(points, holder)  # type: ignore[arg-type]
        assert DealEntry.parse(str(e)) == e

    def test_round_trip_and_chinese(self) -> None:
        e = DealEntry.parse("南打4H超1，大牌奖分100北")
        assert str(e) == "4H S +1 hon 100 N"
        assert e.format("zh") == "南打4H超1，大牌奖分100（北）"
        assert DealEntry.parse("4S N =").honours is None

    @pytest.mark.parametrize(("text", "fragment"), [
        ("3NT N = hon 100 N", "notrump"),
        ("pass hon 150 N", "passed-out"),
        ("4S N = hon 120 N", "100"),
        ("4S N = hon 100", "who holds"),
        ("hon 100 N", "result is missing"),
        ("4S N = hon 100 N extra", "honours"),
        ("4S N = hon abc N", "honours"),
    ])
    def test_errors(self, text: str, fragment: str) -> None:
        with pytest.raises(BridgeError) as info:
            DealEntry.parse(text)
        assert fragment in str(info.value)
        assert info.value.message("zh") != info.value.message("en")

    def test_team_words(self) -> None:
        assert Team.parse("我方") is WE and Team.parse("them") is THEY
        with pytest.raises(BridgeError):
            Team.parse("nobody")
        assert WE.name_in("zh") == "我方" and THEY.other is WE

    @given(st.text(max_size=40))
    def test_fuzz(self, text: str) -> None:
        with contextlib.suppress(BridgeError):
            DealEntry.parse(text)

    @given(st.text(alphabet="4SNHCDX =+-12hon0EW北打超大牌奖分，", max_size=30))
    def test_fuzz_near_notation(self, text: str) -> None:
        with contextlib.suppress(BridgeError):
            DealEntry.parse(text)


class TestSeries:
    def test_new_rubber_after_the_end(self) -> None:
        s = RubberSeries([*WORKED, "1NT E =", "4S N ="])
        assert len(s.games) == 2
        assert s.games[1].deals == (DealEntry.parse("1NT E ="), DealEntry.parse("4S N ="))
        # Rubber 2 is unfinished: WE get 300 for their game; THEY's 40 was wiped by that game,
        # so no part score is pending.
        assert s.totals() == {WE: 840 + 120 + 300, THEY: 440 + 40}
        assert s.totals(settle=False) == {WE: 960, THEY: 480}

    def test_current_after_a_finished_rubber_is_empty(self) -> None:
        s = RubberSeries(WORKED)
        assert s.current.deals == () and len(s.games) == 1

    def test_undo_across_the_rubber_boundary(self) -> None:
        s = RubberSeries([*WORKED, "1NT E ="])
        assert s.undo() == RubberSeries(WORKED)
        assert RubberSeries().undo() == RubberSeries()

    def test_errors_name_the_deal(self) -> None:
        with pytest.raises(BridgeError, match="deal 2"):
            RubberSeries(["1NT N =", "4S N = hon 100 N"], RubberSettings(honours=False))


# ---------------------------------------------------------------- properties

def _results() -> st.SearchStrategy[DealEntry]:
    @st.composite
    def entry(draw: st.DrawFn) -> DealEntry:
        if draw(st.integers(0, 30)) == 0:
            return DealEntry(Result.passed_out())
        contract = Contract(draw(st.integers(1, 7)), draw(st.sampled_from(list(Strain))),
                            draw(st.sampled_from(list(Doubling))))
        need = contract.tricks_needed
        # Mostly near the contract, so games and rubbers actually happen.
        tricks = draw(st.integers(max(0, need - 3), 13))
        declarer = draw(st.sampled_from(list(Seat)))
        honours = None
        if draw(st.integers(0, 5)) == 0:
            points = 150 if contract.strain is Strain.NOTRUMP else draw(st.sampled_from([100, 150]))
            honours = HonoursClaim(points, draw(st.sampled_from(list(Seat))))
        return DealEntry(Result(contract, declarer, tricks), honours)
    return entry()


def _reference(deals: list[DealEntry], we: Side) -> list[tuple[list[tuple[Team, int]], int]]:
    """An independent rubber: per rubber, the games won in order and the total of every deal's
    points (vulnerability from games won, legs wiped by any game)."""
    rubbers = []
    games: list[tuple[Team, int]] = []
    legs = {WE: 0, THEY: 0}
    for n, e in enumerate(deals, 1):
        if e.result.declarer is None:
            continue
        team = WE if e.result.declarer.side is we else THEY
        if e.result.made:
            legs[team] += e.result.contract.trick_score
            if legs[team] >= 100:
                games.append((team, n))
                legs = {WE: 0, THEY: 0}
                if sum(1 for t, _ in games if t is team) == 2:
                    rubbers.append((games, n))
                    games, legs = [], {WE: 0, THEY: 0}
    return rubbers


@settings(max_examples=300)
@given(st.lists(_results(), max_size=25), st.sampled_from(list(Side)))
def test_properties(deals: list[DealEntry], we: Side) -> None:
    s = RubberSeries(deals, RubberSettings(we=we))
    assert s.deals == tuple(deals)
    finished = [g for g in s.games if g.finished]
    offset = 0
    for game in s.games:
        # The totals are the sum of what is on the pad.
        for team in Team:
            on_pad = sum(p.points for p in game.postings if p.team is team)
            assert game.totals(settle=False)[team] == on_pad == game.below(team) + game.above(team)
            assert game.totals()[team] == on_pad + sum(
                p.points for p in game.settlement() if p.team is team)
        # Each deal's points agree with Law 77 at the vulnerability the games won give,
        # less the duplicate game / partscore premium rubber bridge does not have.
        for n, entry in enumerate(game.deals, 1):
            r = entry.result
            pts = {t: sum(p.points for p in game.postings if p.deal == n and p.team is t
                          and p.item not in (Item.HONOURS, Item.RUBBER)) for t in Team}
            if r.declarer is None:
                assert pts == {WE: 0, THEY: 0}
                continue
            team = Team.of(r.declarer, we)
            vul = any(t is team and d < n for d, t in game.games)
            duplicate = score(r.contract, r.tricks, vul)
            if duplicate >= 0:
                premium = (500 if vul else 300) if r.contract.is_game else 50
                assert (pts[team], pts[team.other]) == (duplicate - premium, 0)
            else:
                assert (pts[team], pts[team.other]) == (0, -duplicate)
            honours = sum(p.points for p in game.postings if p.deal == n
                          and p.item is Item.HONOURS)
            assert honours == (entry.honours.points if entry.honours else 0)
        assert len(game.games) <= 3
        offset += len(game.deals)
    # Games and rubber ends match an independent count.
    ref = _reference(list(deals), we)
    assert len(finished) == len(ref)
    for game, (games, _) in zip(finished, ref, strict=False):
        assert [t for _, t in game.games] == [t for t, _ in games]
        winner = games[-1][0]
        bonus = [p for p in game.postings if p.item is Item.RUBBER]
        assert len(bonus) == 1 and bonus[0].team is winner
        loser_games = sum(1 for t, _ in games if t is not winner)
        assert bonus[0].points == (700 if loser_games == 0 else 500)
    # The series totals are the sum of its rubbers.
    for team in Team:
        assert s.totals()[team] == sum(g.totals()[team] for g in s.games)


@settings(max_examples=200)
@given(st.lists(_results(), max_size=20), _results())
def test_undo_restores_exactly(deals: list[DealEntry], extra: DealEntry) -> None:
    s = RubberSeries(deals)
    after = s.add(extra).undo()
    assert after == s
    assert [g.postings for g in after.games] == [g.postings for g in s.games]
    assert after.totals() == s.totals() and after.to_json() == s.to_json()
