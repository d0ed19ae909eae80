"""Who plays which round of a Swiss event: withdrawals (退赛), late entries (迟到/补报) and
rounds a pair sits out (轮休) as the director says.

A pair with no result in a round must be accounted for: it withdrew, it had not entered yet,
the director sat it out, or — in an odd field — it had the round's bye (轮空; one pair a
round).  A pair that is simply missing is an error that says what to tell the program.

* ``withdraw(pair, from_round)``: the pair plays no round from ``from_round`` on and is not
  drawn again; its results so far stay in the standings.
* ``late_entry(pair, round, starting_score)``: the pair's first round is ``round``; it starts
  with ``starting_score`` (a setting of the event: 0, or what the conditions of contest give).
* ``sit_out(pair, round)``: the pair is not drawn in that round; it scores the roster's
  ``sit_out_score`` (``None``: nothing).

>>> r = Roster((withdraw("5", 3), late_entry("7", 2, 20.0), sit_out("4", 2)))
>>> r.status("5", 2), r.status("5", 3), r.status("7", 1), r.status("4", 2)
('plays', 'withdrawn', 'not_entered', 'sits_out')
>>> parse_instruction("withdraw", "5@3"), parse_instruction("late", "7@2=20")
(Withdrawal(pair='5', from_round=3), LateEntry(pair='7', round=2, starting_score=20.0))
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..core.errors import BridgeError
from ..core.i18n import Lang, is_zh
from ..core.serial import Data, Fields, header

__all__ = [
    "Instruction",
    "LateEntry",
    "Roster",
    "SitOut",
    "Status",
    "Withdrawal",
    "check_round",
    "late_entry",
    "parse_instruction",
    "sit_out",
    "withdraw",
]

Status = Literal["plays", "withdrawn", "not_entered", "sits_out"]


def _round(value: object, what_en: str, what_zh: str) -> int:
    if type(value) is not int or value < 1:
        raise BridgeError(f"invalid {what_en} {value!r}: expected a round number from 1",
                          f"无效的{what_zh} {value!r}：应为从 1 起的轮次")
    return value


def _pair(value: object) -> str:
    from .seating_checks import MAX_PAIR, check_pair_id

    text = str(value).strip()
    if not text or "@" in text or check_pair_id(text) is not None:
        shown = check_pair_id(text) or repr(value)
        raise BridgeError(f"invalid pair {shown}: expected a pair number from 1 to {MAX_PAIR} "
                          "or an id", f"无效的对号 {shown}：应为 1 到 {MAX_PAIR} 的对号或编号")
    return text


@dataclass(frozen=True, slots=True)
class Withdrawal:
    pair: str
    from_round: int

    def to_dict(self) -> Data:
        return {**header("Withdrawal"), "pair": self.pair, "from_round": self.from_round}

    @classmethod
    def from_dict(cls, data: object) -> Withdrawal:
        f = Fields(data, "Withdrawal")
        pair, from_round = f.text("pair"), f.whole("from_round")
        f.done()
        return withdraw(pair, from_round)


@dataclass(frozen=True, slots=True)
class LateEntry:
    pair: str
    round: int
    starting_score: float = 0.0

    def to_dict(self) -> Data:
        return {**header("LateEntry"), "pair": self.pair, "round": self.round,
                "starting_score": self.starting_score}

    @classmethod
    def from_dict(cls, data: object) -> LateEntry:
        f = Fields(data, "LateEntry")
        pair, rnd, score = f.text("pair"), f.whole("round"), f.number("starting_score")
        f.done()
        return late_entry(pair, rnd, score)


@dataclass(frozen=True, slots=True)
class SitOut:
    pair: str
    round: int

    def to_dict(self) -> Data:
        return {**header("SitOut"), "pair": self.pair, "round": self.round}

    @classmethod
    def from_dict(cls, data: object) -> SitOut:
        f = Fields(data, "SitOut")
        pair, rnd = f.text("pair"), f.whole("round")
        f.done()
        return sit_out(pair, rnd)


Instruction = Withdrawal | LateEntry | SitOut


def withdraw(pair: object, from_round: int) -> Withdrawal:
    """The pair withdraws: it plays no round from ``from_round`` on."""
    return Withdrawal(_pair(pair), _round(from_round, "withdrawal round", "退赛轮次"))


def late_entry(pair: object, round: int, starting_score: float = 0.0) -> LateEntry:
    """The pair enters at ``round`` with ``starting_score``."""
    if not (isinstance(starting_score, int | float) and math.isfinite(starting_score)):
        raise BridgeError(f"invalid starting score {starting_score!r}: expected a number",
                          f"无效的起始分 {starting_score!r}：应为数字")
    return LateEntry(_pair(pair), _round(round, "entry round", "补报轮次"),
                     float(starting_score))


def sit_out(pair: object, round: int) -> SitOut:
    """The director sits the pair out of ``round``: it is not drawn."""
    return SitOut(_pair(pair), _round(round, "sit-out round", "轮休轮次"))


@dataclass(frozen=True)
class Roster:
    """The director's instructions and what a pair sitting out scores (``None``: nothing;
    else these points, like a bye)."""

    instructions: tuple[Instruction, ...] = ()
    sit_out_score: float | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "instructions", tuple(self.instructions))
        left: dict[str, int] = {}
        entered: dict[str, int] = {}
        rests: set[tuple[str, int]] = set()
        for x in self.instructions:
            if isinstance(x, Withdrawal):
                if x.pair in left:
                    raise BridgeError(f"pair {x.pair} withdraws twice (rounds {left[x.pair]} "
                                      f"and {x.from_round})",
                                      f"第{x.pair}对两次退赛（第{left[x.pair]}轮和第{x.from_round}轮）")
                left[x.pair] = x.from_round
            elif isinstance(x, LateEntry):
                if x.pair in entered:
                    raise BridgeError(f"pair {x.pair} enters late twice",
                                      f"第{x.pair}对两次补报")
                entered[x.pair] = x.round
            else:
                rests.add((x.pair, x.round))
        for p, r in entered.items():
            if p in left and left[p] <= r:
                raise BridgeError(f"pair {p} withdraws from round {left[p]} before it enters "
                                  f"in round {r}",
                                  f"第{p}对在第{r}轮补报之前（第{left[p]}轮起）就已退赛")
        for p, r in rests:
            if (p in left and r >= left[p]) or (p in entered and r < entered[p]):
                raise BridgeError(f"pair {p} cannot sit out round {r}: it does not play then",
                                  f"第{p}对不能在第{r}轮轮休：该轮它本就不参赛")
        if self.sit_out_score is not None and not math.isfinite(self.sit_out_score):
            raise BridgeError(f"invalid sit-out score {self.sit_out_score!r}: expected a number",
                              f"无效的轮休得分 {self.sit_out_score!r}：应为数字")

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``): each instruction with its own type."""
        return {**header("Roster"), "instructions": [x.to_dict() for x in self.instructions],
                "sit_out_score": self.sit_out_score}

    @classmethod
    def from_dict(cls, data: object) -> Roster:
        f = Fields(data, "Roster")
        kinds: dict[object, Any] = {"Withdrawal": Withdrawal.from_dict,
                                    "LateEntry": LateEntry.from_dict, "SitOut": SitOut.from_dict}

        def one(x: object) -> Instruction:
            kind = x.get("type") if isinstance(x, dict) else None
            # Only a name may pick a reader (a list given as the type is junk, not a key).
            if not isinstance(kind, str) or kind not in kinds:
                raise f.error("instructions", "Withdrawal, LateEntry or SitOut data",
                              " Withdrawal、LateEntry 或 SitOut 数据")
            made: Instruction = kinds[kind](x)
            return made

        instructions, score = f.objs("instructions", one), f.opt_number("sit_out_score")
        f.done()
        return cls(instructions, score)

    def status(self, pair: str, round: int) -> Status:
        for x in self.instructions:
            if x.pair != pair:
                continue
            if isinstance(x, Withdrawal) and round >= x.from_round:
                return "withdrawn"
            if isinstance(x, LateEntry) and round < x.round:
                return "not_entered"
            if isinstance(x, SitOut) and round == x.round:
                return "sits_out"
        return "plays"

    def starting_score(self, pair: str) -> float:
        return next((x.starting_score for x in self.instructions
                     if isinstance(x, LateEntry) and x.pair == pair), 0.0)

    def pairs(self) -> list[str]:
        """Every pair an instruction names, in the order given."""
        return list(dict.fromkeys(x.pair for x in self.instructions))

    def drawn(self, pairs: Iterable[str], round: int) -> list[str]:
        """The pairs to draw for ``round``: those that play it."""
        return [p for p in pairs if self.status(p, round) == "plays"]

    def describe(self, lang: Lang = "en") -> list[str]:
        """One line an instruction: ``Pair 5 withdrew from round 3.`` / ``第5对第3轮起退赛。``"""
        out = []
        for x in self.instructions:
            if isinstance(x, Withdrawal):
                out.append(f"第{x.pair}对第{x.from_round}轮起退赛。" if is_zh(lang) else
                           f"Pair {x.pair} withdrew from round {x.from_round}.")
            elif isinstance(x, LateEntry):
                score = f"{x.starting_score:g}"
                out.append(f"第{x.pair}对第{x.round}轮补报入赛，起始分 {score}。" if is_zh(lang)
                           else f"Pair {x.pair} entered late in round {x.round}, starting with "
                                f"{score}.")
            else:
                out.append(f"第{x.pair}对第{x.round}轮轮休。" if is_zh(lang) else
                           f"Pair {x.pair} sat out round {x.round}.")
        return out


