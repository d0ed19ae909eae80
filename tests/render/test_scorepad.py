"""The scorepad drawn in the terminal and as HTML, and the 贴点 sheet."""

from __future__ import annotations

import unicodedata

from bridgescore.home.chicago import ChicagoSeries
from bridgescore.home.handicap import HandicapSession
from bridgescore.home.rubber import RubberSeries
from bridgescore.render.scorepad import (
    render_handicap_html,
    render_handicap_text,
    render_html,
    render_text,
    rjust,
    view,
)


def wcswidth(text: str) -> int:
    """Terminal columns: East Asian wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


WORKED = ["2H S +1", "3NT E =", "4SX N -2", "4S S =", "2C W =", "3NT N +1"]


def test_worked_rubber_text() -> None:
    assert render_text(RubberSeries(WORKED)) == "\n".join([
        "Rubber 1",
        # deal by deal: 2H+1 is 60+30; 3NT= 100; 4SX-2 not vulnerable 100+200; 4S= 120;
        # 2C= 40; 3NT+1 100+30 and the 2-1 rubber 500
        "       Result     WE  THEY  WE so far  THEY so far",
        "   (1) 2H S +1    90               90            0",
        "   (2) 3NT E =         100         90          100",
        "   (3) 4SX N -2        300         90          400",
        "   (4) 4S S =    120              210          400",
        "   (5) 2C W =           40        210          440",
        "   (6) 3NT N +1  630              840          440",
        "",
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
    # The deal table: the figures line up on the screen whatever the width of the result.
    log = lines[1:8]
    assert log[0].split() == ["结果", "我方", "他方", "我方累计", "他方累计"]
    assert log[2].split() == ["(2)", "东打3NT，正好完成", "100", "90", "100"]
    screen = [wcswidth(row) for row in log]
    assert len(set(screen)) == 1, log
    assert lines[8] == ""
    pad = lines[9:]
    bar = [line.index("│") if "│" in line else None for line in pad]
    # Chinese characters take two columns: the bar is one column further left in the string.
    assert pad[0] == "              我方 │ 他方"
    assert bar[2] == bar[3]
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


def test_chicago_running_totals_and_a_chicago_stopped_early() -> None:
    text = render_text(ChicagoSeries(["2S N +1", "4H E =", "pass", "2D S =", "2C N =",
                                      "1NT E ="]))
    first = text.split("Chicago 2")[0]
    rows = {line.split()[0]: line.split()[-2:] for line in first.splitlines()
            if line.strip().startswith("(") and "│" not in line}
    # 2S+1 90; EW 4H= vulnerable 620; passed out; 2D= 40; 2C= 40 + the fourth-deal 100.
    assert rows["(1)"] == ["90", "0"] and rows["(4)"] == ["130", "620"]
    assert rows["(5)"] == ["270", "620"]
    # The second Chicago, stopped after one deal: nothing is added.
    assert ("After 1 of 4 deals: WE 0, THEY 40; THEY by 40 (if play stops here, nothing is "
            "added)") in text
    assert text.endswith("All games: WE 270, THEY 660; THEY by 390")
    zh = render_text(ChicagoSeries(["2S N +1"]), "zh")
    assert "已打 1/4 副：我方 90，他方 0；我方胜 90（就此停止则不另加分）" in zh


def test_no_deal_table_before_the_first_deal() -> None:
    assert render_text(RubberSeries()).splitlines()[:2] == ["Rubber 1", "                WE │ THEY"]


def test_html_deal_table_and_chinese_punctuation() -> None:
    html = render_html(RubberSeries([*WORKED, "1NT N ="]), "zh")
    assert '<table class="log">' in html and "我方累计" in html
    assert "<td>北打3NT超1</td><td class=\"num\">630</td>" in html
    assert "合计：我方 980，他方 440；我方胜 540" in html
    en = render_html(RubberSeries([*WORKED, "1NT N ="]), "en")
    assert "All games: WE 980, THEY 440; WE by 540" in en and "WE so far" in en


def test_json_running_totals() -> None:
    from bridgescore.home.chicago import Chicago
    from bridgescore.home.rubber import Rubber

    assert Rubber(WORKED).to_json()["running"][-1] == {
        "deal": 6, "entry": "3NT N +1", "we": 630, "they": 0, "we_total": 840,
        "they_total": 440}
    assert [d["they_total"] for d in Chicago(["2S N +1", "4H E ="]).to_json()["running"]] == [
        0, 620]
