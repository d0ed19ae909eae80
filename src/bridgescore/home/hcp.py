"""High-card points (大牌点: A 4, K 3, Q 2, J 1) entered as a number or counted from a deal.

A deal is a PBN deal string: the first hand's seat, a colon, then four hands clockwise, each
``spades.hearts.diamonds.clubs`` (``-`` for a hand that is not known).

>>> d = "N:AKQJ.AKQ.AK2.AK2 T98.JT9.QJT.QJT9 765.876.9876.876 432.5432.543.543"
>>> deal_hcp(d)[Seat.NORTH], side_hcp(d, Side.NS), side_hcp(d, Side.EW)
(33, 33, 7)
>>> parse_hcp("22"), parse_hcp("EW 23"), parse_hcp("东西23点"), parse_hcp(d)
(22, 17, 17, 33)
"""

from __future__ import annotations

import re

from ..core.errors import InvalidDealError, NotationError
from ..core.seat import Seat, Side
from ..core.text import normalize, parse_int

__all__ = ["deal_hcp", "hand_hcp", "is_deal", "parse_hcp", "side_hcp"]

_VALUES = {"A": 4, "K": 3, "Q": 2, "J": 1}
_RANKS = "AKQJT98765432"
_SUITS = "SHDC"


def _hand_cards(hand: str, text: str) -> list[str]:
    suits = hand.split(".")
    if len(suits) != 4:
        raise InvalidDealError(
            f"invalid hand {hand!r} in deal {text!r}: expected four suits separated by dots "
            "(spades.hearts.diamonds.clubs)",
            f"牌例 {text!r} 中的一手牌 {hand!r} 无效：应为用点隔开的四门花色（黑桃.红心.方块.梅花）",
        )
    cards: list[str] = []
    for suit, holding in zip(_SUITS, suits, strict=True):
        holding = holding.upper().replace("10", "T")
        for rank in holding:
            if rank not in _RANKS:
                raise InvalidDealError(
                    f"invalid card {rank!r} in hand {hand!r} of deal {text!r}: "
                    "expected A K Q J T 9 8 7 6 5 4 3 2",
                    f"牌例 {text!r} 的 {hand!r} 中有无效的牌 {rank!r}：应为 A K Q J T 9-2",
                )
            cards.append(suit + rank)
    if len(cards) != 13:
        raise InvalidDealError(
            f"invalid hand {hand!r} in deal {text!r}: {len(cards)} cards, expected 13",
            f"牌例 {text!r} 中的一手牌 {hand!r} 无效：有 {len(cards)} 张牌，应为 13 张",
        )
    return cards


def hand_hcp(hand: str) -> int:
    """Points of one hand written ``spades.hearts.diamonds.clubs``.

    >>> hand_hcp("AK2.QJ3.T98.7654")
    10
    """
    return sum(_VALUES.get(card[1], 0) for card in _hand_cards(hand.strip(), hand))


def _hands(text: str) -> dict[Seat, list[str] | None]:
    key = normalize(text)
    if len(key) < 2 or key[1] != ":":
        raise InvalidDealError(
            f"invalid deal {text!r}: expected a PBN deal such as 'N:AKQ2.… … … …' "
            "(first seat, a colon, four hands)",
            f"无效的牌例 {text!r}：应为 PBN 格式，如 'N:AKQ2.… … … …'（首家方位、冒号、四手牌）",
        )
    try:
        first = Seat.parse(key[0])
    except NotationError:
        raise InvalidDealError(
            f"invalid deal {text!r}: it must start with N, E, S or W and a colon",
            f"无效的牌例 {text!r}：应以 N、E、S 或 W 加冒号开头",
        ) from None
    hands = key[2:].split()
    if len(hands) != 4:
        raise InvalidDealError(
            f"invalid deal {text!r}: {len(hands)} hands, expected 4 separated by spaces",
            f"无效的牌例 {text!r}：有 {len(hands)} 手牌，应为用空格隔开的 4 手",
        )
    out: dict[Seat, list[str] | None] = {}
    seen: set[str] = set()
    for i, hand in enumerate(hands):
        seat = first.next(i)
        if hand == "-":
            out[seat] = None
            continue
        cards = _hand_cards(hand, text)
        duplicated = seen.intersection(cards)
        if duplicated:
            card = sorted(duplicated)[0]
            raise InvalidDealError(
                f"invalid deal {text!r}: the card {card} is dealt twice",
                f"无效的牌例 {text!r}：{card} 这张牌出现了两次",
            )
        seen.update(cards)
        out[seat] = cards
    return out


def deal_hcp(text: str) -> dict[Seat, int | None]:
    """Points of each hand of a PBN deal (None for a hand given as ``-``)."""
    return {
        seat: None if cards is None else sum(_VALUES.get(c[1], 0) for c in cards)
        for seat, cards in _hands(text).items()
    }


def side_hcp(text: str, side: Side) -> int:
    """A partnership's points: its two hands, or 40 minus the other two if only they are known."""
    points = deal_hcp(text)
    mine = [points[s] for s in side.seats]
    theirs = [points[s] for s in side.opponents.seats]
    if None not in mine:
        return sum(p for p in mine if p is not None)
    if None not in theirs:
        return 40 - sum(p for p in theirs if p is not None)
    raise InvalidDealError(
        f"cannot count {side}'s points from {text!r}: both hands of one side must be given",
        f"无法从 {text!r} 算出{side.name_in('zh')}的大牌点：至少要给出一方的两手牌",
    )


_DEAL_HINT = re.compile(r"^\s*[nesw北东南西]\s*:", re.IGNORECASE)
_HCP_TEXT = re.compile(
    r"^(?:(?P<side>ns|ew|n-s|e-w|南北方?|东西方?)\s*[:=]?\s*)?(?P<n>\d+|[一二三四五六七八九十]+)"
    r"\s*(?:点|hcp|points?)?$"
)


def is_deal(text: str) -> bool:
    """Whether ``text`` looks like a PBN deal rather than a number of points."""
    return bool(_DEAL_HINT.match(normalize(text)))


def parse_hcp(text: str) -> int:
    """North–South's points from ``22``, ``NS 22``, ``EW 18``, ``南北22点``, ``东西18`` or a
    PBN deal."""
    if is_deal(text):
        return side_hcp(text, Side.NS)
    key = normalize(text).lower().replace(" ", "")
    m = _HCP_TEXT.match(key)
    n = parse_int(m["n"]) if m else None
    if m is None or n is None or not 0 <= n <= 40:
        raise NotationError(
            f"invalid high-card points {text!r}: expected 0-40 for North-South (or 'EW 18', "
            "'南北22', or a PBN deal 'N:…')",
            f"无效的大牌点 {text!r}：应为南北方的点数 0-40（或写 'EW 18'、'南北22'，或 PBN 牌例 'N:…'）",
        )
    side = m["side"]
    if side is not None and Side.parse(side) is Side.EW:
        return 40 - n
    return n
