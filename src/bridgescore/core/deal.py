"""Hands and deals, PBN deal notation, and hand evaluation.

>>> d = Deal.from_pbn("N:AJ8.82.632.K10974 94.76.A875.Q8652 6532.KQ1043.QJ109. KQT7.AJ95.K4.AJ3")
>>> d.pbn()
'N:AJ8.82.632.KT974 94.76.A875.Q8652 6532.KQT43.QJT9. KQT7.AJ95.K4.AJ3'
>>> d[Seat.WEST].hcp, d[Seat.WEST].shape, d[Seat.SOUTH].pattern, d[Seat.SOUTH].losers
(18, (4, 4, 2, 3), (5, 4, 4, 0), 6)

(The deal of the seeds' game record.)

A hand is stored as a 52-bit set of card indices, so reading, comparing and evaluating
hands is integer arithmetic; this is what makes reading PBN files fast.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from .cards import _RANKS, DECK, SUITS_HIGH_FIRST, Card, Rank, Suit
from .errors import InvalidDealError, NotationError
from .i18n import Lang, is_zh
from .seat import Seat

__all__ = ["Deal", "Hand"]

_SUIT_MASK = (1 << 13) - 1
_FULL = (1 << 52) - 1
_RANK_BIT = {ch: 1 << i for i, ch in enumerate("23456789TJQKA")}
_RANK_BIT.update({ch.lower(): bit for ch, bit in _RANK_BIT.items()})
# Milton Work points and controls of each 13-bit suit holding, precomputed for speed.
_HCP_OF = [((m >> 12) & 1) * 4 + ((m >> 11) & 1) * 3 + ((m >> 10) & 1) * 2 + ((m >> 9) & 1)
           for m in range(1 << 13)]
_CONTROLS_OF = [((m >> 12) & 1) * 2 + ((m >> 11) & 1) for m in range(1 << 13)]


def _suit_pbn(bits: int) -> str:
    return "".join("23456789TJQKA"[r] for r in range(12, -1, -1) if bits >> r & 1)


_SUIT_TEXT = [_suit_pbn(m) for m in range(1 << 13)]


def _losers(bits: int, length: int) -> int:
    """Losing-trick count of one suit: up to three, less each of A, K, Q among the top cards.

    A singleton counts a loser unless it is the ace; a doubleton counts the missing ace and
    king; longer suits count the missing ace, king and queen (the usual LTC convention).
    """
    top = min(length, 3)
    honours = (Rank.ACE, Rank.KING, Rank.QUEEN)[:top]
    return top - sum(1 for r in honours if bits >> (r.value - 2) & 1)


@dataclass(frozen=True, slots=True)
class Hand:
    """A set of cards (normally 13).  ``Hand.from_pbn("AKQ2.K3.T98.7654")``."""

    mask: int

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Hand:
        mask = 0
        for card in cards:
            bit = 1 << card.index
            if mask & bit:
                raise InvalidDealError(
                    f"card {card} appears twice in the hand", f"牌 {card.format('zh')} 在一手牌中出现两次"
                )
            mask |= bit
        return cls(mask)

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """Four suits, spades first, separated by dots; ``T`` or ``10`` for the ten; ``-`` void."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise NotationError(
                f"invalid hand {text!r}: expected four suits separated by dots, "
                "spades first, e.g. 'AKQ2.K3.T98.7654'",
                f"无效的一手牌 {text!r}：应为以点分隔的四门花色（黑桃在前），如 'AKQ2.K3.T98.7654'",
            )
        mask = 0
        for shift, part in zip((39, 26, 13, 0), parts, strict=True):
            bits = _suit_bits(part, text)
            mask |= bits << shift
        return cls(mask)

    def pbn(self) -> str:
        m = self.mask
        return ".".join(_SUIT_TEXT[(m >> s) & _SUIT_MASK] for s in (39, 26, 13, 0))

    def __str__(self) -> str:
        return self.pbn()

    def __repr__(self) -> str:
        return f"Hand.from_pbn({self.pbn()!r})"

    def format(self, lang: Lang = "en", symbols: bool = True) -> str:
        """``♠AKQ2 ♥K3 ♦1098 ♣7654``; a void is ``—``."""
        out = []
        for suit in SUITS_HIGH_FIRST:
            ranks = "".join(r.display for r in self.ranks(suit)) or "—"
            mark = suit.symbol if symbols else (suit.name_in("zh") if is_zh(lang) else suit.letter)
            out.append(mark + ranks)
        return " ".join(out)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        """Cards from the ace of spades down to the two of clubs."""
        m = self.mask
        return (DECK[i] for i in range(51, -1, -1) if m >> i & 1)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self)

    def suit_bits(self, suit: Suit) -> int:
        return (self.mask >> (13 * suit.value)) & _SUIT_MASK

    def ranks(self, suit: Suit) -> tuple[Rank, ...]:
        """The ranks held in a suit, highest first."""
        bits = self.suit_bits(suit)
        return tuple(_RANKS[r] for r in range(12, -1, -1) if bits >> r & 1)

    def cards_in(self, suit: Suit) -> tuple[Card, ...]:
        return tuple(Card.of(suit, r) for r in self.ranks(suit))

    def length(self, suit: Suit) -> int:
        return self.suit_bits(suit).bit_count()

    def without(self, card: Card) -> Hand:
        return Hand(self.mask & ~(1 << card.index))

    # Evaluation ---------------------------------------------------------------------------

    @property
    def hcp(self) -> int:
        """High-card points (A 4, K 3, Q 2, J 1)."""
        m = self.mask
        return (_HCP_OF[m & _SUIT_MASK] + _HCP_OF[(m >> 13) & _SUIT_MASK]
                + _HCP_OF[(m >> 26) & _SUIT_MASK] + _HCP_OF[(m >> 39) & _SUIT_MASK])

    @property
    def controls(self) -> int:
        """Controls: ace 2, king 1."""
        m = self.mask
        return sum(_CONTROLS_OF[(m >> s) & _SUIT_MASK] for s in (0, 13, 26, 39))

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths in the order spades, hearts, diamonds, clubs."""
        m = self.mask
        s, h, d, c = ((m >> sh) & _SUIT_MASK for sh in (39, 26, 13, 0))
        return (s.bit_count(), h.bit_count(), d.bit_count(), c.bit_count())

    @property
    def pattern(self) -> tuple[int, int, int, int]:
        """Suit lengths longest first, e.g. ``(5, 3, 3, 2)``."""
        a, b, c, d = sorted(self.shape, reverse=True)
        return (a, b, c, d)

    @property
    def is_balanced(self) -> bool:
        """4-3-3-3, 4-4-3-2 or 5-3-3-2: no singleton or void and at most one doubleton."""
        return self.pattern in ((4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2))

    @property
    def losers(self) -> int:
        """Losing-trick count (LTC), 0-12."""
        return sum(_losers(self.suit_bits(s), self.length(s)) for s in Suit)


def _suit_bits(part: str, text: str) -> int:
    bits = 0
    if part in ("-", "—", ""):
        return 0
    i = 0
    while i < len(part):
        ch = part[i]
        if ch == "1" and part[i + 1 : i + 2] == "0":
            ch = "T"
            i += 1
        bit = _RANK_BIT.get(ch)
        if bit is None:
            raise NotationError(
                f"invalid hand {text!r}: {ch!r} is not a rank (expected A K Q J T 9 … 2)",
                f"无效的一手牌 {text!r}：{ch!r} 不是点数（应为 A K Q J T 9 … 2）",
            )
        if bits & bit:
            raise InvalidDealError(
                f"invalid hand {text!r}: rank {ch.upper()} appears twice in one suit",
                f"无效的一手牌 {text!r}：同一花色中点数 {ch.upper()} 出现两次",
            )
        bits |= bit
        i += 1
    return bits


# Every suit holding as PBN writes it (highest first, T for the ten) -> its 13 bits, so that
# a well-formed deal is read with dictionary look-ups; anything else takes the careful path.
_BITS_OF_SUIT: dict[str, int] = {text: m for m, text in enumerate(_SUIT_TEXT)}
_BITS_OF_SUIT["-"] = _BITS_OF_SUIT["—"] = 0
_SEAT_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}


def _quick_full_deal(text: str) -> Deal | None:
    """A complete deal in the usual notation, or ``None`` to leave it to the careful parser
    (which gives the same deal, or the error, for everything this does not take)."""
    first = _SEAT_INDEX.get(text[:1])
    if first is None or text[1:2] != ":":
        return None
    # "N:s.h.d.c s.h.d.c …" -> four hands of four suits (plain string checks: faster than a
    # regular expression), then the 16 suit holdings, each looked up whole
    hands = text[2:].strip().split(" ")
    if len(hands) != 4:
        return None
    h1, h2, h3, h4 = hands
    if not h1.count(".") == h2.count(".") == h3.count(".") == h4.count(".") == 3:
        return None
    try:
        b = list(map(_BITS_OF_SUIT.__getitem__, ".".join(hands).split(".")))
    except KeyError:
        return None  # not a holding as PBN writes it
    masks = (b[0] << 39 | b[1] << 26 | b[2] << 13 | b[3], b[4] << 39 | b[5] << 26 | b[6] << 13 | b[7],
             b[8] << 39 | b[9] << 26 | b[10] << 13 | b[11],
             b[12] << 39 | b[13] << 26 | b[14] << 13 | b[15])  # clockwise from the first seat
    n, e, s_, w = masks[-first:] + masks[:-first] if first else masks
    # 13 cards each and all 52 between them: nothing dealt twice, nothing missing.
    if (n | e | s_ | w) != _FULL or not (
        n.bit_count() == e.bit_count() == s_.bit_count() == w.bit_count() == 13
    ):
        return None
    # Built field by field, as the frozen dataclasses' own __init__ would, less its call.
    new, set_ = object.__new__, object.__setattr__
    hn, he, hs, hw = new(Hand), new(Hand), new(Hand), new(Hand)
    set_(hn, "mask", n)
    set_(he, "mask", e)
    set_(hs, "mask", s_)
    set_(hw, "mask", w)
    deal = new(Deal)
    set_(deal, "hands", (hn, he, hs, hw))
    set_(deal, "complete", True)
    return deal


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands indexed by seat.  A complete deal is 52 distinct cards, 13 to each seat;
    ``Deal(..., complete=False)`` allows hands that are unknown or partly played."""

    hands: tuple[Hand, Hand, Hand, Hand]
    complete: bool = True

    def __post_init__(self) -> None:
        seen = 0
        for seat, hand in zip(Seat, self.hands, strict=True):
            clash = seen & hand.mask
            if clash:
                card = DECK[(clash & -clash).bit_length() - 1]
                raise InvalidDealError(
                    f"invalid deal: {card} is dealt twice (again to {seat.name_in('en')})",
                    f"无效的牌局：{card.format('zh')} 被发了两次（又发给{seat.name_in('zh')}）",
                )
            seen |= hand.mask
        if not self.complete or (seen == _FULL and all(len(h) == 13 for h in self.hands)):
            return
        # No card twice; now name what is missing, then a seat with the wrong count.
        missing = [c for c in DECK if not seen >> c.index & 1]
        short = [(s, len(h)) for s, h in zip(Seat, self.hands, strict=True) if len(h) != 13]
        if missing:
            few = missing[:4]
            more = f" and {len(missing) - 4} more" if len(missing) > 4 else ""
            more_zh = f" 等 {len(missing)} 张" if len(missing) > 4 else ""
            where = f" ({short[0][0].name_in('en')} has {short[0][1]} cards)" if short else ""
            where_zh = f"（{short[0][0].name_in('zh')}家有 {short[0][1]} 张牌）" if short else ""
            raise InvalidDealError(
                f"invalid deal: {', '.join(map(str, few))}{more} missing{where}",
                f"无效的牌局：缺少 {'、'.join(c.format('zh') for c in few)}{more_zh}{where_zh}",
            )
        if short:
            seat, n = short[0]
            raise InvalidDealError(
                f"invalid deal: {seat.name_in('en')} has {n} cards, expected 13",
                f"无效的牌局：{seat.name_in('zh')}家有 {n} 张牌，应为 13 张",
            )

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Hand | str], complete: bool = True) -> Deal:
        def get(seat: Seat) -> Hand:
            h = hands.get(seat, Hand(0))
            return Hand.from_pbn(h) if isinstance(h, str) else h

        return cls((get(Seat.NORTH), get(Seat.EAST), get(Seat.SOUTH), get(Seat.WEST)), complete)

    @classmethod
    def from_pbn(cls, text: str, complete: bool | None = None) -> Deal:
        """``"N:hand hand hand hand"``: the first seat, then hands clockwise; ``-`` for an
        unknown hand (which makes the deal incomplete).  With ``complete=None`` a deal with
        unknown hands is accepted as incomplete; ``complete=True`` demands all 52 cards."""
        if complete is not False:
            deal = _quick_full_deal(text)
            if deal is not None:
                return deal
        return cls._from_pbn_careful(text, complete)

    @classmethod
    def _from_pbn_careful(cls, text: str, complete: bool | None = None) -> Deal:
        """:meth:`from_pbn` for every case, with its error messages."""
        body = text.strip()
        if len(body) < 2 or body[1] != ":" or body[0].upper() not in "NESW":
            raise NotationError(
                f"invalid deal {text!r}: expected 'N:' (or E:, S:, W:) and four hands "
                "clockwise, e.g. 'N:AKQ2.K3.T98.7654 …'",
                f"无效的牌局 {text!r}：应为 'N:'（或 E:、S:、W:）加顺时针的四手牌",
            )
        first = Seat("NESW".index(body[0].upper()))
        parts = body[2:].split()
        if len(parts) != 4:
            raise NotationError(
                f"invalid deal {text!r}: expected four hands separated by spaces, found {len(parts)}",
                f"无效的牌局 {text!r}：应为以空格分隔的四手牌，实际 {len(parts)} 手",
            )
        hands: list[Hand] = [Hand(0)] * 4
        unknown = False
        for i, part in enumerate(parts):
            if part == "-":
                unknown = True
                continue
            hands[(first.value + i) % 4] = Hand.from_pbn(part)
        if complete is None:
            complete = not unknown
        elif complete and unknown:
            raise InvalidDealError(
                f"invalid deal {text!r}: a hand is unknown ('-')",
                f"无效的牌局 {text!r}：有一手牌未知（'-'）",
            )
        return cls((hands[0], hands[1], hands[2], hands[3]), complete)

    def pbn(self, first: Seat = Seat.NORTH) -> str:
        parts = []
        for i in range(4):
            hand = self.hands[(first.value + i) % 4]
            parts.append(hand.pbn() if hand.mask or self.complete else "-")
        return f"{first.letter}:" + " ".join(parts)

    def __str__(self) -> str:
        return self.pbn()

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.pbn()!r})"

    def __getitem__(self, seat: Seat) -> Hand:
        return self.hands[seat.value]

    def owner(self, card: Card) -> Seat | None:
        for seat, hand in zip(Seat, self.hands, strict=True):
            if hand.mask >> card.index & 1:
                return seat
        return None

    def with_hand(self, seat: Seat, hand: Hand) -> Deal:
        hands = list(self.hands)
        hands[seat.value] = hand
        return Deal((hands[0], hands[1], hands[2], hands[3]), self.complete)

    def seat_of_card(self) -> list[int]:
        """For each card index 0-51, the seat value holding it (-1 if unknown)."""
        out = [-1] * 52
        for seat, hand in enumerate(self.hands):
            m = hand.mask
            while m:
                low = m & -m
                out[low.bit_length() - 1] = seat
                m ^= low
        return out

    @classmethod
    def from_seat_of_card(cls, seats: Iterable[int]) -> Deal:
        masks = [0, 0, 0, 0]
        for i, seat in enumerate(seats):
            masks[int(seat)] |= 1 << i
        return cls((Hand(masks[0]), Hand(masks[1]), Hand(masks[2]), Hand(masks[3])))
