"""The play of the cards (Laws 41, 44, 45, 68-70): tricks, claims and the result they give.

>>> from bridgescore.core.deal import Deal
>>> deal = Deal.from_pbn("N:AJ8.82.632.KT974 94.76.A875.Q8652 6532.KQT43.QJT9. KQT7.AJ95.K4.AJ3")
>>> p = Play(deal, Contract.parse("2SX"), Seat.NORTH)
>>> p.next_seat
<Seat.EAST: 1>
>>> p.play_all("C5 S2 C3 C4".split())
>>> p.tricks[0].winner   # South ruffs East's club lead
<Seat.SOUTH: 2>
>>> p.play("D5")
Traceback (most recent call last):
...
bridgescore.core.errors.IllegalPlayError: South does not hold D5 (Law 44: a player plays a card from their own hand)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, Suit
from .contract import Contract
from .deal import Deal, Hand
from .errors import IllegalPlayError
from .i18n import Lang, plural
from .result import Result
from .seat import Seat
from .strain import Strain

__all__ = ["Play", "Trick", "trick_winner", "winning_offset"]


def trick_winner(leader: Seat, cards: Iterable[Card], trump: Strain | Suit | None) -> Seat:
    """The seat that wins a complete trick: the highest trump, else the highest card of the
    suit led (Law 44E, F)."""
    trump_suit = _trump_suit(trump)
    offset = winning_offset([c.index for c in cards], -1 if trump_suit is None else trump_suit.value)
    return leader.next(offset)


def winning_offset(indices: Sequence[int], trump: int) -> int:
    """The position in the trick (0 = the lead) of the winning card, from card indices and
    the trump suit's value (-1 for notrump): integer arithmetic, for reading files fast."""
    if not indices:
        return 0
    best = 0
    best_index = indices[0]
    for i in range(1, len(indices)):
        c = indices[i]
        suit = c // 13
        if suit == best_index // 13:
            if c > best_index:  # same suit: the index orders by rank
                best, best_index = i, c
        elif suit == trump:
            best, best_index = i, c
    return best


def _trump_suit(trump: Strain | Suit | None) -> Suit | None:
    if trump is None or isinstance(trump, Suit):
        return trump
    return Suit.from_strain(trump)


@dataclass(frozen=True, slots=True)
class Trick:
    """The cards of one trick in the order played, starting with the lead."""

    leader: Seat
    cards: tuple[Card, ...]
    trump: Suit | None

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def winner(self) -> Seat | None:
        if not self.is_complete:
            return None
        return trick_winner(self.leader, self.cards, self.trump)

    def card_of(self, seat: Seat) -> Card | None:
        i = (seat.value - self.leader.value) % 4
        return self.cards[i] if i < len(self.cards) else None

    def format(self, lang: Lang = "en", symbols: bool = False) -> str:
        return " ".join(c.format(lang, symbols) for c in self.cards)


