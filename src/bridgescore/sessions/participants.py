"""Who plays: players with stable ids, pairs, teams, and a team's line-up in a match.

Ids are text.  A whole number, as a database hands over, is accepted and kept as its decimal
text, so ``Pair(7)`` and ``Pair("7")`` are the same pair and a results list keyed by either
finds it:

>>> Pair(7) == Pair("7"), Pair(7).id
(True, '7')

A ``Player`` carries the id that ratings and masterpoints will follow across events; pairs
and teams may carry their players (``members``) besides, or instead of, the names alone:

>>> ann, bo = Player(101, "Ann Lee", "李安"), Player(102, "Bo Wang", "王博")
>>> p = Pair(3, members=(ann, bo))
>>> p.names, p.label(), p.label("zh")
(('Ann Lee', 'Bo Wang'), '3 Ann Lee – Bo Wang', '3 李安、王博')

A ``LineUp`` says which two players of a team sat in which room on which boards of a match
(the home team sits NS in the open room and EW in the closed room; the players are given
North then South, or East then West).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ..core.errors import BridgeError
from ..core.i18n import Lang, check_lang, is_zh
from ..core.seat import Side
from ..core.serial import Data, Fields, enum_name, excerpt, header

__all__ = ["LineUp", "Pair", "Player", "Room", "Team", "as_id", "check_lineups"]

Room = Literal["open", "closed"]
_ROOM_ZH = {"open": "开室", "closed": "闭室"}


def as_id(value: object, what: str = "pair", what_zh: str = "对") -> str:
    """An id as the model keeps it: non-empty text; a whole number from 0 up (below 10¹⁸, as
    a database key is) becomes its text."""
    if isinstance(value, str):
        if value.strip():
            return value
    elif type(value) is int and 0 <= value < 10**18:
        return str(value)
    raise BridgeError(
        f"invalid {what} id {excerpt(value)}: expected a non-empty text or a whole number "
        "from 0 up",
        f"无效的{what_zh}编号 {excerpt(value)}：应为非空文本或不小于 0 的整数",
    )


def _texts(value: object, what: str, what_zh: str) -> tuple[str, ...]:
    if isinstance(value, list | tuple) and all(isinstance(x, str) for x in value):
        return tuple(value)
    raise BridgeError(f"invalid {what} {excerpt(value)}: expected a list of texts",
                      f"无效的{what_zh} {excerpt(value)}：应为文本列表")


def _members(value: object) -> tuple[Player, ...]:
    if isinstance(value, list | tuple) and all(isinstance(x, Player) for x in value):
        ids = [p.id for p in value]
        if len(set(ids)) == len(ids):
            return tuple(value)
        raise BridgeError(f"player {next(i for i in ids if ids.count(i) > 1)} is listed twice",
                          f"球员 {next(i for i in ids if ids.count(i) > 1)} 被列了两次")
    raise BridgeError(f"invalid members {excerpt(value)}: expected a list of Player values",
                      f"无效的成员 {excerpt(value)}：应为 Player 列表")


def _names_of(members: tuple[Player, ...], names: tuple[str, ...], who: str) -> tuple[str, ...]:
    """The names a pair or team shows: given, or its members' names (which they must match)."""
    derived = tuple(p.name for p in members)
    if not names:
        return derived
    if members and names != derived:
        raise BridgeError(
            f"{who}: the names {list(names)} are not those of its members {list(derived)}",
            f"{who}：名字 {list(names)} 与成员的名字 {list(derived)} 不一致",
        )
    return names