_FORM = re.compile(r"\s*([^@=\s]+)\s*(?:@\s*(\d{1,4}))?\s*(?:=\s*([+\-]?[\d.]{1,12}))?\s*")


def parse_instruction(kind: Literal["withdraw", "late", "sit-out"], text: str,
                      next_round: int | None = None) -> Instruction:
    """``PAIR[@ROUND]`` for a withdrawal (no round: from ``next_round``), ``PAIR@ROUND[=SCORE]``
    for a late entry, ``PAIR[@ROUND]`` for a sit-out (no round: ``next_round``)."""
    m = _FORM.fullmatch(text)
    forms = {"withdraw": ("PAIR[@ROUND], e.g. 5@3", "对号[@轮次]，如 5@3"),
             "late": ("PAIR@ROUND[=SCORE], e.g. 7@2 or 7@2=25", "对号@轮次[=起始分]，如 7@2 或 7@2=25"),
             "sit-out": ("PAIR[@ROUND], e.g. 4@2", "对号[@轮次]，如 4@2")}[kind]
    shown = text if len(text) <= 30 else text[:27] + "…"

    def bad(why_en: str, why_zh: str) -> BridgeError:
        return BridgeError(f"--{kind} {shown!r}: {why_en}; expected {forms[0]}",
                           f"--{kind} {shown!r}：{why_zh}；应为 {forms[1]}")

    if m is None:
        raise bad("not understood", "无法理解")
    pair, rnd_text, score_text = m.groups()
    if score_text is not None and kind != "late":
        raise bad("only a late entry takes a starting score", "只有补报可以给起始分")
    if rnd_text is None:
        if kind == "late":
            raise bad("the round of entry is missing", "缺少入赛轮次")
        if next_round is None:
            raise bad("the round is missing", "缺少轮次")
        rnd = next_round
    else:
        rnd = int(rnd_text)
        if rnd < 1:
            raise bad("rounds are numbered from 1", "轮次从 1 开始")
    if kind == "withdraw":
        return withdraw(pair, rnd)
    if kind == "sit-out":
        return sit_out(pair, rnd)
    try:
        score = 0.0 if score_text is None else float(score_text)
    except ValueError:
        raise bad(f"invalid starting score {score_text!r}", f"无效的起始分 {score_text!r}") \
            from None
    return late_entry(pair, rnd, score)


