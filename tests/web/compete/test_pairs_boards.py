"""A pairs event's boards as its results and board pages read them (``pages.boards_of``,
``pairs_results``, ``board_view``), for a Howell and a Mitchell played through on the fake
clock (``pairs_played``): every cell equals the library's matchpoints worked out again from
the stored rows alone; the hand-worked boards and totals below; a board shown only once no
table can play it, and before publication only to the director; the matchpoint arithmetic
on the comparison ending on the cell's figure, in both languages."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.contrib.auth.models import AnonymousUser

from bridgescore.core.figures import half_up
from bridgescore.web.compete import pages
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import Competition
from bridgescore.web.play.models import PlayBoard

from .pairs_played import PlayedCase, play_howell, play_mitchell, reference

# Hand-worked (see pairs_played.HOWELL and HOWELL_PLAY; top 4 on a board of 3 results).
# Board 1 (none vulnerable): 6 v 1 +420, 4 v 2 +450, 5 v 3 −50: NS 2, 4, 0; EW 2, 0, 4.
# Board 2 (NS vulnerable): 4 v 3 +600, 6 v 2 +600, 1 v 5 passed out: NS 3, 3, 0; EW 1, 1, 4.
# Board 4 (both vulnerable): 2 v 5 −90, 6 v 4 +100, 3 v 1 cut: raw 0 and 2 of a top of 2,
#   Neuberg to 3 results: (0 + 1)·3/2 − 1 = 0.5 and (2 + 1)·3/2 − 1 = 3.5; EW 3.5 and 0.5.
# Board 5 (NS vulnerable): 6 v 5 +620, 3 v 2 +620, 1 v 4 −100: NS 3, 3, 0; EW 1, 1, 4.
# Board 3 (EW vulnerable): 5 v 4 −110, 6 v 3 −140 (Neuberg: 3.5, 0.5; EW 0.5, 3.5), and
#   2 v 1 A+/A−: pair 2 played 2.5 of 16 on its other boards (15.625%), so A+ is 60%: 2.4;
#   pair 1 played 2 of 12 (16.67%), so A− is that, below 40%: 4/6 = 2/3.
HAND: dict[tuple[str, int], Fraction | int] = {("6", 1): 2, ("4", 1): 4, ("5", 1): 0, ("1", 1): 2, ("2", 1): 0, ("3", 1): 4,
        ("4", 2): 3, ("6", 2): 3, ("1", 2): 0, ("3", 2): 1, ("2", 2): 1, ("5", 2): 4,
        ("2", 4): Fraction(1, 2), ("6", 4): Fraction(7, 2), ("5", 4): Fraction(7, 2),
        ("4", 4): Fraction(1, 2),
        ("6", 5): 3, ("3", 5): 3, ("1", 5): 0, ("5", 5): 1, ("2", 5): 1, ("4", 5): 4,
        ("5", 3): Fraction(7, 2), ("6", 3): Fraction(1, 2), ("4", 3): Fraction(1, 2),
        ("3", 3): Fraction(7, 2), ("2", 3): Fraction(12, 5), ("1", 3): Fraction(2, 3)}
HAND_TOTALS: dict[str, Fraction | int] = {"1": Fraction(8, 3), "2": Fraction(49, 10),
                                          "3": Fraction(23, 2), "4": 12, "5": 12, "6": 12}


def figure(text: str) -> Decimal:
    return Decimal(text)


class PairsBoardsTests(PlayedCase):
    def check_against_reference(self, c: Competition, winners: int) -> None:
        state = sv.state_of(c)
        fields, boards = pages.pairs_results(c, state, self.people[0], "en")
        cells, totals, places = reference(c, winners)
        assert boards == sorted({b for _, b in cells})
        seen = set()
        for f in fields:
            for row in f.rows:
                pair = row.standing.pair
                seen.add(pair)
                assert figure(row.standing.total) == half_up(totals[pair])
                for cell in row.cells:
                    want = cells.get((pair, cell.board))
                    if want is None:
                        assert cell.value == "" and not cell.played
                    else:
                        assert cell.played and figure(cell.value) == half_up(want), \
                            (pair, cell.board, cell.value, want)
        assert seen == {p for p, _ in cells}
        # The places in each field: the library's ranking of the reference's totals.
        for f in fields:
            assert {r.standing.pair: r.standing.place for r in f.rows} == {
                r.standing.pair: places[r.standing.pair] for r in f.rows}
            order = [r.standing.pair for r in f.rows]
            if winners == 2:
                assert set(order) == ({"1", "2", "3"} if f.direction == "NS"
                                      else {"4", "5", "6"})

    def test_the_howell_against_the_reference_and_by_hand(self) -> None:
        c = play_howell(self.club, self.td, self.people, publish=True)
        self.check_against_reference(c, 1)
        cells, totals, _ = reference(c)
        assert cells == HAND and totals == HAND_TOTALS
        fields, boards = pages.pairs_results(c, sv.state_of(c), AnonymousUser(), "en")
        [f] = fields
        assert f.direction == "" and f.table_id == "results" and boards == [1, 2, 3, 4, 5]
        rows = {r.standing.pair: r for r in f.rows}
        # Ranked by percentage (the library's matchpoint ranking): pair 3 completed 4
        # boards, 11.5 of 16 (71.88%); pairs 4, 5 and 6 12 of 20 (60%); pair 2 4.9 of 20;
        # pair 1 8/3 of 16.
        assert [r.standing.place for r in f.rows] == ["1", "2=", "2=", "2=", "5", "6"]
        order = [r.standing.pair for r in f.rows]
        assert order[0] == "3" and set(order[1:4]) == {"4", "5", "6"} and order[4:] == ["2", "1"]
        assert [rows[p].standing.percentage for p in "3451"] == ["71.88", "60.00", "60.00",
                                                                 "16.67"]
        assert rows["1"].standing.total == "2.67" and rows["2"].standing.total == "4.90"
        assert rows["3"].standing.boards == 4 and rows["2"].standing.boards == 5
        # Board 4 was cut at table 3 of round 2 (pair 3 NS v pair 1).
        assert [cell.cut for cell in rows["3"].cells] == [False, False, False, True, False]
        assert rows["1"].cells[3].cut and not rows["1"].cells[3].played
        assert [cell.value for cell in rows["2"].cells] == ["0.00", "1.00", "2.40", "0.50",
                                                            "1.00"]

    def test_the_mitchell_ranks_two_fields_against_the_reference(self) -> None:
        c = play_mitchell(self.club, self.td, self.people, publish=True)
        self.check_against_reference(c, 2)
        fields, boards = pages.pairs_results(c, sv.state_of(c), self.people[0], "zh")
        assert [(f.direction, f.table_id) for f in fields] == [("NS", "results-ns"),
                                                               ("EW", "results-ew")]
        assert boards == [1, 2, 3, 4, 5, 6]
        # Every pair played every board once (three tables, three rounds of two).
        for f in fields:
            for row in f.rows:
                assert row.standing.boards == 6 and all(cell.played for cell in row.cells)
                assert row.standing.name.count("、") == 1  # two players, in Chinese
        me = [r for f in fields for r in f.rows if r.standing.mine]
        assert [r.standing.pair for r in me] == ["1"]  # people[0] signed up first

    def test_a_board_is_shown_once_no_table_can_play_it(self) -> None:
        c = play_howell(self.club, self.td, self.people, until=3)
        state = sv.state_of(c)
        assert state.event.round == 4
        # Rounds 1-3 closed: board 2 (rounds 1, 2, 3) is over; 1 (1, 3, 4), 3 (2, 3, 4),
        # 4 (1, 2, 4) and 5 (5) are still to be played somewhere.
        b = pages.boards_of(c, state, self.td)
        assert b is not None and b.shown == (2,)
        assert {n: b.reason(n) for n in range(1, 7)} == {
            1: "play", 2: "", 3: "play", 4: "play", 5: "play", 6: "none"}
        assert set(b.scored) == {2} and b.rounds[1] == (1, 3, 4)
        # Not published: the director only.
        for who in (self.people[0], self.outsider, AnonymousUser()):
            m = pages.boards_of(c, state, who)
            assert m is not None and m.shown == () and not m.scored
            assert m.reason(2) == "unpublished" and m.reason(1) == "play"
        fields, boards = pages.pairs_results(c, state, self.people[0], "en")
        assert boards == [] and all(r.cells == () for f in fields for r in f.rows)
        assert all(r.standing.total for f in fields for r in f.rows)  # the preview stays
        # Complete, not yet published: every board to the director, none to the others.
        c = play_rest(c, self.td)
        state = sv.state_of(c)
        assert pages.boards_of(c, state, self.td).shown == (1, 2, 3, 4, 5)  # type: ignore[union-attr]
        assert pages.boards_of(c, state, self.people[1]).shown == ()  # type: ignore[union-attr]
        sv.act(c, {"type": "publish"}, self.td)
        state = sv.state_of(c)
        assert pages.boards_of(c, state, AnonymousUser()).shown == (1, 2, 3, 4, 5)  # type: ignore[union-attr]

    def test_the_comparison_of_a_neuberg_board_by_hand(self) -> None:
        c = play_howell(self.club, self.td, self.people, publish=True)
        b = pages.boards_of(c, sv.state_of(c), self.people[3])
        assert b is not None
        page = pages.board_view(c, b, 4, "en")
        assert page.rounds == (1, 2, 4) and page.rounds_text == "1, 2, 4" and page.top == "4"
        assert [(r.round, r.table, r.ns, r.ew, r.cut) for r in page.rows] == [
            (1, 3, "2", "5", False), (2, 3, "3", "1", True), (4, 1, "6", "4", False)]
        first, cut, last = page.rows
        assert (first.ns_score, first.ew_score, first.ns_value, first.ew_value) == (
            "", "+90", "0.50", "3.50")
        assert cut.ns_name == "Member 5 & Member 6" and cut.ew_name == "Member 1 & Member 2"
        assert last.value_explain == (
            "NS +100 against 1 other result:",
            "beats 1 (-90): 1 × 2 = 2",
            "loses to 0",
            "in all 2 MP (top 2)",
            "Neuberg (2 results where 3 are expected): (2 + 1) × 3 ÷ 2 − 1 = 3.5 MP (top 4)",
            "EW: 4 − 3.5 = 0.5 MP")
        zh = pages.board_view(c, b, 4, "zh")
        assert zh.rounds_text == "1、2、4"
        assert zh.rows[0].value_explain == (
            "南北 -90，与其他 1 个结果比较：",
            "负 1 个（+100）：0",
            "合计 0 比赛分（满分 2）",
            "Neuberg 折算（实有 2 个结果，应有 3 个）：(0 + 1) × 3 ÷ 2 − 1 = 0.5 比赛分（满分 4）",
            "东西：4 − 0.5 = 3.5 比赛分")
        assert zh.rows[0].ns_name == "会员3、会员4"
        # The hands (the deal of board 4) and the double-dummy part are there.
        assert page.hands is not None and set(page.hands) == {"N", "E", "S", "W"}
        assert page.dd is not None or page.dd_note

    def test_the_comparison_of_an_adjusted_board_and_a_game_record(self) -> None:
        c = play_howell(self.club, self.td, self.people, publish=True)
        b = pages.boards_of(c, sv.state_of(c), self.td)
        assert b is not None
        page = pages.board_view(c, b, 3, "en")
        adjusted = next(r for r in page.rows if r.round == 4)
        assert (adjusted.contract, adjusted.ns_value, adjusted.ew_value) == ("A+/A-", "2.40",
                                                                             "0.67")
        assert adjusted.value_explain == (
            "NS A+: 60% × 4 = 2.4 MP",
            "EW A- (the pair's session percentage, below 40%): 16.67% × 4 = 0.67 MP")
        played = next(r for r in page.rows if r.round == 2)
        assert played.explain and played.value_explain[-1] == "EW: 4 − 3.5 = 0.5 MP"
        # Board 2 passed out at its table in round 3: that row links its game record.
        page = pages.board_view(c, b, 2, "en")
        passed = next(r for r in page.rows if r.round == 3)
        assert passed.record is not None
        record = PlayBoard.objects.get(pk=passed.record)
        assert record.number == 2 and record.finished is not None
        assert [r.record for r in page.rows if r.round != 3] == [None, None]
        assert passed.value_explain == (
            "NS 0 against 2 other results:", "loses to 2 (+600, +600): 0",
            "in all 0 MP (top 4)", "EW: 4 − 0 = 4 MP")


def play_rest(c: Competition, td: object) -> Competition:
    """Rounds 4 and 5 of the Howell (after ``play_howell(until=3)``)."""
    from .pairs_played import HOWELL, HOWELL_PLAY, record

    for r in (4, 5):
        for t in (1, 2, 3):
            record(c, td, r, t, HOWELL[(r, t)][2], HOWELL_PLAY[(r, t)])  # type: ignore[arg-type]
    return Competition.objects.get(pk=c.pk)


def test_a_big_event_lists_each_pairs_own_boards() -> None:
    """More boards than a grid holds (a big Mitchell plays hundreds, each pair a few): each
    row lists its pair's own boards, played or cut, in order."""
    from django.template.loader import render_to_string

    from bridgescore.sessions.model import BoardResult
    from bridgescore.sessions.scores import ScoredBoard, ScoredResult

    n = pages.GRID_BOARDS + 4
    scored = {
        7: ScoredBoard(7, (ScoredResult(BoardResult(7, "1", "2", score=620, table=1), 2.0, 0.0,
                                        ns_exact=(2, 1), ew_exact=(0, 1)),), 2.0),
        3: ScoredBoard(3, (ScoredResult(BoardResult(3, "2", "1", score=-50, table=1), 0.5, 1.5,
                                        ns_exact=(1, 2), ew_exact=(3, 2)),), 2.0)}
    b = pages.Boards("mp", "2/1/0", tuple(range(1, n + 1)), scored,
                     {n: (pages.CutSeat(9, 2, "1", "3"),)}, {}, {}, {})
    standing = [pages.StandingRow("1", p, p, "0", 0, "", None, False, True) for p in "123"]
    rows = pages.result_rows(b, standing)
    assert [[(c.board, c.value, c.played, c.cut) for c in r.cells] for r in rows] == [
        [(3, "1.50", True, False), (7, "2.00", True, False), (n, "", False, True)],
        [(3, "0.50", True, False), (7, "0.00", True, False)],
        [(n, "", False, True)]]
    # The same rows in a grid hold a cell for every board.
    small = pages.Boards("mp", "2/1/0", (3, 7), scored, {}, {}, {}, {})
    assert [len(r.cells) for r in pages.result_rows(small, standing)] == [2, 2, 2]
    html = render_to_string("compete/_results_table.html", {
        "rows": rows, "boards": list(b.shown), "grid": False, "table_id": "results",
        "board_base": "/compete/5/boards/", "cut_title": "cut", "c": None, "columns": 6})
    # Each pair's boards on a line of their own under its row, across the table.
    assert 'class="num board"' not in html and html.count('class="cell"') == 6
    assert html.count('<td colspan="6" class="wide cells">') == 3
    assert html.count('data-boards-of="') == 3
    assert ('<a class="cell" data-board="7" href="/compete/5/boards/7/"><span class="n">7</span>'
            ' 2.00</a>') in html
    assert f'href="/compete/5/boards/{n}/" title="cut"><span class="n">{n}</span> ✂</a>' in html


