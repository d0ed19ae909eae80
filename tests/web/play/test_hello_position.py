"""A connection's hello is one position: its ``seq`` and its view count the same moves even
when a move is committed while the hello is being read (the socket drops every update up to
the hello's ``seq``, so a view behind it would never be completed)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import TransactionTestCase, override_settings

from bridgescore.core.seat import Seat
from bridgescore.web.play import access, messages, services
from bridgescore.web.play import position as play_position

from .helpers import table, users
from .test_sockets import FAST


@override_settings(**FAST)
class HelloPositionTests(TransactionTestCase):
    def test_a_move_committed_during_the_hello_is_in_neither_or_both(self) -> None:
        people = users("ann", "bob", "cat", "dan")
        t = table(people[0], boards=1)
        for u, s in zip(people, Seat, strict=True):
            services.sit(t, u, s)
        services.act(t, people[0], {"type": "call", "call": "Pass"})  # North deals
        east = people[1]
        original = play_position._seq_of
        raced: list[int] = []

        def seq_then_a_move(board: Any) -> int:
            seen = original(board)
            if not raced:  # East passes once the hello has read the table's moves
                raced.append(seen)
                services.act(t, east, {"type": "call", "call": "Pass"})
            return seen

        v = access.viewer_for(t, people[0])
        assert v is not None
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(messages, "_seq_of", seq_then_a_move)  # where hello looks it up
            hello = messages.hello(t, people[0], v)
        assert raced == [1]
        assert hello["view"]["moves"] == hello["seq"] == 1
        assert len(hello["view"]["auction"]) == 1 and hello["view"]["to_act"] == ["E"]
        # The next hello has East's pass.
        again = messages.hello(t, people[0], v)
        assert again["seq"] == again["view"]["moves"] == 2
