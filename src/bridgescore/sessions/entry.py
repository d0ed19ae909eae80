"""One table entry at a time: what a scoring form sends, read and checked field by field.

An entry is one board at one table: the board number, the NS and EW pairs, the contract, the
declarer, the opening lead and what happened, given as the tricks taken (``9``, ``9墩``), as
the result against the contract (``=``, ``+1``, ``-2``, ``超1``, ``宕2``) or as the NS score;
or a passed-out board (``pass``, ``四家不叫``), which has no declarer, lead or tricks.  Every
field may be English or Chinese.  :func:`check_entry` reads them all and gives back either a
validated :class:`Entry` or *every* error at once, each a :class:`FieldError` with a stable
``code``, the ``field`` it concerns and its ``params``, so that a form can show each message
beside its field, in either language.

>>> got = check_entry(board=5, ns_pair=3, ew_pair="12", contract="4SX", declarer="北",
...                   lead="黑桃10", result="宕2")
>>> got.ok, got.entry.ns_score, str(got.entry.result), str(got.entry.lead)
(True, -500, '4SX N -2', 'ST')
>>> got.entry.describe("zh")
'第5副（南北有局）：南北 3 对 东西 12，北打4S×宕2，首攻 黑桃10：南北 -500'
>>> got.entry.explain()
['EW score 200+300=500', '  undertricks 200+300=500']

Every error at once, each tied to its field:

>>> bad = check_entry(board="第五副", ns_pair="-1", ew_pair=4, contract="4S", lead="SZ",
...                   tricks=14)
>>> [(e.field, e.code) for e in bad.errors]  # doctest: +NORMALIZE_WHITESPACE
[('ns_pair', 'ns_pair.invalid'), ('declarer', 'declarer.missing'), ('lead', 'lead.invalid'),
 ('tricks', 'tricks.impossible')]
>>> bad.errors[2].params
Params({'text': 'SZ'})
>>> print(bad.errors[2].message("en")); print(bad.errors[2].message("zh"))
invalid opening lead 'SZ': expected a suit and a rank, e.g. SA, S10, ♠10, 黑桃10 or ST
无效的首攻 'SZ'：应为花色加点数，如 SA、S10、♠10、黑桃10 或 ST

An entry is a plain value: it round-trips through a dict (with a version field).

>>> e = check_entry(board=7, ns_pair="A2", ew_pair="A5", contract="四家不叫").entry
>>> e.to_dict()  # doctest: +NORMALIZE_WHITESPACE
{'version': 1, 'board': 7, 'ns_pair': 'A2', 'ew_pair': 'A5', 'contract': 'pass',
 'declarer': None, 'tricks': None, 'lead': None, 'ns_score': 0}
>>> Entry.from_dict(e.to_dict()) == e
True

The error codes (:data:`ERROR_CODES`, in :mod:`bridgescore.sessions.entry_errors` with the error
values) are part of the interface: they do not change.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from ..core.board import MAX_BOARD, Board
from ..core.cards import Card
from ..core.contract import Contract
from ..core.deal import Deal
from ..core.errors import BridgeError, NotationError
from ..core.frozen import FrozenMap
from ..core.i18n import Lang, is_zh
from ..core.law77 import Breakdown
from ..core.result import Result, all_results, parse_outcome
from ..core.seat import Seat
from ..core.text import excerpt, normalize, parse_int
from ..core.vulnerability import Vulnerability
from ..deals.leads import lead_is_possible
from .entry_errors import (
    ERROR_CODES,
    FIELDS,
    EntryError,
    FieldError,
    Params,
    ParamValue,
    check_keys,
    signed,
)

__all__ = [
    "ENTRY_VERSION",
    "ERROR_CODES",
    "FIELDS",
    "Entry",
    "EntryCheck",
    "EntryError",
    "FieldError",
    "Params",
    "check_entry",
]

#: The version written by :meth:`Entry.to_dict` (and the only one :meth:`Entry.from_dict` reads).
ENTRY_VERSION = 1
# Pair numbers: a number, optionally after a section letter or two (A7, B12).
_PAIR_RE = re.compile(r"([a-z]{0,2})\s*(\d+|[零〇一二两三四五六七八九十百千]+)")
_SCORE_RE = re.compile(r"([+-]?)\s*(\d+)")

@dataclass(frozen=True, slots=True)
class Entry:
    """A checked table entry.  ``result`` is ``None`` when only the NS score was entered;
    ``ns_score`` is always the NS table score (EW's is its negation)."""

    board: Board
    ns_pair: str
    ew_pair: str
    result: Result | None
    ns_score: int
    lead: Card | None = None

    _KEYS: ClassVar[frozenset[str]] = frozenset(
        {"version", "board", "ns_pair", "ew_pair", "contract", "declarer", "tricks", "lead",
         "ns_score"})

    def __post_init__(self) -> None:
        # Built by hand (not by check_entry): the same checks, so an Entry is always valid.
        if (type(self.board) is not Board or type(self.ns_pair) is not str
                or type(self.ew_pair) is not str
                or not (self.result is None or type(self.result) is Result)
                or type(self.ns_score) is not int
                or not (self.lead is None or type(self.lead) is Card)):
            raise NotationError(
                "invalid entry: expected a Board, two pair numbers (str), a Result or None, an "
                "int NS score and a Card or None; check_entry() reads text",
                "无效的记录：应为 Board、两个对的编号（str）、Result 或 None、整数南北得分、Card 或 "
                "None；文字请用 check_entry() 读取",
            )
        r = self.result
        got = check_entry(
            board=self.board, ns_pair=self.ns_pair, ew_pair=self.ew_pair,
            contract=None if r is None else r.contract,
            declarer=None if r is None else r.declarer,
            tricks=None if r is None or r.is_passed_out else r.tricks,
            lead=self.lead, score=self.ns_score,
        )
        if got.errors:
            raise EntryError(got.errors)
        assert got.entry is not None
        # Pair numbers are kept as check_entry writes them (A7, not a7 or A07).
        for field, given, written in (("ns_pair", self.ns_pair, got.entry.ns_pair),
                                      ("ew_pair", self.ew_pair, got.entry.ew_pair)):
            if given != written:
                raise EntryError((FieldError(f"{field}.invalid", field,
                                             Params({"text": _short(given)})),))

    @classmethod
    def parse(cls, **fields: object) -> Entry:
        """:func:`check_entry`, raising :class:`EntryError` (with every error) if it fails."""
        got = check_entry(**fields)  # type: ignore[arg-type]  # (boards, if given, is checked there)
        if got.entry is None:
            raise EntryError(got.errors)
        return got.entry

    @property
    def vulnerability(self) -> Vulnerability:
        return self.board.vulnerability

    @property
    def contract(self) -> Contract | None:
        return None if self.result is None else self.result.contract

    @property
    def declarer(self) -> Seat | None:
        return None if self.result is None else self.result.declarer

    @property
    def tricks(self) -> int | None:
        r = self.result
        return None if r is None or r.is_passed_out else r.tricks

    @property
    def is_passed_out(self) -> bool:
        return self.result is not None and self.result.is_passed_out

    @property
    def ew_score(self) -> int:
        return -self.ns_score

    def breakdown(self) -> Breakdown | None:
        """How the score is made up (Law 77); ``None`` when only a score was entered."""
        return None if self.result is None else self.result.breakdown(self.vulnerability)

    def explain(self, lang: Lang = "en") -> list[str]:
        """The explanation for a confirmation screen (:meth:`Result.explain`)."""
        if self.result is None:
            return [f"南北 {signed(self.ns_score)}" if is_zh(lang)
                    else f"NS score {signed(self.ns_score)}"]
        return self.result.explain(self.vulnerability, lang)

    def describe(self, lang: Lang = "en") -> str:
        """One line for a confirmation screen.

        >>> Entry.parse(board=1, ns_pair=1, ew_pair=2, contract="3NT", declarer="S",
        ...             tricks=10, lead="H4").describe()
        'Board 1 (none vulnerable): NS 1 v EW 2, 3NT S +1, lead H4: NS +430'
        """
        zh = is_zh(lang)
        what = self.result.format(lang) if self.result is not None else (
            "只记得分" if zh else "score only")
        lead = ""
        if self.lead is not None:
            lead = f"，首攻 {self.lead.format(lang='zh')}" if zh else f", lead {self.lead}"
        if zh:
            return (f"第{self.board.number}副（{self.vulnerability.describe('zh')}）：南北 "
                    f"{self.ns_pair} 对 东西 {self.ew_pair}，{what}{lead}：南北 "
                    f"{signed(self.ns_score)}")
        return (f"Board {self.board.number} ({self.vulnerability.describe('en')}): NS "
                f"{self.ns_pair} v EW {self.ew_pair}, {what}{lead}: NS {signed(self.ns_score)}")

    def to_dict(self) -> dict[str, Any]:
        """A plain dict (JSON-ready) with ``version``; :meth:`from_dict` reads it back."""
        r = self.result
        return {
            "version": ENTRY_VERSION,
            "board": self.board.number,
            "ns_pair": self.ns_pair,
            "ew_pair": self.ew_pair,
            "contract": None if r is None else str(r.contract),
            "declarer": None if r is None or r.declarer is None else str(r.declarer),
            "tricks": self.tricks,
            "lead": None if self.lead is None else str(self.lead),
            "ns_score": self.ns_score,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Entry:
        """Read :meth:`to_dict`'s dict back, checking it as :func:`check_entry` does."""
        check_keys(data, cls._KEYS, "entry", "记录")
        version = data.get("version")
        if version != ENTRY_VERSION:
            raise NotationError(
                f"unsupported entry version {excerpt(version)}: expected {ENTRY_VERSION}",
                f"不支持的记录版本 {excerpt(version)}：应为 {ENTRY_VERSION}",
            )
        return cls.parse(
            board=data.get("board"), ns_pair=data.get("ns_pair"), ew_pair=data.get("ew_pair"),
            contract=data.get("contract"), declarer=data.get("declarer"),
            tricks=data.get("tricks"), lead=data.get("lead"), score=data.get("ns_score"),
        )


@dataclass(frozen=True, slots=True)
class EntryCheck:
    """What :func:`check_entry` found: the entry, or every error (never both)."""

    entry: Entry | None
    errors: tuple[FieldError, ...] = ()

    @property
    def ok(self) -> bool:
        return self.entry is not None

    def errors_for(self, field: str) -> tuple[FieldError, ...]:
        """The errors of one field (for the form to show beside it)."""
        return tuple(e for e in self.errors if e.field == field)

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": ENTRY_VERSION,
            "ok": self.ok,
            "entry": None if self.entry is None else self.entry.to_dict(),
            "errors": [e.to_dict() for e in self.errors],
        }


# --- reading the fields ------------------------------------------------------------------


def _missing(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _short(text: str) -> str:
    """The input as a message quotes it: whole, or its first 20 characters and …"""
    return text if len(text) <= 40 else text[:20] + "…"


def _text_of(value: object) -> str:
    """A field's input for the ``text`` parameter: text as typed (cut short), else its repr."""
    return _short(value) if isinstance(value, str) else excerpt(value)


class _Reader:
    """Collects the errors while the fields are read."""

    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def error(self, code: str, **params: ParamValue) -> None:
        self.errors.append(FieldError(code, code.partition(".")[0], Params(params)))

    def invalid(self, field: str, value: object) -> None:
        self.error(f"{field}.invalid", text=_text_of(value))

    def errors_in(self, *fields: str) -> tuple[FieldError, ...]:
        return tuple(e for e in self.errors if e.field in fields)


def _board(reader: _Reader, value: object) -> Board | None:
    if _missing(value):
        reader.error("board.missing")
        return None
    if type(value) is Board:
        return value
    if isinstance(value, str) or type(value) is int:
        try:
            return Board.parse(value)
        except BridgeError:
            pass
    reader.error("board.invalid", text=_text_of(value), max=MAX_BOARD)
    return None


def _pair(reader: _Reader, field: str, value: object) -> str | None:
    if _missing(value):
        reader.error(f"{field}.missing")
        return None
    number: int | None = None
    section = ""
    if type(value) is int:
        number = value
    elif isinstance(value, str):
        m = _PAIR_RE.fullmatch(normalize(value).lower())
        if m is not None:
            section, number = m[1].upper(), parse_int(m[2])
    if number is None or not 1 <= number <= MAX_BOARD:
        reader.invalid(field, value)
        return None
    return f"{section}{number}"


def _parsed(reader: _Reader, field: str, value: object, kind: type[Any]) -> Any:
    """``kind.parse(value)`` for text, the value itself if it is already a ``kind``."""
    if type(value) is kind:
        return value
    if isinstance(value, str):
        try:
            return kind.parse(value)
        except BridgeError:
            pass
    reader.invalid(field, value)
    return None


def _tricks(reader: _Reader, value: object) -> int | None:
    count: int | None = None
    if type(value) is int:
        count = value
    elif isinstance(value, str):
        with contextlib.suppress(BridgeError):  # a relative result (+1) is no trick count
            count = parse_outcome(value)[1]
    if count is None:
        reader.invalid("tricks", value)
        return None
    if not 0 <= count <= 13:
        reader.error("tricks.impossible", text=_text_of(value))
        return None
    return count


def _outcome(reader: _Reader, value: object) -> tuple[int | None, int | None] | None:
    """(relative, None) or (None, tricks) from the result field; None if it is bad."""
    if type(value) is int:
        return value, None
    if isinstance(value, str):
        try:
            return parse_outcome(value, bare=False)
        except BridgeError:
            pass
    reader.invalid("result", value)
    return None


def _score(reader: _Reader, value: object) -> int | None:
    if type(value) is int:
        return value
    if isinstance(value, str):
        m = _SCORE_RE.fullmatch(normalize(value))
        number = parse_int(m[2]) if m else None
        if m is not None and number is not None:
            return -number if m[1] == "-" else number
    reader.invalid("score", value)
    return None


@cache
def _possible_ns_scores(vulnerability: Vulnerability) -> frozenset[int]:
    return frozenset(r.ns_score(vulnerability) for r in all_results()) | {0}


@cache
def _by_score(vulnerability: Vulnerability) -> Mapping[tuple[Contract, Seat | None, int], Result]:
    """The result of each (contract, declarer, NS score): one trick more always scores more,
    so the score tells the tricks.  Cached for every caller, so read-only."""
    return FrozenMap({(r.contract, r.declarer, r.ns_score(vulnerability)): r for r in all_results()})


def _rel_text(relative: int) -> str:
    return "=" if relative == 0 else f"{relative:+d}"


def check_entry(
    *,
    board: object,
    ns_pair: object,
    ew_pair: object,
    contract: object = None,
    declarer: object = None,
    lead: object = None,
    tricks: object = None,
    result: object = None,
    score: object = None,
    boards: Collection[int] | None = None,
    deals: Mapping[int, Deal] | None = None,
) -> EntryCheck:
    """Read and check one table entry; see the module docstring.

    Each field is text (English or Chinese, full-width or not), a plain int where it is a
    number, or the library's own value (``Board``, ``Contract``, ``Seat``, ``Card``); ``None``
    or blank text is a field left empty.  Give the contract and declarer with one of
    ``tricks``, ``result`` or ``score`` (more than one is fine when they agree); a passed-out
    board with no declarer, lead, tricks or result; or only ``score`` (no contract) for an NS
    score entered on its own.  ``contract`` may also hold a whole result (``4SX N -2``,
    ``南打3NT超1``) when declarer, tricks and result are left empty.  ``boards``, when given,
    are the boards this table plays in its round: any other board is an error.  ``deals``,
    when given (the hand records, by board number), check the opening lead: a lead the
    opening leader does not hold is an error (``lead.not_held``) that names no holder and no
    other card; a board with no deal there is not checked (board numbers may restart).

    >>> check_entry(board=2, ns_pair=1, ew_pair=2, contract="南打3NT超1").entry.ns_score
    630
    >>> check_entry(board=2, ns_pair=1, ew_pair=2, contract="3NT", declarer="W",
    ...             score=-400).entry.result
    Result.parse('3NT W =')
    >>> check_entry(board=2, ns_pair=1, ew_pair=2, contract="3NT", declarer="W",
    ...             score=-600).errors[0].message()
    'NS score -600 is impossible for 3NT by West (NS vulnerable)'
    """
    reader = _Reader()
    the_board = _board(reader, board)
    if the_board is not None and boards is not None and the_board.number not in boards:
        # The boards a table plays in its round (a movement's), when the caller knows them.
        reader.error("board.not_here", board=the_board.number,
                     boards=", ".join(str(b) for b in sorted(boards)))
    ns = _pair(reader, "ns_pair", ns_pair)
    ew = _pair(reader, "ew_pair", ew_pair)
    if ns is not None and ns == ew:
        reader.error("ew_pair.same", pair=ns)
    vul = None if the_board is None else the_board.vulnerability

    the_contract: Contract | None = None
    seat: Seat | None = None
    taken: int | None = None  # the tricks, from whichever field gave them
    whole: Result | None = None
    if _missing(contract):
        if not (_missing(declarer) and _missing(tricks) and _missing(result)) or _missing(score):
            reader.error("contract.missing")
    elif type(contract) is Contract:
        the_contract = contract
    elif isinstance(contract, str):
        try:
            the_contract = Contract.parse(contract)
        except BridgeError:
            reason: tuple[str, str] | None = None
            if _missing(declarer) and _missing(tricks) and _missing(result):
                try:
                    whole = Result.parse(contract)
                except BridgeError as e:
                    whole = None
                    reason = getattr(e, "reason", None)
            if whole is None and reason is not None:
                # Read as a whole result, the text is wrong in a way the library can name
                # (南打3NT9: the tricks stuck to the contract read two ways): say that.
                reader.error("contract.unreadable", text=_text_of(contract), why_en=reason[0],
                             why_zh=reason[1])
            elif whole is None:
                reader.invalid("contract", contract)
            else:
                the_contract, seat, taken = whole.contract, whole.declarer, whole.tricks
    else:
        reader.invalid("contract", contract)

    passed_out = the_contract is not None and the_contract.is_passed_out
    # The fields a passed-out board must not have.
    if passed_out:
        for field, value in (("declarer", declarer), ("lead", lead), ("tricks", tricks),
                             ("result", result)):
            if not _missing(value):
                reader.error(f"{field}.unexpected")

    if not passed_out and whole is None and not _missing(declarer):
        seat = _parsed(reader, "declarer", declarer, Seat)
    elif the_contract is not None and not passed_out and whole is None:
        reader.error("declarer.missing")

    card = None if _missing(lead) or passed_out else _parsed(reader, "lead", lead, Card)
    if deals is not None and the_board is not None and card is not None and seat is not None:
        deal = deals.get(the_board.number)
        if deal is not None and not lead_is_possible(deal, seat, card):
            reader.error("lead.not_held")
    if not passed_out and not _missing(tricks):
        taken = _tricks(reader, tricks)
    outcome = None if passed_out or _missing(result) else _outcome(reader, result)
    ns_score = None if _missing(score) else _score(reader, score)

    gave_result = whole is not None or not (_missing(tricks) and _missing(result)
                                            and _missing(score))
    if the_contract is not None and not passed_out and not gave_result:
        reader.error("result.missing")

    # Agreement between the fields, where each could be read.
    final: Result | None = None
    if passed_out:
        final = Result.passed_out()
    elif the_contract is not None:
        # What the contract alone decides (the result's range), then what needs the declarer.
        need = the_contract.tricks_needed
        if outcome is not None:
            relative, said_tricks = outcome
            if relative is not None:
                if not -need <= relative <= 13 - need:
                    reader.error("result.impossible", text=_text_of(result),
                                 contract=str(the_contract), needed=need, max_down=need,
                                 max_over=13 - need)
                elif taken is not None and taken - need != relative:
                    reader.error("result.mismatch", text=_rel_text(relative), tricks=taken,
                                 contract=str(the_contract), actual=_rel_text(taken - need))
                else:
                    taken = need + relative
            elif said_tricks is not None:
                if not 0 <= said_tricks <= 13:
                    reader.error("tricks.impossible", text=_text_of(result))
                elif taken is not None and taken != said_tricks:
                    reader.error("tricks.mismatch", text=_text_of(result), tricks=taken)
                else:
                    taken = said_tricks
        if seat is not None and taken is not None:
            final = Result(the_contract, seat, taken)
        elif (seat is not None and ns_score is not None and vul is not None
              and not reader.errors_in("tricks", "result")):
            final = _by_score(vul).get((the_contract, seat, ns_score))
            if final is None:
                reader.error("score.impossible_for_contract", score=ns_score,
                             contract=str(the_contract), declarer=str(seat),
                             vulnerability=str(vul))
    if vul is not None and ns_score is not None:
        if final is not None and reader.errors_in("tricks", "result") == ():
            expected = final.ns_score(vul)
            if ns_score != expected:
                reader.error("score.mismatch", score=ns_score, result=str(final),
                             vulnerability=str(vul), expected=expected)
        elif _missing(contract) and ns_score not in _possible_ns_scores(vul):
            assert the_board is not None
            reader.error("score.impossible", score=ns_score, board=the_board.number,
                         vulnerability=str(vul))

    errors = tuple(sorted(reader.errors, key=lambda e: FIELDS.index(e.field)))
    if errors:
        return EntryCheck(None, errors)
    assert the_board is not None and ns is not None and ew is not None
    points = final.ns_score(the_board.vulnerability) if final is not None else ns_score
    assert points is not None
    return EntryCheck(_build(the_board, ns, ew, final, points, card))


def _build(board: Board, ns: str, ew: str, result: Result | None, points: int,
           lead: Card | None) -> Entry:
    # Everything is checked: build the value without checking it again.
    entry = object.__new__(Entry)
    for name, value in (("board", board), ("ns_pair", ns), ("ew_pair", ew), ("result", result),
                        ("ns_score", points), ("lead", lead)):
        object.__setattr__(entry, name, value)
    return entry
