"""Shared pieces of the pool's tests: a club with members and a pool, tables of four, and a
board played out through the play services (an auction, the opening lead, a claim)."""

from __future__ import annotations

import random

from bridgescore.core.seat import Seat
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.compete import clock
from bridgescore.web.compete.models import PoolWeek
from bridgescore.web.compete.pool import services as pool
from bridgescore.web.play import position as play_position
from bridgescore.web.play import services as play
from bridgescore.web.play.models import PlayBoard, PlayTable

from ...base import make_user

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


def start(club: Club, director: User, boards: int = 10, days: int = 7) -> PoolWeek:
    clock.set(T0)
    pool.forget()
    return pool.start_pool(club, director, boards=boards, days=days, start=T0, seed="test")


def seat_four(club: Club, four: list[User]) -> PlayTable:
    """A new table of the duplicate room with ``four`` at N, E, S, W."""
    table = pool.open_table(club, four[0])
    for seat, u in zip(Seat, four, strict=True):
        pool.sit(table, u, seat)
    return table


def users_at(table: PlayTable) -> dict[int, User]:
    return {s.seat: s.user for s in table.seats.select_related("user") if s.user is not None}


def play_out(table: PlayTable, rng: random.Random) -> PlayBoard:
    """The board in progress played to a result: the dealer opens a random contract, the
    others pass, the opening lead, then declarer claims a random number of tricks and both
    defenders accept (or, one time in five, the board is passed out)."""
    board = play_position.current_board(table)
    assert board is not None and board.finished is None
    users = users_at(table)
    state = play_position.state_of(board)
    dealer = state.next_seat
    assert dealer is not None
    if rng.random() < 0.2:
        calls = ["Pass"] * 4
    else:
        calls = [f"{rng.randint(1, 7)}{rng.choice('CDHSN')}".replace("N", "NT"), "Pass",
                 "Pass", "Pass"]
    for k, call in enumerate(calls):
        play.act(table, users[(dealer.value + k) % 4], {"type": "call", "call": call})
    state = play_position.state_of(board)
    if state.result is None:
        leader = state.next_seat
        assert leader is not None
        card = state.legal_cards()[0]
        play.act(table, users[leader.value], {"type": "card", "card": str(card)})
        state = play_position.state_of(board)
        declarer = state.declarer
        assert declarer is not None
        play.act(table, users[declarer.value],
                 {"type": "claim", "tricks": rng.randint(0, 13), "statement": ""})
        for d in (Seat((declarer.value + 1) % 4), Seat((declarer.value + 3) % 4)):
            play.act(table, users[d.value], {"type": "claim_answer", "accept": True})
    board.refresh_from_db()
    assert board.finished is not None and board.score_ns is not None
    return board
