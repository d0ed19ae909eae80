"""``bridgescore pairs``, ``bridgescore teams`` and ``bridgescore event-demo``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..core.errors import BridgeError, FileFormatError
from ..core.figures import fixed
from ..core.i18n import Lang, is_zh, pick, signed
from ..core.text import display_width
from ._common import emit_json, json_option, lang_option, out_dir_option, output_option
from ._json import (
    compare_json,
    fnum,
    match_result_json,
    pairs_session_json,
    standing_json,
    team_match_json,
)
from ._params import ByeVp, Drop, Number, argument, command, option

if TYPE_CHECKING:
    from fractions import Fraction

    from ..sessions.files.any_format import ResultsFile
    from ..sessions.files.compare import Carried
    from ..sessions.model import Session, TeamMatch
    from ..sessions.scores import SessionScores
    from ..sessions.team_events import Standing
    from ..sessions.team_results import TeamEvent
    from ..sessions.teams import MatchScore

__all__ = ["event_demo_cmd", "load_results", "pairs_cmd", "teams_cmd"]


def _load(path: str, encoding: str | None = None) -> ResultsFile:
    """The session or match in a results file, and the scores the file carries."""
    from ..sessions.files.any_format import read_results

    return read_results(path, encoding=encoding)


def load_results(path: str, encoding: str | None = None) -> Session | TeamMatch:
    """Read a results file: USEBIO XML, PBN or CSV, told apart by content."""
    return _load(path, encoding).item


def _write(item: SessionScores | MatchScore, path: str, lang: Lang) -> None:
    """Write scored results in the format the file name says (.xml, .pbn or .csv)."""
    from ..sessions.files.any_format import format_for_path, write_results

    try:
        kind = format_for_path(path)
    except BridgeError:
        raise BridgeError(f"--output {path}: expected a file name ending in .xml (USEBIO), .pbn "
                          "or .csv", f"--output {path}：文件名应以 .xml（USEBIO）、.pbn 或 .csv 结尾"
                          ) from None
    write_results(item, path, format=kind)


encoding_option = option(
    "--encoding", "encoding", default=None, metavar="NAME",
    help="The results files' encoding (utf-8, gb18030, big5, latin-1, utf-16 …).  "
    "[default: told from the file]",
    zh="结果文件的编码（utf-8、gb18030、big5、latin-1、utf-16 等）。[默认：由文件判断]")


_width = display_width


def _table(rows: list[list[str]], right: set[int]) -> list[str]:
    """Rows padded to line up in a terminal (display width, so 长城队 lines up with ABC);
    the columns in ``right`` are right-aligned."""
    widths = [max(_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = []
        for i, (cell, w) in enumerate(zip(r, widths, strict=True)):
            pad = " " * (w - _width(cell))
            cells.append(pad + cell if i in right else cell + pad)
        out.append("  ".join(cells).rstrip())
    return out


def _fmt(x: float | None) -> str:
    if x is None:
        return ""
    return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


_SHARE = ("a share from 0 to 1, such as 1/3 or 0.5", " 0 到 1 之间的比例，如 1/3 或 0.5")

_SCORING_NAMES = {"mp": ("matchpoints", "比赛分"), "ximp": ("cross-IMPs", "交叉 IMP"),
                  "butler": ("Butler IMPs", "巴特勒 IMP"),
                  "online": ("online datum IMPs", "网上复式 IMP"),
                  "total": ("total points", "总分制")}


@command("pairs", help="""Score a pairs session from a results file (USEBIO XML, CSV or PBN).

    \b
    bridgescore pairs results.csv --scoring mp --out pages/
    bridgescore pairs results.xml --compare""",
         zh="""按结果文件（USEBIO XML、CSV 或 PBN）计算双人赛成绩。

    \b
    bridgescore pairs results.csv --scoring mp --out pages/
    bridgescore pairs results.xml --compare""")
@argument("file", type=click.Path(exists=True, dir_okay=False), metavar="FILE",
          help="The results file.", zh="结果文件。")
@option("--scoring", type=click.Choice(["mp", "ximp", "butler", "online", "total"]),
        default=None, help="Matchpoints, cross-IMPs, Butler, the online datum scoring of "
        "the seeds, or total points.  [default: what the file says, else mp]",
        zh="记分方法：mp 比赛分、ximp 交叉 IMP、butler 巴特勒、online 网上复式（种子文档的基准分"
        "记分）、total 总分。[默认：文件中所写，否则为 mp]")
@option("--mp-scale", "mp_scale", type=click.Choice(["2/1/0", "1/0.5/0"]), default="2/1/0",
        show_default=True, aliases=("--scale",), help="Matchpoint scale.",
        zh="比赛分的计分方式（胜/平/负）。")
@option("--factoring", type=click.Choice(["neuberg", "session", "none"]), default="neuberg",
        show_default=True, help="Boards with fewer results (matchpoints).",
        zh="结果数较少的牌副如何折算（比赛分）。")
@option("--form", type=click.Choice(["sum", "average", "factored"]), default="average",
        show_default=True, help="Cross-IMP total.", zh="交叉 IMP 的合计方式。")
@option("--drop", type=Drop(), default="auto", show_default=True, metavar="auto|N|SHARE",
        help="Butler: scores dropped from each end (auto, a number, or a fraction like 0.1).",
        zh="巴特勒：两端各去掉的成绩个数（auto、整数，或比例如 0.1）。")
@option("--rounding", type=click.Choice(["away", "even", "up"]), default="away",
        show_default=True,
        help="Butler and online: a datum ending in 5 is rounded away from zero (as "
        "Compscore: -295 -> -300), to even (as ACBLscore: 425 -> 420) or up (-295 -> -290).",
        zh="巴特勒和网上复式：基准分末位为 5 时的取整：away 远离零（同 Compscore：-295 → -300）、"
        "even 取偶（同 ACBLscore：425 → 420）或 up 向上（-295 → -290）。")
@option("--ranking", type=click.Choice(["shared", "swiss"]), default="shared",
        show_default=True, help="Ties share a place, or the Swiss-pairs rule of the seeds.",
        zh="同分时并列名次（shared），或按种子文档的瑞士移位规则（swiss）。")
@option("--completion", type=Number(0, 1, expected=_SHARE), default=0.0, show_default=True,
        metavar="SHARE",
        help="Share of the boards a pair must complete to be ranked (e.g. 0.6).",
        zh="排名所需完成的牌副比例（如 0.6）。")
@option("--compare", "do_compare", is_flag=True,
        help="Compare the scores the file carries (USEBIO or PBN) with ours: list every "
        "disagreement; exit status 1 if there is any.",
        zh="将文件中已有的分数（USEBIO 或 PBN）与我们的计算比较：列出每一处不同；有不同时退出码为 1。")
@out_dir_option("Write the results pages (HTML) into this directory.",
                "将成绩网页（HTML）写入此目录。", aliases=("--html",))
@output_option("Also write the scored session to this file (.xml USEBIO, .pbn or .csv).",
               "同时将计分后的比赛写入此文件（.xml 为 USEBIO、.pbn 或 .csv）。")
@encoding_option
@json_option
@lang_option
def pairs_cmd(file: str, scoring: str | None, mp_scale: str, factoring: str, form: str,
              drop: str | int | float, rounding: str, ranking: str, completion: float,
              do_compare: bool,
              out_dir: str | None, output: str | None, encoding: str | None, as_json: bool,
              lang: Lang) -> None:
    from ..sessions.imp_pairs import score_session
    from ..sessions.model import Session

    loaded = _load(file, encoding)
    item, carried = loaded.item, loaded.carried
    if not isinstance(item, Session):
        raise FileFormatError("this file holds a team match: use 'bridgescore teams'",
                              "该文件是队式赛结果：请用 'bridgescore teams'", path=file)
    if do_compare and (carried is None or carried.empty):
        raise FileFormatError(
            "--compare: this file carries no scores to compare (expected a USEBIO or PBN file "
            "with matchpoints or IMPs on its traveller lines, or places and totals)",
            "--compare：该文件没有可比较的分数（应为在结果行上带有比赛分或 IMP、或带有名次和总分的 "
            "USEBIO 或 PBN 文件）", path=file)
    if do_compare and scoring is None and carried is not None and carried.scoring is None \
            and carried.imps:
        raise BridgeError("--compare: the file carries IMPs but does not say how they were "
                          "scored: give --scoring ximp, butler or online",
                          "--compare：文件中是 IMP，但未说明记分方法：请给出 --scoring ximp、butler "
                          "或 online")
    scoring = scoring or (carried.scoring if carried is not None else None) or "mp"
    scores = score_session(
        item, scoring, mp_scale=mp_scale, factoring=factoring, form=form, drop=drop,
        rounding=rounding, ranking=ranking, completion=completion)
    if output is not None:
        _write(scores, output, lang)
    if out_dir is not None:
        from ..render.session_pages import write_pairs_pages

        index = write_pairs_pages(scores, Path(out_dir), lang=lang)
        if not as_json:
            click.echo(pick(lang, f"results pages written: {index}", f"成绩页面已写入：{index}"))
    if do_compare:
        assert carried is not None
        _compare(file, item, carried, scores, as_json, lang)
        return
    if as_json:
        emit_json(pairs_session_json(scores))
        return
    if out_dir is None:
        _print_pairs(scores, lang)


def _compare(file: str, session: Session, carried: Carried, scores: SessionScores,
             as_json: bool, lang: Lang) -> None:
    from ..sessions.files.compare import compare

    result = compare(carried, scores)

    def show(pid: str) -> str:
        # EW pair "2EW" is "2" in a file that numbers both directions from 1.
        return pid[:-2] if pid.endswith("EW") and pid[:-2] in session.pairs else pid

    if as_json:
        emit_json(compare_json(file, scores.scoring, result))
    else:
        en, zh = _SCORING_NAMES[scores.scoring]
        click.echo(pick(lang, f"{file}: the file's scores against ours ({en})",
                        f"{file}：文件中的分数与我们的计算（{zh}）比较"))
        for d in result.differences:
            click.echo("  " + d.text(lang, show))
        click.echo(result.summary(lang))
    if not result.agree:
        # Like diff(1): 0 when all agree, 1 when they differ, 2 for bad input.
        raise click.exceptions.Exit(1)


def _print_pairs(scores: SessionScores, lang: Lang) -> None:
    session = scores.session
    en, zh = _SCORING_NAMES[scores.scoring]
    name = session.name if session is not None and session.name else ""
    click.echo(f"{name}{' — ' if name else ''}{pick(lang, en, zh)}")
    # One number format per column: two decimals as soon as any total needs them.
    whole = all(round(p.total, 2) == int(p.total) for p in scores.pairs)
    # Columns shown only when they say something: names when the file gives any, the
    # percentage only for matchpoints (IMP and total scorings have none).
    named = any(scores.names(p.pair) for p in scores.pairs)
    pcts = any(p.percentage is not None for p in scores.pairs)
    sep = " – " if not is_zh(lang) else "、"
    fields: list[tuple[object, list[list[str]]]] = []
    for p in scores.pairs:
        if not fields or fields[-1][0] != p.direction:
            fields.append((p.direction, []))
        total = _fmt(p.total) if whole else fixed(p.total)
        row = [p.place or "-", p.pair]
        if named:
            row.append(sep.join(scores.names(p.pair)))
        row.append(total)
        if pcts:
            row.append("" if p.percentage is None else fixed(p.percentage))
        fields[-1][1].append([*row, str(p.boards)])
    for direction, rows in fields:
        from ..core.seat import Side

        title = (pick(lang, "Ranking", "排名") if not isinstance(direction, Side) else
                 pick(lang, f"{direction.name} ranking", f"{direction.name_in('zh')}排名"))
        click.echo(f"\n{title}")
        head = [pick(lang, "place", "名次"), pick(lang, "pair", "对号")]
        if named:
            head.append(pick(lang, "players", "牌手"))
        head.append(pick(lang, "total", "总分"))
        if pcts:
            head.append("%")
        head.append(pick(lang, "boards", "副数"))
        first = 3 if named else 2
        for line in _table([head, *rows], set(range(first, len(head)))):
            click.echo(line)


# ---------------------------------------------------------------------------- teams
@command("teams", help="""Score a team match, or a team event's standings.

    One match file (CSV with a room column, USEBIO or PBN): IMPs per board, running totals and
    VPs.  Several match files, or a match-results list (a CSV file with the header
    round,home,away,home_imps,away_imps,boards): standings by VPs with tie-breaks.  With
    --knockout: the segments of a knockout match with its carry-over.

    \b
    bridgescore teams match.csv --out pages/
    bridgescore teams results.csv --bye-vp average
    bridgescore teams seg1.csv seg2.csv seg3.csv --knockout
    bridgescore teams a.csv b.csv --knockout --carry-from 24 --carry-fraction 1/3""",
         zh="""队式赛计分：一场比赛，或整个队式赛的名次。

    一个比赛文件（带 room 列的 CSV、USEBIO 或 PBN）：每副牌的 IMP、累计分和 VP。多个比赛文件，或一个赛果表（表头为 round,home,away,home_imps,away_imps,boards 的 CSV 文件）：按 VP 排名次，并按破同分规则排序。加 --knockout：一场淘汰赛的各节及其结转分。

    \b
    bridgescore teams match.csv --out pages/
    bridgescore teams results.csv --bye-vp average
    bridgescore teams seg1.csv seg2.csv seg3.csv --knockout
    bridgescore teams a.csv b.csv --knockout --carry-from 24 --carry-fraction 1/3""")
@argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False),
          metavar="FILE...", help="Match files or match-results lists.",
          zh="比赛文件或赛果表。")
@option("--scoring", type=click.Choice(["imps", "bam", "aggregate"]), default="imps",
        show_default=True, help="A match: IMPs, board-a-match or aggregate points.",
        zh="单场比赛的记分法：imps（IMP）、bam（计胜负副数）或 aggregate（总分制）。")
@option("--vp-scale", default="wbf", show_default=True, metavar="NAME",
        help="VP scale: wbf, wbf-whole, acbl-20, acbl-30.",
        zh="VP 表：wbf、wbf-whole、acbl-20、acbl-30。")
@option("--bye-vp", type=ByeVp(), default="12", show_default=True, metavar="VP|average",
        help="Standings: VPs for a bye (a number, or 'average' for the team's own average).",
        zh="名次表：轮空所得的 VP（一个数，或 average 表示该队自己的平均分）。")
@option("--tie-break", "tie_break", default="quotient,head_to_head", show_default=True,
        metavar="LIST",
        help="Standings: tie-breaks in order (quotient = IMP quotient, head_to_head).",
        zh="名次表：依次使用的破同分规则（quotient 为 IMP 商，head_to_head 为相互间比赛）。")
@option("--knockout", is_flag=True,
        help="The files are the segments of one knockout match: total them with the "
        "first file's carry-over.",
        zh="这些文件是一场淘汰赛的各节：连同第一个文件的结转分一起合计。")
@option("--carry-from", "carry_from", type=Number(fraction=True, as_float=False), default=None,
        metavar="IMPS",
        help="--knockout: the earlier margin in IMPs the carry-over comes from (positive: "
        "won by the first file's home team).",
        zh="--knockout：结转分所依据的此前的 IMP 差（正数：第一个文件的主队领先）。")
@option("--carry-fraction", "carry_fraction",
        type=Number(0, 1, fraction=True, as_float=False, expected=_SHARE),
        default="1/3", show_default=True, metavar="SHARE",
        help="--knockout: the share of --carry-from carried over (1/3, 0.5 …).",
        zh="--knockout：--carry-from 中结转的比例（1/3、0.5 等）。")
@option("--carry-cap", "carry_cap", type=Number(0, fraction=True, as_float=False), default=None,
        metavar="IMPS", help="--knockout: the most IMPs carried over.",
        zh="--knockout：结转的 IMP 上限。")
@option("--carry-step", "carry_step", type=Number(fraction=True, as_float=False), default=None,
        metavar="IMPS", help="--knockout: round the carry-over to this step (e.g. 0.5).",
        zh="--knockout：结转分按此单位取整（如 0.5）。")
@option("--imp-scale", default="wbf", show_default=True, metavar="NAME",
        help="IMP scale: wbf (Law 78B) or ebl-1960.", zh="IMP 表：wbf（第78B条）或 ebl-1960。")
@option("--avg-plus", "avg_plus", type=Number(0), default=3.0, show_default=True, metavar="IMPS",
        help="IMPs for Average-plus (Law 86A).", zh="平均加（第86A条）所得的 IMP。")
@option("--avg-minus", "avg_minus", type=Number(maximum=0), default=-3.0, show_default=True,
        metavar="IMPS", help="IMPs for Average-minus (Law 86A).",
        zh="平均减（第86A条）所得的 IMP。")
@out_dir_option("Write the match pages and printable scoresheet (or the standings page) here.",
                "将比赛网页和可打印的记分表（或名次表页面）写入此目录。", aliases=("--html",))
@output_option("A match: also write it, scored, to this file (.xml USEBIO, .pbn or .csv).",
               "单场比赛：同时将计分后的比赛写入此文件（.xml 为 USEBIO、.pbn 或 .csv）。")
@encoding_option
@json_option
@lang_option
def teams_cmd(files: tuple[str, ...], scoring: str, vp_scale: str, bye_vp: float | str,
              tie_break: str, knockout: bool, carry_from: Fraction | None,
              carry_fraction: Fraction, carry_cap: Fraction | None, carry_step: Fraction | None,
              imp_scale: str, avg_plus: float, avg_minus: float, out_dir: str | None,
              output: str | None, encoding: str | None, as_json: bool, lang: Lang) -> None:
    from ..sessions.model import TeamMatch
    from ..sessions.team_results import is_match_list
    from ..sessions.team_results import loads as load_list
    from ..sessions.teams import MatchSettings

    settings = MatchSettings(scoring=scoring, vp_scale=vp_scale,  # type: ignore[arg-type]
                             imp_scale=imp_scale, avg_plus=avg_plus, avg_minus=avg_minus)
    carry = None
    if carry_from is not None:
        if not knockout:
            raise BridgeError("--carry-from is for a knockout match: add --knockout",
                              "--carry-from 用于淘汰赛：请加上 --knockout")
        from ..sessions.team_events import carry_over

        if carry_step is not None and carry_step <= 0:
            raise BridgeError(f"--carry-step {_fmt(float(carry_step))}: expected a positive "
                              "number such as 0.5",
                              f"--carry-step {_fmt(float(carry_step))}：应为正数，如 0.5")
        carry = carry_over(carry_from, carry_fraction, carry_cap, carry_step)
    elif carry_cap is not None or carry_step is not None:
        raise BridgeError("--carry-cap and --carry-step need --carry-from",
                          "--carry-cap 和 --carry-step 需要与 --carry-from 一起使用")
    matches: list[tuple[str, TeamMatch]] = []
    lists: list[tuple[str, TeamEvent]] = []
    from ..sessions.files.any_format import detect_format, parse_results, read_results_text

    for f in files:
        text = read_results_text(f, encoding=encoding).text
        if detect_format(text, f) == "csv" and is_match_list(text):
            lists.append((f, load_list(text, source=f)))
            continue
        item = parse_results(text, source=f).item
        if not isinstance(item, TeamMatch):
            raise FileFormatError("this file holds a pairs session: use 'bridgescore pairs'",
                                  "该文件是双人赛结果：请用 'bridgescore pairs'", path=f)
        matches.append((f, item))
    if knockout:
        if lists:
            raise BridgeError("--knockout takes match files (one per segment), not a results list",
                              "--knockout 需要比赛文件（每节一个），而不是赛果表")
        _knockout([m for _, m in matches], settings, as_json, lang, carry)
        return
    if len(matches) == 1 and not lists:
        _one_match(matches[0][1], settings, out_dir, output, as_json, lang)
        return
    if output is not None:
        raise BridgeError("--output writes one match; standings are printed, or written with "
                          "--out", "--output 只能写出一场比赛；名次表请直接打印或用 --out 写出")
    _standings(matches, lists, settings, bye_vp, tie_break, out_dir, as_json, lang)


def _one_match(item: TeamMatch, settings: object, html_dir: str | None, output: str | None,
               as_json: bool, lang: Lang) -> None:
    from ..sessions.teams import MatchSettings, score_match

    assert isinstance(settings, MatchSettings)
    m = score_match(item, settings)
    if output is not None:
        _write(m, output, lang)
    if html_dir is not None:
        from ..render.session_pages import write_match_pages

        index = write_match_pages(m, Path(html_dir), lang=lang)
        if not as_json:
            click.echo(pick(lang, f"match pages written: {index}", f"比赛页面已写入：{index}"))
    if as_json:
        emit_json(team_match_json(m))
        return
    if html_dir is not None:
        return
    _print_match(m, lang)


def _print_match(m: MatchScore, lang: Lang) -> None:
    item = m.match
    home, away = item.home.label(lang), item.away.label(lang)
    click.echo(pick(lang, f"{home} (home) v {away} (away)", f"{home}（主队）对 {away}（客队）"))
    unit = {"imps": ("IMPs", "IMP"), "bam": ("board-a-match", "计胜负副数"),
            "aggregate": ("aggregate points", "总分制")}[m.scoring]
    if item.carry_over and m.scoring == "imps":
        click.echo(pick(lang, f"carry-over: {home} {_fmt(item.carry_over)}",
                        f"结转：{home} {_fmt(item.carry_over)}"))
    rows = [[pick(lang, "board", "副号"), pick(lang, "open", "开室"), pick(lang, "closed", "闭室"),
             pick(lang, "diff", "分差"), pick(lang, f"home {unit[0]}", f"主队{unit[1]}"),
             pick(lang, f"away {unit[0]}", f"客队{unit[1]}")]]
    for b in m.boards:
        o = "" if b.open.score is None else signed(b.open.score)
        c = "" if b.closed.score is None else signed(b.closed.score)
        d = b.note if b.difference is None else signed(b.difference)
        rows.append([str(b.board), o, c, d, _fmt(b.home) if b.home else "",
                     _fmt(b.away) if b.away else ""])
    for line in _table(rows, {0, 1, 2, 3, 4, 5}):
        click.echo(line)
    click.echo(pick(lang, f"total {_fmt(m.home_total)} – {_fmt(m.away_total)}",
                    f"合计 {_fmt(m.home_total)} – {_fmt(m.away_total)}"))
    if m.vp is not None:
        click.echo(pick(lang, f"VP    {_vp(m.vp[0], m.vp_scale)} – {_vp(m.vp[1], m.vp_scale)} "
                        f"({m.vp_scale})",
                        f"VP   {_vp(m.vp[0], m.vp_scale)} – {_vp(m.vp[1], m.vp_scale)}"
                        f"（{_scale_title(m.vp_scale, lang)}）"))


def _scale_title(scale: str, lang: Lang) -> str:
    from ..scoring.vp import get_vp_scale

    return get_vp_scale(scale).title(lang)


def _vp(x: float, scale: str) -> str:
    """VPs: two decimals on a continuous scale (6.03, 7.10), whole numbers on a whole one."""
    from ..scoring.vp import get_vp_scale

    return f"{x:.2f}" if get_vp_scale(scale).continuous else _fmt(x)


def _knockout(matches: list[TeamMatch], settings: object, as_json: bool, lang: Lang,
              carry: Fraction | None = None) -> None:
    from ..sessions.team_events import Knockout
    from ..sessions.teams import MatchSettings, score_match

    assert isinstance(settings, MatchSettings)
    if settings.scoring != "imps":
        raise BridgeError("a knockout match is scored by IMPs", "淘汰赛按 IMP 计分")
    first = matches[0]
    home, away = first.home.id, first.away.id
    if carry is not None and first.carry_over:
        raise BridgeError(f"the first segment already carries {_fmt(first.carry_over)} IMPs over: "
                          "give --carry-from or a carry_over line, not both",
                          f"第一节已有结转 {_fmt(first.carry_over)} IMP：--carry-from 与文件中的 "
                          "carry_over 只能给出一个")
    segments: list[tuple[float, float]] = []
    for i, m in enumerate(matches, 1):
        if {m.home.id, m.away.id} != {home, away}:
            raise BridgeError(f"segment {i} is {m.home.id} v {m.away.id}, not {home} v {away}",
                              f"第{i}节是 {m.home.id} 对 {m.away.id}，而不是 {home} 对 {away}")
        if i > 1 and m.carry_over:
            raise BridgeError(f"segment {i} has a carry-over: only the first segment may carry one",
                              f"第{i}节有结转分：只有第一节可以有结转")
        s = score_match(m, settings)
        h, a = s.home_total - (m.carry_over if i == 1 else 0), s.away_total
        segments.append((h, a) if m.home.id == home else (a, h))
    k = Knockout(home, away, segments,
                 carry_over=carry if carry is not None else first.carry_over)
    if as_json:
        emit_json({"event": first.name or None, "home": home, "home_name": first.home.name or None,
                   "away": away, "away_name": first.away.name or None,
                   "carry_over": fnum(k.carry_over),
                   "segments": [{"home": fnum(h), "away": fnum(a)} for h, a in segments],
                   "home_total": fnum(k.home_total), "away_total": fnum(k.away_total),
                   "winner": k.winner})
        return
    # Text names the teams as the files do (ids only for teams without a name).
    named = Knockout(first.home.label(lang), first.away.label(lang), segments,
                     carry_over=k.carry_over) if first.home.label(lang) != first.away.label(lang) else k
    for line in named.lines(lang):
        click.echo(line)


def _standings(matches: list[tuple[str, TeamMatch]], lists: list[tuple[str, TeamEvent]],
               settings: object, bye: float | str, tie_break: str, html_dir: str | None,
               as_json: bool, lang: Lang) -> None:
    from ..sessions.team_events import result_from_score, standings
    from ..sessions.team_results import TeamEvent, merge
    from ..sessions.teams import MatchSettings, score_match

    assert isinstance(settings, MatchSettings)
    assert isinstance(settings.vp_scale, str)  # the command line names a shipped scale
    if settings.scoring != "imps":
        raise BridgeError("standings are by VPs, which come from IMPs: use --scoring imps",
                          "名次按胜利分（VP）排列，而 VP 由 IMP 换算：请用 --scoring imps")
    from ..sessions.team_events import match_byes, match_rounds

    sources: list[tuple[str, TeamEvent]] = list(lists)
    # The round of each match file: its own (a '# round:' line, or the rounds of its
    # results), else inferred so that no team plays twice in a round (4 teams: 3 rounds).
    listed = [x for _, ev in lists for x in ev.matches]
    rounds_of = match_rounds([*listed, *(m for _, m in matches)])[len(listed):]
    for (path, m), rnd in zip(matches, rounds_of, strict=True):
        one = TeamEvent()
        one.add_team(m.home.id, m.home.name)
        one.add_team(m.away.id, m.away.name)
        one.matches.append(result_from_score(score_match(m, settings), rnd))
        sources.append((path, one))
    if matches and not lists:
        # An odd field of match files: the team idle in a round had that round's bye.
        ids = sorted({t for _, m in matches for t in (m.home.id, m.away.id)})
        byes = match_byes(ids, [m for _, m in matches], rounds_of)
        if byes:
            extra = TeamEvent()
            extra.byes.extend(byes)
            for _, m in matches:
                for t in (m.home, m.away):
                    extra.add_team(t.id, t.name)
            sources.append(("", extra))
    # Never merge silently: a clash of ids, names or rounds between files stops here.
    event = merge(sources)
    breaks = [b.strip().lower().replace("-", "_") for b in tie_break.split(",") if b.strip()]
    table = standings(event.teams, event.matches, byes=[t for _, t in event.byes],
                      bye_vp=bye,  # type: ignore[arg-type]
                      scale=settings.vp_scale, tie_breaks=breaks)  # type: ignore[arg-type]
    rounds = max([m.round for m in event.matches] + [r for r, _ in event.byes], default=0)
    if html_dir is not None:
        from ..render.session_pages import write_standings_page

        page = write_standings_page(table, event, Path(html_dir), lang=lang,
                                    scale=settings.vp_scale, tie_breaks=breaks,
                                    bye_vp=_fmt(float(bye)) if bye != "average" else
                                    pick(lang, "the team's average", "本队平均"))
        if not as_json:
            click.echo(pick(lang, f"standings page written: {page}", f"名次表页面已写入：{page}"))
    if as_json:
        emit_json({"event": event.name or None, "vp_scale": settings.vp_scale,
                   "tie_breaks": breaks, "rounds": rounds,
                   "standings": [standing_json(s, event.names) for s in table],
                   "matches": [match_result_json(m, event.names, settings.vp_scale)
                               for m in event.matches],
                   "byes": [{"round": r, "team": t} for r, t in event.byes]})
        return
    if html_dir is not None:
        return
    for line in standings_lines(table, event, lang, settings.vp_scale, rounds):
        click.echo(line)


def standings_lines(table: list[Standing], event: TeamEvent, lang: Lang, scale: str,
                    rounds: int) -> list[str]:
    """The standings as text: place, team, matches, byes, VPs, IMPs won and lost, quotient."""
    import math

    title = event.name or pick(lang, "Standings", "名次表")
    # English keeps the short option name; Chinese text takes the scale's Chinese title.
    out = [pick(lang, f"{title} — after {rounds} round{'s' if rounds != 1 else ''} ({scale} VPs)",
                f"{title}——第{rounds}轮后（{_scale_title(scale, lang)}）")]
    rows = [[pick(lang, "place", "名次"), pick(lang, "team", "队"), pick(lang, "played", "场数"),
             pick(lang, "byes", "轮空"), "VP", pick(lang, "IMPs+", "得IMP"),
             pick(lang, "IMPs−", "失IMP"), pick(lang, "quotient", "IMP商")]]
    for s in table:
        q = s.quotient
        rows.append([s.place, event.label(s.team), str(s.played), str(s.byes), f"{s.vp:.2f}",
                     _fmt(s.imps_for), _fmt(s.imps_against),
                     f"{q:.3f}" if math.isfinite(q) else "∞"])
    return out + _table(rows, {2, 3, 4, 5, 6, 7})


@command("event-demo", help="Score the bundled demo event (a pairs session and a team match) "
                            "and write its pages.",
         zh="计算附带的演示比赛（一节双人赛和一场队式赛）并写出其成绩网页。")
@out_dir_option("Directory for the results pages.", "成绩网页写入的目录。", default="out")
@json_option
@lang_option
def event_demo_cmd(out_dir: str, as_json: bool, lang: Lang) -> None:
    from ..render.session_demo import demo_match, demo_session, run_demo

    lines = run_demo(Path(out_dir), lang=lang)
    if as_json:
        from ..sessions.imp_pairs import score_session
        from ..sessions.teams import score_match

        base = Path(out_dir) / "events"
        emit_json({"directory": str(base),
                   "pages": sorted(str(p) for p in base.rglob("*.html")),
                   "pairs": pairs_session_json(score_session(demo_session(), "mp")),
                   "match": team_match_json(score_match(demo_match()))})
        return
    for line in lines:
        click.echo(line)
