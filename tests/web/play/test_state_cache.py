"""A table's positions kept inside a transaction not yet committed (play/services.py): the
next action starts from the last position of this transaction, and a savepoint rolled back
takes its positions with it."""

from __future__ import annotations

from django.db import transaction
from django.test import TestCase, override_settings

from bridgescore.core.deal import Deal
from bridgescore.deals.dealing import DealtBoard
from bridgescore.formats.pbn_write import boards_to_pbn
from bridgescore.table.state import TableState
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from bridgescore.web.events.models import BoardSet
from bridgescore.web.play import position as play_position
from bridgescore.web.play import robots, services
from bridgescore.web.play.models import PlayBoard, PlayTable

from .helpers import table, users
from .test_sockets import FAST


class Undone(Exception):
    pass


def bid_table(host: User) -> PlayTable:
    """A one-board table whose deal the robots bid and play (North holds 28 points): a random
    deal is now and then passed out by them, and a board over after four calls leaves fewer
    moves than these tests count."""
    club = Club.objects.create(slug="cache", name_en="Cache", name_zh="缓存")
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.432 T98.JT9.JT9.AKQJ 765.876.876.T987 "
                         "432.5432.5432.65")
    board_set = BoardSet.objects.create(club=club, name="strong North", boards=1,
                                        pbn=boards_to_pbn([DealtBoard(1, deal)]))
    return table(host, boards=1, board_set=board_set)


def replayed(board: PlayBoard) -> TableState:
    """The board's position rebuilt from its rows alone (no cache)."""
    *_, last = play_position.states_of(board)
    return last


@override_settings(**FAST, BRIDGESCORE_PLAY_ROBOT_SOLVER="simple")
class UncommittedStatesTests(TestCase):  # every test inside one transaction, never committed
    def test_each_action_starts_from_this_transactions_last_position(self) -> None:
        (host,) = users("host")
        t = bid_table(host)
        services.fill_with_robots(t, host)
        board = play_position.current_board(t)
        assert board is not None
        for done in range(1, 40):
            assert robots.robot_turn(int(t.pk)) is not None
            # The position this transaction made is kept for it (the shared cache fills only
            # on commit, which a test case never reaches), and is the rows' own.
            kept = play_position._uncommitted_state(int(board.pk))
            assert kept is not None and kept[0] == done
            assert kept[1] == replayed(board) == play_position.state_of(board)

    def test_a_savepoint_rolled_back_takes_its_positions_with_it(self) -> None:
        (host,) = users("host")
        t = bid_table(host)
        services.fill_with_robots(t, host)
        board = play_position.current_board(t)
        assert board is not None
        for _ in range(6):
            robots.robot_turn(int(t.pk))
        before = play_position.state_of(board)
        try:
            with transaction.atomic():
                for _ in range(3):
                    robots.robot_turn(int(t.pk))
                kept = play_position._uncommitted_state(int(board.pk))
                assert kept is not None and kept[0] == 9
                raise Undone
        except Undone:
            pass
        # Its rows are gone, and so is the position they made: what is kept is not ahead of
        # the rows, and the next action follows the rows.
        kept = play_position._uncommitted_state(int(board.pk))
        assert kept is None or kept[0] <= 6
        assert play_position.state_of(board) == replayed(board) == before
        robots.robot_turn(int(t.pk))
        assert play_position.state_of(board) == replayed(board)
        assert len(play_position.board_moves(board)) == 7
