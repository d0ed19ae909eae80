"""``score``, ``imps``, ``vp`` and ``board``: the foundation's commands.

This module must stay light (no NumPy, Rich or Jinja2): ``bridgescore score`` is meant to
answer in well under 150 ms.
"""

from __future__ import annotations

import re
from typing import Any

import click

from ..board import Board
from ..errors import NotationError, ScaleError
from ..imps import ImpScale, get_imp_scale, load_imp_scale
from ..result import Result
from ..scoring import Breakdown
from ..vp import get_vp_scale
from ..vulnerability import Vulnerability
from ._common import emit_json, json_option, lang_option

# Tokens such as "-2" must reach the RESULT argument instead of being read as options.
_PASS_THROUGH = {"ignore_unknown_options": True}


def _breakdown_json(b: Breakdown, lang: str) -> dict[str, Any]:
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


@click.command("score", context_settings=_PASS_THROUGH)
@click.argument("result", nargs=-1, required=True)
@click.option("--vul", "vul", metavar="V", help="Vulnerability: none, NS, EW, both (双无/南北/东西/双有).")
@click.option("--board", "board", metavar="N", help="Board number: gives the vulnerability (and dealer).")
@click.option("--symbols", is_flag=True, help="Write suits as ♠♥♦♣.")
@json_option
@lang_option
def score_cmd(result: tuple[str, ...], vul: str | None, board: str | None, symbols: bool,
              as_json: bool, lang: str) -> None:
    """Score one result and explain it.  计算一个结果的得分并给出算式。

    RESULT is e.g. 4SX N -2, "3NT by S +1", 南打3NT超1, 北定约2S，拿8墩.
    """
    text = " ".join(result)
    for token in result:
        if token.startswith("--"):
            raise click.NoSuchOption(token)
    r = Result.parse(text)
    v, b = _vulnerability(vul, board)
    ns = r.ns_score(v)
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
            "declarer_score": r.score(v),
            "ns_score": ns,
            "ew_score": -ns,
            "scoring_side": str(r.scoring_side(v)) if r.declarer and ns else None,
            "breakdown": _breakdown_json(r.breakdown(v), lang) if r.declarer else None,
            "explanation": r.explain(v, lang),
        }
        emit_json(data)
        return
    head = r.format(lang, symbols)
    where = b.describe(lang) if b else v.describe(lang)
    if lang == "zh":
        click.echo(f"{head}（{where}）")
    else:
        tricks = f", {r.tricks} tricks" if r.declarer else ""
        click.echo(f"{head}{tricks} ({where})")
    for line in r.explain(v, lang):
        click.echo(line)
    if lang == "zh":
        click.echo(f"南北 {ns:+d}，东西 {-ns:+d}")
    else:
        click.echo(f"NS {ns:+d}, EW {-ns:+d}")


_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")


def _numbers(values: tuple[str, ...], what_en: str, what_zh: str,
             example: str = "450 or -620") -> list[float]:
    out: list[float] = []
    for v in values:
        if not _NUMBER.fullmatch(v.strip()):
            raise NotationError(
                f"invalid {what_en} {v!r}: expected a number such as {example}",
                f"无效的{what_zh} {v!r}：应为数字，如 {example.replace(' or ', ' 或 ')}",
            )
        out.append(float(v))
    return out


def _int_or_float(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


@click.command("imps", context_settings=_PASS_THROUGH)
@click.argument("values", nargs=-1, required=True)
@click.option("--scale", default="wbf", show_default=True, help="IMP scale: wbf (Law 78B) or ebl-1960.")
@click.option("--scale-file", type=click.Path(dir_okay=False), help="Read the IMP scale from a file.")
@click.option("--between", type=click.Choice(["lower", "upper"]), default="lower", show_default=True,
              help="Where a difference that is not a multiple of 10 falls.")
@json_option
@lang_option
def imps_cmd(values: tuple[str, ...], scale: str, scale_file: str | None, between: str,
             as_json: bool, lang: str) -> None:
    """IMPs for a difference, or for two NS scores (first minus second).  分差换算IMP。"""
    nums = _numbers(values, "score", "分数")
    if len(nums) > 2:
        raise NotationError(
            f"too many numbers {' '.join(values)!r}: give one difference or two NS scores",
            f"数字过多 {' '.join(values)!r}：请给出一个分差或两个南北得分",
        )
    s: ImpScale = load_imp_scale(scale_file) if scale_file else get_imp_scale(scale)
    diff = nums[0] - nums[1] if len(nums) == 2 else nums[0]
    result = s.imps(_int_or_float(diff), "upper" if between == "upper" else "lower")
    if as_json:
        emit_json({"difference": _int_or_float(diff), "imps": result, "scale": s.name,
                   "between": between})
        return
    d = _int_or_float(diff)
    if lang == "zh":
        click.echo(f"分差 {d} → {result} IMP（{s.title('zh')}）")
    else:
        click.echo(f"difference {d} → {result} IMPs ({s.title('en')})")


@click.command("vp", context_settings=_PASS_THROUGH)
@click.argument("values", nargs=-1, required=True)
@click.option("--boards", "-n", type=int, required=True, help="Boards in the match.")
@click.option("--scale", default="wbf", show_default=True,
              help="VP scale: wbf (continuous), wbf-whole, acbl-20, acbl-30.")
@json_option
@lang_option
def vp_cmd(values: tuple[str, ...], boards: int, scale: str, as_json: bool, lang: str) -> None:
    """VPs for an IMP margin, or for two teams' IMP totals.  IMP换算胜利分。"""
    nums = _numbers(values, "IMP figure", " IMP 数", "12 or -7")
    if len(nums) > 2:
        raise NotationError(
            f"too many numbers {' '.join(values)!r}: give one margin or two IMP totals",
            f"数字过多 {' '.join(values)!r}：请给出一个 IMP 差或两队的 IMP 总数",
        )
    margin = nums[0] - nums[1] if len(nums) == 2 else nums[0]
    if not float(margin).is_integer():
        raise ScaleError(
            f"invalid IMP margin {_int_or_float(margin)}: VP scales take whole IMPs",
            f"无效的 IMP 差 {_int_or_float(margin)}：VP 换算按整数 IMP",
        )
    s = get_vp_scale(scale)
    a, b = s.points(int(margin), boards)
    if as_json:
        emit_json({"margin": int(margin), "boards": boards, "scale": s.name, "vp": [a, b]})
        return
    fa, fb = (f"{a:.2f}", f"{b:.2f}") if s.continuous else (str(a), str(b))
    if lang == "zh":
        click.echo(f"{boards}副，IMP差 {int(margin)} → {fa} : {fb} VP（{s.title('zh')}）")
    else:
        click.echo(f"{boards} boards, margin {int(margin)} IMPs → {fa} : {fb} VPs ({s.title('en')})")


_RANGE = re.compile(r"(\d+)\s*[-–~～]\s*(\d+)")


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


@click.command("board")
@click.argument("boards", nargs=-1, required=True)
@json_option
@lang_option
def board_cmd(boards: tuple[str, ...], as_json: bool, lang: str) -> None:
    """Dealer and vulnerability of boards (e.g. 5, 1-16, 第五副).  牌副的发牌人与局况。"""
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
