"""The play (rules.md section 8) and results derived from real played games."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.core.cards import Card
from bridgescore.core.contract import Contract
from bridgescore.core.deal import Deal
from bridgescore.core.errors import IllegalPlayError
from bridgescore.core.play import Play, trick_winner
from bridgescore.core.result import Result
from bridgescore.core.seat import Seat
from bridgescore.core.strain import Strain
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats import lin, pbn
from bridgescore.render.gamerecord import format_record

DATA = Path(__file__).parents[1] / "data"
SEED_DEAL = Deal.from_pbn("N:AJ8.82.632.KT974 94.76.A875.Q8652 6532.KQT43.QJT9. KQT7.AJ95.K4.AJ3")


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def test_section_8_vectors() -> None:
    # spades trumps: W leads HK, N HA, E S2, S H3 -> East wins; the same cards at NT -> North
    trick = cards("HK HA S2 H3")
    assert trick_winner(Seat.WEST, trick, Strain.SPADES) is Seat.EAST
    assert trick_winner(Seat.WEST, trick, Strain.NOTRUMP) is Seat.NORTH
    # clubs trumps: N leads D2, E C9, S DA, W CA -> West
    assert trick_winner(Seat.NORTH, cards("D2 C9 DA CA"), Strain.CLUBS) is Seat.WEST
    # a discard of a higher card of another suit never wins
    assert trick_winner(Seat.NORTH, cards("D2 HA D3 SA"), Strain.NOTRUMP) is Seat.SOUTH


def test_lead_follow_and_revoke() -> None:
    p = Play(SEED_DEAL, "2SX", Seat.NORTH)
    assert p.next_seat is Seat.EAST and p.dummy is Seat.SOUTH
    with pytest.raises(IllegalPlayError, match="does not hold"):
        p.play("SA")  # North's card, East to lead
    p.play("C5")
    assert p.legal_cards() == list(SEED_DEAL[Seat.SOUTH])  # void in clubs: anything
    p.play("S2")
    with pytest.raises(IllegalPlayError, match="Law 44C"):
        p.play("HA")  # West holds AJ3 of clubs
    assert [str(c) for c in p.legal_cards()] == ["CA", "CJ", "C3"]
    p.play("C3")
    trick = p.play("C4")
    assert trick is not None and trick.winner is Seat.SOUTH and p.next_seat is Seat.SOUTH


def test_claims() -> None:
    p = Play(SEED_DEAL, "2SX", Seat.NORTH)
    p.play_all(cards("C5 S2 C3 C4"))
    with pytest.raises(IllegalPlayError):
        p.claim(0)  # declarer already has one trick
    with pytest.raises(IllegalPlayError):
        p.claim(14)
    p.claim_remaining(3)
    assert p.is_over and p.result() == Result(Contract.parse("2SX"), Seat.NORTH, 4)
    with pytest.raises(IllegalPlayError, match="Law 68D"):
        p.play("HK")


def test_seed_game_record_replays_to_its_result() -> None:
    rec = pbn.read_records(DATA / "seed_game.pbn", strict=True)[0][0]
    assert len(rec.play) == 52
    play = rec.replay()
    assert [t.winner for t in play.tricks][:4] == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.SOUTH]
    result = rec.derived_result()
    assert result == rec.recorded_result == Result.parse("2SX N -4")
    assert result is not None and result.ns_score(Vulnerability.NS) == -1100  # as printed


def _games(name: str) -> list:  # type: ignore[type-arg]
    return pbn.read_records(DATA / name)[0]


@pytest.mark.parametrize("name", ["endplay_example1.pbn", "endplay_example2_head.pbn", "seed_game.pbn"])
def test_real_games_give_their_recorded_results(name: str) -> None:
    checked = 0
    for rec in _games(name):
        recorded = rec.recorded_result
        if recorded is None or not rec.play:
            continue
        assert rec.derived_result() == recorded
        checked += 1
    assert checked >= 1


def test_fully_played_real_games() -> None:
    full = [r for r in _games("endplay_example2_head.pbn") if len(r.play) == 52]
    assert len(full) >= 4
    for rec in full:
        play = rec.replay()
        assert play.claimed is None and len(play.tricks) == 13
        assert play.result() == rec.recorded_result


def test_rotated_play_records_are_caught() -> None:
    # Several games in the rpbridge file list some tricks from the wrong seat; replaying them
    # must fail with the Law, never score them.
    bad = good = 0
    for rec in _games("endplay_example3_head.pbn"):
        if rec.deal is None or rec.recorded_result is None:
            continue
        try:
            assert rec.derived_result() == rec.recorded_result
            good += 1
        except IllegalPlayError as e:
            assert "Law 44" in str(e)
            bad += 1
    assert good >= 10 and bad >= 5


def test_lin_games_replay_and_claims() -> None:
    recs = lin.load(DATA / "endplay_example1.lin", strict=True)
    assert len(recs) == 8
    results = [str(r.derived_result()) for r in recs]
    # boards 3 and 7 end in claims (mc|9|, mc|11|); the rest are played out
    assert results[2] == "2H S +1" and results[6] == "4S S +1"
    for r in recs:
        assert r.derived_result() is not None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_printed_game_record(lang: str) -> None:
    rec = pbn.read_records(DATA / "seed_game.pbn", strict=True)[0][0]
    text = format_record(rec, lang)
    if lang == "zh":
        for word in ("第2副", "发牌：东", "南北有局", "加倍", "1无将", "北打2♠×", "宕4", "-1100", "xiaojianghu1994"):
            assert word in text
    else:
        for word in ("Board 2", "Dealer: East", "NS vulnerable", "2♠X by North", "down 4", "-1100"):
            assert word in text
    lines = text.splitlines()
    # The auction under columns that start with the dealer, as the seed prints it
    # ("东南西北－－ 1 1NT X 2 X 2 －－ X －－＝": two passes, 1♣ …).
    at = lines.index("叫牌：" if lang == "zh" else "Auction:")
    heads = ["东", "南", "西", "北"] if lang == "zh" else ["East", "South", "West", "North"]
    first = ["不叫", "不叫", "1♣", "1无将"] if lang == "zh" else ["Pass", "Pass", "1♣", "1NT"]
    assert lines[at + 1].split() == heads and lines[at + 2].split() == first
    # trick 1: East leads ♣5 and South ruffs with ♠2 (marked *), in either language
    at = lines.index("出牌：" if lang == "zh" else "Play:")
    assert lines[at + 2].split() == ["1", "♣5", "♠2*", "♣3", "♣4"]
    def column(line: str, part: str) -> int:  # on a terminal, where Chinese takes two columns
        before = line[: line.index(part)]
        return len(before) + sum(1 for ch in before if ord(ch) > 0x2E80)

    assert column(lines[at + 2], "♣5") == column(lines[at + 1], heads[0])  # under East


@pytest.mark.parametrize(("lang", "note"), [
    ("en", "Note: the recorded result (5 tricks) is not what the play gives (4 tricks)"),
    ("zh", "注意：记录的结果（5 墩）与出牌得出的 4 墩不符"),
])
def test_printed_record_flags_a_result_the_play_contradicts(lang: str, note: str) -> None:
    rec = pbn.read_records(DATA / "seed_game.pbn", strict=True)[0][0]
    rec.tricks = 5
    assert format_record(rec, lang).splitlines()[-1] == note
    rec.tricks = 4
    assert "Note" not in format_record(rec, lang) and "注意" not in format_record(rec, lang)
