"""A run of rubbers (or Chicagos) on one scorepad, with running totals and undo.

Each game type is a pure function of its list of deals, so undo is "the same list without the
last deal" and a saved session is just the settings and the list of deals.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, Protocol, Self, TypeVar

from ..errors import NotationError
from ..frozen import FrozenMap
from ..seat import Side
from .pad import DealEntry, Posting, Team

__all__ = ["DealLine", "Game", "Series", "deal_log"]


class Game(Protocol):
    """What a rubber and a Chicago have in common."""

    @property
    def deals(self) -> tuple[DealEntry, ...]: ...

    @property
    def finished(self) -> bool: ...

    @property
    def postings(self) -> tuple[Posting, ...]: ...

    @property
    def game_lines(self) -> tuple[int, ...]: ...

    @property
    def we(self) -> Side: ...

    def settlement(self) -> tuple[Posting, ...]: ...

    def totals(self, settle: bool = True) -> dict[Team, int]: ...

    def add(self, entry: DealEntry | str) -> Self: ...


G = TypeVar("G", bound=Game)


@dataclass(frozen=True, slots=True)
class DealLine:
    """One deal of a game as the running-totals column shows it: what the deal put on the pad
    for each side (a rubber's bonus goes with the deal that ended it) and the totals so far
    (before any unfinished-game premium)."""

    deal: int
    entry: DealEntry
    points: Mapping[Team, int]  # read-only
    running: Mapping[Team, int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", FrozenMap(self.points))
        object.__setattr__(self, "running", FrozenMap(self.running))

    def to_json(self) -> dict[str, object]:
        return {"deal": self.deal, "entry": str(self.entry),
                "we": self.points[Team.WE], "they": self.points[Team.THEY],
                "we_total": self.running[Team.WE], "they_total": self.running[Team.THEY]}


def deal_log(game: Game) -> list[DealLine]:
    """Deal by deal, the points each side scored and the running totals.

    >>> from .rubber import Rubber
    >>> [(d.points[Team.WE], d.running[Team.WE], d.running[Team.THEY])
    ...  for d in deal_log(Rubber(["2H S +1", "3NT E =", "4SX N -2"]))]
    [(90, 90, 0), (0, 90, 100), (0, 90, 400)]
    """
    running = {Team.WE: 0, Team.THEY: 0}
    out: list[DealLine] = []
    for number, entry in enumerate(game.deals, 1):
        points = {t: sum(p.points for p in game.postings if p.deal == number and p.team is t)
                  for t in Team}
        running = {t: running[t] + points[t] for t in Team}
        out.append(DealLine(number, entry, points, running))
    return out


class Series(ABC, Generic[G]):
    """Consecutive games of one kind: a new one starts when the previous one is over."""

    def __init__(self, new_game: Callable[[tuple[DealEntry, ...]], G],
                 deals: Iterable[DealEntry | str] = ()) -> None:
        self._new_game = new_game
        games: list[G] = []
        current = new_game(())
        for number, deal in enumerate(deals, 1):
            entry = deal if isinstance(deal, DealEntry) else DealEntry.parse(deal)
            if current.finished:
                games.append(current)
                current = new_game(())
            try:
                current = current.add(entry)
            except NotationError as e:
                raise type(e)(f"deal {number}: {e.en}", f"第{number}副：{e.zh}") from None
        if current.deals or not games:
            games.append(current)
        self.games: tuple[G, ...] = tuple(games)

    @property
    def deals(self) -> tuple[DealEntry, ...]:
        return tuple(d for g in self.games for d in g.deals)

    @property
    def current(self) -> G:
        """The game being played: the last one, or a fresh one when the last is over."""
        last = self.games[-1]
        return self._new_game(()) if last.finished else last

    def add(self, entry: DealEntry | str) -> Self:
        return self._with((*self.deals, entry))

    def undo(self) -> Self:
        """The series without its last deal (an empty series stays empty)."""
        return self._with(self.deals[:-1])

    @abstractmethod
    def _with(self, deals: Iterable[DealEntry | str]) -> Self:
        """The same kind of series, with the same settings, over ``deals``."""

    def totals(self, settle: bool = True) -> dict[Team, int]:
        """Both columns summed over every game; an unfinished last game is settled by the
        rules for an unfinished game unless ``settle`` is false."""
        out = {Team.WE: 0, Team.THEY: 0}
        for game in self.games:
            for team, points in game.totals(settle).items():
                out[team] += points
        return out

    def margin(self, settle: bool = True) -> int:
        """WE minus THEY."""
        t = self.totals(settle)
        return t[Team.WE] - t[Team.THEY]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Series) or type(other) is not type(self):
            return NotImplemented
        return self.games == other.games

    def __hash__(self) -> int:
        return hash(self.games)