@dataclass(frozen=True, slots=True)
class Player:
    """A player: a stable ``id`` (a membership number, a database key) and the name, with a
    Chinese form when it differs."""

    id: str
    name: str = ""
    name_zh: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "id", as_id(self.id, "player", "球员"))
        if not isinstance(self.name, str) or not (self.name_zh is None
                                                  or isinstance(self.name_zh, str)):
            raise BridgeError(
                f"player {self.id}: the name must be a text, got {excerpt(self.name)}"
                + ("" if self.name_zh is None else f" / {excerpt(self.name_zh)}"),
                f"球员 {self.id}：名字应为文本，实为 {excerpt(self.name)}"
                + ("" if self.name_zh is None else f" / {excerpt(self.name_zh)}"),
            )

    def label(self, lang: Lang = "en") -> str:
        if is_zh(lang) and self.name_zh:
            return self.name_zh
        return self.name or self.id

    def to_dict(self) -> Data:
        return {**header("Player"), "id": self.id, "name": self.name, "name_zh": self.name_zh}

    @classmethod
    def from_dict(cls, data: object) -> Player:
        f = Fields(data, "Player")
        pid, name, name_zh = f.text("id"), f.text("name"), f.opt_text("name_zh")
        f.done()
        return cls(pid, name, name_zh)


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair.  ``direction`` is its fixed direction in a two-winner (Mitchell) event;
    ``members`` its two players when known (then ``names`` defaults to theirs)."""

    id: str
    names: tuple[str, ...] = ()
    direction: Side | None = None
    registration: int | None = None  # order of entry: earlier ranks higher on a Swiss tie
    members: tuple[Player, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "id", as_id(self.id))
        if (self.members == () and self.names == () and self.direction is None
                and self.registration is None):
            return  # the common case, made when a results file names a pair: nothing to check
        members = _members(self.members)
        if len(members) not in (0, 2):
            raise BridgeError(f"pair {self.id}: a pair has two players, not {len(members)}",
                              f"第{self.id}对：一对有两名球员，而不是 {len(members)} 名")
        object.__setattr__(self, "members", members)
        names = _texts(self.names, "names", "名字")
        object.__setattr__(self, "names", _names_of(members, names, f"pair {self.id}"))
        if self.direction is not None and not isinstance(self.direction, Side):
            raise BridgeError(
                f"pair {self.id}: invalid direction {excerpt(self.direction)}: expected "
                "Side.NS, Side.EW or None",
                f"第{self.id}对：无效的方向 {excerpt(self.direction)}：应为 Side.NS、Side.EW 或 None")
        if self.registration is not None and type(self.registration) is not int:
            raise BridgeError(
                f"pair {self.id}: invalid registration {excerpt(self.registration)}: expected "
                "a whole number",
                f"第{self.id}对：无效的报名序号 {excerpt(self.registration)}：应为整数")

    def names_in(self, lang: Lang = "en") -> tuple[str, ...]:
        """The players' names; in Chinese their Chinese names where the members have them."""
        if is_zh(lang) and self.members and any(p.name_zh for p in self.members):
            return tuple(p.label("zh") for p in self.members)
        return self.names

    def label(self, lang: Lang = "en") -> str:
        names = self.names_in(lang)
        who = " – ".join(names) if not is_zh(lang) else "、".join(names)
        return f"{self.id} {who}".strip()

    def to_dict(self) -> Data:
        return {
            **header("Pair"), "id": self.id, "names": list(self.names),
            "direction": enum_name(self.direction), "registration": self.registration,
            "members": [p.to_dict() for p in self.members],
        }

    @classmethod
    def from_dict(cls, data: object) -> Pair:
        f = Fields(data, "Pair")
        pid, names = f.text("id"), f.texts("names")
        direction, registration = f.opt_enum("direction", Side), f.opt_whole("registration")
        members = f.objs("members", Player.from_dict)
        f.done()
        return cls(pid, names, direction, registration, members)


@dataclass(frozen=True, slots=True)
class Team:
    """A team: ``players`` are the names shown; ``members`` the players with their ids (when
    given, ``players`` defaults to their names)."""

    id: str
    name: str = ""
    players: tuple[str, ...] = ()
    members: tuple[Player, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "id", as_id(self.id, "team", "队"))
        if not isinstance(self.name, str):
            raise BridgeError(f"team {self.id}: the name must be a text, got {excerpt(self.name)}",
                              f"{self.id}队：队名应为文本，实为 {excerpt(self.name)}")
        members = _members(self.members)
        object.__setattr__(self, "members", members)
        names = _texts(self.players, "players", "球员")
        object.__setattr__(self, "players", _names_of(members, names, f"team {self.id}"))

    def label(self, lang: Lang = "en") -> str:
        check_lang(lang)  # the same text in both languages, but still a language
        return self.name or self.id

    def member(self, player_id: object) -> Player | None:
        pid = as_id(player_id, "player", "球员")
        return next((p for p in self.members if p.id == pid), None)

    def to_dict(self) -> Data:
        return {**header("Team"), "id": self.id, "name": self.name,
                "players": list(self.players), "members": [p.to_dict() for p in self.members]}

    @classmethod
    def from_dict(cls, data: object) -> Team:
        f = Fields(data, "Team")
        tid, name, players = f.text("id"), f.text("name"), f.texts("players")
        members = f.objs("members", Player.from_dict)
        f.done()
        return cls(tid, name, players, members)


