"""Home and teaching commands: ``rubber``, ``chicago``, ``handicap`` (贴点), ``sacrifice``,
``quiz``.  Each is a thin layer over :mod:`bridgescore.home`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ..core.errors import BridgeError, FileFormatError, NotationError
from ..core.i18n import Lang, is_zh, pick, plural, signed
from ..core.seat import Seat, Side
from ._common import emit_json, json_option, lang_option
from ._params import Whole, argument, command, option

# Tokens such as "-2" must reach the RESULT argument instead of being read as options.
_PASS_THROUGH = {"ignore_unknown_options": True}


def _read_lines(path: str) -> list[tuple[int, str]]:
    """Non-blank lines of a results file with their numbers; ``#`` starts a comment."""
    from ..formats.textfile import read_text

    text = read_text(path, "results file", "结果文件")
    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            out.append((number, line))
    return out


def _write_html(path: str, html: str, lang: Lang) -> None:
    Path(path).write_text(html, encoding="utf-8")
    click.echo(f"已写入 {path}" if is_zh(lang) else f"wrote {path}", err=True)


def _explicit(ctx: click.Context, *names: str) -> bool:
    return any(ctx.get_parameter_source(n) is click.core.ParameterSource.COMMANDLINE
               for n in names)


# ---------------------------------------------------------------- rubber and Chicago

def _scorepad(ctx: click.Context, kind: str, fresh: Any, setting_names: tuple[str, ...],
              session_path: str | None, new: bool, results_file: str | None,
              html_out: str | None, as_json: bool, lang: Lang) -> None:
    from ..home.session import load_session, save_session
    from ..render.scorepad import render_html, render_text
    from .scorepad import PadSession, line_reader, run

    path = Path(session_path) if session_path else None
    interactive = results_file is None and not as_json and html_out is None
    if path is None and interactive:
        path = Path(f"bridgescore-{kind}.json")
    series = fresh
    resumed = False
    # An existing session is resumed (and a --file's results are added to it) unless --new.
    if path is not None and path.exists() and not new:
        loaded = load_session(path, kind)
        assert isinstance(loaded, type(fresh))
        if loaded.settings != fresh.settings and _explicit(ctx, *setting_names):
            raise BridgeError(
                f"{path} was started with other settings; leave the options out to resume it, "
                "or add --new to start afresh",
                f"{path} 是按另外的设置开始的：去掉这些选项即可继续，或加 --new 重新开始",
            )
        series = loaded
        resumed = True
    if results_file is not None:
        for number, line in _read_lines(results_file):
            try:
                series = series.add(line)
            except BridgeError as e:
                raise FileFormatError(e.en, e.zh, path=results_file, line=number) from None
        if path is not None:
            save_session(path, series)
    if not interactive:
        if html_out is not None:
            _write_html(html_out, render_html(series, lang), lang)
        if as_json:
            emit_json(series.to_json())
        elif html_out is None:
            click.echo(render_text(series, lang))
        return
    assert path is not None
    pad = PadSession(series, path, lang)
    pad.save()
    zh = is_zh(lang)
    if resumed:
        click.echo(f"从 {path} 继续：已有 {len(series.deals)} 副" if zh
                   else f"Resumed {path}: {plural(len(series.deals), 'deal', 'deals')} so far")
        click.echo(pad.status())
    else:
        click.echo(f"记分保存在 {path}（每输入一副即保存）" if zh
                   else f"Keeping the score in {path} (saved after every deal)")
    click.echo("输入 帮助（help）查看用法；撤销（undo）、显示（show）、退出（quit）。" if zh
               else "Type help for how to enter results; undo, show and quit as needed.")

    # Line editing and history as in a shell; the deals so far are the history to recall.
    read = line_reader(d.format("en") for d in series.deals)
    try:
        run(pad, read, click.echo, lambda m: click.echo(m, err=True))
    except KeyboardInterrupt:
        click.echo("")
        click.echo(f"记分已保存在 {path}" if zh else f"Session saved in {path}")
        raise click.Abort() from None


def _side(value: str) -> Side:
    return Side.parse(value)


