"""The vocabulary of a home scorepad: WE and THEY, the line, postings and one deal's entry.

A deal is entered as a result in any notation :meth:`Result.parse` accepts, optionally
followed by an honours claim (rubber bridge and Chicago score honours for whichever side holds
them, defenders included, made or not):

>>> DealEntry.parse("4S N = hon 100 E")
DealEntry.parse('4S N = hon 100 E')
>>> e = DealEntry.parse("南打4H超1，大牌奖分100北")
>>> str(e), e.format("zh")
('4H S +1 hon 100 N', '南打4H超1，大牌奖分100（北）')
>>> DealEntry.parse("3NT W = hon=150 they").honours.team(Side.NS)
<Team.THEY: 1>

The honours clause is ``hon`` (also ``honours``, ``honors``, ``大牌奖分``, ``大牌奖``, ``大牌``)
then the points (100 or 150) and the holder — a seat (``N``, ``北``), a side (``EW``, ``东西``)
or ``we``/``they`` (``我方``/``他方``) — in either order, with optional ``=`` or ``:``.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from ..core.errors import NotationError
from ..core.i18n import Lang, is_zh, pick
from ..core.law77 import PartKind, breakdown
from ..core.result import Result
from ..core.seat import Seat, Side
from ..core.strain import Strain
from ..core.text import normalize, parse_int
from .flags import require_flag

__all__ = ["DealEntry", "HonoursClaim", "Item", "Line", "Posting", "Team", "deal_postings"]


class Team(enum.Enum):
    """The two columns of the scorepad: the scorer's side (WE) and the opponents (THEY)."""

    WE = 0
    THEY = 1

    def __str__(self) -> str:
        return self.name

    def name_in(self, lang: Lang = "en") -> str:
        """``WE``/``THEY`` or ``我方``/``他方`` (the column heads of the seeds' scorepad)."""
        if is_zh(lang):
            return ("我方", "他方")[self.value]
        return self.name

    @property
    def other(self) -> Team:
        return Team(1 - self.value)

    @classmethod
    def of(cls, who: Seat | Side, we: Side) -> Team:
        """The team of a seat or side when ``we`` is the scorer's partnership."""
        side = who.side if isinstance(who, Seat) else who
        return cls.WE if side is we else cls.THEY

    def side(self, we: Side) -> Side:
        return we if self is Team.WE else we.opponents

    @classmethod
    def parse(cls, text: str) -> Team:
        key = normalize(text).lower().replace(" ", "")
        if key in _TEAM_WORDS:
            return _TEAM_WORDS[key]
        raise NotationError(
            f"invalid team {text!r}: expected WE or THEY (also us, them, 我方, 他方)",
            f"无效的一方 {text!r}：应为 我方 或 他方（也可写 WE、THEY）",
        )


_TEAM_WORDS = {
    "we": Team.WE, "us": Team.WE, "our": Team.WE, "ours": Team.WE, "我方": Team.WE,
    "我们": Team.WE, "本方": Team.WE, "己方": Team.WE,
    "they": Team.THEY, "them": Team.THEY, "their": Team.THEY, "theirs": Team.THEY,
    "他方": Team.THEY, "他们": Team.THEY, "对方": Team.THEY, "敌方": Team.THEY,
}


class Line(enum.Enum):
    """Where a score is written: trick points below the line, everything else above."""

    ABOVE = "above"
    BELOW = "below"

    def name_in(self, lang: Lang = "en") -> str:
        if is_zh(lang):
            return "横线上" if self is Line.ABOVE else "横线下"
        return f"{self.value} the line"


class Item(enum.Enum):
    """What a posting on the scorepad is for: a part of a duplicate score (scoring's
    :class:`~bridgescore.core.law77.PartKind`, under the scorepad's own member names) or a
    premium only rubber bridge and Chicago write (honours, the rubber, an unfinished one)."""

    TRICK_POINTS = "trick_points"
    OVERTRICKS = "overtricks"
    SLAM = "slam"
    INSULT = "insult"
    UNDERTRICKS = "undertricks"
    HONOURS = "honours"
    GAME = "game"
    PARTSCORE = "partscore"
    RUBBER = "rubber"
    UNFINISHED_GAME = "unfinished_game"
    UNFINISHED_PARTSCORE = "unfinished_partscore"

    @property
    def part(self) -> PartKind | None:
        """The part of a duplicate score this item is; None for honours, the rubber bonus and
        an unfinished rubber's premiums, which duplicate does not have."""
        return _ITEM_PARTS.get(self)

    def name_in(self, lang: Lang = "en") -> str:
        if self in _OWN_NAMES:
            return pick(lang, *_OWN_NAMES[self])
        # The parts a duplicate score has too are named by scoring, so that the scorepad and a
        # duplicate breakdown cannot come to call the same part two things.
        return _ITEM_PARTS[self].name_in(lang)


