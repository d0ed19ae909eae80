"""What the table's entry form sends, read into the library's entry fields.

The form is a bidding box of radio buttons (so that it works without any script): a level
(1-7, or pass), a strain, X or XX, the declarer, the lead's suit and rank, and the result
relative to the contract; or the same typed as text in either language (``4S N =``,
``南打3NT超1``).  Nothing here decides whether an entry is right: the library does
(``entries.preview`` → ``check_entry``).  This module only joins the buttons into the
notation the library reads and keeps what was given, so that a form shown again keeps it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ....core.cards import Card
from ....core.errors import BridgeError
from ....core.i18n import is_zh
from ....core.result import Result

LEVELS = ("1", "2", "3", "4", "5", "6", "7")
STRAINS = ("C", "D", "H", "S", "NT")
STRAIN_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
DOUBLINGS = ("", "X", "XX")
DECLARERS = ("N", "E", "S", "W")
LEAD_SUITS = ("S", "H", "D", "C")
LEAD_RANKS = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")
# Over- and undertricks as the grid shows them: down 13 … made … +6 (the library decides
# which are possible for the contract).
# The grid puts the common ones first: made and overtricks, then down 1-7, then down 8-13.
RESULT_ROWS = (("=", *(f"+{n}" for n in range(1, 7))),
               tuple(f"-{n}" for n in range(1, 8)), tuple(f"-{n}" for n in range(8, 14)))
RESULTS = tuple(r for row in RESULT_ROWS for r in row)


def levels_for(value: str) -> tuple[int, int]:
    """The contract levels at which a result button's value can happen: declarer takes 0 to
    13 tricks, so a contract of level L makes at most 7 − L overtricks and goes at most
    6 + L down (3NT 超5 and 1♣ 宕8 cannot be; the phone does not offer them)."""
    if value == "=":
        return 1, 7
    n = int(value[1:])
    return (1, 7 - n) if value[0] == "+" else (max(1, n - 6), 7)


def result_label(value: str, lang: str) -> str:
    """How a result button reads: ``=``, ``+1``, ``−2`` / ``=``, ``超1``, ``宕2``."""
    if value == "=":
        return "="
    if is_zh(lang):
        return ("超" if value[0] == "+" else "宕") + value[1:]
    return value.replace("-", "\u2212")

# Everything the form may send, kept as given (cut to a length no field needs).
INPUTS = ("board", "level", "strain", "dbl", "declarer", "lead_suit", "lead_rank", "lead_text",
          "result", "typed")
MAX_INPUT = 80
KEY_RE = re.compile(r"[0-9A-Za-z-]{8,64}")


@dataclass(frozen=True, slots=True)
class Given:
    """The form's input as given, one string per name ('' when absent)."""

    values: Mapping[str, str]

    @classmethod
    def of(cls, data: Mapping[str, str]) -> Given:
        return cls({name: str(data.get(name, "") or "")[:MAX_INPUT].strip() for name in INPUTS})

    def __getitem__(self, name: str) -> str:
        return self.values.get(name, "")

    def contract(self) -> str:
        """The contract field for the library: the typed text, Pass, or the buttons joined."""
        if self["typed"]:
            return self["typed"]
        level = self["level"]
        if level == "pass":
            return "pass"
        if not level and not self["strain"]:
            return ""
        return f"{level}{self['strain']}{self['dbl']}"

    def lead(self) -> str:
        return self["lead_text"] or f"{self['lead_suit']}{self['lead_rank']}"

    def fields(self) -> dict[str, str]:
        """The entry fields ``entries.preview``/``enter`` take.

        Typed text replaces the buttons: a whole result typed (``4S N =``) stands for the
        contract, the declarer and the result; a contract typed alone (``4S``) takes the
        declarer and result buttons with it.  The library checks whichever it gets.
        """
        declarer, result = self["declarer"], self["result"]
        if self["typed"] and _whole_result(self["typed"]):
            declarer = result = ""
        return {"board": self["board"], "contract": self.contract(), "declarer": declarer,
                "lead": self.lead(), "result": result}

    def typed_fields(self) -> bool:
        """Whether the contract came typed (its errors are shown beside the text box)."""
        return bool(self["typed"])


def _whole_result(text: str) -> bool:
    try:
        Result.parse(text)
    except BridgeError:
        return False
    return True


def given_from_row(board: int, result: str, lead: str) -> Given:
    """The buttons that give a stored result back (a correction starts from it)."""
    values = {"board": str(board)}
    try:
        r = Result.parse(result)
    except BridgeError:
        r = None
    if r is not None and r.declarer is None:
        values["level"] = "pass"
    elif r is not None:
        c = r.contract
        values.update(level=str(c.level), strain=c.strain.letter,
                      dbl=str(c.doubling), declarer=str(r.declarer),
                      result="=" if r.relative == 0 else f"{r.relative:+d}")
    if lead:
        try:
            card = Card.parse(lead)
            text = str(card)
            values.update(lead_suit=text[0], lead_rank=text[1:])
        except BridgeError:
            values["lead_text"] = lead
    return Given.of(values)