_SCOREPAD_HELP = (
    "Without --file: an interactive scorepad; every line is a result in any notation the "
    "score command accepts (南打4H超1, 4SX W -2), optionally followed by honours "
    "(hon 100 N, 大牌奖分150我方); undo, show, help, quit.  Lines can be edited and recalled "
    "(arrow keys, history) as in a shell.  The session file is rewritten after every deal and "
    "resumed when the command starts again."
)
_SCOREPAD_HELP_ZH = (
    "不带 --file 时为交互式记分：每行输入一个结果，写法与 score 命令相同（南打4H超1、4SX W -2），"
    "可在行末加上大牌奖分（hon 100 N、大牌奖分150我方）；命令有 撤销（undo）、显示（show）、"
    "帮助（help）、退出（quit）。输入的行可以像在命令行里一样编辑和调出（方向键、历史记录）。"
    "每输入一副即重写记分文件，再次启动同一命令即从中断处继续。"
)


def _common_pad_options(f: Callable[..., Any]) -> Callable[..., Any]:
    # Applied bottom-up, so --help lists them top-down.
    f = option("--no-honours", is_flag=True, help="Do not score honours.", zh="不计大牌奖分。")(f)
    f = option("--we", default="NS", metavar="NS|EW", show_default=True,
               help="The partnership scored in the WE column.", zh="记在“我方”一栏的一方。")(f)
    f = option("--html", "html_out", metavar="FILE", help="Write the scorepad as HTML.",
               zh="将记分表写成 HTML 文件。")(f)
    f = option("--file", "results_file", metavar="FILE",
               help="Read results from FILE (one a line) and print the totals.",
               zh="从文件读取结果（每行一个）并打印合计。")(f)
    f = option("--new", is_flag=True, help="Start afresh even if the session file exists.",
               zh="即使记分文件已存在也重新开始。")(f)
    f = option("--session", "session_path", metavar="FILE",
               help="Session file to keep and resume (default bridgescore-KIND.json).",
               zh="保存并可继续的记分文件（默认 bridgescore-KIND.json）。")(f)
    return f


@command("rubber", help="Rubber bridge scorepad (盘式桥牌，十字记分法). " + _SCOREPAD_HELP,
         zh="盘式桥牌记分（十字记分法）。" + _SCOREPAD_HELP_ZH)
@_common_pad_options
@option("--unfinished-partscore", type=click.Choice(["100", "50", "0"]), default="100",
        show_default=True,
        help="Credit for the only part score when a rubber is left unfinished.",
        zh="一盘未打完时，唯一一方的部分分所计的奖分。")
@json_option
@lang_option
@click.pass_context
def rubber_cmd(ctx: click.Context, session_path: str | None, new: bool,
               results_file: str | None, html_out: str | None, we: str, no_honours: bool,
               unfinished_partscore: str, as_json: bool, lang: Lang) -> None:
    from ..home.rubber import RubberSeries, RubberSettings

    settings = RubberSettings(_side(we), int(unfinished_partscore), not no_honours)
    _scorepad(ctx, "rubber", RubberSeries((), settings),
              ("we", "no_honours", "unfinished_partscore"), session_path, new, results_file,
              html_out, as_json, lang)


@command("chicago", help="Chicago (four-deal bridge) scorepad. " + _SCOREPAD_HELP,
         zh="芝加哥记分（四副一轮）。" + _SCOREPAD_HELP_ZH)
@_common_pad_options
@option("--first-dealer", default="N", metavar="SEAT", show_default=True,
        help="Who deals the first of the four deals.", zh="四副中第一副的发牌人。")
@option("--vul-order", default="dealer", metavar="dealer|non-dealer", show_default=True,
        help="Which side is vulnerable on deals 2 and 3.",
        zh="第2、3副由哪一方有局（dealer 发牌方，non-dealer 非发牌方）。")
@option("--scoring", default="carry", metavar="carry|duplicate", show_default=True,
        help="carry: part scores carry forward (ACBL); duplicate: each deal as duplicate.",
        zh="carry：部分分累计到下一副（ACBL）；duplicate：每副按复式计分。")
@option("--fourth-deal-partscore", default=100, type=Whole(0), metavar="POINTS",
        show_default=True,
        help="Bonus for a part score on the fourth deal that does not complete a game.",
        zh="第四副做成而未成局的部分分定约所得的奖分。")
