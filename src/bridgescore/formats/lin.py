"""LIN, the format of Bridge Base Online: read hands, auction, play and claims; write deals
(and auctions and play when a record has them).

A LIN file is a stream of ``key|value|`` pairs: ``pn`` players (S, W, N, E), ``md`` the deal
(dealer digit 1 S, 2 W, 3 N, 4 E, then the hands S, W, N, E; the last may be left out),
``ah`` the board title, ``sv`` vulnerability (``o`` none, ``n``, ``e``, ``b``), ``mb`` calls,
``an`` the explanation of the call before it, ``pc`` played cards, ``mc`` a claim (declarer's
total tricks), ``qx`` a board id (vugraph), ``pg`` a page break.

>>> recs = loads("pn|Ann,Bob,Cy,Di|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D234C23,,|ah|Board 1|sv|o|"
...              "mb|7N|mb|p|mb|p|mb|p|mc|13|")
>>> r = recs[0]
>>> r.board, r.dealer, r.final_contract, r.final_declarer, r.derived_result()
(1, <Seat.NORTH: 0>, Contract.parse('7NT'), <Seat.NORTH: 0>, Result.parse('7NT N ='))
"""

from __future__ import annotations

import bisect
import os
import re
from collections.abc import Iterable
from typing import IO

from ..core.auction import Auction, Call
from ..core.board import Board
from ..core.cards import Card, Suit
from ..core.deal import Deal, Hand
from ..core.errors import BridgeError, FileFormatError
from ..core.gamerecord import GameRecord
from ..core.seat import Seat
from ..core.vulnerability import Vulnerability
from .source import read_source, refuse_path

__all__ = ["dumps", "load", "loads", "loads_with_errors"]

# LIN lists seats from South: S, W, N, E; the dealer digit counts 1 S, 2 W, 3 N, 4 E.
_LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_VUL = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
        "n": Vulnerability.NS, "e": Vulnerability.EW, "b": Vulnerability.BOTH}
_VUL_OUT = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e",
            Vulnerability.BOTH: "b"}
_BOARD_RE = re.compile(r"(?:board|bd)?\s*#?\s*(\d+)", re.IGNORECASE)


def _hand(text: str) -> Hand:
    mask = 0
    suit: Suit | None = None
    i = 0
    t = text.strip().upper()
    while i < len(t):
        ch = t[i]
        if ch in "SHDC":
            suit = Suit("CDHS".index(ch))
            i += 1
            continue
        if suit is None:
            raise BridgeError(f"hand {text!r}: a rank before any suit letter",
                              f"手牌 {text!r}：花色字母之前出现点数")
        if ch == "1" and t[i + 1 : i + 2] == "0":
            ch, i = "T", i + 1
        mask |= 1 << Card.parse(suit.letter + ch).index
        i += 1
    return Hand(mask)


def _deal(value: str) -> tuple[Seat | None, Deal]:
    digits = value[:1]
    dealer = _LIN_SEATS[int(digits) - 1] if digits in ("1", "2", "3", "4") else None
    body = value[1:] if dealer is not None else value
    parts = body.split(",")
    hands: dict[Seat, Hand] = {}
    for seat, part in zip(_LIN_SEATS, parts, strict=False):
        if part.strip():
            hands[seat] = _hand(part)
    if len(hands) == 3:
        # The fourth hand is the rest of the deck.
        missing = next(s for s in Seat if s not in hands)
        used = 0
        for h in hands.values():
            used |= h.mask
        hands[missing] = Hand(((1 << 52) - 1) & ~used)
    complete = len(hands) == 4
    return dealer, Deal.from_hands(hands, complete=complete)


def _one_line(text: str) -> str:
    # a message quotes the value with repr(), which keeps newlines escaped; but be sure
    return text.replace("\n", "\\n")