# What only a scorepad names: rubber bridge's own premiums, and the trick score, which the
# rubber Laws call "trick points" in English (the Chinese word is duplicate's, so it is read
# from there).
_OWN_NAMES: dict[Item, tuple[str, str]] = {
    Item.TRICK_POINTS: ("trick points", PartKind.TRICK_SCORE.name_in("zh")),
    Item.HONOURS: ("honours", "大牌奖分"),
    Item.RUBBER: ("rubber bonus", "盘奖分"),
    Item.UNFINISHED_GAME: ("game in an unfinished rubber", "未完成的盘：一局奖分"),
    Item.UNFINISHED_PARTSCORE: ("partscore in an unfinished game", "未完成的局：部分分奖分"),
}

# Each part of a duplicate score and the item it is posted as on the pad: deal_postings reads
# it one way, Item.name_in the other.
_PART_ITEMS: dict[PartKind, Item] = {
    PartKind.TRICK_SCORE: Item.TRICK_POINTS,
    PartKind.OVERTRICKS: Item.OVERTRICKS,
    PartKind.PARTSCORE_BONUS: Item.PARTSCORE,
    PartKind.GAME_BONUS: Item.GAME,
    PartKind.SLAM_BONUS: Item.SLAM,
    PartKind.INSULT: Item.INSULT,
    PartKind.UNDERTRICKS: Item.UNDERTRICKS,
}
_ITEM_PARTS: dict[Item, PartKind] = {item: kind for kind, item in _PART_ITEMS.items()}


@dataclass(frozen=True, slots=True)
class Posting:
    """One figure written on the pad.

    ``deal`` is the number of the deal (from 1) within its rubber or Chicago that produced it;
    the rubber bonus carries the number of the deal that ended the rubber, and the unfinished
    rubber's premiums carry 0.
    """

    deal: int
    team: Team
    line: Line
    item: Item
    points: int
    expression: str

    def to_json(self, we: Side) -> dict[str, object]:
        return {
            "deal": self.deal,
            "team": self.team.name.lower(),
            "side": self.team.side(we).name,
            "line": self.line.value,
            "item": self.item.value,
            "points": self.points,
            "expression": self.expression,
        }


@dataclass(frozen=True, slots=True)
class HonoursClaim:
    """Honours held in one hand: 100 (four trump honours) or 150 (five, or four aces at NT)."""

    points: int
    holder: Seat | Side | Team

    def __post_init__(self) -> None:
        if self.points not in (100, 150):
            raise NotationError(
                f"invalid honours {self.points!r}: expected 100 (four trump honours) or 150 "
                "(five trump honours, or four aces at notrump)",
                f"无效的大牌奖分 {self.points!r}：应为 100（四张将牌大牌）或 150"
                "（五张将牌大牌，或无将定约时一手持四个A）",
            )

    def team(self, we: Side) -> Team:
        if isinstance(self.holder, Team):
            return self.holder
        return Team.of(self.holder, we)

    def __str__(self) -> str:
        if isinstance(self.holder, Team):
            holder = self.holder.name.lower()
        elif isinstance(self.holder, Side):
            holder = self.holder.name
        else:
            holder = str(self.holder)
        return f"hon {self.points} {holder}"

    def format(self, lang: Lang = "en") -> str:
        if is_zh(lang):
            return f"大牌奖分{self.points}（{self.holder.name_in('zh')}）"
        return str(self)


_HON_KEY = r"(?:honou?rs?|hon|大牌奖分|大牌奖|大牌分|大牌|荣誉奖分|荣誉分)"
_HOLDER = (
    r"(?:n-s|e-w|ns|ew|南北方?|东西方?|we|us|they|them|我方|他方|对方|我们|他们|本方|敌方"
    r"|north|east|south|west|n|e|s|w|[北东南西](?:家|方)?)"
)
_POINTS = r"(?:\d+|[一二三四五六七八九十百零]+)"
_HON_CLAUSE = re.compile(
    rf"(?:^|(?<=[\s,;]))(?P<key>{_HON_KEY})\s*[=:]?\s*"
    rf"(?:(?P<p1>{_POINTS})\s*(?:分|points?|pts)?\s*(?:\(|（)?\s*(?P<h1>{_HOLDER})?\s*(?:\)|）)?"
    rf"|(?P<h2>{_HOLDER})\s*(?P<p2>{_POINTS})\s*(?:分|points?|pts)?)\s*$"
)
_HON_ANY = re.compile(rf"(?:^|(?<=[\s,;])){_HON_KEY}")
# Chinese text may put the keyword straight after the result (南打4H超1大牌奖分100北).
_HON_ZH = re.compile(r"(?:大牌奖分|大牌奖|大牌分|大牌|荣誉奖分|荣誉分)")


def _holder(text: str) -> Seat | Side | Team:
    key = text.replace("-", "")
    if key in ("ns", "ew") or key.rstrip("方") in ("南北", "东西"):
        return Side.parse(key)
    if key in _TEAM_WORDS:
        return _TEAM_WORDS[key]
    return Seat.parse(key)