@json_option
@lang_option
@click.pass_context
def chicago_cmd(ctx: click.Context, session_path: str | None, new: bool,
                results_file: str | None, html_out: str | None, we: str, no_honours: bool,
                first_dealer: str, vul_order: str, scoring: str, fourth_deal_partscore: int,
                as_json: bool, lang: Lang) -> None:
    from ..home.chicago import ChicagoSeries, ChicagoSettings

    settings = ChicagoSettings(
        _side(we), Seat.parse(first_dealer), ChicagoSettings.parse_vulnerability(vul_order),
        not no_honours, ChicagoSettings.parse_scoring(scoring), fourth_deal_partscore,
    )
    _scorepad(ctx, "chicago", ChicagoSeries((), settings),
              ("we", "no_honours", "first_dealer", "vul_order", "scoring",
               "fourth_deal_partscore"), session_path, new, results_file, html_out, as_json,
              lang)


# ---------------------------------------------------------------- 贴点

@command("handicap", context_settings=_PASS_THROUGH,
         help="""HCP-handicap scoring: a deal's score corrected for the sides' high-card points.

    RESULT is a result in any notation (南打5D×宕2, 5DX S -2); give --board or --vul, and
    --hcp or --deal.  With --session the deal is added to a saved session.  A result the
    points make unlikely (13 tricks at notrump with 13 HCP) is scored only with
    --confirm-unlikely; a --file line is scored with a warning.""",
         zh="""贴点赛记分：按双方的大牌点修正一副牌的得分。

    结果（RESULT）可用任何写法（南打5D×宕2、5DX S -2）；请给出 --board 或 --vul，以及 --hcp 或 --deal。加 --session 时，这副牌记入保存的记分文件。按大牌点看不太可能的结果（13 点大牌打无将拿 13 墩）须加 --confirm-unlikely 才记分；--file 中这样的一行照记并给出警告。""")
@argument("result", nargs=-1, metavar="RESULT...", help="The deal's result.",
          zh="这副牌的结果。")
@option("--board", metavar="N", help="Board number (gives the vulnerability).",
        zh="牌副号（由此得出局况）。")
@option("--vul", metavar="V", help="Vulnerability when there is no board number.",
        zh="没有牌副号时的局况。")
@option("--hcp", metavar="H", help="North-South's points, 0-40 (or 'EW 18', '南北22').",
        zh="南北方的大牌点，0-40（或写 'EW 18'、'南北22'）。")
@option("--deal", "deal", metavar="PBN", help="The deal, to count the points from.",
        zh="牌例（PBN），由此数出大牌点。")
@option("--method", default="detailed", metavar="simple|detailed|table",
        show_default=True, help="The HCP-handicap method.",
        zh="贴点方法：simple 简易、detailed 详细、table 按贴点表。")
@option("--table-file", "table_file", metavar="FILE", aliases=("--table",),
        help="A club's compensation table (JSON or CSV) for --method table.",
        zh="俱乐部的贴点表（JSON 或 CSV），用于 --method table。")
@option("--imp-scale", "scale", default="wbf", metavar="NAME", show_default=True,
        aliases=("--scale",), help="IMP scale.", zh="IMP 表。")
@option("--session", "session_path", metavar="FILE",
        help="Add the deal to this session file and show the running totals.",
        zh="将这副牌记入此记分文件，并显示累计。")
@option("--undo", is_flag=True, help="Remove the last deal of the session.",
        zh="撤销记分文件中的最后一副。")
@option("--file", "deals_file", metavar="FILE",
        help="Deals from FILE, one a line: 'board | result | points'.",
        zh="从文件读取各副牌，每行一副：'牌号 | 结果 | 大牌点'。")
@option("--html", "html_out", metavar="FILE", help="Write the session as HTML.",
        zh="将记分表写成 HTML 文件。")
@option("--confirm-unlikely", "confirm_unlikely", is_flag=True,
        help="Score RESULT although the points make it unlikely (the cards can allow it, "
        "e.g. 13 tricks at notrump with 13 HCP); the warning is still shown.",
        zh="即使按大牌点看不太可能，也照记这个结果（牌张可能允许，如 13 点大牌打无将拿 13 墩）；"
        "仍会显示警告。")
