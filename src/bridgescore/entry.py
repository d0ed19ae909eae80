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

The error codes (:data:`ERROR_CODES`) are part of the interface: they do not change.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from .board import MAX_BOARD, Board
from .cards import Card
from .contract import Contract
from .errors import BridgeError, NotationError
from .result import RESULTS, Result, parse_outcome
from .scoring import Breakdown
from .seat import Seat
from .text import excerpt, normalize, parse_int
from .vulnerability import Vulnerability

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
#: The fields of an entry, in the order a form shows them (errors come in this order).
FIELDS = ("board", "ns_pair", "ew_pair", "contract", "declarer", "lead", "tricks", "result",
          "score")
# Pair numbers: a number, optionally after a section letter or two (A7, B12).
_PAIR_RE = re.compile(r"([a-z]{0,2})\s*(\d+|[零〇一二两三四五六七八九十百千]+)")
_SCORE_RE = re.compile(r"([+-]?)\s*(\d+)")

ParamValue = str | int | None

# Each code: the English and the Chinese message.  {text!r} is the field's input as given
# (cut short when long); the other parameters are filled in by FieldError.message.
_MESSAGES: dict[str, tuple[str, str]] = {
    "board.missing": ("the board number is missing", "缺少牌副号"),
    "board.invalid": (
        "invalid board {text!r}: expected a board number from 1 to {max}, e.g. 5 or 第五副",
        "无效的牌副 {text!r}：应为 1 到 {max} 的牌副号，如 5 或 第五副",
    ),
    "ns_pair.missing": ("the NS pair is missing", "缺少南北对的编号"),
    "ns_pair.invalid": (
        "invalid NS pair {text!r}: expected a pair number from 1, e.g. 7 or A7",
        "无效的南北对编号 {text!r}：应为从 1 起的编号，如 7 或 A7",
    ),
    "ew_pair.missing": ("the EW pair is missing", "缺少东西对的编号"),
    "ew_pair.invalid": (
        "invalid EW pair {text!r}: expected a pair number from 1, e.g. 7 or A7",
        "无效的东西对编号 {text!r}：应为从 1 起的编号，如 7 或 A7",
    ),
    "ew_pair.same": (
        "pair {pair} cannot sit both NS and EW",
        "第 {pair} 对不能同时坐南北和东西",
    ),
    "contract.missing": (
        "the contract is missing (e.g. 4S, 3NTX, or pass for a passed-out board)",
        "缺少定约（如 4S、3NTX；四家不叫写 不叫）",
    ),
    "contract.invalid": (
        "invalid contract {text!r}: expected a level 1-7, a strain C/D/H/S/NT and optionally "
        "X or XX, e.g. 4SX, or pass",
        "无效的定约 {text!r}：应为阶数 1-7、花色 C/D/H/S/NT，可加 X 或 XX，如 4SX，或 不叫",
    ),
    "declarer.missing": ("the declarer is missing (N, E, S or W)", "缺少定约人（北、东、南、西）"),
    "declarer.invalid": (
        "invalid declarer {text!r}: expected N, E, S or W (or 北, 东, 南, 西)",
        "无效的定约人 {text!r}：应为 北、东、南、西（或 N、E、S、W）",
    ),
    "declarer.unexpected": ("a passed-out board has no declarer", "四家不叫的牌没有定约人"),
    "lead.invalid": (
        "invalid opening lead {text!r}: expected a suit and a rank, e.g. SA, S10, ♠10, 黑桃10 "
        "or ST",
        "无效的首攻 {text!r}：应为花色加点数，如 SA、S10、♠10、黑桃10 或 ST",
    ),
    "lead.unexpected": ("a passed-out board has no opening lead", "四家不叫的牌没有首攻"),
    "tricks.invalid": (
        "invalid number of tricks {text!r}: expected a whole number 0-13, e.g. 9 or 9墩",
        "无效的墩数 {text!r}：应为 0-13 的整数，如 9 或 9墩",
    ),
    "tricks.impossible": (
        "impossible number of tricks {text!r}: declarer takes 0 to 13 tricks",
        "不可能的墩数 {text!r}：定约人只能拿 0 到 13 墩",
    ),
    "tricks.mismatch": (
        "the tricks are given twice and differently: {tricks} and {text!r}",
        "墩数写了两次且不一致：{tricks} 和 {text!r}",
    ),
    "tricks.unexpected": ("a passed-out board has no tricks", "四家不叫的牌没有墩数"),
    "result.missing": (
        "the result is missing: give the tricks (9), the result (=, +1, -2) or the NS score",
        "缺少结果：请给出墩数（9）、结果（=、超1、宕2）或南北得分",
    ),
    "result.invalid": (
        "invalid result {text!r}: expected =, +1, -2 (also 超1, 宕2, 正好, making, down 2)",
        "无效的结果 {text!r}：应为 =、+1、-2（也可写 超1、宕2、正好、刚好）",
    ),
    "result.impossible": (
        "impossible result {text!r} for {contract}: it needs {needed} of the 13 tricks, so the "
        "result is from -{max_down} to +{max_over}",
        "{contract} 不可能的结果 {text!r}：该定约需要 13 墩中的 {needed} 墩，结果只能在宕{max_down}"
        "到超{max_over}之间",
    ),
    "result.mismatch": (
        "{tricks} tricks in {contract} is {actual}, not {text}",
        "{contract} 拿{tricks}墩即{actual}，与所写结果 {text} 不符",
    ),
    "result.unexpected": ("a passed-out board has no result to give", "四家不叫的牌没有结果"),
    "score.invalid": (
        "invalid NS score {text!r}: expected a whole number such as 620 or -100",
        "无效的南北得分 {text!r}：应为整数，如 620 或 -100",
    ),
    "score.impossible": (
        "NS score {score} is impossible on board {board} ({vulnerability}): no result scores it",
        "南北得分 {score} 在第{board}副（{vulnerability}）上不可能出现",
    ),
    "score.impossible_for_contract": (
        "NS score {score} is impossible for {contract} by {declarer} ({vulnerability})",
        "{declarer}打{contract}（{vulnerability}）不可能得到南北 {score}",
    ),
    "score.mismatch": (
        "NS score {score} does not match {result} ({vulnerability}): it scores {expected} for NS",
        "南北得分 {score} 与 {result}（{vulnerability}）不符：应为南北 {expected}",
    ),
}
#: Every error code :func:`check_entry` can give, in the order of :data:`FIELDS`.
ERROR_CODES: tuple[str, ...] = tuple(_MESSAGES)


