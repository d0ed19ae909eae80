"""贴点 (high-card-point handicap) scoring: four players at one table, no duplicate.

Each deal's score is corrected for the points the sides held: 40 points are dealt, so a side
is "owed" nothing at 20, and the side with more must give the other its surplus.  Three
methods (``Method``):

**simple** (简易贴点法, seeds 000 and 003): the deal's score converted to IMPs, minus the
side's points above 20 (plus its shortfall below 20).  Seed board 1, North 2♠ making with 22
points: 110 is 3 IMPs, North–South give 2, net +1:

>>> score_deal(HandicapDeal.for_board(1, "北定约2S，拿8墩", 22), "simple").ns_imps
1

**detailed** (略复杂的贴点法, seeds 001 and 003): the surplus points are paid in score points
before the IMP conversion, at a rate per point set by the category of the contract —
partscore 40; game 60 non-vulnerable / 80 vulnerable; small slam 70 / 90; grand slam 90 / 110.
With 26, 33 or 37 points together the side is compensated at least at the game, small-slam or
grand-slam rate ("联手26点，照成局定约贴"), and the side with more points pays at its own
vulnerability ("联手牌点多的一方照其局况贴给对方").  Seed board 16, South 4♦+1 with 26
points: 150 − 6×60 = −210, East–West win 5 IMPs:

>>> score_deal(HandicapDeal.for_board(16, "南主打4D，结果超一", 26)).ns_imps
-5

and a game contract by a side with 28 or more points counts every trick beyond game at 100
(3NT+2 vulnerable with 29 points: 600 + 2×100 = 800, 800 − 9×80 = 80, 2 IMPs; 5NT making
11 tricks: 660 + 2×100 = 860, 860 − 720 = 140, 4 IMPs).

**table** (rules.md section 11): the stronger side's score minus the score a compensation
table expects for its points and vulnerability, converted to IMPs; the table is data a club
can replace (:mod:`bridgescore.home.compensation`).

Choices where the seeds leave a case open (also in docs/home.md):

1. **Category.**  The rate is that of the higher of two categories: the contract's (by the
   contract bid, whoever bid it and whether or not it made — seed boards 13 and 15 use the
   game rate for 5♦× down and for 2♠× made) and the one the stronger side's points reach
   (26 game, 33 small slam, 37 grand slam — seed board 16).  A passed-out deal is a partscore.
2. **20–20.**  Nobody pays; the deal's IMPs stand (0 for a passed-out deal).
3. **21–25 points and a partscore contract.**  The partscore rate, 40 a point, at either
   vulnerability (the seeds give 40 with no vulnerability).
4. **The 28-point rule** applies when the declaring side has 28 or more points, the contract
   is a game below slam level, undoubled, and made: each trick beyond the strain's game
   (9 tricks at notrump, 10 in a major, 11 in a minor) scores 100 instead of its usual
   overtrick value, and tricks bid beyond game keep their trick score as well — which is how
   the seed reaches 860 for 5NT making 11 tricks.  Doubled contracts already score at least
   100 an overtrick and are left as they are.  Slams are not "game contracts" here.
5. **Passed-out deals** score 0 and the stronger side still gives its surplus (it held the
   cards and did not bid); redeal instead by not entering the deal.
6. **Unlikely results.**  Points can make a result unlikely, never impossible, so a deal is
   never refused for them: :meth:`HandicapDeal.unlikely` gives an :class:`UnlikelyResult`
   (why, in English and Chinese) and the callers ask for a confirmation.  At notrump a side
   with 13 HCP may take all 13 tricks (issue 23, finding 23: South ♠— ♥A ♦A ♣AJT98765432,
   North ♠T98765432 ♥5432; ♣A drops East–West's singleton K and Q and East's ♠A is discarded
   on the clubs); in a suit the trump ace (and with no honour the AKQJ of trumps, two
   tricks) always wins in the play, but a revoke's transferred tricks (Law 64) still count.

>>> HandicapDeal.for_board(1, "6NTX S +1", 13).unlikely().rule
'notrump_aces'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from ..core.board import Board
from ..core.contract import Contract, Doubling
from ..core.errors import NotationError
from ..core.i18n import Lang, is_zh, plural
from ..core.law77 import breakdown
from ..core.result import Result
from ..core.seat import Side
from ..core.strain import Strain
from ..core.vulnerability import Vulnerability
from ..scoring.imps import ImpScale, get_imp_scale
from .compensation import DEFAULT_TABLE, CompensationTable
from .flags import require_flag
from .hcp import parse_hcp

__all__ = [
    "RATES",
    "Category",
    "HandicapDeal",
    "HandicapScore",
    "HandicapSession",
    "Method",
    "UnlikelyResult",
    "contract_category",
    "points_category",
    "score_deal",
    "twenty_eight_point_score",
    "unlikely_result",
]


class Method(enum.Enum):
    SIMPLE = "simple"
    DETAILED = "detailed"
    TABLE = "table"

    def name_in(self, lang: Lang = "en") -> str:
        if is_zh(lang):
            return {"simple": "简易贴点法", "detailed": "详细贴点法", "table": "贴点表法"}[self.value]
        return {"simple": "simple method", "detailed": "detailed method",
                "table": "compensation table"}[self.value]

    @classmethod
    def parse(cls, text: str | Method) -> Method:
        if isinstance(text, Method):
            return text
        key = text.strip().lower()
        for method, words in _METHOD_WORDS.items():
            if key in words:
                return method
        raise NotationError(
            f"invalid HCP-handicap method {text!r}: expected simple, detailed or table",
            f"无效的贴点方法 {text!r}：应为 simple（简易）、detailed（详细）或 table（贴点表）",
        )


_METHOD_WORDS = {
    Method.SIMPLE: ("simple", "简易", "简易贴点法", "简单"),
    Method.DETAILED: ("detailed", "详细", "详细贴点法", "复杂"),
    Method.TABLE: ("table", "贴点表", "表", "compensation"),
}


class Category(enum.IntEnum):
    """Contract categories of the detailed method, in increasing order."""

    PARTSCORE = 0
    GAME = 1
    SMALL_SLAM = 2
    GRAND_SLAM = 3

    def name_in(self, lang: Lang = "en") -> str:
        if is_zh(lang):
            return ("未成局", "成局", "小满贯", "大满贯")[self.value]
        return ("partscore", "game", "small slam", "grand slam")[self.value]


#: points per HCP: (non-vulnerable, vulnerable)
RATES: Mapping[Category, tuple[int, int]] = MappingProxyType({
    Category.PARTSCORE: (40, 40),
    Category.GAME: (60, 80),
    Category.SMALL_SLAM: (70, 90),
    Category.GRAND_SLAM: (90, 110),
})
#: combined points from which the compensation is at least at a category's rate
THRESHOLDS: tuple[tuple[int, Category], ...] = (
    (37, Category.GRAND_SLAM), (33, Category.SMALL_SLAM), (26, Category.GAME),
)


def contract_category(contract: Contract) -> Category:
    if contract.level == 7:
        return Category.GRAND_SLAM
    if contract.level == 6:
        return Category.SMALL_SLAM
    return Category.GAME if contract.is_game else Category.PARTSCORE


def points_category(hcp: int) -> Category:
    for threshold, category in THRESHOLDS:
        if hcp >= threshold:
            return category
    return Category.PARTSCORE


_GAME_TRICKS = {Strain.CLUBS: 11, Strain.DIAMONDS: 11, Strain.HEARTS: 10, Strain.SPADES: 10,
                Strain.NOTRUMP: 9}


def twenty_eight_point_score(result: Result, vulnerable: bool,
                             declarer_hcp: int) -> tuple[int, str] | None:
    """The declaring side's score under the 28-point rule, with its arithmetic, or None when
    the rule does not apply (see choice 4 in the module docstring).

    >>> twenty_eight_point_score(Result.parse("3NT N +2"), True, 29)
    (800, '600+2×100=800')
    >>> twenty_eight_point_score(Result.parse("5NT N ="), True, 29)
    (860, '660+2×100=860')
    """
    require_flag(vulnerable, "vulnerable", "whether the declaring side is vulnerable",
                 "定约方是否有局")
    c = result.contract
    if (declarer_hcp < 28 or not c.is_game or c.is_slam or c.doubling is not Doubling.UNDOUBLED
            or not result.made):
        return None
    extra = result.tricks - _GAME_TRICKS[c.strain]
    if extra <= 0:
        return None
    normal = breakdown(c, result.tricks, vulnerable).total
    base = normal - result.relative * c.strain.trick_value
    counted = base + 100 * extra
    times = "100" if extra == 1 else f"{extra}×100"
    return counted, f"{base}+{times}={counted}"


#: why the points make a result unlikely: the other side's aces at notrump, the other side's
#: ace of trumps (no ace), or its AKQJ of trumps (no honour at all: two tricks)
UnlikelyRule = Literal["notrump_aces", "trump_ace", "trump_honours"]


@dataclass(frozen=True, slots=True)
class UnlikelyResult:
    """A result the declaring side's points make unlikely — a warning, never a refusal: the
    cards can allow it (see choice 6 of the module), so only the person who saw the deal can
    say it happened.  ``most`` is the most tricks the rule ``rule`` expects."""

    result: Result
    side: Side
    hcp: int
    most: int
    rule: UnlikelyRule

    def _aces(self, zh: bool) -> str:
        aces = min(4, self.hcp // 4)  # an ace is 4 of the points
        if zh:
            return "没有A" if aces == 0 else f"最多 {aces} 个A"
        return "no ace" if aces == 0 else "1 ace at most" if aces == 1 else f"{aces} aces at most"

    @property
    def en(self) -> str:
        r = self.result
        head = (f"{r} ({plural(r.tricks, 'trick', 'tricks')}) is unlikely with "
                f"{self.side.name_in('en')} holding {self.hcp} HCP: ")
        if self.rule == "notrump_aces":
            others = 4 - min(4, self.hcp // 4)
            # No apostrophe: BridgeError reads text between two as a quoted value to shorten.
            lose = ("a trick to the ace of the other side" if others == 1
                    else f"a trick to each of the {others} aces of the other side")
            why = (f"with {self._aces(False)} they usually lose {lose} at notrump, "
                   f"{self.most} tricks at most, unless an ace has to be discarded on a long "
                   "suit")
        elif self.rule == "trump_ace":
            why = (f"with no ace, the ace of trumps held by the other side wins a trick in the "
                   "play, "
                   f"{self.most} tricks at most unless a revoke transferred a trick (Law 64)")
        else:
            why = (f"with no honour, the A K Q J of trumps held by the other side win two "
                   f"tricks in the play, {self.most} tricks at most unless a revoke transferred "
                   "tricks (Law 64)")
        return head + why

    @property
    def zh(self) -> str:
        r = self.result
        head = (f"{self.side.name_in('zh')}只有 {self.hcp} 点大牌，{r.format('zh')}"
                f"（{r.tricks} 墩）不太可能：")
        if self.rule == "notrump_aces":
            others = 4 - min(4, self.hcp // 4)
            win = "对方的A通常赢一墩" if others == 1 else f"对方的 {others} 个A通常各赢一墩"
            why = (f"{self._aces(True)}，打无将时{win}，一般最多 {self.most} 墩，"
                   "除非有A在长套上被迫垫掉")
        elif self.rule == "trump_ace":
            why = (f"没有A，对方的将牌A在打牌中必赢一墩，最多 {self.most} 墩，"
                   "除非藏牌罚则（第64条）转移了赢墩")
        else:
            why = (f"没有任何大牌，对方的将牌A、K、Q、J在打牌中至少赢两墩，最多 {self.most} 墩，"
                   "除非藏牌罚则（第64条）转移了赢墩")
        return head + why

    def message(self, lang: Lang = "en") -> str:
        return self.zh if is_zh(lang) else self.en

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "side": self.side.name, "hcp": self.hcp,
                "tricks": self.result.tricks, "most": self.most, "message": self.en,
                "message_zh": self.zh}


def unlikely_result(result: Result, ns_hcp: int) -> UnlikelyResult | None:
    """Why ``result`` is unlikely with North–South holding ``ns_hcp``, or None.

    The limits are the ones that used to refuse the result, unchanged: a competition's stored
    actions were all accepted under them, so replaying an old log meets no new warning.  At
    notrump a side's aces are at most its points over 4 and each of the others' aces usually
    takes a trick; in a suit, with no ace the trump ace is the defenders' (one trick), and
    with no honour at all so are the AKQJ of trumps (two tricks)."""
    if result.declarer is None:
        return None
    side = result.declarer.side
    points = ns_hcp if side is Side.NS else 40 - ns_hcp
    rule: UnlikelyRule
    if result.contract.strain is Strain.NOTRUMP:
        most, rule = 9 + min(4, points // 4), "notrump_aces"
    elif points == 0:
        most, rule = 11, "trump_honours"
    else:
        most, rule = (12 if points < 4 else 13), "trump_ace"
    if result.tricks <= most:
        return None
    return UnlikelyResult(result, side, points, most, rule)


@dataclass(frozen=True, slots=True)
class HandicapDeal:
    """One deal: the result, the vulnerability, North–South's points and the board if known."""

    result: Result
    vulnerability: Vulnerability
    ns_hcp: int
    board: int | None = None

    def __post_init__(self) -> None:
        if type(self.ns_hcp) is not int or not 0 <= self.ns_hcp <= 40:
            raise NotationError(
                f"invalid high-card points {self.ns_hcp!r}: expected 0-40",
                f"无效的大牌点 {self.ns_hcp!r}：应为 0-40",
            )
        # Points never refuse a result (the cards may allow it): see unlikely().

    def unlikely(self) -> UnlikelyResult | None:
        """Why the points make this result unlikely (a warning for the caller to confirm,
        see choice 6 of the module), or None."""
        return unlikely_result(self.result, self.ns_hcp)

    def implausible(self) -> bool:
        """A game or slam made by a side with fewer than 10 HCP: possible with freak shapes,
        but most often the points of the wrong side (``--hcp`` gives North–South's)."""
        r = self.result
        if r.declarer is None or r.tricks < r.contract.tricks_needed:
            return False
        level, strain = r.contract.level, r.contract.strain
        game = level >= (3 if strain is Strain.NOTRUMP else 4 if strain in (
            Strain.SPADES, Strain.HEARTS) else 5)
        return game and self.hcp(r.declarer.side) < 10

    @classmethod
    def for_board(cls, board: int | str | Board, result: Result | str,
                  hcp: int | str) -> HandicapDeal:
        """A deal of board ``board`` (its vulnerability by Law 2); ``hcp`` is North–South's
        points or anything :func:`~bridgescore.home.hcp.parse_hcp` reads (``EW 18``, a deal)."""
        b = board if isinstance(board, Board) else Board.parse(board)
        return cls(_result(result), b.vulnerability, _hcp(hcp), b.number)

    @property
    def ew_hcp(self) -> int:
        return 40 - self.ns_hcp

    def hcp(self, side: Side) -> int:
        return self.ns_hcp if side is Side.NS else self.ew_hcp

    @property
    def stronger(self) -> Side | None:
        """The side with more points (None at 20-20)."""
        if self.ns_hcp == 20:
            return None
        return Side.NS if self.ns_hcp > 20 else Side.EW

    @classmethod
    def parse(cls, line: str) -> HandicapDeal:
        """``board | result | points``: ``13 | 南打5D×宕2 | 17``; the first field may be a
        vulnerability (``双有``) instead of a board, the last ``EW 23`` or a PBN deal."""
        fields = [f.strip() for f in line.replace("\t", "|").split("|")]
        if len(fields) != 3 or not all(fields):
            raise NotationError(
                f"invalid HCP-handicap line {line!r}: expected 'board | result | points', "
                "e.g. '13 | 南打5D×宕2 | 17'",
                f"无效的贴点记录 {line!r}：应为 '牌号 | 结果 | 点数'，如 '13 | 南打5D×宕2 | 17'",
            )
        where, result, hcp = fields
        try:
            return cls.for_board(where, result, hcp)
        except NotationError as board_error:
            try:
                vul = Vulnerability.parse(where)
            except NotationError:
                if where.strip().isdigit():
                    raise board_error from None
                raise NotationError(
                    f"invalid board or vulnerability {where!r} in {line!r}: expected a board "
                    "number or none/NS/EW/both (双无/南北/东西/双有)",
                    f"{line!r} 中的牌号或局况 {where!r} 无效：应为牌号或 双无/南北/东西/双有",
                ) from None
            return cls(_result(result), vul, _hcp(hcp))

    def __str__(self) -> str:
        where = str(self.board) if self.board is not None else str(self.vulnerability)
        return f"{where} | {self.result} | {self.ns_hcp}"

    def to_json(self) -> dict[str, Any]:
        warning = self.unlikely()
        return {"board": self.board, "vulnerability": str(self.vulnerability),
                "result": str(self.result), "ns_hcp": self.ns_hcp,
                "unlikely": None if warning is None else warning.to_json()}


