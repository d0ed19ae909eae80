"""Every movement the program offers produces results the program accepts.

For each size and variant ``movement`` offers (Mitchell: 3-50 tables and some up to 200, plain, skip, relay,
part, arrow-switched; Howell: every size, odd numbers of pairs, part Howells; round robins
of 2-16 teams), results are made from the movement itself — every assignment becomes one
``BoardResult`` per board with its round, table and pairs and a random legal result — and the
session must validate and score.  Expected values are worked from the movement's rules, not
from the code: each pair plays ``K`` boards in each round it is seated, and on the 2/1/0 scale
the NS matchpoints of a board with ``n`` results add up to ``n(n − 1)``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from bridgescore.cli import COMMANDS, main
from bridgescore.core.contract import PASSED_OUT, all_contracts
from bridgescore.core.result import Result
from bridgescore.core.seat import Seat, Side
from bridgescore.sessions.imp_pairs import score_session
from bridgescore.sessions.model import BoardResult, Session, Team, TeamMatch
from bridgescore.sessions.movements import (
    HOWELL_SIZES,
    MITCHELL_TEST_SIZES,
    Movement,
    howell,
    mitchell,
)
from tests.sizes import FULL

CONTRACTS = [c for c in all_contracts() if c.level <= 4]  # any level is legal; keep it plausible
SEATS = list(Seat)


def random_result(rng: random.Random) -> Result:
    if rng.random() < 0.05:
        return Result(PASSED_OUT, None, 0)
    return Result(rng.choice(CONTRACTS), rng.choice(SEATS), rng.randint(4, 13))


def results_from(mv: Movement, seed: int = 1) -> list[BoardResult]:
    """One result per board per assignment, seated as the movement says (the holder of the NS
    cards as NS: an arrow switch turns the pairs round)."""
    rng = random.Random(seed)
    out = []
    for a in mv.assignments:
        ns, ew = (a.ew, a.ns) if a.arrow_switch else (a.ns, a.ew)
        for b in a.boards:
            out.append(BoardResult(b, str(ns), str(ew), random_result(rng), table=a.table,
                                   round=a.round, line=len(out) + 2, source="gen.csv"))
    return out


def accept_and_score(mv: Movement, k: int) -> None:
    results = results_from(mv, seed=mv.tables * 100 + k)
    seated_rounds = Counter(p for a in mv.assignments for p in a.pairs())
    for winners in (0, 2 if mv.two_winner else 1):
        s = Session(tuple(results), winners=winners)  # type: ignore[arg-type]
        sc = score_session(s, "mp")
        for p in mv.pairs:
            assert sc.pair(str(p)).boards == k * seated_rounds[p], p
        most = max(len(b.results) for b in sc.boards)
        for b in sc.boards:  # boards with fewer results are factored up (Neuberg)
            n = len(b.results)
            if n == most:
                assert sum(r.ns for r in b.results) == n * (n - 1), b.board
        if mv.two_winner:
            d = s.directions()
            assert {p for p, side in d.items() if side is Side.NS} == \
                {str(p) for p in range(1, mv.tables + 1)}
        elif winners == 1 or {r.ns_pair for r in results} & {r.ew_pair for r in results}:
            # One ranking: declared, or seen from a pair sitting both ways (a Howell of one
            # round moves nobody across, so only the declaration can tell).
            assert set(s.directions().values()) == {None}
    # Told the movement, the session checks every result against it and accepts them all.
    Session(tuple(results), movement=mv)
    # Butler scoring runs too (the smaller fields are enough: it is the same code).
    if mv.tables <= 12:
        score_session(Session(tuple(results)), "butler")


# The congress sizes past 100 tables are the kinds 99 and 100 are (odd, even, each variant),
# made larger: the quick size keeps the largest field, 200 tables, in its default form only
# (the bound `mitchell` accepts); the full size (tests/sizes.py) adds 151 and 200's variants,
# about 25 s of the module's 95.
def _large_repeat(t: int, name: str) -> bool:
    if FULL or t <= 100:
        return False
    return t == 151 or name != f"mitchell-{t}-k2"


def _mitchells() -> list[tuple[str, Movement, int]]:
    out = []
    for t in MITCHELL_TEST_SIZES:  # every club size, some congress sizes
        ks = (1, 2, 3) if t <= 12 else (2,)
        for k in ks:
            if not _large_repeat(t, f"mitchell-{t}-k{k}"):
                out.append((f"mitchell-{t}-k{k}", mitchell(t, k), k))
            if t % 2 == 0 and not _large_repeat(t, ""):
                # "auto" is the skip Mitchell for an even number of tables
                for variant in ("plain", "relay"):
                    out.append((f"mitchell-{t}-{variant}-k{k}",
                                mitchell(t, k, variant=variant), k))  # type: ignore[arg-type]
        if not _large_repeat(t, ""):
            out.append((f"mitchell-{t}-arrow", mitchell(t, 2, arrow_switch=[t // 2]), 2))
    for t in (3, 4, 7, 8):
        most = mitchell(t).rounds
        for r in range(1, most + 1):
            out.append((f"mitchell-{t}-r{r}", mitchell(t, 2, rounds=r), 2))
    return out


def _howells() -> list[tuple[str, Movement, int]]:
    out = []
    for t in HOWELL_SIZES:
        for k in (1, 2, 3, 4):
            out.append((f"howell-{t}-k{k}", howell(t, k), k))
            out.append((f"howell-{2 * t - 1}p-k{k}", howell(pairs=2 * t - 1, boards_per_round=k),
                        k))
        full = howell(t).rounds
        for r in range(1, full + 1):
            out.append((f"howell-{t}-r{r}", howell(t, 2, rounds=r), 2))
        out.append((f"howell-{t}-arrow", howell(t, 2, arrow_switch=[1]), 2))
    return out


MOVEMENTS = _mitchells() + _howells()


@pytest.mark.parametrize(("mv", "k"), [(m, k) for _, m, k in MOVEMENTS],
                         ids=[name for name, _, _ in MOVEMENTS])
def test_results_made_from_the_movement_are_accepted_and_scored(mv: Movement, k: int) -> None:
    accept_and_score(mv, k)


def test_three_table_howell_from_the_issue() -> None:
    """The report: results copied from ``movement howell --tables 3`` (and ``--pairs 5``) were
    refused as "board played twice at table 2"."""
    for mv in (howell(3), howell(pairs=5)):
        s = Session(tuple(results_from(mv)))
        assert len(s.results) == sum(len(a.boards) for a in mv.assignments)


# ------------------------------------------------------------------ through the command line
@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(COMMANDS, "movement", ("bridgescore.cli.movements", "movement_cmd"))
    monkeypatch.setitem(COMMANDS, "pairs", ("bridgescore.cli.events", "pairs_cmd"))


CLI_SIZES = ([["howell", "--tables", str(t)] for t in HOWELL_SIZES]
             + [["howell", "--pairs", str(p)] for p in range(3, 21, 2)]
             + [["howell", "--tables", "3", "-b", "3"], ["howell", "--tables", "2", "-b", "7"]]
             + [["mitchell", "--tables", str(t)] for t in range(3, 16)]
             + [["mitchell", "--tables", str(t), "--relay"] for t in range(4, 16, 2)]
             + [["mitchell", "--tables", "6", "--arrow-switch", "5"]])


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("args", CLI_SIZES, ids=" ".join)
def test_results_copied_from_the_movement_command_are_scored(
        args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", *args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rng = random.Random(7)
    lines = ["board,table,round,ns,ew,contract,declarer,result"]
    for a in data["assignments"]:
        ns, ew = (a["ew"], a["ns"]) if a["arrow_switch"] else (a["ns"], a["ew"])
        for b in a["boards"]:
            r = random_result(rng)
            text = "pass,," if r.contract.is_passed_out else \
                f"{r.contract},{r.declarer.name[0] if r.declarer else ''},{r.tricks}"
            lines.append(f"{b},{a['table']},{a['round']},{ns},{ew},{text}")
    f = tmp_path / "copied.csv"
    f.write_text("\n".join(lines) + "\n", "utf-8")
    for lang in ("en", "zh"):
        assert main(["pairs", str(f), "--json", "--lang", lang]) == 0, capsys.readouterr().err
        out = json.loads(capsys.readouterr().out)
        assert len(out["pairs"]) == len(data["pairs"])
    # The file may name the movement: then every line is checked against it as well.
    f.write_text(f"# movement: {data['spec']}\n" + "\n".join(lines) + "\n", "utf-8")
    assert main(["pairs", str(f), "--json"]) == 0, capsys.readouterr().err
    capsys.readouterr()


# ------------------------------------------------------------------ round robins
def _match(home: str, away: str, first: int, boards: int, rnd: int | None,
           rng: random.Random) -> TeamMatch:
    rs = []
    for b in range(first, first + boards):
        rs.append(BoardResult(b, home, away, random_result(rng)))
        rs.append(BoardResult(b, away, home, random_result(rng)))
    return TeamMatch(Team(home), Team(away), tuple(rs), round=rnd)


@pytest.mark.parametrize("n", range(2, 17))
def test_round_robin_matches_are_accepted_with_their_rounds(n: int) -> None:
    from bridgescore.sessions.team_events import match_rounds, round_robin, standings
    from bridgescore.sessions.teams import score_match

    names = [f"T{i}" for i in range(1, n + 1)]
    rng = random.Random(n)
    schedule = round_robin(names)
    # A round robin of n teams: n - 1 rounds (n even) or n rounds with a bye each (n odd),
    # n // 2 matches a round.
    want_rounds = n - 1 if n % 2 == 0 else n
    assert len(schedule) == want_rounds
    assert all(len(rnd) == n // 2 for rnd in schedule)
    with_round = [_match(f.home, f.away, 1, 4, f.round, rng) for rnd in schedule for f in rnd]
    without = [_match(f.home, f.away, 1, 4, None, rng) for rnd in schedule for f in rnd]
    assert match_rounds(with_round) == [f.round for rnd in schedule for f in rnd]
    inferred = match_rounds(without)
    assert max(inferred) == want_rounds
    assert Counter(inferred) == Counter({r: n // 2 for r in range(1, want_rounds + 1)})
    from bridgescore.sessions.team_events import result_from_score

    table = standings(names, [result_from_score(score_match(m), r)
                              for m, r in zip(without, inferred, strict=True)])
    assert all(s.played == n - 1 for s in table)
