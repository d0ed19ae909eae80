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
that played any board against another in a round has met it.  A pair known to the event with
no result in a round must be accounted for (``swiss_roster``): it withdrew, had not entered
yet, sat out as the director said, or — the one pair short in an odd field — had the round's
bye (轮空), which the next byes then avoid.  A pair simply missing is an error saying what to
give.  The bye scores ``bye_score`` and a sit-out the roster's ``sit_out_score`` (``None``:
nothing); a late entry starts with its starting score; a withdrawn pair keeps its results
and is not drawn again.

Registration order comes from the ``# pair:`` lines of the files (the first file that lists a
pair decides).  Pairs listed nowhere come after those, in number order.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import BridgeError
from ..core.figures import column, json_number
from ..core.frozen import FrozenMap
from ..core.i18n import Lang, is_zh
from ..core.serial import Data, Fields, header, is_number
from ..core.text import display_width
from ..scoring.exact import exact
from .model import Session
from .ranking import boards_needed, natural_key, rank
from .scores import PairScore, SessionScores
from .swiss import Draw, Entry, FirstRound, History, swiss_draw
from .swiss_roster import LateEntry, Roster, check_round

__all__ = ["SWISS_SCORING", "SwissPairsEvent", "score_swiss_rounds"]

SWISS_SCORING = ("mp", "ximp", "butler")  # 002: "系统支持XIMP，总IMP和MP三种记分方法"


