"""Rubber bridge on the cross-shaped scorepad (盘式桥牌，十字记分法).

Trick points for odd tricks bid and made go below the line; everything else — overtricks,
undertricks, slam and insult premiums, honours, the rubber bonus — above it.  A game is 100
trick points below the line, in one deal or several; when either side makes a game a line is
drawn and neither side's part score ("leg", 脚) counts towards the next game (it still counts
in the totals).  A side that has won a game is vulnerable.  The rubber ends when a side wins
two games: 700 if the opponents have none, 500 if they have one.  There are no game or
partscore premiums (ACBL rubber Laws 72–74, rules.md section 9).

The worked rubber of rules.md section 9:

>>> r = Rubber(["2H S +1", "3NT E =", "4SX N -2", "4S S =", "2C W =", "3NT N +1"])
>>> r.finished, r.totals()
(True, {<Team.WE: 0>: 840, <Team.THEY: 1>: 440})
>>> r.below(Team.WE), r.above(Team.WE), r.margin()
(280, 560, 400)

An unfinished rubber is settled by ACBL rubber Law 80: 300 to the side that has the only game
won, and 100 (50 as a setting) to the side that has the only part score in the unfinished game:

>>> u = Rubber(["4H N =", "2S E ="])
>>> u.totals(), u.totals(settle=False)
({<Team.WE: 0>: 420, <Team.THEY: 1>: 160}, {<Team.WE: 0>: 120, <Team.THEY: 1>: 60})
>>> Rubber(["4H N =", "2S E ="], RubberSettings(unfinished_partscore=50)).totals()[Team.THEY]
110

Choices where the sources are silent or disagree (documented in docs/home.md):

* At one game all the unfinished-rubber game premium is not given to either side (ACBL's
  "if only one game has been completed"); it would cancel anyway.
* A passed-out deal is recorded (so the history and undo stay one line per deal) and scores
  nothing; the cards are redealt.
* Honours are counted by default, as the Laws say; ``RubberSettings(honours=False)`` refuses
  honours claims instead of silently dropping them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core.errors import NotationError
from ..core.seat import Side
from .pad import DealEntry, Item, Line, Posting, Team, deal_postings
from .series import GameSeries, PadGame, deal_log

__all__ = ["Rubber", "RubberSeries", "RubberSettings"]


@dataclass(frozen=True, slots=True)
class RubberSettings:
    """``we``: the partnership in the WE column (NS by default).  ``unfinished_partscore``:
    Law 80's credit for the only part score in an unfinished game (100; some play 50)."""

    we: Side = Side.NS
    unfinished_partscore: int = 100
    honours: bool = True

    def __post_init__(self) -> None:
        if type(self.unfinished_partscore) is not int or self.unfinished_partscore not in (0, 50, 100):
            raise NotationError(
                f"invalid unfinished-rubber partscore credit {self.unfinished_partscore!r}: "
                "expected 100 (ACBL Law 80), 50 or 0",
                f"无效的未完成盘部分分奖分 {self.unfinished_partscore!r}：应为 100（ACBL 第80条）、50 或 0",
            )

    def to_json(self) -> dict[str, Any]:
        return {"we": self.we.name, "unfinished_partscore": self.unfinished_partscore,
                "honours": self.honours}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RubberSettings:
        return cls(Side.parse(str(data.get("we", "NS"))),
                   int(data.get("unfinished_partscore", 100)),
                   bool(data.get("honours", True)))


