"""One language, parsed once: what the command prints, its errors and its help all speak the
language asked for (``--lang``, before or after the command, or ``BRIDGESCORE_LANG``); a value
that is not a language is an error in the command line and in the library alike."""

from __future__ import annotations

import ast
import json
import tempfile
from pathlib import Path

import pytest

from bridgescore.cli import main
from bridgescore.core.errors import BridgeError

SRC = Path(__file__).resolve().parents[2] / "src" / "bridgescore"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("spelling", ["zh", "chinese", "Chinese", "中文", "zh-CN"])
def test_a_chinese_spelling_gives_chinese_output_and_chinese_errors(
        capsys: pytest.CaptureFixture[str], spelling: str) -> None:
    code, out, _ = run(capsys, "score", "4S", "N", "=", "--lang", spelling)
    assert code == 0 and out.endswith("南北 +420，东西 -420\n")
    # The same parsed language for the error: "--lang chinese" once gave English errors.
    code, out, err = run(capsys, "score", "7S+1", "N", "--lang", spelling)
    assert code == 2 and out == "" and err.startswith("错误：不可能的结果")


def test_the_language_before_the_command_applies_to_its_output(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "zh", "score", "4S", "N", "=")
    assert code == 0 and out.splitlines()[-1] == "南北 +420，东西 -420"
    code, out, _ = run(capsys, "--lang", "zh", "board", "5")
    assert out == "第5副：北发牌，南北有局\n"
    code, _, err = run(capsys, "--lang", "zh", "board", "0")
    assert code == 2 and err.startswith("错误：无效的牌副 '0'")
    # The last --lang given wins, wherever it is.
    code, out, _ = run(capsys, "--lang", "zh", "board", "5", "--lang", "en")
    assert out == "Board 5: dealer North, NS vulnerable\n"


