"""A played board analysed card by card, double dummy (issue 22).

For a finished board (the deal, the contract and declarer, the cards played, perhaps a claim
ending the play) :func:`analyse` finds, with endplay's solver (DDS):

* the double-dummy number of tricks for declarer's side before the opening lead and after
  every card: what declarer's side ends with from that position if all four play best,
  tricks already won included;
* each card that gave tricks away (its side's double-dummy total dropped), with what it cost
  and the cards that would have kept the most (all of them, touching honours included);
* the deal's double-dummy table and par (from :mod:`bridgescore.deals.dd`);
* a short account in the reader's language of where the result came from.

One solve a card: DDS scores every legal card of the seat to play in one call
(:func:`bridgescore.deals.ddplay.dd_scores`, solutions mode 3), which gives both the value
before the card (the best score) and after it (the played card's score) and the cards that
were better.  endplay is imported only when a board is analysed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.board import Board
from ..core.cards import Card
from ..core.contract import Contract
from ..core.deal import Deal
from ..core.errors import BridgeError
from ..core.gamerecord import GameRecord
from ..core.i18n import Lang, is_zh, noun
from ..core.play import Play
from ..core.seat import Seat
from ..core.vulnerability import Vulnerability
from .dd import DDSolver, DDTable, ParResult, dd_table, par

__all__ = ["BoardAnalysis", "CardAnalysis", "analyse", "analyse_record"]

_ZH_COUNT = ("零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二",
             "十三")
_EN_COUNT = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "eleven", "twelve", "thirteen")


def _tricks(n: int, lang: Lang) -> str:
    """``a trick``, ``two tricks`` / ``一墩``, ``两墩``; figures past thirteen (the tricks a
    side's slips cost over a whole board can add up to more: a trick lost, given back by the
    other side and lost again counts each time)."""
    if is_zh(lang):
        return f"{_ZH_COUNT[n] if n < len(_ZH_COUNT) else n}墩"
    word = _EN_COUNT[n] if n < len(_EN_COUNT) else str(n)
    return f"{word} {noun(n, 'trick', 'tricks')}"


@dataclass(frozen=True, slots=True)
class CardAnalysis:
    """One card played and what it did to the double-dummy result.

    ``before`` and ``after`` are declarer's side's double-dummy totals (tricks already won
    included) before and after the card; ``cost`` is the tricks the card gave away to the
    other side (0 for a card as good as any); ``better`` the cards that would have kept the
    most (empty when the card cost nothing), in the deal's order."""

    trick: int  # 1-13
    seat: Seat  # the hand the card came from (dummy's cards are dummy's seat)
    card: Card
    before: int
    after: int
    cost: int
    better: tuple[Card, ...]

    def to_dict(self) -> dict[str, object]:
        return {"trick": self.trick, "seat": self.seat.letter, "card": str(self.card),
                "dd_before": self.before, "dd_after": self.after, "cost": self.cost,
                "better": [str(c) for c in self.better]}