@json_option
@lang_option
@click.pass_context
def handicap_cmd(ctx: click.Context, result: tuple[str, ...], board: str | None,
                 vul: str | None, hcp: str | None, deal: str | None, method: str,
                 table_file: str | None, scale: str, session_path: str | None, undo: bool,
                 deals_file: str | None, html_out: str | None, confirm_unlikely: bool,
                 as_json: bool, lang: Lang) -> None:
    from ..core.board import Board
    from ..core.result import Result
    from ..core.vulnerability import Vulnerability
    from ..home.compensation import DEFAULT_TABLE, load_compensation_table
    from ..home.handicap import HandicapDeal, HandicapSession, Method, score_deal
    from ..home.hcp import parse_hcp, side_hcp
    from ..home.session import load_session, save_session
    from ..render.scorepad import render_handicap_html, render_handicap_text

    zh = is_zh(lang)
    m = Method.parse(method)
    table = load_compensation_table(table_file) if table_file else DEFAULT_TABLE
    path = Path(session_path) if session_path else None
    session = HandicapSession((), m, table, scale)
    if path is not None and not path.exists() and not result and deals_file is None:
        # Nothing would be added: the name is most likely mistyped.
        raise FileFormatError(
            "no such session file; to start one, score a deal (RESULT or --file) with --session",
            "没有这个记分文件；要新建，请给出一副牌的结果（或 --file）并加 --session",
            path=str(path),
        )
    if path is not None and path.exists():
        loaded = load_session(path, "handicap")
        assert isinstance(loaded, HandicapSession)
        if _explicit(ctx, "method", "table_file", "scale") and (
                loaded.method is not session.method or loaded.scale != session.scale
                or (table_file and loaded.table != table)):
            raise BridgeError(
                f"{path} is scored with the {loaded.method.value} method; leave out --method, "
                "--table-file and --imp-scale to add to it",
                f"{path} 用的是{loaded.method.name_in('zh')}：去掉 --method、--table-file、--imp-scale 即可续记",
            )
        session = loaded
    if undo:
        if path is None:
            raise BridgeError("--undo needs --session FILE", "--undo 需要 --session 文件")
        if not session.deals:
            raise BridgeError(f"{path} has no deal to undo", f"{path} 中没有可以撤销的牌")
        removed = session.deals[-1]
        session = session.undo()
        save_session(path, session)
        click.echo(f"已撤销：{removed}" if zh else f"Undone: {removed}", err=True)
    # A file records deals that were played: an unlikely line is scored, and said, rather than
    # stopping the file (the warnings wait until every line is read: a bad line prints only
    # its error).
    warnings: list[str] = []
    if deals_file is not None:
        for number, line in _read_lines(deals_file):
            try:
                session = session.add(line)
            except BridgeError as e:
                raise FileFormatError(e.en, e.zh, path=deals_file, line=number) from None
            found = session.deals[-1].unlikely()
            if found is not None:
                warnings.append(pick(lang, f"warning: {deals_file}:{number}: {found.en}; scored "
                                     "as entered",
                                     f"警告：{deals_file}:{number}：{found.zh}；已按输入记分"))
    single = None
    if result:
        text = " ".join(result)
        if board is None and vul is None:
            raise NotationError("give --board N or --vul V for the deal's vulnerability",
                                "请用 --board 给出牌号，或用 --vul 给出局况")
        if (hcp is None) == (deal is None):
            raise NotationError("give the points with either --hcp or --deal",
                                "请用 --hcp 或 --deal 之一给出大牌点")
        ns_hcp = side_hcp(deal, Side.NS) if deal is not None else parse_hcp(str(hcp))
        if board is not None:
            b = Board.parse(board)
            if vul is not None and Vulnerability.parse(vul) is not b.vulnerability:
                raise NotationError(
                    f"--vul {vul!r} contradicts board {b.number} ({b.vulnerability}); give one",
                    f"--vul {vul!r} 与第{b.number}副的局况（{b.vulnerability.name_in('zh')}）不符",
                )
            single = HandicapDeal.for_board(b, text, ns_hcp)
        else:
            assert vul is not None
            single = HandicapDeal(Result.parse(text), Vulnerability.parse(vul), ns_hcp)
        found = single.unlikely()
        if found is not None and not confirm_unlikely:
            raise _unlikely_error(found.en, found.zh, text, hcp)
        if found is not None:
            warnings.append(pick(lang, f"warning: {found.en}; scored as entered "
                                 "(--confirm-unlikely)",
                                 f"警告：{found.zh}；已按输入记分（--confirm-unlikely）"))
        session = session.add(single)
    elif board or vul or hcp or deal:
        raise NotationError("the deal's RESULT is missing (e.g. 南打5D×宕2)",
                            "缺少这副牌的结果（如 南打5D×宕2）")
    if path is not None and (single is not None or deals_file is not None):
        save_session(path, session)
    if html_out is not None:
        _write_html(html_out, render_handicap_html(session, lang), lang)
    if not as_json:
        # With --json the deals carry their warnings ("unlikely"); stderr stays for errors.
        for warning in warnings:
            click.echo(warning, err=True)
    if single is not None and single.implausible() and single.unlikely() is None \
            and not as_json:
        r = single.result
        points = single.hcp(r.declarer.side) if r.declarer is not None else 0
        side = r.declarer.side if r.declarer is not None else Side.NS
        click.echo(pick(lang, f"note: {side.name_in('en')} made {r.contract} with only {points} "
                        "HCP; --hcp gives North-South's points ('EW 18' for East-West's)",
                        f"注意：{side.name_in('zh')}只有 {points} 点大牌却做成了 "
                        f"{r.contract.format('zh')}；--hcp 为南北方的点数（东西方请写 'EW 18'）"),
                   err=True)
    if single is not None and deals_file is None and path is None:
        scored = score_deal(single, m, table=table, scale=scale)
        if as_json:
            # A deal outside a session has no running totals (null), as a session's deal has.
            emit_json({**scored.to_json(), "running": None})
        elif html_out is None:
            click.echo(scored.explain(lang))
        return
    if not session.deals and not undo and path is None:
        raise BridgeError("give a RESULT, --file or --session (bridgescore handicap --help)",
                          "请给出结果、--file 或 --session（bridgescore handicap --help）")
    if as_json:
        emit_json(session.to_json())
    elif html_out is None:
        if single is not None:
            click.echo(session.scores[-1].explain(lang))
        else:
            for s in session.scores:
                click.echo(s.explain(lang))
        click.echo(render_handicap_text(session, lang))


