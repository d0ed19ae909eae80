"""The auction by Laws 17-22: every vector of rules.md section 7, legal and illegal."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.auction import Auction, Call, CallKind
from bridgescore.core.contract import Contract
from bridgescore.core.errors import BridgeError, IllegalCallError, NotationError
from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain


@pytest.mark.parametrize(
    ("dealer", "calls", "contract", "declarer", "dummy", "leader"),
    [
        ("W", "2S X P P P", "2SX", "W", "E", "N"),  # A1
        ("N", "1H X 1S P P P", "1S", "S", "N", "W"),  # A2: the double of 1H is cancelled
        ("N", "1C P 2C P P P", "2C", "N", "S", "E"),  # A4: N named clubs first
        ("N", "1C 1H 1NT P 3NT P P P", "3NT", "S", "N", "W"),  # A5, checklist 37
        ("E", "1S P 2NT P 3NT P P P", "3NT", "W", "E", "N"),  # A6
        ("N", "1H X XX P P P", "1HXX", "N", "S", "E"),  # A7
        ("S", "P P 1S P 4S P P P", "4S", "N", "S", "E"),  # seed 002: 北是定约者
        ("S", "1S P P P", "1S", "S", "N", "W"),  # seed 002: 南是定约者
    ],
)
def test_legal_auctions(dealer: str, calls: str, contract: str, declarer: str, dummy: str, leader: str) -> None:
    a = Auction.parse(dealer, calls)
    assert a.is_complete
    assert a.contract == Contract.parse(contract)
    assert a.declarer == Seat.parse(declarer)
    assert a.dummy == Seat.parse(dummy)
    assert a.opening_leader == Seat.parse(leader)


def test_passed_out_and_not_ended() -> None:  # A3
    a = Auction.parse("N", "P P P P")
    assert a.is_complete and a.is_passed_out and a.contract == Contract.passed_out()
    assert a.declarer is None
    b = Auction.parse("N", "P P P")
    assert not b.is_complete and b.contract is None and b.next_seat is Seat.WEST
    c = Auction.parse("N", "1C P P")
    assert not c.is_complete


def test_bid_cancels_double_and_redouble() -> None:
    # seed 002: 1S X XX 2D cancels both; then 2S by South is undoubled
    a = Auction.parse("S", "1S X XX 2D 2S P P P")
    assert a.contract == Contract.parse("2S") and a.declarer is Seat.SOUTH


@pytest.mark.parametrize(
    ("calls", "law"),
    [
        ("1H P X", "Law 36"),  # South doubles partner's bid
        ("1H 2C 1S", "Law 27"),  # insufficient
        ("P P X", "Law 36"),  # nothing to double
        ("1H X XX X", "Law 36"),  # double of a redoubled bid
        ("1H X P XX", "Law 36"),  # West redoubles partner's double
        ("1H X XX P P XX", "Law 36"),  # second redouble
        ("8C", "Law 38"),  # above seven
        ("1H P P P P", "Law 39"),  # after the final pass
        ("P P P P 1C", "Law 39"),
        ("1NT 1NT", "Law 27"),
        ("P XX", "Law 36"),
    ],
)
def test_illegal_calls_name_their_law(calls: str, law: str) -> None:  # A8
    with pytest.raises(IllegalCallError, match=law) as info:
        Auction.parse("N", calls)
    assert "第" in info.value.message("zh")


def test_call_notations() -> None:
    assert Call.parse("不叫") == Call.parse("P") == Call.parse("pass") == Call(CallKind.PASS)
    assert Call.parse("加倍") == Call.parse("X") == Call.parse("dbl")
    assert Call.parse("再加倍") == Call.parse("XX") == Call.parse("rdbl")
    assert Call.parse("1无将") == Call.parse("1NT") == Call.parse("1N") == Call.bid(1, Strain.NOTRUMP)
    assert Call.parse("1♠") == Call.parse("1S") == Call.parse("一黑桃")
    assert Call.parse("1NT").format("zh") == "1无将" and Call.parse("4S").format(symbols=True) == "4♠"
    assert Call.parse("P").format("zh") == "不叫"
    for bad in ("", "1Spam", "0S", "S1", "XXX", "1Z"):
        with pytest.raises(BridgeError):
            Call.parse(bad)


def test_legal_calls_at_the_start_and_after_a_double() -> None:
    a = Auction(Seat.NORTH)
    assert len(a.legal_calls()) == 1 + 35  # pass and every bid
    b = Auction.parse("N", "1H X")
    legal = b.legal_calls()
    assert Call.parse("XX") in legal and Call.parse("X") not in legal and Call.parse("1H") not in legal


@given(st.lists(st.sampled_from(["P", "X", "XX", "1C", "1S", "2NT", "3H", "7NT", "1NT"]), max_size=12))
def test_random_sequences_are_legal_or_illegal_call_errors(calls: list[str]) -> None:
    try:
        a = Auction.parse("E", calls)
    except IllegalCallError:
        return
    if a.is_complete and not a.is_passed_out:
        assert a.declarer is not None and a.contract is not None
        assert a.declarer.side is a.dummy.side if a.dummy else False


def _legal_by_trying(a: Auction) -> list[Call]:
    """The reference: every call in rank order that the replay accepts after ``a``."""
    out = []
    candidates = [Call.parse("P"), Call.parse("X"), Call.parse("XX")] + [
        Call(CallKind.BID, level, strain) for level in range(1, 8) for strain in Strain]
    for call in candidates:
        try:
            Auction(a.dealer, (*a.calls, call))
        except IllegalCallError:
            continue
        out.append(call)
    return out


def _declarer_by_reading(a: Auction) -> Seat | None:
    """The reference: the Laws' definition read off the calls, for a finished auction."""
    bids = [(i, c) for i, c in enumerate(a.calls) if c.is_bid]
    if not a.is_complete or not bids:
        return None
    i, final = bids[-1]
    side = Seat((a.dealer.value + i) % 4).side
    return next(Seat((a.dealer.value + j) % 4) for j, c in enumerate(a.calls)
                if c.is_bid and c.strain is final.strain
                and Seat((a.dealer.value + j) % 4).side is side)


