"""Scoring practice: random questions, answers checked with the breakdown, and the seeds'
exercises (练习二) answered by the program.

>>> import random
>>> q = Question(Contract.parse("4SX"), 8, vulnerable=True)
>>> q.text("en")
'4♠X, vulnerable, 8 tricks (down 2). What does the declaring side score? (negative when down)'
>>> q.answer, q.check("-500").correct, q.check("500").correct
(-500, True, False)
>>> q.check("500").message("en")
'Right amount, wrong sign: the declaring side loses 500 (the defenders score 200+300=500).'
>>> len(questions(5, seed=1)) == 5 and questions(5, seed=1) == questions(5, seed=1)
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.board import Board
from ..core.contract import Contract, Doubling
from ..core.errors import NotationError
from ..core.frozen import freeze, thaw
from ..core.i18n import Lang, is_zh, plural
from ..core.law77 import Breakdown, PartKind, breakdown
from ..core.result import Result
from ..core.strain import Strain
from ..core.text import excerpt, normalize, parse_int
from ..scoring.imps import imps
from .flags import require_flag

__all__ = ["Check", "Exercise", "Question", "exercises", "questions", "random_question"]


@dataclass(frozen=True, slots=True)
class Check:
    question: Question
    given: int
    correct: bool

    def message(self, lang: Lang = "en") -> str:
        q = self.question
        b = q.breakdown()
        if is_zh(lang):
            formula = f"{'定约方' if b.made else '防守方'}得 {b.formula()}分"
        else:
            formula = f"{'declarer' if b.made else 'the defenders'} score {b.formula()}"
        if self.correct:
            return f"正确！{formula}。" if is_zh(lang) else f"Correct: {formula}."
        if self.given == -q.answer and q.answer != 0:
            if is_zh(lang):
                who = "定约方得" if q.answer > 0 else "定约方失"
                return f"分数对了，正负号错了：{who}{abs(q.answer)}分（{formula}）。"
            verb = "scores" if q.answer > 0 else "loses"
            return (f"Right amount, wrong sign: the declaring side {verb} {abs(q.answer)} "
                    f"({formula}).")
        if is_zh(lang):
            return f"不对，应为 {q.answer}（{formula}）。"
        return f"Not quite: the answer is {q.answer} ({formula})."


@dataclass(frozen=True, slots=True)
class Question:
    """Score ``contract`` making ``tricks`` tricks, declarer ``vulnerable`` or not."""

    contract: Contract
    tricks: int
    vulnerable: bool

    def __post_init__(self) -> None:
        # Checked here, not when the question is first scored: text() would otherwise print
        # "vulnerable" for ``"no"`` and only answer() would fail, far from the mistake.
        require_flag(self.vulnerable, "vulnerable", "whether the declaring side is vulnerable",
                     "定约方是否有局")
        if type(self.contract) is not Contract:
            raise NotationError(
                f"invalid contract {excerpt(self.contract)}: expected a Contract",
                f"无效的定约 {excerpt(self.contract)}：应为 Contract",
            )
        if self.contract.is_passed_out:
            raise NotationError("a scoring question needs a contract, not a passed-out deal",
                                "计分练习需要一个定约，不能是四家不叫")
        if type(self.tricks) is not int or not 0 <= self.tricks <= 13:
            raise NotationError(
                f"invalid number of tricks {excerpt(self.tricks)}: expected 0-13",
                f"无效的墩数 {excerpt(self.tricks)}：应为 0-13",
            )

    @property
    def answer(self) -> int:
        """The declaring side's score, negative when the contract fails."""
        return self.breakdown().declarer_score

    def breakdown(self) -> Breakdown:
        return breakdown(self.contract, self.tricks, self.vulnerable)

    @property
    def relative(self) -> int:
        return self.tricks - self.contract.tricks_needed

    def text(self, lang: Lang = "en") -> str:
        rel = self.relative
        if is_zh(lang):
            vul = "有局" if self.vulnerable else "无局"
            result = "正好完成" if rel == 0 else (f"超{rel}" if rel > 0 else f"宕{-rel}")
            return (f"{self.contract.format('zh', symbols=True)}，{vul}，拿{self.tricks}墩"
                    f"（{result}）。定约方得多少分？（宕了写负数）")
        vul = "vulnerable" if self.vulnerable else "not vulnerable"
        if rel == 0:
            result = "made exactly"
        elif rel > 0:
            result = f"{rel} overtrick{'s' if rel > 1 else ''}"
        else:
            result = f"down {-rel}"
        # Suit symbols, as in the Chinese question, so both read the same way.
        return (f"{self.contract.format('en', symbols=True)}, {vul}, "
                f"{plural(self.tricks, 'trick', 'tricks')} ({result}). "
                "What does the declaring side score? (negative when down)")

    def check(self, answer: str | int) -> Check:
        """Check an answer (``-500``, ``+620``, ``负500``, ``620分``)."""
        given = answer if isinstance(answer, int) else parse_answer(answer)
        return Check(self, given, given == self.answer)

    def to_json(self) -> dict[str, Any]:
        b = self.breakdown()
        return {
            "contract": str(self.contract), "tricks": self.tricks, "vulnerable": self.vulnerable,
            "question_en": self.text("en"), "question_zh": self.text("zh"),
            "answer": self.answer, "formula": b.formula(),
            "parts": [{"kind": p.kind.value, "points": p.points, "expression": p.expression}
                      for p in b.parts],
        }