def _unlikely_error(why_en: str, why_zh: str, text: str, hcp: str | None) -> BridgeError:
    """The refusal of an unlikely RESULT without --confirm-unlikely: why, what was entered,
    and how to score it anyway."""
    from ..core.errors import UnlikelyResultError

    given_en = f"--hcp {hcp!r}" if hcp is not None else "the points of --deal"
    given_zh = f"--hcp {hcp!r}" if hcp is not None else "--deal 的大牌点"
    # A bare number is the likeliest slip: East-West's points given as North-South's.  The
    # quoted values stay close together: BridgeError shortens any text of 120 characters or
    # more between two apostrophes as if it were one quoted value.
    swap_en = swap_zh = ""
    if hcp is not None and hcp.strip().isdigit():
        swap_en = f" (for East-West holding {hcp.strip()}: --hcp 'EW {hcp.strip()}')"
        swap_zh = f"（若是东西方 {hcp.strip()} 点：--hcp 'EW {hcp.strip()}'）"
    return UnlikelyResultError(
        f"{why_en}. Entered: {text!r} with {given_en}{swap_en}; nothing was scored. If that "
        "is what happened, run it again with --confirm-unlikely",
        f"{why_zh}。输入的是：{text!r}，{given_zh}{swap_zh}；未记分。如果确实如此，请加 "
        "--confirm-unlikely 再运行一次",
    )


# ---------------------------------------------------------------- sacrifice

@command("sacrifice", help="""Is the sacrifice worth it?

    THEIRS is their contract, making exactly unless written 4S+1 or 4S-1; OURS is our
    sacrifice, usually doubled (5CX).  Example: sacrifice 4S 5CX --down 3 --vul they""",
         zh="""牺牲叫是否合算。

    THEIRS 为对方的定约，除非写作 4S+1 或 4S-1，否则按正好完成计；OURS 为我方的牺牲定约，通常被加倍（5CX）。例如：sacrifice 4S 5CX --down 3 --vul they""")
@argument("theirs", metavar="THEIRS", help="Their contract (4S, 4S+1).",
          zh="对方的定约（4S、4S+1）。")
@argument("ours", metavar="OURS", help="Our sacrifice (5CX).", zh="我方的牺牲定约（5CX）。")
@option("--down", type=Whole(1), metavar="N", help="How many down our sacrifice goes.",
        zh="我方牺牲定约宕几墩。")
@option("--vul", default="none", metavar="none|we|they|both", show_default=True,
        help="Who is vulnerable (双无/我方有局/对方有局/双有).",
        zh="局况：none 双无、we 我方有局、they 对方有局、both 双有。")
@option("--imp-scale", "scale", default="wbf", metavar="NAME", show_default=True,
        aliases=("--scale",), help="IMP scale.", zh="IMP 表。")