def _result(result: Result | str) -> Result:
    return result if isinstance(result, Result) else Result.parse(result)


def _hcp(hcp: int | str) -> int:
    return hcp if isinstance(hcp, int) and not isinstance(hcp, bool) else parse_hcp(str(hcp))


@dataclass(frozen=True, slots=True)
class HandicapScore:
    """A deal scored by one method.  Every ``ns_`` figure is from North–South's side."""

    deal: HandicapDeal
    method: Method
    ns_score: int
    #: the score the method counts (the 28-point rule may raise it), North–South's view
    ns_counted: int
    #: the 28-point rule's arithmetic when it applied
    twenty_eight: str | None
    category: Category | None
    rate: int | None
    expected: int | None
    #: what the stronger side gives: IMPs (simple) or points (detailed, table)
    compensation: int
    #: the points after compensation (detailed, table), North–South's view
    ns_difference: int | None
    #: IMPs of the deal's score before compensation (simple method), North–South's view
    ns_score_imps: int | None
    ns_imps: int
    formula: str = field(default="")

    @property
    def winner(self) -> Side | None:
        if self.ns_imps == 0:
            return None
        return Side.NS if self.ns_imps > 0 else Side.EW

    @property
    def net(self) -> int:
        """The IMPs the winning side records (the seeds record only the side that is ahead)."""
        return abs(self.ns_imps)

    def explain(self, lang: Lang = "en") -> str:
        return _explain(self, lang)

    def to_json(self) -> dict[str, Any]:
        return {
            **self.deal.to_json(),
            "method": self.method.value,
            "ns_score": self.ns_score,
            "ns_counted": self.ns_counted,
            "twenty_eight_point_rule": self.twenty_eight,
            "category": None if self.category is None else self.category.name.lower(),
            "rate": self.rate,
            "expected": self.expected,
            "compensation": self.compensation,
            "stronger": None if self.deal.stronger is None else self.deal.stronger.name,
            "ns_difference": self.ns_difference,
            "ns_score_imps": self.ns_score_imps,
            "ns_imps": self.ns_imps,
            "winner": None if self.winner is None else self.winner.name,
            "net": self.net,
        }


