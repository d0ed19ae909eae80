"""The profile's sections about play: a registry the account page renders in order
(``{% profile_sections user %}``).  Each ``Section`` is a template and a function giving its
context for a player in the reader's language.  Masterpoints and the rank are registered
here; the Rate, its history and the weekly figures are added the same way (``register``,
``before=`` to put one above another)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...compete.ranks import progress
from ...core.i18n import Lang
from ..compete import ledger
from . import figures

__all__ = ["PROFILE_LEDGER_ROWS", "SECTIONS", "Section", "ledger_rows", "masterpoints_context",
           "register"]


@dataclass(frozen=True)
class Section:
    key: str
    template: str
    context: Callable[[Any, Lang], dict[str, Any]]


SECTIONS: list[Section] = []


def register(section: Section, before: str | None = None) -> None:
    """Add ``section`` (replacing one of the same key), at the end or before ``before``."""
    SECTIONS[:] = [s for s in SECTIONS if s.key != section.key]
    at = next((i for i, s in enumerate(SECTIONS) if s.key == before), len(SECTIONS))
    SECTIONS.insert(at, section)


PROFILE_LEDGER_ROWS = 20  # the newest awards on the profile; the ledger page has them all


def ledger_rows(history: ledger.History, lang: Lang) -> list[dict[str, Any]]:
    """The player's awards, newest first, each with the running total after it and the
    ranks it reached: both from the same dated ledger (``ledger.history_of``), so a mark
    never stands at a total below its rank's threshold."""
    out = [{"award": e.award, "competition": e.award.competition,
            "name": e.award.competition.name_in(lang), "points": figures.mp_text(e.points),
            "total": figures.mp_text(e.total),
            "reached": [figures.rank_cell(r, lang) for r in e.reached]}
           for e in history.entries]
    out.reverse()
    return out


def masterpoints_context(user: Any, lang: Lang, limit: int | None = PROFILE_LEDGER_ROWS
                         ) -> dict[str, Any]:
    history = ledger.history_of(user)
    # The standing from the same dated ledger as the rows (one read, one sum).
    standing = progress(history.total, ledger.rank_settings())
    rows = ledger_rows(history, lang)
    promotions = [{"promotion": p, "rank": figures.rank_cell(p.rank, lang),
                   "competition": p.award.competition,
                   "name": p.award.competition.name_in(lang),
                   "after": figures.mp_text(p.after)}
                  for p in reversed(history.promotions)]
    share = standing.share
    return {
        "standing": standing,
        "rank": figures.rank_cell(standing.rank, lang),
        "next": None if standing.next is None else figures.rank_cell(standing.next, lang),
        "total": figures.mp_text(standing.points),
        "to_next": None if standing.to_next is None else figures.mp_text(standing.to_next),
        "percent": None if share is None else int(share * 100),
        "rows": rows if limit is None else rows[:limit],
        "more": 0 if limit is None else max(0, len(rows) - limit),
        "count": len(rows),
        "promotions": promotions,
    }


register(Section("masterpoints", "ratings/_masterpoints.html", masterpoints_context))
