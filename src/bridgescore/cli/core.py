"""``score``, ``imps``, ``vp`` and ``board``: the foundation's commands.

This module must stay light (no NumPy, Rich or Jinja2): ``bridgescore score`` is meant to
answer in well under 150 ms.  What only ``imps`` and ``vp`` need (the scales, exact numbers,
the JSON shapes) is imported inside those commands; tests/test_startup.py checks what
``score`` loads.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import click

from ..core.board import Board
from ..core.errors import NotationError
from ..core.i18n import Lang, is_zh, noun, pick, plural, signed
from ..core.law77 import Breakdown
from ..core.result import Result
from ..core.seat import Side
from ..core.vulnerability import Vulnerability
from ._common import emit_json, json_option, lang_option
from ._params import Whole, argument, command, option

if TYPE_CHECKING:
    from fractions import Fraction

    from ..scoring.imps import ImpScale

# Tokens such as "-2" must reach the RESULT argument instead of being read as options.
_PASS_THROUGH = {"ignore_unknown_options": True}


def _breakdown_json(b: Breakdown, lang: Lang) -> dict[str, Any]:
    return {
        "formula": b.formula(),
        "expression": b.expression,
        "total": b.total,
        "parts": [
            {"kind": p.kind.value, "name": p.name_in(lang), "points": p.points,
             "expression": p.expression}
            for p in b.parts
        ],
    }


def _vulnerability(vul: str | None, board: str | None) -> tuple[Vulnerability, Board | None]:
    b = Board.parse(board) if board is not None else None
    v = Vulnerability.parse(vul) if vul is not None else None
    if b is not None and v is not None and v is not b.vulnerability:
        raise NotationError(
            f"--vul {vul!r} contradicts board {b.number}, which is {b.vulnerability.describe('en')}; give one of them",
            f"--vul {vul!r} 与第{b.number}副的局况（{b.vulnerability.name_in('zh')}）不符；请只给其一",
        )
    if b is not None:
        return b.vulnerability, b
    return (v or Vulnerability.NONE), None


@command("score", context_settings=_PASS_THROUGH,
         help="Score one result and explain it.\n\n"
              "RESULT is e.g. 4SX N -2, \"3NT by S +1\", 3NT S 9, 南打3NT超1, 北定约2S，拿8墩.",
         zh="计算一个结果的得分并给出算式。\n\n"
            "结果（RESULT）可写作 4SX N -2、\"3NT by S +1\"、3NT S 9、南打3NT超1、北定约2S，拿8墩。")
@argument("result", nargs=-1, required=True, metavar="RESULT...",
          help="The contract, declarer and result.", zh="定约、庄家和结果。")
@option("--vul", "vul", metavar="V", help="Vulnerability: none, NS, EW, both (双无/南北/东西/双有).",
        zh="局况：双无、南北、东西、双有（也可写 none、NS、EW、both）。")
@option("--board", "board", metavar="N",
        help="Board number: gives the vulnerability (and dealer).",
        zh="牌副号：由此得出局况（及发牌人）。")
@option("--symbols", is_flag=True, help="Write suits as ♠♥♦♣.", zh="用 ♠♥♦♣ 表示花色。")
@json_option
@lang_option
def score_cmd(result: tuple[str, ...], vul: str | None, board: str | None, symbols: bool,
              as_json: bool, lang: Lang) -> None:
    text = " ".join(result)
    for token in result:
        if token.startswith("--"):
            raise click.NoSuchOption(token)
    r = Result.parse(text)
    v, b = _vulnerability(vul, board)
    # The figures are the breakdown's, the one the command prints: scoring one result this
    # way needs no score table (built on first use, for scoring many).
    explained = r.breakdown(v)
    declarer_score = explained.declarer_score
    ns = -declarer_score if r.declarer is not None and r.declarer.side is Side.EW \
        else declarer_score
    if as_json:
        data: dict[str, Any] = {
            "input": text,
            "contract": str(r.contract),
            "declarer": str(r.declarer) if r.declarer else None,
            "board": b.number if b else None,
            "dealer": str(b.dealer) if b else None,
            "vulnerability": str(v),
            "vulnerable": r.declarer_vulnerable(v),
            "tricks": r.tricks if r.declarer else None,
            "result": None if r.declarer is None else ("=" if r.relative == 0 else f"{r.relative:+d}"),
            "declarer_score": declarer_score,
            "ns_score": ns,
            "ew_score": -ns,
            "scoring_side": str(r.scoring_side(v)) if r.declarer and ns else None,
            "breakdown": _breakdown_json(explained, lang) if r.declarer else None,
            "explanation": r.explain(v, lang),
        }
        emit_json(data)
        return
    head = r.format(lang, symbols)
    where = b.describe(lang) if b else v.describe(lang)
    if is_zh(lang):
        click.echo(f"{head}（{where}）")
    else:
        tricks = f", {plural(r.tricks, 'trick', 'tricks')}" if r.declarer else ""
        click.echo(f"{head}{tricks} ({where})")
    for line in r.explain(v, lang):
        click.echo(line)
    click.echo(pick(lang, f"NS {signed(ns)}, EW {signed(-ns)}",
                    f"南北 {signed(ns)}，东西 {signed(-ns)}"))


def _int_or_float(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else float(x)


def _numbers(values: tuple[str, ...], what_en: str, what_zh: str) -> list[Fraction]:
    from ..core.numtext import read_number

    return [read_number(v, what_en, what_zh) for v in values]


@command("imps", context_settings=_PASS_THROUGH,
         help="IMPs for a points difference, or for two NS scores (the first minus the second).",
         zh="分差换算 IMP：给出一个分差，或两个南北得分（前者减后者）。")
@argument("values", nargs=-1, required=True, metavar="POINTS...",
          help="A difference (450), or two NS scores (620 170).",
          zh="一个分差（450），或两个南北得分（620 170）。")
@option("--imp-scale", "imp_scale", default="wbf", show_default=True, metavar="NAME",
        aliases=("--scale",), help="IMP scale: wbf (Law 78B) or ebl-1960.",
        zh="IMP 表：wbf（第78B条）或 ebl-1960。")
@option("--imp-scale-file", "scale_file", type=click.Path(dir_okay=False), metavar="FILE",
        aliases=("--scale-file",), help="Read the IMP scale from a file.",
        zh="从文件读取 IMP 表。")
@option("--between", type=click.Choice(["lower", "upper"]), default="lower", show_default=True,
        help="Where a difference that is not a multiple of 10 falls.",
        zh="分差不是 10 的倍数时归入哪一档（lower 较低档，upper 较高档）。")
@json_option
@lang_option
def imps_cmd(values: tuple[str, ...], imp_scale: str, scale_file: str | None, between: str,
             as_json: bool, lang: Lang) -> None:
    from ..scoring.imps import get_imp_scale, load_imp_scale

    nums = _numbers(values, "score", "分数")
    if len(nums) > 2:
        raise NotationError(
            f"too many numbers {' '.join(values)!r}: give one difference or two NS scores",
            f"数字过多 {' '.join(values)!r}：请给出一个分差或两个南北得分",
        )
    s: ImpScale = load_imp_scale(scale_file) if scale_file else get_imp_scale(imp_scale)
    diff = nums[0] - nums[1] if len(nums) == 2 else nums[0]
    result = s.imps(_int_or_float(diff), "upper" if between == "upper" else "lower")
    if as_json:
        # A difference may be fractional (an averaged datum): always a float.
        emit_json({"difference": float(diff), "imps": result, "scale": s.name,
                   "between": between})
        return
    d = _int_or_float(diff)
    if is_zh(lang):
        click.echo(f"分差 {d} → {result} IMP（{s.title('zh')}）")
    else:
        click.echo(f"difference {d} → {result} {noun(result, 'IMP', 'IMPs')} ({s.title('en')})")


@command("vp", context_settings=_PASS_THROUGH,
         help="VPs for an IMP margin, or for two teams' IMP totals.",
         zh="IMP 换算胜利分（VP）：给出 IMP 差，或两队的 IMP 总数。")
@argument("values", nargs=-1, required=True, metavar="IMPS...",
          help="A margin (10), or two IMP totals (31 45).",
          zh="一个 IMP 差（10），或两队的 IMP 总数（31 45）。")
@option("--boards", "-n", type=Whole(1), required=True, metavar="N", help="Boards in the match.",
        zh="本场比赛的牌数。")
@option("--vp-scale", "vp_scale", default="wbf", show_default=True, metavar="NAME",
        aliases=("--scale",), help="VP scale: wbf (continuous), wbf-whole, acbl-20, acbl-30.",
        zh="VP 表：wbf（连续）、wbf-whole（整数）、acbl-20、acbl-30。")
@json_option
@lang_option
def vp_cmd(values: tuple[str, ...], boards: int, vp_scale: str, as_json: bool, lang: Lang) -> None:
    from ..scoring.vp import get_vp_scale
    from ._json import vp_result

    nums = _numbers(values, "IMP figure", "IMP 数")
    if len(nums) > 2:
        raise NotationError(
            f"too many numbers {' '.join(values)!r}: give one margin or two IMP totals",
            f"数字过多 {' '.join(values)!r}：请给出一个 IMP 差或两队的 IMP 总数",
        )
    margin = nums[0] - nums[1] if len(nums) == 2 else nums[0]
    if margin.denominator != 1:
        raise NotationError(
            f"invalid IMP margin {_int_or_float(margin)}: VP scales take whole IMPs",
            f"无效的 IMP 差 {_int_or_float(margin)}：VP 换算按整数 IMP",
        )
    s = get_vp_scale(vp_scale)
    a, b = s.points(int(margin), boards)
    if as_json:
        emit_json(vp_result(s.name, boards, int(margin), a, b))
        return
    fa, fb = (f"{a:.2f}", f"{b:.2f}") if s.continuous else (str(a), str(b))
    if is_zh(lang):
        click.echo(f"{boards}副，IMP差 {int(margin)} → {fa} : {fb} VP（{s.title('zh')}）")
    else:
        click.echo(f"{plural(boards, 'board', 'boards')}, margin {int(margin)} "
                   f"{noun(int(margin), 'IMP', 'IMPs')} → "
                   f"{fa} : {fb} VPs ({s.title('en')})")


_RANGE = re.compile(r"(\d{1,9})\s*[-–~～]\s*(\d{1,9})")


def _board_numbers(specs: tuple[str, ...]) -> list[int]:
    numbers: list[int] = []
    for spec in specs:
        m = _RANGE.fullmatch(spec.strip())
        if m:
            lo, hi = int(m[1]), int(m[2])
            if lo < 1 or hi < lo or hi - lo > 10_000:
                raise NotationError(
                    f"invalid board range {spec!r}: expected e.g. 1-16",
                    f"无效的牌副范围 {spec!r}：应如 1-16",
                )
            numbers.extend(range(lo, hi + 1))
        else:
            numbers.append(Board.parse(spec).number)
    return numbers


@command("board", help="Dealer and vulnerability of boards.", zh="牌副的发牌人与局况。")
@argument("boards", nargs=-1, required=True, metavar="BOARD...",
          help="Board numbers or ranges: 5, 1-16, 第五副.", zh="牌副号或范围：5、1-16、第五副。")
@json_option
@lang_option
def board_cmd(boards: tuple[str, ...], as_json: bool, lang: Lang) -> None:
    items = [Board(n) for n in _board_numbers(boards)]
    if as_json:
        emit_json([
            {"board": b.number, "dealer": str(b.dealer), "vulnerability": str(b.vulnerability),
             "dealer_name": b.dealer.name_in(lang), "vulnerability_name": b.vulnerability.name_in(lang)}
            for b in items
        ])
        return
    for b in items:
        click.echo(b.describe(lang))
