"""Team and player names in team-results and Swiss files are kept as written: only headers,
numbers and notation words are normalised (traditional 張 is not simplified to 张)."""

from __future__ import annotations

import pytest

from bridgescore import BridgeError
from bridgescore.sessions.swiss import read_history, read_standings
from bridgescore.sessions.team_results import loads


def test_team_results_keep_traditional_team_names() -> None:
    # Before: 張家隊 became 张家队 and 張三隊 became 张三隊.
    ev = loads("# team: A， 張家隊\n"
               "輪次,主隊,客隊,主隊IMP,客隊IMP,副數\n"
               "1,A,張三隊,４,3,8\n"
               "2,A,輪空,,,\n")
    assert ev.names == {"A": "張家隊"}
    assert ev.teams == ["A", "張三隊"]
    assert ev.byes == [(2, "A")]
    assert ev.matches[0].home_imps == 4  # a full-width digit is still read


def test_team_results_fold_the_width_of_an_id_only() -> None:
    ev = loads("round,home,away,home_imps,away_imps,boards\n1,Ａ,張,4,3,8\n")
    assert ev.teams == ["A", "張"]


@pytest.mark.parametrize("column", [3, 4, 5])
def test_team_results_quote_a_huge_number_as_an_excerpt(column: int) -> None:
    # Before: all 5,000 digits were echoed.
    cells = ["1", "A", "B", "4", "3", "8"]
    cells[column] = "9" * 5000
    with pytest.raises(BridgeError) as info:
        loads("round,home,away,home_imps,away_imps,boards\n" + ",".join(cells) + "\n")
    for lang in ("en", "zh"):
        message = info.value.message(lang)
        assert "'99999999999999999999…'" in message and len(message) < 120


def test_team_results_quote_a_huge_unknown_column_as_an_excerpt() -> None:
    with pytest.raises(BridgeError) as info:
        loads("round,home,away,home_imps,away_imps,boards," + "x" * 5000 + "\n")
    assert "'xxxxxxxxxxxxxxxxxxxx…'" in info.value.message("en")
    assert "'xxxxxxxxxxxxxxxxxxxx…'" in info.value.message("zh")
    assert len(info.value.message("en")) < 200


def test_swiss_standings_and_history_keep_traditional_names() -> None:
    # Before: 張三/李四 became 张三/李四, and the id 張 became 张.
    entries = read_standings("编号,名称,分数\n張,張三/李四,３０\n２,王五,28\n")
    assert [(e.id, e.name, e.score) for e in entries] == [("張", "張三/李四", 30.0),
                                                          ("2", "王五", 28.0)]
    history = read_history("張,２\n張,輪空\n", known=[e.id for e in entries])
    assert history.met[frozenset({"張", "2"})] == 1 and history.byes["張"] == 1


def test_swiss_quotes_huge_values_as_excerpts() -> None:
    with pytest.raises(BridgeError) as info:
        read_standings("1,王," + "9" * 5000 + "\n")
    assert "'99999999999999999999…'" in info.value.message("en")
    assert "'99999999999999999999…'" in info.value.message("zh")
    with pytest.raises(BridgeError) as info:
        read_history("1," + "x" * 5000 + "\n", known=["1"])
    assert len(info.value.message("en")) < 120 and len(info.value.message("zh")) < 120