@given(st.integers(0, 3), st.lists(st.integers(0, 10_000), max_size=40))
def test_legal_calls_and_declarer_agree_with_the_replay(dealer: int, picks: list[int]) -> None:
    # The auction keeps what its validating replay found (legal calls, contract, declarer);
    # each is checked here against the slow way, walking random legal auctions.
    a = Auction(Seat(dealer))
    for pick in picks:
        legal = a.legal_calls()
        assert legal == _legal_by_trying(a)
        if not legal:
            break
        # Mostly passes, so that auctions end as well as climb.
        a = a.add(legal[0] if pick % 3 else legal[pick % len(legal)])
    assert a.declarer == _declarer_by_reading(a)


@given(st.text(max_size=20))
def test_fuzzed_calls_raise_only_bridge_error(text: str) -> None:
    with contextlib.suppress(BridgeError):
        Auction.parse("N", text)


@pytest.mark.parametrize(
    ("calls", "expected"),
    [("1NT P 3NT AP", "1NT Pass 3NT Pass Pass Pass"), ("1S all pass", "1S Pass Pass Pass"),
     ("1S All Passes", "1S Pass Pass Pass"), ("1♥ 加倍 全部不叫", "1H X Pass Pass Pass"),
     ("1S 都不叫", "1S Pass Pass Pass"), ("1S 其餘不叫", "1S Pass Pass Pass"),
     ("P AP", "Pass Pass Pass Pass"), ("AP", "Pass Pass Pass Pass"),
     ("全部不叫", "Pass Pass Pass Pass"), ("四家不叫", "Pass Pass Pass Pass"),
     ("四家都不叫", "Pass Pass Pass Pass")],
)
def test_all_pass_ends_the_auction(calls: str, expected: str) -> None:
    a = Auction.parse("N", calls)
    assert str(a) == expected and a.is_complete
    if "all" not in calls.lower():  # one word each: the same as a list of calls
        assert Auction.parse("N", calls.split()) == a


@pytest.mark.parametrize("calls", ["AP 1S", "1S 四家不叫", "1S AP P", "P 四家不叫"])
def test_all_pass_only_at_the_end(calls: str) -> None:
    with pytest.raises(NotationError) as info:
        Auction.parse("N", calls)
    assert "最后" in info.value.message("zh")


@pytest.mark.parametrize(
    "build",
    [lambda: Auction("N", ()), lambda: Auction(Seat.NORTH, ("1S",)),  # type: ignore[arg-type]
     lambda: Auction(Seat.NORTH, [Call.parse("1S")]),  # type: ignore[arg-type]
     lambda: Auction.parse("N", 5), lambda: Call(CallKind.BID, 10**5000, Strain.SPADES),  # type: ignore[arg-type]
     lambda: Call(CallKind.BID, 1, "S"), lambda: Call("bid", 1, Strain.SPADES),  # type: ignore[arg-type]
     lambda: Call.parse("1" * 5000 + "S"), lambda: Auction.parse("N", "1" * 5000 + "S"),
     lambda: Call.parse("100S")],
)
def test_bad_calls_and_auctions_are_notation_errors(build: object) -> None:
    # These raised AttributeError, TypeError or ValueError (Python's int-string limit).
    with pytest.raises(NotationError) as info:
        build()  # type: ignore[operator]
    assert len(info.value.message("en")) < 300


def test_levels_above_seven_still_name_law_38() -> None:
    with pytest.raises(IllegalCallError, match="Law 38"):
        Auction.parse("N", "99S")
    assert Call.parse("八黑桃") == Call(CallKind.BID, 8, Strain.SPADES)
