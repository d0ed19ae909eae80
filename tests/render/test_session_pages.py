"""Results pages, the team scoresheet, the demo event, PBN result sections, CLI --html."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from htmlcheck import check_html
from hypothesis import given
from hypothesis import strategies as st
from sessions.files.test_csv import PAIRS, TEAMS

from bridgescore.cli import COMMANDS, main
from bridgescore.cli._json import pairs_session_json
from bridgescore.core.errors import BridgeError, FileFormatError
from bridgescore.render.session_demo import demo_match, demo_session, run_demo
from bridgescore.render.session_pages import write_match_pages, write_pairs_pages
from bridgescore.sessions.files import csvfmt, pbn_results
from bridgescore.sessions.imp_pairs import score_session
from bridgescore.sessions.model import Session, TeamMatch
from bridgescore.sessions.teams import score_match


@pytest.fixture(autouse=True)
def _register(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, attr in (("pairs", "pairs_cmd"), ("teams", "teams_cmd"),
                       ("event-demo", "event_demo_cmd")):
        monkeypatch.setitem(COMMANDS, name, ("bridgescore.cli.events", attr))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_pairs_pages(tmp_path: Path, lang: str) -> None:
    s = csvfmt.loads(PAIRS)
    assert isinstance(s, Session)
    index = write_pairs_pages(score_session(s), tmp_path, lang=lang)
    page = check_html(index.read_text("utf-8"))
    heading = {"en": ("North–South", "Place"), "zh": ("南北排名", "名次")}[lang]
    text = index.read_text("utf-8")
    assert all(h in text for h in heading)
    names = {"en": "Zhang Wei – Li Na", "zh": "Zhang Wei、Li Na"}[lang]
    assert ("td", names) in page.body_cells
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == sorted(["index.html", "board-1.html", "board-2.html", *[
        f"pair-{p}.html" for p in ("1", "2", "3", "11", "12", "13")]])
    for f in tmp_path.iterdir():
        check_html(f.read_text("utf-8"))
    card = (tmp_path / "pair-1.html").read_text("utf-8")
    assert "<svg" in card and "<rect" in card  # the board-by-board percentage chart
    board = check_html((tmp_path / "board-1.html").read_text("utf-8"))
    # the traveller: NS 1 v EW 11, 4♠ by N making, +420, 2 matchpoints each way
    row = [c[1] for c in board.body_cells[:9]]
    assert row[0:2] == ["1", "11"] and row[4] == "420" and row[6:8] == ["2", "2"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_match_page_and_scoresheet(tmp_path: Path, lang: str) -> None:
    m = csvfmt.loads(TEAMS)
    assert isinstance(m, TeamMatch)
    write_match_pages(score_match(m), tmp_path, lang=lang)
    match = (tmp_path / "match.html").read_text("utf-8")
    check_html(match)
    assert "<polyline" in match  # the running-IMPs chart
    sheet_text = (tmp_path / "scoresheet.html").read_text("utf-8")
    sheet = check_html(sheet_text)
    words = {"zh": ["副序", "发牌人", "局况", "定约", "定约人", "首攻", "结果", "南北", "分差", "IMP",
                    "本节", "净胜", "V.P.", "队长签名", "裁判签名", "东西核签", "开室", "闭室"],
             "en": ["Board", "Dealer", "Vul", "Contract", "Declarer", "Lead", "Result", "Diff",
                    "IMP", "This session", "Net", "V.P.", "captain&#39;s signature",
                    "Director&#39;s signature", "Open room", "Closed room"]}[lang]
    for w in words:
        assert w in sheet_text, w
    cells = [c[1] for c in sheet.body_cells]
    # Board 4 in the open room: 4♠× by West two down, NS +500; away team gains 150, 4 IMPs.
    i = cells.index("4")
    assert cells[i + 7] == "500" and cells[i + 11:i + 13] == ["150", "4"]
    # Totals 13 – 22, the away team nets 9.
    j = cells.index("本节" if lang == "zh" else "This session")
    assert (cells[j + 2], cells[j + 4]) == ("13", "22")
    k = cells.index("净胜" if lang == "zh" else "Net")
    assert cells[k + 4] == "9"


def test_demo_event(tmp_path: Path) -> None:
    s, m = demo_session(), demo_match()
    assert len(s.pairs) == 14 and len(s.board_numbers) == 14
    assert all(len(rs) == 7 for rs in s.by_board().values())
    assert s.directions()["1"] is not None  # a two-winner Mitchell
    lines = run_demo(tmp_path)
    assert any("NS winner" in x for x in lines) and any("match" in x for x in lines)
    for lang in ("en", "zh"):
        base = tmp_path / "events" / lang
        check_html((base / "pairs" / "index.html").read_text("utf-8"))
        check_html((base / "match" / "scoresheet.html").read_text("utf-8"))
    # The match's first four boards are the seeds' exercise.
    assert [b.imps for b in score_match(m).boards[:4]] == [-6, 13, -12, -4]


def test_cli_event_demo_and_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["event-demo", "--out", str(tmp_path / "o")]) == 0
    assert "index.html" in capsys.readouterr().out
    f = tmp_path / "p.csv"
    f.write_text(PAIRS, encoding="utf-8")
    assert main(["pairs", str(f), "--html", str(tmp_path / "h"), "--lang", "zh"]) == 0
    assert "成绩页面已写入" in capsys.readouterr().out
    assert (tmp_path / "h" / "index.html").exists()
    g = tmp_path / "m.csv"
    g.write_text(TEAMS, encoding="utf-8")
    assert main(["teams", str(g), "--html", str(tmp_path / "t")]) == 0
    assert (tmp_path / "t" / "scoresheet.html").exists()


def test_pbn_round_trip_and_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = demo_session()
    text = pbn_results.dumps(score_session(s))
    back = pbn_results.loads(text)
    assert back.results == s.results
    assert {k: p.names for k, p in back.pairs.items()} == {k: p.names for k, p in s.pairs.items()}
    f = tmp_path / "demo.pbn"
    f.write_text(text, encoding="utf-8")
    assert main(["pairs", str(f), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got == pairs_session_json(score_session(s))


def test_pbn_errors() -> None:
    bad = '[Board "3"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4S N 14\n'
    with pytest.raises(FileFormatError, match=r"x.pbn:3: board 3: "):
        pbn_results.loads(bad, source="x.pbn")
    with pytest.raises(FileFormatError, match="no ScoreTable"):
        pbn_results.loads('[Board "1"]\n', source="x.pbn")


@given(st.text(alphabet='[]"ScoreTableBrdPairId_NSEW;0123456789 \n-+', max_size=200))
def test_pbn_fuzz(text: str) -> None:
    with contextlib.suppress(BridgeError):
        pbn_results.loads(text)
