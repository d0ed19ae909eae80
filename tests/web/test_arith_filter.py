"""The ``arith`` filter (issue 23, finding 12): a score's arithmetic breaks between terms,
never inside a number."""

from __future__ import annotations

import re

from django.utils.safestring import mark_safe

from bridgescore.web.core.templatetags.arith import arith


def numbers(html: str) -> list[str]:
    return re.findall(r'<span class="nb">([^<]*)</span>', html)


def test_numbers_are_kept_whole_and_lines_break_after_operators() -> None:
    html = arith("南北得分 (40+2×30)×2+300+50=550分")
    assert numbers(html) == ["40", "2", "30", "2", "300", "50", "550"]
    assert html.count("<wbr>") == 6  # after each + × = between terms
    # Read as text, nothing changed.
    assert re.sub(r"<[^>]+>", "", html) == "南北得分 (40+2×30)×2+300+50=550分"


def test_signs_stay_with_their_numbers() -> None:
    html = arith("NS -420 · EW +420")
    assert "<wbr>" not in html and numbers(html) == ["420", "420"]


def test_markup_and_character_references_are_left_alone() -> None:
    safe = mark_safe('<span class="suit s">♠</span>4 &#x27;x&#x27; 10')
    html = arith(safe)
    assert '<span class="suit s">♠</span>' in html and "&#x27;x&#x27;" in html
    assert numbers(html) == ["4", "10"]
    # Plain text is escaped first: its digits are text, not a reference.
    assert arith("<b>7</b>") == '&lt;b&gt;<span class="nb">7</span>&lt;/b&gt;'