@dataclass(frozen=True, slots=True)
class LineUp:
    """Team ``team``'s two ``players`` (ids: North then South, or East then West) in ``room``
    on ``boards`` of a match (``()``: every board of the match)."""

    team: str
    room: Room
    players: tuple[str, str]
    boards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "team", as_id(self.team, "team", "队"))
        if self.room not in ("open", "closed"):
            raise BridgeError(f"invalid room {excerpt(self.room)}: expected 'open' or 'closed'",
                              f"无效的房间 {excerpt(self.room)}：应为 'open'（开室）或 'closed'（闭室）")
        players = self.players
        if not isinstance(players, list | tuple) or len(players) != 2:
            raise BridgeError(
                f"team {self.team}, {self.room} room: a line-up names two players, got "
                f"{excerpt(players)}",
                f"{self.team}队{_ROOM_ZH[self.room]}：阵容应为两名球员，实为 {excerpt(players)}")
        a, b = (as_id(p, "player", "球员") for p in players)
        if a == b:
            raise BridgeError(f"team {self.team}, {self.room} room: player {a} sits twice",
                              f"{self.team}队{_ROOM_ZH[self.room]}：球员 {a} 出现两次")
        object.__setattr__(self, "players", (a, b))
        boards = self.boards
        if not isinstance(boards, list | tuple) or any(
                type(x) is not int or x < 1 for x in boards):
            raise BridgeError(
                f"team {self.team}, {self.room} room: invalid boards {excerpt(boards)}: expected "
                "board numbers from 1 up",
                f"{self.team}队{_ROOM_ZH[self.room]}：无效的牌副 {excerpt(boards)}：应为从 1 起的牌副号")
        object.__setattr__(self, "boards", tuple(boards))

    def direction(self, home: str) -> Side:
        """The line the players held: NS for the home team in the open room and the away
        team in the closed room."""
        return Side.NS if (self.team == home) == (self.room == "open") else Side.EW

    def to_dict(self) -> Data:
        return {**header("LineUp"), "team": self.team, "room": self.room,
                "players": list(self.players), "boards": list(self.boards)}

    @classmethod
    def from_dict(cls, data: object) -> LineUp:
        f = Fields(data, "LineUp")
        team, room = f.text("team"), f.choice("room", ("open", "closed"))
        players, boards = f.texts("players"), f.wholes("boards")
        f.done()
        return cls(team, room, players, boards)  # type: ignore[arg-type]


def check_lineups(lineups: Iterable[LineUp], home: Team, away: Team,
                  boards: Iterable[int]) -> tuple[LineUp, ...]:
    """Refuse a line-up of a team not in the match, a player not a member of the team, a board
    not in the match, a team seated twice in a room on a board, or a player in two seats."""
    if not isinstance(lineups, list | tuple) or any(not isinstance(x, LineUp) for x in lineups):
        raise BridgeError(f"invalid line-ups {excerpt(lineups)}: expected LineUp values",
                          f"无效的阵容 {excerpt(lineups)}：应为 LineUp 值")
    teams = {home.id: home, away.id: away}
    in_match = tuple(sorted(set(boards)))
    seat: dict[tuple[int, str, str], LineUp] = {}
    sat: dict[tuple[int, str], LineUp] = {}
    for lu in lineups:
        team = teams.get(lu.team)
        where, where_zh = f"team {lu.team}, {lu.room} room", f"{lu.team}队{_ROOM_ZH[lu.room]}"
        if team is None:
            raise BridgeError(f"{where}: not a team of this match ({home.id} v {away.id})",
                              f"{where_zh}：不是本场比赛的队（{home.id} 对 {away.id}）")
        for p in lu.players:
            if team.member(p) is None:
                raise BridgeError(
                    f"{where}: player {p} is not a member of team {team.id}"
                    + ("" if team.members else " (the team lists no members with ids)"),
                    f"{where_zh}：球员 {p} 不是{team.id}队的成员"
                    + ("" if team.members else "（该队没有列出带编号的成员）"))
        for b in lu.boards or in_match:
            if b not in in_match:
                raise BridgeError(f"{where}: board {b} is not a board of this match",
                                  f"{where_zh}：第{b}副不是本场比赛的牌")
            if (b, lu.team, lu.room) in seat:
                raise BridgeError(f"{where}: two line-ups on board {b}",
                                  f"{where_zh}：第{b}副有两个阵容")
            seat[(b, lu.team, lu.room)] = lu
            for p in lu.players:
                if (b, p) in sat:
                    raise BridgeError(f"{where}: player {p} is also seated elsewhere on board {b}",
                                      f"{where_zh}：球员 {p} 在第{b}副还坐在别处")
                sat[(b, p)] = lu
    return tuple(lineups)
