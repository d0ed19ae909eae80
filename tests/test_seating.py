"""Who sat where: a pair on the wrong side, a result the movement does not have, pair numbers.

The sessions are written by hand from the Mitchell formulas (rules.md 12.1): with 3 tables,
NS pair t stays at table t; EW pair 3+e starts at table e and moves up one table a round; the
board sets (2 boards each) move down one table.  Round 1: 1-4 on boards 1-2, 2-5 on 3-4, 3-6
on 5-6; round 2: 1-6 on 3-4, 2-4 on 5-6, 3-5 on 1-2; round 3: 1-5 on 5-6, 2-6 on 1-2, 3-4 on
3-4.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.cli import COMMANDS, main
from bridgescore.errors import BridgeError
from bridgescore.events.csvfmt import loads
from bridgescore.events.model import BoardResult, Session
from bridgescore.events.movements import howell, mitchell

# (round, table, NS, EW, boards)
MITCHELL_3 = [(1, 1, 1, 4, (1, 2)), (1, 2, 2, 5, (3, 4)), (1, 3, 3, 6, (5, 6)),
              (2, 1, 1, 6, (3, 4)), (2, 2, 2, 4, (5, 6)), (2, 3, 3, 5, (1, 2)),
              (3, 1, 1, 5, (5, 6)), (3, 2, 2, 6, (1, 2)), (3, 3, 3, 4, (3, 4))]
HEAD = "board,table,round,ns,ew,score\n"


def lines(rows: list[tuple[int, int, int, int, tuple[int, ...]]], *, rounds: bool = True,
          swap: tuple[int, int] | None = None) -> list[str]:
    """One CSV line a board; ``swap=(round, board)`` writes that line EW-first."""
    out = []
    for r, t, ns, ew, boards in rows:
        for b in boards:
            a, c = (ew, ns) if swap == (r, b) else (ns, ew)
            out.append(f"{b},{t},{r if rounds else ''},{a},{c},0")
    return out


def text(body: list[str], settings: str = "") -> str:
    return settings + HEAD + "\n".join(body) + "\n"


def error(source: str) -> BridgeError:
    with pytest.raises(BridgeError) as e:
        loads(source, source="s.csv")
    return e.value


def test_the_hand_written_session_is_the_movement() -> None:
    mv = mitchell(3)
    for r, t, ns, ew, boards in MITCHELL_3:
        a = mv.at(r, t)
        assert (a.ns, a.ew, a.boards) == (ns, ew, boards)
    s = loads(text(lines(MITCHELL_3)))
    assert isinstance(s, Session) and len(s.results) == 18


# ------------------------------------------------------------------ the wrong side
def test_one_line_swapped_in_a_round_is_refused_naming_the_line() -> None:
    # Round 2, board 5 (table 2: NS 2 v EW 4) written as NS 4 v EW 2: line 10 of the file.
    e = error(text(lines(MITCHELL_3, swap=(2, 5))))
    assert e.en == ("s.csv:10: board 5: pair 4 sits NS here but EW on its other boards in "
                    "round 2 (expected NS 2 against EW 4)")
    assert e.zh == ("s.csv:10：第5副：第4对在这里坐南北，但第2轮的其他牌都坐东西"
                    "（应为南北 2 对东西 4）")


def test_one_line_swapped_without_rounds_is_refused() -> None:
    """Without rounds the only trace is a pair sitting NS everywhere but once: the swapped
    line used to move pair 2 into the EW ranking (and pair 4 into NS) with exit 0."""
    e = error(text(lines(MITCHELL_3, rounds=False, swap=(2, 5))))
    assert e.en.startswith("s.csv:10: board 5: pair 4 sits NS here but EW on every other "
                           "board, and pair 2 likewise the other way: are the NS and EW "
                           "numbers swapped? (expected NS 2 against EW 4;")
    assert e.zh.startswith("s.csv:10：第5副：第4对在这里坐南北，但其他各副都坐东西，第2对也正好相反："
                           "是否把南北和东西的对号写反了？（应为南北 2 对东西 4；")


def test_a_two_winner_event_keeps_every_pair_in_its_direction() -> None:
    e = error(text(lines(MITCHELL_3, rounds=False, swap=(2, 5)), "# movement: mitchell\n"))
    assert e.en.startswith("s.csv:11: board 5: pair 4 sits NS here but EW on its other boards, "
                           "and in a two-winner event (Mitchell) a pair keeps its direction "
                           "(expected NS 2 against EW 4)")
    assert "双冠军（米切尔）比赛中每对方向固定（应为南北 2 对东西 4）" in e.zh


def test_the_movement_setting_checks_every_line() -> None:
    settings = "# movement: mitchell 3 tables\n"
    assert isinstance(loads(text(lines(MITCHELL_3), settings)), Session)
    e = error(text(lines(MITCHELL_3, rounds=False, swap=(2, 5)), settings))
    assert e.en == ("s.csv:11: board 5: pair 4 sits NS here but EW in the movement (expected NS "
                    "2 against EW 4 in round 2 at table 2)")
    assert e.zh == ("s.csv:11：第5副：第4对在这里坐南北，但移位中坐东西"
                    "（应为南北 2 对东西 4，第2轮第2桌）")


@pytest.mark.parametrize(("line", "en", "zh"), [
    ("5,2,2,2,6,0", "pair 2 plays pair 6 here but pair 4 in the movement (expected NS 2 against "
     "EW 4 in round 2 at table 2)", "第2对在这里对第6对，但移位中对第4对"),
    ("5,2,3,2,4,0", "round 3 here but round 2 in the movement (expected NS 2 against EW 4 in "
     "round 2 at table 2)", "这里是第3轮，但移位中是第2轮"),
    ("5,1,2,2,4,0", "table 1 here but table 2 in the movement", "这里是第1桌，但移位中是第2桌"),
    ("5,2,2,1,4,0", "pair 1 plays pair 4 here but pair 5 in the movement (expected NS 1 "
     "against EW 5 in round 3 at table 1)", "第1对在这里对第4对，但移位中对第5对"),
    ("5,2,2,2,9,0", "pair 9 is not in the movement (Mitchell, 3 tables, 3 rounds × 2 boards "
     "(3 sets, 6 boards): pairs 1-6)", "第9对不在本移位中"),
    ("7,2,2,2,4,0", "not a board of the movement", "不是本移位的牌"),
])
def test_a_line_the_movement_does_not_have(line: str, en: str, zh: str) -> None:
    body = lines(MITCHELL_3)
    body[8] = line  # round 2, table 2, board 5 (line 12 after the settings and the header)
    src = text(body, "# movement: mitchell 3 tables, 2 boards a round\n# boards: 1-7\n")
    e = error(src)
    board = line.split(",")[0]
    assert e.en.startswith(f"s.csv:12: board {board}: {en}"), e.en
    assert zh in e.zh


def test_a_movement_given_to_the_session() -> None:
    rs = [BoardResult(b, str(ns), str(ew), score=0, round=r, table=t)
          for r, t, ns, ew, boards in MITCHELL_3 for b in boards]
    Session(tuple(rs), movement=mitchell(3))
    with pytest.raises(BridgeError, match="pair 4 sits NS here but EW in the movement"):
        Session((BoardResult(1, "4", "1", score=0),), movement=mitchell(3))
    with pytest.raises(BridgeError) as e:
        Session(tuple(rs), winners=1, movement=mitchell(3))
    assert "set to one winner but its movement" in e.value.en and "两个冠军" in e.value.zh


def test_pairs_that_do_not_play_the_board() -> None:
    with pytest.raises(BridgeError) as e:  # two rounds of the 3-table Mitchell
        Session((BoardResult(5, "1", "5", score=0),), movement=mitchell(3, rounds=2))
    assert e.value.en == ("board 5: pairs 1 and 5 do not play this board in the movement "
                          "(expected one of: NS 3 against EW 6 in round 1 at table 3; NS 2 "
                          "against EW 4 in round 2 at table 2)")
    assert e.value.zh == ("第5副：本移位中第1对和第5对不打这副牌（应为以下之一：南北 3 对东西 6，"
                          "第1轮第3桌；南北 2 对东西 4，第2轮第2桌）")


def test_a_howell_line_swapped_within_its_round() -> None:
    mv = howell(4)
    body = []
    for a in mv.assignments:
        for b in a.boards:
            ns, ew = (a.ew, a.ns) if (a.round, b) == (3, 6) else (a.ns, a.ew)
            body.append(f"{b},{a.table},{a.round},{ns},{ew},0")
    e = error(text(body))
    a = mv.at(3, next(x.table for x in mv.round(3) if 6 in x.boards))
    # Either pair of the line is reported, with the seating expected.
    assert e.en.startswith("s.csv:") and ": board 6: pair " in e.en
    assert e.en.endswith(f"on its other boards in round 3 (expected NS {a.ns} against EW {a.ew})")


def test_pairs_that_really_change_direction_are_accepted() -> None:
    # An arrow switch in round 3 (all tables): every pair sits the other way for a round.
    body = [ln for ln in lines(MITCHELL_3[:6])]
    for r, t, ns, ew, boards in MITCHELL_3[6:]:
        body += [f"{b},{t},{r},{ew},{ns},0" for b in boards]
    assert isinstance(loads(text(body)), Session)
    # The 2-table Howell, one board a round, no rounds given: each moving pair sits NS once.
    mv = howell(2, boards_per_round=1)
    body = [f"{b},{a.table},,{a.ns},{a.ew},0" for a in mv.assignments for b in a.boards]
    assert isinstance(loads(text(body)), Session)


def test_a_board_comes_back_to_a_table_only_in_a_one_winner_event() -> None:
    # The 3-table Howell sends boards 5-6 (with 4 boards a round) to table 2 in rounds 1 and 3.
    mv = howell(3, boards_per_round=4)
    assert 5 in mv.at(1, 2).boards and 5 in mv.at(3, 2).boards
    rs = [BoardResult(b, str(a.ns), str(a.ew), score=0, table=a.table, round=a.round)
          for a in mv.assignments for b in a.boards]
    Session(tuple(rs))
    Session(tuple(r for r in rs if r.round is not None))
    with pytest.raises(BridgeError) as e:
        Session((BoardResult(5, "4", "3", score=0, table=2, round=1),
                 BoardResult(5, "1", "5", score=0, table=2, round=1)))
    assert e.value.en == "board 5: played twice at table 2 in round 1"
    assert e.value.zh == "第5副：在第1轮第2桌出现两次"


# ------------------------------------------------------------------ pair numbers
@pytest.mark.parametrize(("pair", "shown"), [
    ("-1", "'-1'"), ("0", "'0'"), ("10000", "'10000'"), ("+0", "'+0'"),
    ("9" * 5000, "'" + "9" * 20 + "…'"),
])
def test_pair_numbers_out_of_range_are_refused(pair: str, shown: str) -> None:
    with pytest.raises(BridgeError) as e:
        Session((BoardResult(1, "1", pair, score=0, line=7, source="s.csv"),))
    assert e.value.en == (f"s.csv:7: board 1: invalid pair number {shown}: expected a whole "
                          "number from 1 to 9999")
    assert e.value.zh == f"s.csv:7：第1副：无效的对号 {shown}：应为 1 到 9999 的整数"


def test_pair_names_and_numbers_in_range_are_ids() -> None:
    Session((BoardResult(1, "9999", "A", score=0), BoardResult(1, "12EW", "甲", score=0)))


# ------------------------------------------------------------------ the command line
@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(COMMANDS, "pairs", ("bridgescore.cli.events", "pairs_cmd"))


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize(("body", "en", "zh"), [
    (lines(MITCHELL_3, rounds=False, swap=(2, 5)), ":10: board 5: pair 4 sits NS here",
     ":10：第5副：第4对在这里坐南北"),
    (["1,1,1,-1,4,0"], ":2: board 1: invalid pair number '-1'", ":2：第1副：无效的对号 '-1'"),
])
def test_the_pairs_command_refuses_with_one_line(
        body: list[str], en: str, zh: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "s.csv"
    f.write_text(text(body), "utf-8")
    for lang, words in (("en", en), ("zh", zh)):
        assert main(["pairs", str(f), "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err, err


def test_a_named_movement_round_trips_through_the_csv_format() -> None:
    from bridgescore.events.csvfmt import dumps

    s = loads(text(lines(MITCHELL_3), "# movement: mitchell 3 tables\n"))
    assert isinstance(s, Session) and s.movement == mitchell(3) and s.winners == 2
    assert "# movement: mitchell 3 tables plain, 2 boards a round, 3 rounds" in dumps(s)
    assert loads(dumps(s)) == s


@pytest.mark.parametrize(("setting", "en", "zh"), [
    ("mitchel", "setting 'movement': invalid movement 'mitchel': unknown word 'mitchel'",
     "设置“movement”：无效的移位 'mitchel'：未知的词 'mitchel'"),
    ("howell 12 tables", "no Howell for 12 tables", "没有 12 桌的豪威尔移位"),
    ("howell 3 tables", "cannot tell the boards a round (6 boards in play); expected a multiple "
     "of 5 boards", "无法确定每轮牌数（在用牌 6 副）"),
])
def test_a_bad_movement_setting_names_the_line(setting: str, en: str, zh: str) -> None:
    e = error(text(lines(MITCHELL_3), f"# movement: {setting}\n"))
    assert e.en.startswith("s.csv:1: ") and en in e.en, e.en
    assert zh in e.zh


def test_movement_words_in_chinese() -> None:
    from bridgescore.events.movement_spec import parse_movement

    assert parse_movement("豪威尔 3桌 每轮4副").build() == howell(3, 4)
    assert parse_movement("米切尔 8桌 共牌").build(16) == mitchell(8, 2, variant="relay")
    assert parse_movement("howell 5 pairs").build(20) == howell(pairs=5, boards_per_round=4)
    assert parse_movement("mitchell 6 tables skip, arrow switch 5").build(12).arrow_switch_rounds \
        == (5,)
