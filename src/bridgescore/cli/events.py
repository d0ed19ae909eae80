"""``bridgescore pairs``, ``bridgescore teams`` and ``bridgescore event-demo``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..errors import BridgeError, FileFormatError
from ..events.figures import fixed
from ..events.figures import json_number as _num
from ..i18n import pick
from ..text import display_width
from ._common import emit_json, json_option, lang_option

if TYPE_CHECKING:
    from fractions import Fraction

    from ..events.compare import Carried
    from ..events.files import ResultsFile
    from ..events.model import Session, TeamMatch
    from ..events.scores import SessionScores
    from ..events.team_events import Standing
    from ..events.team_results import TeamEvent
    from ..events.teams import MatchScore

__all__ = ["event_demo_cmd", "load_results", "pairs_cmd", "teams_cmd"]

def _load(path: str, encoding: str | None = None) -> ResultsFile:
    """The session or match in a results file, and the scores the file carries."""
    from ..events.files import read_results

    return read_results(path, encoding=encoding)


def load_results(path: str, encoding: str | None = None) -> Session | TeamMatch:
    """Read a results file: USEBIO XML, PBN or CSV, told apart by content."""
    return _load(path, encoding).item


def _write(item: SessionScores | MatchScore, path: str, lang: str) -> None:
    """Write scored results in the format the file name says (.xml, .pbn or .csv)."""
    from ..events.files import format_for_path, write_results

    try:
        kind = format_for_path(path)
    except BridgeError:
        raise BridgeError(f"--output {path}: expected a file name ending in .xml (USEBIO), .pbn "
                          "or .csv", f"--output {path}：文件名应以 .xml（USEBIO）、.pbn 或 .csv 结尾"
                          ) from None
    write_results(item, path, format=kind)


encoding_option = click.option(
    "--encoding", "encoding", default=None, metavar="NAME",
    help="The results files' encoding (utf-8, gb18030, big5, latin-1, utf-16 …).  "
    "[default: told from the file]  文件编码。")


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


_SCORING_NAMES = {"mp": ("matchpoints", "比赛分"), "ximp": ("cross-IMPs", "交叉 IMP"),
                  "butler": ("Butler IMPs", "巴特勒 IMP"),
                  "online": ("online datum IMPs", "网上复式 IMP"),
                  "total": ("total points", "总分制")}


@click.command("pairs")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--scoring", type=click.Choice(["mp", "ximp", "butler", "online", "total"]),
              default=None, help="Matchpoints, cross-IMPs, Butler, the online datum scoring of "
              "the seeds, or total points.  [default: what the file says, else mp]")
@click.option("--scale", "mp_scale", type=click.Choice(["2/1/0", "1/0.5/0"]), default="2/1/0",
              show_default=True, help="Matchpoint scale.")
@click.option("--factoring", type=click.Choice(["neuberg", "session", "none"]), default="neuberg",
              show_default=True, help="Boards with fewer results (matchpoints).")
@click.option("--form", type=click.Choice(["sum", "average", "factored"]), default="average",
              show_default=True, help="Cross-IMP total.")
@click.option("--drop", default="auto", show_default=True,
              help="Butler: scores dropped from each end (auto, a number, or a fraction like 0.1).")
@click.option("--rounding", type=click.Choice(["away", "even", "up"]), default="away",
              show_default=True,
              help="Butler and online: a datum ending in 5 is rounded away from zero (as "
              "Compscore: -295 -> -300), to even (as ACBLscore: 425 -> 420) or up (-295 -> -290)."
              "  基准分末位为 5 时：away 远离零，even 取偶，up 向上。")
@click.option("--ranking", type=click.Choice(["shared", "swiss"]), default="shared",
              show_default=True, help="Ties share a place, or the Swiss-pairs rule of the seeds.")
@click.option("--completion", type=float, default=0.0, show_default=True,
              help="Share of the boards a pair must complete to be ranked (e.g. 0.6).")
@click.option("--compare", "do_compare", is_flag=True,
              help="Compare the scores the file carries (USEBIO or PBN) with ours: list every "
              "disagreement; exit status 1 if there is any.")
@click.option("--html", "html_dir", type=click.Path(file_okay=False), default=None,
              help="Write the results pages into this directory.")
@click.option("--output", "output", type=click.Path(dir_okay=False), default=None,
              help="Also write the scored session to this file (.xml USEBIO, .pbn or .csv).")
@encoding_option
@json_option
@lang_option
def pairs_cmd(file: str, scoring: str | None, mp_scale: str, factoring: str, form: str,
              drop: str, rounding: str, ranking: str, completion: float, do_compare: bool,
              html_dir: str | None, output: str | None, encoding: str | None, as_json: bool,
              lang: str) -> None:
    """Score a pairs session from a results file (USEBIO XML, CSV or PBN).  双人赛记分。

    \b
    bridgescore pairs results.csv --scoring mp --html out/
    bridgescore pairs results.xml --compare
    """
    from ..events.imp_pairs import score_session
    from ..events.model import Session

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
    drop_value: str | int | float = drop
    if drop != "auto":
        try:
            drop_value = float(drop) if "." in drop else int(drop)
            if isinstance(drop_value, float) and drop_value.is_integer() and drop_value >= 1:
                drop_value = int(drop_value)  # "1.0" means one score, not a fraction
        except ValueError:
            raise BridgeError(f"--drop {drop!r}: expected auto, a whole number or a fraction",
                              f"--drop {drop!r}：应为 auto、整数或比例") from None
    scores = score_session(
        item, scoring, mp_scale=mp_scale, factoring=factoring, form=form, drop=drop_value,
        rounding=rounding, ranking=ranking, completion=completion)
    if output is not None:
        _write(scores, output, lang)
    if html_dir is not None:
        from ..events.pages import write_pairs_pages

        index = write_pairs_pages(scores, Path(html_dir), lang=lang)
        if not as_json:
            click.echo(pick(lang, f"results pages written: {index}", f"成绩页面已写入：{index}"))
    if do_compare:
        assert carried is not None
        _compare(file, item, carried, scores, as_json, lang)
        return
    if as_json:
        emit_json(scores.to_json())
        return
    if html_dir is None:
        _print_pairs(scores, lang)


def _compare(file: str, session: Session, carried: Carried, scores: SessionScores,
             as_json: bool, lang: str) -> None:
    from ..events.compare import compare

    result = compare(carried, scores)

    def show(pid: str) -> str:
        # EW pair "2EW" is "2" in a file that numbers both directions from 1.
        return pid[:-2] if pid.endswith("EW") and pid[:-2] in session.pairs else pid

    if as_json:
        emit_json({"file": file, "scoring": scores.scoring, **result.to_json()})
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


def _print_pairs(scores: SessionScores, lang: str) -> None:
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
    sep = " – " if lang == "en" else "、"
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
        from ..seat import Side

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
@click.command("teams")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--scoring", type=click.Choice(["imps", "bam", "aggregate"]), default="imps",
              show_default=True, help="A match: IMPs, board-a-match or aggregate points.")
@click.option("--vp-scale", default="wbf", show_default=True,
              help="VP scale: wbf, wbf-whole, acbl-20, acbl-30.")
@click.option("--bye-vp", default="12", show_default=True,
              help="Standings: VPs for a bye (a number, or 'average' for the team's own average).")
@click.option("--tie-break", "tie_break", default="quotient,head_to_head", show_default=True,
              help="Standings: tie-breaks in order (quotient = IMP quotient, head_to_head).")
@click.option("--knockout", is_flag=True,
              help="The files are the segments of one knockout match: total them with the "
              "first file's carry-over.")
@click.option("--carry-from", "carry_from", default=None,
              help="--knockout: the earlier margin in IMPs the carry-over comes from (positive: "
              "won by the first file's home team).  结转来源分差。")
@click.option("--carry-fraction", "carry_fraction", default="1/3", show_default=True,
              help="--knockout: the share of --carry-from carried over (1/3, 0.5 …).  结转比例。")
@click.option("--carry-cap", "carry_cap", default=None,
              help="--knockout: the most IMPs carried over.  结转上限。")
@click.option("--carry-step", "carry_step", default=None,
              help="--knockout: round the carry-over to this step (e.g. 0.5).  结转取整单位。")
@click.option("--imp-scale", default="wbf", show_default=True,
              help="IMP scale: wbf (Law 78B) or ebl-1960.  IMP 表。")
@click.option("--avg-plus", "avg_plus", type=float, default=3.0, show_default=True,
              help="IMPs for Average-plus (Law 86A).  平均加的 IMP。")
@click.option("--avg-minus", "avg_minus", type=float, default=-3.0, show_default=True,
              help="IMPs for Average-minus (Law 86A).  平均减的 IMP。")
@click.option("--html", "html_dir", type=click.Path(file_okay=False), default=None,
              help="Write the match pages and printable scoresheet (or the standings page) here.")
@click.option("--output", "output", type=click.Path(dir_okay=False), default=None,
              help="A match: also write it, scored, to this file (.xml USEBIO, .pbn or .csv).")
@encoding_option
@json_option
@lang_option
def teams_cmd(files: tuple[str, ...], scoring: str, vp_scale: str, bye_vp: str, tie_break: str,
              knockout: bool, carry_from: str | None, carry_fraction: str, carry_cap: str | None,
              carry_step: str | None, imp_scale: str, avg_plus: float, avg_minus: float,
              html_dir: str | None, output: str | None, encoding: str | None, as_json: bool,
              lang: str) -> None:
    """Score a team match, or a team event's standings.  队式赛记分与排名。

    One match file (CSV with a room column, USEBIO or PBN): IMPs per board, running totals and
    VPs.  Several match files, or a match-results list (a CSV file with the header
    round,home,away,home_imps,away_imps,boards): standings by VPs with tie-breaks.  With
    --knockout: the segments of a knockout match with its carry-over.

    \b
    bridgescore teams match.csv --html out/
    bridgescore teams results.csv --bye-vp average
    bridgescore teams seg1.csv seg2.csv seg3.csv --knockout
    bridgescore teams seg1.csv seg2.csv --knockout --carry-from 24 --carry-fraction 1/3
    """
    from ..events.model import TeamMatch
    from ..events.team_results import is_match_list
    from ..events.team_results import loads as load_list
    from ..events.teams import MatchSettings

    if not avg_minus <= 0 <= avg_plus:
        raise BridgeError(f"--avg-plus {_fmt(avg_plus)} / --avg-minus {_fmt(avg_minus)}: expected "
                          "Average-plus at least 0 and Average-minus at most 0 IMPs",
                          f"--avg-plus {_fmt(avg_plus)} / --avg-minus {_fmt(avg_minus)}："
                          "平均加应不小于 0，平均减应不大于 0 IMP")
    settings = MatchSettings(scoring=scoring, vp_scale=vp_scale,  # type: ignore[arg-type]
                             imp_scale=imp_scale, avg_plus=avg_plus, avg_minus=avg_minus)
    carry = None
    if carry_from is not None:
        if not knockout:
            raise BridgeError("--carry-from is for a knockout match: add --knockout",
                              "--carry-from 用于淘汰赛：请加上 --knockout")
        from ..events.team_events import carry_over

        cap = None if carry_cap is None else _fraction("--carry-cap", carry_cap)
        step = None if carry_step is None else _fraction("--carry-step", carry_step)
        share = _fraction("--carry-fraction", carry_fraction)
        if not 0 <= share <= 1:
            # Quote the user's own text, not the parsed Fraction.
            raise BridgeError(f"--carry-fraction {carry_fraction!r}: expected a share from 0 to 1, "
                              "such as 1/3 or 0.5",
                              f"--carry-fraction {carry_fraction!r}：应为 0 到 1 之间的比例，如 1/3 或 0.5")
        if step is not None and step <= 0:
            raise BridgeError(f"--carry-step {carry_step!r}: expected a positive number such as 0.5",
                              f"--carry-step {carry_step!r}：应为正数，如 0.5")
        carry = carry_over(_fraction("--carry-from", carry_from), share, cap, step)
    elif carry_cap is not None or carry_step is not None:
        raise BridgeError("--carry-cap and --carry-step need --carry-from",
                          "--carry-cap 和 --carry-step 需要与 --carry-from 一起使用")
    matches: list[tuple[str, TeamMatch]] = []
    lists: list[tuple[str, TeamEvent]] = []
    from ..events.files import detect_format, parse_results, read_results_text

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
        _one_match(matches[0][1], settings, html_dir, output, as_json, lang)
        return
    if output is not None:
        raise BridgeError("--output writes one match; standings are printed, or written with "
                          "--html", "--output 只能写出一场比赛；名次表请直接打印或用 --html 写出")
    _standings(matches, lists, settings, bye_vp, tie_break, html_dir, as_json, lang)


def _one_match(item: TeamMatch, settings: object, html_dir: str | None, output: str | None,
               as_json: bool, lang: str) -> None:
    from ..events.teams import MatchSettings, score_match

    assert isinstance(settings, MatchSettings)
    m = score_match(item, settings)
    if output is not None:
        _write(m, output, lang)
    if html_dir is not None:
        from ..events.pages import write_match_pages

        index = write_match_pages(m, Path(html_dir), lang=lang)
        if not as_json:
            click.echo(pick(lang, f"match pages written: {index}", f"比赛页面已写入：{index}"))
    if as_json:
        emit_json(m.to_json())
        return
    if html_dir is not None:
        return
    _print_match(m, lang)


def _print_match(m: MatchScore, lang: str) -> None:
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
        o = "" if b.open.score is None else f"{b.open.score:+d}"
        c = "" if b.closed.score is None else f"{b.closed.score:+d}"
        d = b.note if b.difference is None else ("0" if b.difference == 0 else f"{b.difference:+d}")
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


def _scale_title(scale: str, lang: str) -> str:
    from ..vp import get_vp_scale

    return get_vp_scale(scale).title(lang)


def _vp(x: float, scale: str) -> str:
    """VPs: two decimals on a continuous scale (6.03, 7.10), whole numbers on a whole one."""
    from ..vp import get_vp_scale

    return f"{x:.2f}" if get_vp_scale(scale).continuous else _fmt(x)


def _fraction(option: str, text: str) -> Fraction:
    """A number on the command line: whole, decimal or a fraction such as 1/3."""
    from fractions import Fraction

    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise BridgeError(f"{option} {text!r}: expected a number such as 24, 0.5 or 1/3",
                          f"{option} {text!r}：应为数字，如 24、0.5 或 1/3") from None


def _knockout(matches: list[TeamMatch], settings: object, as_json: bool, lang: str,
              carry: Fraction | None = None) -> None:
    from ..events.team_events import Knockout
    from ..events.teams import MatchSettings, score_match

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
        emit_json({"home": home, "away": away, "carry_over": _num(float(k.carry_over)),
                   "segments": [{"home": _num(h), "away": _num(a)} for h, a in segments],
                   "home_total": _num(float(k.home_total)), "away_total": _num(float(k.away_total)),
                   "winner": k.winner, "home_name": first.home.name,
                   "away_name": first.away.name})
        return
    # Text names the teams as the files do (ids only for teams without a name).
    named = Knockout(first.home.label(lang), first.away.label(lang), segments,
                     carry_over=k.carry_over) if first.home.label(lang) != first.away.label(lang) else k
    for line in named.lines(lang):
        click.echo(line)


def _standings(matches: list[tuple[str, TeamMatch]], lists: list[tuple[str, TeamEvent]],
               settings: object, bye_vp: str, tie_break: str, html_dir: str | None,
               as_json: bool, lang: str) -> None:
    from ..events.team_events import result_from_score, standings
    from ..events.team_results import TeamEvent, merge
    from ..events.teams import MatchSettings, score_match

    assert isinstance(settings, MatchSettings)
    assert isinstance(settings.vp_scale, str)  # the command line names a shipped scale
    if settings.scoring != "imps":
        raise BridgeError("standings are by VPs, which come from IMPs: use --scoring imps",
                          "名次按胜利分（VP）排列，而 VP 由 IMP 换算：请用 --scoring imps")
    from ..events.team_events import match_byes, match_rounds

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
    from ..events.team_events import parse_bye_vp

    bye = parse_bye_vp(bye_vp)
    breaks = [b.strip().lower().replace("-", "_") for b in tie_break.split(",") if b.strip()]
    table = standings(event.teams, event.matches, byes=[t for _, t in event.byes], bye_vp=bye,
                      scale=settings.vp_scale, tie_breaks=breaks)  # type: ignore[arg-type]
    rounds = max([m.round for m in event.matches] + [r for r, _ in event.byes], default=0)
    if html_dir is not None:
        from ..events.pages import write_standings_page

        page = write_standings_page(table, event, Path(html_dir), lang=lang,
                                    scale=settings.vp_scale, tie_breaks=breaks,
                                    bye_vp=_fmt(bye) if bye != "average" else
                                    pick(lang, "the team's average", "本队平均"))
        if not as_json:
            click.echo(pick(lang, f"standings page written: {page}", f"名次表页面已写入：{page}"))
    if as_json:
        emit_json({"event": event.name, "vp_scale": settings.vp_scale, "tie_breaks": breaks,
                   "rounds": rounds, "standings": [_standing_json(s, event) for s in table],
                   "matches": [{"round": m.round, "home": m.home, "away": m.away,
                                "home_imps": _num(m.home_imps), "away_imps": _num(m.away_imps),
                                "boards": m.boards,
                                "home_vp": _num(m.vps(settings.vp_scale)[0]),
                                "away_vp": _num(m.vps(settings.vp_scale)[1])}
                               for m in event.matches],
                   "byes": [{"round": r, "team": t} for r, t in event.byes]})
        return
    if html_dir is not None:
        return
    for line in standings_lines(table, event, lang, settings.vp_scale, rounds):
        click.echo(line)


def _standing_json(s: Standing, event: TeamEvent) -> dict[str, object]:
    import math

    q = s.quotient
    return {"place": s.place, "team": s.team, "name": event.names.get(s.team, ""),
            "played": s.played, "byes": s.byes, "vp": _num(s.vp),
            "imps_for": _num(s.imps_for), "imps_against": _num(s.imps_against),
            "quotient": round(q, 3) if math.isfinite(q) else None}


def standings_lines(table: list[Standing], event: TeamEvent, lang: str, scale: str,
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


@click.command("event-demo")
@click.option("--out", "out_dir", default="out", show_default=True,
              type=click.Path(file_okay=False), help="Directory for the results pages.")
@lang_option
def event_demo_cmd(out_dir: str, lang: str) -> None:
    """Score the bundled demo event (a pairs session and a team match) and write its pages."""
    from ..events.demo import run_demo

    for line in run_demo(Path(out_dir), lang=lang):
        click.echo(line)
