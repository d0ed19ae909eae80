"""Deal files (PBN, LIN) as users have them: read through the one text reader (UTF-8, UTF-8
with a byte-order mark, GB18030, else a clear error), and a ``str`` that holds the text of a
file never taken for its name (nor a name for text)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bridgescore.cli import main
from bridgescore.core.errors import BridgeError, FileFormatError
from bridgescore.core.seat import Seat
from bridgescore.formats import lin, pbn

# A club's PBN file as Chinese Windows writes it: the event and the players in Chinese.
EVENT = "上海市桥牌俱乐部周赛"
NORTH = "张伟"
SOUTH = "李娜"
CLUB_PBN = (
    '% PBN 2.1\n'
    f'[Event "{EVENT}"]\n'
    '[Date "2024.03.01"]\n'
    '[Board "1"]\n'
    '[West "王芳"]\n'
    f'[North "{NORTH}"]\n'
    '[East "刘洋"]\n'
    f'[South "{SOUTH}"]\n'
    '[Dealer "N"]\n'
    '[Vulnerable "None"]\n'
    '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
    '[Declarer "N"]\n'
    '[Contract "7NT"]\n'
    '[Result "13"]\n'
)
CLUB_LIN = ("pn|张伟,王芳,李娜,刘洋|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D234C23,,|ah|Board 1|sv|o|"
            "mb|7N|mb|p|mb|p|mb|p|mc|13|\n")


@pytest.fixture
def gb_pbn(tmp_path: Path) -> Path:
    path = tmp_path / "club.pbn"
    path.write_bytes(CLUB_PBN.encode("gb18030"))
    return path


def test_gb18030_pbn_keeps_its_chinese_names(gb_pbn: Path) -> None:
    # the bytes are not UTF-8: a Latin-1 fallback would turn every name into mojibake
    with pytest.raises(UnicodeDecodeError):
        gb_pbn.read_bytes().decode("utf-8")
    game = pbn.load(gb_pbn, strict=True)[0]
    assert game.tag("Event") == EVENT and game.tag("North") == NORTH and game.tag("South") == SOUTH
    games, errors = pbn.load_with_errors(gb_pbn)
    assert errors == [] and games[0].tag("Event") == EVENT
    rec = pbn.read_records(gb_pbn, strict=True)[0][0]
    assert rec.event == EVENT and rec.players[Seat.NORTH] == NORTH and rec.players[Seat.WEST] == "王芳"
    assert pbn.read_records(str(gb_pbn))[0][0].players[Seat.SOUTH] == SOUTH


def test_gb18030_lin_keeps_its_chinese_names(tmp_path: Path) -> None:
    path = tmp_path / "club.lin"
    path.write_bytes(CLUB_LIN.encode("gb18030"))
    rec = lin.load(path, strict=True)[0]
    # LIN lists the players S, W, N, E
    assert rec.players == {Seat.SOUTH: "张伟", Seat.WEST: "王芳", Seat.NORTH: "李娜", Seat.EAST: "刘洋"}


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig"])
def test_utf8_with_and_without_bom(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "club.pbn"
    path.write_bytes(CLUB_PBN.encode(encoding))
    game = pbn.load(path, strict=True)[0]
    assert game.tag("Event") == EVENT
    assert pbn.dumps([game]).startswith("% PBN 2.1\n")  # no stray byte-order mark kept


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_replay_prints_the_chinese_names(gb_pbn: Path, capsys: pytest.CaptureFixture[str],
                                         lang: str) -> None:
    assert main(["replay", str(gb_pbn), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert NORTH in out and SOUTH in out and "王芳" in out


def test_a_binary_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "photo.pbn"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    for read in (pbn.load, pbn.read_records, lin.load):
        with pytest.raises(FileFormatError) as info:
            read(path)  # type: ignore[operator]
        assert str(path) in str(info.value) and "not a text file" in str(info.value)
        assert "不是文本文件" in info.value.message("zh")


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    for read in (pbn.load, pbn.read_records, lin.load):
        with pytest.raises(FileFormatError) as info:
            read(tmp_path / "nowhere.pbn")  # type: ignore[operator]
        assert "nowhere.pbn" in str(info.value) and "无法读取" in info.value.message("zh")


# -- a str is a file name for load and read_records, text for loads ----------------------------

PBN_TEXT = '[Event "Club"]\n[Board "3"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n'


@pytest.mark.parametrize("text", [PBN_TEXT, '[Board "3"]', '% PBN 2.1', "  [Board \"3\"]"])
@pytest.mark.parametrize("read", [pbn.load, pbn.load_with_errors, pbn.read_records])
def test_pbn_text_given_as_a_file_name(text: str, read: object, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no file of that name here
    with pytest.raises(FileFormatError) as info:
        read(text)  # type: ignore[operator]
    e = info.value
    assert "expected the name of a PBN file, got PBN text" in str(e) and "pbn.loads(text)" in str(e)
    assert "应为 PBN 文件名" in e.message("zh") and "pbn.loads(text)" in e.message("zh")
    assert repr(text[:20])[1:-1] in str(e)  # the text is quoted


def test_huge_pbn_text_given_as_a_file_name_is_quoted_short() -> None:
    text = PBN_TEXT * 10_000
    with pytest.raises(FileFormatError) as info:
        pbn.read_records(text)
    assert len(str(info.value)) < 300


def test_lin_text_given_as_a_file_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for text in (CLUB_LIN, "pn|A,B,C,D|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D234C23,,|"):
        with pytest.raises(FileFormatError) as info:
            lin.load(text)
        assert "got LIN text" in str(info.value) and "lin.loads(text)" in str(info.value)
        assert "应为 LIN 文件名" in info.value.message("zh")


def test_text_is_read_by_loads() -> None:
    rec = pbn.loads_records(PBN_TEXT, strict=True)[0][0]
    assert (rec.board, rec.event, rec.tricks) == (3, "Club", 10)
    assert pbn.loads(PBN_TEXT)[0].tag("Board") == "3"
    # an open text stream is read as it always was
    assert pbn.read_records(io.StringIO(PBN_TEXT), strict=True)[0][0].board == 3
    assert pbn.load(io.StringIO(PBN_TEXT))[0].tag("Event") == "Club"


def test_a_file_whose_name_looks_like_pbn_is_still_a_file(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("[2024] club.pbn").write_bytes(CLUB_PBN.encode("gb18030"))
    assert pbn.load("[2024] club.pbn")[0].tag("North") == NORTH


def test_a_path_given_to_loads(gb_pbn: Path) -> None:
    for loads, module in ((pbn.loads, "pbn"), (pbn.loads_records, "pbn"), (lin.loads, "lin")):
        with pytest.raises(FileFormatError) as info:
            loads(gb_pbn)  # type: ignore[arg-type]
        assert f"{module}.load(path)" in str(info.value) and str(gb_pbn) in str(info.value)
        assert f"{module}.load(path)" in info.value.message("zh")


def test_bytes_and_binary_streams_are_refused_clearly(gb_pbn: Path) -> None:
    with pytest.raises(FileFormatError) as info:
        pbn.loads(gb_pbn.read_bytes())  # type: ignore[arg-type]
    assert "must be text, not bytes" in str(info.value) and "必须是文本" in info.value.message("zh")
    with gb_pbn.open("rb") as f, pytest.raises(FileFormatError) as info:
        pbn.load(f)  # type: ignore[arg-type]
    assert "binary mode" in str(info.value) and "二进制" in info.value.message("zh")
    with pytest.raises(FileFormatError) as info:
        pbn.load(42)  # type: ignore[arg-type]
    assert "not int" in str(info.value)
    with pytest.raises(FileFormatError):
        pbn.load("club\x00.pbn")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_cli_bad_encoding_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      lang: str) -> None:
    path = tmp_path / "bad.pbn"
    path.write_bytes(b"\x00\x01\x02 not text")
    assert main(["replay", str(path), "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ("not a text file" if lang == "en" else "不是文本文件") in err


def test_every_error_is_a_bridge_error(tmp_path: Path) -> None:
    """No OSError, UnicodeDecodeError or ValueError escapes for a bad source."""
    too_long = "x" * 5000 + ".pbn"
    for source in (too_long, str(tmp_path), "nul\x00.pbn", PBN_TEXT):
        for read in (pbn.load, pbn.read_records, lin.load):
            with pytest.raises(BridgeError):
                read(source)  # type: ignore[operator]
