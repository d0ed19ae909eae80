"""Encodings of the files users give us: every encoding clubs' files really come in is read
right, an XML declaration and a byte-order mark are honoured, and a file whose encoding
cannot be told is refused with both readings quoted — never garbled names with success.

The byte strings are made here by encoding Chinese and Western names with Python's own codecs,
so each expected value is the text we started from."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.cli import COMMANDS, main
from bridgescore.core.errors import BridgeError, FileFormatError
from bridgescore.formats.textfile import decode_text, read_decoded, read_text

NAMES = "王小明 / 陳大文 / 張偉"  # traditional characters: in GB18030, Big5 and Unicode
SIMPLIFIED = "王小明 / 陈大文 / 张伟"  # simplified: GB18030 and Unicode only
WESTERN = "Müller, François, Sjöberg, Ærø"


@pytest.fixture(autouse=True)
def _register(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(COMMANDS, "pairs", ("bridgescore.cli.events", "pairs_cmd"))


def _file_text(names: str) -> str:
    a, b, c = (n.strip() for n in names.split("/"))
    return (f"# pair: 1, {a}, {b}\n# pair: 2, {c}\n"
            "board,table,ns,ew,contract,declarer,result\n1,1,1,2,4S,N,=\n")


@pytest.mark.parametrize("codec", ["utf-8", "utf-8-sig", "gb18030", "gbk", "big5", "cp950",
                                   "big5hkscs", "utf-16", "utf-16-le", "utf-16-be",
                                   "utf-32"])
def test_traditional_names_in_every_encoding(codec: str) -> None:
    text = _file_text(NAMES)
    assert decode_text(text.encode(codec)) == text


@pytest.mark.parametrize("codec", ["utf-8", "gb18030", "gbk", "gb2312", "utf-16"])
def test_simplified_names(codec: str) -> None:
    text = _file_text(SIMPLIFIED)
    assert decode_text(text.encode(codec)) == text


@pytest.mark.parametrize("codec", ["cp1252", "latin-1", "utf-8", "utf-16"])
def test_western_names(codec: str) -> None:
    text = f"# pair: 1, {WESTERN}\nboard,ns,ew,score\n1,1,2,420\n"
    assert decode_text(text.encode(codec)) == text


def test_the_names_alone() -> None:
    # Just the names, nothing else to go by.
    for names, codecs_ in ((NAMES, ("gb18030", "cp950", "utf-8")),
                           (SIMPLIFIED, ("gb18030", "utf-8"))):
        for codec in codecs_:
            assert decode_text(names.encode(codec)) == names, codec


def test_big5_was_garbled_before() -> None:
    # The old reader tried GB18030 after UTF-8: these Big5 bytes decode there as well, to
    # something else; the reading must be the Big5 one.
    raw = _file_text(NAMES).encode("big5")
    assert raw.decode("gb18030") != _file_text(NAMES)
    assert decode_text(raw) == _file_text(NAMES)


def test_utf16_without_a_mark_is_told_by_its_nuls() -> None:
    # Excel's "Unicode text" has a mark; other programs write UTF-16 without one.
    text = _file_text(NAMES)
    for codec in ("utf-16-le", "utf-16-be"):
        raw = text.encode(codec)
        assert not raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
        assert decode_text(raw) == text


def test_xml_declaration_is_honoured() -> None:
    body = "<USEBIO><EVENT><EVENT_DESCRIPTION>陈大文杯</EVENT_DESCRIPTION></EVENT></USEBIO>"
    for declared, codec in (("GB2312", "gbk"), ("GBK", "gbk"), ("Big5", "big5"),
                            ("ISO-8859-1", "latin-1")):
        inner = body if codec != "latin-1" else body.replace("陈大文杯", "Coupe Müller")
        text = f'<?xml version="1.0" encoding="{declared}"?>\n{inner}'
        if codec == "big5":
            text = text.replace("陈大文杯", "陳大文盃")
        assert decode_text(text.encode(codec)) == text, declared


def test_a_wrong_declaration_is_an_error_not_garbage() -> None:
    text = '<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO>王小明</USEBIO>'
    with pytest.raises(FileFormatError) as e:
        decode_text(text.encode("gb18030"), "results file", "结果文件", source="r.xml")
    assert "declares 'UTF-8'" in e.value.en and "line 2" in e.value.en
    assert "文件声明为 'UTF-8'" in e.value.zh and "第2行" in e.value.zh
    # The user can say what it really is.
    assert decode_text(text.encode("gb18030"), encoding="gb18030") == text


def test_unknown_declared_encoding() -> None:
    with pytest.raises(FileFormatError, match="declares the encoding 'x-martian'") as e:
        decode_text(b'<?xml version="1.0" encoding="x-martian"?><a/>')
    assert "无法识别" in e.value.zh


def test_net_style_utf16_declaration_on_utf8_bytes() -> None:
    # .NET's StringWriter declares UTF-16 and the file is then saved as UTF-8.
    text = '<?xml version="1.0" encoding="utf-16"?><a>王小明</a>'
    assert decode_text(text.encode("utf-8")) == text


def test_ambiguous_file_names_both_readings_and_how_to_choose() -> None:
    # é is A8 A6 in GB18030 (its pinyin letters); the same bytes are 谷 in Big5.
    text = "# event: Café de la Gare\nboard,ns,ew,score\n1,1,2,420\n"
    raw = text.encode("gb18030")
    with pytest.raises(FileFormatError) as e:
        decode_text(raw, "results file", "结果文件", source="r.csv")
    en, zh = e.value.en, e.value.zh
    assert en.startswith("r.csv: cannot read the results file: cannot tell the encoding")
    assert "GB18030" in en and "Big5" in en and "Café" in en and "Caf谷" in en
    assert "--encoding gb18030" in en and "encoding='big5'" in en
    assert zh.startswith("r.csv：无法读取结果文件：无法判断编码") and "--encoding gb18030" in zh
    assert decode_text(raw, encoding="gb18030") == text
    assert decode_text(raw, encoding="big5") == text.replace("é", "谷")


def test_given_encoding_that_does_not_fit() -> None:
    with pytest.raises(FileFormatError) as e:
        decode_text("王小明\n".encode("gb18030"), encoding="utf-8", source="r.csv")
    assert "the encoding 'utf-8' was given" in e.value.en and "line 1" in e.value.en
    assert "给出的编码是 'utf-8'" in e.value.zh
    for bad in ("klingon", "rot13", "base64"):
        with pytest.raises(FileFormatError, match="unknown encoding"):
            decode_text(b"abc", encoding=bad)


def test_utf8_with_a_stray_byte_names_its_line() -> None:
    raw = "# pair: 1, 王小明\n# pair: 2, José\n".encode().replace("é".encode(), b"\xe9")
    with pytest.raises(FileFormatError) as e:
        decode_text(raw, "results file", "结果文件")
    assert "line 2 is not UTF-8" in e.value.en and "第2行不是 UTF-8" in e.value.zh


def test_garbled_utf8_is_refused() -> None:
    # UTF-8 read as Latin-1 and saved again as UTF-8: each character became two or three.
    garbled = "# pair: 1, Zhang 张伟, Müller\n".encode().decode("latin-1").encode()
    with pytest.raises(FileFormatError) as e:
        decode_text(garbled, "results file", "结果文件")
    assert "garbled" in e.value.en and "乱码" in e.value.zh


def test_binary_is_not_text() -> None:
    for raw in (bytes(range(256)), b"board,ns\x00,ew\n", b"\x89PNG\r\n\x1a\n\x00\x00"):
        with pytest.raises(FileFormatError) as e:
            decode_text(raw, "results file", "结果文件")
        assert "not a text file" in e.value.en and "不是" in e.value.zh


def test_read_text_keeps_its_signature(tmp_path: Path) -> None:
    f = tmp_path / "r.csv"
    f.write_bytes(_file_text(NAMES).encode("big5"))
    assert read_text(f) == _file_text(NAMES)
    assert read_text(str(f), "results file", "结果文件") == _file_text(NAMES)
    assert read_text(f, encoding="big5") == _file_text(NAMES)
    assert read_decoded(f).encoding == "cp950"
    with pytest.raises(FileFormatError, match="cannot read the results file"):
        read_text(tmp_path / "missing.csv", "results file", "结果文件")


@pytest.mark.parametrize("codec", ["big5", "gb18030", "utf-16", "cp1252"])
def test_cli_reads_names_right(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               codec: str) -> None:
    names = WESTERN if codec == "cp1252" else NAMES
    a, b, c = (n.strip() for n in (names.split("/") if "/" in names else names.split(",")[:3]))
    text = (f"# pair: 1, {a}, {b}\n# pair: 3, {c}\nboard,table,ns,ew,contract,declarer,result\n"
            "1,1,1,2,4S,N,=\n1,2,3,4,4S,N,+1\n")
    f = tmp_path / "r.csv"
    f.write_bytes(text.encode(codec))
    assert main(["pairs", str(f), "--json"]) == 0
    pairs = {p["pair"]: p["names"] for p in json.loads(capsys.readouterr().out)["pairs"]}
    assert pairs["1"] == [a, b] and pairs["3"] == [c]


def test_cli_encoding_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ("# pair: 1, Café de la Gare\nboard,table,ns,ew,contract,declarer,"
            "result\n1,1,1,2,4S,N,=\n1,2,3,4,4S,N,+1\n")
    f = tmp_path / "r.csv"
    f.write_bytes(text.encode("gb18030"))
    for lang, words in (("en", "cannot tell the encoding"), ("zh", "无法判断编码")):
        assert main(["pairs", str(f), "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err and "--encoding gb18030" in err
    assert main(["pairs", str(f), "--encoding", "gb18030", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {p["pair"]: p["names"] for p in data["pairs"]}["1"] == ["Café de la Gare"]
    assert main(["pairs", str(f), "--encoding", "nonsense"]) == 2
    assert "unknown encoding 'nonsense'" in capsys.readouterr().err


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_decode_or_give_a_bridge_error(raw: bytes) -> None:
    try:
        text = decode_text(raw)
    except BridgeError:
        return
    assert isinstance(text, str)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from("王小明陳大文張偉李娜副號桌号南北東西 ,:#\n0123456789abcNSEW"),
               min_size=1, max_size=60),
       st.sampled_from(["utf-8", "gb18030", "big5", "utf-16"]))
def test_never_a_wrong_reading(text: str, codec: str) -> None:
    """Whatever the text, the reader gives it back or refuses: never a different text."""
    try:
        raw = text.encode(codec)
    except UnicodeEncodeError:
        return
    try:
        got = decode_text(raw)
    except BridgeError as e:
        assert "cannot tell the encoding" in e.en or "not a text file" in e.en, e.en
        return
    assert got.lstrip("\ufeff") == text


@pytest.mark.parametrize("text", ["陳東51", "# pair: 1, 迁屎", "莹拢炔", "# pair: 1, 趾慕"])
def test_gb18030_bytes_that_are_also_utf8(text: str) -> None:
    # These GB18030 bytes are valid UTF-8 too (陳東 reads ꐖ|, 迁屎 Ǩʺ): UTF-8 used to be
    # taken at once.  Now the reading is the GB18030 one, or the file is refused; never the
    # UTF-8 one.
    raw = text.encode("gb18030")
    assert raw.decode("utf-8") != text
    try:
        assert decode_text(raw) == text
    except FileFormatError as e:
        assert "cannot tell the encoding" in e.en and text.split(", ")[-1] in e.en


@pytest.mark.parametrize("text", ["南打4S超1\n", "南打4S超1\n东打3NT宕1\n", "13 | 南打5D×宕2 | 17\n",
                                  "副號,桌號,南北,東西,定約\n", "开室,闭室\n"])
def test_short_bridge_notation(text: str) -> None:
    # 南打超 in GB18030 bytes are the common characters 鰍湖閉 in Big5: the frequency ranks
    # alone cannot tell them apart; the characters of bridge notation do.
    for codec in ("gb18030", "big5"):
        try:
            raw = text.encode(codec)
        except UnicodeEncodeError:
            continue
        assert decode_text(raw) == text, codec
