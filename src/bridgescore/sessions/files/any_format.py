"""Results files in one place: read one (USEBIO XML, PBN or CSV, told apart by its content)
from a path or from bytes (a web upload), and write one.  The command line and the web call
these; they never look at a file's name or bytes themselves.

>>> f = parse_results("board,table,ns,ew,contract,declarer,result\\n1,1,1,2,4S,N,=\\n")
>>> f.format, len(f.item.results), f.item.results[0].score
('csv', 1, 420)
>>> upload = "副号,南北,东西,得分\\n1,王,李,-50\\n".encode("gb18030")
>>> f = read_results(upload, name="upload.csv")
>>> f.format, f.encoding, f.item.results[0].ns_pair
('csv', 'gb18030', '王')
>>> read_results(b"", name="upload.csv")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: upload.csv: empty results file: expected USEBIO XML, PBN or CSV

The reading is strict: every bad line is an error naming the file, line and board (the
first in full, the others by number), and nothing is dropped silently.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, cast, get_args

from ...core.errors import BridgeError, FileFormatError
from ...core.i18n import os_error_text
from ...formats.textfile import decode_bytes, read_decoded

if TYPE_CHECKING:
    from ..model import Session, TeamMatch
    from ..scores import SessionScores
    from ..teams import MatchScore
    from .compare import Carried

__all__ = ["FORMATS", "Format", "ResultsFile", "ResultsText", "detect_format", "dumps_results",
           "format_for_path", "parse_results", "read_results", "read_results_text",
           "write_results"]

Format = Literal["usebio", "pbn", "csv"]
FORMATS: tuple[Format, ...] = get_args(Format)
_SUFFIXES: dict[str, Format] = {".xml": "usebio", ".pbn": "pbn", ".csv": "csv"}
_WHAT = ("results file", "结果文件")


@dataclass(frozen=True)
class ResultsText:
    """A results file's text, before it is read as results."""

    text: str
    source: str | None  # the path or name messages give
    encoding: str | None  # the codec that read the bytes (None when given text)


@dataclass(frozen=True)
class ResultsFile:
    """What a results file holds: the session or match, and the scores it carries (USEBIO and
    PBN files may carry matchpoints, places …; ``None`` for CSV, which carries none)."""

    item: Session | TeamMatch
    format: Format
    carried: Carried | None = None
    encoding: str | None = None
    source: str | None = None


def read_results_text(source: str | os.PathLike[str] | bytes, *, encoding: str | None = None,
                      name: str | None = None) -> ResultsText:
    """The text of a results file at a path, or of its bytes (``name`` then names it in
    messages).  A ``str`` is always a path: text already decoded goes to
    :func:`parse_results`."""
    if isinstance(source, bytes | bytearray | memoryview):
        decoded = decode_bytes(bytes(source), *_WHAT, encoding=encoding, source=name)
        return ResultsText(decoded.text, name, decoded.encoding)
    if not isinstance(source, str | os.PathLike):
        raise BridgeError(f"expected a path or bytes, not {type(source).__name__}",
                          f"应为路径或字节串，而不是 {type(source).__name__}")
    path = name or os.fspath(source)
    decoded = read_decoded(source, *_WHAT, encoding=encoding)
    return ResultsText(decoded.text, path, decoded.encoding)


def read_results(source: str | os.PathLike[str] | bytes, *, encoding: str | None = None,
                 format: Format | None = None, name: str | None = None) -> ResultsFile:
    """Read a results file from a path or from its bytes.

    ``encoding`` names the encoding (else it is told from the bytes: see
    :mod:`bridgescore.formats.textfile`); ``format`` the format (else it is told from the content,
    never from the file's name: a CSV file called ``.xml`` is read as CSV)."""
    t = read_results_text(source, encoding=encoding, name=name)
    return _parse(t.text, format, t.source, t.encoding)


def parse_results(text: str, *, format: Format | None = None,
                  source: str | None = None) -> ResultsFile:
    """Read results from text already decoded."""
    return _parse(text, format, source, None)


def _parse(text: str, format: Format | None, source: str | None,
           encoding: str | None) -> ResultsFile:
    kind = detect_format(text, source) if format is None else _check_format(format)
    if kind == "usebio":
        from . import usebio

        u = usebio.read(text, source=source)
        return ResultsFile(u.item, kind, u.carried, encoding, source)
    if kind == "pbn":
        from . import pbn_results

        p = pbn_results.read(text, source=source)
        return ResultsFile(p.item, kind, p.carried, encoding, source)
    from . import csvfmt

    return ResultsFile(csvfmt.loads(text, source=source), kind, None, encoding, source)


def _check_format(format: str) -> Format:
    if format not in FORMATS:
        raise BridgeError(f"unknown results format {format!r}: expected usebio, pbn or csv",
                          f"未知的结果文件格式 {format!r}：应为 usebio、pbn 或 csv")
    return cast(Format, format)  # `in FORMATS` does not narrow a str to the Literal


def detect_format(text: str, source: str | None = None) -> Format:
    """USEBIO XML (starts with ``<``), PBN (``[``, ``%`` or ``{``) or CSV (anything else)."""
    head = text.lstrip("\ufeff \t\r\n")[:1]
    if not head:
        raise FileFormatError("empty results file: expected USEBIO XML, PBN or CSV",
                              "结果文件是空的：应为 USEBIO XML、PBN 或 CSV", path=source)
    if head == "<":
        return "usebio"
    if head in "[%{":
        return "pbn"
    return "csv"


def format_for_path(path: str | os.PathLike[str]) -> Format:
    """The format to write, from the file name's extension (.xml USEBIO, .pbn, .csv)."""
    kind = _SUFFIXES.get(Path(path).suffix.lower())
    if kind is None:
        raise BridgeError(f"{os.fspath(path)}: expected a file name ending in .xml (USEBIO), "
                          ".pbn or .csv", f"{os.fspath(path)}：文件名应以 .xml（USEBIO）、.pbn "
                          "或 .csv 结尾")
    return kind


def dumps_results(item: Session | TeamMatch | SessionScores | MatchScore, format: Format) -> str:
    """The text of a results file: a session or a match, scored or not (CSV keeps the results
    only; USEBIO and PBN also write a scored session's scores)."""
    from ..scores import SessionScores
    from ..teams import MatchScore

    kind = _check_format(format)
    if kind == "pbn":
        from .pbn_results import dumps as pbn_dumps

        return pbn_dumps(item)
    if isinstance(item, MatchScore):
        item = item.match
    if kind == "usebio":
        from .usebio import dumps as usebio_dumps

        return usebio_dumps(item)
    from .csvfmt import dumps as csv_dumps

    if isinstance(item, SessionScores):
        if item.session is None:
            raise BridgeError("these scores carry no session to write",
                              "该成绩不含可写出的比赛数据")
        item = item.session
    return csv_dumps(item)


def write_results(item: Session | TeamMatch | SessionScores | MatchScore,
                  path: str | os.PathLike[str], *, format: Format | None = None) -> Format:
    """Write a results file (UTF-8) in ``format``, else the one its name's extension says."""
    kind = format_for_path(path) if format is None else _check_format(format)
    text = dumps_results(item, kind)
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as e:
        raise FileFormatError(f"cannot write the results file: {e.strerror or e}",
                              f"无法写入结果文件：{os_error_text(e, 'zh')}",
                              path=os.fspath(path)) from None
    return kind
