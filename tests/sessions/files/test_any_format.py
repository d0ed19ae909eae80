"""Results files through the one library entry (``bridgescore.sessions.files.any_format``): formats told by
content, bytes or a path, writing; hostile and huge input; the settings of CSV files; every bad
line reported in one message in every format; fuzzing (only ``BridgeError`` ever escapes)."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.cli import COMMANDS, main
from bridgescore.core.errors import BridgeError, FileFormatError
from bridgescore.sessions.files import csvfmt, pbn_results, usebio
from bridgescore.sessions.files.any_format import (
    detect_format,
    dumps_results,
    format_for_path,
    parse_results,
    read_results,
    write_results,
)
from bridgescore.sessions.matchpoints import score_matchpoints
from bridgescore.sessions.model import Session, TeamMatch
from sessions.files.test_csv import PAIRS, TEAMS


@pytest.fixture(autouse=True)
def _register(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("pairs", "teams"):
        monkeypatch.setitem(COMMANDS, name, ("bridgescore.cli.events", f"{name}_cmd"))


# Board 1 (none vul): 4♠ = is +420, 4♠+1 +450.
SMALL = "board,table,ns,ew,contract,declarer,result\n1,1,1,2,4S,N,=\n1,2,3,4,4S,N,+1\n"


def _session() -> Session:
    """The PAIRS session without its weighted score (which PBN cannot write)."""
    s = csvfmt.loads(PAIRS)
    assert isinstance(s, Session)
    return Session(tuple(r for r in s.results if r.kind != "weighted"), pairs=s.pairs,
                   name=s.name)


# ------------------------------------------------------------------------ the library API
def test_read_from_path_bytes_and_text(tmp_path: Path) -> None:
    f = tmp_path / "r.csv"
    f.write_text(SMALL, encoding="utf-8")
    by_path = read_results(f)
    by_str = read_results(str(f))
    by_bytes = read_results(SMALL.encode(), name="upload.csv")
    by_text = parse_results(SMALL, source="pasted")
    for r in (by_path, by_str, by_bytes, by_text):
        assert r.format == "csv" and r.carried is None
        assert [x.score for x in r.item.results] == [420, 450]
    assert by_path.source == str(f) and by_bytes.source == "upload.csv"
    assert by_bytes.encoding == "utf-8" and by_text.encoding is None


def test_a_str_is_a_path_never_text() -> None:
    with pytest.raises(FileFormatError, match="cannot read the results file"):
        read_results(SMALL)


def test_format_by_content_not_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A CSV file named .xml used to be parsed as XML ("malformed XML").
    f = tmp_path / "results.xml"
    f.write_text(SMALL, encoding="utf-8")
    assert read_results(f).format == "csv"
    assert main(["pairs", str(f), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["boards"][0]["board"] == 1
    # … and a USEBIO file named .csv is USEBIO, a PBN file named .txt is PBN.
    s = score_matchpoints(_session())
    for text, kind in ((usebio.dumps(s), "usebio"), (pbn_results.dumps(s), "pbn")):
        g = tmp_path / "odd.csv"
        g.write_text(text, encoding="utf-8")
        assert read_results(g).format == kind
    assert detect_format("\ufeff  <?xml") == "usebio" and detect_format("% PBN 2.1") == "pbn"
    assert detect_format("{comment}\n[Event]") == "pbn" and detect_format("# x: y") == "csv"


def test_format_can_be_given() -> None:
    with pytest.raises(FileFormatError, match="malformed XML"):
        parse_results(SMALL, format="usebio")
    with pytest.raises(BridgeError, match="unknown results format 'json'") as e:
        parse_results(SMALL, format="json")  # type: ignore[arg-type]
    assert "未知的结果文件格式" in e.value.zh


def test_empty_and_header_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(FileFormatError, match="empty results file"):
        read_results(b" \n", name="x.csv")
    # A header and no results used to give an empty ranking with exit status 0.
    f = tmp_path / "h.csv"
    f.write_text("# event: x\nboard,table,ns,ew,contract,declarer,result\n\n", encoding="utf-8")
    for lang, words in (("en", "no results: the file has a header line but no result lines"),
                        ("zh", "没有结果：文件只有表头行")):
        assert main(["pairs", str(f), "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err and str(f) in err
    with pytest.raises(FileFormatError, match="no results"):
        parse_results('<USEBIO><EVENT EVENT_TYPE="PAIRS"></EVENT></USEBIO>')


@pytest.mark.parametrize("suffix", [".xml", ".pbn", ".csv"])
def test_write_and_read_back(tmp_path: Path, suffix: str) -> None:
    s = _session()
    out = tmp_path / f"o{suffix}"
    kind = write_results(score_matchpoints(s), out)
    assert kind == format_for_path(out)
    back = read_results(out)
    assert back.format == kind and back.item.results == s.results
    assert dumps_results(s, kind) == dumps_results(s, kind)  # deterministic


def test_write_a_match(tmp_path: Path) -> None:
    from bridgescore.sessions.teams import score_match

    m = csvfmt.loads(TEAMS)
    assert isinstance(m, TeamMatch)
    for suffix in (".xml", ".pbn", ".csv"):
        out = tmp_path / f"m{suffix}"
        write_results(score_match(m), out)
        back = read_results(out).item
        assert isinstance(back, TeamMatch) and back.results == m.results


def test_write_errors(tmp_path: Path) -> None:
    with pytest.raises(BridgeError, match=r"o\.txt: expected a file name ending in \.xml") as e:
        write_results(_session(), tmp_path / "o.txt")
    assert "文件名应以" in e.value.zh
    with pytest.raises(FileFormatError, match="cannot write the results file") as w:
        write_results(_session(), tmp_path / "missing" / "o.csv")
    assert "无法写入结果文件" in w.value.zh


# ------------------------------------------------------------------------ hostile XML
def _usebio_with(contract: str, head: str = "") -> str:
    return (f'<?xml version="1.0"?>\n{head}<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS">\n'
            "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n<TRAVELLER_LINE><NS_PAIR_NUMBER>1"
            "</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>\n"
            f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>"
            "</TRAVELLER_LINE></BOARD></EVENT></USEBIO>\n")


def test_entity_declarations_are_refused() -> None:
    # Even a harmless one: the file format needs none, and refusing all of them is what keeps
    # expansion attacks out.
    harmless = _usebio_with("&c;", '<!DOCTYPE USEBIO [<!ENTITY c "4S">]>\n')
    with pytest.raises(FileFormatError) as e:
        usebio.read(harmless, source="x.xml")
    assert e.value.en == ("x.xml:2: entity declarations and external entities are not allowed "
                          "in a results file")
    assert e.value.zh == "x.xml:2：结果文件中不允许实体声明和外部实体"


def test_billion_laughs_and_external_entities_fail_at_once() -> None:
    lol = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10 if i else "lol"}">' for i in range(10))
    bomb = _usebio_with("&l9;", f"<!DOCTYPE USEBIO [{lol}]>\n")
    external = _usebio_with("&x;", '<!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n')
    for text in (bomb, external):
        with pytest.raises(FileFormatError, match="entity declarations"):
            usebio.read(text)


def test_a_long_text_of_entities_is_refused_in_linear_time() -> None:
    # Each &amp; used to be added to the element's text one at a time (quadratic: minutes for
    # a few MB), and the message then quoted the whole text.
    text = _usebio_with("&amp;" * 300_000)
    with pytest.raises(FileFormatError) as e:
        usebio.read(text, source="x.xml")
    assert e.value.en == "x.xml:5: board 1: <CONTRACT> is too long (more than 10,000 characters)"
    assert "<CONTRACT> 太长" in e.value.zh


def test_our_own_doctype_is_still_read() -> None:
    text = usebio.dumps(score_matchpoints(_session()))
    assert '<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">' in text
    assert usebio.loads(text).results == _session().results


# ------------------------------------------------------------------------ huge numbers
HUGE = "9" * 5000  # past Python's 4,300-digit limit for int(str)


@pytest.mark.parametrize("line", [
    f"{HUGE},1,1,2,4S,N,=,,", f"1,{HUGE},1,2,4S,N,=,,", f"1,1,{HUGE},2,4S,N,=,,",
    f"1,1,1,2,,,,,{HUGE}", f"1,1,1,2,,,,,-{HUGE}", f"1,1,1,2,4S,N,+{HUGE},,",
    f"1,1,1,2,4S,N,{HUGE},,", f"1,1,1,2,4S {HUGE},N,=,,", f"1,1,1,2,,,,,60%:+{HUGE}; 40%:-50",
    f"1,1,1,2,,,,,{HUGE}%:+420; 40%:-50",
])
def test_huge_numbers_in_csv(line: str) -> None:
    text = "board,table,ns,ew,contract,declarer,result,lead,score\n" + line + "\n"
    with pytest.raises(FileFormatError) as e:
        csvfmt.loads(text, source="x.csv")
    assert e.value.en.startswith("x.csv:2: ") and len(e.value.en) < 300, e.value.en
    assert len(e.value.zh) < 300


@pytest.mark.parametrize("setting", ["expected", "total_boards", "boards", "carry_over"])
def test_huge_numbers_in_settings(setting: str) -> None:
    head = "board,room,contract,declarer,result\n" if setting == "carry_over" else \
        "board,table,ns,ew,contract,declarer,result\n"
    body = "1,open,4S,N,=\n1,closed,4S,N,=\n" if setting == "carry_over" else "1,1,1,2,4S,N,=\n"
    with pytest.raises(FileFormatError) as e:
        csvfmt.loads(f"# {setting}: {HUGE}\n" + head + body, source="x.csv")
    assert e.value.en.startswith(f"x.csv:1: setting '{setting}'") and len(e.value.en) < 300


@pytest.mark.parametrize("inner", [
    f"<BOARD_NUMBER>{HUGE}</BOARD_NUMBER>", f"<TABLE_NUMBER>{HUGE}</TABLE_NUMBER>",
    f"<SCORE>{HUGE}</SCORE>", f"<TRICKS>{HUGE}</TRICKS>",
    f"<NS_MATCH_POINTS>{HUGE}</NS_MATCH_POINTS><EW_MATCH_POINTS>1</EW_MATCH_POINTS>",
])
def test_huge_numbers_in_usebio(inner: str) -> None:
    line = "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>" + (
        "" if "TRICKS" in inner else "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY>"
        "<TRICKS>10</TRICKS>")
    board = "" if "BOARD_NUMBER" in inner else "<BOARD_NUMBER>1</BOARD_NUMBER>"
    if "TRICKS" in inner:
        line += "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY>"
    xml = (f'<USEBIO><EVENT EVENT_TYPE="PAIRS"><BOARD>{board}'
           f"{inner if 'BOARD_NUMBER' in inner else ''}<TRAVELLER_LINE>{line}"
           f"{'' if 'BOARD_NUMBER' in inner else inner}</TRAVELLER_LINE></BOARD></EVENT></USEBIO>")
    with pytest.raises(FileFormatError) as e:
        usebio.read(xml, source="x.xml")
    assert len(e.value.en) < 300 and len(e.value.zh) < 300, e.value.en


@pytest.mark.parametrize("cells", [f"1 1 2 4S N 10 {HUGE}", f"{HUGE} 1 2 4S N 10 420",
                                   f"1 1 2 4S N {HUGE} 420"])
def test_huge_numbers_in_pbn(cells: str) -> None:
    text = ('[Event "x"]\n[Board "1"]\n[ScoreTable "Table;PairId_NS;PairId_EW;Contract;'
            'Declarer;Result;Score_NS"]\n' + cells + "\n")
    with pytest.raises(FileFormatError) as e:
        pbn_results.read(text, source="x.pbn")
    assert len(e.value.en) < 300, e.value.en


# ------------------------------------------------------------------------ CSV settings
BODY = ("board,table,ns,ew,contract,declarer,result\n"
        "1,1,1,2,4S,N,=\n1,2,3,4,4S,N,+1\n1,3,5,6,4S,N,-1\n2,1,1,2,3NT,S,=\n")


@pytest.mark.parametrize(("head", "en", "zh"), [
    # Board 1 has three results: expected 1 would scale every board's matchpoints wrongly.
    ("# expected: 1\n", "1: setting 'expected': 1 results per board, but board 1 has 3",
     "设置“expected”：每副 1 个结果，但第1副有 3 个"),
    # Six pairs can give three results a board at most.
    ("# expected: 4\n", "1: setting 'expected': 4 results per board, but 6 pairs can give at "
     "most 3", "6 对最多只能打出 3 个"),
    ("# expected: eleven\n", "1: setting 'expected': invalid number of results 'eleven': "
     "expected the number of results each board should have", "设置“expected”：无效的结果数 'eleven'"),
    ("# expected: 0\n", "1: setting 'expected': invalid number of results '0'", "从 1 起的整数"),
    ("# movement: mitchel\n", "1: setting 'movement': invalid movement 'mitchel': unknown word "
     "'mitchel'", "设置“movement”：无效的移位 'mitchel'"),
    ("# movement: howel 3 tables\n", "1: setting 'movement': invalid movement 'howel 3 tables'",
     "（是否应为 'howell'？）"),
    ("# evnt: Tuesday\n", "1: unknown setting 'evnt' (did you mean 'event'?)",
     "未知的设置 'evnt'（是否应为 'event'？）"),
    ("# total bords: 2\n", "1: unknown setting 'total bords' (did you mean 'total_boards'?)",
     "未知的设置"),
    ("# total_boards: 1\n", "1: setting 'total_boards': 1 is fewer than the 2 boards",
     "少于某对已有结果的副数 2"),
    ("# boards: 1-x\n", "1: setting 'boards': invalid board list '1-x'", "无效的牌副列表"),
    ("# boards: 1-999999999\n", "1: setting 'boards': board list '1-999999999' names more than",
     "超过"),
    ("# event: a\n# event: b\n", "2: setting 'event' given twice (lines 1 and 2)",
     "设置“event”出现两次（第1行和第2行）"),
    ("# pair: 1, A\n# pair: 1, B\n", "2: setting 'pair': pair 1 is given twice", "第1对出现两次"),
    ("# pair: , Ann\n", "1: setting 'pair': no pair number", "缺少对号"),
    ("# home: H, 长城队\n", "1: setting 'home' is for team matches, and this file is a pairs "
     "session", "设置“home”用于队式赛，而该文件是双人赛"),
])
def test_bad_settings_name_the_setting_and_line(head: str, en: str, zh: str) -> None:
    with pytest.raises(FileFormatError) as e:
        csvfmt.loads(head + BODY, source="x.csv")
    assert e.value.en.startswith(f"x.csv:{en}") or f"x.csv:{en}" in e.value.en, e.value.en
    assert zh in e.value.zh, e.value.zh


def test_a_near_miss_movement_word_gets_a_suggestion() -> None:
    with pytest.raises(FileFormatError) as e:
        csvfmt.loads("# movement: howel 3 tables\n" + BODY, source="x.csv")
    assert e.value.en.endswith("(did you mean 'howell'?)")


def test_settings_after_the_header_and_in_a_team_match() -> None:
    with pytest.raises(FileFormatError, match=r"x\.csv:3: setting 'movement' after the header"):
        csvfmt.loads("board,table,ns,ew,contract,declarer,result\n1,1,1,2,4S,N,=\n"
                     "# movement: howell\n", source="x.csv")
    with pytest.raises(FileFormatError, match="setting 'expected' is for pairs sessions") as e:
        csvfmt.loads("# expected: 2\n" + TEAMS.split("\n", 2)[2], source="x.csv")
    assert "用于双人赛" in e.value.zh
    with pytest.raises(FileFormatError, match="setting 'carry_over': 'lots' is not a number"):
        csvfmt.loads("# carry_over: lots\n" + TEAMS, source="x.csv")
    with pytest.raises(FileFormatError, match="setting 'carry_over': 'nan' is not a number"):
        csvfmt.loads("# carry_over: nan\n" + TEAMS, source="x.csv")


def test_good_settings_and_comments() -> None:
    s = csvfmt.loads("# Played at the club: a fine night\n# note: director Li\n# 备注：无\n"
                     "# event: Tuesday\n# movement: 米切尔\n# expected: 3\n# total_boards: 2\n"
                     "# boards: 1-2\n# pair: １, Ann, Bob\n# This line has no colon\n" + BODY)
    assert isinstance(s, Session)
    assert (s.name, s.winners, s.expected, s.total_boards, s.boards) == ("Tuesday", 2, 3, 2,
                                                                         (1, 2))
    assert s.pairs["1"].names == ("Ann", "Bob")  # the full-width １ is pair 1


def test_settings_in_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "s.csv"
    f.write_text("# movement: mitchel\n" + BODY, encoding="utf-8")
    for lang, words in (("en", f"{f}:1: setting 'movement'"), ("zh", f"{f}:1：设置“movement”")):
        assert main(["pairs", str(f), "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err, err


# ------------------------------------------------------------------------ every bad line
def test_usebio_lists_every_bad_line() -> None:
    good = ("<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}"
            "</EW_PAIR_NUMBER><SCORE>{score}</SCORE></TRAVELLER_LINE>\n")
    lines = [good.format(ns=1, ew=2, score="x"), good.format(ns=3, ew=4, score=420),
             good.format(ns=5, ew=6, score="y"), good.format(ns=7, ew=8, score=421)]
    xml = ('<USEBIO>\n<EVENT EVENT_TYPE="PAIRS">\n<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n'
           + "".join(lines) + "</BOARD>\n</EVENT>\n</USEBIO>\n")
    with pytest.raises(FileFormatError) as e:
        usebio.read(xml, source="x.xml")
    assert e.value.en == ("x.xml:4: board 1: invalid SCORE 'x': expected a whole number such as "
                          "-100 (and 2 more bad lines: 6, 7)")
    assert e.value.zh.endswith("（另有 2 行有误：第6行、第7行）")
    assert e.value.line == 4


def test_pbn_lists_every_bad_row() -> None:
    text = ('[Event "x"]\n[Board "1"]\n[ScoreTable "Table;PairId_NS;PairId_EW;Contract;'
            'Declarer;Result;Score_NS"]\n1 1 2 4S N 10 421\n2 3 4 4S N 10 420\n'
            '3 5 6 4S Q 10 -\n\n[Event "x"]\n[Board "x"]\n[ScoreTable "Table;PairId_NS;'
            'PairId_EW;Score_NS"]\n1 1 2 420\n')
    with pytest.raises(FileFormatError) as e:
        pbn_results.read(text, source="x.pbn")
    assert e.value.en.startswith("x.pbn:4: board 1: NS score 421 is impossible")
    assert e.value.en.endswith("(and 2 more bad lines: 6, 10)")
    assert e.value.zh.endswith("（另有 2 行有误：第6行、第10行）")


# ------------------------------------------------------------------------ fuzzing
def _mutate(data: bytes, rnd: random.Random, edits: int) -> bytes:
    b = bytearray(data)
    for _ in range(edits):
        i = rnd.randrange(len(b) + 1)
        op = rnd.randrange(4)
        if op == 0 and i < len(b):
            b[i] = rnd.randrange(256)
        elif op == 1 and i < len(b):
            del b[i]
        elif op == 2:
            b[i:i] = bytes([rnd.randrange(256)])
        else:
            b[i:i] = rnd.choice([b"9" * 50, b"&amp;", b"<", b"\n", b",", b'"', b"#", b"\xe9",
                                 b"\xa8\xa6", b"%", b"[", b"A+/A-", b"-"])
    return bytes(b)


def _valid_files() -> list[bytes]:
    s = _session()
    scored = score_matchpoints(s)
    return [PAIRS.encode(), TEAMS.encode(), usebio.dumps(scored).encode(),
            pbn_results.dumps(scored).encode(), PAIRS.encode("utf-16"),
            ("# pair: 1, 陳大文, 張偉\n" + SMALL).encode("big5")]


VALID = _valid_files()


def _only_bridge_errors(raw: bytes) -> None:
    with contextlib.suppress(BridgeError):
        read_results(raw, name="fuzz")


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(VALID))), st.integers(0, 2**32 - 1), st.integers(1, 8))
def test_fuzz_mutated_valid_files(which: int, seed: int, edits: int) -> None:
    _only_bridge_errors(_mutate(VALID[which], random.Random(seed), edits))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_fuzz_random_bytes(raw: bytes) -> None:
    _only_bridge_errors(raw)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["csv", "usebio", "pbn"]),
       st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300))
def test_fuzz_random_text_in_each_format(kind: str, text: str) -> None:
    with contextlib.suppress(BridgeError):
        parse_results(text, format=kind)  # type: ignore[arg-type]
