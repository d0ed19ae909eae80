"""The scorepad drawn in the terminal and as HTML, and the 贴点 sheet."""

from __future__ import annotations

from bridgescore.home.chicago import ChicagoSeries
from bridgescore.home.handicap import HandicapSession
from bridgescore.home.rubber import RubberSeries
from bridgescore.home.scorepad_render import (
    render_handicap_html,
    render_handicap_text,
    render_html,
    render_text,
    rjust,
    view,
)

WORKED = ["2H S +1", "3NT E =", "4SX N -2", "4S S =", "2C W =", "3NT N +1"]


def test_worked_rubber_text() -> None:
    assert render_text(RubberSeries(WORKED)) == "\n".join([
        "Rubber 1",
        "                WE │ THEY",
        "   ────────────────┼────────────────",
        "           (6) 500 │",
        "            (6) 30 │",
        "            (1) 30 │ 300 (3)",
        "   ════════════════╪════════════════",
        "            (1) 60 │ 100 (2)",
        "   ────────────────┼────────────────",
        "           (4) 120 │",
        "   ────────────────┼────────────────",
        "           (6) 100 │ 40 (5)",
        "   ════════════════╪════════════════",
        "   Total       840 │ 440",
        "   WE 840, THEY 440; WE by 400",
    ])


def test_chinese_heads_line_up() -> None:
    lines = render_text(RubberSeries(WORKED), "zh").splitlines()
    assert lines[0] == "第1盘"
    bar = [line.index("│") if "│" in line else None for line in lines]
    # Chinese characters take two columns: the bar is one column further left in the string.
    assert lines[1] == "              我方 │ 他方"
    assert bar[3] == bar[4]
    assert "   总分        840 │ 440" in lines and "   我方 840，他方 440；我方胜 400" in lines


def test_unfinished_rubber_shows_the_settlement_and_the_open_game() -> None:
    text = render_text(RubberSeries(["2H S +1", "3NT E ="]))
    assert "If the rubber stopped now: THEY +300 (game)" in text
    assert "→ WE 90, THEY 400; THEY by 310" in text
    # the line under THEY's game is drawn before the (empty) game in progress
    assert text.count("────────────────┼") == 2
    zh = render_text(RubberSeries(["2H S +1", "3NT E ="]), "zh")
    assert "如果现在结束这一盘：他方 +300（一局）" in zh


def test_several_rubbers() -> None:
    text = render_text(RubberSeries([*WORKED, "1NT N ="]))
    assert "Rubber 2" in text and text.endswith("All games: WE 980, THEY 440; WE by 540")


def test_chicago_lists_the_deals() -> None:
    text = render_text(ChicagoSeries(["2S N +1", "4H E =", "pass", "2D S =", "2C N ="]))
    assert "(3) deal 3, dealer South, NS: pass, redealt" in text
    assert "(5) deal 4, dealer West, Both: 2C N =" in text
    assert "WE 270, THEY 620; THEY by 350" in text
    zh = render_text(ChicagoSeries(["2S N +1"]), "zh")
    assert "(1) 第1副 北发牌 双无：北打2S超1" in zh


def test_view_rows_for_html() -> None:
    g = view(RubberSeries(WORKED))[0]
    rows = g.rows()
    assert [css for *_, css in rows] == ["", "", "", "game line", "game", "game"]
    assert g.totals == (840, 440)


def test_html_pages() -> None:
    html = render_html(RubberSeries(WORKED), "zh")
    assert html.startswith("<!DOCTYPE html>") and 'lang="zh-CN"' in html
    assert "盘式桥牌记分表" in html and "总分 840" in html and "我方胜 400" in html
    assert "我方 = 南北" in html
    en = render_html(ChicagoSeries(["2S N +1"]), "en")
    assert "Chicago scorepad" in en and "dealer North" in en
    # Text is escaped, never injected.
    assert "<script" not in render_html(RubberSeries(["1NT N ="]), "en")


SEEDS = ["13 | 南定约5D，东西方加倍，结果宕二 | 17", "14 | 西主打3NT，正好完成 | EW 26",
         "15 | 西打2S，南北方加倍，结果超一 | EW 19", "16 | 南主打4D，结果超一 | 26"]


def test_handicap_sheet() -> None:
    s = HandicapSession(SEEDS)
    text = render_handicap_text(s)
    assert text.splitlines()[1].split() == ["13", "Both", "5DX", "S", "-2", "17", "-500", "240",
                                            "-6", "0", "6"]
    assert text.endswith("Detailed method: NS 0, EW 24; EW by 24 IMPs")
    zh = render_handicap_text(s, "zh")
    assert zh.endswith("详细贴点法：南北 0，东西 24；东西胜 24 IMP")
    assert "贴分" in zh.splitlines()[0]
    html = render_handicap_html(s, "zh")
    assert "贴点赛记分表" in html and "500−3×80=260" in html


def test_rjust_counts_wide_characters() -> None:
    assert rjust("我方", 6) == "  我方" and rjust("WE", 6) == "    WE"
