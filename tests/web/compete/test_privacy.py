"""A competition's boards never reach a reader who may still have to play them
(``compete.privacy``, asked by the play app through ``play.matches.holder_of``): the game
record, its PBN and LIN, the replay and the session page of a board finished at one table,
and watching or sitting at another table, for each reader — a player of the same Swiss round
or of a later round of a pairs event, a member who does not play, the players who played the
board, the director, a non-member, anonymous — in both languages; and after the board can
no longer be played anywhere, the usual rules (a pairs event's boards wait for publication).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client, TransactionTestCase

from bridgescore.core.seat import Seat
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.play import access as play_access
from bridgescore.web.play import matches
from bridgescore.web.play import services as play
from bridgescore.web.play.models import PlayBoard, PlaySeat

from ..base import PASSWORD, make_user
from .helpers import T0, club_with, pass_out, tables
from .privacy_cases import codes, howell, pages_of, record_round, swiss, swiss_bell

ZH: dict[str, Any] = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}
EN: dict[str, Any] = {"HTTP_ACCEPT_LANGUAGE": "en"}


def client_for(user: Any) -> Client:
    c = Client()
    if user is not None:
        assert c.login(username=user.username, password=PASSWORD)
    return c


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


class PrivacyCase(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(14)
        self.outsider = make_user("out", "Outsider", "外人")

    def refused_in_both_languages(self, user: Any, path: str) -> None:
        c = client_for(user)
        en, zh = c.get(path, **EN), c.get(path, **ZH)
        assert en.status_code == zh.status_code == 403
        assert "Not yet: this board can still be played" in text(en)
        assert "no table can play it any more" in text(en)
        assert "暂不显示：这副牌还可能有人要打" in text(zh)


class SwissPrivacyTests(PrivacyCase):
    def test_a_swiss_rounds_board_is_nobodys_until_the_round_ends(self) -> None:
        eight, fan = self.people[:8], self.people[8]
        c = swiss(self.club, self.td, eight)
        t1, t2 = (t.play_table for t in tables(c, 1))
        pass_out(t1)  # board 1 over at table 1; table 2 still plays it
        board = PlayBoard.objects.get(table=t1, number=1)
        player, rival = eight[0], eight[4]  # table 1's North; table 2's North
        readers = {"player": client_for(player), "director": client_for(self.td),
                   "rival": client_for(rival), "fan": client_for(fan),
                   "outsider": client_for(self.outsider), "anonymous": Client()}
        assert codes(readers, pages_of(board)) == {
            "player": {200}, "director": {200}, "rival": {403}, "fan": {403},
            "outsider": {403}, "anonymous": {302}}
        self.refused_in_both_languages(rival, f"/play/boards/{board.pk}/")
        # The session page lists the board without its result or record.
        session = text(readers["rival"].get(f"/play/tables/{t1.pk}/session", **EN))
        assert f"/play/boards/{board.pk}/" not in session
        assert f"/play/boards/{board.pk}/" in text(readers["player"].get(
            f"/play/tables/{t1.pk}/session", **EN))
        replay = text(readers["fan"].get(f"/play/tables/{t1.pk}/replay", **EN))
        assert 'id="replay-data"' not in replay and "No finished board of this table" in replay
        # Watching: no player of the event watches another of its tables (the one still
        # playing the board, nor the one that played it); a member who does not play does.
        for who, t in ((rival, t1), (player, t2), (eight[7], t1)):
            assert play_access.viewer_for(t, who) is None
            assert client_for(who).get(f"/play/tables/{t.pk}/").status_code == 403
        for t in (t1, t2):
            assert play_access.viewer_for(t, fan) is not None
            assert play_access.viewer_for(t, self.td) is not None
            assert client_for(fan).get(f"/play/tables/{t.pk}/").status_code == 200
        assert play_access.viewer_for(t1, player) is not None  # their own table
        held = matches.holder_of(t1)
        assert held is not None and held.rooms is None and not held.public
        assert not held.may_sit(rival) and held.may_sit(player) and held.may_sit(fan)
        # A free seat at the other table is not for a player of the event.
        PlaySeat.objects.filter(table=t2, seat=1).update(user=None, robot=False)
        with pytest.raises(play.NotAllowed) as refused:
            play.sit(t2, player, Seat.EAST)
        assert refused.value.code == "not_your_table" and "自己的牌桌" in refused.value.zh
        PlaySeat.objects.filter(table=t2, seat=1).update(user=eight[6])
        # The bell: no table can play board 1 any more — the usual rules (the club's
        # members: the table takes spectators).
        swiss_bell(c, 1)
        assert codes(readers, pages_of(board)) == {
            "player": {200}, "director": {200}, "rival": {200}, "fan": {200},
            "outsider": {403}, "anonymous": {302}}
        # Round 2 is in play: its players still watch no table of the event.
        r2 = [t.play_table for t in tables(c, 2)]
        assert all(play_access.viewer_for(t, rival) is None for t in r2 if
                   not PlaySeat.objects.filter(table=t, user=rival).exists())
        assert play_access.viewer_for(t1, rival) is None
        swiss_bell(c, 2)  # the event is over: nothing left to play
        assert all(play_access.viewer_for(t, rival) is not None for t in r2)


class PairsPrivacyTests(PrivacyCase):
    def test_a_pairs_events_board_waits_for_its_last_round_then_publication(self) -> None:
        twelve, fan = self.people[:12], self.people[12]
        c = howell(self.club, self.td, twelve)
        r1 = [t.play_table for t in tables(c, 1)]
        pass_out(r1[0])  # board 1, pairs 6 v 1; played again in rounds 3 and 4
        board = PlayBoard.objects.get(table=r1[0], number=1)
        played, later = twelve[0], twelve[2]  # pair 1 played it; pair 2 plays it in round 3
        readers = {"played": client_for(played), "director": client_for(self.td),
                   "later": client_for(later), "fan": client_for(fan),
                   "outsider": client_for(self.outsider), "anonymous": Client()}
        hidden = {"played": {200}, "director": {200}, "later": {403}, "fan": {403},
                  "outsider": {403}, "anonymous": {302}}
        assert codes(readers, pages_of(board)) == hidden
        assert play_access.viewer_for(r1[1], played) is None
        assert play_access.viewer_for(r1[0], later) is None
        assert play_access.viewer_for(r1[0], fan) is not None
        record_round(c, self.td, 1, skip=(1,))  # round 1 closes, round 2 opens
        assert sv.state_of(c).event.round == 2
        # Round 1 is over, but board 1 is still to be played in rounds 3 and 4.
        assert codes(readers, pages_of(board)) == hidden
        self.refused_in_both_languages(later, f"/play/boards/{board.pk}/replay")
        r2 = [t.play_table for t in tables(c, 2)]
        assert all(play_access.viewer_for(t, played) is None for t in r2
                   if not PlaySeat.objects.filter(table=t, user=played).exists())
        assert all(play_access.viewer_for(t, fan) is not None for t in r2)
        for r in (2, 3):
            record_round(c, self.td, r)
        assert codes(readers, pages_of(board)) == hidden  # round 4 plays it
        record_round(c, self.td, 4)
        # Settled, not published: the director's (and its own players') alone.
        assert codes(readers, pages_of(board)) == {**hidden, "later": {403}, "fan": {403}}
        page = text(readers["later"].get(f"/play/boards/{board.pk}/", **EN))
        assert "Not allowed" in page and "can still be played" not in page
        record_round(c, self.td, 5)
        assert sv.state_of(c).event.phase.value == "complete"
        assert all(play_access.viewer_for(t, later) is not None for t in r2)  # nothing left to play
        sv.act(c, {"type": "publish"}, self.td)
        assert codes(readers, pages_of(board)) == {**hidden, "later": {200}, "fan": {200}}
