"""Who sat where: the seating checks a pairs session makes on its results.

``Session`` calls ``check_pairs_and_movement`` and ``check_seating`` when it is built.  Every error names the board and, when
known, the file and line, and says what was expected.

* **Pair numbers**: an id written as a number is a pair number from 1 to ``MAX_PAIR``
  (``-1``, ``0`` or a number of a hundred digits is a typing error, not a pair).
* **A board at one table**: once a round.  In a two-winner session (every pair in one
  direction) a board never comes back to a table, so it is played there once in the session;
  in a Howell it may come back in a later round (the 3-table card sends boards 5-6 to table 2
  in rounds 1 and 3).
* **One seat a round**: in one round a pair sits at one table, in one direction, against one
  opponent, on every board it plays.
* **A pair on the wrong side**: in a two-winner session (``winners=2``) every pair keeps its
  direction.  When the number of winners is left to the results (``winners=0``), a line on
  which both pairs sit the other way from all their other boards is a line with the NS and EW
  numbers swapped — unless both pairs really changed direction more than once.
* **The movement**, when known: every result must be where the movement puts it (these pairs,
  this way round, this board, this round and table).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from ..core.errors import BridgeError
from .board_errors import board_error

if TYPE_CHECKING:
    from .model import BoardResult
    from .movements import Movement

__all__ = ["MAX_PAIR", "check_pair_id", "check_pairs_and_movement", "check_seating"]

MAX_PAIR = 9999  # pair numbers from 1 to this; larger is a typing error
_NUMBER = re.compile(r"[+\-−]?\d+")


def _error(r: BoardResult, en: str, zh: str) -> BridgeError:
    return board_error(r.board, en, zh, source=r.source, line=r.line)


def _short(text: str) -> str:
    """The id as typed, cut short when it is huge."""
    return repr(text) if len(text) <= 24 else repr(text[:20] + "…")


def check_pair_id(pair: object) -> str | None:
    """Why ``pair`` is not a pair id (``None`` when it is one): a number must be 1–MAX_PAIR."""
    text = str(pair).strip()
    if not _NUMBER.fullmatch(text):
        return None
    digits = text.lstrip("+-−")
    if text[0] in "-−" or len(digits) > len(str(MAX_PAIR)) or not 1 <= int(digits) <= MAX_PAIR:
        return _short(text)
    return None


def _side(r: BoardResult, p: str) -> Literal["NS", "EW"]:
    return "NS" if r.ns_pair == p else "EW"


def _other(r: BoardResult, p: str) -> str:
    return r.ew_pair if r.ns_pair == p else r.ns_pair


_ZH = {"NS": "南北", "EW": "东西"}


def _expected(p: str, side: str, q: str) -> tuple[str, str]:
    ns, ew = (p, q) if side == "NS" else (q, p)
    return f"expected NS {ns} against EW {ew}", f"应为南北 {ns} 对东西 {ew}"


def check_pairs_and_movement(results: Sequence[BoardResult],
                             movement: Movement | None = None) -> None:
    """The pair numbers, then (when known) the movement: a line the movement does not have
    is reported as that, before any clash it causes with another line."""
    good: set[str] = set()  # a session has few pairs: check each id once
    for r in results:
        for p in (r.ns_pair, r.ew_pair):
            if p in good:
                continue
            bad = check_pair_id(p)
            if bad is None:
                good.add(p)
            else:
                raise _error(
                    r, f"invalid pair number {bad}: expected a whole number from 1 to {MAX_PAIR}",
                    f"无效的对号 {bad}：应为 1 到 {MAX_PAIR} 的整数")
    if movement is not None:
        from .movement_check import check_against

        for r in results:
            check_against(movement, r)


def check_seating(results: Sequence[BoardResult], winners: Literal[0, 1, 2]) -> None:
    """Raise a ``BridgeError`` for the first result seated impossibly (see the module)."""
    _same_round_twice(results)
    _one_seat_a_round(results)
    _sides(results, winners)
    _table_twice(results, winners)


def _same_round_twice(results: Sequence[BoardResult]) -> None:
    seen: dict[tuple[int, int, int], BoardResult] = {}
    for r in results:
        if r.table is None or r.round is None:
            continue
        key = (r.board, r.table, r.round)
        other = seen.get(key)
        if other is not None:
            also_en = f" (also on line {other.line})" if other.line else ""
            also_zh = f"（另见第{other.line}行）" if other.line else ""
            raise _error(r, f"played twice at table {r.table} in round {r.round}{also_en}",
                         f"在第{r.round}轮第{r.table}桌出现两次{also_zh}")
        seen[key] = r


def _seat(r: BoardResult, p: str, what: str) -> object:
    """Pair ``p``'s direction, opponent or table on the board of ``r``."""
    return _side(r, p) if what == "side" else _other(r, p) if what == "opponent" else r.table


