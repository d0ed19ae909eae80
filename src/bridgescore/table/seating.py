"""Who sits at an online table, and what happens when a player's connection drops: a pure
state machine beside :mod:`bridgescore.table.state` (the seats change on their own clock, the
board on the players' actions).  Time is passed in (seconds, any epoch), never read.

A player who drops keeps the seat for ``grace`` seconds and resumes where the table is; past
the grace period a robot plays the seat until the player comes back.  A drop that outlasts
the grace period while a board is in progress is a disconnection in the sense of seed 002 §10
(platform.md: its penalties are applied by the competitions); it is reported once, as a
:class:`Disconnected` event.

>>> s = Seating()
>>> s, _ = s.sit(Seat.SOUTH, "ann", now=0)
>>> s, _ = s.drop("ann", now=10)
>>> s.tick(now=50, in_progress=True)[1]
[]
>>> s, events = s.tick(now=71, in_progress=True)
>>> [type(e).__name__ for e in events], s.robot_plays(Seat.SOUTH)
(['RobotStandsIn', 'Disconnected'], True)
>>> s, events = s.connect("ann", now=90)
>>> [type(e).__name__ for e in events], s.robot_plays(Seat.SOUTH)
(['Returned'], False)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.errors import BridgeError
from ..core.seat import Seat

__all__ = [
    "DEFAULT_GRACE",
    "Disconnected",
    "Dropped",
    "Returned",
    "RobotStandsIn",
    "Sat",
    "SeatInfo",
    "Seating",
    "SeatingError",
    "SeatingEvent",
    "Stood",
]

DEFAULT_GRACE = 60.0  # seconds a dropped player keeps the seat (platform.md §10's default)


class SeatingError(BridgeError):
    def __init__(self, code: str, en: str, zh: str) -> None:
        super().__init__(en, zh)
        self.code = code


@dataclass(frozen=True, slots=True)
class SeatInfo:
    player: str | None = None  # the account sitting here
    robot: bool = False  # a robot sits here (no player), or stands in for a dropped player
    connected: bool = False  # the player has at least one live connection
    away_since: float | None = None  # when the player's last connection dropped
    reserved_for: str | None = None  # the host keeps this seat for one account

    @property
    def empty(self) -> bool:
        return self.player is None and not self.robot


@dataclass(frozen=True, slots=True)
class Sat:
    seat: Seat
    player: str | None  # None: a robot


@dataclass(frozen=True, slots=True)
class Stood:
    seat: Seat
    player: str | None


@dataclass(frozen=True, slots=True)
class Dropped:
    seat: Seat
    player: str
    at: float


@dataclass(frozen=True, slots=True)
class RobotStandsIn:
    seat: Seat
    player: str


@dataclass(frozen=True, slots=True)
class Disconnected:
    """The drop outlasted the grace period during a board: recorded for §10's penalties."""

    seat: Seat
    player: str
    at: float  # when the connection dropped


@dataclass(frozen=True, slots=True)
class Returned:
    seat: Seat
    player: str


SeatingEvent = Sat | Stood | Dropped | RobotStandsIn | Disconnected | Returned

_EMPTY = (SeatInfo(), SeatInfo(), SeatInfo(), SeatInfo())


