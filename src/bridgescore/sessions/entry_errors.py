"""The errors of one table entry (:mod:`bridgescore.sessions.entry`): each a value with a stable
``code``, the ``field`` it concerns and its ``params``, and its message in English and Chinese.

>>> e = FieldError("lead.invalid", "lead", Params({"text": "SZ"}))
>>> e.message("zh")
"无效的首攻 'SZ'：应为花色加点数，如 SA、S10、♠10、黑桃10 或 ST"
>>> e.to_dict()
{'code': 'lead.invalid', 'field': 'lead', 'params': {'text': 'SZ'}}

Codes are an interface: a web form keys its own texts or layout on them.  Add codes, never
rename one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.contract import Contract
from ..core.errors import NotationError
from ..core.i18n import Lang, is_zh
from ..core.result import Result
from ..core.seat import Seat
from ..core.text import excerpt
from ..core.vulnerability import Vulnerability

__all__ = ["ERROR_CODES", "FIELDS", "EntryError", "FieldError", "ParamValue", "Params",
           "check_keys", "signed"]

#: The fields of an entry, in the order a form shows them (errors come in this order).
FIELDS = ("board", "ns_pair", "ew_pair", "contract", "declarer", "lead", "tricks", "result",
          "score")
ParamValue = str | int | None

# Each code: the English and the Chinese message.  {text!r} is the field's input as given
# (cut short when long); the other parameters are filled in by FieldError.message.
_MESSAGES: dict[str, tuple[str, str]] = {
    "board.missing": ("the board number is missing", "缺少牌副号"),
    "board.not_here": (
        "board {board} is not played here in this round: expected {boards}",
        "本轮这里不打第{board}副：应为 {boards}",
    ),
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
    "contract.unreadable": (
        "invalid result {text!r}: {why_en}",
        "无效的结果 {text!r}：{why_zh}",
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
    # When the director checks leads against the hand records.  The message names neither
    # the card's holder nor any other card: a player must not learn a hand from it.
    "lead.not_held": (
        "check the opening lead: that card is not in the opening leader's hand",
        "请核对首攻：首攻者手中没有这张牌",
    ),
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

    def message(self, lang: Lang = "en") -> str:
        """The message in English (``"en"``) or Chinese (``"zh"``)."""
        zh = is_zh(lang)
        template = _MESSAGES[self.code][1 if zh else 0]
        return template.format_map(_shown(self.params, zh))

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "field": self.field, "params": dict(self.params)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FieldError:
        check_keys(data, {"code", "field", "params"}, "error", "错误")
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
            shown[key] = signed(int(params[key]))  # type: ignore[arg-type]
    return shown


def _relative_zh(relative: ParamValue) -> str:
    text = str(relative)
    if text == "=":
        return "正好完成"
    return f"超{text[1:]}" if text.startswith("+") else f"宕{text[1:]}"


def signed(points: int) -> str:
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


def check_keys(data: object, known: frozenset[str] | set[str], what_en: str, what_zh: str) -> None:
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