def score_deal(deal: HandicapDeal, method: Method | str = Method.DETAILED, *,
               table: CompensationTable = DEFAULT_TABLE,
               scale: ImpScale | str = "wbf") -> HandicapScore:
    """Score one deal by the simple, detailed or table method."""
    m = Method.parse(method)
    imp_scale = get_imp_scale(scale) if isinstance(scale, str) else scale
    result, vul = deal.result, deal.vulnerability
    ns_score = result.ns_score(vul)
    formula = breakdown(result.contract, result.tricks, result.declarer_vulnerable(vul)).formula()
    stronger = deal.stronger
    surplus = deal.ns_hcp - 20  # North–South's surplus; negative when East–West are stronger
    if m is Method.SIMPLE:
        score_imps = imp_scale.imps(ns_score)
        return HandicapScore(deal, m, ns_score, ns_score, None, None, None, None, abs(surplus),
                             None, score_imps, score_imps - surplus, formula)
    if m is Method.TABLE:
        expected = 0
        if stronger is not None:
            expected = table.expected(deal.hcp(stronger), vul.is_vulnerable(stronger))
        sign = 1 if stronger is Side.NS else -1
        difference = ns_score - sign * expected
        return HandicapScore(deal, m, ns_score, ns_score, None, None, None, expected, expected,
                             difference, None, imp_scale.imps(difference), formula)
    counted, rule = ns_score, None
    if result.declarer is not None:
        declarers = result.declarer.side
        applied = twenty_eight_point_score(result, vul.is_vulnerable(declarers),
                                           deal.hcp(declarers))
        if applied is not None:
            counted = applied[0] if declarers is Side.NS else -applied[0]
            rule = applied[1]
    category = contract_category(result.contract)
    rate = 0
    if stronger is not None:
        category = max(category, points_category(deal.hcp(stronger)))
        rate = RATES[category][1 if vul.is_vulnerable(stronger) else 0]
    difference = counted - surplus * rate
    return HandicapScore(deal, m, ns_score, counted, rule, category, rate or None, None,
                         abs(surplus) * rate, difference, None, imp_scale.imps(difference),
                         formula)


