"""Calls and the auction, by Laws 17-22 (with the Laws named by illegal calls: 27, 36, 38, 39).

>>> a = Auction.parse("N", "1C 1H 1NT P 3NT P P P")
>>> a.contract, a.declarer, a.dummy, a.opening_leader
(Contract.parse('3NT'), <Seat.SOUTH: 2>, <Seat.NORTH: 0>, <Seat.WEST: 3>)
>>> Auction.parse("北", "1♥ 加倍 1♠ 不叫 不叫 不叫").contract
Contract.parse('1S')
>>> Auction.parse("N", "1H P X")
Traceback (most recent call last):
...
bridgescore.core.errors.IllegalCallError: South may not double: the last bid, 1H, was made by South's own side (Law 19A1; an inadmissible double, Law 36)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from .contract import Contract, Doubling
from .errors import IllegalCallError, NotationError
from .i18n import Lang, is_zh
from .seat import Seat, Side
from .strain import STRAIN_WORDS, Strain
from .text import excerpt, normalize, parse_int

__all__ = ["Auction", "Call", "CallKind"]


class CallKind(enum.Enum):
    PASS = 0
    DOUBLE = 1
    REDOUBLE = 2
    BID = 3


@dataclass(frozen=True, slots=True)
class Call:
    """A call: pass, double, redouble or a bid of ``level`` (1-7) in ``strain``."""

    kind: CallKind
    level: int = 0
    strain: Strain | None = None

    def __post_init__(self) -> None:
        if self.kind is CallKind.BID:
            # Levels 8-99 are kept, so that the auction can name Law 38 when they are made.
            if (type(self.strain) is not Strain or type(self.level) is not int
                    or not 1 <= self.level <= 99):
                raise NotationError(
                    f"invalid bid {excerpt(self.level)} {excerpt(self.strain)}: a bid needs a "
                    "level and a strain",
                    f"无效的叫品 {excerpt(self.level)} {excerpt(self.strain)}：叫品需要阶数和花色",
                )
        elif type(self.kind) is not CallKind:
            raise NotationError(f"invalid call kind {excerpt(self.kind)}",
                                f"无效的叫品种类 {excerpt(self.kind)}")
        elif self.level or self.strain is not None:
            raise NotationError("only a bid has a level and a strain", "只有叫品才有阶数和花色")

    @classmethod
    def bid(cls, level: int, strain: Strain) -> Call:
        return cls(CallKind.BID, level, strain)

    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    @property
    def rank(self) -> int:
        """Bids in order of rank (Law 18E): 1C = 0 … 7NT = 34."""
        assert self.strain is not None
        return (self.level - 1) * 5 + self.strain.value

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"

    def format(self, lang: Lang = "en", symbols: bool = False) -> str:
        """``P``/``X``/``XX``/``1NT`` (PBN-like: ``Pass``), symbols ``1♠``, Chinese ``不叫``/``1♠``."""
        if self.kind is CallKind.BID:
            assert self.strain is not None
            if is_zh(lang):
                mark = "无将" if self.strain is Strain.NOTRUMP else self.strain.symbol
            else:
                mark = self.strain.symbol if symbols else self.strain.letter
            return f"{self.level}{mark}"
        if is_zh(lang):
            return ("不叫", "加倍", "再加倍")[self.kind.value]
        return ("Pass", "X", "XX")[self.kind.value]

    @classmethod
    def parse(cls, text: str) -> Call:
        """``P``, ``Pass``, ``X``, ``Dbl``, ``XX``, ``Rdbl``, ``1NT``, ``1N``, ``1♠``,
        ``不叫``, ``加倍``, ``再加倍``, ``1无将``, ``一黑桃`` …"""
        if not isinstance(text, str):
            raise NotationError(f"invalid call {excerpt(text)}", f"无效的叫品 {excerpt(text)}")
        # Long text is no call: parse it without keeping it in the cache.
        return _parse_call(text) if len(text) <= 32 else _parse_call.__wrapped__(text)


_SEATS = tuple(Seat)
_PASS = Call(CallKind.PASS)
_DOUBLE = Call(CallKind.DOUBLE)
_REDOUBLE = Call(CallKind.REDOUBLE)
_DOUBLINGS = (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)
_CALL_WORDS = {
    "p": _PASS, "pass": _PASS, "pa": _PASS, "-": _PASS, "--": _PASS, "不叫": _PASS, "过": _PASS,
    "派司": _PASS, "派斯": _PASS,
    "x": _DOUBLE, "d": _DOUBLE, "dbl": _DOUBLE, "double": _DOUBLE, "加倍": _DOUBLE,
    "×": _DOUBLE, "*": _DOUBLE,
    "xx": _REDOUBLE, "r": _REDOUBLE, "rdbl": _REDOUBLE, "redouble": _REDOUBLE,
    "再加倍": _REDOUBLE, "××": _REDOUBLE, "**": _REDOUBLE,
}
# "All pass": the remaining players pass and the auction ends (PBN's AP); 四家不叫 (four passes)
# is only the whole auction of a passed-out board.
_ALL_PASS = frozenset({"ap", "allpass", "全部不叫", "全不叫", "都不叫", "全都不叫", "其余不叫"})
_FOUR_PASSES = frozenset({"四家不叫", "四家都不叫", "四家全不叫"})
_ALL_PASS_TEXT = re.compile(r"\ball\s+pass(?:es)?\b", re.IGNORECASE)
_STRAINS_RE = "|".join(re.escape(w) for w in sorted(STRAIN_WORDS, key=len, reverse=True))
_BID_RE = re.compile(rf"(\d+|[一二两三四五六七八九十]+)\s*({_STRAINS_RE})")


@lru_cache(maxsize=1024)
def _parse_call(text: str) -> Call:
    key = normalize(text).lower().strip()
    call = _CALL_WORDS.get(key)
    if call is not None:
        return call
    m = _BID_RE.fullmatch(key)
    if m is not None:
        level = parse_int(m[1])
        if level is not None and 1 <= level <= 99:
            # Levels above 7 parse, so that the auction can name Law 38 when they are made.
            return Call(CallKind.BID, level, STRAIN_WORDS[m[2]])
    raise NotationError(
        f"invalid call {excerpt(text)}: expected Pass (P), X, XX or a bid such as 1NT or 4S "
        "(also 不叫, 加倍, 再加倍, 1无将, 1♠)",
        f"无效的叫品 {excerpt(text)}：应为 不叫、加倍、再加倍 或 1无将、4♠ 这样的叫品（也可写 P、X、XX、1NT）",
    )


def _who(seat: Seat, lang: Lang) -> str:
    return seat.name_in(lang)


@dataclass(frozen=True, slots=True)
class Auction:
    """The calls made so far, starting with the dealer.  Adding an illegal call raises
    :class:`IllegalCallError` naming the Law it breaks."""

    dealer: Seat
    calls: tuple[Call, ...] = ()
    is_complete: bool = field(init=False, repr=False, compare=False)
    # Worked out once by the replay that validates the calls: a table's view asks for the
    # contract, declarer and legal calls several times a move (a robot table, thousands).
    _state: _State = field(init=False, repr=False, compare=False)
    _contract: Contract | None = field(init=False, repr=False, compare=False)
    _declarer: Seat | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if type(self.dealer) is not Seat:
            raise NotationError(f"invalid dealer {excerpt(self.dealer)}: expected a Seat",
                                f"无效的发牌人 {excerpt(self.dealer)}：应为 Seat")
        if type(self.calls) is not tuple or any(type(c) is not Call for c in self.calls):
            raise NotationError(
                f"invalid calls {excerpt(self.calls)}: expected a tuple of Call",
                f"无效的叫品 {excerpt(self.calls)}：应为 Call 的元组",
            )
        # Validate by replaying: an Auction can only hold a legal sequence.
        state = _State()
        first = self.dealer.value
        for i, call in enumerate(self.calls):
            state.apply(_SEATS[(first + i) % 4], call)
        object.__setattr__(self, "is_complete", state.over)
        object.__setattr__(self, "_state", state)
        contract: Contract | None = None
        declarer: Seat | None = None
        if state.over:
            bid = state.last_bid
            if bid is None:
                contract = Contract.passed_out()
            else:
                assert bid.strain is not None and state.last_bidder is not None
                contract = Contract(bid.level, bid.strain, _DOUBLINGS[state.doubling])
                # The first player of the side that made the final bid to name its strain.
                declarer = state.first_named[(state.last_bidder.side, bid.strain)]
        object.__setattr__(self, "_contract", contract)
        object.__setattr__(self, "_declarer", declarer)

    @classmethod
    def parse(cls, dealer: Seat | str, calls: str | Iterable[str | Call]) -> Auction:
        """The dealer and the calls: ``"1C 1H 1NT P 3NT P P P"``, a list of calls, Chinese
        (``1♥ 加倍 不叫``).  ``AP``/``all pass``/``全部不叫`` ends the auction with passes;
        ``四家不叫`` alone is a passed-out board.

        >>> str(Auction.parse("N", "1NT P 3NT AP")), Auction.parse("S", "全部不叫").is_passed_out
        ('1NT Pass 3NT Pass Pass Pass', True)
        """
        seat = dealer if isinstance(dealer, Seat) else Seat.parse(dealer)
        if isinstance(calls, str):
            spaced = _ALL_PASS_TEXT.sub(" AP ", normalize(calls)).replace(",", " ")
            items: Iterable[str | Call] = spaced.split()
        elif isinstance(calls, Iterable):
            items = calls
        else:
            raise NotationError(
                f"invalid auction {excerpt(calls)}: expected calls such as '1NT P 3NT P P P'",
                f"无效的叫牌过程 {excerpt(calls)}：应为如 '1NT P 3NT P P P' 的叫品",
            )
        parsed: list[Call] = []
        words = list(items)
        for i, c in enumerate(words):
            key = normalize(c).lower().replace(" ", "") if isinstance(c, str) else None
            if key in _ALL_PASS or key in _FOUR_PASSES:
                if i != len(words) - 1 or (key in _FOUR_PASSES and parsed):
                    raise NotationError(
                        f"invalid auction: {excerpt(c)} must end the auction"
                        + (" and stand alone (a passed-out board)" if key in _FOUR_PASSES else ""),
                        f"无效的叫牌过程：{excerpt(c)} 应在叫牌的最后"
                        + ("，且单独使用（四家不叫）" if key in _FOUR_PASSES else ""),
                    )
                state = cls(seat, tuple(parsed))
                while not state.is_complete:
                    parsed.append(_PASS)
                    state = cls(seat, tuple(parsed))
                continue
            parsed.append(c if isinstance(c, Call) else Call.parse(c))
        return cls(seat, tuple(parsed))

    def add(self, call: Call | str) -> Auction:
        """A new auction with one more call (checked)."""
        c = call if isinstance(call, Call) else Call.parse(call)
        return Auction(self.dealer, (*self.calls, c))

    @property
    def next_seat(self) -> Seat:
        return Seat((self.dealer.value + len(self.calls)) % 4)

    @property
    def is_passed_out(self) -> bool:
        return len(self.calls) == 4 and all(c.kind is CallKind.PASS for c in self.calls)

    def _last_bid(self) -> tuple[int, Call] | None:
        for i in range(len(self.calls) - 1, -1, -1):
            if self.calls[i].is_bid:
                return i, self.calls[i]
        return None

    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction is over (passed out: ``Contract.parse('pass')``);
        ``None`` while it is still going."""
        return self._contract

    @property
    def declarer(self) -> Seat | None:
        """The first player of the side that made the final bid to name its strain."""
        return self._declarer

    @property
    def dummy(self) -> Seat | None:
        d = self.declarer
        return None if d is None else d.partner

    @property
    def opening_leader(self) -> Seat | None:
        d = self.declarer
        return None if d is None else d.lho

    def legal_calls(self) -> list[Call]:
        """Every call the next player may make (empty once the auction is over)."""
        st = self._state
        if st.over:
            return []
        side = self.next_seat.side
        out = [_PASS]
        # Laws 19A1 and 19B1: the opponents' last bid, undoubled; their double, not redoubled.
        if st.last_bidder is not None and st.last_bidder.side is not side and st.doubling == 0:
            out.append(_DOUBLE)
        if st.doubling == 1 and st.doubler is not None and st.doubler.side is not side:
            out.append(_REDOUBLE)
        out.extend(ALL_BIDS[st.last_rank + 1:])  # Law 18E: ALL_BIDS is in rank order
        return out

    def rounds(self, first: Seat = Seat.WEST) -> list[list[Call | None]]:
        """The calls in rows of four under columns that start with ``first`` and go clockwise
        (W, N, E, S by default; ``first=auction.dealer`` gives the dealer's column first, as
        the seeds' game record does), with ``None`` before the dealer's first call."""
        rows: list[list[Call | None]] = []
        row: list[Call | None] = [None] * ((self.dealer.value - first.value) % 4)
        for c in self.calls:
            row.append(c)
            if len(row) == 4:
                rows.append(row)
                row = []
        if row:
            rows.append(row)
        return rows

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.calls)

    def format(self, lang: Lang = "en", symbols: bool = False) -> str:
        return " ".join(c.format(lang, symbols) for c in self.calls)


