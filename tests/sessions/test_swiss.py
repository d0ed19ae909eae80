"""Swiss pairing: the rules.md vector, byes, rematch avoidance checked by brute force, files, CLI."""

from __future__ import annotations

import contextlib
import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.cli import COMMANDS, main
from bridgescore.core.errors import BridgeError, FileFormatError
from bridgescore.sessions.swiss import (
    Draw,
    Entry,
    History,
    max_matching,
    read_history,
    read_standings,
    swiss_draw,
)


def entries(*scores: float) -> list[Entry]:
    return [Entry(chr(ord("A") + i), score=s) for i, s in enumerate(scores)]


def pairs_of(d: Draw) -> list[tuple[str, str]]:
    return [(m.high, m.low) for m in d.tables]


# ---------------------------------------------------------------- vectors
def test_rules_vector() -> None:
    d = swiss_draw(entries(30, 28, 25, 20, 15, 10), History.from_pairs([("A", "B")]))
    assert pairs_of(d) == [("A", "C"), ("B", "D"), ("E", "F")]
    assert d.rematches == 0 and d.bye is None
    assert [m.table for m in d.tables] == [1, 2, 3]


def test_ranked_by_score_then_1v2_3v4() -> None:
    # Ranked B 40, D 30, C 20, A 10.
    d = swiss_draw(entries(10, 40, 20, 30), History.from_pairs([("A", "B")]))
    assert pairs_of(d) == [("B", "D"), ("C", "A")]
    # B–D would leave C–A, who have met: B takes C instead.
    d = swiss_draw(entries(10, 40, 20, 30), History.from_pairs([("A", "C")]))
    assert pairs_of(d) == [("B", "C"), ("D", "A")]


def test_greedy_would_get_stuck_at_the_bottom() -> None:
    """Top-down greedy gives A–B, C–D and leaves E–F, who have met; the draw must look
    ahead: A–B, C–E, D–F has no rematch."""
    hist = History.from_pairs([("E", "F"), ("C", "F"), ("D", "E")])
    d = swiss_draw(entries(6, 5, 4, 3, 2, 1), hist)
    assert d.rematches == 0
    assert pairs_of(d) == [("A", "B"), ("C", "E"), ("D", "F")]


def test_equal_scores_keep_registration_order() -> None:
    d = swiss_draw([Entry("9", score=5), Entry("2", score=5), Entry("5", score=7),
                    Entry("1", score=5)], History.from_pairs([("5", "1")]))
    assert pairs_of(d) == [("5", "9"), ("2", "1")]


def test_first_round_methods() -> None:
    es = entries(0, 0, 0, 0, 0, 0, 0)
    d = swiss_draw(es)
    assert pairs_of(d) == [("A", "B"), ("C", "D"), ("E", "F")] and d.bye == "G"
    d = swiss_draw(es[:6], first_round="split")
    assert pairs_of(d) == [("A", "D"), ("B", "E"), ("C", "F")]
    r1 = swiss_draw(es[:6], first_round="random", seed=7)
    r2 = swiss_draw(es[:6], first_round="random", seed=7)
    assert r1 == r2
    assert sorted(x for p in pairs_of(r1) for x in p) == list("ABCDEF")
    with pytest.raises(BridgeError):
        swiss_draw(es, first_round="seeded")  # type: ignore[arg-type]


# ---------------------------------------------------------------- byes
def test_bye_to_the_lowest_without_one() -> None:
    es = entries(9, 8, 7, 6, 5)
    assert swiss_draw(es, History.from_pairs([("A", "B")])).bye == "E"
    d = swiss_draw(es, History.from_pairs([("A", "B")], byes=["E"]))
    assert d.bye == "D"
    assert pairs_of(d) == [("A", "C"), ("B", "E")]
    d = swiss_draw(es, History.from_pairs([], byes=["A", "B", "C", "D", "E", "E"]))
    assert d.bye == "D"  # everyone has had one: the lowest with the fewest


def test_bye_choice_avoids_a_rematch() -> None:
    # E had no bye, but with E out C and D would have to replay; the bye goes elsewhere.
    es = entries(9, 8, 7, 6, 5)
    hist = History.from_pairs([("A", "C"), ("A", "D"), ("B", "C"), ("B", "D"), ("C", "D")])
    d = swiss_draw(es, hist)
    assert d.rematches == 0 and d.bye != "E"