_ANSWER = re.compile(
    r"^(?P<sign>[+-]|负|正|宕|失)?\s*(?P<n>\d+|[零一二两三四五六七八九十百千]+)\s*(?:分|points?)?$"
)


def parse_answer(text: str) -> int:
    key = normalize(text).lower().replace(",", "").strip()
    m = _ANSWER.match(key)
    n = parse_int(m["n"]) if m else None
    if m is None or n is None:
        raise NotationError(
            f"invalid answer {text!r}: expected a whole number such as 620 or -500",
            f"无效的答案 {text!r}：应为整数，如 620 或 -500",
        )
    return -n if m["sign"] in ("-", "负", "宕", "失") else n


# Levels 1-4 come up more often at the table; doubled results are worth practising.
_LEVEL_WEIGHTS = (3, 4, 5, 5, 3, 2, 1)
_RELATIVE = (-4, -3, -2, -1, 0, 1, 2, 3)
_RELATIVE_WEIGHTS = (1, 2, 4, 6, 8, 5, 3, 1)


def random_question(rng: random.Random) -> Question:
    level = rng.choices(range(1, 8), _LEVEL_WEIGHTS)[0]
    strain = rng.choice(list(Strain))
    doubling = rng.choices(list(Doubling), (6, 3, 1))[0]
    contract = Contract(level, strain, doubling)
    need = contract.tricks_needed
    allowed = [(r, w) for r, w in zip(_RELATIVE, _RELATIVE_WEIGHTS, strict=True)
               if 0 <= need + r <= 13]
    rel = rng.choices([r for r, _ in allowed], [w for _, w in allowed])[0]
    return Question(contract, need + rel, rng.random() < 0.5)


def questions(count: int, seed: int | None = None) -> list[Question]:
    """``count`` random questions; the same ``seed`` gives the same questions."""
    if type(count) is not int or count < 1:
        raise NotationError(f"invalid number of questions {count!r}: expected 1 or more",
                            f"无效的题数 {count!r}：应为 1 或更多")
    rng = random.Random(seed)
    return [random_question(rng) for _ in range(count)]


@dataclass(frozen=True, slots=True)
class Exercise:
    number: int
    question_en: str
    question_zh: str
    answer_en: str
    answer_zh: str
    data: Mapping[str, Any]  # read-only (``freeze``): the exercises are shared

    def __post_init__(self) -> None:
        object.__setattr__(self, "data", freeze(self.data))

    def question(self, lang: Lang = "en") -> str:
        return self.question_zh if is_zh(lang) else self.question_en

    def answer(self, lang: Lang = "en") -> str:
        return self.answer_zh if is_zh(lang) else self.answer_en

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "question_en": self.question_en,
                "question_zh": self.question_zh, "answer_en": self.answer_en,
                "answer_zh": self.answer_zh, "data": thaw(self.data)}


def _premium(contract: str, vulnerable: bool, kinds: tuple[PartKind, ...]) -> list[int]:
    c = Contract.parse(contract)
    b = breakdown(c, c.tricks_needed, vulnerable)
    return [p.points for p in b.parts if p.kind in kinds]


# The four-board match of exercise 8: (board, open room, closed room), the home team North–South
# in the open room.
_MATCH = (
    (1, "南主打3S，结果超1", "北主打4S，结果正好完成"),
    (2, "北主打6D××，超1", "北主打6NT，超1"),
    (3, "东主打5C，正好完成", "西主打3NT，宕1"),
    (4, "西主打4S×宕2", "南主打4H，结果超1"),
)
# What the seeds print for the closed room of board 4 (corrected here: 4♥+1 vulnerable is 650).
_PRINTED = {4: (500, 620)}


