"""Double dummy and par through endplay's DDS: equal to endplay's own tables, to the tables
recorded in a real PBN file, cached, and copied out of the solver's structures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgescore.core.contract import Contract
from bridgescore.core.errors import FileFormatError
from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.deals import bulk as bulk_deals
from bridgescore.deals.dd import DDSolver, par
from bridgescore.formats import pbn

DATA = Path(__file__).parents[1] / "data"


def test_tables_equal_endplays_on_random_deals() -> None:
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    deals = bulk_deals.to_deals(bulk_deals.deal_array(12, seed=11))
    solver = DDSolver()
    tables = solver.tables(deals)
    denoms = {Strain.CLUBS: Denom.clubs, Strain.DIAMONDS: Denom.diamonds, Strain.HEARTS: Denom.hearts,
              Strain.SPADES: Denom.spades, Strain.NOTRUMP: Denom.nt}
    for deal, table in zip(deals, tables, strict=True):
        theirs = calc_dd_table(EDeal(deal.pbn()))
        for strain in Strain:
            for seat in Seat:
                assert table[strain, seat] == theirs[denoms[strain], Player(seat.value)]


def test_tables_equal_the_ones_recorded_in_a_real_file() -> None:
    games = pbn.load(DATA / "endplay_example2_head.pbn")
    games = [g for g in games if g.tag("DoubleDummyTricks")]
    recs = [pbn.to_record(g) for g in games]
    solver = DDSolver()
    tables = solver.tables([r.deal for r in recs if r.deal is not None])
    assert [t.pbn() for t in tables] == [g.tag("DoubleDummyTricks") for g in games]


def test_cache_never_solves_a_deal_twice(tmp_path: Path) -> None:
    deals = bulk_deals.to_deals(bulk_deals.deal_array(3, seed=12))
    solver = DDSolver(tmp_path / "dd.json")
    solver.tables(deals + deals)
    assert solver.solved == 3
    solver.tables(deals[:1])
    assert solver.solved == 3
    solver.save()
    again = DDSolver(tmp_path / "dd.json")
    assert again.tables(deals) == solver.tables(deals) and again.solved == 0


def test_par_matches_endplay_and_copies_every_contract() -> None:
    from endplay.dds import calc_dd_table
    from endplay.dds import par as eplay_par
    from endplay.types import Deal as EDeal
    from endplay.types import Player, Vul

    deals = bulk_deals.to_deals(bulk_deals.deal_array(20, seed=13))
    solver = DDSolver()
    for i, (deal, table) in enumerate(zip(deals, solver.tables(deals), strict=True)):
        vul = Vulnerability(i % 4)
        dealer = Seat(i % 4)
        ours = par(table, vul, dealer)
        theirs = eplay_par(calc_dd_table(EDeal(deal.pbn())), Vul([Vul.none, Vul.ns, Vul.ew, Vul.both][i % 4]),
                           Player(dealer.value))
        assert ours.score == theirs.score
        their_contracts = [(c.level, c.declarer) for c in theirs]
        ours_flat = [(c.contract.level, s) for c in ours.contracts for s in c.declarers]
        assert [lv for lv, _ in ours_flat] == [lv for lv, _ in their_contracts]
        # each par contract, scored by our own Law 77 code, gives the par score
        for pc in ours.contracts:
            tricks = pc.contract.tricks_needed + pc.overtricks
            from bridgescore.core.law77 import score

            s = score(pc.contract, tricks, vul.is_vulnerable(pc.declarers[0]))
            ns = s if pc.declarers[0].side.value == 0 else -s
            assert ns == ours.score


def test_seed_deal_par() -> None:
    from bridgescore.core.deal import Deal

    deal = Deal.from_pbn("N:AJ8.82.632.KT974 94.76.A875.Q8652 6532.KQT43.QJT9. KQT7.AJ95.K4.AJ3")
    t = DDSolver().table(deal)
    assert t[Strain.CLUBS, Seat.EAST] == 9
    p = par(t, Vulnerability.NS, Seat.EAST)
    assert p.score == -110 and p.contracts[0].contract == Contract.parse("1C")
    assert p.format() == "1C+2 by EW; NS -110" and p.format("zh", symbols=True) == "东西打1♣超2；南北 -110"


def test_par_wording() -> None:
    from bridgescore.deals.dd import ParContract, ParResult

    sacrifice = ParContract(Contract.parse("6HX"), (Seat.EAST, Seat.WEST), -4)
    made = ParContract(Contract.parse("3NT"), (Seat.NORTH,), 0)
    assert sacrifice.format(symbols=True) == "6♥X-4 by EW" and sacrifice.format("zh") == "东西打6H×宕4"
    assert made.format() == "3NT= by N" and made.format("zh") == "北打3NT="
    assert ParResult(800, (sacrifice,)).format() == "6HX-4 by EW; NS +800"
    assert ParResult(0, ()).format() == "passed out; NS 0"
    assert ParResult(0, ()).format("zh") == "四家不叫；南北 0"
    assert ParResult(-990, (made,)).to_dict() == {
        "score_ns": -990, "contracts": [{"contract": "3NT", "declarers": ["N"], "overtricks": 0}]}
    # Read back as written (a stored analysis's par), every contract and declarer.
    for p in (ParResult(800, (sacrifice, made)), ParResult(-990, (made,)), ParResult(0, ())):
        assert ParResult.from_dict(p.to_dict()) == p


# -- the solver module draws nothing; each caller owns its cache ------------------------------

def test_the_solver_module_draws_nothing() -> None:
    """deals/dd.py imports no terminal library and prints nothing: progress goes to a callback."""
    import ast

    import bridgescore.deals.dd as dd

    tree = ast.parse(Path(dd.__file__).read_text(encoding="utf-8"))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {(n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not imported & {"rich", "click", "tqdm", "sys"}
    calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert "print" not in calls


def test_progress_is_reported_through_a_callback(monkeypatch: pytest.MonkeyPatch) -> None:
    import endplay._dds as raw

    monkeypatch.setattr(raw, "MAXNOOFTABLES", 2)  # batches of two deals
    deals = bulk_deals.to_deals(bulk_deals.deal_array(5, seed=21))
    seen: list[tuple[int, int]] = []
    solver = DDSolver()
    tables = solver.tables(deals + deals[:1], progress=lambda done, total: seen.append((done, total)))
    assert seen == [(0, 5), (2, 5), (4, 5), (5, 5)] and len(tables) == 6
    seen.clear()
    solver.tables(deals, progress=lambda done, total: seen.append((done, total)))
    assert seen == []  # all cached: nothing to report
    assert [t.pbn() for t in tables[:5]] == [t.pbn() for t in DDSolver().tables(deals)]


def test_callers_do_not_share_a_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two users of one process (two web requests) never see each other's tables: without
    a solver each call has its own; a solver's cache is its own."""
    import endplay.dds as eplay_dds

    from bridgescore.deals import dd

    calls: list[int] = []
    real = eplay_dds.calc_all_tables

    def counting(deals, *args, **kwargs):  # type: ignore[no-untyped-def]
        deals = list(deals)
        calls.append(len(deals))
        return real(deals, *args, **kwargs)

    monkeypatch.setattr(eplay_dds, "calc_all_tables", counting)
    deal = bulk_deals.to_deals(bulk_deals.deal_array(1, seed=22))[0]
    first = dd.dd_table(deal)
    assert dd.dd_table(deal) == first and dd.dd_tables([deal]) == [first]
    assert calls == [1, 1, 1]
    a, b = DDSolver(), DDSolver()
    a.table(deal)
    b.table(deal)
    assert calls == [1, 1, 1, 1, 1] and a.solved == b.solved == 1
    assert not [name for name, v in vars(dd).items() if isinstance(v, DDSolver)]


