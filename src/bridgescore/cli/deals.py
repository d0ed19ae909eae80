"""Commands for deals, auctions and play: deal, handrecord, dd, convert, auction, replay.

Each is a few lines over the library.  Files are read strictly, so the first problem ends the
command with one line naming the file, the line and the reason (exit status 2); every
message exists in English and Chinese (``--lang``), and every command takes ``--json``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..core.errors import BridgeError, FileFormatError
from ..core.gamerecord import GameRecord
from ..core.i18n import Lang, is_zh, pick, plural
from ._common import emit_json, json_option, lang_option, output_option
from ._json import deal_board_json
from ._params import Whole, argument, command, option

if TYPE_CHECKING:
    from ..deals.handrecord import HandRecordBoard


def _t(lang: Lang, en: str, zh: str) -> str:
    return pick(lang, en, zh)


def _kind(path: str, writing: bool = False) -> str:
    """``pbn`` or ``lin`` from a file name, or an error naming the file."""
    suffix = Path(path).suffix.lower()
    if suffix in (".pbn", ".lin"):
        return suffix[1:]
    what, what_zh = ("output", "输出") if writing else ("input", "输入")
    raise FileFormatError(
        f"unknown {what} file type {suffix or '(none)'!r}: expected a .pbn or .lin file",
        f"未知的{what_zh}文件类型 {suffix or '（无）'!r}：应为 .pbn 或 .lin 文件", path=path,
    )


def _read_records(path: str) -> list[GameRecord]:
    """Every board of a PBN or LIN file, read strictly: the first error names file and line."""
    if _kind(path) == "lin":
        from ..formats import lin

        return lin.load(path, strict=True)
    from ..formats import pbn

    records, _ = pbn.read_records(path, strict=True)
    return records


def _picked_records(path: str, board: int | None) -> list[tuple[int, GameRecord]]:
    """The file's records (with their places in it), or only board ``board``'s; a file with
    none, or without that board, is refused naming it."""
    records = _read_records(path)
    if not records:
        raise FileFormatError("no games in the file", "文件中没有牌局", path=path)
    picked = [(i, r) for i, r in enumerate(records) if board is None or r.board == board]
    if not picked:
        raise FileFormatError(f"no board {board} in the file", f"文件中没有第{board}副", path=path)
    return picked


def _record_error(path: str, index: int, rec: GameRecord, e: BridgeError) -> FileFormatError:
    """An error met while replaying a record, placed at its play section (PBN) or its board."""
    line = rec.line
    if _kind(path) == "pbn":
        from ..formats import pbn

        games = pbn.load(path)
        tag = games[index].get("play") if index < len(games) else None
        if tag is not None:
            line = tag.line
    board = f"board {rec.board}: " if rec.board is not None else ""
    board_zh = f"第{rec.board}副：" if rec.board is not None else ""
    return FileFormatError(board + e.en, board_zh + e.zh, path=path, line=line)


def _boards(path: str) -> list[HandRecordBoard]:
    """The complete deals of a file as hand-record boards (dealer and vulnerability from the
    file, else from the board number)."""
    from ..deals.handrecord import HandRecordBoard

    boards = []
    for i, rec in enumerate(_read_records(path), 1):
        if rec.deal is not None and rec.deal.complete:
            boards.append(HandRecordBoard.of(rec.board or i, rec.deal, rec.dealer, rec.vulnerability))
    if not boards:
        raise FileFormatError("no complete deal in the file", "文件中没有完整的牌局", path=path)
    return boards


def _solve(boards: list[HandRecordBoard], lang: Lang, cache: str | None) -> list[HandRecordBoard]:
    from dataclasses import replace

    from ..deals.dd import DDSolver, par

    solver = DDSolver(cache)
    with _ProgressBar(_t(lang, "double dummy", "双明手分析")) as bar:
        tables = solver.tables([b.deal for b in boards], progress=bar.update)
    solver.save()
    return [replace(b, dd=t, par=par(t, b.vulnerability, b.dealer))
            for b, t in zip(boards, tables, strict=True)]


class _ProgressBar:
    """A Rich progress bar on standard error (so that JSON or PBN on standard output stays
    clean), drawn only on a terminal and only while deals are being solved (none when every
    deal is in the cache); it is fed by the solver's ``progress(done, total)`` callback and
    vanishes when done."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> _ProgressBar:
        return self

    def update(self, done: int, total: int) -> None:
        if self.bar is None:
            from rich.console import Console
            from rich.progress import Progress

            console = Console(stderr=True)
            self.bar = Progress(console=console, transient=True, disable=not console.is_terminal)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=total)
        self.bar.update(self.task, completed=done)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def _write_dd_pbn(file: str, boards: list[HandRecordBoard], out: str) -> None:
    """The games of ``file`` (or, from LIN, as PBN) with the tags that carry double-dummy
    results: ``DoubleDummyTricks``, ``OptimumScore`` and ``OptimumResultTable``."""
    from ..formats import pbn

    if _kind(file) == "pbn":
        games = pbn.load(file, strict=True)
        records = [pbn.to_record(g, file) for g in games]
    else:
        records = _read_records(file)
        games = [pbn.from_record(r) for r in records]
    solved = {b.deal: b for b in boards}
    for game, rec in zip(games, records, strict=True):
        b = solved.get(rec.deal) if rec.deal is not None else None
        if b is None or b.dd is None or b.par is None:
            continue
        pbn.set_dd_tags(game, b.dd, b.par.score)
    head = "" if _kind(file) == "pbn" else pbn.EXPORT_HEADER
    Path(out).write_text(head + pbn.dumps(games), encoding="utf-8")


