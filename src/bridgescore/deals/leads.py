"""Whether an entered opening lead can be right: the card is in the opening leader's hand.

The opening leader is declarer's left-hand opponent.  A deal may be partly known (a PBN file
giving only some hands, ``Deal(complete=False)``): then a card the leader is known to hold,
or that no known hand holds while the leader's hand is incomplete, may be the lead, and only
a card the deal places elsewhere is refused.

>>> from bridgescore.core.deal import Deal
>>> d = Deal.from_pbn("N:AJ8.82.632.KT974 94.76.A875.Q8652 6532.KQT43.QJT9. KQT7.AJ95.K4.AJ3")
>>> lead_is_possible(d, Seat.SOUTH, Card.parse("SK"))   # West leads against South
True
>>> lead_is_possible(d, Seat.SOUTH, Card.parse("SA"))   # North holds it
False

Nothing here says *who* holds a card: a caller answering a player must not either (a player
could enter a card only to learn where it is; platform.md §12).
"""

from __future__ import annotations

from ..core.cards import Card
from ..core.deal import Deal
from ..core.seat import Seat

__all__ = ["lead_is_possible", "opening_leader"]


def opening_leader(declarer: Seat) -> Seat:
    """The player who makes the opening lead: declarer's left-hand opponent (Law 41A)."""
    return declarer.lho


def lead_is_possible(deal: Deal, declarer: Seat, card: Card) -> bool:
    """True if the opening leader against ``declarer`` may hold ``card`` in ``deal``."""
    hand = deal[opening_leader(declarer)]
    if card in hand:
        return True
    if len(hand) == 13:
        return False
    # The leader's hand is not fully known: refuse only a card the deal gives someone else.
    return not any(card in deal[s] for s in Seat if s is not opening_leader(declarer))