@dataclass(frozen=True)
class SwissPairsEvent:
    """The scored rounds, the ranked standings and who has met whom."""

    scoring: str
    rounds: tuple[SessionScores, ...]
    standings: tuple[PairScore, ...]  # ranked pairs first, then the unranked ones
    per_round: Mapping[str, tuple[float | None, ...]]  # a pair's score each round (None: absent)
    history: History
    registration: Mapping[str, int]
    names: Mapping[str, tuple[str, ...]]  # the players of each pair
    total_boards: int
    completion: float
    roster: Roster = field(default_factory=Roster)
    # each pair's round by round: played, bye, sit_out, withdrawn or not_entered
    status: Mapping[str, tuple[str, ...]] = field(default_factory=FrozenMap)

    def __post_init__(self) -> None:
        # Read-only: a scored event may be shared (a web page, several readers).
        for name in ("per_round", "registration", "names", "status"):
            object.__setattr__(self, name, FrozenMap(getattr(self, name)))
        object.__setattr__(self, "history", self.history.frozen())

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``): every round's scores and the standings."""
        return {
            **header("SwissPairsEvent"), "scoring": self.scoring,
            "rounds": [r.to_dict() for r in self.rounds],
            "standings": [p.to_dict() for p in self.standings],
            "per_round": [[p, list(v)] for p, v in self.per_round.items()],
            "history": self.history.to_dict(),
            "registration": [[p, n] for p, n in self.registration.items()],
            "names": [[p, list(v)] for p, v in self.names.items()],
            "total_boards": self.total_boards, "completion": self.completion,
            "roster": self.roster.to_dict(),
            "status": [[p, list(v)] for p, v in self.status.items()],
        }

    @classmethod
    def from_dict(cls, data: object) -> SwissPairsEvent:
        f = Fields(data, "SwissPairsEvent")
        scoring = f.text("scoring")
        rounds = f.objs("rounds", SessionScores.from_dict)
        standings = f.objs("standings", PairScore.from_dict)
        per_round, registration, names = f.items("per_round"), f.items("registration"), f.items("names")
        history = f.obj("history", History.from_dict)
        total, completion = f.whole("total_boards"), f.number("completion")
        roster, status = f.obj("roster", Roster.from_dict), f.items("status")
        f.done()

        def pairs_of(key: str, rows: list[Any], ok: Any) -> list[tuple[str, Any]]:
            if not all(isinstance(x, list | tuple) and len(x) == 2 and isinstance(x[0], str)
                       and ok(x[1]) for x in rows):
                raise f.error(key, "a list of [pair, value]", "[对, 值] 的列表")
            return [(x[0], x[1]) for x in rows]

        per = pairs_of("per_round", per_round, lambda v: isinstance(v, list | tuple) and all(
            x is None or is_number(x) for x in v))
        reg = pairs_of("registration", registration, lambda v: type(v) is int)
        nam = pairs_of("names", names, lambda v: isinstance(v, list | tuple) and all(
            isinstance(x, str) for x in v))
        sta = pairs_of("status", status, lambda v: isinstance(v, list | tuple) and all(
            isinstance(x, str) for x in v))
        return cls(scoring, rounds, standings, {p: tuple(v) for p, v in per}, history,
                   dict(reg), {p: tuple(v) for p, v in nam}, total, completion, roster,
                   {p: tuple(v) for p, v in sta})

    def name(self, pair: str, lang: Lang = "en") -> str:
        """The players' names, joined as ``Pair.label`` joins them (– in English, 、 in Chinese)."""
        return (" – " if not is_zh(lang) else "、").join(self.names.get(pair, ()))

    def name_map(self, lang: Lang = "en") -> dict[str, str]:
        return {p: self.name(p, lang) for p in self.registration}

    def draw(self, first_round: FirstRound = "order", seed: int | None = None) -> Draw:
        """The next round's draw: by current total, equal totals in registration order."""
        order = sorted(self.registration, key=lambda p: self.registration[p])
        totals = {p.pair: p.total for p in self.standings}
        # Withdrawn pairs, pairs not entered yet and pairs sitting the round out are not drawn.
        drawn = self.roster.drawn(order, len(self.rounds) + 1)
        entries = [Entry(p, self.name(p), totals.get(p, 0.0)) for p in drawn]
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
                              for x in self.per_round[p.pair]],
                 "by_round_status": list(self.status.get(p.pair, ()))}
                for p in self.standings
            ],
            "roster": [{"text": t} for t in self.roster.describe("en")],
        }
        if draw is not None:
            out["next_round"] = len(self.rounds) + 1
            out["draw"] = draw.to_json()
        return out

    def lines(self, lang: Lang = "en") -> list[str]:
        """The standings as an aligned text table, with a note on the completion threshold."""
        zh = is_zh(lang)
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
                 else f"Swiss pairs: standings after {n} {'round' if n == 1 else 'rounds'} "
                      f"({_SCORING[self.scoring][0]})")
        out = [title, *_align(rows, right={0, 3, 4, *range(5, 5 + n)})]
        needed = boards_needed(self.completion, self.total_boards)
        if needed:
            unranked = sum(1 for p in self.standings if p.rank is None)
            out.append(
                f"完成比赛须打满 {needed}/{self.total_boards} 副（{self.completion:.0%}）；"
                f"未达到的 {unranked} 对不排名次" if zh
                else f"Ranked: pairs that completed at least {needed} of {self.total_boards} "
                     f"{'board' if self.total_boards == 1 else 'boards'} "
                     f"({self.completion:.0%}); {unranked} "
                     f"{'pair' if unranked == 1 else 'pairs'} below that "
                     f"{'is' if unranked == 1 else 'are'} unranked")
        for r in range(n):
            byes = [p.pair for p in self.standings if self.status[p.pair][r] == "bye"]
            for b in byes:
                out.append(f"第{r + 1}轮轮空：第{b}对。" if zh else f"Round {r + 1} bye: pair {b}.")
        out += self.roster.describe(lang)
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
    roster: Roster | None = None,
    bye_score: float | None = None,
) -> SwissPairsEvent:
    """Score each round, add up the totals and rank them by the seeds' Swiss rule.

    ``completion`` is the share of all the boards in the event (the most any pair could play:
    each round's largest count of boards played by one pair, summed) that a pair must have
    completed to be ranked.  ``roster`` holds the director's withdrawals, late entries and
    sit-outs; ``bye_score`` is what the bye of an odd field scores (``None``: nothing).
    """
    from .imp_pairs import score_session

    roster = roster or Roster()
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
    if bye_score is not None and not math.isfinite(bye_score):
        raise BridgeError(f"invalid bye score {bye_score!r}: expected a number",
                          f"无效的轮空得分 {bye_score!r}：应为数字")
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
    for x in roster.instructions:
        # Only a late entry may name a pair the rounds have not met yet.
        if x.pair not in everyone and not isinstance(x, LateEntry):
            raise BridgeError(f"unknown pair {x.pair!r}: not in the rounds' results or pair "
                              "lists", f"未知的对 {x.pair!r}：不在各轮成绩或对名单中")
    everyone.update(roster.pairs())
    for pid in sorted(everyone - set(registration), key=natural_key):
        registration[pid] = len(registration)

    order = sorted(everyone, key=lambda p: registration[p])
    per_round: dict[str, list[float | None]] = {p: [] for p in everyone}
    status: dict[str, list[str]] = {p: [] for p in everyone}
    totals = {p: exact(roster.starting_score(p)) for p in everyone}
    boards = dict.fromkeys(everyone, 0)
    history = History()
    total_boards = 0
    for rnd, (s, sc) in enumerate(zip(sessions, scored, strict=True), 1):
        # A pair listed in the file's header but with no result this round did not play.
        played = {p.pair: p for p in sc.pairs if p.boards > 0}
        where = next((r.source for r in s.results if r.source), "") or s.name
        bye, rests = check_round(rnd, order, set(played), roster, where)
        for pid in everyone:
            ps = played.get(pid)
            value = None if ps is None else ps.total
            # check_round has accounted for everyone: a pair that plays has results, or
            # is the bye.
            state: str = "played" if ps is not None else \
                {"sits_out": "sit_out"}.get(roster.status(pid, rnd), roster.status(pid, rnd))
            if pid == bye:
                state, value = "bye", bye_score
            elif pid in rests:
                state, value = "sit_out", roster.sit_out_score
            per_round[pid].append(value)
            status[pid].append(state)
            if ps is not None:
                totals[pid] += ps.exact if ps.exact is not None else exact(ps.total)
                boards[pid] += ps.boards
            elif value is not None:
                totals[pid] += exact(value)  # a bye or sit-out score set by the event
        total_boards += max((p.boards for p in sc.pairs), default=0)
        met = {frozenset((r.ns_pair, r.ew_pair)) for r in s.results}
        for m in met:
            a, b = sorted(m)
            history.add_meeting(a, b)
        if bye is not None:
            history.byes[bye] += 1
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
        roster=roster,
        status={p: tuple(v) for p, v in status.items()},
    )