_cache_option = option(
    "--cache", type=click.Path(dir_okay=False), default=None, metavar="FILE",
    help="JSON file of solved deals, read and updated, so that no deal is solved twice.",
    zh="已求解牌局的 JSON 文件：读取并更新，使同一副牌不必再解一次。")


@command("deal", help="""Deal a set of boards and write them as PBN.

    With --json the boards (dealer, vulnerability, the four hands and their HCP) are printed
    as JSON; the PBN then goes only to the file given with -o.""",
         zh="""发牌并写成 PBN。

    加 --json 时以 JSON 打印各副牌（发牌人、局况、四手牌及其大牌点）；PBN 则只写入 -o 给出的文件。""")
@option("--boards", "count", type=Whole(1), default=16, show_default=True, metavar="N",
        help="Number of boards.", zh="牌副数。")
@option("--start", type=Whole(1), default=1, show_default=True, metavar="N",
        help="First board number.", zh="第一副的牌号。")
@option("--seed", default=None, metavar="TEXT",
        help="Reproducible set from this seed (never for real events).",
        zh="由此种子得到可重现的一组牌（切勿用于正式比赛）。")
@option("-c", "--constraint", "constraints", multiple=True, metavar="SEAT:CONDITIONS",
        help="SEAT:conditions, e.g. 'N:hcp=20-' or 'S:S=5-,balanced=no'.",
        zh="方位:条件，如 'N:hcp=20-' 或 'S:S=5-,balanced=no'。")
@option("--predeal", default=None, metavar="PBN",
        help="Pre-dealt cards as a PBN deal, '-' for free hands.",
        zh="预先发定的牌，写成 PBN 牌例，'-' 表示不限的一手。")
@option("--max-attempts", type=Whole(1), default=10_000_000, show_default=True, metavar="N",
        help="Random deals to try for -c/--predeal before giving up (roughly a million a second).",
        zh="为满足 -c/--predeal 最多尝试的随机牌数（每秒约一百万副）。")
@option("--event", default="", metavar="TEXT", help="Event tag of the PBN file.",
        zh="PBN 文件的 Event 标签。")
@output_option("Write the PBN here instead of standard output.", "将 PBN 写入此文件而不是标准输出。",
               aliases=("--out",))