@dataclass(frozen=True, slots=True)
class Seating:
    seats: tuple[SeatInfo, SeatInfo, SeatInfo, SeatInfo] = _EMPTY
    grace: float = DEFAULT_GRACE

    def __getitem__(self, seat: Seat) -> SeatInfo:
        return self.seats[seat.value]

    def _with(self, seat: Seat, info: SeatInfo) -> Seating:
        seats = list(self.seats)
        seats[seat.value] = info
        return Seating((seats[0], seats[1], seats[2], seats[3]), self.grace)

    def seat_of(self, player: str) -> Seat | None:
        for seat in Seat:
            if self.seats[seat.value].player == player:
                return seat
        return None

    @property
    def is_full(self) -> bool:
        """Four seats filled (people or robots): the table can play."""
        return all(not info.empty for info in self.seats)

    def robot_plays(self, seat: Seat) -> bool:
        """A robot makes this seat's calls and plays: a robot's seat, or a dropped player's
        past the grace period."""
        return self.seats[seat.value].robot

    # -- sitting ---------------------------------------------------------------------------

    def sit(self, seat: Seat, player: str, now: float) -> tuple[Seating, list[SeatingEvent]]:
        info = self[seat]
        if self.seat_of(player) is not None:
            raise SeatingError("already_seated", "you already have a seat at this table",
                               "您在本桌已有座位")
        if not info.empty:
            en, zh = seat.name_in("en"), seat.name_in("zh")
            raise SeatingError("seat_taken", f"the {en} seat is taken", f"{zh}的座位已有人")
        if info.reserved_for is not None and info.reserved_for != player:
            en, zh = seat.name_in("en"), seat.name_in("zh")
            raise SeatingError("seat_reserved", f"the {en} seat is reserved for another player",
                               f"{zh}的座位已为其他牌手保留")
        new = self._with(seat, SeatInfo(player, connected=True, reserved_for=info.reserved_for))
        return new, [Sat(seat, player)]

    def seat_robot(self, seat: Seat) -> tuple[Seating, list[SeatingEvent]]:
        """A robot takes an empty seat (the host's choice, or one person practising)."""
        if not self[seat].empty:
            en, zh = seat.name_in("en"), seat.name_in("zh")
            raise SeatingError("seat_taken", f"the {en} seat is taken", f"{zh}的座位已有人")
        return self._with(seat, SeatInfo(robot=True)), [Sat(seat, None)]

    def stand(self, seat: Seat) -> tuple[Seating, list[SeatingEvent]]:
        """The seat is emptied: its player leaves, the host removes them, or a robot goes.
        A reservation stays."""
        info = self[seat]
        if info.empty:
            en, zh = seat.name_in("en"), seat.name_in("zh")
            raise SeatingError("seat_empty", f"the {en} seat is empty", f"{zh}的座位是空的")
        return (self._with(seat, SeatInfo(reserved_for=info.reserved_for)),
                [Stood(seat, info.player)])

    def reserve(self, seat: Seat, player: str | None) -> Seating:
        """Keep an empty seat for one account (``None`` lifts the reservation)."""
        info = self[seat]
        if player is not None and not info.empty and info.player != player:
            en, zh = seat.name_in("en"), seat.name_in("zh")
            raise SeatingError("seat_taken", f"the {en} seat is taken", f"{zh}的座位已有人")
        return self._with(seat, replace(info, reserved_for=player))

    # -- connections -----------------------------------------------------------------------

    def connect(self, player: str, now: float) -> tuple[Seating, list[SeatingEvent]]:
        """A connection of ``player`` opened: a dropped player is back, and takes the seat
        back from the robot that stood in."""
        seat = self.seat_of(player)
        if seat is None:
            return self, []
        info = self[seat]
        events: list[SeatingEvent] = []
        if info.robot or info.away_since is not None:
            events.append(Returned(seat, player))
        return self._with(seat, replace(info, connected=True, away_since=None, robot=False)), events

    def drop(self, player: str, now: float) -> tuple[Seating, list[SeatingEvent]]:
        """The player's last connection closed (the web layer counts connections)."""
        seat = self.seat_of(player)
        if seat is None or not self[seat].connected:
            return self, []
        info = self[seat]
        return (self._with(seat, replace(info, connected=False, away_since=now)),
                [Dropped(seat, player, now)])

    def tick(self, now: float, in_progress: bool) -> tuple[Seating, list[SeatingEvent]]:
        """What the clock changes: a robot stands in for each player away past the grace
        period (recorded as a disconnection when a board is in progress)."""
        new = self
        events: list[SeatingEvent] = []
        for seat in Seat:
            info = new[seat]
            if (info.player is None or info.robot or info.away_since is None
                    or now - info.away_since < self.grace):
                continue
            new = new._with(seat, replace(info, robot=True))
            events.append(RobotStandsIn(seat, info.player))
            if in_progress:
                events.append(Disconnected(seat, info.player, info.away_since))
        return new, events

    def deadline(self) -> float | None:
        """The next moment :meth:`tick` has something to do, or ``None``."""
        times = [info.away_since + self.grace for info in self.seats
                 if info.player is not None and not info.robot and info.away_since is not None]
        return min(times) if times else None
