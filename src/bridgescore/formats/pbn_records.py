"""PBN games as game records: the deal, dealer, vulnerability, players, auction, play,
contract and result of each game (``to_record``, ``read_records``, ``loads_records``); the
way back is :mod:`~bridgescore.formats.pbn_write`.

Two paths give the same record: a quick one for the usual game (cached parsing of the few
seats, contracts and boards a file repeats, integer trick arithmetic) and a careful one that
takes everything else and names the line of every error.  The quick path raises (or returns
a record equal to the careful one); ``tests/formats/test_pbn_fast.py`` checks that they agree.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from itertools import count
from typing import IO, TypeVar

from ..core.auction import Auction, Call, CallKind
from ..core.board import Board
from ..core.cards import DECK, Card
from ..core.contract import Contract
from ..core.deal import Deal
from ..core.errors import BridgeError, FileFormatError
from ..core.gamerecord import GameRecord
from ..core.play import trick_winner, winning_offset
from ..core.seat import Seat
from ..core.vulnerability import Vulnerability
from .pbn_game import _TOKEN_RE, PbnGame, PbnSectionLine
from .pbn_reader import loads_with_errors
from .source import read_source

__all__ = ["loads_records", "read_records", "result_tricks", "to_record"]

_SKIP_TOKENS = frozenset({"*", "+", "-"})


def _fail(game: PbnGame, path: str | None, line: int, en: str, zh: str) -> FileFormatError:
    return FileFormatError(en, zh, path=path, line=line or game.line)


class _Unusual(Exception):
    """Raised by the quick path for what it leaves to the careful one."""


_T = TypeVar("_T")
_CACHE_LIMIT = 4096


class _Memo(dict[str, _T]):
    """``memo[text]`` is ``parse(text)``, remembered: a file repeats the same few seats,
    contracts and boards.  (What is remembered are immutable values of pure functions, the
    same for every caller.)  A hit is one dictionary look-up in C."""

    __slots__ = ("parse",)

    def __init__(self, parse: Callable[[str], _T]) -> None:
        super().__init__()
        self.parse = parse

    def __missing__(self, text: str) -> _T:
        value = self.parse(text)
        if len(self) < _CACHE_LIMIT:
            self[text] = value
        return value


def _board_number(text: str) -> int:
    return Board.parse(text).number


_BOARDS = _Memo(_board_number)
_SEATS = _Memo(Seat.parse)
_VULS = _Memo(Vulnerability.parse)
_CONTRACTS = _Memo(Contract.parse)
_SEAT_ORDER = tuple(Seat)
_CARDS: dict[str, Card] = {str(c): c for c in DECK}
# The usual auction tokens (none of them "AP", a note, or an end mark): straight to calls.
_CALLS: dict[str, Call] = {
    tok: Call.parse(tok)
    for tok in ("Pass", "PASS", "pass", "P", "p", "X", "XX", "x", "xx", *(
        f"{level}{s}" for level in range(1, 8) for s in ("C", "D", "H", "S", "NT", "N")))
}
_CARD_INDEX: dict[str, int] = {str(c): c.index for c in DECK}
_PLAIN_TRICKS_RE = re.compile(r"(?:[CDHS][2-9TJQKA](?: +[CDHS][2-9TJQKA]){3} *\n)+")
# _TRICK_RANKING_BY_LEAD[strain][card led][card]: a key whose highest card in a trick wins it
# (Law 44): trumps above the suit led above the rest, then by rank.
_TRICK_RANKING = [
    [[i % 13 + 13 * (2 if i // 13 == strain else 1 if i // 13 == led else 0) for i in range(52)]
     for led in range(4)]
    for strain in range(5)
]
_TRICK_RANKING_BY_LEAD = [[_TRICK_RANKING[strain][lead // 13] for lead in range(52)]
                          for strain in range(5)]
_PASS_CALL = Call(CallKind.PASS)


def _section_rows(section: str | tuple[PbnSectionLine, ...]) -> list[list[str]]:
    """The tokens of each line of a section (from a fast-path chunk or from section lines)."""
    if isinstance(section, str):
        rows = section.split("\n")
        rows.pop()
        if '"' in section:
            return [_TOKEN_RE.findall(r) for r in rows]
        return [r.split() for r in rows]
    return [s.tokens for s in section]


def _section_tokens(section: str | tuple[PbnSectionLine, ...]) -> list[str]:
    if isinstance(section, str) and '"' not in section:
        return section.split()
    return [t for row in _section_rows(section) for t in row]


# The tags the quick path reads, in this order; a file repeats one layout of tag names in
# every game, so where each of them sits is worked out once per layout.
_WANTED = ("board", "dealer", "vulnerable", "deal", "north", "east", "south", "west", "event",
           "date", "score", "contract", "declarer", "result", "auction", "play")
_LAYOUTS: dict[tuple[str, ...], tuple[int | None, ...]] = {}


def _layout(names: Sequence[str]) -> tuple[int | None, ...]:
    """Where each of ``_WANTED`` is among ``names`` (case-insensitive; the last tag of a name
    wins, as in the careful path), ``None`` where it is not."""
    key = tuple(names)
    hit = _LAYOUTS.get(key)
    if hit is None:
        get = dict(zip(map(str.lower, key), count())).get
        hit = tuple(map(get, _WANTED))
        if len(_LAYOUTS) < _CACHE_LIMIT:
            _LAYOUTS[key] = hit
    return hit


def _quick_record(game: PbnGame) -> GameRecord | None:
    """:func:`to_record` for the usual game, with cached parsing and no line bookkeeping;
    it gives the careful path's record or raises (then the careful path runs)."""
    sections: Sequence[str | tuple[PbnSectionLine, ...]]
    if game._tags is None:
        names = game._names
        values = game._raw_values if game._values is None else game._values
        sections = game._chunks
    else:
        names = [t.name for t in game.tags]
        values = [t.value for t in game.tags]
        sections = [t.section for t in game.tags]
    layout = _layout(names)
    # each wanted value stripped, None when absent, empty or "?" (unknown)
    (board, dealer, vulnerable, deal, north, east, south, west, event, date, score_text,
     contract_text, declarer, result) = [
        None if i is None else (v if (v := values[i].strip()) and v != "?" else None)
        for i in layout[:14]]
    auction_i, play_i = layout[14], layout[15]

    rec = GameRecord(line=game.line, event=event, date=date, score_text=score_text)
    if board:
        rec.board = _BOARDS[board]
    if dealer:
        rec.dealer = _SEATS[dealer]
    if vulnerable:
        rec.vulnerability = _VULS[vulnerable]
    if deal:
        rec.deal = Deal.from_pbn(deal)
    if north or east or south or west:
        players = rec.players
        for seat, name in zip(_SEAT_ORDER, (north, east, south, west), strict=True):
            if name:
                players[seat] = name
    contract = rec.contract = _CONTRACTS[contract_text] if contract_text else None
    if contract is not None and contract.level:
        if declarer:
            rec.declarer = _SEATS[declarer.lstrip("^")]
        if result:
            if not result.isdigit() or int(result) > 13:
                raise _Unusual  # "NS 10", "^9" … are read by the careful path
            rec.tricks = int(result)

    if auction_i is not None and values[auction_i].strip():
        first = _SEATS[values[auction_i]]
        tokens = _section_tokens(sections[auction_i])
        calls: Sequence[Call | None] = list(map(_CALLS.get, tokens))
        if not all(calls):
            # notes (=1=) and NAGs ($1) are skipped; anything else unusual goes the long way
            calls = [_CALLS.get(t) for t in tokens if t[0] not in "=$"]
            if not all(calls):
                calls = _quick_calls(first, tokens)
        rec.auction = Auction(first, tuple(calls))  # type: ignore[arg-type]  # all calls
        if rec.dealer is None:
            rec.dealer = first

    if play_i is not None and values[play_i].strip():
        contract = rec.final_contract
        if contract is not None and contract.level:
            # (enum members' _value_: the .value property is slow to read)
            _quick_play(rec, _SEATS[values[play_i]]._value_, contract.strain._value_,
                        sections[play_i])
    return rec


