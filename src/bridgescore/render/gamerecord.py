"""The printed game record, as text and as an A4 HTML page.

The printout follows the record in the seeds (document 002): the players, dealer and
vulnerability, the four hands, the auction in a table, the play trick by trick (each card
under the player who played it, the leader first), then contract, result and score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.cards import SUITS_HIGH_FIRST
from ..core.deal import Deal
from ..core.errors import BridgeError
from ..core.gamerecord import GameRecord
from ..core.i18n import Lang, is_zh, plural, signed
from ..core.play import Play
from ..core.result import Result
from ..core.seat import Seat
from .handrecord import diagram_view
from .templates import render_template

__all__ = ["format_record", "mismatch_note", "render_records_html", "result_phrase", "trick_rows"]


def _cell(text: str, width: int) -> str:
    # East Asian characters take two columns on a terminal.
    wide = sum(1 for ch in text if ord(ch) > 0x2E80)
    return text + " " * max(width - len(text) - wide, 0)


def _derived(record: GameRecord) -> Result | None:
    try:
        return record.derived_result()
    except BridgeError:
        return None


def result_phrase(result: Result, lang: Lang) -> str:
    """``10 tricks, made with 1 over`` / ``10 墩，超1``."""
    rel = result.relative
    if is_zh(lang):
        text = "正好完成" if rel == 0 else (f"超{rel}" if rel > 0 else f"宕{-rel}")
        return f"{result.tricks} 墩，{text}"
    text = "made exactly" if rel == 0 else (f"made with {rel} over" if rel > 0 else f"down {-rel}")
    return f"{plural(result.tricks, 'trick', 'tricks')}, {text}"


def mismatch_note(record: GameRecord, lang: Lang) -> str | None:
    """A warning when the recorded result is not what the recorded play gives."""
    recorded = record.recorded_result
    if recorded is None or recorded.is_passed_out or not record.play:
        return None
    derived = _derived(record)
    if derived is None or derived == recorded:
        return None
    if is_zh(lang):
        return f"注意：记录的结果（{recorded.tricks} 墩）与出牌得出的 {derived.tricks} 墩不符"
    return (f"Note: the recorded result ({plural(recorded.tricks, 'trick', 'tricks')}) is not "
            f"what the play gives ({plural(derived.tricks, 'trick', 'tricks')})")


def format_record(record: GameRecord, lang: Lang = "en", symbols: bool = True) -> str:
    """The printed game record, in English or Chinese, laid out as the seeds' record is: the
    auction under columns that start with the dealer, the play trick by trick under columns
    W N E S W N E so that each trick reads from its leader."""
    zh = is_zh(lang)
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
        first = record.auction.dealer
        out.append("  ".join(_cell(first.next(i).name_in(lang), 6) for i in range(4)).rstrip())
        for calls in record.auction.rounds(first):
            texts = ["" if c is None else c.format(lang, symbols) for c in calls]
            out.append("  ".join(_cell(c, 6) for c in texts).rstrip())
    contract, declarer = record.final_contract, record.final_declarer
    play = _played(record)
    if play is not None and (play.tricks or play.current.cards):
        out.append("")
        out.append("出牌：" if zh else "Play:")
        # As in the seeds: columns W N E S W N E so each trick reads left to right from its
        # leader; the winner is marked with *.
        cols = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
        out.append(_cell("墩" if zh else "#", 4) + "".join(_cell(s.name_in(lang), 6) for s in cols).rstrip())
        for n, row in enumerate(trick_rows(play, lang, symbols), 1):
            out.append(_cell(str(n), 4) + "".join(_cell(c + ("*" if w else ""), 6) for c, w in row).rstrip())
        if play.claimed is not None:
            out.append(f"摊牌：定约方共得 {play.claimed} 墩" if zh else f"Claim: declarer takes {plural(play.claimed, 'trick', 'tricks')} in all")
    out.append("")
    result = record.recorded_result or _derived(record)
    if contract is not None:
        if contract.is_passed_out:
            out.append("定约：四家不叫" if zh else "Contract: passed out")
        else:
            who = declarer.name_in(lang) if declarer is not None else "?"
            out.append(f"定约：{who}打{contract.format('zh', symbols)}" if zh
                       else f"Contract: {contract.format('en', symbols)} by {who}")
    if result is not None and not result.is_passed_out:
        out.append(("结果：" if zh else "Result: ") + result_phrase(result, lang))
    if result is not None and record.vulnerability is not None:
        ns = result.ns_score(record.vulnerability)
        out.append(f"南北得分：{signed(ns)}" if zh else f"Score (NS): {signed(ns)}")
    note = mismatch_note(record, lang)
    if note:
        out.append(note)
    return "\n".join(out).rstrip() + "\n"


def _played(record: GameRecord) -> Play | None:
    """The recorded play replayed, ended by its claim when the record has one (a LIN count,
    or a PBN ``*`` with the recorded result); ``None`` if it cannot be replayed."""
    if not record.play or record.deal is None:
        return None
    try:
        play = record.replay()
        if not play.is_over and record.claimed and record.tricks is not None:
            play.claim(record.tricks)
    except BridgeError:
        return None  # an illegal or broken play record: the caller prints no tricks
    return play


def trick_rows(play: Play, lang: Lang = "en", symbols: bool = True) -> list[list[tuple[str, bool]]]:
    """Each trick as seven cells under W N E S W N E: (card, won the trick), the leader's
    card in the leader's first column."""
    order = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
    rows = []
    for trick in [*play.tricks, play.current]:
        if not trick.cards:
            continue
        start = order.index(trick.leader)
        cells: list[tuple[str, bool]] = [("", False)] * 7
        for i, card in enumerate(trick.cards):
            won = trick.winner is not None and trick.leader.next(i) is trick.winner
            cells[start + i] = (card.format(lang, symbols), won)
        rows.append(cells)
    return rows