def exercises() -> list[Exercise]:
    """练习二 of the seeds (003, 001), answered from the scoring rules themselves."""
    out: list[Exercise] = []
    games = [c for c in ("1NT", "2NT", "3NT", "3H", "4H", "4S", "4D", "5C", "5D", "2HX")
             if Contract.parse(c).is_game]
    out.append(Exercise(
        1, "What is a game contract?", "成局定约是指什么？",
        "A contract whose trick score, doubling included, is 100 or more: "
        f"{', '.join(games)} (and any higher contract).",
        "基本分（包括加倍或再加倍）达到100分的定约，称作成局定约，如 "
        f"{'、'.join(Contract.parse(c).format('zh') for c in games)}。",
        {"examples": games},
    ))
    nv_game = _premium("3NT", False, (PartKind.GAME_BONUS,))[0]
    v_game = _premium("3NT", True, (PartKind.GAME_BONUS,))[0]
    out.append(Exercise(2, "How much is the bonus for bidding and making a game not vulnerable?",
                        "无局方时叫到并做成一局有多少奖分？", f"{nv_game} points.", f"{nv_game}分。",
                        {"points": nv_game}))
    out.append(Exercise(3, "How much is the bonus for bidding and making a game vulnerable?",
                        "有局方时叫到并做成一局有多少奖分？", f"{v_game} points.", f"{v_game}分。",
                        {"points": v_game}))
    out.append(Exercise(
        4, "What are small-slam and grand-slam contracts?", "小满贯定约和大满贯定约是指什么？",
        "A contract at the six level is a small slam, at the seven level a grand slam.",
        "六阶水平定约为小满贯，七阶水平定约为大满贯。", {"small_slam": 6, "grand_slam": 7},
    ))
    small = _premium("6C", False, (PartKind.GAME_BONUS, PartKind.SLAM_BONUS))
    out.append(Exercise(
        5, "How much bonus for bidding and making a small slam not vulnerable?",
        "无局方时叫到并做成小满贯定约有多少奖分？",
        f"{small[0]} + {small[1]} = {sum(small)} points.", f"{small[0]}＋{small[1]}={sum(small)}分。",
        {"points": sum(small), "parts": small},
    ))
    grand = _premium("7C", True, (PartKind.GAME_BONUS, PartKind.SLAM_BONUS))
    out.append(Exercise(
        6, "How much bonus for bidding and making a grand slam vulnerable?",
        "有局方时叫到并做成大满贯定约有多少奖分？",
        f"{grand[0]} + {grand[1]} = {sum(grand)} points.", f"{grand[0]}＋{grand[1]}={sum(grand)}分。",
        {"points": sum(grand), "parts": grand},
    ))
    out.append(Exercise(
        7, "In a team-of-four match, what is the net score of a board?",
        "在打四人复式比赛时每一副牌的净胜分数是什么？",
        "The difference (or sum, seen from one team) between your pair's score and your "
        "teammates' score at the other table, converted to IMPs.",
        "你方一对的分数与另一桌队友一对分数相比后的差额或总和，再换算成IMP。", {},
    ))
    lines_en, lines_zh, boards = [], [], []
    total = 0
    for number, open_room, closed_room in _MATCH:
        vul = Board(number).vulnerability
        a = Result.parse(open_room).ns_score(vul)
        b = Result.parse(closed_room).ns_score(vul)
        n = imps(a - b)
        total += n
        boards.append({"board": number, "open": a, "closed": b, "difference": a - b, "imps": n})
        note_en = note_zh = ""
        if number in _PRINTED and _PRINTED[number] != (a, b):
            pb = _PRINTED[number][1]
            note_en = f" (the seeds print {pb:+d} for the closed room: 4H+1 vulnerable is {b:+d})"
            note_zh = f"（原书闭室印作{pb:+d}，有局4H超1应为{b:+d}）"
        lines_en.append(f"Board {number}: open room NS {a:+d}, closed room NS {b:+d}, "
                        f"{a - b:+d} = {n:+d} IMPs{note_en}")
        lines_zh.append(f"第{_zh_number(number)}副 开室南北{a:+d}，闭室南北{b:+d}，"
                        f"{a}－{b}={a - b}，换算成IMP {n:+d}{note_zh}")
    winner_en = "home team" if total > 0 else "away team"
    winner_zh = "主队" if total > 0 else "客队"
    out.append(Exercise(
        8,
        "Team A (home) against team B (away), four boards: which team wins, by how many IMPs? "
        + "; ".join(f"board {n}: open room {Result.parse(o)}, closed room {Result.parse(c)}"
                    for n, o, c in _MATCH),
        "甲队为主队，乙队为客队。打四副牌的对抗赛，结果是哪一队胜？胜多少IMP？"
        + "；".join(f"第{_zh_number(n)}副 {o}。{c}" for n, o, c in _MATCH),
        "; ".join(lines_en) + f". Total {total:+d}: the {winner_en} wins by {abs(total)} IMPs.",
        "以主队结分：" + "；".join(lines_zh)
        + f"。合计{total:+d}，{winner_zh}获胜，胜{abs(total)}IMP。",
        {"boards": boards, "total": total},
    ))
    return out


def _zh_number(n: int) -> str:
    return "一二三四五六七八九十"[n - 1] if 1 <= n <= 10 else str(n)
