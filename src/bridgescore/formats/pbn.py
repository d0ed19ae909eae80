"""PBN 2.1: reading and writing files, like :mod:`json`.

``loads(text)`` reads PBN text, ``load(path)`` a file (by its name, or an open text stream);
``dumps(games)`` writes text.  A ``str`` is never guessed at: ``load`` and ``read_records``
take a file name, ``loads`` and ``loads_records`` take text.  Files are read through the one
text reader (UTF-8, UTF-8 with a byte-order mark, GB18030, else a clear error).  Reading is
lenient by default: a broken game is skipped with a :class:`FileFormatError` naming its line
(``loads_with_errors`` returns them); ``strict=True`` raises the first one.  A game that is
not modified is written back exactly as it was read, comments and all.

This module gathers the API of the modules that do the work: games, tags, sections and
tables (:mod:`~bridgescore.formats.pbn_game`), the reader (:mod:`~.pbn_reader`), games as
game records (:mod:`~.pbn_records`) and writing (:mod:`~.pbn_write`).

>>> games = loads('[Event "Club"]\\n[Board "1"]\\n[Deal "N:- - - -"]\\n\\n[Event "#"]\\n[Board "2"]\\n')
>>> [g.tag("Board") for g in games], games[1].tag("Event")
(['1', '2'], 'Club')
>>> t = loads('[OptimumResultTable "Declarer;Denomination\\\\2R;Result\\\\2R"]\\nN NT 9\\nS C 8\\n')[0]
>>> table = t.table("OptimumResultTable")
>>> [c.name for c in table.columns], table.rows[1].cells
(['Declarer', 'Denomination', 'Result'], ('S', 'C', '8'))
>>> rec = loads_records('[Board "3"]\\n[Contract "4S"]\\n[Declarer "N"]\\n[Result "10"]\\n')[0][0]
>>> rec.board, rec.recorded_result
(3, Result.parse('4S N ='))
"""

from __future__ import annotations

from .pbn_game import (
    PbnColumn,
    PbnGame,
    PbnRow,
    PbnSectionLine,
    PbnTable,
    PbnTag,
    escape,
    parse_columns,
    strip_comments,
    unescape,
    unquote,
)
from .pbn_reader import load, load_with_errors, loads, loads_with_errors
from .pbn_records import loads_records, read_records, result_tricks, to_record
from .pbn_write import EXPORT_HEADER, boards_to_pbn, dumps, from_record, set_dd_tags

__all__ = [
    "EXPORT_HEADER",
    "PbnColumn",
    "PbnGame",
    "PbnRow",
    "PbnSectionLine",
    "PbnTable",
    "PbnTag",
    "boards_to_pbn",
    "dumps",
    "escape",
    "from_record",
    "load",
    "load_with_errors",
    "loads",
    "loads_records",
    "loads_with_errors",
    "parse_columns",
    "read_records",
    "result_tricks",
    "set_dd_tags",
    "strip_comments",
    "to_record",
    "unescape",
    "unquote",
]
