"""USEBIO: an unknown BOARD_SCORING_METHOD is an error naming the value, the line and the
methods known; a lead of '-' means no lead."""

from __future__ import annotations

import pytest

from bridgescore.core.errors import FileFormatError
from bridgescore.sessions.files import usebio
from sessions.files.test_usebio import MITCHELL

KNOWN = "MATCH_POINTS, CROSS_IMPS, BUTLER_IMPS, AGGREGATE, IMPS"


def _with(method: str) -> str:
    return MITCHELL.replace("<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>",
                            f"<BOARD_SCORING_METHOD>{method}</BOARD_SCORING_METHOD>")


@pytest.mark.parametrize("method", ["SWISS_VP", "matchpoint", "MATCH-POINTS", "x" * 5000])
def test_an_unknown_method_is_an_error_naming_value_and_line(method: str) -> None:
    # Before: taken as "not said", and the session scored by matchpoints.
    line = 5  # where MITCHELL has its BOARD_SCORING_METHOD
    assert MITCHELL.splitlines()[line - 1].strip().startswith("<BOARD_SCORING_METHOD>")
    with pytest.raises(FileFormatError) as info:
        usebio.read(_with(method), "club.xml")
    # usebio quotes as every USEBIO message does (textfile.excerpt: head, length, tail).
    shown = repr(method) if len(method) <= 40 else repr("x" * 20 + "…(5000 characters)…" + "x" * 10)
    assert info.value.message("en") == (
        f"club.xml:{line}: unknown BOARD_SCORING_METHOD {shown}: expected one of {KNOWN}")
    assert info.value.message("zh") == (
        f"club.xml:{line}：未知的 BOARD_SCORING_METHOD {shown}：应为 {KNOWN} 之一")
    assert info.value.line == line


@pytest.mark.parametrize(("method", "ours"), [
    ("MATCH_POINTS", "mp"), ("cross_imps", "ximp"), ("BUTLER_IMPS", "butler"),
    ("AGGREGATE", "total"), ("IMPS", "ximp"), ("", None)])
def test_known_methods_and_no_method_still_read(method: str, ours: str | None) -> None:
    assert usebio.read(_with(method)).scoring == ours


def test_a_dash_lead_is_no_lead_and_junk_is_refused() -> None:
    assert "<LEAD>HK</LEAD>" in MITCHELL
    got = usebio.read(MITCHELL.replace("<LEAD>HK</LEAD>", "<LEAD>-</LEAD>"))
    assert got.item.results[0].lead is None
    with pytest.raises(FileFormatError) as info:
        usebio.read(MITCHELL.replace("<LEAD>HK</LEAD>", "<LEAD>HZ</LEAD>"), "club.xml")
    assert "invalid opening lead 'HZ'" in info.value.message("en")
    assert "无效的首攻 'HZ'" in info.value.message("zh")
