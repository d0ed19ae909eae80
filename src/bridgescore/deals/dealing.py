"""Tournament dealing: an unbiased shuffle dealt as the seeds describe, and board sets.

The deck is shuffled (Fisher-Yates) from the operating system's cryptographically secure
source, then dealt one card at a time, clockwise, starting with the player on the dealer's
left, so the dealer receives the last card (seed 002: "他按顺时针方向从左边一家开始发牌，
直到发完全副52张牌，最后一张牌轮到发牌人自己").  With a ``seed`` the shuffle comes from a
deterministic generator instead, so a set can be re-created exactly (for tests, or to reprint
a set); never use a seed for a real tournament.

>>> boards = deal_boards(4, seed="club night 1")
>>> [(b.number, b.dealer.letter, str(b.vulnerability)) for b in boards]
[(1, 'N', 'None'), (2, 'E', 'NS'), (3, 'S', 'EW'), (4, 'W', 'Both')]
>>> deal_boards(1, seed="club night 1")[0].deal == boards[0].deal
True
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.board import Board
from ..core.cards import DECK, Card
from ..core.deal import Deal, Hand
from ..core.errors import NotationError
from ..core.seat import Seat
from ..core.vulnerability import Vulnerability

__all__ = ["DealtBoard", "deal_boards", "deal_from_deck", "random_deal", "shuffled_deck"]


def shuffled_deck(rng: random.Random | None = None) -> list[Card]:
    """The 52 cards in a uniformly random order.  ``random.Random.shuffle`` is Fisher-Yates
    with unbiased bounded integers, so with ``secrets.SystemRandom`` every order is equally
    likely and unpredictable."""
    deck = list(DECK)
    (rng or secrets.SystemRandom()).shuffle(deck)
    return deck


def deal_from_deck(deck: Sequence[Card], dealer: Seat) -> Deal:
    """Deal a deck in its order: card 1 to the dealer's left, then clockwise, one at a time."""
    if len(deck) != 52:
        raise NotationError(
            f"a deck has 52 cards, not {len(deck)}", f"一副牌有 52 张，而不是 {len(deck)} 张"
        )
    masks = [0, 0, 0, 0]
    for i, card in enumerate(deck):
        masks[(dealer.value + 1 + i) % 4] |= 1 << card.index
    return Deal((Hand(masks[0]), Hand(masks[1]), Hand(masks[2]), Hand(masks[3])))


def _rng_for(seed: str | int | None, board: int) -> random.Random | None:
    if seed is None:
        return None
    # One generator per board, keyed by the seed and the board number, so board 7 of a set
    # is the same whether the set is dealt from board 1 or from board 7.
    digest = hashlib.sha256(f"bridgescore:{seed}:{board}".encode()).digest()
    return random.Random(int.from_bytes(digest, "big"))


def random_deal(dealer: Seat = Seat.NORTH, seed: str | int | None = None, board: int = 1) -> Deal:
    """One random deal: secure by default, reproducible with a ``seed``."""
    return deal_from_deck(shuffled_deck(_rng_for(seed, board)), dealer)


@dataclass(frozen=True, slots=True)
class DealtBoard:
    number: int
    deal: Deal

    @property
    def dealer(self) -> Seat:
        return Board(self.number).dealer

    @property
    def vulnerability(self) -> Vulnerability:
        return Board(self.number).vulnerability


def deal_boards(count: int, start: int = 1, seed: str | int | None = None) -> list[DealtBoard]:
    """A set of ``count`` boards numbered from ``start``, dealer and vulnerability from the
    board numbers (Law 2)."""
    if type(count) is not int or count < 1 or type(start) is not int or start < 1:
        raise NotationError(
            f"invalid board set: {count!r} boards from board {start!r}; both must be whole numbers from 1",
            f"无效的牌套：从第 {start!r} 副起 {count!r} 副；两者都应为从 1 起的整数",
        )
    out = []
    for n in range(start, start + count):
        board = Board(n)
        out.append(DealtBoard(n, random_deal(board.dealer, seed, n)))
    return out
