"""PBN: the tokenizer, round trips on real files, lenient and strict errors, records."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.auction import Auction
from bridgescore.core.contract import Contract
from bridgescore.core.errors import BridgeError, FileFormatError
from bridgescore.core.seat import Seat
from bridgescore.formats import pbn

DATA = Path(__file__).parents[1] / "data"
FILES = sorted(DATA.glob("*.pbn"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_real_files_round_trip_exactly(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    games, errors = pbn.loads_with_errors(text)
    assert errors == [] and games
    assert pbn.dumps(games) == text


def test_tags_sections_and_lines() -> None:
    games = pbn.load(DATA / "endplay_example1.pbn")
    assert len(games) == 2
    g = games[0]
    assert g.tag("Event") == "16th European Youth Team Championships"
    assert g.tag("contract") == "5H" and g.get("Contract") is not None and g.get("Contract").line == 16
    assert g.names()[:3] == ["Event", "Site", "Date"]
    auction = g.section("Auction")
    assert [s.line for s in auction] == [19, 20] and auction[0].tokens == ["1C", "1S", "2H", "4S"]
    assert g.get("Play").tokens[-1] == ("*", 25)


def test_tables_keep_their_column_header() -> None:
    g = pbn.load(DATA / "endplay_example2_head.pbn")[0]
    table = g.table("OptimumResultTable")
    assert table is not None
    assert [(c.name, c.width, c.align) for c in table.columns] == [
        ("Declarer", None, "L"), ("Denomination", 2, "R"), ("Result", 2, "R")]
    assert len(table.rows) == 20 and table.rows[0].cells == ("N", "NT", "7")
    assert table.dicts()[5] == {"Declarer": "S", "Denomination": "NT", "Result": "7"}


def test_score_table_with_quoted_cells() -> None:
    text = ('[Event "Pairs"]\n[ScoreTable "Rank\\2R;Names\\20L;MP_NS\\4R"]\n'
            ' 1 "Ann Lee - Bo Wu"  12\n 2 "Cy \\"Ace\\" Ho - Di"  8\n')
    g = pbn.loads(text)[0]
    rows = g.table("ScoreTable").dicts()
    assert rows == [{"Rank": "1", "Names": "Ann Lee - Bo Wu", "MP_NS": "12"},
                    {"Rank": "2", "Names": 'Cy "Ace" Ho - Di', "MP_NS": "8"}]
    assert pbn.dumps(pbn.loads(text)) == text


def test_comments_and_inheritance() -> None:
    g = pbn.load(DATA / "endplay_example4.pbn")[0]
    assert g.tag("VisitTeam") == "Sweden" and g.tag("North") == "Balicki"
    text = '[Event "A"]\n[Board "1"]\n\n[Event "#"]\n[Board "2"]\n'
    games = pbn.loads(text)
    assert games[1].tag("Event") == "A" and pbn.dumps(games) == text


def test_lenient_and_strict_errors_name_the_line() -> None:
    text = '[Event "A"]\n[Board "1"\n[Deal "N:- - - -"]\n'
    games, errors = pbn.loads_with_errors(text, path="x.pbn")
    assert len(games) == 1 and len(errors) == 1
    assert errors[0].line == 2 and str(errors[0]).startswith("x.pbn:2: malformed tag")
    with pytest.raises(FileFormatError) as info:
        pbn.loads(text, strict=True, path="x.pbn")
    assert info.value.line == 2
    assert pbn.loads('[A "1"]\n{ open\n', strict=False)


def test_bad_game_content_is_reported_with_its_line(tmp_path: Path) -> None:
    p = tmp_path / "bad.pbn"
    p.write_text('[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQ.. - - -"]\n\n[Board "2"]\n[Auction "N"]\n1D 1C\n',
                 encoding="utf-8")
    records, errors = pbn.read_records(p)
    assert records == [] and [e.line for e in errors] == [3, 7]
    assert "Law 27" in str(errors[1]) and str(errors[1]).startswith(f"{p}:7:")
    with pytest.raises(FileFormatError):
        pbn.read_records(p, strict=True)


def test_records_and_writing_back() -> None:
    rec = pbn.read_records(DATA / "endplay_example1.pbn", strict=True)[0][0]
    assert rec.final_contract == Contract.parse("5H") and rec.final_declarer is Seat.SOUTH
    assert rec.auction == Auction.parse("N", "1C 1S 2H 4S 5H P P P")
    assert rec.tricks == 10 and rec.claimed and len(rec.play) == 12
    again = pbn.to_record(pbn.loads(pbn.dumps([pbn.from_record(rec)]))[0])
    assert (again.deal, again.auction, again.play, again.tricks, again.final_contract) == (
        rec.deal, rec.auction, rec.play, rec.tricks, rec.final_contract)


def test_ap_and_notes_in_auctions() -> None:
    recs = pbn.read_records(DATA / "endplay_example3_head.pbn")[0]
    assert recs[0].auction == Auction.parse("N", "1NT X XX 4H X 4S 4NT X 5C P P P")


@settings(max_examples=200)
@given(st.text(alphabet='[]{}";%\n abcN:ST1-*=#\\', max_size=120))
def test_fuzzed_pbn_raises_only_bridge_error(text: str) -> None:
    games, _ = pbn.loads_with_errors(text)
    for g in games:
        with contextlib.suppress(BridgeError):
            pbn.to_record(g)
    with contextlib.suppress(BridgeError):
        pbn.loads(text, strict=True)


@settings(max_examples=100)
@given(st.text(max_size=200))
def test_fuzzed_unicode_pbn(text: str) -> None:
    with contextlib.suppress(BridgeError):  # any other exception fails the test
        for g in pbn.loads(text):
            pbn.to_record(g)


@pytest.mark.parametrize(("value", "declarer", "tricks"), [
    ("9", "N", 9), ("^9", "E", 9), ("NS 9", "S", 9), ("NS 9", "W", 4), ("EW 4", "N", 9),
    ("EW 4 NS 9", "E", 4), ("NS 10 EW 3", "N", 10), ("NS 10 EW 3", "W", 3), ("0", "S", 0),
])
def test_result_tag_in_all_its_forms(value: str, declarer: str, tricks: int) -> None:
    # PBN 2.1, 3.4.15: declarer's tricks, or tricks by side (import format), "^" when agreed
    # but not what the play gives
    text = f'[Declarer "{declarer}"]\n[Contract "3NT"]\n[Result "{value}"]\n'
    rec = pbn.read_records(io.StringIO(text), strict=True)[0][0]
    assert rec.tricks == tricks and rec.final_declarer is Seat.parse(declarer)


@pytest.mark.parametrize("value", ["14", "NS", "NS 9 EW 5", "XY 3", "NS 14", "9 10"])
def test_bad_result_tags_name_their_line(value: str) -> None:
    text = f'[Board "1"]\n[Declarer "N"]\n[Contract "3NT"]\n[Result "{value}"]\n'
    with pytest.raises(FileFormatError) as info:
        pbn.read_records(io.StringIO(text), strict=True)
    assert info.value.line == 4 and "invalid result" in str(info.value)
    assert "无效的结果" in info.value.message("zh")


def test_note_tags_may_repeat_even_when_strict() -> None:
    # PBN 2.1, 3.5.5: one Note tag per note; any other tag only once (strict)
    text = '[Auction "N"]\n1C =1= 1NT =2= P P\nP\n[Note "1:2+"]\n[Note "2:15-17"]\n'
    for source in (text, text.replace("\n1C", " x\n1C")):  # the regex path, the careful path
        game = pbn.loads(source, strict=True)[0]
        assert [t.value for t in game.tags if t.name == "Note"] == ["1:2+", "2:15-17"]
    with pytest.raises(FileFormatError, match="'Board' appears twice"):
        pbn.loads('[Board "1"]\n[Board "2"]\n', strict=True)


def test_claim_after_a_trick_with_unknown_cards() -> None:
    # "-  -  H3 -" then "*": the play stops at an incomplete trick, and the claim still counts
    recs = pbn.read_records(DATA / "endplay_example2_head.pbn", strict=True)[0]
    rec = recs[1]
    assert rec.final_contract == Contract.parse("1NT") and rec.tricks == 8
    assert rec.claimed and len(rec.play) == 29 and rec.play[-1] is not None
    assert str(rec.derived_result()) == "1NT N +1"