@dataclass(frozen=True)
class Rubber(PadGame[RubberSettings]):
    """One rubber: the deals entered so far and everything the scorepad shows about them
    (``games``: the deal numbers after which a game line is drawn, with the side that won
    each game)."""

    def __init__(self, deals: Iterable[DealEntry | str] = (),
                 settings: RubberSettings = RubberSettings()) -> None:
        super().__init__(deals, settings)

    def _score(self) -> None:
        we = self.settings.we
        won = {Team.WE: 0, Team.THEY: 0}
        legs = {Team.WE: 0, Team.THEY: 0}
        postings: list[Posting] = []
        games: list[tuple[int, Team]] = []
        over = False
        for number, entry in enumerate(self.deals, 1):
            if over:
                raise NotationError(
                    "the rubber is over: start a new one for further deals",
                    "这一盘已经结束：请开始新的一盘",
                )
            self._check_honours(entry)
            declarer = entry.result.declarer
            vulnerable = declarer is not None and won[Team.of(declarer, we)] > 0
            deal = deal_postings(entry, number, we, vulnerable)
            postings.extend(deal)
            for p in deal:
                if p.line is Line.BELOW:
                    legs[p.team] += p.points
                    if legs[p.team] >= 100:
                        won[p.team] += 1
                        games.append((number, p.team))
                        legs = {Team.WE: 0, Team.THEY: 0}
                        if won[p.team] == 2:
                            bonus = 700 if won[p.team.other] == 0 else 500
                            postings.append(Posting(number, p.team, Line.ABOVE, Item.RUBBER,
                                                    bonus, str(bonus)))
                            over = True
        self._record(postings, games, legs)

    @property
    def game_lines(self) -> tuple[int, ...]:
        return tuple(number for number, _ in self.games)

    def games_won(self, team: Team) -> int:
        return sum(1 for _, t in self.games if t is team)

    def vulnerable(self, team: Team) -> bool:
        """A side that has won a game in this rubber is vulnerable."""
        return self.games_won(team) > 0

    @property
    def finished(self) -> bool:
        return any(p.item is Item.RUBBER for p in self.postings)

    @property
    def winner(self) -> Team | None:
        """The side that won two games, once the rubber is over."""
        for p in self.postings:
            if p.item is Item.RUBBER:
                return p.team
        return None

    def settlement(self) -> tuple[Posting, ...]:
        """Law 80's premiums if the rubber stopped now (nothing once it is over)."""
        if self.finished:
            return ()
        out: list[Posting] = []
        with_game = [t for t in Team if self.games_won(t)]
        if len(with_game) == 1:
            out.append(Posting(0, with_game[0], Line.ABOVE, Item.UNFINISHED_GAME, 300, "300"))
        with_leg = [t for t in Team if self.legs[t]]
        credit = self.settings.unfinished_partscore
        if len(with_leg) == 1 and credit:
            out.append(Posting(0, with_leg[0], Line.ABOVE, Item.UNFINISHED_PARTSCORE, credit,
                               str(credit)))
        return tuple(out)

    def _sum(self, team: Team, line: Line | None, settle: bool) -> int:
        postings = self.postings + (self.settlement() if settle else ())
        return sum(p.points for p in postings
                   if p.team is team and (line is None or p.line is line))

    def below(self, team: Team) -> int:
        return self._sum(team, Line.BELOW, False)

    def above(self, team: Team, settle: bool = False) -> int:
        return self._sum(team, Line.ABOVE, settle)

    def totals(self, settle: bool = True) -> dict[Team, int]:
        """Each column's total; an unfinished rubber is settled unless ``settle`` is false."""
        return {team: self._sum(team, None, settle) for team in Team}

    def deal_points(self, number: int) -> dict[Team, int]:
        """What deal ``number`` (from 1) added to each column, rubber bonus included."""
        return {team: sum(p.points for p in self.postings if p.deal == number and p.team is team)
                for team in Team}

    def to_json(self, settle: bool = True) -> dict[str, Any]:
        we = self.settings.we
        return {
            "deals": [str(d) for d in self.deals],
            "postings": [p.to_json(we) for p in self.postings],
            "settlement": [p.to_json(we) for p in self.settlement()],
            "games": [{"deal": n, "team": t.name.lower()} for n, t in self.games],
            "finished": self.finished,
            "winner": None if self.winner is None else self.winner.name.lower(),
            "below": {t.name.lower(): self.below(t) for t in Team},
            "above": {t.name.lower(): self.above(t, settle) for t in Team},
            "totals": {t.name.lower(): v for t, v in self.totals(settle).items()},
            "margin": self.margin(settle),
            "running": [d.to_json() for d in deal_log(self)],
        }


class RubberSeries(GameSeries[Rubber, RubberSettings]):
    """Rubber after rubber on one pad; the next deal after a finished rubber starts a new one.

    >>> s = RubberSeries(["3NT N =", "4S S ="]).add("1NT E =")
    >>> len(s.games), s.games[0].totals()[Team.WE], s.current.deals
    (2, 920, (DealEntry.parse('1NT E ='),))
    """

    kind = "rubber"
    game_type = Rubber

    def __init__(self, deals: Iterable[DealEntry | str] = (),
                 settings: RubberSettings = RubberSettings()) -> None:
        super().__init__(deals, settings)
