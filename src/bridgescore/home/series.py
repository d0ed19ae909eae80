"""What rubber bridge and Chicago share: a game on the scorepad and a run of games on one pad,
with running totals and undo.

Each game type is a pure function of its list of deals, so undo is "the same list without the
last deal" and a saved session is just the settings and the list of deals.  :class:`PadGame`
and :class:`GameSeries` hold what the two games do alike; :mod:`.rubber` and :mod:`.chicago`
keep only their own rules (when a game is won, which premiums, how a game ends).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from ..core.errors import NotationError
from ..core.frozen import FrozenMap
from ..core.seat import Side
from .pad import DealEntry, Posting, Team

__all__ = ["DealLine", "Game", "GameSeries", "GameSettings", "PadGame", "Series", "deal_log"]


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


class GameSettings(Protocol):
    """What a rubber's and a Chicago's settings have in common."""

    @property
    def we(self) -> Side: ...

    @property
    def honours(self) -> bool: ...

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=GameSettings)


def _entry(deal: DealEntry | str) -> DealEntry:
    return deal if isinstance(deal, DealEntry) else DealEntry.parse(deal)


class _Columns(ABC):
    """Anything scored in the WE and THEY columns: one game, or a series of them."""

    @abstractmethod
    def totals(self, settle: bool = True) -> dict[Team, int]:
        """Each column's total."""

    def margin(self, settle: bool = True) -> int:
        """WE minus THEY."""
        t = self.totals(settle)
        return t[Team.WE] - t[Team.THEY]


@dataclass(frozen=True)
class PadGame(_Columns, Generic[S]):
    """One game on the scorepad, rubber or Chicago: its deals, its settings, and what they put
    on the pad.  A subclass scores the deals in :meth:`_score` (called once, on construction;
    a game never changes, :meth:`add` and :meth:`undo` make another)."""

    deals: tuple[DealEntry, ...]
    settings: S
    postings: tuple[Posting, ...] = field(init=False, compare=False, repr=False)
    #: the deal numbers on which a game was made, with the side that made it
    games: tuple[tuple[int, Team], ...] = field(init=False, compare=False, repr=False)
    #: trick points below the line towards the game being played
    legs: Mapping[Team, int] = field(init=False, compare=False, repr=False)  # read-only

    def __init__(self, deals: Iterable[DealEntry | str], settings: S) -> None:
        object.__setattr__(self, "deals", tuple(_entry(d) for d in deals))
        object.__setattr__(self, "settings", settings)
        self._score()

    @abstractmethod
    def _score(self) -> None:
        """Work out the postings, games and legs from the deals, and :meth:`_record` them."""

    def _record(self, postings: Iterable[Posting], games: Iterable[tuple[int, Team]],
                legs: Mapping[Team, int]) -> None:
        # The game is frozen: what it scored is set once, here, at the end of _score.
        object.__setattr__(self, "postings", tuple(postings))
        object.__setattr__(self, "games", tuple(games))
        object.__setattr__(self, "legs", FrozenMap(legs))

    def _check_honours(self, entry: DealEntry) -> None:
        """Refuse an honours claim when the settings leave honours out: dropping it silently
        would let the scorer believe it counted."""
        if entry.honours is not None and not self.settings.honours:
            raise NotationError(
                f"honours are not counted in this game: {entry}",
                f"本局设定不计大牌奖分：{entry.format('zh')}",
            )

    # What each game says its own way (the Game protocol asks for them).
    @property
    @abstractmethod
    def finished(self) -> bool:
        """Whether the game is over: a further deal starts the next one."""

    @property
    @abstractmethod
    def game_lines(self) -> tuple[int, ...]:
        """The deal numbers after which the pad draws a line under a game."""

    @abstractmethod
    def settlement(self) -> tuple[Posting, ...]:
        """What an unfinished game adds if it stops now."""

    @abstractmethod
    def to_json(self, settle: bool = True) -> dict[str, Any]:
        """The game as JSON (docs/json.md); ``settle`` as for :meth:`totals`."""

    @property
    def we(self) -> Side:
        return self.settings.we

    def add(self, deal: DealEntry | str) -> Self:
        """The game with one more deal (an error once the game is over)."""
        return type(self)((*self.deals, _entry(deal)), self.settings)

    def undo(self) -> Self:
        return type(self)(self.deals[:-1], self.settings)


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


class Series(_Columns, Generic[G]):
    """Consecutive games of one kind: a new one starts when the previous one is over."""

    def __init__(self, new_game: Callable[[tuple[DealEntry, ...]], G],
                 deals: Iterable[DealEntry | str] = ()) -> None:
        self._new_game = new_game
        games: list[G] = []
        current = new_game(())
        for number, deal in enumerate(deals, 1):
            entry = _entry(deal)
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

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Series) or type(other) is not type(self):
            return NotImplemented
        return self.games == other.games

    def __hash__(self) -> int:
        return hash(self.games)


P = TypeVar("P", bound=PadGame[Any])


class GameSeries(Series[P], Generic[P, S]):
    """Games of one kind on one pad, all under the same settings: a subclass names its
    ``kind`` and its ``game_type``, and gives its constructor the settings' default."""

    #: the kind's name in JSON and in saved sessions: "rubber", "chicago"
    kind: ClassVar[str]
    #: the class of its games, made with the series' settings: Rubber, Chicago
    game_type: type[P]

    def __init__(self, deals: Iterable[DealEntry | str], settings: S) -> None:
        self.settings = settings
        super().__init__(lambda d: self.game_type(d, settings), deals)

    def _with(self, deals: Iterable[DealEntry | str]) -> Self:
        return type(self)(deals, self.settings)

    def to_json(self, settle: bool = True) -> dict[str, Any]:
        # The list of games is named after the kind: "rubbers", "chicagos".
        return {
            "kind": self.kind,
            "settings": self.settings.to_json(),
            f"{self.kind}s": [g.to_json(settle) for g in self.games],
            "totals": {t.name.lower(): v for t, v in self.totals(settle).items()},
            "margin": self.margin(settle),
        }