@json_option
@lang_option
def deal_cmd(count: int, start: int, seed: str | None, constraints: tuple[str, ...],
             predeal: str | None, max_attempts: int, event: str, output: str | None,
             as_json: bool, lang: Lang) -> None:
    from ..deals.dealing import DealtBoard, deal_boards
    from ..deals.handrecord import HandRecordBoard
    from ..formats.pbn import boards_to_pbn

    if constraints or predeal:
        import hashlib

        from ..deals import bulk as bulk_deals

        c = bulk_deals.Constraints.parse(constraints, predeal)
        seed_int = None
        if seed is not None:
            seed_int = int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")
        deals = bulk_deals.to_deals(bulk_deals.generate(count, c, seed=seed_int, max_deals=max_attempts))
        boards = [DealtBoard(start + i, d) for i, d in enumerate(deals)]
    else:
        boards = deal_boards(count, start, seed)
    text = boards_to_pbn(boards, event=event)
    if output:
        Path(output).write_text(text, encoding="utf-8")
    if as_json:
        emit_json({"file": output, "seed": seed,
                   "boards": [deal_board_json(HandRecordBoard.from_dealt(b)) for b in boards]})
    elif output:
        click.echo(_t(lang, f"Wrote {plural(len(boards), 'board', 'boards')} to {output}",
                      f"已将 {len(boards)} 副牌写入 {output}"))
    else:
        click.echo(text, nl=False)


@command("handrecord", help="Write a printable hand record (A4 HTML or PDF).",
         zh="打印牌例记录（A4 的 HTML 或 PDF）。")
@argument("file", type=click.Path(exists=True, dir_okay=False), metavar="FILE",
          help="A PBN or LIN file.", zh="PBN 或 LIN 文件。")
@option("--html", "html_out", type=click.Path(dir_okay=False), default=None, metavar="FILE",
        help="HTML file to write (A4 when printed).", zh="要写出的 HTML 文件（按 A4 打印）。")
@option("--pdf", "pdf_out", type=click.Path(dir_okay=False), default=None, metavar="FILE",
        help="PDF file to write (needs WeasyPrint: pip install 'bridgescore[pdf]').",
        zh="要写出的 PDF 文件（需要 WeasyPrint：pip install 'bridgescore[pdf]'）。")
@option("--dd", "with_dd", is_flag=True,
        help="Add double-dummy tables and par (needs endplay: pip install 'bridgescore[dds]').",
        zh="加上双明手分析表和最优定约（需要 endplay：pip install 'bridgescore[dds]'）。")
@option("--per-page", type=click.Choice(["1", "2", "4", "6", "8"]), default="6",
        show_default=True, help="Boards to an A4 page.", zh="每张 A4 纸的牌副数。")
@option("--title", default=None, metavar="TEXT", help="Title (default: the file's Event tag).",
        zh="标题（默认：文件的 Event 标签）。")
@_cache_option
@json_option
@lang_option
def handrecord_cmd(file: str, html_out: str | None, pdf_out: str | None, with_dd: bool,
                   per_page: str, title: str | None, cache: str | None, as_json: bool,
                   lang: Lang) -> None:
    from ..render.handrecord import render_handrecord
    from ..render.pdf import write_pdf

    if not (html_out or pdf_out or as_json):
        raise BridgeError("nothing to write: give --html FILE, --pdf FILE or --json",
                          "没有要写的内容：请给出 --html 文件、--pdf 文件或 --json")
    boards = _boards(file)
    if with_dd:
        boards = _solve(boards, lang, cache)
    if html_out or pdf_out:
        first = _read_records(file)[0]
        html = render_handrecord(boards, lang, title or first.event, int(per_page), first.date)
        if html_out:
            Path(html_out).write_text(html, encoding="utf-8")
        if pdf_out:
            write_pdf(html, pdf_out)
    written = [p for p in (html_out, pdf_out) if p]
    if as_json:
        emit_json({"file": file, "files": written, "boards": [deal_board_json(b) for b in boards]})
        return
    names = " ".join(written)
    click.echo(_t(lang, f"Wrote the hand record of {plural(len(boards), 'board', 'boards')} "
                        f"to {names}",
                  f"已将 {len(boards)} 副牌的牌例记录写入 {names}"))


@command("dd", help="Double-dummy tables and par for every board of a file (needs endplay: "
                    "pip install 'bridgescore[dds]').",
         zh="文件中每副牌的双明手分析表与最优定约（需要 endplay：pip install 'bridgescore[dds]'）。")
@argument("file", type=click.Path(exists=True, dir_okay=False), metavar="FILE",
          help="A PBN or LIN file.", zh="PBN 或 LIN 文件。")