class Params(Mapping[str, ParamValue]):
    """The parameters of an error: a read-only, hashable mapping (strings and ints)."""

    __slots__ = ("_items",)
    _items: dict[str, ParamValue]

    def __init__(self, items: Mapping[str, ParamValue] | None = None) -> None:
        data = dict(items or {})
        for key, value in data.items():
            if not isinstance(key, str) or not (value is None or type(value) in (str, int)):
                raise NotationError(
                    f"invalid error parameter {excerpt(key)}={excerpt(value)}: expected a name "
                    "and a string or an int",
                    f"无效的错误参数 {excerpt(key)}={excerpt(value)}：应为名称和字符串或整数",
                )
        object.__setattr__(self, "_items", data)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Params is read-only")

    def __getitem__(self, key: str) -> ParamValue:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return f"Params({self._items!r})"

    def __reduce__(self) -> tuple[type[Params], tuple[dict[str, ParamValue]]]:
        return (Params, (dict(self._items),))


_NO_PARAMS = Params()


@dataclass(frozen=True, slots=True)
class FieldError:
    """One thing wrong with one field: a stable ``code`` (see :data:`ERROR_CODES`), the
    ``field`` (see :data:`FIELDS`) and the ``params`` its message is filled with."""

    code: str
    field: str
    params: Params = _NO_PARAMS

    def __post_init__(self) -> None:
        if self.code not in _MESSAGES or self.field not in FIELDS:
            raise NotationError(
                f"unknown error {excerpt(self.code)} for field {excerpt(self.field)}",
                f"未知的错误 {excerpt(self.code)}（字段 {excerpt(self.field)}）",
            )
        if not isinstance(self.params, Params):
            object.__setattr__(self, "params", Params(self.params))

    def message(self, lang: str = "en") -> str:
        """The message in English (``"en"``) or Chinese (``"zh"``)."""
        zh = lang == "zh"
        template = _MESSAGES[self.code][1 if zh else 0]
        return template.format_map(_shown(self.params, zh))

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "field": self.field, "params": dict(self.params)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FieldError:
        _keys(data, {"code", "field", "params"}, "error", "错误")
        params = data.get("params") or {}
        if not isinstance(params, Mapping):
            raise NotationError(f"invalid error parameters {excerpt(params)}",
                                f"无效的错误参数 {excerpt(params)}")
        return cls(data.get("code", ""), data.get("field", ""), Params(params))


def _shown(params: Params, zh: bool) -> dict[str, object]:
    """The parameters as the message shows them in one language."""
    shown: dict[str, object] = dict(params)
    if isinstance(params.get("vulnerability"), str):
        vul = Vulnerability.parse(str(params["vulnerability"]))
        shown["vulnerability"] = vul.describe("zh" if zh else "en")
    if isinstance(params.get("declarer"), str):
        seat = Seat.parse(str(params["declarer"]))
        shown["declarer"] = seat.name_in("zh" if zh else "en")
    if zh and isinstance(params.get("contract"), str):
        shown["contract"] = Contract.parse(str(params["contract"])).format(lang="zh")
    if zh and isinstance(params.get("result"), str):
        shown["result"] = Result.parse(str(params["result"])).format(lang="zh")
    if zh and isinstance(params.get("actual"), str):
        shown["actual"] = _relative_zh(params["actual"])
    for key in ("score", "expected"):
        if isinstance(params.get(key), int):
            shown[key] = _signed(int(params[key]))  # type: ignore[arg-type]
    return shown