def test_the_environment_gives_the_language(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGESCORE_LANG", "chinese")
    code, out, _ = run(capsys, "board", "5")
    assert out == "第5副：北发牌，南北有局\n"
    code, _, err = run(capsys, "board", "0")
    assert code == 2 and err.startswith("错误：")
    code, out, _ = run(capsys, "--help")
    assert "用法：" in out
    # --lang wins over the environment.
    code, out, _ = run(capsys, "board", "5", "--lang", "en")
    assert out == "Board 5: dealer North, NS vulnerable\n"


@pytest.mark.parametrize("where", ["option", "environment"])
def test_a_bad_language_is_a_clear_error_in_both_languages(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    args = ["score", "4S", "N", "="]
    if where == "option":
        args += ["--lang", "fr"]
        name = "--lang"
    else:
        monkeypatch.setenv("BRIDGESCORE_LANG", "fr")
        name = "BRIDGESCORE_LANG"
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"error: {name}: invalid language 'fr': expected 'en' (English) or 'zh'")
    assert "无效的语言 'fr'" in err
    code, out, err = run(capsys, *args, "--json")
    error = json.loads(err)["error"]
    assert code == 2 and error["code"] == "invalid_language" and "'fr'" in error["message_zh"]


def test_an_unused_bad_environment_language_does_not_matter(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGESCORE_LANG", "fr")
    code, out, _ = run(capsys, "board", "5", "--lang", "zh")
    assert code == 0 and out == "第5副：北发牌，南北有局\n"


# -- the library -------------------------------------------------------------------------------

def test_check_lang() -> None:
    from bridgescore.core.i18n import check_lang, is_zh, pick

    assert [check_lang(x) for x in ("en", "EN", " english ", "英文", "zh", "ZH", "中文", "汉语")] == \
        ["en", "en", "en", "en", "zh", "zh", "zh", "zh"]
    for bad in ("fr", "", "zh-TW", None, 1, "x" * 5000):
        with pytest.raises(BridgeError) as info:
            check_lang(bad)
        assert "invalid language" in str(info.value) and "无效的语言" in info.value.message("zh")
        assert len(str(info.value)) < 120  # a huge value is quoted short
    assert is_zh("chinese") and not is_zh("en") and pick("中文", "a", "b") == "b"


def _calls() -> list[tuple[str, object]]:
    """One call for every kind of text the library makes, each taking ``lang``."""
    from bridgescore.core.auction import Auction
    from bridgescore.core.board import Board
    from bridgescore.core.contract import Contract
    from bridgescore.core.result import Result
    from bridgescore.core.seat import Seat, Side
    from bridgescore.core.strain import Strain
    from bridgescore.core.vulnerability import Vulnerability
    from bridgescore.home.quiz import exercises, questions
    from bridgescore.home.sacrifice import sacrifice
    from bridgescore.ratings import RateSettings, Ratings, WeekResults, explain_board, rate_week
    from bridgescore.render import render
    from bridgescore.render.session_demo import demo_match, demo_session
    from bridgescore.scoring.imps import get_imp_scale
    from bridgescore.scoring.score_tables import make_table
    from bridgescore.scoring.vp import get_vp_scale
    from bridgescore.sessions.imp_pairs import score_session
    from bridgescore.sessions.model import Pair, Team
    from bridgescore.sessions.movements import howell, mitchell
    from bridgescore.sessions.swiss import Entry, History, swiss_draw
    from bridgescore.sessions.teams import score_match

    r = Result.parse("4S N =")
    scores = score_session(demo_session(), "mp")
    match = score_match(demo_match())
    draw = swiss_draw([Entry("A", "", 3.0), Entry("B", "", 2.0)], History())
    rated = rate_week(Ratings.empty(), WeekResults.of([1, 1], [[1, 2, 3, 4], [5, 6, 7, 8]],
                                                      [420, 170]),
                      RateSettings(min_results=2))
    return [
        ("Seat.name_in", lambda lang: Seat.NORTH.name_in(lang)),
        ("Side.name_in", lambda lang: Side.NS.name_in(lang)),
        ("Strain.name_in", lambda lang: Strain.SPADES.name_in(lang)),
        ("Vulnerability.describe", lambda lang: Vulnerability.NS.describe(lang)),
        ("Contract.format", lambda lang: Contract.parse("4SX").format(lang)),
        ("Result.format", lambda lang: r.format(lang)),
        ("Result.explain", lambda lang: r.explain(Vulnerability.NONE, lang)),
        ("Breakdown part", lambda lang: r.breakdown(Vulnerability.NONE).parts[0].name_in(lang)),
        ("Board.describe", lambda lang: Board(5).describe(lang)),
        ("ImpScale.title", lambda lang: get_imp_scale("wbf").title(lang)),
        ("VpScale.title", lambda lang: get_vp_scale("wbf").title(lang)),
        ("tables", lambda lang: make_table("vp", boards=16).sections(lang)),
        ("render", lambda lang: render(make_table("imp"), "text", lang)),
        ("Team.label", lambda lang: Team("1", "长城队").label(lang)),
        ("Pair.label", lambda lang: Pair("1", ("A", "B")).label(lang)),
        ("movement", lambda lang: mitchell(3).describe(lang)),
        ("howell", lambda lang: howell(3).describe(lang)),
        ("Draw.lines", lambda lang: draw.lines(lang)),
        ("Call.format", lambda lang: Auction.parse("N", "1S P P P").calls[0].format(lang)),
        ("quiz", lambda lang: questions(1, 1)[0].text(lang)),
        ("exercises", lambda lang: exercises()[0].question(lang)),
        ("sacrifice", lambda lang: sacrifice("4S", "5CX", 2, we_vulnerable=False,
                                             they_vulnerable=False).explain(lang)),
        ("pairs pages", lambda lang: __import__("bridgescore.render.session_pages", fromlist=["x"])
         .write_pairs_pages(scores, Path(tempfile.mkdtemp()), lang=lang)),
        ("match team", lambda lang: match.match.home.label(lang)),
        ("explain_board", lambda lang: explain_board(rated, 1, 2, lang)),
    ]


@pytest.mark.parametrize("bad", ["fr", "EN-fr", "", "chinese!"])
def test_every_text_of_the_library_refuses_a_language_that_is_not_one(bad: str) -> None:
    for name, call in _calls():
        assert callable(call)
        call("en")
        call("chinese")  # the spellings check_lang knows are a language
        with pytest.raises(BridgeError, match="invalid language"):
            call(bad)
            pytest.fail(f"{name} accepted lang={bad!r}")


def test_every_function_that_takes_lang_uses_it() -> None:
    """The class of the defect: a function with a ``lang`` parameter that never looks at it
    accepts any language silently.  (Text is chosen through pick/is_zh/name_in, which check.)"""
    unused = []
    for path in sorted(SRC.rglob("*.py")):
        if path.parent.name == "cli":
            continue  # the command line parses --lang itself
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            if "lang" not in [a.arg for a in (*node.args.args, *node.args.kwonlyargs)]:
                continue
            if len(node.body) == 1 and isinstance(node.body[0], ast.Expr):
                continue  # a Protocol's stub
            if not any(isinstance(n, ast.Name) and n.id == "lang"
                       for stmt in node.body for n in ast.walk(stmt)):
                unused.append(f"{path.relative_to(SRC)}:{node.lineno} {node.name}")
    assert unused == []


def test_no_text_choice_bypasses_the_language_check() -> None:
    """``lang == "zh"`` silently reads every other value as English: text is chosen with
    is_zh/pick instead (they refuse a value that is not a language)."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if path.relative_to(SRC).as_posix() in ("core/i18n.py", "core/errors.py", "core/langs.py"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if any(f"lang {op} {q}{w}{q}" in code for op in ("==", "!=") for q in "'\""
                   for w in ("zh", "en")):
                found.append(f"{path.relative_to(SRC)}:{number}")
    assert found == []
