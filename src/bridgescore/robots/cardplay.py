"""The simple card player: rules of thumb from what a player at the table sees.

The simple robot looks only at its own cards, dummy's (once the opening lead is faced;
declarer's robot playing dummy sees declarer's hand as its partner's) and the cards played,
never at the hidden hands: so it plays as a person could, if not as well.

Its rules, in the order tried:

- a lead: a defender returns partner's suit, cashes a winner once the hand is under way;
  against notrump it leads the longest suit, its top card when headed by touching cards
  (ten or higher), else fourth best; against a suit contract the top of a sequence headed
  by the queen or higher, the ace from AK, else fourth best of the longest side suit
  without the ace, never a trump unless nothing else is left; the
  declaring side draws trumps while the opponents may hold some and it holds the master
  trump, then cashes a master (high card from the shorter hand first), else leads low from
  its longest suit;
- second hand plays low, but covers an honour with the next higher honour;
- third hand plays high (the lowest of touching top cards), but not over partner's card
  when partner's card already wins against everything left to play;
- fourth hand wins as cheaply as possible, or plays low when partner is winning;
- void in the suit led: ruff (overruffing cheaply) unless partner is winning; otherwise
  discard the lowest card of the longest suit with no master in it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import Card, Rank, Suit
from ..core.deal import Hand
from ..core.play import Play
from ..core.seat import Seat

__all__ = ["simple_card"]


def _visible_partner(play: Play, seat: Seat) -> Hand | None:
    """The partner's hand when this seat may see it: declarer and dummy see each other."""
    if not play.tricks and not play.current.cards:
        return None  # before the opening lead, dummy is not yet faced
    if seat in (play.declarer, play.dummy):
        return play.hand(seat.partner)
    return None


def _played_mask(play: Play) -> int:
    mask = 0
    for c in play.cards_played():
        mask |= 1 << c.index
    return mask


class _View:
    """What the seat to play knows: its cards, the visible partner or dummy, the played."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.seat = play.next_seat
        self.hand = play.hand(self.seat)
        self.partner = _visible_partner(play, self.seat)
        dummy_visible = bool(play.tricks or play.current.cards)
        self.dummy = play.hand(play.dummy) if dummy_visible else None
        self.trump = play.trump
        self.played = _played_mask(play)
        known = self.hand.mask | self.played
        if self.partner is not None:
            known |= self.partner.mask
        if self.dummy is not None:
            known |= self.dummy.mask
        self.known = known
        ours = self.hand.mask | (self.partner.mask if self.partner is not None else 0)
        self.ours = ours

    def is_master(self, card: Card) -> bool:
        """No higher card of its suit may be held by an opponent (every higher card is
        played or in our side's known hands)."""
        base = card.suit.value * 13
        for i in range(card.index + 1, base + 13):
            bit = 1 << i
            if not (self.played & bit or self.ours & bit):
                return False
        return True

    def opponents_may_hold(self, suit: Suit) -> int:
        """How many cards of the suit are neither played nor in our side's known hands."""
        bits = ((1 << 13) - 1) << (13 * suit.value)
        return ((~(self.played | self.ours)) & bits).bit_count()


def _lowest(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank.value, c.suit.value))


def _top_of_touching(cards: Sequence[Card], played: int) -> Card:
    """The lowest of the touching cards at the top of one suit (cards played in between
    count as touching): third hand's 'high' without wasting an equal card."""
    ordered = sorted(cards, key=lambda c: c.index, reverse=True)
    pick = ordered[0]
    for c in ordered[1:]:
        gap = range(c.index + 1, pick.index)
        if all(played >> i & 1 for i in gap):
            pick = c
        else:
            break
    return pick


def _beats(card: Card, best: Card, led: Suit, trump: Suit | None) -> bool:
    if card.suit is best.suit:
        return card.rank.value > best.rank.value
    return (card.suit is trump and best.suit is not trump) or (
        card.suit is led and best.suit is not led and best.suit is not trump)


def _current_winner(play: Play) -> tuple[Seat, Card] | None:
    trick = play.current
    if not trick.cards:
        return None
    led = trick.cards[0].suit
    best_i = 0
    for i, c in enumerate(trick.cards[1:], start=1):
        if _beats(c, trick.cards[best_i], led, play.trump):
            best_i = i
    return trick.leader.next(best_i), trick.cards[best_i]


def simple_card(play: Play) -> Card:
    """The simple robot's card for ``play.next_seat`` (always one of ``legal_cards()``)."""
    legal = play.legal_cards()
    if len(legal) == 1:
        return legal[0]
    view = _View(play)
    if not play.current.cards:
        return _lead(view, legal)
    return _follow(view, legal)


# -- leads ---------------------------------------------------------------------------------


def _suits_by_length(hand: Hand, exclude: Suit | None) -> list[Suit]:
    suits = [s for s in Suit if hand.length(s) and s is not exclude]
    return sorted(suits, key=lambda s: (hand.length(s), s.value), reverse=True)


def _sequence_lead(hand: Hand, suit: Suit) -> Card | None:
    ranks = hand.ranks(suit)
    if len(ranks) >= 2 and ranks[0].value >= Rank.TEN.value and ranks[0].value - ranks[1].value == 1:
        return Card.of(suit, ranks[0])
    return None


def _fourth_best(hand: Hand, suit: Suit) -> Card:
    cards = hand.cards_in(suit)
    return cards[3] if len(cards) >= 4 else cards[-1] if len(cards) != 2 else cards[0]