def check_round(round: int, pairs: Sequence[str], played: set[str], roster: Roster,
                where: str = "") -> tuple[str | None, list[str]]:
    """Account for every pair in ``round``: ``(the pair that had the bye or None, pairs that
    sat out)``.  Raises for a pair that played when it should not have, or one missing with no
    instruction (saying what to give)."""
    at = f" ({where})" if where else ""
    at_zh = f"（{where}）" if where else ""
    for p in pairs:
        st = roster.status(p, round)
        if p in played and st != "plays":
            why = {"withdrawn": ("it withdrew", "该对已退赛"),
                   "not_entered": ("it enters later", "该对尚未入赛"),
                   "sits_out": ("it sits out this round", "该对本轮轮休")}[st]
            raise BridgeError(f"round {round}{at}: pair {p} has results, but {why[0]}",
                              f"第{round}轮{at_zh}：第{p}对有成绩，但{why[1]}")
    playing = [p for p in pairs if roster.status(p, round) == "plays"]
    missing = [p for p in playing if p not in played]
    rests = [p for p in pairs if roster.status(p, round) == "sits_out"]
    if len(playing) % 2 == 1 and len(missing) == 1:
        return missing[0], rests  # an odd field: the round's bye
    if missing:
        who = missing[0] if len(missing) == 1 else ", ".join(missing[:-1]) + " and " + missing[-1]
        who_zh = "、".join(missing)
        p = missing[0]
        bye_en = ("; in an odd field one of them had the bye, so say it for the others"
                  if len(playing) % 2 else "")
        bye_zh = "；人数为奇数时其中一对为轮空，请为其余各对说明" if len(playing) % 2 else ""
        raise BridgeError(
            f"round {round}{at}: pair{'s' if len(missing) > 1 else ''} {who} "
            f"{'have' if len(missing) > 1 else 'has'} no result and no instruction: say whether "
            f"each withdrew (--withdraw {p}@{round}), sat out this round (--sit-out "
            f"{p}@{round}) or entered later (--late {p}@{round + 1}){bye_en}",
            f"第{round}轮{at_zh}：第{who_zh}对没有成绩，也没有说明：请说明其是退赛（--withdraw "
            f"{p}@{round}）、本轮轮休（--sit-out {p}@{round}）还是之后才入赛（--late "
            f"{p}@{round + 1}）{bye_zh}")
    return None, rests
