"""Chicago (four-deal bridge): rubber bridge cut to four deals with set vulnerability.

By default (ACBL "How to keep score: Chicago", rules.md section 10):

* deal 1 nobody is vulnerable, deals 2 and 3 the dealer's side, deal 4 both; the deal passes
  clockwise (the first dealer is a setting, North by default);
* trick points, overtricks, undertricks, slam and insult premiums as in Law 77; part scores
  carry forward until either side makes a game, which wipes both sides' legs;
* the game premium (300 / 500) follows the vulnerability on the deal that completes the game;
* a part score made on the fourth deal that does not complete a game earns 100;
* a passed-out deal is redealt by the same dealer and does not count as one of the four;
* honours count (a setting: some clubs leave them out).

A Chicago stopped before its fourth deal (the sources say nothing about it) is the sum of the
deals played: nothing is added for a part score in progress, since the fourth-deal premium is
earned only on the fourth deal and a game premium only by completing a game.

>>> Chicago(["2S N +1", "1NT E ="]).totals(), Chicago(["2S N +1", "1NT E ="]).finished
({<Team.WE: 0>: 90, <Team.THEY: 1>: 40}, False)

The vectors of rules.md section 10:

>>> c = Chicago(["2S N +1", "4H E =", "2D S =", "2C N ="])
>>> c.finished, c.totals()
(True, {<Team.WE: 0>: 270, <Team.THEY: 1>: 620})
>>> Chicago(["2S N +1", "4H E =", "2D S =", "2S N ="]).totals()[Team.WE]
690

Settings: ``vulnerability="non-dealer"`` makes the dealer's opponents vulnerable on deals 2
and 3 (some clubs, and the duplicate cycle of boards 1–4); ``scoring="duplicate"`` scores each
deal exactly as duplicate (50 for a part score, no carrying forward) with Chicago's
vulnerability — the common simplified variant.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from ..core.errors import NotationError
from ..core.seat import Seat, Side
from ..core.vulnerability import Vulnerability
from .pad import DealEntry, Item, Line, Posting, Team, deal_postings
from .series import GameSeries, PadGame, deal_log

__all__ = ["Chicago", "ChicagoSeries", "ChicagoSettings"]

VulOrder = Literal["dealer", "non-dealer"]
Scoring = Literal["carry", "duplicate"]
_VUL_ORDERS: dict[str, VulOrder] = {
    "dealer": "dealer", "庄家方": "dealer", "发牌方": "dealer",
    "non-dealer": "non-dealer", "nondealer": "non-dealer", "非发牌方": "non-dealer",
    "duplicate": "non-dealer",
}
_SCORINGS: dict[str, Scoring] = {
    "carry": "carry", "acbl": "carry", "chicago": "carry", "累计": "carry",
    "duplicate": "duplicate", "simple": "duplicate", "复式": "duplicate",
}


@dataclass(frozen=True, slots=True)
class ChicagoSettings:
    we: Side = Side.NS
    first_dealer: Seat = Seat.NORTH
    vulnerability: VulOrder = "dealer"
    honours: bool = True
    scoring: Scoring = "carry"
    fourth_deal_partscore: int = 100

    def __post_init__(self) -> None:
        if self.vulnerability not in ("dealer", "non-dealer"):
            raise NotationError(
                f"invalid Chicago vulnerability {self.vulnerability!r}: expected 'dealer' "
                "(dealer's side vulnerable on deals 2-3) or 'non-dealer'",
                f"无效的芝加哥局况设置 {self.vulnerability!r}：应为 'dealer'"
                "（第2、3副发牌方有局）或 'non-dealer'",
            )
        if (type(self.fourth_deal_partscore) is not int
                or not 0 <= self.fourth_deal_partscore <= 500):
            raise NotationError(
                f"invalid fourth-deal partscore bonus {self.fourth_deal_partscore!r}: expected "
                "100 (ACBL) or another whole number 0-500",
                f"无效的第四副部分分奖分 {self.fourth_deal_partscore!r}：应为 100（ACBL）"
                "或 0-500 的其他整数",
            )
        if self.scoring not in ("carry", "duplicate"):
            raise NotationError(
                f"invalid Chicago scoring {self.scoring!r}: expected 'carry' or 'duplicate'",
                f"无效的芝加哥记分方式 {self.scoring!r}：应为 'carry' 或 'duplicate'",
            )

    @staticmethod
    def parse_vulnerability(text: str) -> VulOrder:
        key = text.strip().lower()
        if key not in _VUL_ORDERS:
            raise NotationError(
                f"invalid Chicago vulnerability {text!r}: expected dealer or non-dealer",
                f"无效的芝加哥局况设置 {text!r}：应为 dealer（发牌方）或 non-dealer（非发牌方）",
            )
        return _VUL_ORDERS[key]

    @staticmethod
    def parse_scoring(text: str) -> Scoring:
        key = text.strip().lower()
        if key not in _SCORINGS:
            raise NotationError(
                f"invalid Chicago scoring {text!r}: expected carry or duplicate",
                f"无效的芝加哥记分方式 {text!r}：应为 carry（累计部分分）或 duplicate（复式）",
            )
        return _SCORINGS[key]

    def to_json(self) -> dict[str, Any]:
        return {"we": self.we.name, "first_dealer": str(self.first_dealer),
                "vulnerability": self.vulnerability, "honours": self.honours,
                "scoring": self.scoring, "fourth_deal_partscore": self.fourth_deal_partscore}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ChicagoSettings:
        return cls(
            Side.parse(str(data.get("we", "NS"))),
            Seat.parse(str(data.get("first_dealer", "N"))),
            cls.parse_vulnerability(str(data.get("vulnerability", "dealer"))),
            bool(data.get("honours", True)),
            cls.parse_scoring(str(data.get("scoring", "carry"))),
            int(data.get("fourth_deal_partscore", 100)),
        )

    def dealer(self, deal: int) -> Seat:
        """The dealer of deal 1-4."""
        return self.first_dealer.next(deal - 1)

    def vulnerability_of(self, deal: int) -> Vulnerability:
        """Deal 1 none, 2 and 3 the dealer's (or non-dealer's) side, 4 both."""
        if deal == 1:
            return Vulnerability.NONE
        if deal == 4:
            return Vulnerability.BOTH
        side = self.dealer(deal).side
        if self.vulnerability == "non-dealer":
            side = side.opponents
        return Vulnerability.of(side is Side.NS, side is Side.EW)


@dataclass(frozen=True)
class Chicago(PadGame[ChicagoSettings]):
    """One Chicago of four deals (passed-out deals are recorded but do not count)."""

    #: for every entry, the Chicago deal number 1-4 it was played as
    numbers: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __init__(self, deals: Iterable[DealEntry | str] = (),
                 settings: ChicagoSettings = ChicagoSettings()) -> None:
        super().__init__(deals, settings)

    def _score(self) -> None:
        s = self.settings
        we = s.we
        legs = {Team.WE: 0, Team.THEY: 0}
        postings: list[Posting] = []
        games: list[tuple[int, Team]] = []
        numbers: list[int] = []
        played = 0
        for index, entry in enumerate(self.deals, 1):
            if played == 4:
                raise NotationError(
                    "this Chicago is over after four deals: start a new one",
                    "这一轮芝加哥四副牌已打完：请开始新的一轮",
                )
            self._check_honours(entry)
            number = played + 1
            numbers.append(number)
            declarer = entry.result.declarer
            if declarer is None:
                continue  # redealt by the same dealer at the same vulnerability
            played += 1
            vul = s.vulnerability_of(number).is_vulnerable(declarer)
            deal = deal_postings(entry, index, we, vul)
            postings.extend(deal)
            declarers = Team.of(declarer, we)
            below = sum(p.points for p in deal if p.line is Line.BELOW)
            if not below:
                continue
            game_bonus = 500 if vul else 300
            if s.scoring == "duplicate":
                if entry.result.contract.is_game:
                    postings.append(Posting(index, declarers, Line.ABOVE, Item.GAME, game_bonus,
                                            str(game_bonus)))
                    games.append((index, declarers))
                else:
                    postings.append(Posting(index, declarers, Line.ABOVE, Item.PARTSCORE, 50,
                                            "50"))
                continue
            legs[declarers] += below
            if legs[declarers] >= 100:
                postings.append(Posting(index, declarers, Line.ABOVE, Item.GAME, game_bonus,
                                        str(game_bonus)))
                games.append((index, declarers))
                legs = {Team.WE: 0, Team.THEY: 0}
            elif number == 4 and s.fourth_deal_partscore:
                bonus = s.fourth_deal_partscore
                postings.append(Posting(index, declarers, Line.ABOVE, Item.PARTSCORE, bonus,
                                        str(bonus)))
        object.__setattr__(self, "numbers", tuple(numbers))
        self._record(postings, games, legs)

    @property
    def played(self) -> int:
        """Deals that count (passed-out deals are redealt)."""
        return sum(1 for d in self.deals if not d.result.is_passed_out)

    @property
    def finished(self) -> bool:
        return self.played == 4

    @property
    def game_lines(self) -> tuple[int, ...]:
        return tuple(n for n, _ in self.games) if self.settings.scoring == "carry" else ()

    @property
    def next_deal(self) -> int | None:
        """The Chicago deal number (1-4) to be played next, or None when it is over."""
        return None if self.finished else self.played + 1

    def dealer(self, number: int) -> Seat:
        return self.settings.dealer(number)

    def vulnerability(self, number: int) -> Vulnerability:
        return self.settings.vulnerability_of(number)

    def settlement(self) -> tuple[Posting, ...]:
        """Nothing: a Chicago stopped early is simply the sum of the deals played."""
        return ()

    def totals(self, settle: bool = True) -> dict[Team, int]:
        """Each column's total (``settle`` changes nothing: a Chicago has nothing to settle)."""
        return {t: sum(p.points for p in self.postings if p.team is t) for t in Team}

    def to_json(self, settle: bool = True) -> dict[str, Any]:
        we = self.settings.we
        return {
            "deals": [
                {"entry": str(d), "number": n, "dealer": str(self.dealer(n)),
                 "vulnerability": str(self.vulnerability(n))}
                for d, n in zip(self.deals, self.numbers, strict=True)
            ],
            "postings": [p.to_json(we) for p in self.postings],
            "games": [{"deal": n, "team": t.name.lower()} for n, t in self.games],
            "finished": self.finished,
            "totals": {t.name.lower(): v for t, v in self.totals().items()},
            "margin": self.margin(),
            "running": [d.to_json() for d in deal_log(self)],
        }


class ChicagoSeries(GameSeries[Chicago, ChicagoSettings]):
    """Chicago after Chicago on one pad."""

    kind = "chicago"
    game_type = Chicago

    def __init__(self, deals: Iterable[DealEntry | str] = (),
                 settings: ChicagoSettings = ChicagoSettings()) -> None:
        super().__init__(deals, settings)