def _lead(view: _View, legal: list[Card]) -> Card:
    play, hand, trump = view.play, view.hand, view.trump
    declaring = view.seat in (play.declarer, play.dummy)
    if declaring:
        return _declarer_lead(view, legal)
    # a defender: partner's suit first (the first suit partner led), when we still hold it
    partner = view.seat.partner
    for t in play.tricks:
        if t.leader is partner:
            suit = t.cards[0].suit
            if suit is not trump and hand.length(suit):
                cards = hand.cards_in(suit)
                return cards[0] if len(cards) <= 2 else cards[-1]
            break
    for card in legal:
        if card.suit is not trump and view.is_master(card) and play.tricks:
            return card  # cash a winner once the hand is under way
    side = _suits_by_length(hand, trump) or _suits_by_length(hand, None)
    if trump is None:
        # notrump: the longest suit, its top card when headed by touching honours
        return _sequence_lead(hand, side[0]) or _fourth_best(hand, side[0])
    for suit in side:
        seq = _sequence_lead(hand, suit)
        if seq is not None and seq.rank.value >= Rank.QUEEN.value:
            return seq
    if trump is not None:
        for suit in side:
            ranks = hand.ranks(suit)
            if len(ranks) >= 2 and ranks[0] is Rank.ACE and ranks[1] is Rank.KING:
                return Card.of(suit, Rank.ACE)
        # avoid underleading an ace against a suit contract
        no_ace = [s for s in side if hand.ranks(s)[0] is not Rank.ACE]
        if no_ace:
            side = no_ace
    return _fourth_best(hand, side[0])


def _declarer_lead(view: _View, legal: list[Card]) -> Card:
    hand, trump = view.hand, view.trump
    partner = view.partner
    if trump is not None and hand.length(trump) and view.opponents_may_hold(trump):
        top = hand.cards_in(trump)[0]
        if view.is_master(top):
            return top
    masters = [c for c in legal if view.is_master(c)
               and (trump is None or c.suit is not trump or not view.opponents_may_hold(trump))]
    if masters:
        # high from the short side: cash where this hand is the shorter of the two
        def shortness(c: Card) -> tuple[int, int]:
            other = partner.length(c.suit) if partner is not None else 0
            return (int(hand.length(c.suit) > other), -c.rank.value)

        return min(masters, key=shortness)
    side = _suits_by_length(hand, trump) or _suits_by_length(hand, None)
    return hand.cards_in(side[0])[-1]


# -- following -----------------------------------------------------------------------------


def _follow(view: _View, legal: list[Card]) -> Card:
    play, trump = view.play, view.trump
    trick = play.current
    position = len(trick.cards)
    led = trick.cards[0].suit
    winner = _current_winner(play)
    assert winner is not None
    win_seat, win_card = winner
    partner_winning = win_seat is view.seat.partner
    following = legal[0].suit is led
    beaters = [c for c in legal if _beats(c, win_card, led, trump)]
    if following:
        if position == 1:
            return _second_hand(view, legal, win_card)
        if partner_winning and (position == 3 or _safe_against_fourth(view, win_card)):
            return _lowest(legal)
        if not beaters:
            return _lowest(legal)
        if position == 3:
            return min(beaters, key=lambda c: c.rank.value)
        # third hand high: the lowest of touching top cards, if it beats the card so far
        top = _top_of_touching(legal, view.played)
        return top if top in beaters else min(beaters, key=lambda c: c.rank.value)
    # void in the suit led
    if partner_winning and (position == 3 or _safe_against_fourth(view, win_card)):
        return _discard(view, legal)
    ruffs = [c for c in beaters if c.suit is trump]
    if ruffs:
        return min(ruffs, key=lambda c: c.rank.value)
    return _discard(view, legal)


def _second_hand(view: _View, legal: list[Card], led_card: Card) -> Card:
    # cover an honour with an honour: the card just above it, when held
    if led_card.rank.value >= Rank.JACK.value:
        covers = [c for c in legal if c.rank.value > led_card.rank.value]
        if covers:
            return min(covers, key=lambda c: c.rank.value)
    return _lowest(legal)


def _safe_against_fourth(view: _View, win_card: Card) -> bool:
    """Partner's card wins against whatever fourth hand may hold: a master of the suit led
    (and nobody left to ruff, when the fourth hand is visible dummy, or a trump lead)."""
    play = view.play
    fourth = view.seat.next()
    if fourth is play.dummy and view.dummy is not None:
        d = view.dummy
        led = play.current.cards[0].suit
        if d.length(led):
            return all(c.rank.value < win_card.rank.value for c in d.cards_in(led)) \
                or win_card.suit is not led
        if win_card.suit is play.trump:
            return all(c.rank.value < win_card.rank.value for c in d.cards_in(win_card.suit))
        return play.trump is None or not d.length(play.trump)
    return view.is_master(win_card) and (
        play.trump is None or win_card.suit is play.trump
        or not view.opponents_may_hold(play.trump))


def _discard(view: _View, legal: list[Card]) -> Card:
    hand, trump = view.hand, view.trump
    suits = {c.suit for c in legal}
    side = [s for s in suits if s is not trump] or list(suits)

    def weakness(s: Suit) -> tuple[int, int, int]:
        cards = [c for c in legal if c.suit is s]
        has_master = any(view.is_master(c) for c in cards)
        return (int(has_master), -hand.length(s), sum(c.rank.hcp for c in cards))

    suit = min(side, key=lambda s: (weakness(s), s.value))
    return _lowest([c for c in legal if c.suit is suit])

