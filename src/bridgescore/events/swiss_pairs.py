"""A Swiss pairs event (瑞士移位双人赛) from its scored rounds: standings and the next draw.

The seeds' automatic Swiss pairs (002) work like this:

* Each round is scored on its own (matchpoints or IMPs) and "本轮得分 … 累积到每对选手的总分上":
  the round's score is added to the pair's running total.
* Every round after the first is seated by current total, highest first (瑞士移位).
* At the end, the pairs that completed a set share of the boards (002: "一般为60%到80%") are
  ranked.  Equal totals go to the pair that completed more boards, then to the pair that
  registered earlier (``ranking.rank(rule="swiss")``).  Pairs below the threshold are listed
  after them without a place.

The input is one pairs results file per round.  Opponents are read from the results: a pair
that played any board against another in a round has met it.  A pair that is known to the
event but has no result in a round is recorded as having had a bye (轮空) in that round, so
the next bye goes to another pair when that can be arranged.

Registration order comes from the ``# pair:`` lines of the files (the first file that lists a
pair decides).  Pairs listed nowhere come after those, in number order.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import BridgeError
from ..text import display_width
from .exact import exact
from .figures import column, json_number
from .model import PairScore, Session, SessionScores
from .ranking import boards_needed, natural_key, rank
from .swiss import Draw, Entry, FirstRound, History, swiss_draw

__all__ = ["SWISS_SCORING", "SwissPairsEvent", "score_swiss_rounds"]

SWISS_SCORING = ("mp", "ximp", "butler")  # 002: "系统支持XIMP，总IMP和MP三种记分方法"


@dataclass(frozen=True)
class SwissPairsEvent:
    """The scored rounds, the ranked standings and who has met whom."""

    scoring: str
    rounds: tuple[SessionScores, ...]
    standings: tuple[PairScore, ...]  # ranked pairs first, then the unranked ones
    per_round: dict[str, tuple[float | None, ...]]  # a pair's score in each round (None: absent)
    history: History
    registration: dict[str, int]
    names: dict[str, tuple[str, ...]]  # the players of each pair
    total_boards: int
    completion: float

    def name(self, pair: str, lang: str = "en") -> str:
        """The players' names, joined as ``Pair.label`` joins them (– in English, 、 in Chinese)."""
        return (" – " if lang != "zh" else "、").join(self.names.get(pair, ()))

    def name_map(self, lang: str = "en") -> dict[str, str]:
        return {p: self.name(p, lang) for p in self.registration}

    def draw(self, first_round: FirstRound = "order", seed: int | None = None) -> Draw:
        """The next round's draw: by current total, equal totals in registration order."""
        order = sorted(self.registration, key=lambda p: self.registration[p])
        totals = {p.pair: p.total for p in self.standings}
        entries = [Entry(p, self.name(p), totals.get(p, 0.0)) for p in order]
        return swiss_draw(entries, self.history, first_round=first_round, seed=seed)

    def to_json(self, draw: Draw | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "scoring": self.scoring,
            "rounds": len(self.rounds),
            "total_boards": self.total_boards,
            "completion": self.completion,
            "standings": [
                {"place": p.place, "rank": p.rank, "pair": p.pair,
                 "names": list(self.names.get(p.pair, ())), "total": json_number(p.total),
                 "boards": p.boards,
                 "by_round": [None if x is None else json_number(x)
                              for x in self.per_round[p.pair]]}
                for p in self.standings
            ],
        }
        if draw is not None:
            out["next_round"] = len(self.rounds) + 1
            out["draw"] = draw.to_json()
        return out

    def lines(self, lang: str = "en") -> list[str]:
        """The standings as an aligned text table, with a note on the completion threshold."""
        zh = lang == "zh"
        n = len(self.rounds)
        head = (["名次", "对", "名称", "总分", "完成副数"] if zh
                else ["Place", "Pair", "Name", "Total", "Boards"])
        head += [f"第{r}轮" if zh else f"R{r}" for r in range(1, n + 1)]
        rows = [head]
        # One number format per column: two decimals throughout a column as soon as one of
        # its figures needs them (93.50 above 86.00, never 93.5 above 86).
        totals = column([p.total for p in self.standings])
        cols = [column([self.per_round[p.pair][r] for p in self.standings]) for r in range(n)]
        for i, p in enumerate(self.standings):
            cells = [cols[r][i] or "-" for r in range(n)]
            rows.append([p.place or "-", p.pair, self.name(p.pair, lang), totals[i],
                         str(p.boards), *cells])
        title = (f"瑞士移位双人赛：{n} 轮后的名次（{_SCORING[self.scoring][1]}）" if zh
                 else f"Swiss pairs: standings after {n} round(s) ({_SCORING[self.scoring][0]})")
        out = [title, *_align(rows, right={0, 3, 4, *range(5, 5 + n)})]
        needed = boards_needed(self.completion, self.total_boards)
        if needed:
            unranked = sum(1 for p in self.standings if p.rank is None)
            out.append(
                f"完成比赛须打满 {needed}/{self.total_boards} 副（{self.completion:.0%}）；"
                f"未达到的 {unranked} 对不排名次" if zh
                else f"Ranked: pairs that completed at least {needed} of {self.total_boards} "
                     f"boards ({self.completion:.0%}); {unranked} pair(s) below that are unranked")
        return out


