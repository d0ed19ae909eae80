"""The demo club's sessions: one finished and published, one in play.

The deals come from the library's dealer (a fixed seed, so the demo is the same each time);
each table's result is a plausible one for its deal: the side with more high-card points
declares its longest fit (or no trumps when both hands are balanced) at the level its points
suggest, the tricks vary by a trick either way from table to table, and the lead is a real
card of the opening leader's hand.  Everything goes through the services, as a table's
phone would send it.
"""

from __future__ import annotations

import datetime
import random

from django.db import transaction

from ..core.board import Board
from ..core.cards import Card, Suit
from ..core.deal import Deal
from ..core.seat import Seat
from ..deals.dealing import deal_boards
from .accounts.models import Player, User
from .clubs.models import Club
from .events import entries as ev_entries
from .events import services as sv
from .events.models import BoardSet, Event
from .events.models import Seat as EntrantSeat

SEED = "bridgescore-demo"
FINISHED = ("Tuesday pairs", "周二双人赛")
IN_PLAY = ("Thursday pairs", "周四双人赛")


def _level(points: int) -> int:
    # Combined high-card points → a sensible level (20 → 1, 23 → 2, 25 → game, 33 → slam).
    for limit, level in ((33, 6), (25, 4), (23, 3), (21, 2)):
        if points >= limit:
            return level
    return 1


def plausible(deal: Deal, number: int, rng: random.Random) -> dict[str, object]:
    """A table's entry for board ``number`` of ``deal`` (the services' fields)."""
    ns = deal[Seat.NORTH].hcp + deal[Seat.SOUTH].hcp
    side = (Seat.NORTH, Seat.SOUTH) if ns >= 20 else (Seat.EAST, Seat.WEST)
    points = max(ns, 40 - ns)
    fits = {s: deal[side[0]].length(s) + deal[side[1]].length(s) for s in Suit}
    suit = max(Suit, key=lambda s: (fits[s], s.value))
    balanced = deal[side[0]].is_balanced and deal[side[1]].is_balanced
    no_trump = balanced or fits[suit] < 8
    level = _level(points)
    if no_trump and level == 4:
        level = 3
    elif not no_trump and level == 4 and suit in (Suit.CLUBS, Suit.DIAMONDS):
        level = 5 if points >= 28 else 3
    strain = "NT" if no_trump else suit.letter
    # The declarer: the hand with more of the trump suit (more points at no trumps).
    a, b = side
    if no_trump:
        declarer = a if deal[a].hcp >= deal[b].hcp else b
    else:
        declarer = a if deal[a].length(suit) >= deal[b].length(suit) else b
    tricks = max(0, min(13, level + 6 + rng.choice((-1, 0, 0, 0, 1))))
    leader = deal[declarer.lho]
    lead: Card = rng.choice(leader.cards)
    return {"board": number, "contract": f"{level}{strain}", "declarer": declarer.letter,
            "tricks": tricks, "lead": str(lead)}


_PBN_VUL = {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}


def _pbn(boards: list[tuple[int, Deal]]) -> str:
    out = []
    for number, deal in boards:
        board = Board(number)
        out.append(f'[Board "{number}"]\n[Dealer "{board.dealer.letter}"]\n'
                   f'[Vulnerable "{_PBN_VUL[str(board.vulnerability)]}"]\n'
                   f'[Deal "{deal.pbn()}"]\n')
    return "\n".join(out)


def _pairs(event: Event, players: list[Player]) -> None:
    for entrant, two in zip(event.entrants.order_by("id"), zip(players[::2], players[1::2],
                                                                   strict=False), strict=False):
        for position, player in enumerate(two, 1):
            EntrantSeat.objects.get_or_create(entrant=entrant, position=position,
                                              defaults={"player": player})


def _play(event: Event, deals: dict[int, Deal], rounds: int, rng: random.Random,
          partial: int = 0) -> None:
    """Enter every board of the first ``rounds`` rounds, and ``partial`` tables of the next."""
    for a in sorted(sv.assignments_of(event), key=lambda a: (a.round, a.table)):
        if a.round > rounds + (1 if partial else 0):
            continue
        if a.round == rounds + 1 and a.table > partial:
            continue
        table = event.table_set.get(number=a.table)
        for b in a.boards:
            ev_entries.enter(event, sv.Actor(table=table), round=a.round, table=a.table,
                             fields=plausible(deals[b], b, rng),
                             key=f"demo-{event.pk}-{a.round}-{b}")


def _event(club: Club, director: User, names: tuple[str, str], date: datetime.date,
           players: list[Player], deals: dict[int, Deal], movement: str, tables: int,
           boards_per_round: int, rounds: int) -> tuple[Event, bool]:
    existing = Event.objects.filter(club=club, name_en=names[0]).first()
    if existing is not None:
        return existing, False
    actor = sv.Actor(director)
    event = sv.create_event(club, actor, name_en=names[0], name_zh=names[1], date=date,
                            movement=movement, tables=tables,
                            boards_per_round=boards_per_round, rounds=rounds, scoring="mp")
    board_set = BoardSet.objects.create(
        club=club, name=f"{names[0]} boards", uploaded_by=director, boards=len(deals),
        pbn=_pbn(sorted((n, d) for n, d in deals.items()
                        if n <= rounds * boards_per_round)))
    event.board_set = board_set
    event.save(update_fields=["board_set"])
    _pairs(event, players)
    sv.set_status(event, actor, Event.Status.RUNNING)
    return event, True


@transaction.atomic
def load_demo_events(club: Club, director: User, players: list[Player]) -> list[Event]:
    """The finished session (published) and the one in play; again: changes nothing."""
    deals = {b.number: b.deal for b in deal_boards(15, seed=SEED)}
    today = datetime.date.today()
    rng = random.Random(SEED)
    # A five-table Mitchell (ten pairs, fifteen boards), and a three-table Howell.
    done, new = _event(club, director, FINISHED, today - datetime.timedelta(days=2), players,
                       deals, "mitchell", 5, 3, 5)
    if new:
        _play(done, deals, done.rounds, rng)
        sv.set_status(done, sv.Actor(director), Event.Status.CLOSED)
        sv.publish(done, sv.Actor(director))
    live, new = _event(club, director, IN_PLAY, today, players[8:], deals, "howell", 3, 2, 5)
    if new:
        _play(live, deals, 2, rng, partial=2)
    return [done, live]