def _diagram(deal: Deal, lang: Lang, symbols: bool) -> list[str]:
    def lines(seat: Seat) -> list[str]:
        hand = deal[seat]
        hcp = f" ({hand.hcp}{'点' if is_zh(lang) else ' HCP'})" if len(hand) == 13 else ""
        rows = [seat.name_in(lang) + hcp]
        for suit in SUITS_HIGH_FIRST:
            ranks = " ".join(r.display for r in hand.ranks(suit)) or "—"
            mark = suit.symbol if symbols or not is_zh(lang) else suit.name_in("zh")
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


def render_records_html(records: Sequence[GameRecord], lang: Lang = "en", title: str | None = None) -> str:
    """The game records as one printable HTML page (A4, one record to a page): the summary
    line of the seeds' record (date, the players E S W N, declarer, contract, result, score),
    the hand diagram, the auction table and the play trick by trick."""
    zh = is_zh(lang)
    views = [_record_view(rec, lang) for rec in records]
    return render_template(
        "handrecord_game.html",
        html_lang="zh-CN" if zh else "en",
        title=title or ("牌局记录" if zh else "Game record"),
        records=views,
        t=_HTML_WORDS["zh" if zh else "en"],
        play_heads=[s.name_in(lang) for s in (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH,
                                              Seat.WEST, Seat.NORTH, Seat.EAST)],
    )


_HTML_WORDS = {
    "en": {"date": "Date", "declarer": "Declarer", "contract": "Contract", "result": "Result",
           "score": "NS score", "auction": "Auction", "play": "Play", "trick": "Trick",
           "claim": "Claim: declarer takes {n} in all", "passed": "passed out",
           "won": "The card that won each trick is shaded.", "page": "Page", "colon": ": "},
    "zh": {"date": "日期", "declarer": "庄家", "contract": "定约", "result": "结果",
           "score": "南北得分", "auction": "叫牌", "play": "出牌", "trick": "墩",
           "claim": "摊牌：定约方共得 {n} 墩", "passed": "四家不叫",
           "won": "每墩赢牌的那张有底色。", "page": "页", "colon": "："},
}


def _record_view(rec: GameRecord, lang: Lang) -> dict[str, Any]:
    zh = is_zh(lang)
    contract, declarer = rec.final_contract, rec.final_declarer
    result = rec.recorded_result or _derived(rec)
    view: dict[str, Any] = {"deal": None, "auction": None, "play": None, "claim": None}
    if rec.deal is not None:
        view["deal"] = diagram_view(rec.deal, lang, rec.dealer)
        view["deal"]["vul_ns"] = rec.vulnerability is not None and rec.vulnerability.is_vulnerable(Seat.NORTH)
        view["deal"]["vul_ew"] = rec.vulnerability is not None and rec.vulnerability.is_vulnerable(Seat.EAST)
    view["heading"] = (f"第{rec.board}副" if zh else f"Board {rec.board}") if rec.board is not None else ""
    info = []
    if rec.dealer is not None:
        info.append(f"发牌：{rec.dealer.name_in('zh')}" if zh else f"Dealer: {rec.dealer.name_in('en')}")
    if rec.vulnerability is not None:
        info.append(f"局况：{rec.vulnerability.describe('zh')}" if zh
                    else f"Vulnerability: {rec.vulnerability.describe('en')}")
    view["info"] = info
    # The seeds' summary row: date, the players from East round to North, then the outcome.
    seats = (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH)
    view["player_heads"] = [s.name_in(lang) for s in seats]
    view["players"] = [rec.players.get(s, "") for s in seats]
    view["date"] = rec.date or ""
    view["declarer"] = declarer.name_in(lang) if declarer is not None else ""
    if contract is None:
        view["contract"] = ""
    else:
        view["contract"] = _HTML_WORDS[lang if zh else "en"]["passed"] if contract.is_passed_out else contract.format(lang, True)
    if contract is None or contract.is_passed_out or declarer is None:
        view["contract_line"] = view["contract"]
    else:
        c = contract.format(lang, True)
        view["contract_line"] = f"{declarer.name_in('zh')}打{c}" if zh else f"{c} by {declarer.name_in('en')}"
    view["result"] = "" if result is None or result.is_passed_out else (
        "=" if result.relative == 0 else f"{result.relative:+d}")
    view["result_text"] = "" if result is None or result.is_passed_out else result_phrase(result, lang)
    view["score"] = (signed(result.ns_score(rec.vulnerability))
                     if result is not None and rec.vulnerability is not None else "")
    view["note"] = mismatch_note(rec, lang)
    if rec.auction is not None:
        first = rec.auction.dealer
        view["auction"] = {
            "heads": [first.next(i).name_in(lang) for i in range(4)],
            "rows": [[{"text": "" if c is None else c.format(lang, True),
                       "red": c is not None and c.strain is not None and c.strain.value in (1, 2)}
                      for c in row] + [{"text": "", "red": False}] * (4 - len(row))
                     for row in rec.auction.rounds(first)],
        }
    play = _played(rec)
    if play is not None and (play.tricks or play.current.cards):
        view["play"] = [[{"text": text, "won": won, "red": text[:1] in "♥♦"} for text, won in row]
                        for row in trick_rows(play, lang, True)]
        if play.claimed is not None:
            view["claim"] = _HTML_WORDS["zh" if zh else "en"]["claim"].format(
                n=play.claimed if zh else plural(play.claimed, "trick", "tricks"))
    return view
