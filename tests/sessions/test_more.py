"""Team matches as PBN, team results lists, comparing carried scores, the session's table
check, and the pages' number formats and charts."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest
from htmlcheck import check_html
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import BridgeError, FileFormatError
from bridgescore.render.session_pages import (
    _column,
    percentage_chart,
    running_chart,
    write_pairs_pages,
    write_standings_page,
)
from bridgescore.sessions import team_results
from bridgescore.sessions.files import csvfmt, pbn_results
from bridgescore.sessions.files.compare import Carried, compare
from bridgescore.sessions.imp_pairs import score_session
from bridgescore.sessions.model import BoardResult, Session, TeamMatch
from bridgescore.sessions.team_events import standings
from bridgescore.sessions.teams import score_match
from sessions.files.test_csv import PAIRS, TEAMS


# ----------------------------------------------------------------------------- PBN teams
def _match(carry: str = "") -> TeamMatch:
    m = csvfmt.loads(carry + TEAMS)
    assert isinstance(m, TeamMatch)
    return m


def test_pbn_team_match_round_trip() -> None:
    m = _match("# carry_over: 4.5\n# event: Final\n")
    for item in (m, score_match(m)):
        back = pbn_results.loads(pbn_results.dumps(item))
        assert isinstance(back, TeamMatch)
        assert back.results == m.results
        assert (back.home, back.away, back.carry_over, back.name) == (m.home, m.away, 4.5, "Final")


def test_pbn_team_match_layout() -> None:
    text = pbn_results.dumps(score_match(_match()))
    assert '[HomeTeam "甲队"]' in text and '[VisitTeam "乙队"]' in text
    # Board 1: open 3♠ S +1 = +170, closed 4♠ N = = +420: the away team gains 250, 6 IMPs.
    # The open row shows it from the home team's side (NS 0, EW 6), the closed row from the
    # away team's (NS 6, EW 0).
    board1 = text.split('[Board "2"]')[0]
    rows = [line.split() for line in board1.splitlines() if line.startswith(("Open", "Closed"))]
    assert rows == [["Open", "3S", "S", "10", "-", "170", "-", "0", "6"],
                    ["Closed", "4S", "N", "10", "-", "420", "-", "6", "0"]]
    total = re.search(r'\[TotalScoreTable "([^"]*)"\]\n(.*)\n(.*)\n', text)
    assert total is not None
    assert total.group(1).startswith("Rank\\2R;TeamId")
    assert total.group(2).split()[:3] == ["2", "H", "甲队"] and total.group(3).split()[:3] == [
        "1", "A", "乙队"]


def test_pbn_team_match_from_tags_only() -> None:
    """A file with HomeTeam/VisitTeam and a Room column but no TotalScoreTable."""
    text = ('[Board "1"]\n[HomeTeam "Lions"]\n[VisitTeam "Tigers"]\n'
            '[ScoreTable "Room;Contract;Declarer;Result;Score_NS"]\n'
            "Open 4S N 10 420\nClosed 4S N 9 -50\n")
    m = pbn_results.loads(text)
    assert isinstance(m, TeamMatch)
    assert (m.home.id, m.away.id) == ("Lions", "Tigers")
    assert score_match(m).boards[0].imps == 10  # 420 + 50 = 470: 10 IMPs to the home team


@pytest.mark.parametrize(("text", "message"), [
    ('[Board "1"]\n[HomeTeam "L"]\n[ScoreTable "Room;Contract;Declarer;Result"]\nLobby 4S N 10\n',
     "x.pbn:4: board 1: invalid Room 'Lobby'"),
    ('[Board "1"]\n[HomeTeam "L"]\n[ScoreTable "Room;Contract;Declarer;Result"]\nOpen 4S N 10\n',
     "x.pbn: board 1: the closed-room result is missing"),
])
def test_pbn_team_errors(text: str, message: str) -> None:
    with pytest.raises(FileFormatError) as e:
        pbn_results.loads(text, source="x.pbn")
    assert str(e.value).startswith(message)


def test_pbn_refuses_bam_scores() -> None:
    from bridgescore.sessions.teams import MatchSettings

    with pytest.raises(BridgeError, match="IMP columns only"):
        pbn_results.dumps(score_match(_match(), MatchSettings(scoring="bam")))


@given(st.text(alphabet='[]"ScoreTableRomOpnClsdHVisit4SN0123456789 \n-+;', max_size=200))
def test_pbn_team_fuzz(text: str) -> None:
    with contextlib.suppress(BridgeError):
        pbn_results.loads('[HomeTeam "H"]\n' + text)


# ----------------------------------------------------------------------------- results lists
LIST = """\
# event: League
# team: A, 长城队
round,home,away,home_imps,away_imps,boards
1,A,B,40,30,16
2,A,bye,,,
"""


def test_results_list_round_trip_and_chinese_header() -> None:
    ev = team_results.loads(LIST)
    assert (ev.name, ev.teams, ev.names) == ("League", ["A", "B"], {"A": "长城队"})
    back = team_results.loads(team_results.dumps(ev))
    assert (back.teams, back.matches, back.byes) == (ev.teams, ev.matches, ev.byes)
    zh = team_results.loads("轮次,主队,客队,主队IMP,客队IMP,副数,主队VP,客队VP\n1,甲,乙,10,0,8,14,6\n")
    assert zh.matches[0].vps() == (14, 6)
    assert team_results.is_match_list("# x\nround,home,away,home_imps,away_imps,boards\n")
    assert not team_results.is_match_list(TEAMS) and not team_results.is_match_list(PAIRS)


@pytest.mark.parametrize(("text", "message"), [
    ("round,home,away\n", "x.csv:1: expected the header"),
    ("round,home,away,home_imps,away_imps,boards,colour\n", "unknown column 'colour'"),
    ("round,home,away,home_imps,away_imps,boards\n", "x.csv: no match results"),
    ("# team:\nround,home,away,home_imps,away_imps,boards\n", "x.csv:1: a '# team:' line"),
    ("round,home,away,home_imps,away_imps,boards\n0,A,B,1,2,3\n", "x.csv:2: invalid round '0'"),
    ("round,home,away,home_imps,away_imps,boards\n1,A,B,1,2,3,4\n", "x.csv:2: 7 fields"),
    ("round,home,away,home_imps,away_imps,boards\n1,A,B,x,2,3\n", "x.csv:2: invalid home IMPs"),
    ("round,home,away,home_imps,away_imps,boards\n1,,B,1,2,3\n", "x.csv:2: no home team"),
])
def test_results_list_errors(text: str, message: str) -> None:
    with pytest.raises(FileFormatError) as e:
        team_results.loads(text, source="x.csv")
    assert message in str(e.value)


@given(st.lists(st.text(alphabet="AB,bye0123456789.-轮空 ", max_size=30), max_size=6))
def test_results_list_fuzz(rows: list[str]) -> None:
    with contextlib.suppress(BridgeError):
        team_results.loads("round,home,away,home_imps,away_imps,boards\n" + "\n".join(rows))


# ----------------------------------------------------------------------------- compare
def _two_tables() -> Session:
    return Session((BoardResult(1, "1", "2", score=420), BoardResult(1, "3", "4", score=-50),
                    BoardResult(1, "5", "6", score=420)))


def test_compare_to_the_files_precision() -> None:
    # NS 1 and NS 5 tie on 420 (3 of a top of 4 each), NS 3 has 0.
    ours = score_session(_two_tables(), "mp")
    agree = Carried(results={(1, "1", "2"): ("3.0", "1"), (1, "3", "4"): ("0", "4.00")},
                    percentages={"1": "75", "5": "75.00"}, totals={"3": "0"})
    c = compare(agree, ours)
    assert c.agree and (c.results_compared, c.pairs_compared, c.not_compared) == (2, 3, 1)
    # 74 is not 75 at any precision; a file's "3.1" is not 3 to one decimal.
    bad = Carried(results={(1, "1", "2"): ("3.1", "1")}, percentages={"1": "74"})
    assert [d.kind for d in compare(bad, ours).differences] == ["result", "percentage"]
    # A Neuberg-style third agrees when written to the file's precision.
    thirds = Carried(totals={"1": "3.3"})
    p = ours.pairs[0]
    assert compare(thirds, type(ours)(ours.scoring, ours.boards, (
        type(p)(p.pair, p.direction, 10 / 3, p.boards, p.maximum, p.place, p.rank),
        *ours.pairs[1:]), ours.session)).agree


def test_compare_places_in_both_languages() -> None:
    ours = score_session(_two_tables(), "mp")
    # NS 1 and NS 5 share first place: a file writing "1" or "1=" agrees, "3" does not.
    assert compare(Carried(places={"1": "1", "5": "1="}), ours).agree
    d = compare(Carried(places={"1": "3"}), ours).differences[0]
    assert d.text("en") == "pair 1 place: file 3, ours 1="
    assert d.text("zh") == "第1对名次：文件 3，我们 1="
    # A Mitchell file numbering both directions from 1: EW pair "2EW" is shown as EW 2.
    d = compare(Carried(places={"2": "9"}), ours).differences[0]
    assert d.text("en", lambda p: p) == "pair 2 place: file 9, ours 2="
    ew = type(d)(d.kind, d.board, "2EW", "", d.theirs, d.ours)
    assert ew.text("en", lambda p: p.removesuffix("EW")) == "EW pair 2 place: file 9, ours 2="
    assert ew.text("zh", lambda p: p.removesuffix("EW")) == "东西第2对名次：文件 9，我们 2="


# ----------------------------------------------------------------------------- model
def test_a_board_twice_at_one_table_in_different_rounds() -> None:
    with pytest.raises(BridgeError, match="board 4: played twice at table 2"):
        Session((BoardResult(4, "1", "2", score=620, table=2, round=1),
                 BoardResult(4, "3", "5", score=620, table=2, round=3)))


# ----------------------------------------------------------------------------- pages
def test_one_number_format_down_a_column() -> None:
    assert _column([12.0, 10.666667, None]) == ["12.00", "10.67", ""]
    assert _column([12.0, 3.0]) == ["12", "3"]
    assert _column([0.5, -1.25]) == ["0.50", "-1.25"]


def test_charts_have_a_scale_and_board_labels() -> None:
    from xml.etree import ElementTree

    svg = percentage_chart([(1, 0.0), (2, 100.0)], "t")
    ElementTree.fromstring(svg)  # well-formed
    for label in ("0%", "50%", "100%"):
        assert f">{label}</text>" in svg
    # A bottom still draws a visible bar.
    heights = [float(h) for h in re.findall(r'<rect[^>]*height="([\d.]+)"', svg)]
    assert min(heights) > 0
    run = running_chart([0, 6, 19], [0, 0, 0], "H", "A", "IMPs", [7, 8])
    ElementTree.fromstring(run)
    assert ">7</text>" in run and ">8</text>" in run and ">20</text>" in run  # scale to 20


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_pair_card_values_share_one_format(tmp_path: Path, lang: str) -> None:
    s = csvfmt.loads(PAIRS)
    assert isinstance(s, Session)
    write_pairs_pages(score_session(s), tmp_path, lang=lang)
    for f in tmp_path.glob("pair-*.html"):
        page = check_html(f.read_text("utf-8"))
        head = [c[1] for c in page.cells if c[0] == "th"]
        col = head.index("MP" if lang == "en" else "比赛分")
        width = len(head)
        body = [c[1] for c in page.body_cells]
        values = [body[i + col] for i in range(0, len(body), width)]
        decimals = {len(v.partition(".")[2]) for v in values if v}
        assert len(decimals) == 1, (f.name, values)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_standings_page(tmp_path: Path, lang: str) -> None:
    ev = team_results.loads(LIST)
    table = standings(ev.teams, ev.matches, byes=[t for _, t in ev.byes])
    page = write_standings_page(table, ev, tmp_path, lang=lang, tie_breaks=["quotient"],
                                bye_vp="12")
    text = page.read_text("utf-8")
    doc = check_html(text)
    words = {"en": ["League — after 2 rounds", "Quotient", "A bye scores 12 VP.", "bye"],
             "zh": ["League——第2轮后", "IMP 商", "轮空得 12 VP。", "轮空"]}[lang]
    for w in words:
        assert w in text, w
    # A 40 – 30 over 16 boards is 12.80 – 7.20 VP; with the bye A has 24.80.
    cells = [c[1] for c in doc.body_cells]
    assert cells[:5] == ["1", "A 长城队", "1", "1", "24.80"]