@output_option("Also write the games as PBN with DoubleDummyTricks, OptimumScore and "
               "OptimumResultTable tags.",
               "同时将牌局写成带 DoubleDummyTricks、OptimumScore 和 OptimumResultTable 标签的 PBN 文件。",
               aliases=("--pbn",))
@_cache_option
@json_option
@lang_option
def dd_cmd(file: str, output: str | None, cache: str | None, as_json: bool, lang: Lang) -> None:
    from ..deals.dd import DD_SEATS, DD_STRAINS

    if output:
        _kind(output, writing=True)
    boards = _solve(_boards(file), lang, cache)
    if output:
        _write_dd_pbn(file, boards, output)
    if as_json:
        emit_json({"file": file, "output": output, "boards": [deal_board_json(b) for b in boards]})
        return
    zh = is_zh(lang)
    heads = ["无将" if zh else "NT", *(s.symbol for s in DD_STRAINS[1:])]
    for b in boards:
        assert b.dd is not None and b.par is not None
        click.echo(_t(lang, f"Board {b.number}", f"第{b.number}副") + f"  {b.deal.pbn(b.dealer)}")
        click.echo("    " + "".join(_rjust(h, 5) for h in heads))
        for seat in DD_SEATS:
            name = seat.name_in("zh") if zh else seat.letter
            click.echo("  " + _rjust(name, 2) + "".join(f"{b.dd[s, seat]:>5}" for s in DD_STRAINS))
        click.echo(_t(lang, "  Par: ", "  最优定约：") + b.par.format(lang, symbols=True))


def _rjust(text: str, width: int) -> str:
    # Chinese characters take two columns on a terminal.
    wide = sum(1 for ch in text if ord(ch) > 0x2E80)
    return " " * max(width - len(text) - wide, 0) + text


@command("convert", help="""Convert between PBN and LIN (by the file extensions).

    PBN is written in export format (the deal from the dealer, the play from the opening
    leader); LIN gets the players, deal, board, vulnerability, calls, cards and claims.""",
         zh="""PBN 与 LIN 互转（按文件扩展名）。

    PBN 按导出格式写出（牌例从发牌人起，出牌从首攻者起）；LIN 写出牌手、牌例、牌号、局况、叫牌、出牌和摊牌。""")
@argument("src", type=click.Path(exists=True, dir_okay=False), metavar="SOURCE",
          help="The file to read (.pbn or .lin).", zh="要读取的文件（.pbn 或 .lin）。")
@argument("dst", type=click.Path(dir_okay=False), metavar="DESTINATION",
          help="The file to write (.pbn or .lin).", zh="要写出的文件（.pbn 或 .lin）。")
@json_option
@lang_option
def convert_cmd(src: str, dst: str, as_json: bool, lang: Lang) -> None:
    to = _kind(dst, writing=True)
    if Path(src).resolve() == Path(dst).resolve() or (Path(dst).exists() and Path(src).samefile(dst)):
        raise FileFormatError(
            "the destination is the source file itself: give another name for the converted file",
            "目标文件就是源文件本身：请为转换后的文件另取一个名字", path=dst,
        )
    records = _read_records(src)
    if not any(r.deal is not None and r.deal.complete for r in records):
        raise FileFormatError("no complete deal in the file: nothing to convert",
                              "文件中没有完整的牌局：没有可转换的内容", path=src)
    if to == "lin":
        from ..formats import lin

        Path(dst).write_text(lin.dumps(records), encoding="utf-8")
    else:
        from ..formats import pbn

        text = pbn.EXPORT_HEADER + pbn.dumps(pbn.from_record(r) for r in records)
        Path(dst).write_text(text, encoding="utf-8")
    frm = _kind(src)
    if as_json:
        emit_json({
            "source": src, "destination": dst, "from": frm, "to": to, "boards": len(records),
            "board_numbers": [r.board for r in records],
            "with_auction": sum(r.auction is not None for r in records),
            "with_play": sum(bool(r.play) for r in records),
        })
        return
    boards = plural(len(records), "board", "boards")
    click.echo(_t(lang, f"Converted {boards} from {src} ({frm.upper()}) to {dst} ({to.upper()})",
                  f"已将 {src}（{frm.upper()}）中的 {len(records)} 副牌转换为 {dst}（{to.upper()}）"))