def _quick_calls(dealer: Seat, tokens: list[str]) -> list[Call]:
    """The calls of an auction section with ``AP``, notes and end marks."""
    calls: list[Call] = []
    for tok in tokens:
        if tok.lower() == "ap":
            while not Auction(dealer, tuple(calls)).is_complete:
                calls.append(_PASS_CALL)
            continue
        if tok in _SKIP_TOKENS:
            break
        if tok.startswith(("=", "$", '"')):
            continue
        calls.append(Call.parse(tok.rstrip("!?")))
    return calls


def _quick_play(rec: GameRecord, first: int, strain: int,
                section: str | tuple[PbnSectionLine, ...]) -> None:
    """The play section as cards in the order played (see the careful path for the rules)."""
    play = rec.play
    leader = first
    trump = strain if strain < 4 else -1
    if isinstance(section, str):
        m = _PLAIN_TRICKS_RE.match(section)
        if m is not None:
            # Rows of four cards by seat from ``first``; each trick is played from its leader,
            # ``s`` places along the row: the place of the last trick's winner.  (Integer work
            # only: this loop is most of the time of reading a played game.)
            played: list[int] = []
            ranking = _TRICK_RANKING_BY_LEAD[strain]
            cards = iter(list(map(_CARD_INDEX.__getitem__, section[: m.end()].split())))
            s = 0
            for row in zip(cards, cards, cards, cards, strict=False):  # rows of four
                key = ranking[row[s]]
                a, b, c, d = row
                win, top = 0, key[a]
                k = key[b]
                if k > top:
                    win, top = 1, k
                k = key[c]
                if k > top:
                    win, top = 2, k
                if key[d] > top:
                    win = 3
                if s:
                    played += row[s:] + row[:s]
                else:
                    played += row
                s = win
            leader = (first + s) & 3
            play.extend(map(DECK.__getitem__, played))
            section = section[m.end() :]
    rows = _section_rows(section)
    for at, raw in enumerate(rows):
        toks = [x for x in raw if not x.startswith(("=", "$"))]
        if not toks:
            continue
        if toks[0] in ("*", "+"):
            rec.claimed = rec.claimed or toks[0] == "*"
            break
        cells: list[Card | None] = []
        for x in toks[:4]:
            if x == "*":
                rec.claimed = True
                break
            cells.append(None if x in ("-", "+") else Card.parse(x))
        shift = (leader - first) % 4
        order = [cells[(shift + k) % 4] if (shift + k) % 4 < len(cells) else None for k in range(4)]
        known = [c for c in order if c is not None]
        play.extend(order if len(known) < 4 else known)
        if len(known) < 4:
            # the next leader is unknown; a "*" further down still marks a claim
            rec.claimed = rec.claimed or any("*" in r for r in rows[at + 1 :])
            break
        leader = (leader + winning_offset([c.index for c in known], trump)) % 4
        if rec.claimed:
            break
    while play and play[-1] is None:
        play.pop()


