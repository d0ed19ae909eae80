"""The one Jinja environment of the package: every page (tables, hand and game records,
results pages, movement cards, scorepads) is rendered from ``bridgescore/templates`` through
it, with the same settings everywhere.

Jinja2 is imported on the first page rendered, not when this module is imported, so a module
may import :func:`render_template` at its top without making ``import`` slower.  The
environment is built once and never changed afterwards (Jinja's environments are safe to
share between threads once configured).

- ``autoescape`` for ``.html`` templates: names and event titles from files are text, never
  markup;
- ``StrictUndefined``: a view that lacks a field is an error, not an empty cell;
- ``trim_blocks``/``lstrip_blocks``: block tags leave no blank lines behind;
- the filter ``suits`` colours suit symbols (``{{ text|suits }}``).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jinja2 import Environment
    from markupsafe import Markup

__all__ = ["environment", "render_template", "suits"]

_SUIT_CLASS = {"♥": "red", "♦": "red", "♠": "black", "♣": "black"}


def suits(text: object) -> Markup:
    """Escape ``text`` and wrap each suit symbol in a span that colours it."""
    from markupsafe import Markup, escape

    out = []
    for ch in str(text):
        cls = _SUIT_CLASS.get(ch)
        out.append(Markup('<span class="suit {}">{}</span>').format(cls, ch) if cls else escape(ch))
    return Markup("").join(out)


@cache
def environment() -> Environment:
    """The package's Jinja environment (built on first use, then shared)."""
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    env = Environment(
        loader=PackageLoader("bridgescore", "templates"),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["suits"] = suits
    return env


def render_template(name: str, /, **context: object) -> str:
    """The template ``name`` of ``bridgescore/templates`` rendered with ``context``."""
    return str(environment().get_template(name).render(**context))
