"""The card-by-card analysis (bridgescore.deals.analysis, issue 22) against references of its own:

* DDS through endplay directly, position by position: endplay's own deal plays the cards and
  keeps the tricks (not our Play), a fresh ``solve_board`` scores each position, and the
  tricks won so far are counted from endplay's trick winners;
* a hand-checked two-card ending (a finesse, and second hand's king) where the values are
  worked out on paper;
* the account and summary in both languages, and the command line (text, --json, errors).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from bridgescore.cli import main
from bridgescore.core.cards import Card
from bridgescore.core.deal import Deal
from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.deals.analysis import analyse, analyse_record
from bridgescore.deals.dd import DDSolver, DDTable, dd_table, par
from bridgescore.deals.dealing import random_deal
from bridgescore.formats import pbn
from tests.solver import needs_endplay

pytestmark = needs_endplay

DATA = Path(__file__).parents[1] / "data"
SEED = DATA / "seed_game.pbn"
SOLVER = DDSolver()  # one solver for the module: each deal's table is solved once
# A stand-in table where the test is not about the table (its 20 solves are the slow part).
NO_TABLE = DDTable(((0, 0, 0, 0),) * 5)


def _ours(card: Any) -> str:
    # endplay's Denom: spades 0 … clubs 3; its Rank's name: R2 … RA
    return "SHDC"[int(card.suit)] + card.rank.name[1:]


def reference_values(deal: Deal, strain: Strain, declarer: Seat,
                     cards: list[str]) -> tuple[list[int], list[dict[str, int]]]:
    """Declarer's side's double-dummy total at every position (before the lead, after each
    card), and at each position before a card the score endplay gives every legal card, from
    endplay alone."""
    from endplay.dds import solve_board
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    trump = {Strain.SPADES: Denom.spades, Strain.HEARTS: Denom.hearts,
             Strain.DIAMONDS: Denom.diamonds, Strain.CLUBS: Denom.clubs,
             Strain.NOTRUMP: Denom.nt}[strain]
    d = EDeal(deal.pbn(), first=Player((declarer.value + 1) % 4), trump=trump)
    ours = {declarer.value % 2}
    won = done = 0
    values: list[int] = []
    scores: list[dict[str, int]] = []
    for k in range(len(cards) + 1):
        if done == 13:
            values.append(won)
            break
        solved = {_ours(c): int(s) for c, s in solve_board(d)}
        mover = int(d.curplayer) % 2 in ours
        best = max(solved.values())
        values.append(won + (best if mover else 13 - done - best))
        if k == len(cards):
            break
        scores.append(solved)
        d.play(cards[k])
        if not d.curtrick:  # the trick is complete: endplay set its winner on lead
            done += 1
            won += int(d.first) % 2 in ours
    return values, scores


def random_played_board(rng: random.Random, n: int) -> tuple[Deal, str, Seat, list[str]]:
    """A random deal, contract and declarer, and random legal play of ``n`` cards (chosen
    with endplay's legal moves: random play slips often, so costly cards abound)."""
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    deal = random_deal(seed=rng.randrange(10**9))
    strain = rng.choice("CDHSN")
    declarer = Seat(rng.randrange(4))
    trump = Denom("SHDCN".index(strain))
    d = EDeal(deal.pbn(), first=Player((declarer.value + 1) % 4), trump=trump)
    cards = []
    for _ in range(n):
        c = rng.choice(d.legal_moves())
        cards.append(_ours(c))
        d.play(c)
    contract = f"{rng.randint(1, 7)}{'NT' if strain == 'N' else strain}"
    return deal, contract, declarer, cards


# Six boards keep the module's run to seconds; BRIDGESCORE_ANALYSIS_BOARDS=300 checks more
# (each board is two full runs of DDS, ours and the reference's).
BOARDS = int(os.environ.get("BRIDGESCORE_ANALYSIS_BOARDS", "6"))


@pytest.mark.parametrize("seed", range(BOARDS))
def test_every_value_matches_an_independent_dds_solve(seed: int) -> None:
    rng = random.Random(seed)
    # Mostly whole boards; some stop early (a claim, or a record that shows part of the play).
    n = 52 if seed % 3 else rng.randrange(1, 52)
    deal, contract, declarer, cards = random_played_board(rng, n)
    a = analyse(deal, contract, declarer, cards, table=NO_TABLE)
    strain = a.contract.strain
    values, scores = reference_values(deal, strain, declarer, cards)
    assert a.start == values[0]
    assert [c.after for c in a.cards] == values[1:]
    assert [c.before for c in a.cards] == values[:-1]
    assert a.end == values[-1]
    side = declarer.value % 2
    for c, s in zip(a.cards, scores, strict=True):
        best = max(s.values())
        assert c.cost == best - s[str(c.card)]
        # The cost is the drop of the player's side's total.
        drop = c.before - c.after if c.seat.value % 2 == side else c.after - c.before
        assert c.cost == drop
        assert {str(b) for b in c.better} == ({k for k, v in s.items() if v == best}
                                              if c.cost else set())
    if n == 52:
        assert a.made == values[-1]


# -- a two-card ending worked out by hand ---------------------------------------------------
# South declares 1NT.  South runs eleven clubs (West leads one of his two); the others
# discard, so that the ending is: North ♠AQ, East ♥65, South ♠32, West ♠K4, South on lead.
# ♠2 from South, West's ♠4: North's ♠Q wins and ♠A takes the last trick (13 tricks); North's
# ♠A instead makes the ♠Q a loser to the king (12).  West's ♠K second hand costs nothing (the
# king is caught either way), but then North's ♠Q under it loses a trick (the ♠A wins).
ENDING_DEAL = Deal.from_pbn(
    "N:AQ.AKQJT987432.. JT98765.65.5432. 32...AKQJT987654 K4..AKQJT9876.32")
OPENING = [
    "C3", "H2", "D2", "CA",   # West leads, South wins
    "CK", "C2", "H3", "D3",   # South leads from here on
    *[c for rank, w, n, e in zip("QJT987654", "AKQJT9876", "4789TJQKA",
                                  ["D4", "D5", "SJ", "ST", "S9", "S8", "S7", "S6", "S5"],
                                  strict=True)
      for c in (f"C{rank}", f"D{w}", f"H{n}", e)],
]


def _ending(west: str, north: str) -> Any:
    cards = [*OPENING, "S2", west, north]
    return analyse(ENDING_DEAL, "1NT", Seat.SOUTH, cards, solver=SOLVER)


def test_hand_checked_finesse_ending() -> None:
    assert len(OPENING) == 44
    a = _ending("S4", "SA")
    lead, west, north = a.cards[-3:]
    assert (lead.trick, lead.before, lead.after, lead.cost) == (12, 13, 13, 0)
    assert (west.card, west.after, west.cost) == (Card.parse("S4"), 13, 0)
    assert (north.seat, north.before, north.after, north.cost) == (Seat.NORTH, 13, 12, 1)
    assert north.better == (Card.parse("SQ"),)
    assert a.end == 12 and a.made is None
    assert a.explain(north, "en") == "Trick 12: dummy's ♠A instead of ♠Q cost a trick"
    assert a.explain(north, "zh") == "第12墩庄家从明手出♠A而不是♠Q，损失一墩"
    good = _ending("S4", "SQ")
    assert good.cards[-1].after == 13 and good.cards[-1].cost == 0
    king = _ending("SK", "SQ")
    assert (king.cards[-2].after, king.cards[-2].cost) == (13, 0)
    assert (king.cards[-1].after, king.cards[-1].cost) == (12, 1)
    assert king.cards[-1].better == (Card.parse("SA"),)
    assert king.explain(king.cards[-1], "zh") == "第12墩庄家从明手出♠Q而不是♠A，损失一墩"


def test_claim_and_the_ending_s_summary() -> None:
    # The play stops after the ♠A; declarer claims the 12 tricks the position is worth.
    cards = [*OPENING, "S2", "S4", "SA"]
    a = analyse(ENDING_DEAL, "1NT", Seat.SOUTH, cards, 12, solver=SOLVER)
    assert a.made == 12 and a.claim == 12 and a.end == 12
    lost = [c for c in a.costly if c.seat.side is Seat.SOUTH.side]
    assert lost[-1].card == Card.parse("SA")
    # A claim of 11 concedes one more than double dummy: said in the account.
    b = analyse(ENDING_DEAL, "1NT", Seat.SOUTH, cards, 11, solver=SOLVER)
    assert b.account("en")[-1] == "Claim: declarer 11 tricks where double dummy gives 12 (a trick conceded)"
    assert b.account("zh")[-1] == "摊牌：庄家得11墩，双明手为12墩（庄家少得一墩）"


def test_seed_game_account_summary_par_and_table() -> None:
    records, _ = pbn.read_records(SEED, strict=True)
    a = analyse_record(records[0], SOLVER)
    # The real game: declarer's ruff with the ♠8 at trick 6 was overruffed by the ♠9.
    assert [a.explain(c, "en") for c in a.costly] == [
        "Trick 6: declarer's ♠8 instead of ♠J cost two tricks"]
    assert a.account("zh") == ["第6墩庄家出♠8而不是♠J，损失两墩"]
    assert a.summary("en") == "Declarer made 4 tricks; double dummy 6: two tricks lost at trick 6"
    assert a.summary("zh") == "庄家得4墩；双明手6墩：第6墩庄家损失两墩"
    assert a.made == 4 and a.start == 6
    table = dd_table(a.deal, SOLVER)
    assert a.table == table
    assert a.par == par(table, Vulnerability.NS, Seat.EAST)


def test_bad_records_say_why_in_both_languages() -> None:
    records, _ = pbn.read_records(SEED, strict=True)
    r = records[0]
    r.play = []
    with pytest.raises(Exception) as e:
        analyse_record(r)
    assert "no play" in e.value.en and "没有出牌" in e.value.zh  # type: ignore[attr-defined]


# -- the command line -----------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_text_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyse", str(SEED))
    assert status == 0
    assert "Board 2: 2♠X by North" in out and "Par: 1♣+2 by EW; NS -110" in out
    assert "♠8 4 -2" in out  # the costly card, marked with its cost
    assert out.rstrip().endswith("Declarer made 4 tricks; double dummy 6: two tricks lost at trick 6")
    status, out, _ = run(capsys, "analyse", str(SEED), "--lang", "zh", "--board", "2")
    assert status == 0 and "第2副  北打2♠×" in out and "第6墩庄家出♠8而不是♠J，损失两墩" in out
    assert "最优定约：" in out and "双明手分析表" in out


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyse", str(SEED), "--json")
    data = json.loads(out)
    assert status == 0 and data["file"] == str(SEED) and len(data["boards"]) == 1
    b = data["boards"][0]
    assert (b["board"], b["contract"], b["declarer"], b["dd_start"], b["made"]) == (2, "2SX", "N", 6, 4)
    assert len(b["cards"]) == 52 and b["cards"][0] == {
        "trick": 1, "seat": "E", "card": "C5", "dd_before": 6, "dd_after": 6, "cost": 0,
        "better": []}
    assert [c for c in b["cards"] if c["cost"]] == [
        {"trick": 6, "seat": "N", "card": "S8", "dd_before": 6, "dd_after": 4, "cost": 2,
         "better": ["SJ"]}]
    assert b["summary"]["zh"] == "庄家得4墩；双明手6墩：第6墩庄家损失两墩"
    assert b["par"]["score_ns"] == -110 and b["dd_table"]["C"]["E"] == 9


@pytest.mark.parametrize(("lang", "args", "text"), [
    ("en", ["--board", "99"], "no board 99 in the file"),
    ("zh", ["--board", "99"], "文件中没有第99副"),
    ("en", ["--board", "0"], "0"),
])
def test_cli_bad_board(capsys: pytest.CaptureFixture[str], lang: str, args: list[str],
                       text: str) -> None:
    status, out, err = run(capsys, "analyse", str(SEED), *args, "--lang", lang)
    assert status == 2 and out == "" and err.count("\n") == 1 and text in err
    assert "Traceback" not in err


@pytest.mark.parametrize(("lang", "text"), [("en", "no board in the file has its play recorded"),
                                            ("zh", "文件中没有一副牌记录了出牌")])
def test_cli_no_play(capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str,
                     text: str) -> None:
    lines = SEED.read_text(encoding="utf-8").splitlines()
    cut = lines.index('[Play "E"]')
    bare = tmp_path / "bare.pbn"
    bare.write_text("\n".join(lines[:cut]) + "\n", encoding="utf-8")
    status, _, err = run(capsys, "analyse", str(bare), "--lang", lang)
    assert status == 2 and text in err and err.count("\n") == 1
    # Asked for by number, the board without play is named.
    status, _, err = run(capsys, "analyse", str(bare), "--board", "2", "--lang", lang)
    assert status == 2 and ("没有出牌" if lang == "zh" else "the record has no play") in err


@pytest.mark.parametrize(("lang", "prefix"), [("en", "error: "), ("zh", "错误：")])
def test_cli_missing_file(capsys: pytest.CaptureFixture[str], lang: str, prefix: str) -> None:
    status, _, err = run(capsys, "analyse", "no/such/file.pbn", "--lang", lang)
    assert status == 2 and err.startswith(prefix) and err.count("\n") == 1
    status, _, err = run(capsys, "analyse", "no/such/file.pbn", "--json")
    assert status == 2 and json.loads(err)["error"]["code"] == "usage"


def test_a_count_of_tricks_reads_right_past_thirteen() -> None:
    # Over a whole board of slips the tricks lost add up past thirteen (lost, given back,
    # lost again): every count reads, in words up to thirteen, in figures after.
    from bridgescore.deals.analysis import _tricks

    assert [_tricks(n, "en") for n in (0, 1, 2, 13, 14, 27)] == [
        "no tricks", "a trick", "two tricks", "thirteen tricks", "14 tricks", "27 tricks"]
    assert [_tricks(n, "zh") for n in (0, 1, 2, 13, 14, 27)] == [
        "零墩", "一墩", "两墩", "十三墩", "14墩", "27墩"]
    for n in range(60):
        assert _tricks(n, "en").endswith("trick" if n == 1 else "tricks")
        assert _tricks(n, "zh").endswith("墩")
