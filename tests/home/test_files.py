"""Files the home commands read (results, compensation tables, sessions): encodings, binary
files and bad JSON give one-line errors in both languages; Chinese tables line up; wording of
the sacrifice and quiz texts."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import Contract, FileFormatError
from bridgescore.cli import COMMANDS, main
from bridgescore.core.text import display_width
from bridgescore.formats.textfile import read_text
from bridgescore.home.compensation import load_compensation_table
from bridgescore.home.quiz import Question
from bridgescore.home.rubber import RubberSeries
from bridgescore.home.session import load_session, save_session

HOME = ("rubber", "chicago", "handicap", "sacrifice", "quiz")
BINARY = bytes(range(256)) * 4


@pytest.fixture(autouse=True)
def _registered(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in HOME:
        if name not in COMMANDS:
            monkeypatch.setitem(COMMANDS, name, ("bridgescore.cli.home", f"{name}_cmd"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BRIDGESCORE_LANG", raising=False)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


# ---------------------------------------------------------------- encodings

@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "gb18030"])
def test_read_text_encodings(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "r.txt"
    path.write_bytes("南打4S超1\n东打3NT宕1\n".encode(encoding))
    assert read_text(path) == "南打4S超1\n东打3NT宕1\n"


def test_gb18030_bytes_are_not_utf8() -> None:
    # The fallback is really exercised: these bytes fail as UTF-8.
    with pytest.raises(UnicodeDecodeError):
        "南打4S超1".encode("gb18030").decode("utf-8")


# The last: a UTF-16 byte-order mark, then half a surrogate pair.  (b"\xff\xfe\xfd\n" was
# here: it is the UTF-16 mark and the character U+0AFD, so now text.)
@pytest.mark.parametrize("data", [BINARY, b"2H S +1\n\x00\x00\x00", b"\xfe\xff\xd8\x00"])
def test_read_text_refuses_binary(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "x.bin"
    path.write_bytes(data)
    with pytest.raises(FileFormatError) as info:
        read_text(path, "results file", "结果文件")
    assert info.value.path == str(path)
    assert info.value.message("en").startswith(
        f"{path}: cannot read the results file: not a text file")
    assert info.value.message("zh").startswith(f"{path}：无法读取结果文件：不是文本文件")


@given(st.binary(max_size=200))
def test_read_text_fuzz(data: bytes) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "f"
        path.write_bytes(data)
        with contextlib.suppress(FileFormatError):
            read_text(path)


@pytest.mark.parametrize("command", ["rubber", "chicago"])
@pytest.mark.parametrize("encoding", ["utf-8-sig", "gb18030"])
def test_scorepad_reads_gb18030(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                command: str, encoding: str) -> None:
    (tmp_path / "gb.txt").write_bytes("南打4S超1\n".encode(encoding))
    status, out, err = run(capsys, command, "--file", "gb.txt", "--lang", "zh")
    assert status == 0 and err == ""
    # 4♠+1: 120 below, 30 above (rubber); Chicago deal 1 adds the 300 game bonus.
    assert "南打4S超1" in out and ("150" if command == "rubber" else "450") in out


def test_handicap_reads_gb18030(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "d.txt").write_bytes("13 | 南打5D×宕2 | 17\n".encode("gb18030"))
    status, out, _ = run(capsys, "handicap", "--file", "d.txt", "--json")
    assert status == 0
    # rules.md §11 board 13: EW 500 with 23 points, 3×80 handicap → 260 → 6 IMPs to EW.
    deal = json.loads(out)["deals"][0]
    assert deal["ns_score"] == -500 and deal["compensation"] == 240 and deal["ns_imps"] == -6


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("args", [
    ("rubber", "--file", "bin.dat"),
    ("chicago", "--file", "bin.dat"),
    ("handicap", "--file", "bin.dat"),
    ("handicap", "3NT N =", "--vul", "none", "--hcp", "20", "--method", "table",
     "--table", "bin.dat"),
    ("rubber", "--session", "bin.dat"),
    ("handicap", "--session", "bin.dat"),
])
def test_binary_files_are_one_line_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          args: tuple[str, ...], lang: str) -> None:
    (tmp_path / "bin.dat").write_bytes(BINARY)
    status, out, err = run(capsys, *args, "--lang", lang)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    if lang == "zh":
        assert err.startswith("错误：bin.dat：无法读取") and "不是文本文件" in err
    else:
        assert err.startswith("error: bin.dat: cannot read the") and "not a text file" in err


def test_compensation_table_gb18030(tmp_path: Path) -> None:
    lines = ["点数,无局,有局"] + [f"{h},{h - 20},{2 * (h - 20)}" for h in range(20, 41)]
    path = tmp_path / "club.csv"
    path.write_bytes("\n".join(lines).encode("gb18030"))
    t = load_compensation_table(path)
    assert t.expected(30, False) == 10 and t.expected(30, True) == 20


# ---------------------------------------------------------------- JSON errors

def test_bad_session_json_messages(tmp_path: Path) -> None:
    path = tmp_path / "badsess.json"
    path.write_text("{a: 1}", encoding="utf-8")
    with pytest.raises(FileFormatError) as info:
        load_session(path)
    assert info.value.message("zh") == f"{path}：不是记分文件：JSON 格式错误（第1行第2列）"
    assert info.value.message("en") == (
        f"{path}: not a session file, invalid JSON: Expecting property name enclosed in double "
        "quotes (line 1, column 2)")


def test_bad_session_json_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text('{\n "format": "x",\n  oops\n}', encoding="utf-8")
    with pytest.raises(FileFormatError) as info:
        load_session(path)
    assert "第3行第3列" in info.value.message("zh")
    assert "(line 3, column 3)" in info.value.message("en")


def test_bad_session_cli_zh_has_no_english(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    (tmp_path / "badsess.json").write_text("{a: 1}", encoding="utf-8")
    status, _, err = run(capsys, "rubber", "--session", "badsess.json", "--lang", "zh")
    assert status == 2
    assert err == "错误：badsess.json：不是记分文件：JSON 格式错误（第1行第2列）\n"


def test_bad_compensation_json(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text('{"rows": [1,]}', encoding="utf-8")
    with pytest.raises(FileFormatError) as info:
        load_compensation_table(path)
    assert info.value.message("zh") == f"{path}：JSON 格式错误（第1行第13列）"
    assert "invalid JSON" in info.value.message("en") and "column 13" in info.value.message("en")
    path.write_text('{"name": "x"}', encoding="utf-8")
    with pytest.raises(FileFormatError) as info:
        load_compensation_table(path)
    assert info.value.message("zh").endswith("'rows' 列表（缺少 'rows'）")


# ---------------------------------------------------------------- session write errors

@pytest.mark.parametrize("lang", ["en", "zh"])
def test_unwritable_session_names_the_users_file(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path, lang: str) -> None:
    (tmp_path / "r.txt").write_text("2H S +1\n", encoding="utf-8")
    target = str(tmp_path / "no-such-dir" / "x.json")
    status, _, err = run(capsys, "rubber", "--file", "r.txt", "--session", target,
                         "--lang", lang)
    assert status == 2 and ".tmp" not in err and err.count("\n") == 1
    if lang == "zh":
        assert err == f"错误：{target}：无法写入记分文件：文件或目录不存在\n"
    else:
        assert err == f"error: {target}: cannot write the session file: No such file or directory\n"


def test_save_session_error_is_file_format_error(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "pad.json"
    with pytest.raises(FileFormatError) as info:
        save_session(target, RubberSeries(["2H S +1"]))
    assert info.value.path == str(target)
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- Chinese tables line up

def _columns(line: str) -> list[tuple[int, int]]:
    """(start, end) display columns of each run of non-space text; single spaces inside a
    cell (the Chicago deal description) are kept in the cell."""
    out = []
    for m in re.finditer(r"\S+(?: \S+)*", line):
        start = display_width(line[: m.start()])
        out.append((start, start + display_width(m.group())))
    return out


def _check_log(text: str) -> None:
    lines = text.splitlines()
    head_i = next(i for i, x in enumerate(lines) if "结果" in x or "Result" in x)
    rows = []
    for x in lines[head_i + 1:]:
        if not x.strip():
            break
        rows.append(x)
    assert len(rows) >= 4
    head = _columns(lines[head_i])
    # The result column starts where its heading does, in every row.
    result_start = head[0][0]
    figure_ends = {end for _, end in head[1:]}
    for row in rows:
        label = re.match(r"\s*\(\d+\) ", row)
        assert label is not None, row
        # The (n) label is right-justified before the result; blank it out to see the rest.
        cols = _columns(" " * label.end() + row[label.end():])
        assert cols[0][0] == result_start, row
        # Every figure ends under the end of a heading (figures are right-justified).
        for _, end in cols[1:]:
            assert end in figure_ends, row
        assert cols[-1][1] == head[-1][1] and cols[-2][1] == head[-2][1]


RESULTS = "南打4S超1\n西打3NT正好\n北打2H加倍宕1\n东打1C宕1\n南打7NT×正好\n"


@pytest.mark.parametrize("command", ["rubber", "chicago"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_running_totals_line_up(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                command: str, lang: str) -> None:
    (tmp_path / "r.txt").write_text(RESULTS, encoding="utf-8")
    status, out, _ = run(capsys, command, "--file", "r.txt", "--lang", lang)
    assert status == 0
    _check_log(out)


def test_columns_helper_counts_wide_characters() -> None:
    assert _columns("南打  40") == [(0, 4), (6, 8)]


# ---------------------------------------------------------------- wording

def test_sacrifice_one_imp(capsys: pytest.CaptureFixture[str]) -> None:
    # 3NT+2 not vulnerable = 460; 4♠X down 3 not vulnerable = 100+200+200 = 500: loses 40,
    # which is 1 IMP (20-40).
    status, out, _ = run(capsys, "sacrifice", "3NT+2", "4SX", "--down", "3")
    assert status == 0 and "loses 40 points (1 IMP)." in out
    # 3♠ = 140 against 4♣X down 1 = 100: saves 40, 1 IMP.
    _, out, _ = run(capsys, "sacrifice", "3S", "4CX", "--down", "1")
    assert "saves 40 points (1 IMP)." in out
    _, out, _ = run(capsys, "sacrifice", "4S", "5CX", "--down", "3", "--vul", "they")
    assert "saves 120 points (3 IMPs)." in out


@pytest.mark.parametrize("strain", ["C", "D", "H", "S", "NT"])
def test_quiz_suits_same_style_in_both_languages(strain: str) -> None:
    q = Question(Contract.parse(f"3{strain}"), 9, vulnerable=False)
    symbol = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}[strain]
    assert q.text("en").startswith(f"3{symbol}, not vulnerable")
    assert q.text("zh").startswith(f"3{symbol}，无局")
    doubled = Question(Contract.parse("3SX"), 9, vulnerable=True)
    assert doubled.text("en").startswith("3♠X, vulnerable")
