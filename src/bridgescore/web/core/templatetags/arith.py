"""``{{ line|arith }}``: a score's arithmetic that wraps between its terms, never inside a
number (issue 23, finding 12: "…+300=43 / 0分" on a phone).

Each number is kept whole (``<span class="nb">``, no wrapping inside: site.css) and a line
may break after an operator (``<wbr>``).  Works on plain text (escaped here) and on the
``suits`` filters' safe HTML alike: tags and character references are left as they are.
"""

from __future__ import annotations

import re

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

# Markup to leave alone: a tag, or a character reference (&#39; holds digits).
_MARKUP = re.compile(r"(<[^>]*>|&#?\w+;)")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
# An operator between two terms (after a digit or a bracket): "-420" and "+450" are signs,
# kept with their numbers.
_OPERATOR = re.compile(r"(?<=[\d)\]%])([+=×−\-/])")


def _text(part: str) -> str:
    part = _OPERATOR.sub(r"\1<wbr>", part)
    return _NUMBER.sub(lambda m: f'<span class="nb">{m.group(0)}</span>', part)


@register.filter(needs_autoescape=True)
def arith(value: object, autoescape: bool = True) -> SafeString:
    # Escaped here (or already safe HTML): only our own spans and break points are added.
    text = str(conditional_escape(str(value)) if autoescape else value)
    return mark_safe("".join(p if _MARKUP.fullmatch(p) else _text(p)
                             for p in _MARKUP.split(text)))
