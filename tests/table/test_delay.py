"""``seen_after_delay``: which of a table's steps (boards started, moves made) a spectator
``delay`` seconds behind has been shown at a moment (issue 23, finding 18: the first
message of a late stream showed the table as it stood at that moment, not as it stood a
delay ago)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.table.views import seen_after_delay

times = st.lists(st.floats(min_value=0, max_value=1000, allow_nan=False), max_size=30)


def test_only_the_steps_a_delay_old_are_shown() -> None:
    made = [100.0, 110.0, 150.0, 171.0]
    assert seen_after_delay(made, now=170.0, delay=60) == 2  # 110 is exactly a delay old
    assert seen_after_delay(made, now=169.9, delay=60) == 1
    assert seen_after_delay(made, now=159.0, delay=60) == 0  # nothing is a delay old yet
    assert seen_after_delay(made, now=1000.0, delay=60) == 4
    assert seen_after_delay([], now=1000.0, delay=60) == 0


def test_no_delay_shows_every_step_even_one_stamped_ahead() -> None:
    # (a server whose clock runs ahead stamped the last move "in the future")
    assert seen_after_delay([100.0, 110.0, 500.0], now=120.0, delay=0) == 3


def test_a_step_never_overtakes_one_not_yet_shown() -> None:
    # Two servers' clocks: move 3 was stamped before move 2.  Move 2 is not a delay old,
    # so move 3 waits for it: the spectator sees a position the table really had.
    assert seen_after_delay([100.0, 150.0, 105.0], now=170.0, delay=60) == 1
    assert seen_after_delay([100.0, 150.0, 105.0], now=210.0, delay=60) == 3


@given(times, st.floats(min_value=0, max_value=2000), st.floats(min_value=0.001,
                                                                 max_value=500))
def test_what_is_shown_is_the_longest_prefix_of_steps_a_delay_old(
        made: list[float], now: float, delay: float) -> None:
    n = seen_after_delay(made, now, delay)
    assert 0 <= n <= len(made)
    assert all(t <= now - delay for t in made[:n])  # nothing younger than the delay
    assert n == len(made) or made[n] > now - delay  # and all that may be shown


@given(times, st.floats(min_value=0, max_value=2000), st.floats(min_value=0, max_value=100),
       st.floats(min_value=0.001, max_value=500))
def test_a_late_stream_only_goes_forward(made: list[float], now: float, later: float,
                                         delay: float) -> None:
    assert seen_after_delay(made, now, delay) <= seen_after_delay(made, now + later, delay)