@json_option
@lang_option
def sacrifice_cmd(theirs: str, ours: str, down: int | None, vul: str, scale: str,
                  as_json: bool, lang: Lang) -> None:
    from ..core.contract import Contract
    from ..home.sacrifice import parse_their_contract, parse_vulnerabilities, sacrifice

    their_c, tricks = parse_their_contract(theirs)
    our_c = Contract.parse(ours)
    we_v, they_v = parse_vulnerabilities(vul)
    shown = down
    if shown is None:
        probe = sacrifice(their_c, our_c, 1, we_vulnerable=we_v, they_vulnerable=they_v,
                          their_tricks=tricks, scale=scale)
        shown = probe.break_even or 1
    s = sacrifice(their_c, our_c, shown, we_vulnerable=we_v, they_vulnerable=they_v,
                  their_tricks=tricks, scale=scale)
    if as_json:
        emit_json(s.to_json())
        return
    from ..render.scorepad import rjust

    click.echo(s.explain(lang))
    zh = is_zh(lang)
    head = ("宕墩", "罚分", "得失", "IMP") if zh else ("down", "cost", "saving", "IMPs")
    click.echo(" ".join(rjust(h, w) for h, w in zip(head, (6, 7, 8, 5), strict=True)))
    for o in s.options[: max(7, s.break_even + 1)]:
        mark = " ←" if o.down == shown else ""
        click.echo(f"{o.down:>6} {o.cost:>7} {signed(o.saving):>8} {signed(o.imps):>5}{mark}")


# ---------------------------------------------------------------- quiz

@command("quiz", help="""Scoring practice: random results to score, checked with the breakdown.

    Answer with the declaring side's score (negative when down); 'skip' shows the answer,
    'quit' stops.  With --json the questions and answers are printed instead.""",
         zh="""计分练习：随机给出结果让你计分，并用算式核对。

    请回答定约方的得分（宕时为负数）；输入 跳过（skip）看答案，退出（quit）结束。加 --json 时改为打印题目和答案。""")
@option("--count", default=5, type=Whole(1), show_default=True, metavar="N",
        help="Number of questions.", zh="题数。")
@option("--seed", type=Whole(), metavar="N",
        help="Random seed (the same seed asks the same questions).",
        zh="随机种子（相同的种子出相同的题）。")
@option("--exercises", is_flag=True, help="Show the seeds' exercises (练习二), answered.",
        zh="显示种子文档的练习二及答案。")
@json_option
@lang_option
def quiz_cmd(count: int, seed: int | None, exercises: bool, as_json: bool, lang: Lang) -> None:
    from ..home.quiz import exercises as seed_exercises
    from ..home.quiz import parse_answer, questions

    zh = is_zh(lang)
    if exercises:
        items = seed_exercises()
        if as_json:
            emit_json([e.to_json() for e in items])
            return
        title = "练习二（答案由程序算出）" if zh else "Exercise 2 of the seeds, answered by the program"
        click.echo(title)
        for e in items:
            click.echo(f"{e.number}. {e.question(lang)}")
            click.echo(f"   {e.answer(lang)}")
        return
    qs = questions(count, seed)
    if as_json:
        emit_json([q.to_json() for q in qs])
        return
    from .scorepad import line_reader

    read = line_reader()
    right = asked = 0
    for i, q in enumerate(qs, 1):
        click.echo(f"{i}/{len(qs)}  {q.text(lang)}")
        while True:
            try:
                answer = read("> ")
            except EOFError:
                answer = "quit"
            key = answer.strip().lower()
            if key in ("quit", "q", "exit", "退出"):
                _quiz_summary(right, asked, zh)
                return
            if key in ("skip", "s", "跳过", "?"):
                asked += 1
                formula = q.breakdown().formula()
                click.echo(f"   答案：{q.answer}（{formula}）" if zh
                           else f"   Answer: {q.answer} ({formula})")
                break
            try:
                check = q.check(parse_answer(answer))
            except BridgeError as e:
                click.echo(("错误：" if zh else "error: ") + e.message(lang), err=True)
                continue
            asked += 1
            right += check.correct
            click.echo("   " + check.message(lang))
            break
    _quiz_summary(right, asked, zh)


def _quiz_summary(right: int, asked: int, zh: bool) -> None:
    click.echo(f"答对 {right}/{asked} 题。" if zh else f"{right} of {asked} right.")

