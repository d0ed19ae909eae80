"""Commands for deals, auctions and play: deal, handrecord, dd, convert, auction, replay."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..errors import FileFormatError, NotationError
from ..gamerecord import GameRecord
from ._common import emit_json, json_option, lang_option


def _read_records(path: str) -> list[GameRecord]:
    """Every board of a PBN or LIN file, read strictly: the first error names file and line."""
    suffix = Path(path).suffix.lower()
    if suffix == ".lin":
        from ..formats import lin

        return lin.load(path, strict=True)
    if suffix != ".pbn":
        raise FileFormatError(
            "unknown file type: expected a .pbn or .lin file",
            "未知的文件类型：应为 .pbn 或 .lin 文件", path=path,
        )
    from ..formats import pbn

    records, _ = pbn.read_records(path, strict=True)
    return records


@click.command("deal")
@click.option("--boards", "count", type=int, default=16, show_default=True, help="Number of boards.")
@click.option("--start", type=int, default=1, show_default=True, help="First board number.")
@click.option("--seed", default=None, help="Reproducible set from this seed (never for real events).")
@click.option("-c", "--constraint", "constraints", multiple=True,
              help="SEAT:conditions, e.g. 'N:hcp=20-' or 'S:S=5-,balanced=no'.")
@click.option("--predeal", default=None, help="Pre-dealt cards as a PBN deal, '-' for free hands.")
@click.option("--event", default="", help="Event tag of the PBN file.")
@click.option("-o", "--out", "out", type=click.Path(dir_okay=False), default=None,
              help="Write the PBN here instead of standard output.")
def deal_cmd(count: int, start: int, seed: str | None, constraints: tuple[str, ...],
             predeal: str | None, event: str, out: str | None) -> None:
    """Deal a set of boards and write them as PBN.  发牌并写成 PBN。"""
    from ..dealing import DealtBoard, boards_to_pbn, deal_boards

    if constraints or predeal:
        from .. import bulk

        c = bulk.Constraints.parse(constraints, predeal)
        seed_int = None
        if seed is not None:
            import hashlib

            seed_int = int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")
        if count < 1 or start < 1:
            raise NotationError("--boards and --start must be at least 1", "--boards 和 --start 至少为 1")
        deals = bulk.to_deals(bulk.generate(count, c, seed=seed_int))
        boards = [DealtBoard(start + i, d) for i, d in enumerate(deals)]
    else:
        boards = deal_boards(count, start, seed)
    text = boards_to_pbn(boards, event=event)
    if out:
        Path(out).write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)


@click.command("handrecord")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--html", "html_out", type=click.Path(dir_okay=False), required=True, help="HTML file to write.")
@click.option("--dd", "with_dd", is_flag=True, help="Add double-dummy tables and par (needs endplay).")
@click.option("--title", default=None)
@lang_option
def handrecord_cmd(file: str, html_out: str, with_dd: bool, title: str | None, lang: str) -> None:
    """Write a printable hand record (A4 HTML).  打印牌例记录。"""
    from ..handrecord import HandRecordBoard, render_handrecord

    boards = []
    for i, rec in enumerate(_read_records(file), 1):
        if rec.deal is None or not rec.deal.complete:
            continue
        number = rec.board or i
        boards.append(HandRecordBoard.of(number, rec.deal, rec.dealer, rec.vulnerability))
    if with_dd:
        from dataclasses import replace

        from ..dd import dd_tables, par

        tables = dd_tables([b.deal for b in boards], progress=True)
        boards = [replace(b, dd=t, par=par(t, b.vulnerability, b.dealer)) for b, t in zip(boards, tables, strict=True)]
    Path(html_out).write_text(render_handrecord(boards, lang, title), encoding="utf-8")


@click.command("dd")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@json_option
@lang_option
def dd_cmd(file: str, as_json: bool, lang: str) -> None:
    """Double-dummy tables and par for every board of a file.  双明手分析与最优定约。"""
    from ..board import Board
    from ..dd import dd_tables, par
    from ..strain import Strain

    recs = [r for r in _read_records(file) if r.deal is not None and r.deal.complete]
    tables = dd_tables([r.deal for r in recs if r.deal is not None], progress=True)
    data: list[dict[str, Any]] = []
    pars = []
    for i, (rec, table) in enumerate(zip(recs, tables, strict=True), 1):
        number = rec.board or i
        board = Board(number)
        dealer = rec.dealer or board.dealer
        vul = rec.vulnerability or board.vulnerability
        p = par(table, vul, dealer)
        pars.append(p)
        data.append({
            "board": number, "deal": rec.deal.pbn() if rec.deal else "",
            "dealer": dealer.letter, "vulnerable": str(vul),
            "tricks": table.to_dict(),
            "par": {"score_ns": p.score, "contracts": [
                {"contract": str(c.contract), "declarers": [s.letter for s in c.declarers],
                 "overtricks": c.overtricks} for c in p.contracts]},
        })
    if as_json:
        emit_json(data)
        return
    from ..seat import Seat

    strains = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
    for item, table, p in zip(data, tables, pars, strict=True):
        head = f"第{item['board']}副" if lang == "zh" else f"Board {item['board']}"
        click.echo(f"{head}  {item['deal']}")
        click.echo("     " + " ".join(f"{s.letter:>3}" for s in strains))
        for seat in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST):
            click.echo(f"  {seat.letter}  " + " ".join(f"{table[s, seat]:>3}" for s in strains))
        click.echo(("  最优定约：" if lang == "zh" else "  Par: ") + p.format(lang))


@click.command("convert")
@click.argument("src", type=click.Path(exists=True, dir_okay=False))
@click.argument("dst", type=click.Path(dir_okay=False))
def convert_cmd(src: str, dst: str) -> None:
    """Convert between PBN and LIN (by the file extensions).  PBN 与 LIN 互转。"""
    records = _read_records(src)
    suffix = Path(dst).suffix.lower()
    if suffix == ".lin":
        from ..formats import lin

        Path(dst).write_text(lin.dumps(records), encoding="utf-8")
    elif suffix == ".pbn":
        from ..formats import pbn

        text = "% PBN 2.1\n% EXPORT\n" + pbn.dumps(pbn.from_record(r) for r in records)
        Path(dst).write_text(text, encoding="utf-8")
    else:
        raise FileFormatError("unknown output type: expected .pbn or .lin",
                              "未知的输出类型：应为 .pbn 或 .lin", path=dst)


@click.command("auction")
@click.option("--dealer", required=True, help="The dealer: N, E, S, W (or 北 东 南 西).")
@click.argument("calls", nargs=-1, required=True)
@json_option
@lang_option
def auction_cmd(dealer: str, calls: tuple[str, ...], as_json: bool, lang: str) -> None:
    """Check an auction and print the contract.  检查叫牌过程并给出定约。"""
    from ..auction import Auction

    a = Auction.parse(dealer, list(calls))
    zh = lang == "zh"
    if as_json:
        emit_json({
            "complete": a.is_complete, "calls": [str(c) for c in a.calls],
            "contract": str(a.contract) if a.contract else None,
            "declarer": a.declarer.letter if a.declarer else None,
            "dummy": a.dummy.letter if a.dummy else None,
            "opening_leader": a.opening_leader.letter if a.opening_leader else None,
            "next": None if a.is_complete else a.next_seat.letter,
        })
        return
    if not a.is_complete:
        click.echo(f"叫牌未结束，轮到{a.next_seat.name_in('zh')}叫" if zh
                   else f"The auction is not over: {a.next_seat.name_in('en')} to call")
        return
    contract = a.contract
    assert contract is not None
    if contract.is_passed_out:
        click.echo("四家不叫，本副牌不打" if zh else "Passed out: the board is not played")
        return
    assert a.declarer is not None and a.dummy is not None and a.opening_leader is not None
    if zh:
        click.echo(f"定约：{a.declarer.name_in('zh')}打{contract.format('zh', True)}，"
                   f"明手{a.dummy.name_in('zh')}，首攻{a.opening_leader.name_in('zh')}")
    else:
        click.echo(f"Contract: {contract} by {a.declarer.name_in('en')}, dummy "
                   f"{a.dummy.name_in('en')}, opening lead {a.opening_leader.name_in('en')}")


@click.command("replay")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--board", "board", type=int, default=None, help="Only this board.")
@json_option
@lang_option
def replay_cmd(file: str, board: int | None, as_json: bool, lang: str) -> None:
    """Replay the games of a PBN or LIN file and print their game records.  复盘并打印牌局记录。"""
    from ..gamerecord import format_record

    records = [r for r in _read_records(file) if board is None or r.board == board]
    if as_json:
        out = []
        for r in records:
            derived = r.derived_result()
            recorded = r.recorded_result
            vul = r.vulnerability
            out.append({
                "board": r.board, "contract": str(r.final_contract) if r.final_contract else None,
                "declarer": r.final_declarer.letter if r.final_declarer else None,
                "recorded_tricks": r.tricks,
                "derived": str(derived) if derived else None,
                "matches": None if recorded is None or derived is None else recorded == derived,
                "score_ns": derived.ns_score(vul) if derived is not None and vul is not None else None,
            })
        emit_json(out)
        return
    for i, r in enumerate(records):
        if i:
            click.echo("")
        click.echo(format_record(r, lang), nl=False)
