"""The figures a player carries, as pages show them: a registry of columns.

A ``Figure`` gives, for many players at once, each one's ``Cell`` (the text shown, the value
for sorting and JSON, a class for the style);
``memo`` is shared by the figures of one call, so that figures drawn from the same rows (the
rank and the masterpoints) read them once; ``memo["club"]`` is the club whose figures are
asked for (the club's members page, a club's leaderboard), or None (every club: the
all-players leaderboards).
The club's members page and the leaderboards show the registered figures in order; the
masterpoints and the rank are registered here, the Rate and the weekly figures are added the
same way (``register``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ...compete.ranks import Rank, rank_of
from ...core.figures import fixed
from ...core.i18n import Lang
from ..compete import ledger

__all__ = ["FIGURES", "Cell", "Figure", "cells", "mp_number", "mp_text", "rank_cell",
           "register"]


@dataclass(frozen=True)
class Cell:
    text: str  # as shown
    value: Any = None  # for sorting and for JSON
    css: str = ""  # a class for the cell's content
    # More about the value for pages and JSON (a Rate of all clubs: the club it is from).
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Figure:
    key: str
    label: Any  # a lazy text: the column's heading
    cells: Callable[[list[int], Lang, dict[str, Any]], dict[int, Cell]]
    numeric: bool = True
    extra: dict[str, Any] = field(default_factory=dict)


FIGURES: dict[str, Figure] = {}


def register(figure: Figure) -> None:
    FIGURES[figure.key] = figure


def mp_text(x: Fraction) -> str:
    """Masterpoints as shown: whole numbers as they are, others to two decimals."""
    return str(x.numerator) if x.denominator == 1 else fixed(x, 2)


def mp_number(x: Fraction) -> float:
    """Masterpoints in JSON: always a number with a fraction part (docs/json.md: a quantity
    that can be fractional is a float), to four decimals."""
    return float(round(x, 4))


def rank_cell(rank: Rank, lang: Lang) -> Cell:
    """A rank by its name in the reader's language only (the rank's own translation)."""
    return Cell(rank.name_in(lang), rank.value, f"rank rank-{rank.value}")


def _totals(ids: list[int], memo: dict[str, Any]) -> dict[int, Fraction]:
    if "masterpoints" not in memo:
        memo["masterpoints"] = ledger.totals(ids)
    out: dict[int, Fraction] = memo["masterpoints"]
    return out


def _masterpoints(ids: list[int], _lang: Lang, memo: dict[str, Any]) -> dict[int, Cell]:
    # Numbers read alike in both languages; the parameter is the registry's signature.
    return {uid: Cell(mp_text(total), total) for uid, total in _totals(ids, memo).items()}


def _ranks(ids: list[int], lang: Lang, memo: dict[str, Any]) -> dict[int, Cell]:
    s = ledger.rank_settings()
    return {uid: rank_cell(rank_of(total, s), lang) for uid, total in _totals(ids, memo).items()}


register(Figure("rank", pgettext_lazy("masterpoint rank", "Rank"), _ranks, numeric=False))
register(Figure("masterpoints", _("Masterpoints"), _masterpoints))


def cells(user_ids: Iterable[int], lang: Lang, keys: Iterable[str] | None = None,
          club: Any = None) -> tuple[list[Figure], dict[int, dict[str, Cell]]]:
    """The figures (all, or those of ``keys`` in that order) and each player's cells, in
    ``club`` (a club's figures, such as the Rate, are that club's; None: every club's)."""
    ids = sorted(set(user_ids))
    figures = [FIGURES[k] for k in (keys if keys is not None else FIGURES)]
    out: dict[int, dict[str, Cell]] = {uid: {} for uid in ids}
    memo: dict[str, Any] = {"club": club}
    for f in figures:
        for uid, cell in f.cells(ids, lang, memo).items():
            out[uid][f.key] = cell
    return figures, out
