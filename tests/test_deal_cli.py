"""The deal, handrecord, dd, convert, auction and replay commands (through CliRunner until
they are registered in the main command group)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from bridgescore.cli.deals import (
    auction_cmd,
    convert_cmd,
    dd_cmd,
    deal_cmd,
    handrecord_cmd,
    replay_cmd,
)
from bridgescore.errors import FileFormatError, IllegalCallError
from bridgescore.formats import pbn
from bridgescore.seat import Seat

DATA = Path(__file__).parent / "data"
runner = CliRunner()


def test_auction_both_languages() -> None:
    r = runner.invoke(auction_cmd, ["--dealer", "N", "1C", "1H", "1NT", "P", "3NT", "P", "P", "P"])
    assert r.exit_code == 0 and r.output == "Contract: 3NT by South, dummy North, opening lead West\n"
    r = runner.invoke(auction_cmd, ["--dealer", "北", "1♥", "加倍", "再加倍", "不叫", "不叫", "不叫", "--lang", "zh"])
    assert r.output == "定约：北打1♥××，明手南，首攻东\n"
    r = runner.invoke(auction_cmd, ["--dealer", "N", "P", "P", "P", "P", "--json"])
    assert json.loads(r.output)["contract"] == "pass"
    r = runner.invoke(auction_cmd, ["--dealer", "N", "1H", "P", "X"])
    assert isinstance(r.exception, IllegalCallError) and "Law 36" in str(r.exception)


def test_deal_is_reproducible_pbn(tmp_path: Path) -> None:
    out = tmp_path / "set.pbn"
    r = runner.invoke(deal_cmd, ["--boards", "4", "--seed", "s", "-o", str(out)])
    assert r.exit_code == 0
    again = runner.invoke(deal_cmd, ["--boards", "4", "--seed", "s"])
    assert again.output == out.read_text(encoding="utf-8")
    assert [g.tag("Board") for g in pbn.load(out)] == ["1", "2", "3", "4"]
    r = runner.invoke(deal_cmd, ["--boards", "3", "-c", "N:hcp=20-"])
    records = [pbn.to_record(g) for g in pbn.loads(r.output)]
    assert len(records) == 3
    for rec in records:
        assert rec.deal is not None and rec.deal[Seat.NORTH].hcp >= 20


def test_replay_json_and_text() -> None:
    r = runner.invoke(replay_cmd, [str(DATA / "seed_game.pbn"), "--json"])
    data = json.loads(r.output)
    assert data == [{"board": 2, "contract": "2SX", "declarer": "N", "recorded_tricks": 4,
                     "derived": "2SX N -4", "matches": True, "score_ns": -1100}]
    r = runner.invoke(replay_cmd, [str(DATA / "seed_game.pbn"), "--lang", "zh"])
    assert "宕4" in r.output and "南北得分：-1100" in r.output


def test_convert_round_trip(tmp_path: Path) -> None:
    lin_out = tmp_path / "g.lin"
    pbn_out = tmp_path / "g.pbn"
    assert runner.invoke(convert_cmd, [str(DATA / "seed_game.pbn"), str(lin_out)]).exit_code == 0
    assert runner.invoke(convert_cmd, [str(lin_out), str(pbn_out)]).exit_code == 0
    rec = pbn.read_records(pbn_out, strict=True)[0][0]
    assert str(rec.derived_result()) == "2SX N -4" and rec.tricks == 4


def test_bad_file_names_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQ - - -"]\n', encoding="utf-8")
    r = runner.invoke(replay_cmd, [str(bad)])
    assert isinstance(r.exception, FileFormatError)
    assert str(r.exception).startswith(f"{bad}:2:")
    other = tmp_path / "x.txt"
    other.write_text("x", encoding="utf-8")
    assert isinstance(runner.invoke(replay_cmd, [str(other)]).exception, FileFormatError)


def test_handrecord_and_dd(tmp_path: Path) -> None:
    html = tmp_path / "hr.html"
    r = runner.invoke(handrecord_cmd, [str(DATA / "seed_game.pbn"), "--html", str(html), "--lang", "zh"])
    assert r.exit_code == 0
    page = html.read_text(encoding="utf-8")
    assert "第2副" in page and "南北有局" in page and "(18点)" in page
    r = runner.invoke(handrecord_cmd, [str(DATA / "seed_game.pbn"), "--html", str(html), "--dd"])
    page = html.read_text(encoding="utf-8")
    assert r.exit_code == 0 and "Par: 1♣ EW +2; NS -110" in page
    r = runner.invoke(dd_cmd, [str(DATA / "seed_game.pbn"), "--json"])
    data = json.loads(r.output)
    assert data[0]["tricks"]["C"]["E"] == 9 and data[0]["par"]["score_ns"] == -110
