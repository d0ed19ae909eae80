"""The kinds of competition the platform runs, and the one shape they all take here.

A kind wraps one of the library's state machines (``bridgescore.compete``): it reads the
kind's settings from plain data, makes the start state, turns actions into plain data and
back (the log stores them), and says in platform terms what the machine's events ask for
(``Effect``: open a round's tables and seat them, end a round and cut its boards, award
masterpoints).  ``services`` does the rest the same way for every kind, so that adding a
kind is a module of this shape and a ``register`` call.

Players are strings in the state machines: a user is ``str(user.pk)`` (the seating
library's spelling too), a robot entrant ``robot:<label>`` (``robot_id``): the platform
puts a robot at its seats and gives it no masterpoints.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from ...core.errors import BridgeError
from ...core.result import Result
from ...core.text import excerpt

__all__ = [
    "Effect",
    "EndRound",
    "GiveMasterpoints",
    "Kind",
    "OpenRound",
    "PlayedBoard",
    "TableSpec",
    "is_robot",
    "robot_id",
]

ROBOT = "robot:"


def robot_id(label: str) -> str:
    """The player id of a robot entrant."""
    return f"{ROBOT}{label}"


def is_robot(player: str) -> bool:
    return player.startswith(ROBOT)


@dataclass(frozen=True, slots=True)
class TableSpec:
    """A table of a round: its number, the players N, E, S, W (``None``: nobody), the
    boards (consecutive numbers), and the room of a team match (open, closed or '')."""

    number: int
    seats: tuple[str | None, str | None, str | None, str | None]
    boards: tuple[int, ...]
    room_label: str = ""


@dataclass(frozen=True, slots=True)
class OpenRound:
    round: int
    tables: tuple[TableSpec, ...]
    at: float  # the scheduled moment (seconds)
    ends: float | None


@dataclass(frozen=True, slots=True)
class EndRound:
    """The round is over at ``at``: its tables stop; ``cut`` (table, board) were not
    finished and are never played or scored."""

    round: int
    cut: tuple[tuple[int, int], ...]
    at: float


@dataclass(frozen=True, slots=True)
class GiveMasterpoints:
    player: str
    place: int
    points: Fraction
    at: float


Effect = OpenRound | EndRound | GiveMasterpoints  # a kind may add its own (services.register_effect)


@dataclass(frozen=True, slots=True)
class PlayedBoard:
    """A board finished at a competition's play table, as the table recorded it: the deal
    (PBN) and who sat where (N, E, S, W: a player id, a robot's ``robot:`` id, or None),
    for the kinds whose scoring reads more than the result (贴点: the points held)."""

    round: int
    table: int
    board: int
    result: Result
    deal: str
    players: tuple[str | None, str | None, str | None, str | None]


def bad_data(what: str, value: object, en: str, zh: str) -> BridgeError:
    return BridgeError(f"invalid {what} {excerpt(value)}: expected {en}",
                       f"无效的{_ZH.get(what, what)} {excerpt(value)}：应为{zh}")


_ZH = {"action": "操作", "settings": "设置", "player": "牌手", "round": "轮次", "table": "桌号",
       "board": "牌号", "time": "时间"}


def field_of(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...],
             en: str, zh: str) -> Any:
    """``data[key]`` checked to be of ``kind`` (a bool is no number)."""
    v = data.get(key)
    if not isinstance(v, kind) or (isinstance(v, bool) and bool not in
                                   (kind if isinstance(kind, tuple) else (kind,))):
        raise bad_data(key, v, en, zh)
    return v


class Kind(ABC):
    """One kind of competition (see the module).  ``state`` is the kind's own value; the
    methods are pure.  ``director_actions`` only a director (or the system) may take;
    ``player_actions`` a player takes for themselves (``acting_for`` names the players the
    action speaks for: the user must be one of them).

    Abstract: a kind that leaves out one of the abstract methods cannot be made (a
    ``TypeError`` naming them, at the ``register_kind(SomeKind())`` of its module's import),
    and one without its ``name`` or labels neither."""

    name: ClassVar[str]
    label_en: ClassVar[str]
    label_zh: ClassVar[str]
    director_actions: ClassVar[frozenset[str]] = frozenset()
    player_actions: ClassVar[frozenset[str]] = frozenset()
    system_actions: ClassVar[frozenset[str]] = frozenset({"tick"})
    # Actions taken only through their app's own service, which checks what the
    # platform's records say (a player group's leader and members): ``act`` refuses them,
    # a director's included.
    service_actions: ClassVar[frozenset[str]] = frozenset()
    # The URL name of the kind's own page (its one argument ``pk``), when the competitions'
    # event and results pages do not show it (the kinds of ``web.online``); "" for them.
    page: ClassVar[str] = ""

    def __init__(self) -> None:
        for attr in ("name", "label_en", "label_zh"):
            if not isinstance(getattr(type(self), attr, None), str):
                raise TypeError(f"{type(self).__name__} is a Kind without its {attr}")

    @abstractmethod
    def read_settings(self, data: Mapping[str, Any]) -> Any:
        ...

    @abstractmethod
    def start(self, settings: Any) -> Any:
        ...

    @abstractmethod
    def action_from(self, data: Mapping[str, Any]) -> Any:
        ...

    @abstractmethod
    def action_to(self, action: Any) -> dict[str, Any]:
        ...

    @abstractmethod
    def apply(self, state: Any, action: Any) -> tuple[Any, list[Any]]:
        ...

    def tick(self, now: float) -> Any:
        return self.action_from({"type": "tick", "now": now})

    @abstractmethod
    def clock(self, state: Any) -> float | None:
        """The last time applied (an action is never stamped before it)."""
        ...

    @abstractmethod
    def due(self, state: Any) -> float | None:
        """When the state changes by itself next (a tick then does it), or None."""
        ...

    @abstractmethod
    def effects(self, state: Any, events: list[Any]) -> list[Effect]:
        ...

    @abstractmethod
    def result_action(self, state: Any, round: int, table: int, board: int, result: Result,
                      now: float) -> Any | None:
        """The action that records a board finished at a play table (None: the
        competition takes no result now)."""
        ...

    def board_action(self, state: Any, played: PlayedBoard, now: float) -> Any | None:
        """The action that records ``played`` (default: ``result_action`` of its result)."""
        return self.result_action(state, played.round, played.table, played.board,
                                  played.result, now)

    def verify(self, competition: Any, data: Mapping[str, Any], by: Any) -> None:
        """Checks of a person's action against the platform's records (a ladder entrant's
        group and its leader), before the state machine sees it; raises a refusal.
        A hook: none by default."""
        return None

    def verify_setup(self, club: Any, settings: Mapping[str, Any], members_only: bool) -> None:
        """Checks of a set-up against the platform's records (the players a team match
        names are the club's members when it is members-only); raises a refusal.  A hook:
        none by default."""
        return None

    @abstractmethod
    def has_result(self, state: Any, round: int, table: int, board: int) -> bool:
        """Whether the board is settled: recorded, or cut."""
        ...

    @abstractmethod
    def board_settled(self, state: Any, board: int) -> bool:
        """No table of the competition can play ``board`` any more: only then may its
        results, hands and play reach anyone but its own table's players and the directors
        (``compete.privacy``, the one place that applies it).  A kind that does not know
        says False."""
        ...

    @abstractmethod
    def taking_part(self, state: Any) -> frozenset[str]:
        """The players (ids) who may still play a board of the competition: they watch
        none of its tables but their own (``compete.privacy``).  Empty once nothing is left
        to play."""
        ...

    def results_published(self, state: Any) -> bool:
        """Whether the results (the boards once settled, the totals and places) are for
        everyone who may open the competition, or still for its director alone: a pairs
        event's wait for the administrator's publication.  Default: everyone's."""
        return True

    @abstractmethod
    def status(self, state: Any) -> str:
        """open, running, complete, finished or cancelled (``Competition.Status``)."""
        ...

    def acting_for(self, state: Any, action: Any) -> tuple[str, ...]:
        """The players a player's action speaks for (one of them must be the user)."""
        return ()

    @abstractmethod
    def total_boards(self, state: Any) -> int:
        ...

    @abstractmethod
    def current_round(self, state: Any) -> int:
        ...

    @abstractmethod
    def standings(self, state: Any) -> list[dict[str, Any]]:
        ...

    @abstractmethod
    def results(self, state: Any) -> list[dict[str, Any]]:
        """Every recorded board: round, table, board, ns, ew, result, score."""
        ...

    @abstractmethod
    def entries(self, state: Any) -> list[dict[str, Any]]:
        """The entrants: their number (once given) and players."""
        ...


def fraction_text(x: Fraction | float | int | None) -> str | None:
    if x is None:
        return None
    f = Fraction(x)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