def result_tricks(value: str, declarer: Seat | None) -> int:
    """Declarer's tricks from a ``Result`` tag (PBN 2.1, 3.4.15): ``9`` (declarer's, the
    export form), ``NS 9``, ``EW 4``, ``NS 9 EW 4``, each possibly marked ``^`` (agreed but
    not what the play gives)."""
    bad = FileFormatError(f"invalid result {value!r}: expected 0-13 tricks (or NS n / EW n)",
                          f"无效的结果 {value!r}：应为 0-13 墩（或 NS n / EW n）")
    tokens = value.lstrip("^").split()
    if len(tokens) == 1:
        if not tokens[0].isdigit() or int(tokens[0]) > 13:
            raise bad
        return int(tokens[0])
    if len(tokens) not in (2, 4):
        raise bad
    by_side: dict[str, int] = {}
    for side, n in zip(tokens[::2], tokens[1::2], strict=True):
        if side.upper() not in ("NS", "EW") or not n.isdigit() or int(n) > 13:
            raise bad
        by_side[side.upper()] = int(n)
    if len(by_side) == 2 and sum(by_side.values()) != 13:
        raise bad
    if declarer is None:
        raise FileFormatError(f"result {value!r} is given by side, but the declarer is unknown",
                              f"结果 {value!r} 按方给出，但定约人未知")
    mine = "NS" if declarer.value % 2 == 0 else "EW"
    return by_side[mine] if mine in by_side else 13 - by_side["EW" if mine == "NS" else "NS"]


def to_record(game: PbnGame, path: str | None = None) -> GameRecord:
    """A :class:`GameRecord` from a PBN game: deal, dealer, vulnerability, players, auction,
    contract, declarer, play and result.  Errors name the file and line."""
    try:
        rec = _quick_record(game)
    except (BridgeError, _Unusual):
        rec = None
    # Anything the quick path does not take, and every error, goes the careful way, which
    # finds the line to name.
    return rec if rec is not None else _careful_record(game, path)


