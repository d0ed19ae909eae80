"""The phone offers only the results a contract allows (issue 23, finding 7): every result
button at every level, against the library's own check of the result."""

from __future__ import annotations

import pytest

from bridgescore.core.errors import BridgeError
from bridgescore.core.result import Result
from bridgescore.web.events.entry import form as entry_form
from bridgescore.web.events.entry.form import Given
from bridgescore.web.events.entry.views import _result_button


def possible(level: int, value: str) -> bool:
    """The reference: whether the library accepts the result for a contract of ``level``."""
    try:
        Result.parse(f"{level}NT N {value}")
    except BridgeError:
        return False
    return True


@pytest.mark.parametrize("level", range(1, 8))
def test_each_button_s_levels_are_exactly_where_the_library_accepts_it(level: int) -> None:
    for value in entry_form.RESULTS:
        lo, hi = entry_form.levels_for(value)
        assert (lo <= level <= hi) == possible(level, value), (level, value)


def test_every_result_the_library_accepts_has_a_button() -> None:
    for level in range(1, 8):
        for tricks in range(14):
            diff = tricks - 6 - level
            value = "=" if diff == 0 else f"{diff:+d}"
            assert value in entry_form.RESULTS, value


def test_a_page_with_a_level_chosen_turns_off_what_cannot_be_but_keeps_a_choice() -> None:
    given = Given.of({"level": "3", "strain": "NT", "result": "-2"})
    buttons = {v: (levels, off) for v, _, levels, off in
               (_result_button(v, given) for v in entry_form.RESULTS)}
    assert buttons["+4"] == ("1-3", False) and buttons["+5"] == ("1-2", True)
    assert buttons["-9"][1] is False and buttons["-10"][1] is True
    # A chosen impossible result stays (the check says why): nothing entered is dropped.
    kept = _result_button("+5", Given.of({"level": "3", "result": "+5"}))
    assert kept[3] is False
    assert not any(off for _, _, _, off in
                   (_result_button(v, Given.of({"level": "pass"})) for v in entry_form.RESULTS))
