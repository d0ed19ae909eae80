"""``movement`` and ``swiss``: movement schedules and cards, and the next Swiss draw."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

import click

from ..core.errors import BridgeError, FileFormatError
from ..core.i18n import Lang, is_zh, pick, plural
from ..core.numtext import read_number
from ..formats.textfile import read_text
from ._common import emit_json, json_option, lang_option
from ._json import draw_json, fnum, movement_json, pair_row, standing_json
from ._params import ByeVp, Number, Whole, argument, command, option

_SHARE = ("a share from 0 to 1, such as 0.6", " 0 到 1 之间的比例，如 0.6")

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..sessions.swiss import FirstRound
    from ..sessions.swiss_roster import Roster


def _read_text(path: str) -> str:
    return read_text(path)


@command("movement", help="""Show a Mitchell or Howell movement, or a team round robin (once
    or, with --double, twice round).

    \b
    bridgescore movement mitchell --tables 7
    bridgescore movement round-robin --teams 6
    bridgescore movement round-robin --teams 长城,黄河,长江 --double
    bridgescore movement mitchell --tables 8 --relay --html cards.html
    bridgescore movement howell --pairs 13 --lang zh""",
         zh="""显示米切尔或豪威尔移位表，或队式循环赛的赛程（单循环，或用 --double 双循环）。

    \b
    bridgescore movement mitchell --tables 7
    bridgescore movement round-robin --teams 6
    bridgescore movement round-robin --teams 长城,黄河,长江 --double
    bridgescore movement mitchell --tables 8 --relay --html cards.html
    bridgescore movement howell --pairs 13 --lang zh""")
@argument("kind", type=click.Choice(["mitchell", "howell", "round-robin"], case_sensitive=False),
          metavar="KIND", help="mitchell, howell or round-robin.",
          zh="mitchell（米切尔）、howell（豪威尔）或 round-robin（循环赛）。")
@option("--tables", "-t", type=Whole(), metavar="N", help="Number of tables.", zh="桌数。")
@option("--teams", "teams", metavar="N|A,B,…",
        help="Round robin: the number of teams or their names, comma-separated.",
        zh="循环赛：队数，或以逗号分隔的队名。")
@option("--double", is_flag=True,
        help="Round robin: a double round robin, every two teams meeting twice (the second "
        "half repeats the first with home and away swapped).",
        zh="循环赛：双循环赛，每两队相遇两次（后半程按前半程重复，主客互换）。")
@option("--pairs", type=Whole(), metavar="N",
        help="Howell: number of pairs (odd: one sits out each round).",
        zh="豪威尔：对数（奇数时每轮有一对轮空）。")
@option("--boards-per-round", "-b", type=Whole(), default=2, show_default=True, metavar="N",
        help="Boards in each set (played each round).", zh="每组（每轮所打）的牌数。")
@option("--rounds", "-r", type=Whole(), metavar="N",
        help="Rounds to play (default: the full movement).", zh="要打的轮数（默认：完整的移位）。")
@option("--skip", "variant", flag_value="skip", help="Even Mitchell: skip a table half way.",
        zh="桌数为偶数的米切尔：中途跳过一桌。")
@option("--relay", "variant", flag_value="relay",
        help="Even Mitchell: tables 1 and T share, a relay stand between T/2 and T/2+1.",
        zh="桌数为偶数的米切尔：第1桌与第T桌共用牌，第T/2与T/2+1桌之间设中转台。")
@option("--arrow-switch", "arrows", type=Whole(), multiple=True, metavar="ROUND",
        help="Arrow-switch this round (repeatable).", zh="在此轮换向（可重复给出）。")
@option("--cards", type=click.Choice(["none", "tables", "pairs", "both"]), default="none",
        show_default=True, help="Also print table guide cards / pair movement cards.",
        zh="同时打印桌卡（tables）、各对移位卡（pairs）或两者（both）。")
@option("--html", "html_out", type=click.Path(dir_okay=False, writable=True), metavar="FILE",
        help="Write printable cards (tables and pairs) to this HTML file.",
        zh="将可打印的移位卡（桌卡和各对移位卡）写入此 HTML 文件。")
@json_option
@lang_option
def movement_cmd(kind: str, tables: int | None, teams: str | None, double: bool,
                 pairs: int | None, boards_per_round: int,
                 rounds: int | None, variant: str | None, arrows: tuple[int, ...], cards: str,
                 html_out: str | None, as_json: bool, lang: Lang) -> None:
    from ..render.movement_cards import (
        boards_text,
        pair_card_lines,
        render_cards_html,
        table_card_lines,
    )
    from ..sessions.movements import MitchellVariant, howell, mitchell

    kind = kind.lower()
    if kind == "round-robin":
        _movement_options_unused(click.get_current_context())
        _round_robin(teams, double, as_json, lang)
        return
    if teams is not None:
        raise BridgeError("--teams is for a round robin", "--teams 只用于循环赛（round-robin）")
    if double:
        raise BridgeError("--double is for a round robin: give 'round-robin' and --teams",
                          "--double 只用于循环赛：请给出 round-robin 和 --teams")
    if kind == "mitchell":
        if pairs is not None:
            raise BridgeError("--pairs is for a Howell; give --tables for a Mitchell",
                              "--pairs 用于豪威尔移位；米切尔移位请用 --tables")
        if tables is None:
            raise BridgeError("give --tables N", "请给出 --tables N（桌数）")
        mv = mitchell(tables, boards_per_round, rounds,
                      cast("MitchellVariant", variant or "auto"), arrows)
    else:
        if variant is not None:
            raise BridgeError("--skip and --relay are for a Mitchell",
                              "--skip 和 --relay 只用于米切尔移位")
        if tables is None and pairs is None:
            raise BridgeError("give --tables N or --pairs N", "请给出 --tables N（桌数）或 --pairs N（对数）")
        mv = howell(tables, boards_per_round, rounds, pairs=pairs, arrow_switch=arrows)
    if html_out is not None:
        Path(html_out).write_text(render_cards_html(mv, lang, "both"), "utf-8")
    if as_json:
        emit_json(movement_json(mv))
        return
    click.echo(mv.describe(lang))
    for g in mv.shared_tables:
        click.echo(pick(lang, f"Tables {_and(g, 'en')} share their boards every round.",
                        f"第{_and(g, 'zh')}桌每轮共用同一组牌。"))
    for r in range(1, mv.rounds + 1):
        click.echo("")
        click.echo(pick(lang, f"Round {r}", f"第{r}轮"))
        for a in mv.round(r):
            arrow = pick(lang, "  (arrow switch)", "（换向）") if a.arrow_switch else ""
            boards = boards_text(a.boards, lang)
            word = "board" if len(a.boards) == 1 else "boards"
            click.echo(pick(lang, f"  Table {a.table}: {a.ns} (NS) v {a.ew} (EW), {word} "
                                  f"{boards}{arrow}",
                            f"  第{a.table}桌：{a.ns}（南北）对 {a.ew}（东西），第{boards}副{arrow}"))
        extra = []
        for rr, g in mv.shared_in_round:
            if rr == r:
                extra.append(pick(lang, f"  Tables {_and(g, 'en')} share their boards",
                                  f"  第{_and(g, 'zh')}桌共用同一组牌"))
        if mv.relay_sets and mv.relay_sets[r - 1]:
            sets = mv.relay_sets[r - 1]
            rest = boards_text(tuple(b for x in sets for b in mv.boards_of(x)), lang)
            extra.append(pick(lang, f"  Relay: {'set' if len(sets) == 1 else 'sets'} "
                                    f"{', '.join(map(str, sets))} (boards {rest})"
                              if not mv.half_sets else f"  Relay: boards {rest}",
                              f"  中转：第{'、'.join(map(str, sets))}组牌（第{rest}副）"
                              if not mv.half_sets else f"  中转：第{rest}副"))
        outs = mv.sit_outs(r)
        if outs:
            extra.append(pick(lang, "  Sits out: " + ", ".join(map(str, outs)),
                              "  轮空：" + "、".join(map(str, outs))))
        for line in extra:
            click.echo(line)
    if html_out is not None:
        click.echo(pick(lang, f"\ncards written to {html_out}", f"\n移位卡已写入 {html_out}"))
    if cards in ("tables", "both"):
        for t in range(1, mv.tables + 1):
            click.echo("")
            click.echo("\n".join(table_card_lines(mv, t, lang)))
    if cards in ("pairs", "both"):
        for p in mv.pairs:
            click.echo("")
            click.echo("\n".join(pair_card_lines(mv, p, lang)))


def _rematches(n: int) -> str:
    return f"{n} rematch could not be avoided" if n == 1 else \
        f"{n} rematches could not be avoided"


def _and(items: tuple[int, ...], lang: Lang) -> str:
    """``1, 2 and 3`` / ``1、2、3``."""
    words = [str(x) for x in items]
    if is_zh(lang):
        return "、".join(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# What only a pairs movement takes: a round robin refuses them rather than ignore them.
_MOVEMENT_ONLY = (("tables", "--tables"), ("pairs", "--pairs"),
                  ("boards_per_round", "--boards-per-round"), ("rounds", "--rounds"),
                  ("variant", "--skip/--relay"), ("arrows", "--arrow-switch"),
                  ("cards", "--cards"), ("html_out", "--html"))


def _movement_options_unused(ctx: click.Context) -> None:
    given = [shown for name, shown in _MOVEMENT_ONLY
             if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE]
    if given:
        raise BridgeError(f"{given[0]} is for a Mitchell or Howell movement: a round robin "
                          "takes --teams (and --double)",
                          f"{given[0]} 只用于米切尔或豪威尔移位：循环赛只需 --teams（以及 --double）")


def _round_robin(teams: str | None, double: bool, as_json: bool, lang: Lang) -> None:
    from ..sessions.team_events import double_round_robin, round_robin

    if teams is None:
        raise BridgeError("give --teams N (the number of teams) or --teams A,B,C…",
                          "请给出 --teams N（队数）或 --teams 甲,乙,丙…（队名）")
    text = teams.replace("，", ",").strip()
    if "," not in text and text[:1] in "+-0123456789０１２３４５６７８９":
        # A number of teams (a team named "-1" is a mistyped number, not a name).
        count = read_number(text, "--teams", whole=True, minimum=2, maximum=200)
        names = [str(i) for i in range(1, count + 1)]
    else:
        names = [t.strip() for t in text.split(",") if t.strip()]
    schedule = (double_round_robin if double else round_robin)(names)
    if as_json:
        emit_json({"teams": names, "double": double, "rounds": [
            {"round": i, "matches": [{"home": f.home, "away": f.away} for f in rnd],
             "bye": next((t for t in names if all(t not in (f.home, f.away) for f in rnd)), None)}
            for i, rnd in enumerate(schedule, 1)]})
        return
    if double:
        half = len(schedule) // 2
        second = f"{half + 1}–{len(schedule)}" if half > 1 else f"{len(schedule)}"
        click.echo(pick(
            lang, f"Double round robin, {plural(len(names), 'team', 'teams')}, "
                  f"{plural(len(schedule), 'round', 'rounds')} (the first team named is at "
                  f"home; {'rounds' if half > 1 else 'round'} {second} "
                  f"{'are the return matches' if half > 1 else 'is the return match'}, "
                  "home and away swapped)",
            f"双循环赛，{len(names)}队，{len(schedule)}轮（前者为主队；第{second}轮为第二循环，"
            "主客互换）"))
    else:
        click.echo(pick(lang, f"Round robin, {plural(len(names), 'team', 'teams')}, "
                              f"{plural(len(schedule), 'round', 'rounds')} "
                              "(the first team named is at home)",
                        f"循环赛，{len(names)}队，{len(schedule)}轮（前者为主队）"))
    for i, rnd in enumerate(schedule, 1):
        games = pick(lang, ", ", "，").join(
            f"{f.home} v {f.away}" if not is_zh(lang) else f"{f.home} 对 {f.away}" for f in rnd)
        bye = [t for t in names if all(t not in (f.home, f.away) for f in rnd)]
        extra = (pick(lang, f"; bye: {bye[0]}", f"；轮空：{bye[0]}") if bye else "")
        click.echo(pick(lang, f"Round {i}: {games}{extra}", f"第{i}轮：{games}{extra}"))


@command("swiss", help="""The next Swiss round's draw from the standings (CSV id,name,score), from
    the scored rounds so far (--results), or for Swiss teams from the match results so far.

    \b
    bridgescore swiss standings.csv --history opponents.csv --withdraw 5
    bridgescore swiss --results r1.csv r2.csv r3.csv --scoring mp
    bridgescore swiss --results r1.csv r2.csv --withdraw 5@2 --late 9@2=20
    bridgescore swiss --matches results.csv""",
         zh="""瑞士移位：按当前名次排出下一轮的对阵。名次来自名次文件（CSV：编号,名称,分数）、此前各轮的成绩文件（--results），或瑞士移位队式赛此前的赛果。

    \b
    bridgescore swiss standings.csv --history opponents.csv --withdraw 5
    bridgescore swiss --results r1.csv r2.csv r3.csv --scoring mp
    bridgescore swiss --results r1.csv r2.csv --withdraw 5@2 --late 9@2=20
    bridgescore swiss --matches results.csv""")
@argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False), metavar="FILE...",
          help="A standings file, or with --results the results file of each round.",
          zh="名次文件；用 --results 时为每轮一个的成绩文件。")
@option("--results", "from_rounds", is_flag=True, aliases=("--rounds",),
        help="The files are the scored rounds so far, one pairs results file a round "
        "(as 'pairs' reads): print the standings and the next draw.",
        zh="这些文件为此前各轮的成绩，每轮一个双人赛成绩文件（与 pairs 读取的格式相同）：打印名次及下一轮对阵。")
@option("--scoring", type=click.Choice(["mp", "ximp", "butler"]), default="mp",
        show_default=True, help="With --results: how each round is scored.",
        zh="用 --results 时：每轮的记分方法。")
@option("--completion", type=Number(0, 1, expected=_SHARE), default=0.6, show_default=True,
        metavar="SHARE",
        help="With --results: share of the boards a pair must complete to be ranked.",
        zh="用 --results 时：排名所需完成的牌副比例。")
@option("--history", "history_file", type=click.Path(exists=True, dir_okay=False),
        metavar="FILE", help="Previous opponents: CSV lines 'A,B'; a bye as 'A,bye'.",
        zh="此前的对手：CSV 每行 'A,B'；轮空写作 'A,bye'。")
@option("--matches", "matches_file", type=click.Path(exists=True, dir_okay=False),
        metavar="FILE",
        help="Swiss teams: the match results so far (CSV round,home,away,home_imps,"
        "away_imps,boards); the draw comes from their VP standings and avoids the matches "
        "played.",
        zh="瑞士移位队式赛：此前各轮的赛果（CSV：round,home,away,home_imps,away_imps,boards）；"
        "按其 VP 名次排对阵，并避免重复相遇。")
@option("--vp-scale", default="wbf", show_default=True, metavar="NAME",
        help="With --matches: VP scale.", zh="用 --matches 时：VP 表。")
@option("--bye-vp", type=ByeVp(), default="12", show_default=True, metavar="VP|average",
        help="With --matches: VPs for a bye (a number, or 'average').",
        zh="用 --matches 时：轮空所得的 VP（一个数，或 average）。")
@option("--first-round", type=click.Choice(["order", "split", "random"]), default="order",
        show_default=True, help="Round 1 (no history): registration order, halves, random.",
        zh="第一轮（无历史）：按报名顺序（order）、前后两半对阵（split）或随机（random）。")
@option("--seed", type=Whole(), metavar="N", help="Seed for --first-round random.",
        zh="--first-round random 所用的随机种子。")
@option("--withdraw", "withdrawals", multiple=True, metavar="PAIR[@ROUND]",
        help="The pair withdrew from ROUND on (default: the next round); it is not drawn "
        "again.  Repeatable.",
        zh="该对自第 ROUND 轮起退赛（默认自下一轮起），不再排入对阵。可重复给出。")
@option("--late", "late_entries", multiple=True, metavar="PAIR@ROUND[=SCORE]",
        help="The pair entered late: its first round is ROUND, it starts with SCORE "
        "(default 0).  Repeatable.",
        zh="该对补报入赛：首轮为第 ROUND 轮，起始分为 SCORE（默认 0）。可重复给出。")
@option("--sit-out", "sit_outs", multiple=True, metavar="PAIR[@ROUND]",
        help="The director sits the pair out of ROUND (default: the next round): it is "
        "not drawn.  Repeatable.",
        zh="裁判让该对在第 ROUND 轮轮休（默认下一轮），不排入对阵。可重复给出。")
@option("--sit-out-score", type=Number(), default=None, metavar="POINTS",
        help="With --results: points for a round sat out (default: nothing).",
        zh="用 --results 时：轮休一轮所得的分数（默认不得分）。")
@option("--bye-score", type=Number(), default=None, metavar="POINTS",
        help="With --results: points for the bye of an odd field (default: nothing).",
        zh="用 --results 时：对数为奇数时轮空所得的分数（默认不得分）。")
@json_option
@lang_option
def swiss_cmd(files: tuple[str, ...], from_rounds: bool, scoring: str, completion: float,
              history_file: str | None, matches_file: str | None,
              vp_scale: str, bye_vp: float | str, first_round: str, seed: int | None,
              withdrawals: tuple[str, ...], late_entries: tuple[str, ...],
              sit_outs: tuple[str, ...], sit_out_score: float | None, bye_score: float | None,
              as_json: bool, lang: Lang) -> None:
    from ..sessions.swiss import History, read_history, read_standings, rounds_played, swiss_draw

    def roster(next_round: int, known: list[str] | None, new_late: bool = True) -> Roster:
        """The director's instructions; with ``known``, each must name a known pair (a late
        entry may be new to a standings file, never to a teams results list)."""
        from ..sessions.swiss_roster import LateEntry, Roster, parse_instruction

        items = [parse_instruction("withdraw", x, next_round) for x in withdrawals]
        items += [parse_instruction("late", x, next_round) for x in late_entries]
        items += [parse_instruction("sit-out", x, next_round) for x in sit_outs]
        for x in items:
            if known is not None and x.pair not in known and \
                    not (new_late and isinstance(x, LateEntry)):
                raise BridgeError(f"unknown pair {x.pair!r}: not in the standings",
                                  f"未知的对 {x.pair!r}：不在名次表中")
        return Roster(tuple(items), sit_out_score)

    if not from_rounds and (bye_score is not None or sit_out_score is not None):
        raise BridgeError("--bye-score and --sit-out-score are for --results",
                          "--bye-score 和 --sit-out-score 用于 --results")
    if from_rounds:
        if history_file is not None or matches_file is not None:
            raise BridgeError("--results gives both the scores and the opponents: give no "
                              "--history or --matches with it",
                              "--results 已包含成绩和对阵历史：不要同时给出 --history 或 --matches")
        _swiss_pairs(files, scoring, completion, cast("FirstRound", first_round), seed,
                     roster(len(files) + 1, None), bye_score, as_json, lang)
        return
    if len(files) > 1:
        raise BridgeError(f"{len(files)} files given: expected one standings file (or --results "
                          "with one results file a round)",
                          f"给出了 {len(files)} 个文件：应为一个名次文件（或用 --results，每轮一个成绩文件）")
    standings_file = files[0] if files else None
    if matches_file is not None:
        if standings_file is not None or history_file is not None:
            raise BridgeError("--matches gives both the standings and the history: give no "
                              "standings file or --history with it",
                              "--matches 已包含名次和对阵历史：不要同时给出名次文件或 --history")
        _swiss_teams(matches_file, vp_scale, bye_vp, cast("FirstRound", first_round), seed,
                     roster, as_json, lang)
        return
    if standings_file is None:
        raise BridgeError("give a standings file (CSV id,name,score) or --matches FILE",
                          "请给出名次文件（CSV 编号,名称,分数）或 --matches 赛果文件")
    entries = read_standings(_read_text(standings_file), source=standings_file)
    hist = History()
    if history_file is not None:
        hist = read_history(_read_text(history_file), [e.id for e in entries],
                            source=history_file)
    from ..sessions.swiss import Entry

    next_round = rounds_played(hist, [e.id for e in entries]) + 1
    plan = roster(next_round, [e.id for e in entries])
    # A late entry not in the standings joins with its starting score.
    for x in plan.instructions:
        if x.pair not in {e.id for e in entries}:
            entries.append(Entry(x.pair, "", plan.starting_score(x.pair)))
    drawn = set(plan.drawn([e.id for e in entries], next_round))
    draw = swiss_draw([e for e in entries if e.id in drawn], hist,
                      first_round=cast("FirstRound", first_round), seed=seed)
    names = {e.id: e.name for e in entries}
    if as_json:
        emit_json({"draw": draw_json(draw, next_round, names=names)})
        return
    for line in draw.lines(lang, names):
        click.echo(line)
    if draw.rematches:
        click.echo(pick(lang, _rematches(draw.rematches),
                        f"有 {draw.rematches} 场重复相遇无法避免"))


def _swiss_teams(path: str, vp_scale: str, bye: float | str, first_round: FirstRound,
                 seed: int | None, roster: Callable[[int, list[str] | None, bool], Roster],
                 as_json: bool, lang: Lang) -> None:
    from ..sessions.team_events import SwissTeams
    from ..sessions.team_results import loads as load_list

    ev = load_list(_read_text(path), source=path)
    swiss = SwissTeams(list(ev.teams), list(ev.matches), list(ev.byes),
                       bye, vp_scale)  # type: ignore[arg-type]
    table = swiss.standings()
    rounds = max([m.round for m in ev.matches] + [r for r, _ in ev.byes], default=0)
    plan = roster(rounds + 1, list(ev.teams), False)
    draw = swiss.next_draw(first_round=first_round, seed=seed,
                           drawn=plan.drawn(ev.teams, rounds + 1))
    if as_json:
        emit_json({"event": ev.name or None, "vp_scale": vp_scale, "rounds": rounds,
                   "standings": [standing_json(s, ev.names) for s in table],
                   "draw": draw_json(draw, rounds + 1, teams=True, names=ev.names)})
        return
    click.echo(pick(lang, f"Round {rounds + 1} draw (from the standings after round {rounds}):",
                    f"第{rounds + 1}轮对阵（按第{rounds}轮后的名次）："))
    for line in draw.lines(lang, ev.names, teams=True):
        click.echo(line)
    if draw.rematches:
        click.echo(pick(lang, _rematches(draw.rematches),
                        f"有 {draw.rematches} 场重复相遇无法避免"))


def _swiss_pairs(files: tuple[str, ...], scoring: str, completion: float,
                 first_round: FirstRound, seed: int | None, roster: Roster,
                 bye_score: float | None, as_json: bool, lang: Lang) -> None:
    from ..sessions.model import Session
    from ..sessions.swiss_pairs import score_swiss_rounds
    from .events import load_results

    if not files:
        raise BridgeError("--results: give the results file of each round played so far",
                          "--results：请给出已赛各轮的成绩文件")
    sessions = []
    for path in files:
        item = load_results(path)
        if not isinstance(item, Session):
            raise FileFormatError("this file holds a team match, not a pairs round",
                                  "该文件是队式赛结果，不是双人赛的一轮", path=path)
        sessions.append(item)
    event = score_swiss_rounds(sessions, scoring, completion=completion, roster=roster,
                               bye_score=bye_score)
    draw = event.draw(first_round=first_round, seed=seed)
    if as_json:
        emit_json({"scoring": event.scoring, "rounds": len(event.rounds),
                   "total_boards": event.total_boards, "completion": fnum(event.completion),
                   "standings": [
                       {**pair_row(p.place, p.pair, event.names.get(p.pair, ()), p.direction,
                                   p.total, p.percentage, p.boards),
                        "rank": p.rank,
                        "by_round": [None if x is None else fnum(x)
                                     for x in event.per_round[p.pair]],
                        "by_round_status": list(event.status.get(p.pair, ()))}
                       for p in event.standings],
                   "roster": event.roster.describe(lang),
                   "draw": draw_json(draw, len(event.rounds) + 1)})
        return
    for line in event.lines(lang):
        click.echo(line)
    n = len(files)
    click.echo("")
    click.echo(pick(lang, f"Round {n + 1} draw (from the standings after round {n}):",
                    f"第{n + 1}轮对阵（按第{n}轮后的名次）："))
    for line in draw.lines(lang, event.name_map(lang)):
        click.echo(line)
    if draw.rematches:
        click.echo(pick(lang, _rematches(draw.rematches),
                        f"有 {draw.rematches} 场重复相遇无法避免"))