class Play:
    """The play of one board.  Cards are checked as they are played; a claim ends the play.

    ``declarer`` plays both their own and dummy's cards; the seat to play is named by
    ``next_seat`` whichever hand it is.
    """

    def __init__(self, deal: Deal, contract: Contract | str, declarer: Seat) -> None:
        self.contract = contract if isinstance(contract, Contract) else Contract.parse(contract)
        if self.contract.is_passed_out:
            raise IllegalPlayError("a passed-out board is not played", "四家不叫的牌不打")
        self.deal = deal
        self.declarer = declarer
        self.trump = Suit.from_strain(self.contract.strain)
        self._hands = list(deal.hands)
        self.tricks: list[Trick] = []
        self._current: list[Card] = []
        self._leader = declarer.lho  # Law 41A: the opening lead is made by declarer's LHO
        self.claimed: int | None = None  # declarer's total tricks agreed by a claim

    # -- state -------------------------------------------------------------------------

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        return self.declarer.lho

    @property
    def current(self) -> Trick:
        return Trick(self._leader, tuple(self._current), self.trump)

    @property
    def next_seat(self) -> Seat:
        return self._leader.next(len(self._current))

    @property
    def is_over(self) -> bool:
        return self.claimed is not None or len(self.tricks) == 13

    def hand(self, seat: Seat) -> Hand:
        """The cards a seat still holds."""
        return self._hands[seat.value]

    @property
    def declarer_tricks(self) -> int:
        """Tricks won so far by declarer's side (complete tricks only)."""
        side = self.declarer.side
        return sum(1 for t in self.tricks if t.winner is not None and t.winner.side is side)

    @property
    def defender_tricks(self) -> int:
        return len(self.tricks) - self.declarer_tricks

    def legal_cards(self) -> list[Card]:
        """The cards the next player may play (Law 44C: follow suit if able)."""
        if self.is_over:
            return []
        hand = self.hand(self.next_seat)
        if self._current:
            led = self._current[0].suit
            if hand.length(led):
                return list(hand.cards_in(led))
        return list(hand)

    # -- actions -----------------------------------------------------------------------

    def play(self, card: Card | str) -> Trick | None:
        """Play the next card; returns the trick when this card completes one."""
        c = card if isinstance(card, Card) else Card.parse(card)
        seat = self.next_seat
        if self.is_over:
            why_en = "the play is over" if self.claimed is None else "a claim has ended the play (Law 68D)"
            why_zh = "打牌已经结束" if self.claimed is None else "摊牌已经结束了打牌（第68条D）"
            raise IllegalPlayError(f"{c} cannot be played: {why_en}",
                                   f"不能打出 {c.format('zh')}：{why_zh}")
        hand = self._hands[seat.value]
        if c not in hand:
            raise IllegalPlayError(
                f"{seat.name_in('en')} does not hold {c} (Law 44: a player plays a card from their own hand)",
                f"{seat.name_in('zh')}没有 {c.format('zh')}（第44条：牌手只能打自己手中的牌）",
            )
        if self._current:
            led = self._current[0].suit
            if c.suit is not led and hand.length(led):
                raise IllegalPlayError(
                    f"{seat.name_in('en')} must follow suit to the {led.name_in('en')} lead "
                    f"and may not play {c} (Law 44C)",
                    f"{seat.name_in('zh')}必须跟{led.name_in('zh')}，不能打 {c.format('zh')}（第44条C）",
                )
        self._hands[seat.value] = hand.without(c)
        self._current.append(c)
        if len(self._current) < 4:
            return None
        trick = Trick(self._leader, tuple(self._current), self.trump)
        self.tricks.append(trick)
        self._current = []
        winner = trick.winner
        assert winner is not None
        self._leader = winner  # Law 44G: the winner of a trick leads to the next
        return trick

    def play_all(self, cards: Iterable[Card | str]) -> None:
        for c in cards:
            self.play(c)

    @property
    def remaining(self) -> int:
        """Tricks not yet completed (the trick in progress counts as remaining)."""
        return 13 - len(self.tricks)

    def claim(self, declarer_total: int) -> None:
        """Declarer's side will end with ``declarer_total`` tricks in all (a claim or a
        concession, Law 68); play stops."""
        low, high = self.declarer_tricks, self.declarer_tricks + self.remaining
        if self.claimed is not None:
            raise IllegalPlayError("the play has already been claimed", "已经摊过牌了")
        if type(declarer_total) is not int or not low <= declarer_total <= high:
            raise IllegalPlayError(
                f"invalid claim of {declarer_total!r} tricks: declarer has {low} and "
                f"{self.remaining} remain, so the total is {low}-{high}",
                f"无效的摊牌 {declarer_total!r} 墩：定约方已得 {low} 墩，还剩 {self.remaining} 墩，"
                f"总数应为 {low}-{high}",
            )
        self.claimed = declarer_total

    def claim_remaining(self, tricks: int) -> None:
        """Declarer's side claims ``tricks`` of the remaining tricks (conceding the rest)."""
        self.claim(self.declarer_tricks + tricks)

    @property
    def total_tricks(self) -> int | None:
        """Declarer's total once the play is over, else ``None``."""
        if self.claimed is not None:
            return self.claimed
        if len(self.tricks) == 13:
            return self.declarer_tricks
        return None

    def result(self) -> Result:
        total = self.total_tricks
        if total is None:
            raise IllegalPlayError(
                f"the play is not over: {plural(len(self.tricks), 'trick', 'tricks')} played "
                "and no claim",
                f"打牌尚未结束：已打 {len(self.tricks)} 墩，也没有摊牌",
            )
        return Result(self.contract, self.declarer, total)

    def cards_played(self) -> list[Card]:
        return [c for t in self.tricks for c in t.cards] + list(self._current)

    def copy(self) -> Play:
        """An independent copy: playing on it leaves this one as it is (an online table's
        next position is its last one and a card, not the whole play replayed)."""
        new = Play.__new__(Play)
        new.__dict__.update(self.__dict__)
        new._hands = list(self._hands)
        new.tricks = list(self.tricks)
        new._current = list(self._current)
        return new

    @classmethod
    def replay(
        cls, deal: Deal, contract: Contract | str, declarer: Seat, cards: Iterable[Card | str],
        claim: int | None = None,
    ) -> Play:
        play = cls(deal, contract, declarer)
        play.play_all(cards)
        if claim is not None:
            play.claim(claim)
        return play