def _one_seat_a_round(results: Sequence[BoardResult]) -> None:
    """In one round a pair has one table, one direction and one opponent."""
    # A first pass finds the (pair, round) with more than one seat; only those are looked at
    # closely (this runs on every session, large ones too).
    first: dict[tuple[str, int], tuple[str, str]] = {}
    tables: dict[tuple[str, int], int] = {}
    suspect: set[tuple[str, int]] = set()
    for r in results:
        if r.round is None:
            continue
        for key, seat in (((r.ns_pair, r.round), ("NS", r.ew_pair)),
                          ((r.ew_pair, r.round), ("EW", r.ns_pair))):
            was = first.setdefault(key, seat)
            if was != seat:
                suspect.add(key)
            if r.table is not None and tables.setdefault(key, r.table) != r.table:
                suspect.add(key)
    if not suspect:
        return
    by_round: dict[tuple[str, int], list[BoardResult]] = defaultdict(list)
    for r in results:
        if r.round is not None:
            for p in (r.ns_pair, r.ew_pair):
                if (p, r.round) in suspect:
                    by_round[(p, r.round)].append(r)
    overall: dict[str, Counter[object]] = defaultdict(Counter)
    for r in results:
        overall[r.ns_pair]["NS"] += 1
        overall[r.ew_pair]["EW"] += 1
    for (p, rnd), rs in by_round.items():
        if len(rs) < 2:
            continue
        for what in ("side", "opponent", "table"):
            seen = [(r, _seat(r, p, what)) for r in rs]
            seen = [(r, v) for r, v in seen if v is not None]
            counts = Counter(v for _, v in seen)
            if len(counts) < 2:
                continue
            # The usual value is the commonest (on a tie, the first line's): report the first
            # line that differs from it.
            usual = counts.most_common(1)[0][0]
            if what == "side" and counts["NS"] == counts["EW"]:
                # A tie in the round: the pair's direction over the whole session decides.
                usual = max(("NS", "EW"), key=lambda d: overall[p][d])
            odd, here = next((r, v) for r, v in seen if v != usual)
            ref = next(r for r, v in seen if v == usual)
            there = usual
            exp_en, exp_zh = _expected(p, _side(ref, p), _other(ref, p))
            if what == "side":
                raise _error(odd, f"pair {p} sits {here} here but {there} on its other boards "
                             f"in round {rnd} ({exp_en})",
                             f"第{p}对在这里坐{_ZH[str(here)]}，但第{rnd}轮的其他牌都坐"
                             f"{_ZH[str(there)]}（{exp_zh}）")
            if what == "opponent":
                raise _error(odd, f"pair {p} plays pair {here} here but pair {there} on its "
                             f"other boards in round {rnd} ({exp_en})",
                             f"第{p}对在这里对第{here}对，但第{rnd}轮的其他牌对第{there}对（{exp_zh}）")
            raise _error(odd, f"pair {p} is at table {here} here but at table {there} on its "
                         f"other boards in round {rnd}",
                         f"第{p}对在这里在第{here}桌，但第{rnd}轮的其他牌在第{there}桌")


def _sides(results: Sequence[BoardResult], winners: Literal[0, 1, 2]) -> None:
    if winners == 1:
        return
    if not {r.ns_pair for r in results} & {r.ew_pair for r in results}:
        return  # nobody sat both ways
    sides: dict[str, Counter[str]] = defaultdict(Counter)
    for r in results:
        sides[r.ns_pair]["NS"] += 1
        sides[r.ew_pair]["EW"] += 1

    def minority(p: str, side: str) -> bool:
        c = sides[p]
        return c[side] < c["EW" if side == "NS" else "NS"]

    for r in results:
        ns, ew = r.ns_pair, r.ew_pair
        for p in (ns, ew):
            side = _side(r, p)
            other = "EW" if side == "NS" else "NS"
            c = sides[p]
            if not c[other]:
                continue
            if winners == 2:
                # A two-winner event keeps every pair in one direction: report the pair's
                # minority lines (on a tie, its later lines).
                if minority(p, side) or (c[side] == c[other] and r is _last(results, p, side)):
                    exp_en, exp_zh = _expected(p, other, _other(r, p))
                    raise _error(
                        r, f"pair {p} sits {side} here but {other} on its other boards, and "
                        f"in a two-winner event (Mitchell) a pair keeps its direction "
                        f"({exp_en})",
                        f"第{p}对在这里坐{_ZH[side]}，但其他牌都坐{_ZH[other]}；"
                        f"双冠军（米切尔）比赛中每对方向固定（{exp_zh}）")
                continue
            # Undecided: a line where both pairs sit, just this once, the other way round.
            q = _other(r, p)
            once = c[side] == 1 and c[other] >= 2
            q_side = _side(r, q)
            cq = sides[q]
            q_once = cq[q_side] == 1 and cq["EW" if q_side == "NS" else "NS"] >= 2
            if once and q_once:
                exp_en, exp_zh = _expected(p, other, q)
                raise _error(
                    r, f"pair {p} sits {side} here but {other} on every other board, and pair "
                    f"{q} likewise the other way: are the NS and EW numbers swapped? ({exp_en}; "
                    "if the pairs changed direction on purpose, say '# movement: one-winner')",
                    f"第{p}对在这里坐{_ZH[side]}，但其他各副都坐{_ZH[other]}，第{q}对也正好相反："
                    f"是否把南北和东西的对号写反了？（{exp_zh}；如果确实换了方向，请注明"
                    "“# movement: one-winner”）")


def _last(results: Sequence[BoardResult], p: str, side: str) -> BoardResult:
    return [r for r in results if (r.ns_pair if side == "NS" else r.ew_pair) == p][-1]


def _table_twice(results: Sequence[BoardResult], winners: Literal[0, 1, 2]) -> None:
    """In a two-winner session a board is played at a table once in the whole session."""
    if winners == 1:
        return
    if winners == 0:
        ns = {r.ns_pair for r in results}
        if ns & {r.ew_pair for r in results}:
            return  # someone sat both ways: one winner, boards may come back to a table
    seen: dict[tuple[int, int], BoardResult] = {}
    for r in results:
        if r.table is None:
            continue
        key = (r.board, r.table)
        other = seen.get(key)
        if other is not None:
            also_en = f" (also on line {other.line})" if other.line else ""
            also_zh = f"（另见第{other.line}行）" if other.line else ""
            raise _error(r, f"played twice at table {r.table}{also_en}",
                         f"在第{r.table}桌出现两次{also_zh}")
        seen[key] = r
