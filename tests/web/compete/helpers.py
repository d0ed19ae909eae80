"""Shared pieces of the competitions' tests: a club with a director and members, a pairs
event on the fake clock, and a board played out at a competition's table."""

from __future__ import annotations

from typing import Any

from bridgescore.core.seat import Seat
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import Competition, CompetitionTable
from bridgescore.web.play import position as play_position
from bridgescore.web.play import services as play
from bridgescore.web.play.models import PlayTable

from ..base import make_user

T0 = 1_900_000_000.0  # the fake clock's start (Unix seconds, 2030)


def club_with(members: int) -> tuple[Club, User, list[User]]:
    """A club, its director and ``members`` members (m1, m2, …)."""
    club = Club.objects.create(slug="online", name_en="Online Club", name_zh="网络俱乐部")
    director = make_user("td", "Tina Director", "裁判")
    Membership.objects.create(club=club, player=director.player, role="director")
    people = []
    for i in range(1, members + 1):
        u = make_user(f"m{i}", f"Member {i}", f"会员{i}")
        Membership.objects.create(club=club, player=u.player, role="member")
        people.append(u)
    return club, director, people


def pairs_event(club: Club, director: User, **settings: Any) -> Competition:
    """A Howell-type pairs event that starts by the clock at T0 + 100 (1 board a round,
    10-minute rounds, unless the settings say otherwise)."""
    base: dict[str, Any] = {"winners": 1, "boards_per_round": 1, "round_time": 600,
                            "start_at": T0 + 100, "deal_seed": 7}
    base.update(settings)
    return sv.create_competition(club, director, kind="pairs", name_en="Online pairs",
                                 name_zh="网上双人赛", settings=base)


def sign_up(c: Competition, players: list[User]) -> None:
    for a, b in zip(players[::2], players[1::2], strict=True):
        sv.act(c, {"type": "signup", "players": [str(a.pk), str(b.pk)]}, a)


def tables(c: Competition, round: int) -> list[CompetitionTable]:
    return list(CompetitionTable.objects.filter(competition=c, round=round)
                .select_related("play_table").order_by("number"))


def seated(t: PlayTable) -> list[int | None]:
    """The user ids at N, E, S, W."""
    seats = {s.seat: s.user_id for s in t.seats.all()}
    return [seats.get(i) for i in range(4)]


def pass_out(t: PlayTable) -> None:
    """The four players at ``t`` pass the board out (dealer first: board numbers are the
    library's, so the dealer is the board's)."""
    from bridgescore.core.board import Board

    board = play_position.current_board(t)
    assert board is not None and board.finished is None
    users = {s.seat: s.user for s in t.seats.select_related("user") if s.user is not None}
    dealer = Board(board.number).dealer
    for k in range(4):
        seat = Seat((dealer.value + k) % 4)
        play.act(t, users[seat.value], {"type": "call", "call": "Pass"})


def start() -> None:
    clock.set(T0)