def test_solvers_in_two_threads() -> None:
    from concurrent.futures import ThreadPoolExecutor

    deals = bulk_deals.to_deals(bulk_deals.deal_array(6, seed=23))
    expected = [t.pbn() for t in DDSolver().tables(deals)]
    with ThreadPoolExecutor(2) as pool:
        halves = list(pool.map(lambda part: DDSolver().tables(part), [deals[:3], deals[3:]]))
    assert [t.pbn() for t in halves[0] + halves[1]] == expected


@pytest.mark.parametrize(("content", "en"), [
    ("{not json", "invalid JSON"),
    ('["a list"]', "expected the JSON object"),
    ('{"N:...": {"C": {"N": 14, "E": 0, "S": 0, "W": 0}}}', "expected the JSON object"),
    ('{"N:...": {"C": {"N": 1}}}', "expected the JSON object"),
    ('{"N:...": "seven"}', "expected the JSON object"),
])
def test_a_broken_cache_file_is_a_clear_error(tmp_path: Path, content: str, en: str) -> None:
    path = tmp_path / "dd.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(FileFormatError) as info:
        DDSolver(path)
    assert str(path) in str(info.value) and en in str(info.value)
    assert "不是双明手缓存文件" in info.value.message("zh")


def test_saving_the_cache_replaces_the_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "dd.json"
    deals = bulk_deals.to_deals(bulk_deals.deal_array(2, seed=24))
    solver = DDSolver(path)
    solver.tables(deals)
    solver.save()
    assert sorted(json.loads(path.read_text(encoding="utf-8"))) == sorted(d.pbn() for d in deals)
    assert [p.name for p in tmp_path.iterdir()] == ["dd.json"]  # no temporary file left
