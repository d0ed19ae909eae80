"""The sacrifice calculator (牺牲叫): is it cheaper to go down than to let them make theirs?

The seeds' example (000): North–South vulnerable can make 4♠ (620); East–West, not
vulnerable, bid 5♣, are doubled and go down 3 (500).  The sacrifice saves 120 points:

>>> s = sacrifice("4S", "5CX", down=3, we_vulnerable=False, they_vulnerable=True)
>>> s.their_score, s.our_cost, s.saving, s.imps, s.break_even
(620, 500, 120, 3, 3)

``break_even`` is the largest number of undertricks that still costs less than their contract
(down 4 would cost 800).  If their contract would have failed the sacrifice is a "phantom": it
loses whatever it costs plus what they would have lost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core.contract import Contract
from ..core.errors import NotationError
from ..core.i18n import Lang, is_zh
from ..core.law77 import breakdown
from ..core.strain import Strain
from ..core.text import excerpt, normalize, parse_int
from ..scoring.imps import ImpScale, get_imp_scale
from .flags import require_flag

__all__ = ["Option", "Sacrifice", "parse_their_contract", "parse_vulnerabilities", "sacrifice"]


@dataclass(frozen=True, slots=True)
class Option:
    """Our sacrifice going down ``down``: its cost and what it saves (negative: loses)."""

    down: int
    cost: int
    expression: str
    saving: int
    imps: int


@dataclass(frozen=True, slots=True)
class Sacrifice:
    theirs: Contract
    their_tricks: int
    they_vulnerable: bool
    ours: Contract
    down: int
    we_vulnerable: bool
    #: their score if they play their contract (negative if it fails)
    their_score: int
    their_expression: str
    #: what our sacrifice costs (positive)
    our_cost: int
    our_expression: str
    #: their score minus our cost: positive saves points, negative loses them
    saving: int
    imps: int
    #: the most undertricks that still cost less than their score (0: none does)
    break_even: int
    options: tuple[Option, ...]

    @property
    def worthwhile(self) -> bool:
        return self.saving > 0

    def explain(self, lang: Lang = "en") -> str:
        theirs, ours = self.theirs.format(lang), self.ours.format(lang)
        rel = self.their_tricks - self.theirs.tricks_needed
        if is_zh(lang):
            they_v = "有局" if self.they_vulnerable else "无局"
            we_v = "有局" if self.we_vulnerable else "无局"
            if rel >= 0:
                made = "正好完成" if rel == 0 else f"超{rel}"
                first = f"对方（{they_v}）打{theirs}{made}得 {self.their_expression}分"
            else:
                first = f"对方（{they_v}）打{theirs}宕{-rel}，本应失 {self.their_expression}分"
            text = f"{first}；我方（{we_v}）打{ours}宕{self.down}罚 {self.our_expression}分。"
            if self.saving > 0:
                text += f"牺牲叫少负{self.saving}分，合{self.imps} IMP，值得。"
            elif self.saving == 0:
                text += "得失相当。"
            else:
                text += f"牺牲叫多负{-self.saving}分，合{-self.imps} IMP，不值得。"
            if self.break_even:
                nxt = self._option(self.break_even + 1)
                text += f"宕{self.break_even}以内都合算"
                text += (f"（宕{nxt.down}罚{nxt.cost}分）。" if nxt is not None else "。")
            else:
                text += "宕1也不合算。"
            return text
        they_v = "vulnerable" if self.they_vulnerable else "not vulnerable"
        we_v = "vulnerable" if self.we_vulnerable else "not vulnerable"
        if rel >= 0:
            made = "exactly" if rel == 0 else f"with {rel} overtrick{'s' if rel > 1 else ''}"
            first = f"They ({they_v}) make {theirs} {made}: {self.their_expression}"
        else:
            first = f"They ({they_v}) would go down {-rel} in {theirs}: −{self.their_expression}"
        text = f"{first}; our {ours} ({we_v}) down {self.down} costs {self.our_expression}. "
        if self.saving > 0:
            n = self.imps
            text += (f"The sacrifice saves {self.saving} points "
                     f"({n} {'IMP' if n == 1 else 'IMPs'}). ")
        elif self.saving == 0:
            text += "It breaks even. "
        else:
            n = -self.imps
            text += (f"The sacrifice loses {-self.saving} points "
                     f"({n} {'IMP' if n == 1 else 'IMPs'}). ")
        if self.break_even:
            nxt = self._option(self.break_even + 1)
            text += f"It pays up to down {self.break_even}"
            text += f" (down {nxt.down} costs {nxt.cost})." if nxt is not None else "."
        else:
            text += "Even down 1 costs too much."
        return text

    def _option(self, down: int) -> Option | None:
        for o in self.options:
            if o.down == down:
                return o
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "theirs": str(self.theirs), "their_tricks": self.their_tricks,
            "they_vulnerable": self.they_vulnerable,
            "ours": str(self.ours), "down": self.down, "we_vulnerable": self.we_vulnerable,
            "their_score": self.their_score, "their_expression": self.their_expression,
            "our_cost": self.our_cost, "our_expression": self.our_expression,
            "saving": self.saving, "imps": self.imps, "break_even": self.break_even,
            "options": [
                {"down": o.down, "cost": o.cost, "expression": o.expression,
                 "saving": o.saving, "imps": o.imps}
                for o in self.options
            ],
        }


def _contract(c: Contract | str) -> Contract:
    contract = c if isinstance(c, Contract) else Contract.parse(c)
    if contract.is_passed_out:
        raise NotationError("a sacrifice compares two contracts, not a passed-out deal",
                            "牺牲叫比较的是两个定约，不能是四家不叫")
    return contract


def sacrifice(theirs: Contract | str, ours: Contract | str, down: int, *,
              we_vulnerable: bool, they_vulnerable: bool, their_tricks: int | None = None,
              scale: ImpScale | str = "wbf") -> Sacrifice:
    """Compare their contract (making ``their_tricks``, by default exactly) with our
    sacrifice going down ``down``."""
    we_vulnerable = require_flag(we_vulnerable, "we_vulnerable",
                                 "whether the sacrificing side is vulnerable", "牺牲方是否有局")
    they_vulnerable = require_flag(they_vulnerable, "they_vulnerable",
                                   "whether the side that bid the contract is vulnerable",
                                   "原定约方是否有局")
    their_c, our_c = _contract(theirs), _contract(ours)
    if _bid_rank(our_c) <= _bid_rank(their_c):
        # A sacrifice is a higher bid over their contract; a lower one is not a choice we have.
        nxt = _next_bid(their_c)
        hint_en = f"{nxt} or higher" if nxt else "nothing outbids 7NT"
        hint_zh = f"如 {nxt} 或更高" if nxt else "没有比 7NT 更高的叫品"
        raise NotationError(
            f"{our_c} does not outbid {their_c}: a sacrifice must be a higher bid ({hint_en})",
            f"{our_c.format('zh')} 没有高过 {their_c.format('zh')}：牺牲叫必须叫得更高（{hint_zh}）",
        )
    imp_scale = get_imp_scale(scale) if isinstance(scale, str) else scale
    tricks = their_c.tricks_needed if their_tricks is None else their_tricks
    if type(tricks) is not int or not 0 <= tricks <= 13:
        raise NotationError(f"invalid number of tricks {excerpt(tricks)}: expected 0-13",
                            f"无效的墩数 {excerpt(tricks)}：应为 0-13")
    most = our_c.tricks_needed
    if type(down) is not int or not 1 <= down <= most:
        raise NotationError(
            f"invalid number of undertricks {excerpt(down)} for {our_c}: expected 1-{most}",
            f"{our_c.format(lang='zh')} 的宕墩数 {excerpt(down)} 无效：应为 1-{most}",
        )
    tb = breakdown(their_c, tricks, they_vulnerable)
    their_score = tb.declarer_score
    options = []
    for n in range(1, most + 1):
        b = breakdown(our_c, most - n, we_vulnerable)
        saving = their_score - b.total
        options.append(Option(n, b.total, b.formula(), saving, imp_scale.imps(saving)))
    chosen = options[down - 1]
    break_even = max((o.down for o in options if o.saving > 0), default=0)
    return Sacrifice(their_c, tricks, they_vulnerable, our_c, down, we_vulnerable,
                     their_score, tb.formula(), chosen.cost, chosen.expression, chosen.saving,
                     chosen.imps, break_even, tuple(options))


def _bid_rank(contract: Contract) -> int:
    """The order of bids in the auction: level first, then clubs < diamonds < hearts < spades
    < notrump."""
    return (contract.level - 1) * 5 + contract.strain.value


def _next_bid(contract: Contract) -> str | None:
    """The lowest bid above ``contract`` (None above 7NT)."""
    rank = _bid_rank(contract) + 1
    return None if rank >= 35 else str(Contract(rank // 5 + 1, Strain(rank % 5)))


_THEIRS = re.compile(r"^(?P<c>.*?)\s*(?P<r>=|[+-]\s*\d{1,3}|超\s*\S+|宕\s*\S+|正好完成|正好)$")


def parse_their_contract(text: str) -> tuple[Contract, int]:
    """``4S``, ``4S=``, ``4S+1``, ``4S -1``, ``4S超1``: their contract and their tricks.

    >>> parse_their_contract("4S+1")
    (Contract.parse('4S'), 11)
    """
    key = normalize(text).lower()
    m = _THEIRS.match(key)
    if m is None or not m["c"]:
        contract = _contract(text)
        return contract, contract.tricks_needed
    contract = _contract(m["c"])
    r = m["r"].replace(" ", "")
    if r in ("=", "正好完成", "正好"):
        rel: int | None = 0
    elif r[0] in "+-":
        rel = int(r)
    else:
        n = parse_int(r[1:])
        rel = None if n is None else (n if r[0] == "超" else -n)
    tricks = None if rel is None else contract.tricks_needed + rel
    if tricks is None or not 0 <= tricks <= 13:
        raise NotationError(
            f"invalid result {text!r}: expected their contract with =, +n or -n, e.g. '4S+1'",
            f"无效的结果 {text!r}：应为对方定约加 =、+n 或 -n，如 '4S+1'",
        )
    return contract, tricks


_VUL = {
    "none": (False, False), "neither": (False, False), "双无": (False, False),
    "双方无局": (False, False), "-": (False, False),
    "we": (True, False), "us": (True, False), "ours": (True, False), "我方": (True, False),
    "我方有局": (True, False),
    "they": (False, True), "them": (False, True), "theirs": (False, True),
    "对方": (False, True), "他方": (False, True), "对方有局": (False, True),
    "他方有局": (False, True),
    "both": (True, True), "all": (True, True), "双有": (True, True), "双方有局": (True, True),
}


def parse_vulnerabilities(text: str) -> tuple[bool, bool]:
    """``none``/``we``/``they``/``both`` (双无/我方有局/对方有局/双有) as (we, they) vulnerable."""
    key = normalize(text).lower().replace(" ", "")
    if key in _VUL:
        return _VUL[key]
    raise NotationError(
        f"invalid vulnerability {text!r}: expected none, we, they or both "
        "(双无, 我方有局, 对方有局, 双有)",
        f"无效的局况 {text!r}：应为 双无、我方有局、对方有局 或 双有（也可写 none、we、they、both）",
    )