@dataclass(frozen=True, slots=True)
class BoardAnalysis:
    deal: Deal
    contract: Contract
    declarer: Seat
    cards: tuple[CardAnalysis, ...]
    start: int  # declarer's double-dummy tricks before the opening lead
    end: int  # declarer's double-dummy tricks after the last card played
    made: int | None  # declarer's tricks in the end (the play or the claim); None if unfinished
    claim: int | None  # declarer's total agreed by a claim, when a claim ended the play
    table: DDTable
    par: ParResult | None  # None when neither dealer and vulnerability nor the board number is known
    board: int | None = None

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def costly(self) -> tuple[CardAnalysis, ...]:
        return tuple(c for c in self.cards if c.cost)

    def _who(self, c: CardAnalysis, lang: Lang) -> str:
        zh = is_zh(lang)
        if c.seat is self.declarer:
            return "庄家" if zh else "declarer's"
        if c.seat is self.dummy:
            return "庄家从明手" if zh else "dummy's"
        return f"{c.seat.name_in('zh')}家" if zh else f"{c.seat.name_in('en')}'s"

    def explain(self, c: CardAnalysis, lang: Lang = "en") -> str:
        """``Trick 5: declarer's ♠Q instead of ♠A cost a trick`` /
        ``第5墩庄家出♠Q而不是♠A，损失一墩``."""
        zh = is_zh(lang)
        shown = [b.format(lang, symbols=True) for b in c.better]
        if len(shown) > 4:  # the best of a long list: enough to see the point
            shown = [*shown[:3], "…"]
        alt = "或".join(shown) if zh else (
            shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1])
        card = c.card.format(lang, symbols=True)
        lead = c.trick == 1 and c.seat is self.declarer.lho and c is self.cards[0]
        if zh:
            verb = "首攻" if lead else "出"
            return f"第{c.trick}墩{self._who(c, lang)}{verb}{card}而不是{alt}，损失{_tricks(c.cost, lang)}"
        what = f"{self._who(c, lang)} opening lead {card}" if lead else f"{self._who(c, lang)} {card}"
        return f"Trick {c.trick}: {what} instead of {alt} cost {_tricks(c.cost, lang)}"

    def account(self, lang: Lang = "en") -> list[str]:
        """One line for each card that cost a trick, in the order played, then the claim's
        line when a claim gave or took tricks against double dummy."""
        lines = [self.explain(c, lang) for c in self.costly]
        if self.claim is not None and self.claim != self.end:
            diff = self.claim - self.end
            if is_zh(lang):
                lines.append(f"摊牌：庄家得{self.claim}墩，双明手为{self.end}墩"
                             f"（{'庄家多得' if diff > 0 else '庄家少得'}{_tricks(abs(diff), lang)}）")
            else:
                lines.append(f"Claim: declarer {self.claim} tricks where double dummy gives "
                             f"{self.end} ({_tricks(abs(diff), lang)} "
                             f"{'gained' if diff > 0 else 'conceded'})")
        return lines

    def summary(self, lang: Lang = "en") -> str:
        """``Declarer made 9 tricks; double dummy 10: one trick lost at trick 5`` /
        ``庄家得9墩；双明手10墩：第5墩损失一墩``."""
        zh = is_zh(lang)
        side = self.declarer.side
        lost = [c for c in self.costly if c.seat.side is side]
        given = [c for c in self.costly if c.seat.side is not side]
        parts = []
        for group, en_word, zh_word in ((lost, "lost", "庄家损失"), (given, "given by the defence",
                                                                   "防守方送出")):
            if group:
                n = sum(c.cost for c in group)
                where = sorted({c.trick for c in group})
                at = ", ".join(str(t) for t in where)
                at_zh = "、".join(str(t) for t in where)
                parts.append(f"第{at_zh}墩{zh_word}{_tricks(n, lang)}" if zh else
                             f"{_tricks(n, lang)} {en_word} at {noun(len(where), 'trick', 'tricks')} {at}")
        made = self.made if self.made is not None else self.end
        if zh:
            head = f"庄家得{made}墩；双明手{self.start}墩"
            return head + ("：" + "，".join(parts) if parts else "：没有失误")
        verb = "made" if self.made is not None else "is heading for"
        head = f"Declarer {verb} {made} {noun(made, 'trick', 'tricks')}; double dummy {self.start}"
        return head + (": " + "; ".join(parts) if parts else ": no card cost a trick")

    def to_dict(self) -> dict[str, object]:
        """The stable JSON form (docs/analysis.md)."""
        return {
            "board": self.board, "deal": self.deal.pbn(), "contract": str(self.contract),
            "declarer": self.declarer.letter, "dd_start": self.start, "dd_end": self.end,
            "made": self.made, "claim": self.claim,
            "dd_table": self.table.to_dict(),
            "par": self.par.to_dict() if self.par is not None else None,
            "cards": [c.to_dict() for c in self.cards],
            "account": {"en": self.account("en"), "zh": self.account("zh")},
            "summary": {"en": self.summary("en"), "zh": self.summary("zh")},
        }