def loads_with_errors(
    text: str, path: str | None = None, strict: bool = False
) -> tuple[list[GameRecord], list[FileFormatError]]:
    refuse_path(text, "LIN", "lin", path)
    newlines = [i for i, ch in enumerate(text) if ch == "\n"]
    tokens: list[tuple[str, int]] = []
    pos = 0
    for part in text.split("|"):
        tokens.append((part, pos))
        pos += len(part) + 1

    def line_of(offset: int) -> int:
        return bisect.bisect_left(newlines, offset) + 1

    records: list[GameRecord] = []
    errors: list[FileFormatError] = []
    rec: GameRecord | None = None
    calls: list[Call] = []
    skip = False

    def finish() -> None:
        nonlocal rec, calls
        # Without an ``md`` deal there is no board, only stray keys (a header, or garbage).
        if rec is not None and not skip and rec.deal is not None:
            records.append(rec)
        rec, calls = None, []

    i = 0
    while i + 1 < len(tokens):
        raw_key, offset = tokens[i]
        key = raw_key.strip().lower()
        offset += len(raw_key) - len(raw_key.lstrip())  # the key's line, not the newline's before it
        value = tokens[i + 1][0]
        i += 2
        if not key:
            continue
        try:
            if key == "qx" or (key == "md" and rec is not None and rec.deal is not None):
                finish()
                skip = False
            if rec is None:
                rec = GameRecord(line=line_of(offset))
                skip = False
            if skip:
                continue
            if key == "pn":
                names = value.split(",")
                for seat, name in zip(_LIN_SEATS, names, strict=False):
                    if name.strip():
                        rec.players[seat] = name.strip()
            elif key == "md":
                dealer, deal = _deal(value.strip())
                rec.deal = deal
                if dealer is not None:
                    rec.dealer = dealer
            elif key == "ah":
                m = _BOARD_RE.search(value)
                if m:
                    rec.board = Board(int(m[1])).number
            elif key == "sv":
                v = value.strip().lower()[:1]
                if v not in _VUL:
                    raise BridgeError(f"invalid vulnerability {value!r}: expected o, n, e or b",
                                      f"无效的局况 {value!r}：应为 o、n、e 或 b")
                rec.vulnerability = _VUL[v]
            elif key == "mb":
                if rec.dealer is None:
                    raise BridgeError("a call before the deal names its dealer",
                                      "在牌局指明发牌人之前出现叫品")
                call_text = value.strip().rstrip("!").strip()
                if not call_text:
                    continue
                calls.append(Call.parse(call_text))
                rec.auction = Auction(rec.dealer, tuple(calls))
            elif key == "pc":
                rec.play.append(Card.parse(value.strip()))
            elif key == "mc":
                n = value.strip()
                if not n.isdigit() or int(n) > 13:
                    raise BridgeError(f"invalid claim {value!r}: expected 0-13 tricks",
                                      f"无效的摊牌 {value!r}：应为 0-13 墩")
                rec.claim = int(n)
        except BridgeError as e:
            shown = " ".join(value.split())[:40]  # one line, however the value is broken
            err = FileFormatError(f"{key}|{shown}|: {_one_line(e.en)}", f"{key}|{shown}|：{_one_line(e.zh)}",
                                  path=path, line=line_of(offset))
            if strict:
                raise err from None
            errors.append(err)
            skip = True
    finish()
    if not records and not errors and text.strip():
        err = FileFormatError("no deal in the LIN file: expected md|...| with the hands",
                              "LIN 文件中没有牌局：应有写明手牌的 md|...|", path=path)
        if strict:
            raise err
        errors.append(err)
    return records, errors


def loads(text: str, strict: bool = False, path: str | None = None) -> list[GameRecord]:
    return loads_with_errors(text, path, strict)[0]


def load(source: str | os.PathLike[str] | IO[str], strict: bool = False) -> list[GameRecord]:
    """The boards of a LIN file, given by its name or as an open text stream (a ``str`` is
    always a file name: text goes to :func:`loads`)."""
    text, path = read_source(source, "LIN", "lin")
    return loads(text, strict, path)


def _hand_text(hand: Hand) -> str:
    out = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        ranks = "".join(r.letter for r in reversed(hand.ranks(suit)))
        out.append(suit.letter + ranks)
    return "".join(out)


def dumps_record(rec: GameRecord) -> str:
    parts: list[str] = []
    if rec.players:
        parts += ["pn", ",".join(rec.players.get(s, "") for s in _LIN_SEATS)]
    parts += ["st", ""]
    if rec.deal is not None:
        digit = str(_LIN_SEATS.index(rec.dealer) + 1) if rec.dealer is not None else ""
        hands = ",".join(_hand_text(rec.deal[s]) for s in _LIN_SEATS)
        parts += ["md", digit + hands]
    parts += ["rh", ""]
    if rec.board is not None:
        parts += ["ah", f"Board {rec.board}"]
    if rec.vulnerability is not None:
        parts += ["sv", _VUL_OUT[rec.vulnerability]]
    if rec.auction is not None:
        for c in rec.auction.calls:
            text = {"Pass": "p", "X": "d", "XX": "r"}.get(c.format(), c.format())
            parts += ["mb", text]
    known = [c for c in rec.play if c is not None]
    for i, card in enumerate(known):
        if i % 4 == 0:
            parts += ["pg", ""]
        parts += ["pc", str(card)]
    if rec.claim is not None:
        parts += ["pg", "", "mc", str(rec.claim)]
    elif rec.claimed and rec.tricks is not None:
        parts += ["pg", "", "mc", str(rec.tricks)]
    return "|".join(parts) + "|"


def dumps(records: Iterable[GameRecord]) -> str:
    """One board per line."""
    return "".join(dumps_record(r) + "\n" for r in records)