def _relative_zh(relative: ParamValue) -> str:
    text = str(relative)
    if text == "=":
        return "正好完成"
    return f"超{text[1:]}" if text.startswith("+") else f"宕{text[1:]}"


def _signed(points: int) -> str:
    # A passed-out board's 0 is shown as 0, not +0.
    return f"{points:+d}" if points else "0"


class EntryError(NotationError):
    """An entry that does not check: ``errors`` holds every :class:`FieldError`."""

    def __init__(self, errors: tuple[FieldError, ...]) -> None:
        self.errors = errors
        super().__init__(
            "invalid entry: " + "; ".join(f"{e.field}: {e.message('en')}" for e in errors),
            "无效的记录：" + "；".join(_FIELD_ZH[e.field] + "：" + e.message("zh") for e in errors),
        )


_FIELD_ZH = {"board": "牌副", "ns_pair": "南北对", "ew_pair": "东西对", "contract": "定约",
             "declarer": "定约人", "lead": "首攻", "tricks": "墩数", "result": "结果",
             "score": "得分"}


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
        got = check_entry(**fields)
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

    def explain(self, lang: str = "en") -> list[str]:
        """The explanation for a confirmation screen (:meth:`Result.explain`)."""
        if self.result is None:
            return [f"南北 {_signed(self.ns_score)}" if lang == "zh"
                    else f"NS score {_signed(self.ns_score)}"]
        return self.result.explain(self.vulnerability, lang)

    def describe(self, lang: str = "en") -> str:
        """One line for a confirmation screen.

        >>> Entry.parse(board=1, ns_pair=1, ew_pair=2, contract="3NT", declarer="S",
        ...             tricks=10, lead="H4").describe()
        'Board 1 (none vulnerable): NS 1 v EW 2, 3NT S +1, lead H4: NS +430'
        """
        zh = lang == "zh"
        what = self.result.format(lang) if self.result is not None else (
            "只记得分" if zh else "score only")
        lead = ""
        if self.lead is not None:
            lead = f"，首攻 {self.lead.format(lang='zh')}" if zh else f", lead {self.lead}"
        if zh:
            return (f"第{self.board.number}副（{self.vulnerability.describe('zh')}）：南北 "
                    f"{self.ns_pair} 对 东西 {self.ew_pair}，{what}{lead}：南北 "
                    f"{_signed(self.ns_score)}")
        return (f"Board {self.board.number} ({self.vulnerability.describe('en')}): NS "
                f"{self.ns_pair} v EW {self.ew_pair}, {what}{lead}: NS {_signed(self.ns_score)}")

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
        _keys(data, cls._KEYS, "entry", "记录")
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


def _keys(data: object, known: frozenset[str] | set[str], what_en: str, what_zh: str) -> None:
    if not isinstance(data, Mapping):
        raise NotationError(f"invalid {what_en} {excerpt(data)}: expected a dict",
                            f"无效的{what_zh} {excerpt(data)}：应为字典")
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise NotationError(
            f"invalid {what_en}: unknown key {excerpt(unknown[0])} (expected "
            f"{', '.join(sorted(known))})",
            f"无效的{what_zh}：未知的键 {excerpt(unknown[0])}（应为 {'、'.join(sorted(known))}）",
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
    return frozenset(r.ns_score(vulnerability) for r in RESULTS) | {0}


@cache
def _by_score(vulnerability: Vulnerability) -> dict[tuple[Contract, Seat | None, int], Result]:
    """The result of each (contract, declarer, NS score): one trick more always scores more,
    so the score tells the tricks."""
    return {(r.contract, r.declarer, r.ns_score(vulnerability)): r for r in RESULTS}


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
) -> EntryCheck:
    """Read and check one table entry; see the module docstring.

    Each field is text (English or Chinese, full-width or not), a plain int where it is a
    number, or the library's own value (``Board``, ``Contract``, ``Seat``, ``Card``); ``None``
    or blank text is a field left empty.  Give the contract and declarer with one of
    ``tricks``, ``result`` or ``score`` (more than one is fine when they agree); a passed-out
    board with no declarer, lead, tricks or result; or only ``score`` (no contract) for an NS
    score entered on its own.  ``contract`` may also hold a whole result (``4SX N -2``,
    ``南打3NT超1``) when declarer, tricks and result are left empty.

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
            if _missing(declarer) and _missing(tricks) and _missing(result):
                try:
                    whole = Result.parse(contract)
                except BridgeError:
                    whole = None
            if whole is None:
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
