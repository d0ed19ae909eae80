"""Movements: Mitchell formulas and properties for 3-30 tables, shipped Howells, cards, CLI."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from importlib import resources

import pytest

from bridgescore.cli import COMMANDS, main
from bridgescore.core.errors import BridgeError
from bridgescore.render.movement_cards import (
    pair_card_lines,
    pair_card_rows,
    render_cards_html,
    table_card_lines,
    table_card_rows,
)
from bridgescore.sessions.movements import HOWELL_SIZES, Movement, howell, mitchell, mitchell_missed

ODD = range(3, 30, 2)
EVEN = range(4, 31, 2)


def ew_line(m: Movement, pair: int) -> int:
    return pair - m.tables


# ---------------------------------------------------------------- Mitchell vectors (rules.md 12.1)
def test_mitchell_vector_7_tables() -> None:
    a = mitchell(7).at(3, 5)
    assert (a.ns, a.ew - 7, a.board_set) == (5, 3, 7)
    assert a.boards == (13, 14)


def test_skip_mitchell_vector_6_tables() -> None:
    m = mitchell(6)
    assert m.variant == "skip"
    # EW pair 1 (id 7) goes 1, 2, 3, then skips table 4 and goes to table 5.
    assert [m.table_of(7, r) for r in range(1, 6)] == [1, 2, 3, 5, 6]


def test_skip_round_for_8_tables_is_round_5() -> None:
    m = mitchell(8)
    assert m.table_of(9, 4) == 4 and m.table_of(9, 5) == 6


@pytest.mark.parametrize("t", ODD)
def test_odd_mitchell_matches_the_rules_formulas(t: int) -> None:
    m = mitchell(t)
    assert m.rounds == t and m.board_sets == t
    for r in range(1, t + 1):
        for table in range(1, t + 1):
            a = m.at(r, table)
            assert a.ns == table
            assert ew_line(m, a.ew) == ((table - 1) - (r - 1)) % t + 1
            assert a.board_set == ((table - 1) + (r - 1)) % t + 1


@pytest.mark.parametrize("t", ODD)
def test_odd_mitchell_every_ew_meets_every_ns_and_set_once(t: int) -> None:
    m = mitchell(t)
    m.check()
    for e in range(t + 1, 2 * t + 1):
        ps = m.schedule(e)
        assert sorted(p.opponent for p in ps if p.opponent) == list(range(1, t + 1))
        assert sorted(p.board_set for p in ps if p.board_set) == list(range(1, t + 1))
        assert all(p.direction == "EW" for p in ps)
    for ns in range(1, t + 1):
        ps = m.schedule(ns)
        assert sorted(p.board_set for p in ps if p.board_set) == list(range(1, t + 1))
        assert {p.table for p in ps} == {ns}
    for r in range(1, t + 1):
        assert sorted(a.board_set for a in m.round(r)) == list(range(1, t + 1))


@pytest.mark.parametrize("t", EVEN)
def test_skip_mitchell_never_repeats_and_misses_as_documented(t: int) -> None:
    m = mitchell(t, variant="skip")
    m.check()
    assert m.rounds == t - 1
    missed = mitchell_missed(t)
    for e in range(1, t + 1):
        ps = m.schedule(t + e)
        opponents = [p.opponent for p in ps]
        sets = [p.board_set for p in ps]
        assert len(set(opponents)) == t - 1 and len(set(sets)) == t - 1
        (miss_ns,) = set(range(1, t + 1)) - set(opponents)
        (miss_set,) = set(range(1, t + 1)) - set(sets)
        # The documented misses: the NS pair half way round, the set below its own.
        assert miss_ns == (e - 1 + t // 2) % t + 1
        assert miss_set == (e - 2) % t + 1
        assert missed[t + e] == (miss_ns, miss_set)
    for ns in range(1, t + 1):
        sets = [p.board_set for p in m.schedule(ns)]
        assert len(set(sets)) == t - 1


@pytest.mark.parametrize("t", EVEN)
def test_relay_mitchell_everyone_meets_everyone_and_every_set(t: int) -> None:
    m = mitchell(t, variant="relay")
    m.check()
    assert m.rounds == t and m.board_sets == t and m.shared_tables == ((1, t),)
    for e in range(t + 1, 2 * t + 1):
        ps = m.schedule(e)
        assert sorted(p.opponent for p in ps if p.opponent) == list(range(1, t + 1))
        assert sorted(p.board_set for p in ps if p.board_set) == list(range(1, t + 1))
    for ns in range(1, t + 1):
        assert sorted(p.board_set for p in m.schedule(ns) if p.board_set) == list(range(1, t + 1))
    for r in range(1, t + 1):
        rnd = {a.table: a.board_set for a in m.round(r)}
        assert rnd[1] == rnd[t]  # tables 1 and T share
        in_play = set(rnd.values())
        assert len(in_play) == t - 1
        # The one set not at a table is the one on the relay stand.
        assert set(range(1, t + 1)) - in_play == set(m.relay_sets[r - 1])
        # The relay sits between tables T/2 and T/2+1: its set came from T/2+1 and goes to T/2.
        (relay,) = m.relay_sets[r - 1]
        if r > 1:
            assert m.at(r - 1, t // 2 + 1).board_set == relay
        if r < t:
            assert m.at(r + 1, t // 2).board_set == relay


@pytest.mark.parametrize("t", EVEN)
def test_plain_even_mitchell_only_up_to_half(t: int) -> None:
    m = mitchell(t, variant="plain")
    m.check()
    assert m.rounds == t // 2
    # rules.md: EW pair e plays set e + 2(r−1) (mod T); for EW pair 1 that is back at set 1
    # in round T/2+1, which is why the plain rotation stops at T/2.
    def formula(r: int) -> int:
        return (2 * (r - 1)) % t + 1

    assert [m.position(t + 1, r).board_set for r in range(1, t // 2 + 1)] == \
        [formula(r) for r in range(1, t // 2 + 1)]
    assert formula(t // 2 + 1) == m.position(t + 1, 1).board_set == 1
    with pytest.raises(BridgeError, match="skip or relay"):
        mitchell(t, variant="plain", rounds=t // 2 + 1)


def test_mitchell_boards_per_round_and_rounds() -> None:
    m = mitchell(5, boards_per_round=3, rounds=4)
    assert m.rounds == 4 and m.total_boards == 15
    assert m.at(1, 2).boards == (4, 5, 6)
    with pytest.raises(BridgeError):
        mitchell(5, rounds=6)


def test_mitchell_arrow_switch() -> None:
    m = mitchell(5, arrow_switch=[5])
    assert m.arrow_switch_rounds == (5,) and not m.two_winner
    assert all(a.arrow_switch == (a.round == 5) for a in m.assignments)
    model = {(x.round, x.table): x for x in m.to_model()}
    a = m.at(5, 2)
    assert (model[(5, 2)].ns_pair, model[(5, 2)].ew_pair) == (str(a.ew), str(a.ns))
    b = m.at(4, 2)
    assert (model[(4, 2)].ns_pair, model[(4, 2)].ew_pair) == (str(b.ns), str(b.ew))
    with pytest.raises(BridgeError):
        mitchell(5, arrow_switch=[6])


@pytest.mark.parametrize(
    ("kwargs", "en", "zh"),
    [
        ({"tables": 2}, "invalid number of tables 2", "无效的桌数 2"),
        ({"tables": 5, "boards_per_round": 0}, "boards a round 0", "每轮牌数 0"),
        ({"tables": 5, "variant": "skip"}, "even number of tables, not 5", "偶数桌"),
        ({"tables": 6, "variant": "bump"}, "unknown Mitchell variant 'bump'", "'bump'"),
        ({"tables": 6, "rounds": 6}, "1 to 5", "最多 5 轮"),
    ],
)
def test_mitchell_errors_in_both_languages(kwargs: dict[str, object], en: str, zh: str) -> None:
    with pytest.raises(BridgeError) as e:
        mitchell(**kwargs)  # type: ignore[arg-type]
    assert en in e.value.message("en")
    assert zh in e.value.message("zh")


def test_mitchell_matches_the_bundled_demo_session() -> None:
    """The demo pairs file (another module's data, written by hand from the same formulas)
    seats the pairs exactly where the movement puts them."""
    from bridgescore.render.session_demo import demo_session

    m = {(a.round, a.table): a for a in mitchell(7).to_model()}
    for r in demo_session().results:
        assert r.round is not None and r.table is not None
        a = m[(r.round, r.table)]
        assert (r.ns_pair, r.ew_pair) == (a.ns_pair, a.ew_pair)
        assert r.board in a.boards


# ---------------------------------------------------------------- Howell
@pytest.mark.parametrize("k", [1, 2, 3, 4])
@pytest.mark.parametrize("t", HOWELL_SIZES)
def test_howell_complete_properties(t: int, k: int) -> None:
    m = howell(t, boards_per_round=k)
    m.check()
    assert m.rounds == 2 * t - 1 and len(m.pairs) == 2 * t
    meetings = m.meetings()
    for x, y in itertools.combinations(m.pairs, 2):
        assert meetings.get(frozenset((x, y))) == 1, (x, y)
    for r in range(1, m.rounds + 1):
        rnd = m.round(r)
        assert sorted(a.table for a in rnd) == list(range(1, t + 1))
        assert all(len(a.boards) == k for a in rnd)
        seated = [p for a in rnd for p in a.pairs()]
        assert sorted(seated) == list(m.pairs)  # every pair exactly once: none in two places
        # No board at two tables in a round, unless the movement says those tables share.
        for a, b in itertools.combinations(rnd, 2):
            if set(a.boards) & set(b.boards):
                assert m.share(r, a.table, b.table), (r, a.table, b.table)
    for p in m.pairs:
        boards = [b for q in m.schedule(p) for b in q.boards]
        assert len(set(boards)) == len(boards)  # no pair plays a board twice
        if t <= 6:  # the published cards: every pair plays every board in play
            assert sorted(boards) == list(range(1, m.total_boards + 1))
    # One pair stays put at NS; the moving pairs sit NS and EW about equally.
    counts = {p: Counter(q.direction for q in m.schedule(p)) for p in m.pairs}
    stationary = [p for p in m.pairs if len({q.table for q in m.schedule(p)}) == 1]
    assert len(stationary) == 1 and counts[stationary[0]]["NS"] == m.rounds
    for p in m.pairs:
        if p not in stationary:
            assert abs(counts[p]["NS"] - counts[p]["EW"]) <= 1


@pytest.mark.parametrize("name", [f"howell_{t:02d}.json" for t in HOWELL_SIZES]
                         + ["howell_03_relay.json"])
def test_howell_data_files_are_well_formed(name: str) -> None:
    text = resources.files("bridgescore").joinpath(f"data/{name}").read_text("utf-8")
    data = json.loads(text)
    t = int(name[7:9])
    assert (data["tables"], data["pairs"], data["rounds"]) == (t, 2 * t, 2 * t - 1)
    assert len(data["schedule"]) == t * (2 * t - 1)
    assert data["columns"] == ["round", "table", "ns", "ew", "set"]


def test_seven_table_howell_agrees_with_the_published_guide_card() -> None:
    """bridgehands "Guide Card" (rules.md 12.2): table 1, round 1: pair 5 NS v 12 EW on
    boards 1-2; round 2: 6 v 13 on boards 3-4; after round 1 pair 5 goes to table 2 EW and
    pair 12 to table 5 EW; boards 15-16 come into play at table 7."""
    m = howell(7)
    a1, a2 = m.at(1, 1), m.at(2, 1)
    assert (a1.ns, a1.ew, a1.boards) == (5, 12, (1, 2))
    assert (a2.ns, a2.ew, a2.boards) == (6, 13, (3, 4))
    p5, p12 = m.position(5, 2), m.position(12, 2)
    assert (p5.table, p5.direction) == (2, "EW")
    assert (p12.table, p12.direction) == (5, "EW")
    assert m.at(1, 7).boards == (15, 16)


# Entries typed from the published guide cards in thebridsk/bridgescorer (see
# src/bridgescore/data/README.md): (round, table, NS, EW, first board, last board).
PUBLISHED_ENTRIES = {
    # Movement.Howell08T4B21.yaml, 3 boards a round
    (4, 3): [(1, 1, 8, 1, 1, 3), (1, 2, 3, 6, 10, 12), (2, 3, 3, 1, 19, 21),
             (6, 2, 1, 4, 4, 6), (7, 4, 4, 3, 16, 18)],
    # Movement.Howell10T5B18.yaml: pair 10 is stationary at table 3, not table 1
    (5, 2): [(1, 1, 7, 3, 1, 2), (1, 3, 10, 1, 5, 6), (1, 4, 9, 8, 7, 8),
             (2, 4, 1, 9, 9, 10), (2, 5, 5, 7, 11, 12)],
    # Movement.Howell12T6B22.yaml: six tables play six of the eleven sets each round
    (6, 2): [(1, 1, 12, 1, 1, 2), (1, 2, 6, 7, 7, 8), (1, 6, 10, 8, 21, 22),
             (11, 3, 10, 3, 9, 10), (11, 5, 1, 4, 15, 16)],
}


@pytest.mark.parametrize(("size", "k"), sorted(PUBLISHED_ENTRIES))
def test_adopted_howells_match_the_published_guide_cards(size: int, k: int) -> None:
    m = howell(size, boards_per_round=k)
    for r, t, ns, ew, first, last in PUBLISHED_ENTRIES[(size, k)]:
        a = m.at(r, t)
        assert (a.ns, a.ew, a.boards) == (ns, ew, tuple(range(first, last + 1))), (r, t)


@pytest.mark.parametrize(("pairs", "k", "empty_table", "entry"), [
    # Howell07T3B21 "use 4 table with[out] table 1"; Howell09T4B18 "without table 3";
    # Howell11T5B22 "without table 1": the even card with its stationary pair left out.
    (7, 3, 1, (1, 2, 3, 6, 10, 12)),
    (9, 2, 3, (1, 4, 9, 8, 7, 8)),
    (11, 2, 1, (11, 4, 2, 8, 13, 14)),
])
def test_odd_pair_howells_match_the_published_odd_cards(
        pairs: int, k: int, empty_table: int, entry: tuple[int, ...]) -> None:
    m = howell(pairs=pairs, boards_per_round=k)
    assert all(a.table != empty_table for a in m.assignments)
    r, t, ns, ew, first, last = entry
    a = m.at(r, t)
    assert (a.ns, a.ew, a.boards) == (ns, ew, tuple(range(first, last + 1)))


@pytest.mark.parametrize("t", HOWELL_SIZES)
def test_every_howell_table_says_where_it_comes_from(t: int) -> None:
    text = resources.files("bridgescore").joinpath(f"data/howell_{t:02d}.json").read_text("utf-8")
    source = json.loads(text)["source"]
    if t == 2:
        assert source["origin"] == "published" and "bridgescoreplus" in source["url"]
    elif t in (3, 4, 5, 6):
        assert source["origin"] == "published"
        assert source["repository"] == "https://github.com/thebridsk/bridgescorer"
        assert source["name"].startswith(f"Howell{2 * t:02d}T{t}B")
    else:
        assert source["origin"] == "generated" and source["why"]


def test_no_three_table_howell_plays_five_sets_once_each() -> None:
    """Why the published 3-table Howell splits its sets in halves: K6 has one
    1-factorisation up to relabelling, and no labelling of its 15 matches with 5 whole sets
    is different in every round and different for every pair.  (Our earlier card used 6
    sets, so every pair missed one; the published card has every pair play all the boards.)"""
    rounds = [[(6, r + 1), ((r + 1) % 5 + 1, (r - 1) % 5 + 1), ((r + 2) % 5 + 1, (r - 2) % 5 + 1)]
              for r in range(5)]

    def solve(r: int, seen: dict[int, set[int]]) -> bool:
        if r == 5:
            return True
        for labels in itertools.permutations(range(1, 6), 3):
            if all(s not in seen[a] and s not in seen[b]
                   for (a, b), s in zip(rounds[r], labels, strict=True)):
                for (a, b), s in zip(rounds[r], labels, strict=True):
                    seen[a].add(s)
                    seen[b].add(s)
                if solve(r + 1, seen):
                    return True
                for (a, b), s in zip(rounds[r], labels, strict=True):
                    seen[a].discard(s)
                    seen[b].discard(s)
        return False

    assert not solve(0, {p: set() for p in range(1, 7)})
    assert howell(3, boards_per_round=4).half_sets
    assert howell(3, boards_per_round=4).board_sets == 10  # half-sets of 2 boards
    relay = howell(3, boards_per_round=3)  # odd: the relay card, all tables share set 5
    assert not relay.half_sets and relay.board_sets == 5
    assert relay.share(5, 1, 3) and not relay.share(4, 1, 3)


# Typed from the published cards (thebridsk/bridgescorer, data/README.md), not from our JSON:
# (round, table, NS, EW, boards).
PUBLISHED_3_TABLE = {
    # Movement.Howell06T3B20.yaml: 20 boards, 4 a round; tables 2 and 3 play two half-sets.
    4: [(1, 1, 6, 1, [1, 2, 3, 4]), (1, 2, 4, 3, [5, 6, 17, 18]), (1, 3, 2, 5, [11, 12, 15, 16]),
        (2, 2, 5, 4, [1, 2, 9, 10]), (2, 3, 3, 1, [15, 16, 19, 20]),
        (3, 2, 1, 5, [5, 6, 13, 14]), (3, 3, 4, 2, [3, 4, 19, 20]),
        (4, 1, 6, 4, [13, 14, 15, 16]), (4, 2, 2, 1, [9, 10, 17, 18]), (4, 3, 5, 3, [3, 4, 7, 8]),
        (5, 2, 3, 2, [1, 2, 13, 14]), (5, 3, 1, 4, [7, 8, 11, 12])],
    # Movement.Howell06T3B15Relay.yaml: 15 boards, 3 a round; round 5 shares boards 13-15.
    3: [(1, 2, 4, 3, [4, 5, 6]), (1, 3, 2, 5, [10, 11, 12]), (2, 3, 3, 1, [10, 11, 12]),
        (3, 3, 4, 2, [1, 2, 3]), (4, 2, 2, 1, [7, 8, 9]), (5, 1, 6, 5, [13, 14, 15]),
        (5, 2, 3, 2, [13, 14, 15]), (5, 3, 1, 4, [13, 14, 15])],
}


@pytest.mark.parametrize("k", sorted(PUBLISHED_3_TABLE))
def test_three_table_howell_is_the_published_card(k: int) -> None:
    m = howell(3, boards_per_round=k)
    for r, t, ns, ew, boards in PUBLISHED_3_TABLE[k]:
        a = m.at(r, t)
        assert (a.ns, a.ew, a.boards) == (ns, ew, tuple(boards)), (r, t)
    # Every pair plays all the boards, each board is played at three tables.
    assert m.total_boards == 5 * k
    for b in range(1, 5 * k + 1):
        assert sum(b in a.boards for a in m.assignments) == 3


def test_two_table_howell_is_the_published_movement() -> None:
    """ACBL Bridgescore+ "recommended movements", 2 tables: three long rounds, pair 4
    stationary at table 1 NS, round 1 at table 2 is 3 NS v 2 EW, both tables share the boards
    each round."""
    m = howell(2, boards_per_round=9)
    assert (m.rounds, m.total_boards, m.pairs) == (3, 27, (1, 2, 3, 4))
    assert [m.at(r, 1).ns for r in (1, 2, 3)] == [4, 4, 4]
    assert (m.at(1, 2).ns, m.at(1, 2).ew) == (3, 2)
    for r in (1, 2, 3):
        assert m.at(r, 1).boards == m.at(r, 2).boards == tuple(range(9 * r - 8, 9 * r + 1))
    m.check()
    odd = howell(pairs=3)  # pair 4 absent: table 1 is empty, its opponent sits out
    assert [odd.sit_outs(r) for r in (1, 2, 3)] == [[1], [2], [3]]


@pytest.mark.parametrize("t", HOWELL_SIZES)
def test_howell_odd_number_of_pairs_sits_one_out_each_round(t: int) -> None:
    m = howell(pairs=2 * t - 1)
    m.check()
    outs = [m.sit_outs(r) for r in range(1, m.rounds + 1)]
    assert all(len(o) == 1 for o in outs)
    assert sorted(o[0] for o in outs) == list(range(1, 2 * t))
    assert m.schedule(outs[0][0])[0].sits_out


def test_part_howell_and_errors() -> None:
    m = howell(5, rounds=4)
    m.check()
    assert m.variant == "partial" and m.rounds == 4
    with pytest.raises(BridgeError) as e:
        howell(11)
    assert "2 to 10" in e.value.message("en") and "豪威尔" in e.value.message("zh")
    with pytest.raises(BridgeError):
        howell(5, rounds=10)
    with pytest.raises(BridgeError):
        howell(4, pairs=11)
    with pytest.raises(BridgeError):
        howell()


def test_at_unknown_table_and_pair() -> None:
    m = mitchell(3)
    with pytest.raises(BridgeError) as e:
        m.at(4, 1)
    assert "第4轮第1桌" in e.value.message("zh")
    with pytest.raises(BridgeError):
        m.schedule(7)


def test_check_catches_a_broken_schedule() -> None:
    from dataclasses import replace

    m = mitchell(5)
    bad = list(m.assignments)
    bad[0] = replace(bad[0], sets=bad[1].sets, boards=bad[1].boards)
    broken = Movement(m.kind, m.variant, m.tables, m.rounds, m.boards_per_round, m.board_sets,
                      m.pairs, tuple(bad))
    with pytest.raises(BridgeError):
        broken.check()


# ---------------------------------------------------------------- cards
@pytest.mark.parametrize("mv", [mitchell(7), mitchell(6), mitchell(8, variant="relay"),
                                howell(5), howell(pairs=13)], ids=str)
def test_table_cards_say_where_everyone_goes_next(mv: Movement) -> None:
    for lang in ("en", "zh"):
        for t in range(1, mv.tables + 1):
            for row in table_card_rows(mv, t, lang):
                if row.round == mv.rounds:
                    assert row.ns_next == row.ew_next == row.boards_next == "—"
                    continue
                for pair, text in ((row.ns, row.ns_next), (row.ew, row.ew_next)):
                    nxt = [a for a in mv.round(row.round + 1) if pair in a.pairs()]
                    if not nxt:
                        assert text == ("sit out" if lang == "en" else "轮空")
                        continue
                    a = nxt[0]
                    d = "NS" if a.ns == pair else "EW"
                    want = f"Table {a.table} {d}" if lang == "en" else \
                        f"{a.table}桌{'南北' if d == 'NS' else '东西'}"
                    assert text == want
                now = mv.at(row.round, t).board_set
                dest = [a.table for a in mv.round(row.round + 1) if a.board_set == now]
                if not dest:
                    assert row.boards_next in ("relay", "中转桌")
                else:
                    assert all(str(x) in row.boards_next for x in dest)


def test_table_card_text_both_languages() -> None:
    en = table_card_lines(howell(7), 1, "en")
    zh = table_card_lines(howell(7), 1, "zh")
    assert en[0].startswith("Table 1 — Howell, 7 tables, 13 rounds")
    assert en[1].split() == ["Round", "NS", "EW", "Boards", "NS", "next", "EW", "next",
                             "Boards", "next"]
    assert en[2].split()[:4] == ["1", "5", "12", "1-2"]
    assert zh[0].startswith("第1桌 — 豪威尔移位，7桌，13轮")
    assert zh[1].split() == ["轮", "南北", "东西", "牌号", "南北下轮", "东西下轮", "牌去向"]
    assert "2桌东西" in zh[2] and "5桌东西" in zh[2]


def test_pair_cards() -> None:
    m = howell(pairs=9)
    rows = pair_card_rows(m, 3, "zh")
    assert len(rows) == m.rounds
    assert sum(r.table == "轮空" for r in rows) == 1
    lines = pair_card_lines(m, 3, "en")
    assert lines[0].startswith("Pair 3 — Howell, 5 tables")
    assert lines[1].split() == ["Round", "Table", "Direction", "Against", "Boards"]
    assert any("sit out" in line for line in lines)
    mr = pair_card_rows(mitchell(5, arrow_switch=[5]), 7, "en")
    assert [r.arrow_switch for r in mr] == [False] * 4 + [True]
    assert "(arrow switch)" in pair_card_lines(mitchell(5, arrow_switch=[5]), 7, "en")[-1]
    assert "换向" in pair_card_lines(mitchell(5, arrow_switch=[5]), 7, "zh")[-1]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_cards_html(lang: str) -> None:
    m = mitchell(5, arrow_switch=[5])
    page = render_cards_html(m, lang)
    assert page.count('class="card table-card"') == 5
    assert page.count('class="card pair-card"') == 10
    if lang == "zh":
        assert 'lang="zh-CN"' in page and "桌卡" in page and "第3桌" in page and "换向" in page
    else:
        assert "Table guide cards" in page and "Pair movement cards" in page
    only = render_cards_html(m, lang, "tables")
    assert "pair-card" not in only
    with pytest.raises(BridgeError):
        render_cards_html(m, lang, "boards")


# ---------------------------------------------------------------- CLI
def test_movement_command_text_and_json() -> None:
    from click.testing import CliRunner

    from bridgescore.cli.movements import movement_cmd

    r = CliRunner().invoke(movement_cmd, ["mitchell", "--tables", "7"])
    assert r.exit_code == 0, r.output
    assert "Table 5: 5 (NS) v 10 (EW), boards 13-14" in r.output.split("Round 3")[1]
    r = CliRunner().invoke(movement_cmd, ["mitchell", "--tables", "6", "--lang", "zh"])
    assert "跳桌米切尔移位，6桌，5轮" in r.output
    assert "第5桌：5（南北）对 7（东西）" in r.output.split("第4轮")[1].split("第5轮")[0]
    r = CliRunner().invoke(movement_cmd, ["howell", "--pairs", "9", "--json"])
    data = json.loads(r.output)
    assert data["kind"] == "howell" and data["tables"] == 5 and len(data["sit_outs"]) == 9
    r = CliRunner().invoke(movement_cmd, ["mitchell", "--tables", "8", "--relay"])
    assert "Relay: set" in r.output
    r = CliRunner().invoke(movement_cmd, ["howell", "--tables", "4", "--cards", "both",
                                          "--lang", "zh"])
    assert "第1桌 — 豪威尔移位" in r.output and "第8对 — 豪威尔移位" in r.output


def test_movement_command_html(tmp_path: object) -> None:
    from pathlib import Path

    from click.testing import CliRunner

    from bridgescore.cli.movements import movement_cmd

    out = Path(str(tmp_path)) / "cards.html"
    r = CliRunner().invoke(movement_cmd, ["mitchell", "-t", "5", "--arrow-switch", "5",
                                          "--html", str(out), "--lang", "zh"])
    assert r.exit_code == 0
    assert "移位卡已写入" in r.output
    assert "桌卡" in out.read_text("utf-8")


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(COMMANDS, "movement", ("bridgescore.cli.movements", "movement_cmd"))
    monkeypatch.setitem(COMMANDS, "swiss", ("bridgescore.cli.movements", "swiss_cmd"))


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize(
    ("args", "en", "zh"),
    [
        (["mitchell"], "give --tables N", "请给出 --tables N"),
        (["mitchell", "--tables", "2"], "invalid number of tables 2", "无效的桌数 2"),
        (["mitchell", "--tables", "7", "--skip"], "even number of tables", "偶数桌"),
        (["howell", "--tables", "12"], "no Howell for 12 tables", "没有 12 桌的豪威尔移位"),
        (["howell", "--tables", "4", "--relay"], "are for a Mitchell", "只用于米切尔移位"),
        (["mitchell", "--pairs", "9"], "--pairs is for a Howell", "--pairs 用于豪威尔移位"),
    ],
)
def test_movement_errors_through_main(args: list[str], en: str, zh: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and en in err and err.count("\n") == 1
    assert main(["movement", *args, "--lang", "zh"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("错误：") and zh in err


@pytest.mark.usefixtures("registered")
def test_movement_through_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "howell", "--tables", "7", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    first = data["assignments"][0]
    assert (first["round"], first["table"], first["ns"], first["ew"], first["boards"]) == \
        (1, 1, "5", "12", [1, 2])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_table_nobody_plays_at_gets_a_note_not_a_card(lang: str) -> None:
    from bridgescore.render.movement_cards import render_cards_html, table_card_lines

    mv = howell(pairs=13)  # 7 tables, one seat empty: one table has no play at all
    unused = [t for t in range(1, mv.tables + 1)
              if all(a.table != t for r in range(1, mv.rounds + 1) for a in mv.round(r))]
    assert len(unused) == 1
    t = unused[0]
    page = render_cards_html(mv, lang, "tables")
    note = {"en": f"Table {t} is not used", "zh": f"第{t}桌不使用"}[lang]
    assert note in page
    assert page.count('class="card table-card"') == mv.tables - 1
    assert note in table_card_lines(mv, t, lang)[1]
    # The data files' provenance notes are for developers, not printed on players' cards.
    assert "cyclic" not in page


@pytest.mark.parametrize(("kwargs", "en"), [
    ({"tables": 201}, "invalid number of tables 201: expected a whole number from 3 to 200"),
    ({"tables": 10 ** 40}, "invalid number of tables 10000000000000000000…: expected"),
    ({"tables": 5, "boards_per_round": 41}, "boards a round 41: expected a whole number from 1 "
     "to 40"),
])
def test_huge_movements_are_refused_not_built(kwargs: dict[str, int], en: str) -> None:
    with pytest.raises(BridgeError) as e:
        mitchell(**kwargs)  # type: ignore[arg-type]
    assert en in e.value.en and "无效的" in e.value.zh
    with pytest.raises(BridgeError, match="1 to 40"):
        howell(4, boards_per_round=10 ** 6)


# ------------------------------------------------------------ a result checked against its movement
@pytest.mark.parametrize(("change", "en"), [
    ({}, None),
    ({"round": None, "table": None}, None),  # round and table not given: nothing to contradict
    ({"round": 2}, "round 2 here but round 1 in the movement (expected NS 1 against EW 4 in "
                   "round 1 at table 1)"),
    ({"table": 3}, "table 3 here but table 1 in the movement (expected NS 1 against EW 4 in "
                   "round 1 at table 1)"),
    ({"ns_pair": "4", "ew_pair": "1"}, "pair 4 sits NS here but EW in the movement"),
    ({"ew_pair": "5"}, "pair 1 plays pair 5 here but pair 4 in the movement"),
    ({"ew_pair": "7"}, "pair 7 is not in the movement"),
    ({"ew_pair": "04x"}, "pair 04x is not in the movement"),
    ({"board": 99}, "not a board of the movement"),
])
def test_a_result_is_where_the_movement_puts_it_or_told_why_not(change: dict[str, object],
                                                                en: str | None) -> None:
    """Mitchell of 3 tables (rules.md 12.1): in round 1 at table 1, NS 1 plays EW 4 on
    board 1; each field changed alone is named, with where the movement wants the pairs."""
    from dataclasses import replace

    from bridgescore.sessions.model import BoardResult
    from bridgescore.sessions.movement_check import check_against

    right = BoardResult(1, "1", "4", score=420, round=1, table=1)
    r = replace(right, **change)  # type: ignore[arg-type]
    if en is None:
        check_against(mitchell(3), r)
    else:
        with pytest.raises(BridgeError) as e:
            check_against(mitchell(3), r)
        assert en in e.value.en
