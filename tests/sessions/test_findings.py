"""Acceptance findings on team events: team identity across files, whole IMPs in results
lists, the user's own text in carry-over errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.cli import main
from bridgescore.core.errors import BridgeError
from bridgescore.sessions import team_results
from bridgescore.sessions.team_events import carry_over
from sessions.files.test_csv import TEAMS

HEAD = "round,home,away,home_imps,away_imps,boards\n"


def _file(tmp_path: Path, name: str, text: str) -> str:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return str(f)


@pytest.mark.parametrize(("one", "two", "en", "zh"), [
    # The same id with two names.
    ("# team: A, 长城队\n" + HEAD + "1,A,B,40,30,16\n", "# team: A, 黄河队\n" + HEAD + "2,A,B,1,2,16\n",
     "team id A is '长城队' in", "队号 A 在"),
    # The same name with two ids.
    ("# team: A, 黄河队\n" + HEAD + "1,A,B,40,30,16\n", "# team: B, 黄河队\n" + HEAD + "2,A,B,1,2,16\n",
     "team name '黄河队' has the id A in", "队名“黄河队”在"),
    # One team twice in round 1.
    (HEAD + "1,A,B,40,30,16\n", HEAD + "1,A,C,1,2,16\n", "team A plays round 1 in both", "A 队的第1轮"),
])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_teams_never_merged_silently_across_files(tmp_path: Path, one: str, two: str, en: str,
                                                  zh: str, lang: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    f1, f2 = _file(tmp_path, "one.csv", one), _file(tmp_path, "two.csv", two)
    assert main(["teams", f1, f2, "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert (en if lang == "en" else zh) in err
    assert "one.csv" in err and "two.csv" in err


def test_match_file_and_list_with_clashing_ids(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    # TEAMS has H 甲队 v A 乙队; the list calls A something else.
    match = _file(tmp_path, "m.csv", TEAMS)
    lst = _file(tmp_path, "ev.csv", "# team: A, 黄河队\n" + HEAD + "2,A,C,40,30,16\n")
    assert main(["teams", match, lst]) == 2
    err = capsys.readouterr().err
    assert "team id A" in err and "m.csv" in err and "ev.csv" in err


def test_consistent_files_still_merge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f1 = _file(tmp_path, "r1.csv", "# team: A, 长城队\n" + HEAD + "1,A,B,40,30,16\n")
    f2 = _file(tmp_path, "r2.csv", "# team: A, 长城队\n# team: B, 黄河队\n" + HEAD + "2,B,A,1,2,16\n")
    assert main(["teams", f1, f2, "--json"]) == 0
    import json

    data = json.loads(capsys.readouterr().out)
    assert [(s["team"], s["name"], s["played"]) for s in data["standings"]] == [
        ("A", "长城队", 2), ("B", "黄河队", 2)]


@pytest.mark.parametrize("cell", ["40.5", "1e1.5", "30.25"])
def test_fractional_imps_refused_in_results_list(cell: str) -> None:
    with pytest.raises(BridgeError) as e:
        team_results.loads(HEAD + f"1,A,B,{cell},30,16\n", source="ev.csv")
    assert "ev.csv:2:" in str(e.value)
    assert e.value.message("zh").startswith("ev.csv:2:") or "ev.csv" in e.value.message("zh")


def test_fractional_imps_refused_by_the_command(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "ev.csv", HEAD + "1,A,B,40.5,30,16\n")
    assert main(["teams", f]) == 2
    err = capsys.readouterr().err
    assert "ev.csv:2" in err and "'40.5'" in err and "whole number" in err


@pytest.mark.parametrize(("text", "lang", "want"), [
    ("5", "en", "--carry-fraction '5': expected a share from 0 to 1"),
    ("1.5", "en", "--carry-fraction '1.5'"),
    ("-0.5", "zh", "--carry-fraction '-0.5'：应为 0 到 1 之间的比例"),
])
def test_carry_fraction_error_quotes_the_users_text(tmp_path: Path, text: str, lang: str,
                                                    want: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "s1.csv", TEAMS)
    assert main(["teams", f, "--knockout", "--carry-from", "10", "--carry-fraction", text,
                 "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert want in err and "Fraction(" not in err


def test_carry_over_library_message_has_no_repr() -> None:
    from fractions import Fraction

    with pytest.raises(BridgeError) as e:
        carry_over(10, Fraction(5))
    assert "Fraction(" not in str(e.value) and "'5'" in str(e.value)


# ------------------------------------------------------------- Chinese punctuation and terms
def test_zh_match_and_standings_use_the_scales_chinese_title(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "m.csv", TEAMS)
    assert main(["teams", f, "--lang", "zh"]) == 0
    vp = [line for line in capsys.readouterr().out.splitlines() if line.startswith("VP")]
    # Two decimals on the continuous scale, and its Chinese title in full-width brackets.
    assert len(vp) == 1 and vp[0].endswith("（WBF 2013 连续 20 VP 换算表）")
    import re

    assert re.fullmatch(r"VP +\d+\.\d\d – \d+\.\d\d（.*）", vp[0])
    lst = _file(tmp_path, "ev.csv", HEAD + "1,A,B,40,30,16\n")
    assert main(["teams", lst, "--lang", "zh"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert head == "名次表——第1轮后（WBF 2013 连续 20 VP 换算表）"


@pytest.mark.parametrize("tables", ["5", "6", "7", "8", "9", "10"])
def test_zh_howell_relay_lists_sets_with_the_enumeration_comma(
        tables: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "howell", "--tables", tables, "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    relay = [line for line in out.splitlines() if "中转" in line]
    assert relay and all("," not in line and "、" in line for line in relay)
    assert "豪威尔" in out and "豪厄尔" not in out
    assert main(["movement", "howell", "--tables", tables]) == 0
    assert "Relay: sets " in capsys.readouterr().out  # several sets a round: plural


@pytest.mark.parametrize(("args", "zh"), [
    (["--tables", "-1"], "无效的桌数 -1：应为 3 到 200 的整数"),
    (["--tables", "2"], "无效的桌数 2：应为 3 到 200 的整数"),
])
def test_zh_movement_size_message(args: list[str], zh: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "mitchell", *args, "--lang", "zh"]) == 2
    assert zh in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_scoresheet_colons_follow_the_language(tmp_path: Path, lang: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "m.csv", TEAMS)
    assert main(["teams", f, "--html", str(tmp_path / "out"), "--lang", lang]) == 0
    capsys.readouterr()
    html = (tmp_path / "out" / "scoresheet.html").read_text(encoding="utf-8")
    if lang == "zh":
        assert "客队：" in html and "室别：" in html and "客队: " not in html
    else:
        assert "Away team: " in html or ": <b>" in html
        assert "：" not in html


# ------------------------------------------------------------------ names and number formats
DEMO_PAIRS = str(Path(__file__).resolve().parents[2] / "src/bridgescore/data/demo_pairs.csv")
DEMO_MATCH = str(Path(__file__).resolve().parents[2] / "src/bridgescore/data/demo_match.csv")


@pytest.mark.parametrize(("lang", "names"), [("en", "王建国 – 李志明"), ("zh", "王建国、李志明")])
def test_pairs_ranking_shows_the_names_the_file_gives(lang: str, names: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # The demo file says "# pair: 1, 王建国, 李志明".
    assert main(["pairs", DEMO_PAIRS, "--lang", lang]) == 0
    out = capsys.readouterr().out.splitlines()
    row = next(line for line in out if line.split()[1:2] == ["1"] and "%" not in line)
    assert names in row
    assert ("players" if lang == "en" else "牌手") in "\n".join(out)
    assert main(["pairs", DEMO_PAIRS, "--json"]) == 0
    import json

    pairs = {p["pair"]: p for p in json.loads(capsys.readouterr().out)["pairs"]}
    assert pairs["1"]["names"] == ["王建国", "李志明"]
    assert pairs["14"]["names"] == ["冯涛", "曹颖"]


@pytest.mark.parametrize("scoring", ["ximp", "butler", "online", "total"])
def test_no_percentage_column_without_percentages(scoring: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pairs", DEMO_PAIRS, "--scoring", scoring]) == 0
    out = capsys.readouterr().out
    assert "%" not in out
    assert main(["pairs", DEMO_PAIRS]) == 0
    assert "%" in capsys.readouterr().out


def test_swiss_rounds_one_format_per_column(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["swiss", "--rounds", DEMO_PAIRS]) == 0
    out = capsys.readouterr().out.splitlines()
    table = out[2:out.index("")]  # the standings, before the next round's draw
    rows = [line.split() for line in table if line.split()[0].rstrip("=").isdigit()]
    totals = [r[-3] for r in rows if len(r) >= 6]
    assert totals and all(len(t.split(".")[-1]) == 2 and "." in t for t in totals), totals
    assert "86.00" in totals and "93.50" in totals


@pytest.mark.parametrize("imp_scale", ["wbf", "ebl-1960"])
def test_continuous_vps_always_two_decimals(imp_scale: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    import re

    assert main(["teams", DEMO_MATCH, "--imp-scale", imp_scale]) == 0
    vp = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("VP"))
    assert re.fullmatch(r"VP +\d+\.\d\d – \d+\.\d\d \(wbf\)", vp), vp


def test_whole_vp_scale_prints_whole_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    import re

    assert main(["teams", DEMO_MATCH, "--vp-scale", "wbf-whole"]) == 0
    vp = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("VP"))
    assert re.fullmatch(r"VP +\d+ – \d+ \(wbf-whole\)", vp), vp


# ------------------------------------------------------------------------- CSV separators
def _resep(text: str, sep: str) -> str:
    """``text`` with the commas of its CSV lines (not its # lines) replaced by ``sep``."""
    return "".join(line if line.startswith("#") else line.replace(",", sep)
                   for line in text.splitlines(keepends=True))


ZH_PAIRS = """\
# event: 周二双人赛
# pair: 1, 王建国, 李志明
副号,桌号,轮次,南北,东西,定约,定约人,结果,首攻,得分
1,1,1,1,11,4S,N,=,HK,
1,2,1,2,12,南打3NT超1,,,,
2,1,2,1,12,3NT,S,9,,
"""


@pytest.mark.parametrize("sep", ["，", ";", "；", "\t"])
def test_pairs_csv_with_other_separators(sep: str) -> None:
    from bridgescore.sessions.files import csvfmt

    want = csvfmt.loads(ZH_PAIRS)
    got = csvfmt.loads(_resep(ZH_PAIRS, sep))
    assert got == want
    assert got.pairs["1"].names == ("王建国", "李志明")  # type: ignore[union-attr]


@pytest.mark.parametrize("sep", ["，", ";", "\t"])
def test_team_match_csv_with_other_separators(sep: str) -> None:
    from bridgescore.sessions.files import csvfmt

    assert csvfmt.loads(_resep(TEAMS, sep)) == csvfmt.loads(TEAMS)


@pytest.mark.parametrize("sep", ["，", ";", "\t"])
def test_results_list_with_other_separators(sep: str) -> None:
    text = "# team: A, 长城队\n轮次,主队,客队,主队IMP,客队IMP,副数\n1,A,B,40,30,16\n2,A,bye,,,\n"
    assert team_results.is_match_list(_resep(text, sep))
    got = team_results.loads(_resep(text, sep))
    want = team_results.loads(text)
    assert (got.teams, got.names, got.matches, got.byes) == \
        (want.teams, want.names, want.matches, want.byes)


def test_command_reads_a_full_width_comma_file(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "p.csv", _resep(ZH_PAIRS, "，"))
    assert main(["pairs", f, "--json"]) == 0
    assert '"names"' in capsys.readouterr().out


@pytest.mark.parametrize(("lang", "want"), [
    ("en", "unknown column 'colour': expected board, table"),
    ("zh", "未知的列 'colour'：应为 副号（board）、桌号（table）"),
])
def test_unknown_column_lists_chinese_names_too(tmp_path: Path, lang: str, want: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    f = _file(tmp_path, "p.csv", "副号，桌号，colour\n1，1，x\n")
    assert main(["pairs", f, "--lang", lang]) == 2
    assert want in capsys.readouterr().err