@command("auction", help="""Check an auction and print the contract.

    Calls may be separate arguments or one quoted string: 1C 1H 1NT P 3NT P P P, or
    "1♣ 1♥ 1无将 不叫 3无将 不叫 不叫 不叫".""",
         zh="""检查叫牌过程并给出定约。

    叫品可以分开写，也可以放在一个带引号的字符串里：1C 1H 1NT P 3NT P P P，或 "1♣ 1♥ 1无将 不叫 3无将 不叫 不叫 不叫"。""")
@option("--dealer", required=True, metavar="SEAT", help="The dealer: N, E, S, W (or 北 东 南 西).",
        zh="发牌人：北、东、南、西（或 N、E、S、W）。")
@argument("calls", nargs=-1, required=True, metavar="CALL...", help="The calls in order.",
          zh="依次的叫品。")
@json_option
@lang_option
def auction_cmd(dealer: str, calls: tuple[str, ...], as_json: bool, lang: Lang) -> None:
    from ..core.auction import Auction

    a = Auction.parse(dealer, " ".join(calls))
    zh = is_zh(lang)
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


@command("replay", help="""Replay the games of a PBN or LIN file and print their game records.

    The recorded play is checked card by card (Law 44); a card that could not have been
    played stops the command with the file, line and reason.""",
         zh="""复盘 PBN 或 LIN 文件中的牌局并打印牌局记录。

    记录的出牌逐张检查（第44条）；一张不可能打出的牌会使命令停止，并给出文件、行号和原因。""")
@argument("file", type=click.Path(exists=True, dir_okay=False), metavar="FILE",
          help="A PBN or LIN file.", zh="PBN 或 LIN 文件。")
@option("--board", "board", type=Whole(1), default=None, metavar="N", help="Only this board.",
        zh="只复盘这一副。")
@option("--html", "html_out", type=click.Path(dir_okay=False), default=None, metavar="FILE",
        help="Also write the game records as a printable HTML page (A4, one to a page).",
        zh="同时将牌局记录写成可打印的 HTML 页面（A4，每页一副）。")
@option("--pdf", "pdf_out", type=click.Path(dir_okay=False), default=None, metavar="FILE",
        help="Also write them as PDF (needs WeasyPrint: pip install 'bridgescore[pdf]').",
        zh="同时写成 PDF（需要 WeasyPrint：pip install 'bridgescore[pdf]'）。")
@json_option
@lang_option
def replay_cmd(file: str, board: int | None, html_out: str | None, pdf_out: str | None,
               as_json: bool, lang: Lang) -> None:
    from ..render.gamerecord import format_record, render_records_html

    picked = _picked_records(file, board)
    for i, r in picked:
        if r.play and r.deal is not None and r.final_contract is not None:
            try:
                r.derived_result()
            except BridgeError as e:
                raise _record_error(file, i, r, e) from None
    records = [r for _, r in picked]
    if html_out or pdf_out:
        html = render_records_html(records, lang, records[0].event)
        if html_out:
            Path(html_out).write_text(html, encoding="utf-8")
        if pdf_out:
            from ..render.pdf import write_pdf

            write_pdf(html, pdf_out)
    if as_json:
        emit_json({"file": file, "files": [p for p in (html_out, pdf_out) if p],
                   "games": [_replay_json(r) for r in records]})
        return
    for n, r in enumerate(records):
        if n:
            click.echo("")
        click.echo(format_record(r, lang), nl=False)


def _replay_json(r: GameRecord) -> dict[str, Any]:
    try:
        derived = r.derived_result()
    except BridgeError:
        derived = None  # a record without a deal or contract: nothing to replay
    recorded = r.recorded_result
    vul = r.vulnerability
    return {
        "board": r.board, "contract": str(r.final_contract) if r.final_contract else None,
        "declarer": r.final_declarer.letter if r.final_declarer else None,
        "recorded_tricks": r.tricks,
        "derived": str(derived) if derived else None,
        "matches": None if recorded is None or derived is None else recorded == derived,
        "score_ns": derived.ns_score(vul) if derived is not None and vul is not None else None,
    }