_SCORING = {"mp": ("matchpoints", "比赛分"), "ximp": ("cross-IMPs", "交叉 IMP"),
            "butler": ("Butler IMPs", "巴特勒 IMP")}


def _align(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(display_width(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = []
        for i, (cell, w) in enumerate(zip(r, widths, strict=True)):
            pad = " " * (w - display_width(cell))
            cells.append(pad + cell if i in right else cell + pad)
        out.append("  ".join(cells).rstrip())
    return out


def score_swiss_rounds(
    sessions: Sequence[Session],
    scoring: str = "mp",
    *,
    completion: float = 0.6,
    mp_scale: str = "2/1/0",
) -> SwissPairsEvent:
    """Score each round, add up the totals and rank them by the seeds' Swiss rule.

    ``completion`` is the share of all the boards in the event (the most any pair could play:
    each round's largest count of boards played by one pair, summed) that a pair must have
    completed to be ranked.
    """
    from .imp_pairs import score_session

    if scoring not in SWISS_SCORING:
        raise BridgeError(
            f"unknown Swiss scoring {scoring!r}: expected one of {', '.join(SWISS_SCORING)}",
            f"未知的瑞士移位记分方法 {scoring!r}：应为 {', '.join(SWISS_SCORING)} 之一")
    if not sessions:
        raise BridgeError("no rounds given: expected one results file per round",
                          "没有给出任何一轮：每轮应有一个成绩文件")
    if not 0 <= completion <= 1:
        raise BridgeError(f"invalid completion threshold {completion!r}: expected 0 to 1",
                          f"无效的完成比例 {completion!r}：应在 0 到 1 之间")
    registration: dict[str, int] = {}
    names: dict[str, tuple[str, ...]] = {}
    for s in sessions:
        for pid, pair in sorted(s.pairs.items(), key=lambda kv: (
                kv[1].registration if kv[1].registration is not None else math.inf,
                natural_key(kv[0]))):
            if pid not in registration:
                registration[pid] = len(registration)
            if pair.names and pid not in names:
                names[pid] = tuple(pair.names)
    scored = tuple(score_session(s, scoring, mp_scale=mp_scale) for s in sessions)
    everyone = set(registration)
    for sc in scored:
        everyone.update(p.pair for p in sc.pairs if p.boards > 0)
    for pid in sorted(everyone - set(registration), key=natural_key):
        registration[pid] = len(registration)

    per_round: dict[str, list[float | None]] = {p: [] for p in everyone}
    totals = dict.fromkeys(everyone, Fraction(0))
    boards = dict.fromkeys(everyone, 0)
    history = History()
    total_boards = 0
    for s, sc in zip(sessions, scored, strict=True):
        # A pair listed in the file's header but with no result this round did not play.
        played = {p.pair: p for p in sc.pairs if p.boards > 0}
        for pid in everyone:
            ps = played.get(pid)
            per_round[pid].append(None if ps is None else ps.total)
            if ps is not None:
                totals[pid] += ps.exact if ps.exact is not None else exact(ps.total)
                boards[pid] += ps.boards
        total_boards += max((p.boards for p in sc.pairs), default=0)
        met = {frozenset((r.ns_pair, r.ew_pair)) for r in s.results}
        for m in met:
            a, b = sorted(m)
            history.add_meeting(a, b)
        for pid in everyone - set(played):
            history.byes[pid] += 1
    # maximum=None: the seeds rank a Swiss pairs event by its running total, not by percentage.
    scores = [PairScore(p, None, float(totals[p]), boards[p], exact=totals[p]) for p in everyone]
    ranked = rank(scores, rule="swiss", registration=registration, completion=completion,
                  total_boards=total_boards)
    return SwissPairsEvent(
        scoring=scoring,
        rounds=scored,
        standings=tuple(ranked),
        per_round={p: tuple(v) for p, v in per_round.items()},
        history=history,
        registration=registration,
        names=names,
        total_boards=total_boards,
        completion=completion,
    )
