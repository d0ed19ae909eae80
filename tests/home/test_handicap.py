"""贴点 scoring: the seeds' boards 1-4 (simple) and 13-16 plus the two 28-point examples
(detailed), the choices for the cases the seeds leave open, the compensation table of
rules.md section 11, points from a deal, sessions."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import (
    Board,
    BridgeError,
    Contract,
    FileFormatError,
    Result,
    Seat,
    Side,
    Strain,
    Vulnerability,
)
from bridgescore.core.contract import Doubling
from bridgescore.home.compensation import DEFAULT_TABLE, load_compensation_table
from bridgescore.home.handicap import (
    Category,
    HandicapDeal,
    HandicapSession,
    Method,
    contract_category,
    points_category,
    score_deal,
    twenty_eight_point_score,
)
from bridgescore.home.hcp import deal_hcp, hand_hcp, parse_hcp, side_hcp


def seed(board: int, result: str, hcp: int | str, method: str):  # type: ignore[no-untyped-def]
    return score_deal(HandicapDeal.for_board(board, result, hcp), method)


class TestSimpleMethod:
    """Seed 003 (and 001): 第一副 … 第四副, worded as the seeds word them."""

    @pytest.mark.parametrize(("board", "result", "hcp", "score_imps", "give", "net"), [
        # 110 → 3 IMPs, NS 22 give 2, NS +1
        (1, "北定约2S，拿8墩，正好完成定约", 22, 3, 2, 1),
        # EW 100 → 3 IMPs, NS 21 give 1, EW +4
        (2, "北主打3C，结果宕一", 21, -3, 1, -4),
        # EW 130 → 4 IMPs, EW 27 give 7, NS +3
        (3, "东定约2D，结果超二", "东西27", -4, 7, 3),
        # EW 620 → 12 IMPs, EW 26 give 6, EW +6
        (4, "东定约4H，正好完成", "EW 26", -12, 6, -6),
    ])
    def test_seed_boards(self, board: int, result: str, hcp: int | str, score_imps: int,
                         give: int, net: int) -> None:
        s = seed(board, result, hcp, "simple")
        assert (s.ns_score_imps, s.compensation, s.ns_imps) == (score_imps, give, net)

    def test_explanation_reads_like_the_seed(self) -> None:
        s = seed(1, "北定约2S，拿8墩", 22, "simple")
        assert s.explain("zh") == ("第1副，双无。北打2S，正好完成：南北得 2×30+50=110分，折合3点；"
                                   "南北大牌22点，贴东西2点；南北净胜1点。")
        assert s.explain("en") == ("Board 1, none vulnerable. 2S N =: NS score 2×30+50=110, "
                                   "worth 3 IMPs; NS hold 22 HCP and give EW 2 IMPs; "
                                   "NS win 1 IMP.")

    def test_the_lecture_examples_of_who_gives(self) -> None:
        # "南北方两手和为24点，应贴给东西方4点 … 南北方两手和为15点，那么东西方应贴给南北方5点"
        assert seed(1, "pass", 24, "simple").ns_imps == -4
        assert seed(1, "pass", 15, "simple").ns_imps == 5


class TestDetailedMethod:
    """Seed 003: 第十三副 … 第十六副."""

    @pytest.mark.parametrize(("board", "result", "hcp", "category", "rate", "diff", "net"), [
        # EW 500; NS 17; EW (vulnerable) give 3 × 80 at the game rate: 260 → EW 6
        (13, "南定约5D，东西方加倍，结果宕二", 17, Category.GAME, 80, -260, -6),
        # EW 400; EW 26, non-vulnerable game: 400 − 6×60 = 40 → EW 1
        (14, "西主打3NT，正好完成", "EW 26", Category.GAME, 60, -40, -1),
        # EW 570; NS 21 give 1 at their own (vulnerable) game rate 80: 650 → EW 12
        (15, "西打2S，南北方加倍，结果超一", "EW 19", Category.GAME, 80, -650, -12),
        # NS 150 with 26: game rate 6×60 = 360; 150 − 360 = −210 → EW 5
        (16, "南主打4D，结果超一", 26, Category.GAME, 60, -210, -5),
    ])
    def test_seed_boards(self, board: int, result: str, hcp: int | str, category: Category,
                         rate: int, diff: int, net: int) -> None:
        s = seed(board, result, hcp, "detailed")
        assert (s.category, s.rate, s.ns_difference, s.ns_imps) == (category, rate, diff, net)

    def test_seed_board_vulnerabilities(self) -> None:
        assert [Board(n).vulnerability for n in (13, 14, 15, 16)] == [
            Vulnerability.BOTH, Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW]

    def test_twenty_eight_points_three_notrump(self) -> None:
        # 南北有局，北定约3NT，结果超二，联手29点: 600 + 200 = 800, 800 − 9×80 = 80 → 2
        s = score_deal(HandicapDeal(Result.parse("北定约3NT，结果超二"), Vulnerability.NS, 29))
        assert (s.ns_score, s.ns_counted, s.ns_difference, s.ns_imps) == (660, 800, 80, 2)
        assert s.twenty_eight == "600+2×100=800"

    def test_twenty_eight_points_five_notrump(self) -> None:
        # 北打5NT，结果相同 (11 tricks): 660 + 200 = 860, 860 − 720 = 140 → 4
        s = score_deal(HandicapDeal(Result.parse("N 5NT ="), Vulnerability.NS, 29))
        assert (s.ns_score, s.ns_counted, s.ns_difference, s.ns_imps) == (660, 860, 140, 4)

    def test_explanation(self) -> None:
        s = seed(15, "西打2S，南北方加倍，结果超一", "EW 19", "detailed")
        assert s.explain("zh").endswith("570+1×80=650，折合12点；东西净胜12点。")
        assert "NS hold 21 HCP" in s.explain("en") and "EW win 12 IMPs." in s.explain("en")
        s = seed(16, "南主打4D，结果超一", 26, "detailed")
        assert "联手26点，照成局定约贴" in s.explain("zh")
        assert "150−6×60=−210" in s.explain("zh")


class TestOpenCases:
    """The choices documented in the module docstring."""

    def test_twenty_all_nobody_pays(self) -> None:
        for method in Method:
            s = seed(5, "2S N =", 20, method.value)
            assert s.compensation == 0 and s.ns_imps == 3  # 110 → 3 IMPs
        assert "不贴点" in seed(5, "2S N =", 20, "detailed").explain("zh")

    @pytest.mark.parametrize("board", [1, 2, 3, 4])
    def test_partscore_rate_is_forty_at_any_vulnerability(self, board: int) -> None:
        s = seed(board, "2S N =", 23, "detailed")
        assert (s.category, s.rate) == (Category.PARTSCORE, 40)
        assert s.ns_difference == s.ns_score - 3 * 40

    def test_category_is_the_higher_of_contract_and_points(self) -> None:
        assert contract_category(Contract.parse("2SX")) is Category.GAME
        assert contract_category(Contract.parse("6C")) is Category.SMALL_SLAM
        assert contract_category(Contract.parse("7NTXX")) is Category.GRAND_SLAM
        assert contract_category(Contract.parse("pass")) is Category.PARTSCORE
        assert [points_category(h) for h in (25, 26, 32, 33, 36, 37, 40)] == [
            Category.PARTSCORE, Category.GAME, Category.GAME, Category.SMALL_SLAM,
            Category.SMALL_SLAM, Category.GRAND_SLAM, Category.GRAND_SLAM]
        # A 3NT with 34 points is compensated at the small-slam rate (non-vulnerable 70).
        assert seed(1, "3NT N +3", 34, "detailed").rate == 70
        # A weaker side's failed slam: the slam rate, at the stronger side's vulnerability.
        assert seed(2, "6HX E -3", 24, "detailed").rate == 90

    @pytest.mark.parametrize(("result", "hcp", "applies"), [
        ("3NT N +2", 28, True),
        ("3NT N +2", 27, False),        # under 28
        ("3NTX N +2", 30, False),       # doubled: overtricks already 200 each
        ("6NT N +1", 35, False),        # a slam, not a game contract
        ("2S N +2", 30, False),         # a partscore contract
        ("4S N -1", 30, False),         # failed
        ("5C N =", 29, False),          # no trick beyond a minor game
        ("3NT N =", 30, False),         # no trick beyond game
        ("3NT E +2", 12, True),         # East-West hold 28
    ])
    def test_twenty_eight_point_rule_scope(self, result: str, hcp: int, applies: bool) -> None:
        s = score_deal(HandicapDeal(Result.parse(result), Vulnerability.NONE, hcp))
        assert (s.twenty_eight is not None) is applies

    def test_twenty_eight_point_rule_in_majors_and_minors(self) -> None:
        r = Result.parse("4S N +1")
        assert twenty_eight_point_score(r, True, 28) == (720, "620+100=720")
        assert twenty_eight_point_score(Result.parse("5D N +1"), False, 30) == (
            500, "400+100=500")
        # 5♠ making 12 tricks: 450 (5♠ bid and made) and two tricks beyond the 10 of game.
        assert twenty_eight_point_score(Result.parse("5S N +1"), False, 30) == (
            650, "450+2×100=650")

    def test_passed_out_still_pays(self) -> None:
        assert seed(4, "pass", 25, "detailed").ns_imps == -5   # 0 − 5×40 = −200
        assert seed(4, "pass", 25, "simple").ns_imps == -5
        assert seed(4, "pass", 25, "table").ns_imps == -10     # 0 − 440 (25, vulnerable)


class TestTableMethod:
    """rules.md section 11 vectors."""

    @pytest.mark.parametrize(("board", "result", "hcp", "expected", "imps"), [
        (1, "4S E -2", 21, 50, 2),       # +100 with 21 → +2
        (1, "3NT N -2", 21, 50, -4),     # −100 with 21 → −4
        (1, "2S N =", 22, 70, 1),        # +110 with 22 → +1
        (1, "3NT N =", 25, 300, 3),      # 25 NV +400 → +3
        (2, "3NT N =", 25, 440, 4),      # 25 V +600 → +4
        (1, "1NT N -1", 20, 0, -2),      # 20 NV −50 → −2
        (2, "6S N =", 30, 690, 12),      # 30 V +1430 → +12
    ])
    def test_vectors(self, board: int, result: str, hcp: int, expected: int, imps: int) -> None:
        s = seed(board, result, hcp, "table")
        assert (s.expected, s.ns_imps) == (expected, imps)

    def test_east_west_stronger(self) -> None:
        s = seed(1, "3NT E =", 15, "table")   # EW 25 NV: 400 − 300 = 100 → EW +3
        assert s.ns_difference == -100 and s.ns_imps == -3

    def test_default_table(self) -> None:
        assert DEFAULT_TABLE.expected(23, False) == DEFAULT_TABLE.expected(23, True) == 110
        with pytest.raises(BridgeError):
            DEFAULT_TABLE.expected(19, False)

    def test_club_table_json(self, tmp_path: Path) -> None:
        rows: list[dict[str, int | str]] = [
            {"hcp": h, "nv": 10 * (h - 20), "v": 20 * (h - 20)} for h in range(20, 37)]
        rows.append({"hcp": "37-40", "nv": 999, "v": 1999})
        path = tmp_path / "club.json"
        path.write_text(json.dumps({"name": "club", "rows": rows}), encoding="utf-8")
        t = load_compensation_table(path)
        assert t.name == "club" and t.expected(25, True) == 100 and t.expected(40, False) == 999
        s = score_deal(HandicapDeal.for_board(1, "2S N =", 25), "table", table=t)
        assert s.expected == 50 and s.ns_difference == 60

    def test_club_table_csv(self, tmp_path: Path) -> None:
        lines = ["hcp,nv,v", "# a comment"] + [f"{h},{h},{2 * h}" for h in range(21, 37)]
        lines += ["20,0,0", "37-40,1,2"]
        path = tmp_path / "club.csv"
        path.write_text("\n".join(lines), encoding="utf-8")
        assert load_compensation_table(path).expected(30, True) == 60

    @pytest.mark.parametrize(("text", "fragment"), [
        ("hcp,nv,v\n20,0,0\n", "no row for 21"),
        ("20,0,0\n20,0,0\n", "given twice"),
        ("20,0\n", "three columns"),
        ("20,x,0\n", "whole numbers"),
        ("41,0,0\n", "out of range"),
        ("20,0,0\nx-y,0,0\n", "invalid points"),
        ('{"rows": 3}', "JSON"),
        ("\n".join(f"{h},5,5" for h in range(20, 41)), "20 points must expect 0"),
    ])
    def test_bad_tables(self, tmp_path: Path, text: str, fragment: str) -> None:
        path = tmp_path / "t.csv"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(FileFormatError) as info:
            load_compensation_table(path)
        assert fragment in str(info.value) and str(path) in str(info.value)

    def test_missing_table_file(self, tmp_path: Path) -> None:
        with pytest.raises(FileFormatError):
            load_compensation_table(tmp_path / "none.csv")


DEAL = "N:AKQJ.AKQ.AK2.AK2 T98.JT9.QJT.QJT9 765.876.9876.876 432.5432.543.543"


class TestPoints:
    def test_deal(self) -> None:
        assert deal_hcp(DEAL) == {Seat.NORTH: 33, Seat.EAST: 7, Seat.SOUTH: 0, Seat.WEST: 0}
        assert side_hcp(DEAL, Side.NS) == 33 and side_hcp(DEAL, Side.EW) == 7
        assert hand_hcp("AKQJ.AKQ.AK2.AK2") == 33 and hand_hcp("A10.KJ.Q2.J987654") == 11

    def test_first_seat_and_unknown_hands(self) -> None:
        rotated = "E:T98.JT9.QJT.QJT9 765.876.9876.876 432.5432.543.543 AKQJ.AKQ.AK2.AK2"
        assert deal_hcp(rotated) == deal_hcp(DEAL)
        partial = "N:- T98.JT9.QJT.QJT9 - 432.5432.543.543"
        assert side_hcp(partial, Side.NS) == 33  # 40 minus East-West's 7
        with pytest.raises(BridgeError):
            side_hcp("N:- - 765.876.9876.876 -", Side.NS)

    @pytest.mark.parametrize(("text", "fragment"), [
        ("AKQJ.AKQ.AK2.AK2", "PBN"),
        ("N:AKQJ.AKQ.AK2.AK2 T98.JT9.QJT.QJT9 765.876.9876.876", "3 hands"),
        ("N:AKQJ.AKQ.AK2.AK T98.JT9.QJT.QJT9 765.876.9876.876 432.5432.543.5432", "12 cards"),
        ("N:AKQJ.AKQ.AK2.AK2 AKQ.JT9.QJT.QJT9 765.876.9876.876 432.5432.543.543",
         "dealt twice"),
        ("N:AKQJ.AKQ.AK2 T98.JT9.QJT.QJT9 765.876.9876.876 432.5432.543.543", "four suits"),
        ("N:AKQZ.AKQ.AK2.AK2 T98.JT9.QJT.QJT9 765.876.9876.876 432.5432.543.543", "'Z'"),
        ("X:AKQJ.AKQ.AK2.AK2 T98.JT9.QJT.QJT9 765.876.9876.876 432.5432.543.543", "start"),
    ])
    def test_bad_deals(self, text: str, fragment: str) -> None:
        with pytest.raises(BridgeError) as info:
            deal_hcp(text)
        assert fragment in str(info.value)

    @pytest.mark.parametrize(("text", "ns"), [
        ("22", 22), ("NS 22", 22), ("ns=22", 22), ("EW 18", 22), ("东西18点", 22),
        ("南北二十二", 22), ("0", 0), ("40", 40), (DEAL, 33), ("２２", 22),
    ])
    def test_parse_hcp(self, text: str, ns: int) -> None:
        assert parse_hcp(text) == ns

    @pytest.mark.parametrize("text", ["41", "-1", "EW", "", "22 points extra", "北22"])
    def test_parse_hcp_errors(self, text: str) -> None:
        with pytest.raises(BridgeError) as info:
            parse_hcp(text)
        assert repr(text) in str(info.value)

    def test_hcp_from_a_deal_for_a_board(self) -> None:
        s = score_deal(HandicapDeal.for_board(1, "3NT N +3", DEAL), "simple")
        assert s.deal.ns_hcp == 33

    @given(st.text(max_size=60))
    def test_fuzz(self, text: str) -> None:
        for f in (parse_hcp, deal_hcp, HandicapDeal.parse):
            with contextlib.suppress(BridgeError):
                f(text)

    @given(st.text(alphabet="NESW:AKQJT98765432.- ", max_size=70))
    def test_fuzz_deals(self, text: str) -> None:
        with contextlib.suppress(BridgeError):
            deal_hcp(text)


class TestDealsAndSessions:
    def test_parse_lines(self) -> None:
        d = HandicapDeal.parse("13 | 南打5D×宕2 | 17")
        assert (d.board, d.vulnerability, d.ns_hcp) == (13, Vulnerability.BOTH, 17)
        assert HandicapDeal.parse(str(d)) == d
        d = HandicapDeal.parse("双有\t4S N =\tEW 15")
        assert (d.board, d.vulnerability, d.ns_hcp) == (None, Vulnerability.BOTH, 25)
        assert HandicapDeal.parse(str(d)) == d

    @pytest.mark.parametrize(("line", "fragment"), [
        ("13 | 4S N =", "board | result | points"),
        ("x | 4S N = | 20", "board or vulnerability"),
        ("0 | 4S N = | 20", "board"),
        ("13 | 4S = | 20", "declarer"),
        ("13 | 4S N = | 50", "points"),
    ])
    def test_bad_lines(self, line: str, fragment: str) -> None:
        with pytest.raises(BridgeError) as info:
            HandicapDeal.parse(line)
        assert fragment in str(info.value)

    def test_session_running_totals(self) -> None:
        s = HandicapSession([
            "13 | 南定约5D，东西方加倍，结果宕二 | 17",
            "14 | 西主打3NT，正好完成 | EW 26",
            "15 | 西打2S，南北方加倍，结果超一 | EW 19",
            "16 | 南主打4D，结果超一 | 26",
        ])
        assert [r[Side.EW] for r in s.running()] == [6, 7, 19, 24]
        assert [r[Side.NS] for r in s.running()] == [0, 0, 0, 0]
        assert s.margin() == -24
        assert s.undo().totals() == {Side.NS: 0, Side.EW: 19}
        assert s.undo().add(s.deals[-1]) == s
        data = s.to_json()
        assert data["totals"] == {"NS": 0, "EW": 24} and data["deals"][0]["net"] == 6

    def test_a_board_number_is_scored_once(self) -> None:
        s = HandicapSession(["1 | 北定约2S，拿8墩 | 22"])
        with pytest.raises(BridgeError, match="board 1 is already in this session"):
            s.add("1 | 4S N = | 25")
        # Deals given by vulnerability alone carry no number and may repeat.
        assert len(s.add("双无 | 4S N = | 25").add("双无 | 4S N = | 25").deals) == 3

    def test_simple_session(self) -> None:
        s = HandicapSession(["1 | 北定约2S，拿8墩 | 22", "2 | 北主打3C，结果宕一 | 21",
                             "3 | 东定约2D，结果超二 | EW 27", "4 | 东定约4H，正好完成 | EW 26"],
                            "simple")
        assert s.totals() == {Side.NS: 1 + 3, Side.EW: 4 + 6}

    def test_method_names(self) -> None:
        assert Method.parse("简易") is Method.SIMPLE and Method.parse("贴点表") is Method.TABLE
        with pytest.raises(BridgeError):
            Method.parse("fancy")
        assert Method.DETAILED.name_in("zh") == "详细贴点法"


# The deal of issue 23, finding 23: South has 13 HCP and takes all 13 tricks at notrump
# (West leads a diamond, the ♣A drops East-West's singleton K and Q, East's ♠A goes on the
# clubs).
ISSUE_DEAL = "N:T98765432.5432.. A.KQJT9876.KQJ.Q .A.A.AJT98765432 KQJ..T98765432.K"


def _played_out(pbn: str, contract: str, declarer: Seat, lead: str) -> Result:
    """The deal played to the end: ``lead`` first, then South leads clubs from the top
    (the ♣A first) and everyone else plays the first card they may."""
    from bridgescore.core.cards import Suit
    from bridgescore.core.deal import Deal
    from bridgescore.core.play import Play

    play = Play(Deal.from_pbn(pbn), contract, declarer)
    play.play(lead)
    while not play.is_over:
        legal = play.legal_cards()
        if play.next_seat is Seat.SOUTH and not play.current.cards:
            clubs = [c for c in legal if c.suit is Suit.CLUBS]
            legal = sorted(clubs, key=lambda c: c.index, reverse=True) or legal
        play.play(legal[0])
    return play.result()


class TestUnlikelyResults:
    """Points make a result unlikely, never impossible: a warning in both languages that the
    callers ask to confirm, never a refusal (issue 23, finding 23)."""

    def test_the_issue_deal_takes_thirteen_tricks_with_thirteen_points(self) -> None:
        result = _played_out(ISSUE_DEAL, "6NTX", Seat.SOUTH, "D2")
        assert str(result) == "6NTX S +1"
        assert side_hcp(ISSUE_DEAL, Side.NS) == 13
        # Scored, not refused: the cards allowed it.
        deal = HandicapDeal.for_board(1, result, 13)
        assert score_deal(deal, "simple").ns_score == 1330
        warning = deal.unlikely()
        assert warning is not None and (warning.rule, warning.most) == ("notrump_aces", 12)
        assert warning.en.startswith("6NTX S +1 (13 tricks) is unlikely with NS holding 13 HCP")
        assert "12 tricks at most" in warning.en
        assert warning.zh.startswith("南北只有 13 点大牌，南打6NT×超1（13 墩）不太可能")
        assert warning.message("zh") == warning.zh and warning.message("en") == warning.en
        assert deal.to_json()["unlikely"] == {
            "rule": "notrump_aces", "side": "NS", "hcp": 13, "tricks": 13, "most": 12,
            "message": warning.en, "message_zh": warning.zh}

    @pytest.mark.parametrize(("result", "hcp", "rule", "most", "en", "zh"), [
        # No honour at all: the defenders' AKQJ of trumps win two tricks in the play; only a
        # revoke's transferred tricks (Law 64) give declarer 12.
        ("6SX N =", 0, "trump_honours", 11, "A K Q J of trumps held by the other side win two", "至少赢两墩"),
        ("7S S =", 3, "trump_ace", 12, "ace of trumps held by the other side wins a trick", "将牌A在打牌中必赢一墩"),
        ("3NT E +4", 40, "notrump_aces", 9, "each of the 4 aces of the other side", "对方的 4 个A"),
    ])
    def test_the_rules_warn(self, result: str, hcp: int, rule: str, most: int, en: str,
                            zh: str) -> None:
        deal = HandicapDeal.for_board(1, result, hcp)
        warning = deal.unlikely()
        assert warning is not None and (warning.rule, warning.most) == (rule, most)
        assert en in warning.en and f"{most} tricks at most" in warning.en
        assert zh in warning.zh and f"最多 {most} 墩" in warning.zh
        assert HandicapSession([f"1 | {result} | {hcp}"]).deals == (deal,)

    @pytest.mark.parametrize(("result", "hcp"), [
        ("6NTX S +1", 16),  # four aces possible
        ("6SX N -1", 0),  # 11 tricks: the two trump tricks lost
        ("4S N =", 0),  # possible with freak shapes: the CLI's note, not this warning
        ("7S S =", 4),
        ("pass", 0),
    ])
    def test_likely_enough(self, result: str, hcp: int) -> None:
        assert HandicapDeal.for_board(1, result, hcp).unlikely() is None

    def test_the_impossible_is_still_refused(self) -> None:
        with pytest.raises(BridgeError, match="no overtrick is possible"):
            HandicapDeal.for_board(1, "7NT N +1", 40)
        with pytest.raises(BridgeError, match="0-40"):
            HandicapDeal.for_board(1, "1NT N =", 41)

    def test_a_session_file_keeps_an_unlikely_deal(self, tmp_path: Path) -> None:
        from bridgescore.home.session import load_session, save_session

        s = HandicapSession(["1 | 6NTX S +1 | 13", "2 | 4S N = | 25"])
        save_session(tmp_path / "h.json", s)
        loaded = load_session(tmp_path / "h.json", "handicap")
        assert loaded == s and loaded.deals[0].unlikely() is not None
        assert [d["unlikely"] is None for d in loaded.to_json()["deals"]] == [False, True]


@st.composite
def _deals(draw: st.DrawFn) -> HandicapDeal:
    c = Contract(draw(st.integers(1, 7)), draw(st.sampled_from(list(Strain))),
                 draw(st.sampled_from(list(Doubling))))
    tricks = draw(st.integers(0, 13))
    # Every result is a deal whatever the points (unlikely ones carry a warning).
    return HandicapDeal(Result(c, draw(st.sampled_from(list(Seat))), tricks),
                        draw(st.sampled_from(list(Vulnerability))), draw(st.integers(0, 40)))


_MIRROR_VUL = {Vulnerability.NONE: Vulnerability.NONE, Vulnerability.NS: Vulnerability.EW,
               Vulnerability.EW: Vulnerability.NS, Vulnerability.BOTH: Vulnerability.BOTH}


@settings(max_examples=400)
@given(_deals(), st.sampled_from(list(Method)))
def test_mirror_symmetry(deal: HandicapDeal, method: Method) -> None:
    """Turning the table a quarter (NS ↔ EW) changes only the sign."""
    r = deal.result
    assert r.declarer is not None
    mirrored = HandicapDeal(Result(r.contract, r.declarer.next(), r.tricks),
                            _MIRROR_VUL[deal.vulnerability], 40 - deal.ns_hcp)
    a, b = score_deal(deal, method), score_deal(mirrored, method)
    assert a.ns_imps == -b.ns_imps and a.compensation == b.compensation
    # The warning follows the declaring side's points, whichever side that is.
    warned, turned = deal.unlikely(), mirrored.unlikely()
    assert (warned is None) == (turned is None)
    if warned is not None and turned is not None:
        assert (warned.rule, warned.hcp, warned.most) == (turned.rule, turned.hcp, turned.most)
        assert warned.side is turned.side.opponents


@settings(max_examples=300)
@given(_deals())
def test_simple_method_arithmetic(deal: HandicapDeal) -> None:
    from bridgescore import imps
    s = score_deal(deal, "simple")
    assert s.ns_imps == imps(deal.result.ns_score(deal.vulnerability)) - (deal.ns_hcp - 20)
    for lang in ("en", "zh"):
        assert s.explain(lang)


@settings(max_examples=300)
@given(_deals())
def test_detailed_method_arithmetic(deal: HandicapDeal) -> None:
    from bridgescore import imps
    s = score_deal(deal, "detailed")
    assert s.ns_difference == s.ns_counted - (deal.ns_hcp - 20) * (s.rate or 0)
    assert s.ns_imps == imps(s.ns_difference)
    # The 28-point rule never lowers a score.
    assert (s.ns_counted - s.ns_score) * (1 if s.ns_score >= 0 else -1) >= 0
    for lang in ("en", "zh"):
        text = s.explain(lang)
        assert str(abs(s.ns_imps)) in text
