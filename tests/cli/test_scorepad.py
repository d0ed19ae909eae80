"""The interactive scorepad's line handling, without a terminal."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import BridgeError, Contract, Doubling, Result, Seat, Strain
from bridgescore.cli.scorepad import PadSession, run
from bridgescore.home.chicago import ChicagoSeries, ChicagoSettings
from bridgescore.home.compensation import load_compensation_table
from bridgescore.home.handicap import Method
from bridgescore.home.pad import Team
from bridgescore.home.rubber import RubberSeries
from bridgescore.home.series import deal_log
from bridgescore.home.session import load_session


def test_prompts_and_status() -> None:
    pad = PadSession(RubberSeries(), None)
    assert pad.prompt() == "rubber 1 · deal 1> "
    pad.handle("4S N =")
    assert pad.prompt() == "rubber 1 · deal 2> "
    assert pad.status() == ("  Totals: WE 120, THEY 0 · games 1–0 · legs 0–0 · "
                            "WE vulnerable, THEY not vulnerable")
    zh = PadSession(ChicagoSeries(settings=ChicagoSettings()), None, "zh")
    assert zh.prompt() == "第1轮 第1副 北发牌 双方无局> "


def test_undo_on_an_empty_pad() -> None:
    pad = PadSession(RubberSeries(), None)
    assert pad.handle("undo") == (["Nothing to undo."], False)
    assert PadSession(RubberSeries(), None, "zh").handle("撤销")[0] == ["没有可以撤销的结果。"]


def test_commands() -> None:
    pad = PadSession(RubberSeries(["1NT N ="]), None)
    assert pad.handle("")[0] == []
    assert pad.handle("HELP")[0][0].startswith("Enter one result per line")
    assert pad.handle("show")[0][0] == "Rubber 1"
    lines, stop = pad.handle("quit")
    assert stop and lines[0] == "Rubber 1"


def test_file_is_written_before_the_answer(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    pad = PadSession(RubberSeries(), path)
    pad.handle("2H S +1")
    assert json.loads(path.read_text())["entries"] == ["2H S +1"]
    pad.handle("undo")
    assert json.loads(path.read_text())["entries"] == []


def test_run_reports_errors_and_continues() -> None:
    lines = iter(["2H S +1", "rubbish", "quit"])
    out: list[str] = []
    err: list[str] = []
    run(PadSession(RubberSeries(), None), lambda prompt: next(lines), out.append, err.append)
    assert err == ["error: invalid result 'rubbish': expected e.g. 4SX N -2, 3NT by S +1, "
                   "3NT S =, 南打3NT超1"]
    assert "Rubber 1, deal 1: 2H S +1" in out


def test_end_of_input_finishes() -> None:
    def read(prompt: str) -> str:
        raise EOFError

    out: list[str] = []
    run(PadSession(RubberSeries(["1NT N ="]), None), read, out.append, out.append)
    assert "Rubber 1" in out


@settings(max_examples=200)
@given(st.lists(st.text(max_size=25), max_size=8))
def test_fuzz_lines(lines: list[str]) -> None:
    """Any text: only BridgeError, and a rejected line changes nothing."""
    pad = PadSession(RubberSeries(["2H S +1"]), None)
    for line in lines:
        before = pad.series
        try:
            pad.handle(line)
        except BridgeError:
            assert pad.series == before
    for team in Team:
        assert pad.series.totals()[team] >= 0


@given(st.text(max_size=30))
def test_fuzz_small_parsers(text: str) -> None:
    for f in (Method.parse, Team.parse, ChicagoSettings.parse_vulnerability,
              ChicagoSettings.parse_scoring):
        with contextlib.suppress(BridgeError):
            f(text)


@settings(max_examples=100)
@given(st.text(max_size=300))
def test_fuzz_compensation_tables(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    path = tmp_path_factory.mktemp("t") / "t.csv"
    path.write_text(text, encoding="utf-8")
    with contextlib.suppress(BridgeError):
        load_compensation_table(path)


@st.composite
def _lines(draw: st.DrawFn) -> str:
    """A line typed at the table: a result (in English or Chinese), sometimes with honours, a
    command, or a mistake."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.sampled_from(["undo", "撤销", "show", "显示", "help", ""]))
    if kind == 1:
        return draw(st.sampled_from(["rubbish", "4S", "8NT N =", "4S N = hon 50 E",
                                     "3NT N = hon 100 S", "南打4S超7"]))
    if kind == 2:
        return "pass"
    contract = Contract(draw(st.integers(1, 7)), draw(st.sampled_from(list(Strain))),
                        draw(st.sampled_from(list(Doubling))))
    seat = draw(st.sampled_from(list(Seat)))
    tricks = draw(st.integers(max(0, contract.tricks_needed - 4), 13))
    result = Result(contract, seat, tricks)
    text = result.format("zh") if draw(st.booleans()) else str(result)
    if draw(st.integers(0, 4)) == 0:
        points = 150 if contract.strain is Strain.NOTRUMP else draw(st.sampled_from([100, 150]))
        text += f" hon {points} {draw(st.sampled_from(['N', 'E', 'we', 'they']))}"
    return text


@settings(max_examples=150)
@given(st.sampled_from(["rubber", "chicago"]), st.lists(_lines(), max_size=30))
def test_pad_properties(tmp_path_factory: pytest.TempPathFactory, kind: str,
                        lines: list[str]) -> None:
    """After every line: the file holds exactly the pad in memory; a rejected line changes
    nothing; undo gives back the pad as it was before the last deal; every total is the sum
    of the figures on the pad and of the deal-by-deal column."""
    path = tmp_path_factory.mktemp("pad") / "s.json"
    fresh = RubberSeries() if kind == "rubber" else ChicagoSeries()
    pad = PadSession(fresh, path)
    history = [pad.series]  # the pad after each deal, to check undo against
    for line in lines:
        before = pad.series
        try:
            _, stop = pad.handle(line)
        except BridgeError:
            assert pad.series == before
            continue
        assert not stop
        if line.strip().lower() in ("undo", "撤销"):
            if len(history) > 1:
                history.pop()
            assert pad.series == history[-1]
            assert pad.series.to_json() == history[-1].to_json()
        elif pad.series != before:
            history.append(pad.series)
        if path.exists():
            assert load_session(path) == pad.series
        for game in pad.series.games:
            log = deal_log(game)
            for team in Team:
                on_pad = sum(p.points for p in game.postings if p.team is team)
                assert game.totals(settle=False)[team] == on_pad
                assert sum(d.points[team] for d in log) == on_pad
                assert (log[-1].running[team] if log else 0) == on_pad
        for team in Team:
            assert pad.series.totals()[team] == sum(g.totals()[team] for g in pad.series.games)