@dataclass(frozen=True, slots=True)
class DealEntry:
    """One line of a scorepad: a result and, optionally, an honours claim."""

    result: Result
    honours: HonoursClaim | None = None

    def __post_init__(self) -> None:
        if self.honours is None:
            return
        contract = self.result.contract
        if contract.is_passed_out:
            raise NotationError(
                "a passed-out deal has no honours",
                "四家不叫的牌没有大牌奖分",
            )
        if contract.strain is Strain.NOTRUMP and self.honours.points != 150:
            raise NotationError(
                f"honours of {self.honours.points} at notrump: only four aces in one hand "
                "count at notrump, for 150",
                f"无将定约不能有 {self.honours.points} 的大牌奖分：无将定约只有一手持四个A，计150分",
            )

    @classmethod
    def parse(cls, text: str) -> DealEntry:
        if not isinstance(text, str):
            raise NotationError(
                f"invalid deal {text!r}: expected text such as '4S N = hon 100 E'",
                f"无效的结果 {text!r}：应为如 '4S N = hon 100 E' 的文字",
            )
        key = normalize(text).lower()
        start = None
        m = _HON_ANY.search(key)
        if m is not None:
            start = m.start()
        else:
            z = _HON_ZH.search(key)
            if z is not None:
                start = z.start()
        if start is None:
            return cls(Result.parse(text))
        clause = _HON_CLAUSE.match(key[start:]) if start is not None else None
        if clause is None:
            raise NotationError(
                f"invalid honours in {text!r}: expected e.g. 'hon 100 N', 'hon=150 we' or "
                "'大牌奖分100北' at the end of the line",
                f"{text!r} 中的大牌奖分无效：应在行末写如 'hon 100 N'、'hon=150 we' 或 '大牌奖分100北'",
            )
        points_text = clause["p1"] or clause["p2"]
        holder_text = clause["h1"] or clause["h2"]
        if holder_text is None:
            raise NotationError(
                f"invalid honours in {text!r}: say who holds them (a seat such as N or 北, "
                "a side such as EW, or we/they)",
                f"{text!r} 中的大牌奖分无效：须写明持有者（方位如 N、北，一方如 东西，或 我方/他方）",
            )
        points = parse_int(points_text)
        if points is None:
            raise NotationError(
                f"invalid honours points {points_text!r} in {text!r}: expected 100 or 150",
                f"{text!r} 中的大牌奖分 {points_text!r} 无效：应为 100 或 150",
            )
        head = key[:start].rstrip(" ,;")
        if not head:
            raise NotationError(
                f"invalid deal {text!r}: the result is missing before the honours",
                f"无效的结果 {text!r}：大牌奖分前缺少结果",
            )
        return cls(Result.parse(head), HonoursClaim(points, _holder(holder_text)))

    def __str__(self) -> str:
        if self.honours is None:
            return str(self.result)
        return f"{self.result} {self.honours}"

    def __repr__(self) -> str:
        return f"DealEntry.parse({str(self)!r})"

    def format(self, lang: Lang = "en", symbols: bool = False) -> str:
        text = self.result.format(lang, symbols)
        if self.honours is None:
            return text
        sep = "，" if is_zh(lang) else " "
        return f"{text}{sep}{self.honours.format(lang)}"


# Game and partscore premiums differ between rubber and Chicago: deal_postings leaves them out
# of the duplicate breakdown and each game adds its own.
_PREMIUMS_OF_THE_GAME = frozenset({PartKind.GAME_BONUS, PartKind.PARTSCORE_BONUS})


def deal_postings(entry: DealEntry, deal: int, we: Side, vulnerable: bool) -> list[Posting]:
    """The trick points, overtricks, slam and insult premiums, undertricks and honours of one
    deal, by Law 77's arithmetic (shared by rubber and Chicago).  ``vulnerable`` is the
    declaring side's vulnerability.  Game and partscore premiums are not included."""
    require_flag(vulnerable, "vulnerable", "whether the declaring side is vulnerable",
                 "定约方是否有局")
    result = entry.result
    postings: list[Posting] = []
    if result.declarer is not None:
        declarers = Team.of(result.declarer, we)
        b = breakdown(result.contract, result.tricks, vulnerable)
        scorer = declarers if b.made else declarers.other
        for part in b.parts:
            if part.kind in _PREMIUMS_OF_THE_GAME:
                continue
            # Only trick points count towards a game, so only they go below the line.
            line = Line.BELOW if part.kind is PartKind.TRICK_SCORE else Line.ABOVE
            postings.append(Posting(deal, scorer, line, _PART_ITEMS[part.kind], part.points,
                                    part.expression))
    if entry.honours is not None:
        postings.append(Posting(deal, entry.honours.team(we), Line.ABOVE, Item.HONOURS,
                                entry.honours.points, str(entry.honours.points)))
    return postings