# ---------------------------------------------------------------- brute force
def min_rematches(ids: list[str], hist: History) -> int:
    """The fewest rematches of any draw (any bye), by trying every pairing."""
    def best(rest: list[str]) -> int:
        if not rest:
            return 0
        a, others = rest[0], rest[1:]
        return min(int(hist.times_met(a, b) > 0) + best([x for x in others if x != b])
                   for b in others)

    if len(ids) % 2:
        return min(best([x for x in ids if x != bye]) for bye in ids)
    return best(ids)


def valid(d: Draw, ids: list[str], hist: History) -> None:
    seen = [x for m in d.tables for x in (m.high, m.low)] + ([d.bye] if d.bye else [])
    assert sorted(seen) == sorted(ids)
    assert (d.bye is None) == (len(ids) % 2 == 0)
    for m in d.tables:
        assert m.rematch == (hist.times_met(m.high, m.low) > 0)
    assert d.rematches == sum(m.rematch for m in d.tables)


@st.composite
def field_and_history(draw: st.DrawFn) -> tuple[list[Entry], History]:
    n = draw(st.integers(2, 9))
    ids = [f"P{i}" for i in range(n)]
    scores = draw(st.lists(st.integers(0, 60), min_size=n, max_size=n))
    edges = draw(st.sets(st.sampled_from(list(itertools.combinations(ids, 2))),
                         max_size=n * (n - 1) // 2))
    byes = draw(st.lists(st.sampled_from(ids), max_size=3))
    return [Entry(i, score=s) for i, s in zip(ids, scores, strict=True)], \
        History.from_pairs(sorted(edges), byes)


@settings(max_examples=300, deadline=None)
@given(field_and_history())
def test_never_a_rematch_when_one_is_avoidable(case: tuple[list[Entry], History]) -> None:
    es, hist = case
    ids = [e.id for e in es]
    if hist.empty:
        return
    d = swiss_draw(es, hist)
    valid(d, ids, hist)
    assert d.rematches == min_rematches(ids, hist)


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 10), st.randoms(use_true_random=False))
def test_a_whole_swiss_event(n: int, rnd: object) -> None:
    """Draw after every round from the standings so far, results at random."""
    import random

    assert isinstance(rnd, random.Random)
    ids = [f"T{i}" for i in range(n)]
    score = dict.fromkeys(ids, 0.0)
    hist = History()
    for _ in range(n - 1):
        es = [Entry(i, score=score[i]) for i in ids]
        d = swiss_draw(es, hist)
        valid(d, ids, hist)
        assert d.rematches == min_rematches(ids, hist)
        for m in d.tables:
            v = rnd.uniform(0, 20)
            score[m.high] += v
            score[m.low] += 20 - v
        if d.bye:
            score[d.bye] += 12
        hist.add_draw(d)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 10).flatmap(
    lambda n: st.tuples(st.just(n), st.sets(st.sampled_from(
        list(itertools.combinations(range(n), 2)) or [(0, 0)])))))