def _side(side: Side, lang: Lang) -> str:
    return side.name_in(lang)


def _explain(s: HandicapScore, lang: Lang) -> str:
    zh = is_zh(lang)
    deal, result = s.deal, s.deal.result
    head = ""
    if deal.board is not None:
        head = (f"第{deal.board}副，{deal.vulnerability.name_in('zh')}。" if zh
                else f"Board {deal.board}, {deal.vulnerability.describe('en')}. ")
    elif zh:
        head = f"{deal.vulnerability.describe('zh')}。"
    else:
        phrase = deal.vulnerability.describe("en")
        head = f"{phrase[0].upper()}{phrase[1:]}. "
    stronger = deal.stronger
    # The side that scored the points (the stronger side on a passed-out deal).
    if result.declarer is None:
        scorer = stronger or Side.NS
    else:
        scorer = Side.NS if s.ns_score > 0 else Side.EW
    if result.declarer is None:
        text = head + ("四家不叫，双方都不得分" if zh else "Passed out: nobody scores")
    elif zh:
        text = f"{head}{result.format('zh')}：{_side(scorer, 'zh')}得 {s.formula}分"
    else:
        text = f"{head}{result}: {scorer} score {s.formula}"
    winner = s.winner
    if winner is None:
        verdict = "双方持平。" if zh else "a tie."
    elif zh:
        verdict = f"{_side(winner, 'zh')}净胜{s.net}点。"
    else:
        verdict = f"{winner} win {_imps_en(s.net)}."

    if s.method is Method.SIMPLE:
        assert s.ns_score_imps is not None
        worth = abs(s.ns_score_imps)
        if zh:
            text += f"，折合{worth}点；" if result.declarer is not None else "；"
            if stronger is None:
                return text + "双方各20点，不贴点；" + verdict
            return (text + f"{_side(stronger, 'zh')}大牌{deal.hcp(stronger)}点，"
                    f"贴{_side(stronger.opponents, 'zh')}{s.compensation}点；" + verdict)
        text += f", worth {_imps_en(worth)}; " if result.declarer is not None else "; "
        if stronger is None:
            return text + "20 HCP each, no handicap; " + verdict
        return (text + f"{stronger} hold {deal.hcp(stronger)} HCP and give "
                f"{stronger.opponents} {_imps_en(s.compensation)}; "
                + verdict)

    if s.twenty_eight is not None:
        declarers = result.declarer.side if result.declarer else Side.NS
        hcp = deal.hcp(declarers)
        text += (f"；联手{hcp}点的成局定约，超过成局的每墩计100分：{s.twenty_eight}" if zh
                 else f"; a game contract with {hcp} HCP counts each trick beyond game at 100: "
                 f"{s.twenty_eight}")
    counted = abs(s.ns_counted) if result.declarer is not None else 0
    if stronger is None:
        return text + ("。双方各20点，不贴点；" if zh else ". 20 HCP each, no handicap; ") + verdict
    assert s.ns_difference is not None
    value = _signed(s.ns_difference if scorer is Side.NS else -s.ns_difference)
    op = "−" if scorer is stronger else "+"
    weaker = stronger.opponents
    vul_zh = "有局" if deal.vulnerability.is_vulnerable(stronger) else "无局"
    vul_en = "vulnerable" if deal.vulnerability.is_vulnerable(stronger) else "non-vulnerable"
    worth = abs(s.ns_imps)
    n = abs(deal.ns_hcp - 20)
    if s.method is Method.TABLE:
        assert s.expected is not None
        if zh:
            return (text + f"。{_side(stronger, 'zh')}大牌{deal.hcp(stronger)}点，{vul_zh}，"
                    f"贴点表期望得分{s.expected}分：{counted}{op}{s.expected}={value}，"
                    f"折合{worth}点；" + verdict)
        return (text + f". {stronger} hold {deal.hcp(stronger)} HCP, {vul_en}; the table "
                f"expects {s.expected}: {counted}{op}{s.expected}={value}, {_imps_en(worth)}; "
                + verdict)
    assert s.category is not None and s.rate is not None
    by_points = s.category > contract_category(result.contract)
    cat_zh, cat_en = s.category.name_in("zh"), s.category.name_in("en")
    if s.category is Category.PARTSCORE:
        # One rate at either vulnerability: no need to name it.
        vul_zh, vul_en = "", ""
    else:
        vul_zh, vul_en = f"{_side(stronger, 'zh')}{vul_zh}", f" {vul_en}"
    if zh:
        if by_points:
            why = f"联手{deal.hcp(stronger)}点，照{cat_zh}定约贴"
        elif result.declarer is None:
            why = "照未成局定约贴"
        else:
            why = f"{cat_zh}定约"
        return (text + f"。{_side(stronger, 'zh')}大牌{deal.hcp(stronger)}点，{why}，"
                f"{vul_zh}每点{s.rate}分，贴{_side(weaker, 'zh')}{n}点："
                f"{counted}{op}{n}×{s.rate}={value}，折合{worth}点；" + verdict)
    if by_points:
        why = f"with {deal.hcp(stronger)} HCP the {cat_en} rate applies"
    elif result.declarer is None:
        why = "the partscore rate applies"
    else:
        why = f"a {cat_en} contract"
    return (text + f". {stronger} hold {deal.hcp(stronger)} HCP; {why}, {s.rate} a point"
            f"{vul_en}; they give {weaker} {n}: {counted}{op}{n}×{s.rate}={value}, "
            f"{_imps_en(worth)}; " + verdict)


