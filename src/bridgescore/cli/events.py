"""``bridgescore pairs``, ``bridgescore teams`` and ``bridgescore event-demo``."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import FileFormatError
from ..i18n import pick
from ._common import emit_json, json_option, lang_option

__all__ = ["event_demo_cmd", "load_results", "pairs_cmd", "teams_cmd"]


def load_results(path: str) -> object:
    """Read a results file: USEBIO XML, PBN or CSV, told apart by content, then extension."""
    p = Path(path)
    raw = p.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = raw.decode("gb18030")
        except UnicodeDecodeError:
            raise FileFormatError("not a text file (expected UTF-8 or GB18030)",
                                  "不是文本文件（应为 UTF-8 或 GB18030 编码）", path=str(p)) from None
    head = text.lstrip()[:200].lower()
    if head.startswith("<") or p.suffix.lower() == ".xml":
        from ..events.usebio import loads as usebio_loads

        return usebio_loads(text, source=str(p))
    if head.startswith(("[", "%")) or p.suffix.lower() == ".pbn":
        from ..events.pbn_results import loads as pbn_loads

        return pbn_loads(text, source=str(p))
    from ..events.csvfmt import loads as csv_loads

    return csv_loads(text, source=str(p))


def _fmt(x: float | None) -> str:
    if x is None:
        return ""
    return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


@click.command("pairs")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--scoring", type=click.Choice(["mp", "ximp", "butler", "online", "total"]),
              default="mp", show_default=True, help="Matchpoints, cross-IMPs, Butler, the online "
              "datum scoring of the seeds, or total points.")
@click.option("--scale", "mp_scale", type=click.Choice(["2/1/0", "1/0.5/0"]), default="2/1/0",
              show_default=True, help="Matchpoint scale.")
@click.option("--factoring", type=click.Choice(["neuberg", "session", "none"]), default="neuberg",
              show_default=True, help="Boards with fewer results (matchpoints).")
@click.option("--form", type=click.Choice(["sum", "average", "factored"]), default="average",
              show_default=True, help="Cross-IMP total.")
@click.option("--drop", default="auto", show_default=True,
              help="Butler: scores dropped from each end (auto, a number, or a fraction like 0.1).")
@click.option("--ranking", type=click.Choice(["shared", "swiss"]), default="shared",
              show_default=True, help="Ties share a place, or the Swiss-pairs rule of the seeds.")
@click.option("--completion", type=float, default=0.0, show_default=True,
              help="Share of the boards a pair must complete to be ranked (e.g. 0.6).")
@click.option("--html", "html_dir", type=click.Path(file_okay=False), default=None,
              help="Write the results pages into this directory.")
@json_option
@lang_option
def pairs_cmd(file: str, scoring: str, mp_scale: str, factoring: str, form: str, drop: str,
              ranking: str, completion: float, html_dir: str | None, as_json: bool,
              lang: str) -> None:
    """Score a pairs session from a results file (USEBIO XML, CSV or PBN)."""
    from ..events.imp_pairs import score_session
    from ..events.model import Session, SessionScores

    item = load_results(file)
    if not isinstance(item, Session):
        raise FileFormatError("this file holds a team match: use 'bridgescore teams'",
                              "该文件是队式赛结果：请用 'bridgescore teams'", path=file)
    drop_value: str | int | float = drop
    if drop != "auto":
        try:
            drop_value = float(drop) if "." in drop else int(drop)
            if isinstance(drop_value, float) and drop_value.is_integer() and drop_value >= 1:
                drop_value = int(drop_value)  # "1.0" means one score, not a fraction
        except ValueError:
            raise click.BadParameter(f"{drop!r}: expected auto, a whole number or a fraction",
                                     param_hint="--drop") from None
    scores: SessionScores = score_session(
        item, scoring, mp_scale=mp_scale, factoring=factoring, form=form, drop=drop_value,
        ranking=ranking, completion=completion)
    if html_dir is not None:
        from ..events.pages import write_pairs_pages

        index = write_pairs_pages(scores, Path(html_dir), lang=lang)
        if not as_json:
            click.echo(pick(lang, f"results pages written: {index}", f"成绩页面已写入：{index}"))
    if as_json:
        emit_json(scores.to_json())
        return
    if html_dir is None:
        _print_pairs(scores, lang)


def _print_pairs(scores: object, lang: str) -> None:
    from ..events.model import SessionScores

    assert isinstance(scores, SessionScores)
    current: object = "unset"
    for p in scores.pairs:
        if p.direction != current:
            current = p.direction
            title = (pick(lang, "Ranking", "排名") if p.direction is None else
                     pick(lang, f"{p.direction.name} ranking", f"{p.direction.name_in('zh')}排名"))
            click.echo(f"\n{title}")
            click.echo(pick(lang, "place  pair    total      %   boards",
                            "名次   对号    总分       %   副数"))
        pct = "" if p.percentage is None else f"{p.percentage:.2f}"
        click.echo(f"{p.place or '-':<6} {p.pair:<7} {_fmt(p.total):>7} {pct:>7} {p.boards:>6}")


@click.command("teams")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--scoring", type=click.Choice(["imps", "bam", "aggregate"]), default="imps",
              show_default=True, help="IMPs, board-a-match or aggregate points.")
@click.option("--vp-scale", default="wbf", show_default=True,
              help="VP scale: wbf, wbf-whole, acbl-20, acbl-30.")
@click.option("--html", "html_dir", type=click.Path(file_okay=False), default=None,
              help="Write the match page and the printable scoresheet into this directory.")
@json_option
@lang_option
def teams_cmd(file: str, scoring: str, vp_scale: str, html_dir: str | None, as_json: bool,
              lang: str) -> None:
    """Score a team match: IMPs per board, running totals and VPs."""
    from ..events.model import TeamMatch
    from ..events.teams import MatchSettings, score_match

    item = load_results(file)
    if not isinstance(item, TeamMatch):
        raise FileFormatError("this file holds a pairs session: use 'bridgescore pairs'",
                              "该文件是双人赛结果：请用 'bridgescore pairs'", path=file)
    m = score_match(item, MatchSettings(scoring=scoring, vp_scale=vp_scale))  # type: ignore[arg-type]
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
    home, away = item.home.label(lang), item.away.label(lang)
    click.echo(pick(lang, f"{home} (home) v {away} (away)", f"{home}（主队）对 {away}（客队）"))
    click.echo(pick(lang, "board   open   closed   diff   home   away",
                    "副号    开室    闭室     分差   主队   客队"))
    for b in m.boards:
        o = "" if b.open.score is None else f"{b.open.score:+d}"
        c = "" if b.closed.score is None else f"{b.closed.score:+d}"
        d = b.note if b.difference is None else f"{b.difference:+d}"
        click.echo(f"{b.board:>5} {o:>6} {c:>8} {d:>6} {_fmt(b.home) if b.home else '':>6} "
                   f"{_fmt(b.away) if b.away else '':>6}")
    click.echo(pick(lang, f"total {_fmt(m.home_total)} – {_fmt(m.away_total)}",
                    f"合计 {_fmt(m.home_total)} – {_fmt(m.away_total)}"))
    if m.vp is not None:
        click.echo(pick(lang, f"VP    {_fmt(m.vp[0])} – {_fmt(m.vp[1])} ({m.vp_scale})",
                        f"VP   {_fmt(m.vp[0])} – {_fmt(m.vp[1])}（{m.vp_scale}）"))


@click.command("event-demo")
@click.option("--out", "out_dir", default="out", show_default=True,
              type=click.Path(file_okay=False), help="Directory for the results pages.")
@lang_option
def event_demo_cmd(out_dir: str, lang: str) -> None:
    """Score the bundled demo event (a pairs session and a team match) and write its pages."""
    from ..events.demo import run_demo

    for line in run_demo(Path(out_dir), lang=lang):
        click.echo(line)
