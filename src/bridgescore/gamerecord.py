"""A game record: one board as it was dealt, bid and played, and its printed form.

The printout follows the record in the seeds (document 002): the players, dealer and
vulnerability, the four hands, the auction in a table, the play trick by trick (each card
under the player who played it, the leader first), then contract, result and score.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .auction import Auction
from .cards import Card
from .contract import Contract
from .deal import Deal
from .errors import BridgeError, IllegalPlayError
from .play import Play
from .result import Result
from .seat import Seat
from .vulnerability import Vulnerability

__all__ = ["GameRecord", "format_record"]


@dataclass(slots=True)
class GameRecord:
    """What a PBN game or a LIN board records.  Every part is optional, as in the files."""

    board: int | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    deal: Deal | None = None
    players: dict[Seat, str] = field(default_factory=dict)
    auction: Auction | None = None
    contract: Contract | None = None
    declarer: Seat | None = None
    # The cards in the order played; None for a card the record does not show.
    play: list[Card | None] = field(default_factory=list)
    claim: int | None = None  # declarer's total tricks from a claim (LIN ``mc``)
    claimed: bool = False  # the play ended by a claim (PBN ``*``) without a count
    tricks: int | None = None  # the recorded result: declarer's tricks
    event: str | None = None
    date: str | None = None
    score_text: str | None = None  # the recorded score as written (PBN ``Score``)
    line: int | None = None  # where the game starts in its file

    @property
    def final_contract(self) -> Contract | None:
        if self.contract is not None:
            return self.contract
        return self.auction.contract if self.auction is not None else None

    @property
    def final_declarer(self) -> Seat | None:
        if self.declarer is not None:
            return self.declarer
        return self.auction.declarer if self.auction is not None else None

    @property
    def recorded_result(self) -> Result | None:
        contract = self.final_contract
        if contract is None:
            return None
        if contract.is_passed_out:
            return Result.passed_out()
        if self.tricks is None or self.final_declarer is None:
            return None
        return Result(contract, self.final_declarer, self.tricks)

    def replay(self) -> Play:
        """Replay the recorded cards (up to the first card the record does not show)."""
        contract, declarer = self.final_contract, self.final_declarer
        if self.deal is None or contract is None or declarer is None:
            raise IllegalPlayError(
                "cannot replay: the record lacks the deal, the contract or the declarer",
                "无法复盘：记录缺少牌局、定约或定约人",
            )
        play = Play(self.deal, contract, declarer)
        for card in self.play:
            if card is None:
                break
            play.play(card)
        if self.claim is not None and not play.is_over:
            play.claim(self.claim)
        return play

    def derived_result(self) -> Result | None:
        """The result the play gives: all 13 tricks played, or a claim with its count.  A
        PBN claim (``*``) carries no count; then the recorded result is taken if the tricks
        already played allow it, else it is an error."""
        contract = self.final_contract
        if contract is not None and contract.is_passed_out:
            return Result.passed_out()
        play = self.replay()
        if play.total_tricks is not None:
            return play.result()
        if self.tricks is not None and (self.claimed or self.play):
            play.claim(self.tricks)  # raises when the record contradicts the play
            return play.result()
        return None

    def score(self) -> int | None:
        """NS score of the recorded (or derived) result."""
        result = self.recorded_result
        if result is None:
            try:
                result = self.derived_result()
            except BridgeError:
                result = None
        if result is None or self.vulnerability is None:
            return None
        return result.ns_score(self.vulnerability)


def _cell(text: str, width: int) -> str:
    # East Asian characters take two columns on a terminal.
    wide = sum(1 for ch in text if ord(ch) > 0x2E80)
    return text + " " * max(width - len(text) - wide, 0)


def format_record(record: GameRecord, lang: str = "en", symbols: bool = True) -> str:
    """The printed game record, in English or Chinese."""
    zh = lang == "zh"
    out: list[str] = []
    head = []
    if record.board is not None:
        head.append(f"第{record.board}副" if zh else f"Board {record.board}")
    if record.dealer is not None:
        head.append(f"发牌：{record.dealer.name_in('zh')}" if zh else f"Dealer: {record.dealer.name_in('en')}")
    if record.vulnerability is not None:
        head.append(f"局况：{record.vulnerability.describe('zh')}" if zh
                    else f"Vulnerability: {record.vulnerability.describe('en')}")
    if record.date:
        head.append(("日期：" if zh else "Date: ") + record.date)
    out.append("   ".join(head))
    if record.players:
        out.append(("牌手：" if zh else "Players: ") + "  ".join(
            f"{s.name_in(lang)} {record.players[s]}" for s in Seat if s in record.players))
    if record.deal is not None:
        out.append("")
        out.extend(_diagram(record.deal, lang, symbols))
    if record.auction is not None:
        out.append("")
        out.append("叫牌：" if zh else "Auction:")
        order = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
        out.append("  ".join(_cell(s.name_in(lang), 6) for s in order).rstrip())
        for row in record.auction.rounds():
            cells = ["" if c is None else c.format(lang, symbols) for c in row]
            out.append("  ".join(_cell(c, 6) for c in cells).rstrip())
    contract, declarer = record.final_contract, record.final_declarer
    play: Play | None = None
    try:
        if record.play and record.deal is not None:
            play = record.replay()
    except BridgeError:
        play = None
    if play is not None and (play.tricks or play.current.cards):
        out.append("")
        out.append("出牌：" if zh else "Play:")
        # As in the seeds: columns W N E S W N E so each trick reads left to right from its
        # leader; the winner is marked with *.
        cols = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
        out.append(_cell("墩" if zh else "#", 4) + "".join(_cell(s.name_in(lang), 6) for s in cols).rstrip())
        for n, trick in enumerate([*play.tricks, play.current], 1):
            if not trick.cards:
                continue
            start = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH).index(trick.leader)
            cells = [""] * 7
            for i, card in enumerate(trick.cards):
                mark = "*" if trick.winner is not None and trick.leader.next(i) is trick.winner else ""
                cells[start + i] = card.format(lang, symbols) + mark
            out.append(_cell(str(n), 4) + "".join(_cell(c, 6) for c in cells).rstrip())
        if play.claimed is not None:
            out.append(f"摊牌：定约方共得 {play.claimed} 墩" if zh else f"Claim: declarer takes {play.claimed} tricks in all")
    out.append("")
    result = record.recorded_result
    if result is None:
        try:
            result = record.derived_result()
        except BridgeError:
            result = None
    if contract is not None:
        if contract.is_passed_out:
            out.append("定约：四家不叫" if zh else "Contract: passed out")
        else:
            who = declarer.name_in(lang) if declarer is not None else "?"
            out.append(f"定约：{who}打{contract.format('zh', symbols)}" if zh
                       else f"Contract: {contract.format('en', symbols)} by {who}")
    if result is not None and not result.is_passed_out:
        rel = result.relative
        if zh:
            text = "正好完成" if rel == 0 else (f"超{rel}" if rel > 0 else f"宕{-rel}")
            out.append(f"结果：{result.tricks} 墩，{text}")
        else:
            text = "made exactly" if rel == 0 else (f"made with {rel} over" if rel > 0 else f"down {-rel}")
            out.append(f"Result: {result.tricks} tricks, {text}")
    if result is not None and record.vulnerability is not None:
        ns = result.ns_score(record.vulnerability)
        out.append(f"南北得分：{ns:+d}" if zh else f"Score (NS): {ns:+d}")
    return "\n".join(out).rstrip() + "\n"


def _diagram(deal: Deal, lang: str, symbols: bool) -> list[str]:
    def lines(seat: Seat) -> list[str]:
        hand = deal[seat]
        rows = [f"{seat.name_in(lang)} ({hand.hcp})" if len(hand) == 13 else seat.name_in(lang)]
        from .cards import SUITS_HIGH_FIRST

        for suit in SUITS_HIGH_FIRST:
            ranks = " ".join(r.display for r in hand.ranks(suit)) or "—"
            mark = suit.symbol if symbols or lang != "zh" else suit.name_in("zh")
            rows.append(f"{mark} {ranks}")
        return rows

    north, south = lines(Seat.NORTH), lines(Seat.SOUTH)
    west, east = lines(Seat.WEST), lines(Seat.EAST)
    pad = " " * 20
    out = [pad + r for r in north]
    for w, e in zip(west, east, strict=True):
        out.append(_cell(w, 40) + e)
    out.extend(pad + r for r in south)
    return out
