"""Disconnection penalties (断线扣分, seed 002; platform.md §10): 20 off the 贴点 total, or 16
off this week's points and a Rate of 0 on the board, per disconnection."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.compete.penalties import (
    HANDICAP_DEDUCTION,
    WEEK_DEDUCTION,
    Deduction,
    DisconnectionRecord,
    PenaltyError,
    System,
    deductions,
    with_penalties,
)
from bridgescore.compete.pool import BoardTally, Pool, TableResult, WeekFigures, week_figures
from bridgescore.compete.refusal import Refusal
from bridgescore.core.seat import Seat
from bridgescore.deals.dealing import deal_boards
from bridgescore.table.seating import Disconnected, Seating


def test_the_seeds_figures() -> None:
    # 在贴点系统中，断线一次扣总积分20分。在全场记分/复式记分系统中，断线一次扣本周分16分。
    assert (HANDICAP_DEDUCTION, WEEK_DEDUCTION) == (20, 16)


def test_deductions_by_hand() -> None:
    records = [
        DisconnectionRecord("ann", System.DUPLICATE, board=3, at=10.0),
        DisconnectionRecord("ann", System.DUPLICATE, board=5, at=900.0),
        DisconnectionRecord("ann", System.HANDICAP, at=2000.0),
        DisconnectionRecord("bob", System.FULL_FIELD, board=3, at=10.0),
        DisconnectionRecord("bob", System.FULL_FIELD, board=3, at=400.0),  # again on board 3
        DisconnectionRecord("cat", "贴点"),
        DisconnectionRecord("cat", "贴点"),  # no time: two records are two disconnections
    ]
    d = deductions(records)
    assert list(d) == ["ann", "bob", "cat"]
    # ann: two in the duplicate system (−16 each, Rate 0 on boards 3 and 5), one at 贴点.
    assert d["ann"] == Deduction("ann", 3, -20, -32, frozenset({3, 5}))
    # bob: two drops during board 3 cost 32; the Rate on board 3 is 0 (once).
    assert d["bob"] == Deduction("bob", 2, 0, -32, frozenset({3}))
    assert d["cat"] == Deduction("cat", 2, -40, 0, frozenset())
    assert d["ann"].zero_rate(3) and not d["ann"].zero_rate(4) and not d["cat"].zero_rate(3)


def test_a_drop_recorded_twice_counts_once() -> None:
    r = DisconnectionRecord("ann", "duplicate", board=3, at=10.0)
    assert deductions([r, r])["ann"].week_points == -16
    # The same moment on another board, or in another system, is another disconnection.
    other = DisconnectionRecord("ann", "duplicate", board=4, at=10.0)
    assert deductions([r, other])["ann"].week_points == -32


def test_from_the_seating_event() -> None:
    # What counts is decided by bridgescore.table.seating: a drop past the grace period during a
    # board gives one Disconnected event.
    s = Seating()
    s, _ = s.sit(Seat.EAST, "ann", now=0)
    s, _ = s.drop("ann", now=10)
    s, events = s.tick(now=71, in_progress=True)
    dropped = [e for e in events if isinstance(e, Disconnected)]
    assert len(dropped) == 1 and s.tick(now=500, in_progress=True)[1] == []
    record = DisconnectionRecord.from_event(dropped[0], "duplicate", board=12)
    assert record == DisconnectionRecord("ann", System.DUPLICATE, 12, 10.0)
    # A drop between boards (no board in progress) is no disconnection: no event.
    s = Seating()
    s, _ = s.sit(Seat.EAST, "bob", now=0)
    s, _ = s.drop("bob", now=10)
    assert not any(isinstance(e, Disconnected) for e in s.tick(now=71, in_progress=False)[1])


def test_week_points_after_the_penalty() -> None:
    pool = Pool.of("2026-W49", deal_boards(1, seed=1))
    tally = BoardTally.start(pool, 1)
    # Board 1, nobody vulnerable: six results; the datum of 420 420 420 450 170 140, less
    # 140 and 450: 1430 / 4 = 357.5 → 360; 420 − 360 = +60 → 2 IMPs.
    for i, s in enumerate([420, 420, 420, 450, 170, 140]):
        tally, _ = tally.add(TableResult(1, (f"n{i}", f"e{i}", f"s{i}", f"w{i}"), s))
    figures = week_figures([tally])
    assert figures["n0"].points == 2
    d = deductions([DisconnectionRecord("n0", "duplicate", board=1, at=5.0),
                    DisconnectionRecord("zed", "duplicate", board=1, at=6.0),
                    DisconnectionRecord("e0", "贴点", at=7.0)])
    after = with_penalties(figures, d)
    assert after["n0"] == WeekFigures("n0", 2, 1, 0, -16) and after["n0"].total == -14
    # A player penalised with no result this week; a 贴点 penalty leaves the week alone.
    assert after["zed"] == WeekFigures("zed", 0, 0, 0, -16)
    assert after["e0"] == figures["e0"] and after["s0"] == figures["s0"]
    assert with_penalties(after, d) == after  # applying again changes nothing


def test_errors_are_bilingual() -> None:
    cases = [
        (lambda: DisconnectionRecord("ann", "bridge"),
         "unknown scoring system 'bridge'", "未知的记分系统 'bridge'"),
        (lambda: DisconnectionRecord("ann", "duplicate"),
         "needs its board", "须注明牌副"),
        (lambda: DisconnectionRecord("", "贴点"),
         "invalid player ''", "无效的牌手 ''"),
        (lambda: DisconnectionRecord("ann", "全场", board=0),
         "invalid board 0", "无效的牌副 0"),
        (lambda: DisconnectionRecord("ann", "全场", board=1, at=float("nan")),
         "invalid time of the drop nan", "无效的断线时间 nan"),
        (lambda: deductions(["ann"]),
         "expected disconnection records", "应为断线记录"),
    ]
    for make, en, zh in cases:
        with pytest.raises(PenaltyError) as e:
            make()
        assert en in str(e.value) and zh in e.value.message("zh")
        assert isinstance(e.value, Refusal) and e.value.code in ("bad_system", "bad_record",
                                                                 "no_board")


def test_system_names() -> None:
    for text, system in [("handicap", System.HANDICAP), ("贴点", System.HANDICAP),
                         ("貼點", System.HANDICAP), ("Duplicate", System.DUPLICATE),
                         ("复式记分系统", System.DUPLICATE), ("full field", System.FULL_FIELD),
                         ("全场", System.FULL_FIELD), ("full_field", System.FULL_FIELD)]:
        assert System.parse(text) is system
    assert System.DUPLICATE.name_in("zh") == "复式记分系统"
    assert not System.HANDICAP.weekly and System.FULL_FIELD.weekly


RECORDS = st.lists(st.builds(
    DisconnectionRecord, st.sampled_from(["ann", "bob", "cat"]), st.sampled_from(list(System)),
    st.integers(1, 5), st.one_of(st.none(), st.integers(0, 3).map(float))), max_size=30)


@given(RECORDS)
def test_deductions_add_up(records: list[DisconnectionRecord]) -> None:
    d = deductions(records)
    distinct = {(r.player, r.system, r.board, r.at) for r in records if r.at is not None}
    untimed = [r for r in records if r.at is None]
    assert sum(x.disconnections for x in d.values()) == len(distinct) + len(untimed)
    for player, x in d.items():
        mine = [r for r in {(r.player, r.system, r.board, r.at): r for r in records
                            if r.at is not None}.values() if r.player == player]
        mine += [r for r in untimed if r.player == player]
        weekly = [r for r in mine if r.system is not System.HANDICAP]
        assert x.week_points == -16 * len(weekly)
        assert x.total_points == -20 * (len(mine) - len(weekly))
        assert x.rate_zero == {r.board for r in weekly}
