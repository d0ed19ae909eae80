"""``bridgescore analyse``: every board of a PBN or LIN game record analysed card by card,
double dummy (:mod:`bridgescore.deals.analysis`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..core.errors import BridgeError, FileFormatError
from ..core.i18n import Lang, is_zh, pick
from ..core.text import display_width
from ._common import emit_json, json_option, lang_option
from ._params import Whole, argument, command, option

if TYPE_CHECKING:
    from ..deals.analysis import BoardAnalysis, CardAnalysis

__all__ = ["analyse_cmd", "format_analysis"]


@command("analyse", help="""Analyse the play of the boards of a PBN or LIN file, double dummy.

    For each board: declarer's double-dummy tricks before the opening lead and after every
    card, the cards that gave tricks away (marked -N, with the cards that would have kept
    them), par, the double-dummy table and an account of where the result came from.
    Needs endplay: pip install 'bridgescore[dds]'.  See docs/analysis.md.""",
         zh="""用双明手分析 PBN 或 LIN 文件中各副牌的打牌过程。

    每副牌给出：首攻前及每张牌之后庄家一方的双明手墩数，送掉墩的牌（标为 -N，并列出能保住
    这些墩的牌），最优定约，双明手分析表，以及结果从何而来的说明。
    需要 endplay：pip install 'bridgescore[dds]'。见 docs/analysis.md。""")
@argument("file", type=click.Path(exists=True, dir_okay=False), metavar="FILE",
          help="A PBN or LIN file with the play.", zh="含出牌记录的 PBN 或 LIN 文件。")
@option("--board", "board", type=Whole(1), default=None, metavar="N",
        help="Only this board.", zh="只分析这一副。")
@json_option
@lang_option
def analyse_cmd(file: str, board: int | None, as_json: bool, lang: Lang) -> None:
    from ..deals.analysis import analyse_record
    from ..deals.dd import _endplay
    from .deals import _picked_records, _record_error

    picked = _picked_records(file, board)
    if board is None:
        # The whole file: boards without play (a hand record's deals) are left out.
        with_play = [(i, r) for i, r in picked if r.play and r.play[0] is not None]
        if not with_play:
            raise FileFormatError("no board in the file has its play recorded",
                                  "文件中没有一副牌记录了出牌", path=file)
        picked = with_play
    _endplay()  # a missing solver is said once, before any work
    results: list[BoardAnalysis] = []
    for i, r in picked:
        try:
            results.append(analyse_record(r))
        except BridgeError as e:
            raise _record_error(file, i, r, e) from None
    if as_json:
        emit_json({"file": file, "boards": [a.to_dict() for a in results]})
        return
    for n, a in enumerate(results):
        if n:
            click.echo("")
        click.echo(format_analysis(a, lang))


def _pad(text: str, width: int) -> str:
    return text + " " * max(width - display_width(text), 0)


def format_analysis(a: BoardAnalysis, lang: Lang) -> str:
    """The text form of one board's analysis: the header, par and the double-dummy table,
    the tricks one a line (each card with declarer's double-dummy total after it, ``-N``
    after a card that cost N tricks), the account and the summary."""
    from ..core.play import trick_winner
    from ..deals.dd import DD_SEATS, DD_STRAINS

    zh = is_zh(lang)
    lines: list[str] = []
    contract = a.contract.format(lang, symbols=True)
    who = a.declarer.name_in(lang)
    head = (f"第{a.board}副  " if zh else f"Board {a.board}: ") if a.board is not None else ""
    lines.append(head + (f"{who}打{contract}" if zh else f"{contract} by {who}"))
    lines.append(pick(lang, f"Double dummy before the opening lead: declarer {a.start} tricks",
                      f"首攻前双明手：庄家{a.start}墩"))
    if a.par is not None:
        lines.append(pick(lang, "Par: ", "最优定约：") + a.par.format(lang, symbols=True))
    heads = ["无将" if zh else "NT", *(s.symbol for s in DD_STRAINS[1:])]
    lines.append(pick(lang, "Double-dummy table:", "双明手分析表："))
    lines.append("    " + "".join(" " * (5 - display_width(h)) + h for h in heads))
    for seat in DD_SEATS:
        name = seat.name_in("zh") if zh else seat.letter
        lines.append("  " + " " * (2 - display_width(name)) + name
                     + "".join(f"{a.table[s, seat]:>5}" for s in DD_STRAINS))
    lines.append("")
    lines.append(pick(lang, "Trick  Lead  Cards, each with declarer's DD tricks after it   Won by",
                      "墩     领出  出牌（每张牌后庄家一方的双明手墩数）       赢墩"))
    by_trick: dict[int, list[CardAnalysis]] = {}
    for c in a.cards:
        by_trick.setdefault(c.trick, []).append(c)
    for number, cards in by_trick.items():
        cells = []
        for c in cards:
            mark = f" -{c.cost}" if c.cost else ""
            cells.append(_pad(f"{c.card.format(lang, symbols=True)} {c.after}{mark}", 12))
        first = cards[0]
        leader = first.seat.name_in(lang)
        winner = ""
        if len(cards) == 4:
            winner = trick_winner(first.seat, [c.card for c in cards], a.contract.strain).name_in(lang)
        lines.append(f"{number:>3}    {_pad(leader, 6)}" + "".join(cells) + winner)
    lines.append(pick(lang, "-N: the card cost N tricks (double dummy)",
                      "-N：这张牌损失N墩（双明手）"))
    lines.append("")
    account = a.account(lang)
    lines.extend(account)
    lines.append(a.summary(lang))
    return "\n".join(lines)
