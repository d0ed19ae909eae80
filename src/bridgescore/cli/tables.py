"""``bridgescore table`` and ``bridgescore demo``: the seeds' tables and worked examples."""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

import click

from ..core.errors import BridgeError
from ..core.i18n import Lang, pick
from ._common import emit_json, json_option, lang_option, out_dir_option, output_option
from ._params import Whole, argument, command, option

__all__ = ["demo_cmd", "table_cmd"]


@command("table", help="""Print a table: KIND is score (记分一览表), penalty (罚分), imp or vp.

    \b
    bridgescore table score --lang zh
    bridgescore table vp --boards 16 --format csv
    bridgescore table score --format html -o score.html""",
         zh="""打印一张表：种类（KIND）为 score（记分一览表）、penalty（罚分表）、imp（IMP 表）或 vp（VP 表）。

    \b
    bridgescore table score --lang zh
    bridgescore table vp --boards 16 --format csv
    bridgescore table score --format html -o score.html""")
@argument("kind", metavar="KIND", help="score, penalty, imp or vp.",
          zh="score、penalty、imp 或 vp。")
@option("--format", "fmt", metavar="text|csv|json|html", default=None,
        help="Output format (default text).", zh="输出格式（默认 text）。")
@json_option
@output_option("Write to FILE instead of printing.", "写入文件而不是打印。", aliases=("--out",))
@option("--boards", type=Whole(1), default=None, metavar="N",
        help="Boards in a match (vp table only).", zh="一场比赛的牌数（仅用于 vp 表）。")
@option("--imp-scale", "imp_scale", default=None, metavar="NAME",
        help="IMP scale of the imp table: wbf, ebl-1960.", zh="imp 表所用的 IMP 表：wbf、ebl-1960。")
@option("--vp-scale", "vp_scale", default=None, metavar="NAME",
        help="VP scale of the vp table: wbf, wbf-whole, acbl-20, acbl-30.",
        zh="vp 表所用的 VP 表：wbf、wbf-whole、acbl-20、acbl-30。")
# The old spelling: the scale of whichever table is asked for.
@option("--scale", "scale", default=None, hidden=True, help="", zh="")
@lang_option
def table_cmd(
    kind: str, fmt: str | None, as_json: bool, output: str | None, boards: int | None,
    imp_scale: str | None, vp_scale: str | None, scale: str | None, lang: Lang,
) -> None:
    from ..render import check_format, render, write_file
    from ..scoring.score_tables import make_table

    if as_json and fmt is not None and check_format(fmt) != "json":
        raise BridgeError(f"--json and --format {fmt} contradict each other",
                          f"--json 与 --format {fmt} 相互矛盾")
    chosen = "json" if as_json else check_format(fmt or "text")
    key = kind.strip().lower()
    if boards is not None and key != "vp":
        raise BridgeError(f"--boards applies to the vp table only, not to {kind!r}",
                          f"--boards 只用于 vp 表，不用于 {kind!r}")
    if scale is not None:
        if key not in ("imp", "vp"):
            raise BridgeError(f"--scale applies to the imp and vp tables only, not to {kind!r}",
                              f"--scale 只用于 imp 和 vp 表，不用于 {kind!r}")
        imp_scale, vp_scale = (imp_scale or scale, vp_scale) if key == "imp" else \
            (imp_scale, vp_scale or scale)
    for name, value, wanted in (("--imp-scale", imp_scale, "imp"), ("--vp-scale", vp_scale, "vp")):
        if value is not None and key != wanted:
            raise BridgeError(f"{name} applies to the {wanted} table only, not to {kind!r}",
                              f"{name} 只用于 {wanted} 表，不用于 {kind!r}")
    table = make_table(kind, boards=boards, imp_scale=imp_scale or "wbf",
                       vp_scale=vp_scale or "wbf")
    text = render(table, chosen, lang, color=output is None and sys.stdout.isatty())
    if output is None:
        click.echo(text.rstrip("\n"))
        return
    path = write_file(output, text, chosen)
    click.echo(pick(lang, f"Wrote {table.title('en')} ({chosen}) to {path}",
                    f"已将{table.title('zh')}（{chosen}）写入 {path}"))


def _same(seed: str, ours: str) -> bool:
    # The seed writes full-width parentheses; NFKC folds them to ASCII.
    return unicodedata.normalize("NFKC", seed) == ours


@command("demo", help="Score the sixteen worked examples of the seeds and write every table "
                      "(HTML, CSV, JSON).",
         zh="计算种子文档中的十六个例题，并写出全部记分表（HTML、CSV、JSON）。")
@out_dir_option("Directory for the tables.", "各表写入的目录。", default="bridgescore-demo")
@lang_option
@json_option
def demo_cmd(out_dir: str, lang: Lang, as_json: bool) -> None:
    from ..render import write_tables
    from ..scoring.seeds_examples import EXAMPLES

    files = write_tables(out_dir, lang)
    if as_json:
        emit_json({
            "examples": [
                {
                    "example": ex.number,
                    "label": ex.label,
                    "board": ex.board,
                    "vulnerability": str(ex.vulnerability),
                    "result": str(ex.result),
                    "result_text": ex.result_text,
                    "scoring_side": str(ex.scoring_side()),
                    "total": ex.breakdown().total,
                    "formula": ex.breakdown().formula(),
                    "seed_total": ex.total,
                    "seed_expression": ex.expression,
                    "agrees": ex.breakdown().total == ex.total
                    and ex.scoring_side().name_in("zh") == ex.side_text,
                }
                for ex in EXAMPLES
            ],
            "directory": str(Path(out_dir)),
            "files": [str(f) for f in files],
        })
        return
    click.echo(pick(lang, "The sixteen worked examples of the scoring lecture (seed 003):",
                    "记分讲座的十六个例题（种子文档 003）："))
    for ex in EXAMPLES:
        click.echo(ex.line(lang))
        bd = ex.breakdown()
        if bd.total != ex.total or ex.scoring_side().name_in("zh") != ex.side_text:
            click.echo(pick(lang, f"    the seed says {ex.side_text} {ex.total}",
                            f"    原文为 {ex.side_text}得 {ex.total}分"))
        elif not _same(ex.expression, bd.formula()):
            click.echo(pick(lang, f"    (the seed writes {ex.expression})",
                            f"    （原文写作 {ex.expression}）"))
    click.echo("")
    click.echo(pick(lang, f"Tables written to {Path(out_dir)}:", f"各表已写入 {Path(out_dir)}："))
    for f in files:
        click.echo(f"  {f}")