def _imps_en(n: int) -> str:
    return f"{n} IMP" if n == 1 else f"{n} IMPs"


def _signed(n: int) -> str:
    """Negative numbers with a true minus sign, as the arithmetic around them is written."""
    return f"−{-n}" if n < 0 else str(n)


@dataclass(frozen=True)
class HandicapSession:
    """Several deals scored by one method, with running totals (each deal's net IMPs go to the
    side that is ahead on it, as the seeds record them)."""

    deals: tuple[HandicapDeal, ...] = ()
    method: Method = Method.DETAILED
    table: CompensationTable = DEFAULT_TABLE
    scale: str = "wbf"
    scores: tuple[HandicapScore, ...] = field(init=False, compare=False, repr=False)

    def __init__(self, deals: Iterable[HandicapDeal | str] = (),
                 method: Method | str = Method.DETAILED,
                 table: CompensationTable = DEFAULT_TABLE, scale: str = "wbf") -> None:
        parsed = tuple(d if isinstance(d, HandicapDeal) else HandicapDeal.parse(d) for d in deals)
        # Each board is played once at the table: a repeated number is almost always the same
        # deal entered twice (deals given by vulnerability alone carry no number to compare).
        seen: dict[int, int] = {}
        for index, deal in enumerate(parsed, 1):
            if deal.board is None:
                continue
            if deal.board in seen:
                raise NotationError(
                    f"board {deal.board} is already in this session (deal {seen[deal.board]}): "
                    "each board is scored once; undo the earlier one to replace it",
                    f"第{deal.board}副已经记过（第{seen[deal.board]}条）：每副牌只记一次；"
                    "要改正请先撤销原来那一条",
                )
            seen[deal.board] = index
        object.__setattr__(self, "deals", parsed)
        object.__setattr__(self, "method", Method.parse(method))
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "scale", get_imp_scale(scale).name)
        object.__setattr__(self, "scores", tuple(
            score_deal(d, self.method, table=table, scale=self.scale) for d in self.deals))

    def add(self, deal: HandicapDeal | str) -> HandicapSession:
        return HandicapSession((*self.deals, deal), self.method, self.table, self.scale)

    def undo(self) -> HandicapSession:
        return HandicapSession(self.deals[:-1], self.method, self.table, self.scale)

    def running(self) -> list[dict[Side, int]]:
        """The totals of both sides after each deal."""
        totals = {Side.NS: 0, Side.EW: 0}
        out = []
        for s in self.scores:
            if s.winner is not None:
                totals[s.winner] += s.net
            out.append(dict(totals))
        return out

    def totals(self) -> dict[Side, int]:
        r = self.running()
        return r[-1] if r else {Side.NS: 0, Side.EW: 0}

    def margin(self) -> int:
        """North–South minus East–West."""
        t = self.totals()
        return t[Side.NS] - t[Side.EW]

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "handicap",
            "method": self.method.value,
            "scale": self.scale,
            "table": self.table.name,
            "deals": [
                {**s.to_json(), "running": {k.name: v for k, v in r.items()}}
                for s, r in zip(self.scores, self.running(), strict=True)
            ],
            "totals": {k.name: v for k, v in self.totals().items()},
            "margin": self.margin(),
        }
