"""Compare the scores a results file already carries with ours.

A USEBIO or PBN results file written by another scoring program usually carries that
program's matchpoints (or IMPs) on each traveller line and each pair's total, percentage and
place.  ``compare(carried, ours)`` lists every disagreement; nothing is reported for a line
or a pair the file gives no score for (those are counted as not compared).

A number agrees when it is equal to the file's to the file's own precision: a file that
writes ``10.7`` for ``10.6667`` agrees, one that writes ``10.6`` does not.

>>> from bridgescore.sessions.model import BoardResult, Session
>>> from bridgescore.sessions.matchpoints import score_matchpoints
>>> ours = score_matchpoints(Session((BoardResult(1, "1", "2", score=420),
...                                   BoardResult(1, "3", "4", score=-50))))
>>> c = Carried(results={(1, "1", "2"): ("2", "0"), (1, "3", "4"): ("1", "1")})
>>> [d.text("en") for d in compare(c, ours).differences]
['board 1, NS 3 v EW 4: file 1/1, ours 0/2']
>>> print(compare(c, ours).summary("zh"))
比较了 2 个结果、0 对：1 处不一致
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from ...core.i18n import Lang, is_zh, plural
from ..scores import SessionScores

__all__ = ["Carried", "Comparison", "Difference", "compare"]


@dataclass
class Carried:
    """What a file says: per traveller line ``(board, ns_pair, ew_pair) -> (ns, ew)`` as
    written, and per pair its place, total and percentage (as written)."""

    scoring: str | None = None  # the file's own scoring method, when it says (mp, ximp, …)
    imps: bool = False  # the scores are IMPs (the method unsaid: cross-IMPs, Butler …)
    results: dict[tuple[int, str, str], tuple[str, str]] = field(default_factory=dict)
    places: dict[str, str] = field(default_factory=dict)
    totals: dict[str, str] = field(default_factory=dict)
    percentages: dict[str, str] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not (self.results or self.places or self.totals or self.percentages)


Kind = Literal["result", "place", "total", "percentage"]


@dataclass(frozen=True, slots=True)
class Difference:
    kind: Kind
    board: int | None  # for a result
    pair: str  # NS pair of a result, or the pair
    other: str  # EW pair of a result ("" for a pair)
    theirs: str
    ours: str

    def text(self, lang: Lang = "en", show: Callable[[str], str] = str) -> str:
        if self.kind == "result":
            ns, ew = show(self.pair), show(self.other)
            if is_zh(lang):
                return f"第{self.board}副，南北 {ns} 对 东西 {ew}：文件 {self.theirs}，我们 {self.ours}"
            return f"board {self.board}, NS {ns} v EW {ew}: file {self.theirs}, ours {self.ours}"
        what = {"place": ("place", "名次"), "total": ("total", "总分"),
                "percentage": ("percentage", "百分比")}[self.kind]
        # ``show`` prints a pair id as the file numbers it (EW pair "2EW" is "2" in a Mitchell
        # file that numbers both directions from 1): then say which direction.
        number = show(self.pair)
        is_ew = number != self.pair
        if is_zh(lang):
            return (f"{'东西' if is_ew else ''}第{number}对{what[1]}：文件 {self.theirs}，"
                    f"我们 {self.ours or '无'}")
        return (f"{'EW ' if is_ew else ''}pair {number} {what[0]}: file {self.theirs}, "
                f"ours {self.ours or 'none'}")

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind}
        if self.kind == "result":
            ns_t, ew_t = self.theirs.split("/")
            ns_o, ew_o = self.ours.split("/")
            out.update(board=self.board, ns_pair=self.pair, ew_pair=self.other,
                       theirs={"ns": _json_num(ns_t), "ew": _json_num(ew_t)},
                       ours={"ns": _json_num(ns_o), "ew": _json_num(ew_o)})
        elif self.kind == "place":  # places stay text: "2=" is a shared second place
            out.update(pair=self.pair, theirs=self.theirs, ours=self.ours or None)
        else:
            out.update(pair=self.pair, theirs=_json_num(self.theirs),
                       ours=_json_num(self.ours) if self.ours else None)
        return out


@dataclass(frozen=True)
class Comparison:
    differences: tuple[Difference, ...]
    results_compared: int
    pairs_compared: int
    not_compared: int  # traveller lines the file gives no score for

    @property
    def agree(self) -> bool:
        return not self.differences

    def summary(self, lang: Lang = "en") -> str:
        n = len(self.differences)
        skipped_en = f"; {self.not_compared} without a score in the file" if self.not_compared else ""
        skipped_zh = f"；{self.not_compared} 个结果文件中无分数" if self.not_compared else ""
        if is_zh(lang):
            head = f"比较了 {self.results_compared} 个结果、{self.pairs_compared} 对"
            return head + (f"：全部一致{skipped_zh}" if n == 0 else f"：{n} 处不一致{skipped_zh}")
        head = (f"compared {plural(self.results_compared, 'result', 'results')} and "
                f"{plural(self.pairs_compared, 'pair', 'pairs')}")
        return head + (f": all agree{skipped_en}" if n == 0 else
                       f": {n} disagreement{'s' if n != 1 else ''}{skipped_en}")

    def to_json(self) -> dict[str, object]:
        return {"agree": self.agree, "results_compared": self.results_compared,
                "pairs_compared": self.pairs_compared, "not_compared": self.not_compared,
                "differences": [d.to_json() for d in self.differences]}


def _json_num(text: str) -> float | int | str:
    try:
        x = float(text)
    except ValueError:
        return text
    return int(x) if x.is_integer() else x


def _agrees(theirs: str, ours: float) -> bool:
    """Equal to the precision the file writes (at least to 0.01)."""
    try:
        value = float(theirs)
    except ValueError:
        return False
    decimals = len(theirs.strip().partition(".")[2])
    tolerance = 0.5 * 10.0 ** -decimals if decimals else 0.005
    return abs(value - ours) <= max(tolerance, 0.005) + 1e-9


def _fmt(x: float) -> str:
    r = round(x, 2)
    return str(int(r)) if r == int(r) else f"{r:.2f}".rstrip("0")


def compare(carried: Carried, ours: SessionScores) -> Comparison:
    """Every traveller line and pair whose carried score differs from ours."""
    diffs: list[Difference] = []
    compared = skipped = 0
    for b in ours.boards:
        for s in b.results:
            key = (b.board, s.result.ns_pair, s.result.ew_pair)
            if key not in carried.results:
                skipped += 1
                continue
            compared += 1
            ns, ew = carried.results[key]
            if not (_agrees(ns, s.ns) and _agrees(ew, s.ew)):
                diffs.append(Difference("result", b.board, key[1], key[2], f"{ns}/{ew}",
                                        f"{_fmt(s.ns)}/{_fmt(s.ew)}"))
    pairs = 0
    for p in ours.pairs:
        counted = False
        if p.pair in carried.places:
            counted = True
            theirs = carried.places[p.pair].strip()
            if theirs.rstrip("=") != p.place.rstrip("="):
                diffs.append(Difference("place", None, p.pair, "", theirs, p.place))
        if p.pair in carried.totals:
            counted = True
            if not _agrees(carried.totals[p.pair], p.total):
                diffs.append(Difference("total", None, p.pair, "", carried.totals[p.pair],
                                        _fmt(p.total)))
        if p.pair in carried.percentages:
            counted = True
            pct = p.percentage
            if pct is None or not _agrees(carried.percentages[p.pair], pct):
                diffs.append(Difference("percentage", None, p.pair, "",
                                        carried.percentages[p.pair],
                                        "" if pct is None else f"{pct:.2f}"))
        pairs += counted
    return Comparison(tuple(diffs), compared, pairs, skipped)