def analyse(deal: Deal, contract: Contract | str, declarer: Seat, cards: Sequence[Card | str],
            claim: int | None = None, *, vulnerability: Vulnerability | None = None,
            dealer: Seat | None = None, board: int | None = None,
            solver: DDSolver | None = None, table: DDTable | None = None) -> BoardAnalysis:
    """Analyse the play of one board (see the module's text).  The cards are replayed and
    checked (an illegal card raises :class:`~bridgescore.core.errors.IllegalPlayError`); a claim
    is declarer's total, as :meth:`Play.claim` takes it.  Par needs the dealer and the
    vulnerability, given or taken from the board number.  ``table``: the deal's double-dummy
    table when it is already known (it is the costliest part on one core: 20 solves of the
    whole deal), else it is solved by ``solver`` (whose cache keeps it)."""
    from .ddplay import dd_scores

    play = Play(deal, contract, declarer)
    side = declarer.side
    out: list[CardAnalysis] = []
    start: int | None = None
    value: int | None = None
    for raw in cards:
        card = raw if isinstance(raw, Card) else Card.parse(raw)
        seat = play.next_seat
        if card not in play.legal_cards():
            play.play(card)  # raises the bilingual reason (not held, or a revoke)
        # DDS scores each legal card by the tricks the side to play takes from here on, the
        # trick in progress included; declarer's side's total adds the tricks it has won.
        scores = dd_scores(play)
        won, left = play.declarer_tricks, play.remaining
        ours = seat.side is side

        def total(score: int, ours: bool = ours, won: int = won, left: int = left) -> int:
            return won + (score if ours else left - score)

        best = max(scores.values())
        before, after = total(best), total(scores[card])
        if start is None:
            start = before
        trick = len(play.tricks) + 1
        cost = best - scores[card]
        better = tuple(sorted((c for c, s in scores.items() if s == best), key=_deal_order)) \
            if cost else ()
        out.append(CardAnalysis(trick, seat, card, before, after, cost, better))
        play.play(card)
        value = after
    if start is None:  # nothing played: the position before the lead is all there is
        scores = dd_scores(play)
        start = value = play.remaining - max(scores.values())  # the defenders are on lead
    assert value is not None
    if claim is not None:
        play.claim(claim)
    made = play.total_tricks
    if table is None:
        table = dd_table(deal, solver)
    if (vulnerability is None or dealer is None) and board is not None:
        b = Board(board)
        vulnerability = vulnerability if vulnerability is not None else b.vulnerability
        dealer = dealer if dealer is not None else b.dealer
    par_result = par(table, vulnerability, dealer) if vulnerability is not None and dealer is not None else None
    return BoardAnalysis(deal, play.contract, declarer, tuple(out), start, value, made,
                         play.claimed, table, par_result, board)


def _deal_order(card: Card) -> tuple[int, int]:
    # spades first, high cards first, as a hand is written
    return (-card.suit.value, -card.rank.value)


def analyse_record(record: GameRecord, solver: DDSolver | None = None) -> BoardAnalysis:
    """Analyse a game record read from a PBN or LIN file.  A record without a deal, a
    contract or played cards cannot be analysed: a bilingual :class:`BridgeError` says why."""
    contract, declarer = record.final_contract, record.final_declarer
    board = f"board {record.board}: " if record.board is not None else ""
    board_zh = f"第{record.board}副：" if record.board is not None else ""
    # A passed-out board has no declarer: said as such, before the missing declarer is.
    if record.deal is not None and contract is not None and contract.is_passed_out:
        raise BridgeError(board + "cannot analyse: the board was passed out",
                          board_zh + "无法分析：这副牌四家不叫")
    if record.deal is None or contract is None or declarer is None:
        raise BridgeError(board + "cannot analyse: the record lacks the deal, the contract or "
                          "the declarer", board_zh + "无法分析：记录缺少牌局、定约或定约人")
    shown: list[Card] = []
    for c in record.play:
        if c is None:
            break  # the record stops showing cards here
        shown.append(c)
    if not shown:
        raise BridgeError(board + "cannot analyse: the record has no play",
                          board_zh + "无法分析：记录中没有出牌")
    claim = record.claim
    if claim is None and record.claimed and record.tricks is not None and len(shown) < 52:
        claim = record.tricks  # a PBN claim (*) carries no count: the recorded result is it
    if claim is not None and len(shown) == 52:
        claim = None
    return analyse(record.deal, contract, declarer, shown, claim,
                   vulnerability=record.vulnerability, dealer=record.dealer,
                   board=record.board, solver=solver)