def _careful_record(game: PbnGame, path: str | None = None) -> GameRecord:
    rec = GameRecord(line=game.line)
    tags = {t.name.lower(): t for t in game.tags}

    def value(name: str) -> tuple[str, int] | None:
        t = tags.get(name)
        if t is None:
            return None
        v = t.value.strip()
        return (v, t.line) if v and v != "?" else None

    try:
        current = ""
        v = value("board")
        if v:
            current = "board"
            rec.board = Board.parse(v[0]).number
        v = value("dealer")
        if v:
            current = "dealer"
            rec.dealer = Seat.parse(v[0])
        v = value("vulnerable")
        if v:
            current = "vulnerable"
            rec.vulnerability = Vulnerability.parse(v[0])
        v = value("deal")
        if v:
            current = "deal"
            rec.deal = Deal.from_pbn(v[0])
        for seat in Seat:
            v = value(seat.name.lower())
            if v:
                rec.players[seat] = v[0]
        v = value("event")
        rec.event = v[0] if v else None
        v = value("date")
        rec.date = v[0] if v else None
        v = value("score")
        rec.score_text = v[0] if v else None
        v = value("contract")
        if v:
            current = "contract"
            rec.contract = Contract.parse(v[0])
        v = value("declarer")
        if v and rec.contract is not None and not rec.contract.is_passed_out:
            current = "declarer"
            rec.declarer = Seat.parse(v[0].lstrip("^"))
        v = value("result")
        if v and rec.contract is not None and not rec.contract.is_passed_out:
            current = "result"
            rec.tricks = result_tricks(v[0], rec.declarer)
    except FileFormatError as e:
        raise _fail(game, path, tags[current].line, e.en, e.zh) from None
    except BridgeError as e:
        t = tags[current]
        raise _fail(game, path, t.line, f"[{t.name} \"{t.value}\"]: {e.en}",
                    f"[{t.name} \"{t.value}\"]：{e.zh}") from None

    at = tags.get("auction")
    if at is not None and at.value.strip():
        line = at.line
        try:
            dealer = Seat.parse(at.value)
            auction = Auction(dealer)
            calls: list[Call] = []
            for tok, tok_line in at.tokens:
                line = tok_line
                low = tok.lower()
                if low == "ap":
                    while not Auction(dealer, tuple(calls)).is_complete:
                        calls.append(Call(CallKind.PASS))
                    continue
                if tok in _SKIP_TOKENS:
                    break
                if tok.startswith(("=", "$", '"')):
                    continue  # notes, NAGs and quoted comments
                calls.append(Call.parse(tok.rstrip("!?")))
            auction = Auction(dealer, tuple(calls))
            rec.auction = auction
        except BridgeError as e:
            raise _fail(game, path, line, f"auction: {e.en}", f"叫牌：{e.zh}") from None
        if rec.dealer is None:
            rec.dealer = auction.dealer

    pt = tags.get("play")
    contract = rec.final_contract
    if pt is not None and pt.value.strip() and contract is not None and not contract.is_passed_out:
        line = pt.line
        try:
            first = Seat.parse(pt.value)
            leader = first
            trump = contract.strain
            for k, s in enumerate(pt.section):
                toks = [x for x in s.tokens if not x.startswith(("=", "$"))]
                if not toks:
                    continue
                line = s.line
                if toks[0] in ("*", "+"):
                    rec.claimed = rec.claimed or toks[0] == "*"
                    break
                cells: list[Card | None] = []
                for x in toks[:4]:
                    if x == "*":
                        rec.claimed = True
                        break
                    cells.append(None if x in ("-", "+") else Card.parse(x))
                # cells are by seat from ``first``; the trick is read from its leader
                shift = (leader.value - first.value) % 4
                order = [cells[(shift + k) % 4] if (shift + k) % 4 < len(cells) else None
                         for k in range(4)]
                known = [c for c in order if c is not None]
                rec.play.extend(order if len(known) < 4 else known)
                if len(known) < 4:
                    # the next leader is unknown; a "*" further down still marks a claim
                    rec.claimed = rec.claimed or any("*" in r.tokens for r in pt.section[k + 1 :])
                    break
                leader = trick_winner(leader, known, trump)
                if rec.claimed:
                    break
            while rec.play and rec.play[-1] is None:
                rec.play.pop()
        except BridgeError as e:
            raise _fail(game, path, line, f"play: {e.en}", f"出牌：{e.zh}") from None
    return rec


def read_records(
    source: str | os.PathLike[str] | IO[str], strict: bool = False
) -> tuple[list[GameRecord], list[FileFormatError]]:
    """Every game of a PBN file (its name, or an open text stream) as a record; lenient:
    broken games are skipped and their errors returned; strict: the first error is raised.
    A ``str`` is always a file name: text goes to :func:`loads_records`."""
    text, path = read_source(source, "PBN", "pbn")
    return loads_records(text, strict, path)


def loads_records(
    text: str, strict: bool = False, path: str | None = None
) -> tuple[list[GameRecord], list[FileFormatError]]:
    """:func:`read_records` for PBN text (``path`` only names it in messages)."""
    games, errors = loads_with_errors(text, path, strict)
    records = []
    for g in games:
        try:
            records.append(to_record(g, path))
        except FileFormatError as e:
            if strict:
                raise
            errors.append(e)
    return records, errors
