"""Boards: dealer and vulnerability of every board 1-64 (Law 2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import Board, NotationError, Seat, Vulnerability

# Law 2, written out as the seeds' scoresheet prints boards 1-16: dealer and 局况.
LAW_2 = {
    1: ("北", "双无"), 2: ("东", "南北"), 3: ("南", "东西"), 4: ("西", "双有"),
    5: ("北", "南北"), 6: ("东", "东西"), 7: ("南", "双有"), 8: ("西", "双无"),
    9: ("北", "东西"), 10: ("东", "双有"), 11: ("南", "双无"), 12: ("西", "南北"),
    13: ("北", "双有"), 14: ("东", "双无"), 15: ("南", "南北"), 16: ("西", "东西"),
}


@pytest.mark.parametrize("number", range(1, 65))
def test_every_board_1_to_64(number: int) -> None:
    dealer, vul = LAW_2[(number - 1) % 16 + 1]
    board = Board(number)
    assert board.dealer is Seat.parse(dealer)
    assert board.vulnerability is Vulnerability.parse(vul)


@pytest.mark.parametrize(
    ("number", "dealer", "vul"),
    [(1, "N", "None"), (2, "E", "NS"), (3, "S", "EW"), (4, "W", "Both"), (5, "N", "NS"),
     (8, "W", "None"), (9, "N", "EW"), (13, "N", "Both"), (16, "W", "EW"), (17, "N", "None"),
     (28, "W", "NS"), (32, "W", "EW")],
)
def test_rules_vectors(number: int, dealer: str, vul: str) -> None:
    assert str(Board(number).dealer) == dealer
    assert str(Board(number).vulnerability) == vul


@given(st.integers(1, 10**9))
def test_cycle_of_16(number: int) -> None:
    a, b = Board(number), Board((number - 1) % 16 + 1)
    assert (a.dealer, a.vulnerability) == (b.dealer, b.vulnerability)


def test_each_vulnerability_four_times_per_cycle() -> None:
    vuls = [Board(n).vulnerability for n in range(1, 17)]
    assert all(vuls.count(v) == 4 for v in Vulnerability)


def test_parse_and_describe() -> None:
    assert Board.parse("第十六副") == Board(16)
    assert Board.parse("board 5") == Board(5) == Board.parse("B5") == Board.parse("#5")
    assert Board(5).describe() == "Board 5: dealer North, NS vulnerable"
    assert Board(5).describe("zh") == "第5副：北发牌，南北有局"
    for bad in ("0", "-3", "x", "", "第零副", "1.5"):
        with pytest.raises(NotationError):
            Board.parse(bad)
    for bad_number in (0, -1, True):
        with pytest.raises(NotationError):
            Board(bad_number)


@given(st.text(max_size=12))
def test_fuzzed_board_numbers(text: str) -> None:
    try:
        board = Board.parse(text)
    except NotationError as e:
        assert e.message("en") and e.message("zh")
    else:
        assert board.number >= 1 and Board.parse(str(board.number)) == board


@pytest.mark.parametrize(
    "text",
    # 第一二三副 was board 3 and 第十十副 board 20: strict Chinese numerals now.
    ["第一二三副", "第十十副", "第一百五副", "1" * 5000, "第" + "1" * 5000 + "副", "b" + "9" * 31,
     "1000000001", "第十亿副"],
    ids=lambda t: t[:12],
)
def test_bad_board_texts(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Board.parse(text)
    assert len(info.value.message("en")) < 200 and len(info.value.message("zh")) < 200


@pytest.mark.parametrize("number", [10**5000, 10**9 + 1, -(10**5000), [10**5000], 5.0, None],
                         ids=["huge", "1e9+1", "-huge", "list", "float", "none"])
def test_bad_board_numbers(number: object) -> None:
    # Board(10**5000) was accepted, and then str() or describe() raised ValueError.
    for build in (Board, Board.parse):
        with pytest.raises(NotationError) as info:
            build(number)  # type: ignore[arg-type]
        assert len(info.value.message("en")) < 200


def test_board_number_bounds() -> None:
    assert Board(10**9).number == 10**9 == Board.parse("1000000000").number
    assert Board.parse("第一百零五副") == Board(105) and Board.parse("第五號") == Board(5)