ALL_BIDS: tuple[Call, ...] = tuple(
    Call(CallKind.BID, level, strain) for level in range(1, 8) for strain in Strain
)


class _State:
    """The facts Laws 18-22 need while replaying an auction."""

    def __init__(self) -> None:
        self.n = 0
        self.passes = 0
        self.any_bid = False
        self.last_bid: Call | None = None
        self.last_bidder: Seat | None = None
        self.last_rank = -1
        self.doubling = 0  # 0 none, 1 doubled, 2 redoubled
        self.doubler: Seat | None = None
        self.over = False
        # (side, strain) -> the first of the side to bid the strain: of the side that makes
        # the final bid, its declarer (the Laws' definition of declarer).
        self.first_named: dict[tuple[Side, Strain], Seat] = {}

    def apply(self, seat: Seat, call: Call) -> None:
        kind = call.kind
        if kind is CallKind.PASS and not self.over:
            # the commonest call, checked first: it is always legal while the auction goes on
            self.passes += 1
            self.n += 1
            if self.passes == 3 + (not self.any_bid):
                self.over = True  # Law 22
            return
        if self.over:
            raise IllegalCallError(
                f"{seat.name_in('en')} may not call {call}: the auction is over (Law 39)",
                f"{seat.name_in('zh')}不能叫 {call.format('zh')}：叫牌已经结束（第39条）",
            )
        if call.kind is CallKind.BID:
            if call.level > 7:
                raise IllegalCallError(
                    f"{seat.name_in('en')} may not bid {call}: no bid above the seven level (Law 38)",
                    f"{seat.name_in('zh')}不能叫 {call.format('zh')}：没有高于7阶的叫品（第38条）",
                )
            # Law 18E rank, from the enum's plain attribute (its .value is slow to read)
            rank = (call.level - 1) * 5 + call.strain._value_  # type: ignore[union-attr]
            if self.last_bid is not None and rank <= self.last_rank:
                raise IllegalCallError(
                    f"{seat.name_in('en')} may not bid {call}: insufficient over "
                    f"{self.last_bid} (Law 18; an insufficient bid, Law 27)",
                    f"{seat.name_in('zh')}不能叫 {call.format('zh')}：不足以超过 "
                    f"{self.last_bid.format('zh')}（第18条；不足叫，第27条）",
                )
            self.last_bid, self.last_bidder, self.last_rank = call, seat, rank
            self.first_named.setdefault((seat.side, call.strain), seat)  # type: ignore[arg-type]
            self.any_bid = True
            self.doubling, self.doubler = 0, None
            self.passes = 0
        elif call.kind is CallKind.DOUBLE:
            why = None
            if self.last_bid is None or self.last_bidder is None:
                why = ("there is no bid to double", "没有可以加倍的叫品")
            elif self.last_bidder.side is seat.side:
                why = (f"the last bid, {self.last_bid}, was made by {seat.name_in('en')}'s own side",
                       f"最后的叫品 {self.last_bid.format('zh')} 是本方叫的")
            elif self.doubling:
                why = (f"{self.last_bid} is already {'doubled' if self.doubling == 1 else 'redoubled'}",
                       f"{self.last_bid.format('zh')} 已经{'加倍' if self.doubling == 1 else '再加倍'}")
            if why:
                raise IllegalCallError(
                    f"{seat.name_in('en')} may not double: {why[0]} (Law 19A1; an inadmissible double, Law 36)",
                    f"{seat.name_in('zh')}不能加倍：{why[1]}（第19条A1；不允许的加倍，第36条）",
                )
            self.doubling, self.doubler = 1, seat
            self.passes = 0
        elif call.kind is CallKind.REDOUBLE:
            why = None
            if self.doubling == 0 or self.doubler is None:
                why = ("there is no double to redouble", "没有可以再加倍的加倍")
            elif self.doubling == 2:
                why = ("the bid is already redoubled", "已经再加倍了")
            elif self.doubler.side is seat.side:
                why = (f"the double was made by {seat.name_in('en')}'s own side", "加倍是本方叫的")
            if why:
                raise IllegalCallError(
                    f"{seat.name_in('en')} may not redouble: {why[0]} (Law 19B1; an inadmissible redouble, Law 36)",
                    f"{seat.name_in('zh')}不能再加倍：{why[1]}（第19条B1；不允许的再加倍，第36条）",
                )
            self.doubling = 2
            self.passes = 0
        else:
            self.passes += 1
        self.n += 1
        # Law 22: three passes after a bid, or four passes with no bid, end the auction.
        if (self.any_bid and self.passes == 3) or (not self.any_bid and self.passes == 4):
            self.over = True


def parse_calls(text: str | Sequence[str]) -> list[Call]:
    items = normalize(text).replace(",", " ").split() if isinstance(text, str) else text
    return [Call.parse(c) for c in items]
