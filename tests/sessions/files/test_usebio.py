"""USEBIO 1.2 XML: reading, writing, round trips, carried scores compared with ours."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import BridgeError, FileFormatError
from bridgescore.sessions.files import csvfmt, usebio
from bridgescore.sessions.matchpoints import score_matchpoints
from bridgescore.sessions.model import Session, TeamMatch
from sessions.files.test_csv import PAIRS, TEAMS

MITCHELL = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2">
  <EVENT EVENT_TYPE="PAIRS">
    <EVENT_DESCRIPTION>Club night</EVENT_DESCRIPTION>
    <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
    <WINNER_TYPE>2</WINNER_TYPE>
    <PARTICIPANTS>
      <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
        <PLAYER><PLAYER_NAME>Ann</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Bob</PLAYER_NAME></PLAYER>
        <PLACE>1</PLACE></PAIR>
      <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PLACE>2</PLACE></PAIR>
      <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>EW</DIRECTION><PLACE>2</PLACE></PAIR>
      <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION><PLACE>1</PLACE></PAIR>
    </PARTICIPANTS>
    <BOARD>
      <BOARD_NUMBER>1</BOARD_NUMBER>
      <TRAVELLER_LINE>
        <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>
        <CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>HK</LEAD><TRICKS>10</TRICKS>
        <SCORE>420</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS>
      </TRAVELLER_LINE>
      <TRAVELLER_LINE>
        <NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
        <CONTRACT>4S*</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS>
        <SCORE>-100</SCORE><NS_MATCH_POINTS>1</NS_MATCH_POINTS><EW_MATCH_POINTS>1</EW_MATCH_POINTS>
      </TRAVELLER_LINE>
    </BOARD>
  </EVENT>
</USEBIO>
"""


def test_read_mitchell_with_shared_numbers() -> None:
    f = usebio.read(MITCHELL, source="m.xml")
    s = f.item
    assert isinstance(s, Session)
    assert set(s.pairs) == {"1", "2", "1EW", "2EW"}
    assert s.pairs["1"].names == ("Ann", "Bob")
    assert s.results[1].score == -100 and s.results[1].result is not None
    assert str(s.results[1].result.contract) == "4SX"
    assert f.scoring == "mp"


def test_compare_carried_scores() -> None:
    f = usebio.read(MITCHELL)
    assert isinstance(f.item, Session)
    ours = score_matchpoints(f.item)
    diffs = usebio.compare(f, ours)
    # The file's board 1, line 2 says 1/1, but -100 against +420 is a bottom: 0/2.
    assert diffs == ["board 1, NS 2 v EW 2: file 1/1, ours 0/2"]
    assert any(d.startswith("pair 2EW: file place 1") for d in diffs) is False
    assert usebio.compare(usebio.read(usebio.dumps(ours)), ours) == []


def test_round_trips() -> None:
    for text in (PAIRS, TEAMS):
        item = csvfmt.loads(text)
        back = usebio.loads(usebio.dumps(item))
        assert back.results == item.results
        if isinstance(item, Session) and isinstance(back, Session):
            assert {k: p.names for k, p in back.pairs.items()} == {
                k: p.names for k, p in item.pairs.items()}
            assert back.directions() == item.directions()
    m = usebio.loads(MITCHELL)
    assert usebio.loads(usebio.dumps(m)) == m


def test_teams() -> None:
    m = usebio.loads(usebio.dumps(csvfmt.loads(TEAMS)))
    assert isinstance(m, TeamMatch) and m.home.name == "甲队"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<USEBIO><EVENT>", "x.xml:1: malformed XML"),
        ("<RESULTS/>", "x.xml:1: not a USEBIO file"),
        (MITCHELL.replace("<TRICKS>9</TRICKS>", "<TRICKS>14</TRICKS>"), "x.xml:22: board 1:"),
        (MITCHELL.replace("<SCORE>-100</SCORE>", "<SCORE>-50</SCORE>"),
         "x.xml:22: board 1: NS score -50 is impossible for 4SX N -1"),
        (MITCHELL.replace("<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>", "<EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>"),
         "x.xml:22: board 1: pair 1EW has two results"),
    ],
)
def test_errors(text: str, message: str) -> None:
    with pytest.raises(FileFormatError) as e:
        usebio.loads(text, source="x.xml")
    assert str(e.value).startswith(message)


@given(st.text(max_size=300))
def test_fuzz(text: str) -> None:
    with contextlib.suppress(BridgeError):
        usebio.loads(text)


@given(st.text(alphabet="<>/ABCDEFGHIJKLMNOPRSTUVWXY_0123456789 ", max_size=200))
def test_fuzz_inside_event(body: str) -> None:
    with contextlib.suppress(BridgeError):
        usebio.loads(f"<USEBIO><EVENT>{body}</EVENT></USEBIO>")


def test_artificial_scores_as_other_programs_write_them() -> None:
    # SCORE "A6040": 60% to NS, 40% to EW: Average-plus and Average-minus.
    text = MITCHELL.replace("<CONTRACT>4S*</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS>\n"
                            "        <SCORE>-100</SCORE>", "<CONTRACT>A</CONTRACT><SCORE>A6040</SCORE>")
    s = usebio.loads(text)
    assert isinstance(s, Session)
    r = s.results[1]
    assert (r.kind, r.ns_award, r.ew_award) == ("artificial", "A+", "A-")
    odd = usebio.loads(text.replace("A6040", "A5545")).results[1]
    assert (odd.ns_award, odd.ew_award) == (55.0, 45.0)
    # Written both ways: our ADJUSTED element and the SCORE other programs read.
    out = usebio.dumps(s)
    assert "<ADJUSTED>A+/A-</ADJUSTED>" in out and "<SCORE>A6040</SCORE>" in out
    assert out.splitlines()[1] == '<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">'
    assert usebio.loads(out).results == s.results
