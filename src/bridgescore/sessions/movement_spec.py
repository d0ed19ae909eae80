"""A movement in words, as a results file's ``# movement:`` setting gives it.

``mitchell`` or ``howell`` alone says only how many winners the event has (two or one).
With a size it names the movement itself, and then every result is checked against it:

* ``howell 3 tables`` (also ``howell 3``, ``howell 5 pairs``, ``豪威尔 3桌``)
* ``mitchell 7 tables, 3 boards a round`` (``米切尔 7桌 每轮3副``)
* ``mitchell 8 tables relay``, ``mitchell 6 tables skip, 4 rounds``, ``… arrow switch 7``

Without ``N boards a round`` the number comes from the boards in play (the ``# boards:``
setting, else the highest board of the results).  ``Movement.spec()`` writes these words.

>>> parse_movement("howell 3 tables").build(total_boards=20).describe()
'Howell, 3 tables, 5 rounds × 4 boards (10 half-sets, 20 boards)'
>>> parse_movement("mitchell").winners, parse_movement("mitchell").sized
(2, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, cast

from ..core.errors import BridgeError
from ..core.text import normalize
from .movements import MitchellVariant, Movement, howell, mitchell

__all__ = ["MovementSpec", "parse_movement"]

_KINDS = {
    "mitchell": "mitchell", "two-winner": "mitchell", "2": "mitchell", "米切尔": "mitchell",
    "howell": "howell", "one-winner": "howell", "1": "howell", "豪威尔": "howell",
}
_VARIANTS = {"skip": "skip", "跳桌": "skip", "relay": "relay", "共牌": "relay",
             "中转": "relay", "plain": "plain", "普通": "plain"}
_PARTS = re.compile(
    r"(?P<n>\d{1,4})\s*(?P<unit>tables?|桌|pairs?|对|boards?(?:\s*(?:a|per)\s*round)?|副"
    r"|rounds?|轮)"
    r"|(?:每轮)\s*(?P<k>\d{1,4})\s*副"
    r"|(?P<arrow>arrow[\s-]*switch|换向)(?P<arrows>(?:[\s,，、]*\d{1,4})+)"
    r"|(?P<bare>\d{1,4})"
    r"|(?P<word>[a-z\-]+|[\u4e00-\u9fff]+)")


@dataclass(frozen=True)
class MovementSpec:
    kind: Literal["mitchell", "howell"]
    tables: int | None = None
    pairs: int | None = None
    boards_per_round: int | None = None
    rounds: int | None = None
    variant: str = "auto"
    arrow_switch: tuple[int, ...] = ()

    @property
    def winners(self) -> Literal[1, 2]:
        return 1 if self.kind == "howell" or self.arrow_switch else 2

    @property
    def sized(self) -> bool:
        """Whether the words name a movement (a size), not only the number of winners."""
        return self.tables is not None or self.pairs is not None

    def _make(self, k: int) -> Movement:
        if self.kind == "mitchell":
            assert self.tables is not None
            return mitchell(self.tables, k, self.rounds, cast("MitchellVariant", self.variant),
                            self.arrow_switch)
        return howell(self.tables, k, self.rounds, pairs=self.pairs,
                      arrow_switch=self.arrow_switch)

    def build(self, total_boards: int | None = None) -> Movement:
        """The movement; without a number of boards a round, ``total_boards`` decides it."""
        if self.boards_per_round is not None:
            return self._make(self.boards_per_round)
        unit = self._make(1).total_boards  # boards in play grow with the boards a round
        if total_boards is None or total_boards % unit or total_boards < unit:
            seen = "" if total_boards is None else \
                f" ({total_boards} {'board' if total_boards == 1 else 'boards'} in play)"
            seen_zh = "" if total_boards is None else f"（在用牌 {total_boards} 副）"
            raise BridgeError(
                f"movement {self.text()!r}: cannot tell the boards a round{seen}; expected "
                f"a multiple of {unit} boards, or say it, e.g. '{self.text()}, 2 boards a round'",
                f"移位 {self.text()!r}：无法确定每轮牌数{seen_zh}；在用牌数应为 {unit} 的倍数，"
                f"或写明，如“{self.text()}, 2 boards a round”")
        return self._make(total_boards // unit)

    def text(self) -> str:
        size = (f" {self.pairs} pairs" if self.pairs is not None
                else f" {self.tables} tables" if self.tables is not None else "")
        return f"{self.kind}{size}"


def parse_movement(text: str) -> MovementSpec:
    """Read a ``# movement:`` value (see the module); a ``BridgeError`` says what it takes."""
    t = normalize(text).strip().lower()

    def bad(why_en: str, why_zh: str) -> BridgeError:
        return BridgeError(
            f"invalid movement {text!r}: {why_en}; expected mitchell or howell, with the size "
            "to check the results against it (e.g. 'howell 3 tables' or 'mitchell 7 tables, "
            "3 boards a round')",
            f"无效的移位 {text!r}：{why_zh}；应为 mitchell（米切尔）或 howell（豪威尔），"
            "可加规模以便核对成绩（如“howell 3 tables”或“mitchell 7 tables, 3 boards a round”）")

    kind: str | None = None
    fields: dict[str, int] = {}
    variant = "auto"
    arrows: tuple[int, ...] = ()
    pos = 0
    for m in _PARTS.finditer(t):
        gap = t[pos:m.start()]
        pos = m.end()
        if gap.strip(" ,，、;；"):
            raise bad(f"{gap.strip()!r} is not understood", f"无法理解 {gap.strip()!r}")
        if m["word"] is not None or (m["bare"] is not None and kind is None):
            word = m["word"] or m["bare"]
            if kind is None and word in _KINDS:
                kind = _KINDS[word]
            elif word in _VARIANTS and kind == "mitchell":
                variant = _VARIANTS[word]
            elif word not in ("a", "per", "round", "tables", "with"):
                raise bad(f"unknown word {word!r}", f"未知的词 {word!r}")
            continue
        if kind is None:
            raise bad("it does not start with mitchell or howell",
                      "没有以 mitchell 或 howell 开头")
        if m["arrow"] is not None:
            arrows = tuple(int(x) for x in re.findall(r"\d+", m["arrows"]))
            continue
        if m["k"] is not None:
            fields["boards"] = int(m["k"])
            continue
        n = int(m["n"] or m["bare"])
        unit = (m["unit"] or "table")
        key = ("tables" if unit.startswith("table") or unit == "桌" else
               "pairs" if unit.startswith("pair") or unit == "对" else
               "rounds" if unit.startswith("round") or unit == "轮" else "boards")
        if key in fields:
            raise bad(f"the {key} are given twice", "同一项给出了两次")
        fields[key] = n
    if t[pos:].strip(" ,，、;；"):
        raise bad(f"{t[pos:].strip()!r} is not understood", f"无法理解 {t[pos:].strip()!r}")
    if kind is None:
        raise bad("it does not start with mitchell or howell", "没有以 mitchell 或 howell 开头")
    if kind == "mitchell" and "pairs" in fields:
        raise bad("a Mitchell is sized by its tables", "米切尔移位以桌数计")
    if not fields.get("tables") and not fields.get("pairs") and len(fields) > 0:
        raise bad("the boards or rounds are given without the size",
                  "给出了牌数或轮数，却没有给出规模（桌数或对数）")
    spec = MovementSpec(cast("Literal['mitchell', 'howell']", kind), fields.get("tables"),
                        fields.get("pairs"), fields.get("boards"), fields.get("rounds"),
                        variant, arrows)
    if spec.sized:
        spec._make(spec.boards_per_round or 2)  # the size is one we have: say so now if not
    return spec
