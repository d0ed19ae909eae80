"""Cards: suits, ranks and the 52 cards, with notation that round-trips.

>>> Card.parse("SA"), Card.parse("♥10"), Card.parse("黑桃K")
(Card.parse('SA'), Card.parse('HT'), Card.parse('SK'))
>>> str(Card.parse("d7")), Card.parse("HT").format(symbols=True), Card.parse("CQ").format(lang="zh")
('D7', '♥10', '梅花Q')
>>> Card.parse("CQ").format(lang="zh", symbols=True)
'♣Q'
>>> Card.parse("SA") > Card.parse("SK") > Card.parse("HA")
True

Suits are in bridge order (clubs lowest).  A card's ``index`` (0-51, clubs 2 first, spades ace
last) is the dense number the deal, bulk-dealing and file modules use.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .errors import NotationError
from .i18n import Lang, is_zh
from .strain import Strain
from .text import normalize

__all__ = ["DECK", "Card", "Rank", "Suit"]


class Suit(enum.Enum):
    """The four suits in bridge order; the values match :class:`Strain`."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __str__(self) -> str:
        return "CDHS"[self.value]

    @property
    def letter(self) -> str:
        return "CDHS"[self.value]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self.value]

    @property
    def strain(self) -> Strain:
        return Strain(self.value)

    @classmethod
    def from_strain(cls, strain: Strain) -> Suit | None:
        """The suit of a trump strain, ``None`` for notrump."""
        return None if strain is Strain.NOTRUMP else cls(strain.value)

    def name_in(self, lang: Lang = "en") -> str:
        if is_zh(lang):
            return ("梅花", "方块", "红心", "黑桃")[self.value]
        return ("clubs", "diamonds", "hearts", "spades")[self.value]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """``S``, ``♠``, ``spades``, ``黑桃`` … (not notrump).

        >>> Suit.parse("♦"), Suit.parse("红桃")
        (<Suit.DIAMONDS: 1>, <Suit.HEARTS: 2>)
        """
        try:
            strain = Strain.parse(text)
        except NotationError:
            strain = Strain.NOTRUMP
        if strain is Strain.NOTRUMP:
            raise NotationError(
                f"invalid suit {text!r}: expected C, D, H or S (or ♣ ♦ ♥ ♠, 梅花 方块 红心 黑桃)",
                f"无效的花色 {text!r}：应为 C、D、H 或 S（或 ♣ ♦ ♥ ♠、梅花 方块 红心 黑桃）",
            )
        return cls(strain.value)


# Display order for hands: spades first, as every hand diagram and PBN does.
SUITS_HIGH_FIRST: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Rank(enum.Enum):
    """Card ranks; the value is the rank's number (ace 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    def __str__(self) -> str:
        return self.letter

    @property
    def letter(self) -> str:
        """One character, ``T`` for the ten (PBN and LIN)."""
        return _RANK_LETTERS[self.value - 2]

    @property
    def display(self) -> str:
        """How a person writes it: ``10`` for the ten."""
        return "10" if self is Rank.TEN else self.letter

    @property
    def hcp(self) -> int:
        """Milton Work points: A 4, K 3, Q 2, J 1."""
        return max(self.value - 10, 0)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """``A``, ``K``, ``Q``, ``J``, ``T``, ``10``, ``9`` … ``2``.

        >>> Rank.parse("10"), Rank.parse("t"), Rank.parse("a")
        (<Rank.TEN: 10>, <Rank.TEN: 10>, <Rank.ACE: 14>)
        """
        rank = _RANK_WORDS.get(normalize(text).upper())
        if rank is None:
            raise NotationError(
                f"invalid rank {text!r}: expected A, K, Q, J, T (or 10), 9 … 2",
                f"无效的点数 {text!r}：应为 A、K、Q、J、T（或 10）、9 … 2",
            )
        return rank


_RANK_LETTERS = "23456789TJQKA"
_RANK_WORDS: dict[str, Rank] = {ch: Rank(i + 2) for i, ch in enumerate(_RANK_LETTERS)}
_RANK_WORDS["10"] = Rank.TEN


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card.  Cards order by suit (clubs lowest) then rank, i.e. by ``index``."""

    index: int = field(repr=False)

    def __post_init__(self) -> None:
        if type(self.index) is not int or not 0 <= self.index < 52:
            raise NotationError(
                f"invalid card index {self.index!r}: expected 0-51",
                f"无效的牌序号 {self.index!r}：应为 0-51",
            )

    @staticmethod
    def of(suit: Suit, rank: Rank) -> Card:
        return DECK[suit.value * 13 + rank.value - 2]

    @property
    def suit(self) -> Suit:
        return _SUITS[self.index // 13]

    @property
    def rank(self) -> Rank:
        return _RANKS[self.index % 13]

    def __str__(self) -> str:
        return "CDHS"[self.index // 13] + _RANK_LETTERS[self.index % 13]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def format(self, lang: Lang = "en", symbols: bool = False) -> str:
        """``SA`` (default), ``♠A`` (symbols, with ``10``, in either language), ``黑桃A``
        (Chinese words, when symbols are not asked for)."""
        if symbols:
            return self.suit.symbol + self.rank.display
        if is_zh(lang):
            return self.suit.name_in("zh") + self.rank.display
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Suit then rank (``SA``, ``♠10``, ``黑桃A``) or rank then suit (``AS``, ``10♠``)."""
        card = _CARD_WORDS.get(text)
        if card is not None:
            return card
        key = normalize(text).upper().replace(" ", "")
        card = _CARD_WORDS.get(key)
        if card is not None:
            return card
        for split in (1, 2, len(key) - 1, len(key) - 2):
            if not 0 < split < len(key):
                continue
            for suit_part, rank_part in ((key[:split], key[split:]), (key[split:], key[:split])):
                try:
                    return cls.of(Suit.parse(suit_part), Rank.parse(rank_part))
                except NotationError:
                    continue
        raise NotationError(
            f"invalid card {text!r}: expected a suit and a rank, e.g. 'SA', '♥10' or '黑桃K'",
            f"无效的牌 {text!r}：应为花色加点数，如 'SA'、'♥10' 或 '黑桃K'",
        )


_SUITS = tuple(Suit)
_RANKS = tuple(Rank)
DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))
_CARD_WORDS: dict[str, Card] = {}
for _card in DECK:
    for _s in (_card.suit.letter, _card.suit.symbol):
        for _r in {_card.rank.letter, _card.rank.display}:
            _CARD_WORDS[_s + _r] = _card
            _CARD_WORDS[_r + _s] = _card
