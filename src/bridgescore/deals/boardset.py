"""A session's board set: the deals of its boards, read from a PBN file (an upload's bytes or
text), for hand records and for checking opening leads.

Bytes go through the one text reader (:func:`bridgescore.formats.textfile.decode_bytes`: UTF-8,
UTF-16 with its mark, GB18030, Big5 …) and the text through the PBN reader, strictly: the
first malformed game is an error naming its line, and nothing is kept.

>>> bs = read_board_set(b'[Board "1"]\\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\\n')
>>> [b.number for b in bs.boards], bs.encoding, bs.deals[1].pbn()[:10]
([1], 'utf-8', 'N:AKQJ.T98')
>>> read_board_set(b'[Board "1"]\\n[Deal "N:AKQJ.T98.765.432"]\\n', name="x.pbn")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: x.pbn:2: [Deal "N:AKQJ.T98.765.432"]: invalid deal 'N:AKQJ.T98.765.432': expected four hands separated by spaces, found 1
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..core.errors import FileFormatError
from ..core.seat import Seat
from ..formats.textfile import decode_bytes
from .handrecord import HandRecordBoard

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..core.deal import Deal

__all__ = ["BoardSetFile", "read_board_set"]


@dataclass(frozen=True)
class BoardSetFile:
    """The boards of a board set in file order (one per board number), and how it read."""

    boards: tuple[HandRecordBoard, ...]
    encoding: str | None
    text: str

    @property
    def deals(self) -> Mapping[int, Deal]:
        """Board number → deal (for :func:`bridgescore.sessions.entry.check_entry`'s ``deals``)."""
        return MappingProxyType({b.number: b.deal for b in self.boards})


def read_board_set(source: bytes | str, *, name: str | None = None,
                   encoding: str | None = None) -> BoardSetFile:
    """Read a PBN board set from an upload's bytes (or text already decoded).

    Every game needs a board number and a deal; a board given twice must have the same deal
    both times (a file of results repeats it for each table), else the second is an error."""
    from ..formats.pbn import loads_records

    used: str | None = None
    if isinstance(source, bytes | bytearray | memoryview):
        decoded = decode_bytes(bytes(source), "PBN file", "PBN 文件", encoding=encoding,
                               source=name)
        text, used = decoded.text, decoded.encoding
    else:
        text = source
    if not text.strip():
        raise FileFormatError("the PBN file is empty: expected [Board] and [Deal] tags",
                              "PBN 文件是空的：应含 [Board] 和 [Deal] 标签", path=name)
    records, _ = loads_records(text, strict=True, path=name)
    boards: dict[int, HandRecordBoard] = {}
    for rec in records:
        if rec.board is None:
            raise FileFormatError("a game has no board number: expected a [Board \"N\"] tag",
                                  "有一局没有牌副号：应有 [Board \"N\"] 标签",
                                  path=name, line=rec.line)
        if rec.deal is None or not any(len(rec.deal[s]) for s in Seat):
            raise FileFormatError(f"board {rec.board} has no deal: expected a [Deal] tag",
                                  f"第{rec.board}副没有牌局：应有 [Deal] 标签",
                                  path=name, line=rec.line)
        board = HandRecordBoard.of(rec.board, rec.deal, rec.dealer, rec.vulnerability)
        seen = boards.get(rec.board)
        if seen is None:
            boards[rec.board] = board
        elif seen.deal != rec.deal:
            raise FileFormatError(
                f"board {rec.board} is given twice with different deals",
                f"第{rec.board}副出现两次且牌局不同", path=name, line=rec.line)
    if not boards:
        raise FileFormatError("no board in the PBN file: expected [Board] and [Deal] tags",
                              "PBN 文件中没有牌副：应含 [Board] 和 [Deal] 标签", path=name)
    return BoardSetFile(tuple(boards.values()), used, text)