class PairsBoardsAnalysisTests(PlayedCase):
    def test_the_comparison_shows_each_table_s_play_against_double_dummy(self) -> None:
        from bridgescore.core.contract import Contract
        from bridgescore.core.deal import Deal
        from bridgescore.core.play import Play
        from bridgescore.core.seat import Seat
        from bridgescore.deals.analysis import analyse
        from bridgescore.web.play import analysis
        from bridgescore.web.play.models import PlayBoardAnalysis

        c = play_howell(self.club, self.td, self.people, publish=True)
        b = pages.boards_of(c, sv.state_of(c), self.td)
        assert b is not None
        # Board 2 was passed out at its table: its row links the game record, and the
        # analysis has nothing to say of it.
        assert not any(r.analysis for r in pages.board_view(c, b, 2, "en").rows)  # not yet
        assert analysis.analyse_due(100) >= 1
        rows = pages.board_view(c, b, 2, "en").rows
        passed = next(r for r in rows if r.record is not None)
        stored = PlayBoardAnalysis.objects.get(board_id=passed.record)
        assert stored.data is None and "passed out" in stored.note_en
        assert passed.analysis == ""
        # A table's analysis as the background stores it (the library's, of a lead on the
        # same deal) is what the row shows, in the reader's language.
        assert passed.record is not None
        board = PlayBoard.objects.get(pk=passed.record)
        deal = Deal.from_pbn(board.deal)
        lead = Play(deal, Contract.parse("3NT"), Seat.SOUTH).legal_cards()[0]
        done = analyse(deal, "3NT", Seat.SOUTH, [lead], board=board.number)
        stored.data = done.to_dict()
        stored.save()
        en = next(r for r in pages.board_view(c, b, 2, "en").rows if r.record is not None)
        zh = next(r for r in pages.board_view(c, b, 2, "zh").rows if r.record is not None)
        assert (en.analysis, zh.analysis) == (done.summary("en"), done.summary("zh"))