def test_max_matching_against_brute_force(case: tuple[int, set[tuple[int, int]]]) -> None:
    n, edges = case
    edges = {e for e in edges if e[0] != e[1]}
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    mate = max_matching(n, adj)
    for v, w in enumerate(mate):
        if w >= 0:
            assert mate[w] == v and (min(v, w), max(v, w)) in edges
    size = sum(w >= 0 for w in mate) // 2
    best = 0
    for k in range(n // 2, 0, -1):
        if any(len({x for e in combo for x in e}) == 2 * k
               for combo in itertools.combinations(sorted(edges), k)):
            best = k
            break
    assert size == best


def test_odd_cycle_needs_a_blossom() -> None:
    # A 5-cycle with a tail: the maximum matching (3) needs the blossom contraction.
    adj = [[1, 4], [0, 2], [1, 3], [2, 4], [3, 0, 5], [4]]
    assert sum(w >= 0 for w in max_matching(6, adj)) == 6


# ---------------------------------------------------------------- files
def test_read_standings() -> None:
    es = read_standings("编号,名称,分数\n1,王/李,30\n\n# comment\n2,张/刘,28.5\n")
    assert [(e.id, e.name, e.score) for e in es] == [("1", "王/李", 30.0), ("2", "张/刘", 28.5)]
    assert read_standings("a,x,1\nb,y,２\n")[1].score == 2.0  # full-width digits
    # The header in traditional Chinese or in English capitals is a header, not an entry.
    for header in ("編號,名稱,分數", "ID,Name,Score"):
        assert [e.id for e in read_standings(f"{header}\n1,王/李,30\n2,張/劉,28\n")] == ["1", "2"]


@pytest.mark.parametrize(
    ("text", "en", "zh"),
    [
        ("1,A,30\n2,B\n", "line 2: expected 3 columns", "第2行：应为三列"),
        ("1,A,30\n2,B,lots\n", "invalid score 'lots'", "无效的分数 'lots'"),
        ("1,A,30\n1,B,20\n", "duplicate id '1'", "编号 '1' 重复"),
        ("1,A,30\n", "at least 2 entries", "至少需要 2 个"),
        ("1,A,nan\n2,B,3\n", "invalid score 'nan'", "无效的分数"),
    ],
)
def test_read_standings_errors(text: str, en: str, zh: str) -> None:
    with pytest.raises(BridgeError) as e:
        read_standings(text)
    assert en in e.value.message("en") and zh in e.value.message("zh")


def test_read_history() -> None:
    h = read_history("round,a,b\nA,B\n3,C,D\nE\nF,bye\nG,轮空\nA,B\n")
    assert h.times_met("A", "B") == 2 and h.times_met("D", "C") == 1
    assert dict(h.byes) == {"E": 1, "F": 1, "G": 1}
    with pytest.raises(FileFormatError) as e:
        read_history("A,Z\n", known=["A", "B"], source="h.csv")
    assert e.value.message("en") == "h.csv:1: unknown id 'Z': not in the standings"
    assert "未知编号 'Z'" in e.value.message("zh")
    with pytest.raises(FileFormatError):
        read_history("A,A\n")
    with pytest.raises(FileFormatError):
        read_history("A,B,C,D\n")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_parsers_fuzzed(text: str) -> None:
    for parse in (read_standings, read_history):
        with contextlib.suppress(BridgeError):
            parse(text)


# ---------------------------------------------------------------- CLI
@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    s = tmp_path / "standings.csv"
    s.write_text("id,name,score\nA,王/李,30\nB,张/刘,28\nC,陈/杨,25\nD,赵/黄,20\n"
                 "E,周/吴,15\nF,徐/孙,10\n", "utf-8")
    h = tmp_path / "history.csv"
    h.write_text("A,B\n", "utf-8")
    return s, h


def test_swiss_command(files: tuple[Path, Path]) -> None:
    from click.testing import CliRunner

    from bridgescore.cli.movements import swiss_cmd

    s, h = files
    r = CliRunner().invoke(swiss_cmd, [str(s), "--history", str(h)])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [
        "Table 1: A 王/李 (NS) v C 陈/杨 (EW)",
        "Table 2: B 张/刘 (NS) v D 赵/黄 (EW)",
        "Table 3: E 周/吴 (NS) v F 徐/孙 (EW)",
    ]
    r = CliRunner().invoke(swiss_cmd, [str(s), "--history", str(h), "--lang", "zh"])
    assert r.output.splitlines()[0] == "第1桌：A 王/李（南北）对 C 陈/杨（东西）"
    r = CliRunner().invoke(swiss_cmd, [str(s), "--history", str(h), "--json"])
    data = json.loads(r.output)
    assert [(t["ns"], t["ew"]) for t in data["draw"]["tables"]] == [("A", "C"), ("B", "D"), ("E", "F")]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_swiss_through_main(files: tuple[Path, Path], lang: str,
                            monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(COMMANDS, "swiss", ("bridgescore.cli.movements", "swiss_cmd"))
    s, h = files
    h.write_text("A,B\nA,C\nA,D\nA,E\nA,F\n", "utf-8")
    assert main(["swiss", str(s), "--history", str(h), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert ("1 rematch could not be avoided" if lang == "en" else "有 1 场重复相遇无法避免") in out
    h.write_text("A,Q\n", "utf-8")
    assert main(["swiss", str(s), "--history", str(h), "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert ("unknown id 'Q'" if lang == "en" else "未知编号 'Q'") in err
    assert err.count("\n") == 1


def test_standings_and_history_with_chinese_separators() -> None:
    from bridgescore.sessions.swiss import read_history, read_standings

    entries = read_standings("id，name，score\nA，长城，30\nB，黄河，28\nC，长江，25\nD，珠江，20\n")
    assert [(e.id, e.score) for e in entries] == [("A", 30), ("B", 28), ("C", 25), ("D", 20)]
    hist = read_history("A；B\n", known=[e.id for e in entries])
    draw = swiss_draw(entries, hist)
    assert [(m.high, m.low) for m in draw.tables] == [("A", "C"), ("B", "D")]
