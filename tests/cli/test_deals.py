"""The deal, handrecord, dd, convert, auction and replay commands, run as a user runs them:
through ``bridgescore.cli.main`` (the registered command group), in both languages, with
``--json``, and with bad and fuzzed input files (one line on stderr, exit status 2)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.cli import main
from bridgescore.formats import pbn

DATA = Path(__file__).parents[1] / "data"
SEED = DATA / "seed_game.pbn"
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def one_line_error(err: str, lang: str) -> str:
    """The single stderr line of a failed command, without its prefix (with --json: the
    message in ``lang`` of the one JSON object)."""
    assert err.endswith("\n") and err.count("\n") == 1, err
    if err.startswith("{"):
        error = json.loads(err)["error"]
        return str(error["message_zh" if lang == "zh" else "message"])
    prefix = "错误：" if lang == "zh" else "error: "
    assert err.startswith(prefix), err
    return err[len(prefix):-1]


def hcp_of(hand: str) -> int:
    return sum(HCP.get(ch, 0) for ch in hand)


# -- auction ---------------------------------------------------------------------------------


def test_auction_text_json_and_languages(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "auction", "--dealer", "N", "1C", "1H", "1NT", "P", "3NT", "P", "P", "P")
    assert status == 0 and out == "Contract: 3NT by South, dummy North, opening lead West\n"
    status, out, _ = run(capsys, "auction", "--dealer", "北", "1♥", "加倍", "再加倍", "不叫", "不叫", "不叫",
                         "--lang", "zh")
    assert status == 0 and out == "定约：北打1♥××，明手南，首攻东\n"
    # one quoted string works as well as separate arguments
    status, out, _ = run(capsys, "auction", "--dealer", "E", "1S P 2NT P 3NT P P P", "--json")
    data = json.loads(out)
    assert data["contract"] == "3NT" and data["declarer"] == "W" and data["opening_leader"] == "N"
    status, out, _ = run(capsys, "auction", "--dealer", "N", "P", "P", "P", "P", "--json")
    assert json.loads(out)["contract"] == "pass"
    status, out, _ = run(capsys, "auction", "--dealer", "N", "1H", "P", "--lang", "zh")
    assert status == 0 and out == "叫牌未结束，轮到南叫\n"
    status, out, _ = run(capsys, "auction", "--dealer", "N", "P", "P", "P", "P")
    assert out == "Passed out: the board is not played\n"


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["South may not double", "Law 19A1", "Law 36"]),
    ("zh", ["南不能加倍", "第19条A1", "第36条"]),
])
def test_illegal_auction_is_one_line_in_each_language(
        capsys: pytest.CaptureFixture[str], lang: str, words: list[str]) -> None:
    status, out, err = run(capsys, "auction", "--dealer", "N", "1H", "P", "X", "--lang", lang)
    message = one_line_error(err, lang)
    assert status == 2 and out == "" and all(w in message for w in words)
    status, _, err = run(capsys, "auction", "--dealer", "N", "1H", "1Spam", "--lang", lang)
    assert status == 2 and "'1Spam'" in one_line_error(err, lang)


# -- deal ------------------------------------------------------------------------------------


def test_deal_is_reproducible_pbn_in_export_format(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "set.pbn"
    status, out, _ = run(capsys, "deal", "--boards", "4", "--seed", "s", "-o", str(out_file))
    assert status == 0 and out == f"Wrote 4 boards to {out_file}\n"
    status, out, _ = run(capsys, "deal", "--boards", "4", "--seed", "s")
    assert out == out_file.read_text(encoding="utf-8")
    games = pbn.load(out_file)
    assert [g.tag("Board") for g in games] == ["1", "2", "3", "4"]
    assert [g.tag("Dealer") for g in games] == ["N", "E", "S", "W"]
    assert [g.tag("Vulnerable") for g in games] == ["None", "NS", "EW", "All"]
    assert [(g.tag("Deal") or "")[:2] for g in games] == ["N:", "E:", "S:", "W:"]  # export: dealer first
    status, out, _ = run(capsys, "deal", "--boards", "2", "--seed", "s", "-o", str(out_file), "--lang", "zh")
    assert out == f"已将 2 副牌写入 {out_file}\n"


def test_deal_json_lists_boards_hands_and_hcp(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--boards", "5", "--start", "3", "--seed", "j", "--json")
    data = json.loads(out)
    assert status == 0 and data["file"] is None and data["seed"] == "j"
    boards = data["boards"]
    assert [(b["board"], b["dealer"], b["vulnerability"]) for b in boards] == [
        (3, "S", "EW"), (4, "W", "Both"), (5, "N", "NS"), (6, "E", "EW"), (7, "S", "Both")]
    for b in boards:
        hands = b["hands"]
        assert sorted(hands) == ["E", "N", "S", "W"]
        assert all(len(h.replace(".", "")) == 13 for h in hands.values())
        assert {s: hcp_of(h) for s, h in hands.items()} == b["hcp"]
        assert sum(b["hcp"].values()) == 40
        assert b["deal"].startswith(b["dealer"] + ":")
    # the JSON and the PBN of the same seed are the same deals
    _, text, _ = run(capsys, "deal", "--boards", "5", "--start", "3", "--seed", "j")
    assert [g.tag("Deal") for g in pbn.loads(text)] == [b["deal"] for b in boards]


def test_constrained_deals(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--boards", "6", "-c", "N:hcp=20-", "-c", "S:S=5-", "--json",
                         "--seed", "c")
    boards = json.loads(out)["boards"]
    assert status == 0 and len(boards) == 6
    for b in boards:
        assert hcp_of(b["hands"]["N"]) >= 20 and len(b["hands"]["S"].split(".")[0]) >= 5
    status, out, _ = run(capsys, "deal", "--boards", "2", "--predeal", "N:AKQJ.AKQ.AKQ.AKQ - - -", "--json")
    assert [b["hands"]["N"] for b in json.loads(out)["boards"]] == ["AKQJ.AKQ.AKQ.AKQ"] * 2


@pytest.mark.parametrize(("args", "en", "zh"), [
    (["--boards", "0"], "--boards '0': expected a whole number of at least 1",
     "--boards '0'：应为整数（不小于 1）"),
    (["-c", "N:hcp=50"], "invalid HCP range '50'", "无效的HCP范围 '50'"),
    (["-c", "N:foo=5"], "invalid constraint 'foo=5'", "无效的条件 'foo=5'"),
    (["-c", "Q:hcp=10"], "'Q'", "'Q'"),
    (["--predeal", "N:AKQJ.AKQ.AKQ.AKQ AKQJ - -"], "AKQJ", "AKQJ"),
])
def test_bad_deal_options(capsys: pytest.CaptureFixture[str], args: list[str], en: str, zh: str) -> None:
    for lang, text in (("en", en), ("zh", zh)):
        status, out, err = run(capsys, "deal", *args, "--lang", lang)
        assert status == 2 and out == "" and text in one_line_error(err, lang)


# -- handrecord and dd -----------------------------------------------------------------------


def test_handrecord_html_and_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    html = tmp_path / "hr.html"
    status, out, _ = run(capsys, "handrecord", str(SEED), "--html", str(html), "--lang", "zh")
    assert status == 0 and out == f"已将 1 副牌的牌例记录写入 {html}\n"
    page = html.read_text(encoding="utf-8")
    assert "第2副" in page and "局况：南北有局" in page and "发牌：东" in page
    assert "<title>Online game</title>" in page  # the file's Event tag is the default title
    status, out, _ = run(capsys, "handrecord", str(SEED), "--json")
    data = json.loads(out)
    assert data["files"] == [] and len(data["boards"]) == 1
    b = data["boards"][0]
    assert (b["board"], b["dealer"], b["vulnerability"]) == (2, "E", "NS")
    assert b["hcp"] == {"N": 8, "E": 6, "S": 8, "W": 18} and b["tricks"] is None


def test_handrecord_with_double_dummy(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    html = tmp_path / "hr.html"
    status, out, _ = run(capsys, "handrecord", str(SEED), "--html", str(html), "--dd", "--json")
    data = json.loads(out)
    assert status == 0 and data["files"] == [str(html)]
    b = data["boards"][0]
    # East makes nine tricks in clubs; par is 1♣ by East-West with two overtricks, NS -110
    assert b["tricks"]["C"]["E"] == 9 and b["par"]["score_ns"] == -110
    assert b["par"]["contracts"][0]["contract"] == "1C"
    page = html.read_text(encoding="utf-8")
    assert "1♣+2 by EW" in page and "NS -110" in page
    run(capsys, "handrecord", str(SEED), "--html", str(html), "--dd", "--lang", "zh")
    page = html.read_text(encoding="utf-8")
    assert "东西打1♣超2" in page and "南北 -110" in page and "双明手墩数" in page


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "nothing to write: give --html FILE, --pdf FILE or --json"),
    ("zh", "没有要写的内容：请给出 --html 文件、--pdf 文件或 --json"),
])
def test_handrecord_needs_an_output(capsys: pytest.CaptureFixture[str], lang: str, text: str) -> None:
    status, _, err = run(capsys, "handrecord", str(SEED), "--lang", lang)
    assert status == 2 and one_line_error(err, lang) == text


def test_handrecord_bad_per_page_and_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "handrecord", str(SEED), "--json", "--per-page", "5", "--lang", "zh")
    assert status == 2 and "'5'" in one_line_error(err, "zh")
    missing = tmp_path / "none.pbn"
    for lang, word in (("en", "does not exist"), ("zh", "不存在")):
        status, _, err = run(capsys, "handrecord", str(missing), "--json", "--lang", lang)
        assert status == 2 and str(missing) in one_line_error(err, lang) and word in err


def test_handrecord_pdf(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pdf = tmp_path / "hr.pdf"
    status, out, _ = run(capsys, "handrecord", str(SEED), "--pdf", str(pdf), "--lang", "zh")
    assert status == 0 and out == f"已将 1 副牌的牌例记录写入 {pdf}\n"
    assert pdf.read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_missing_solver_is_a_one_line_error(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                            lang: str) -> None:
    import bridgescore.deals.dd as dd

    def no_solver() -> object:
        raise dd.MissingSolverError("double-dummy analysis needs the DDS solver: pip install 'bridgescore[dds]'",
                                    "双明手分析需要 DDS 求解器：pip install 'bridgescore[dds]'")

    monkeypatch.setattr(dd, "_endplay", no_solver)
    status, _, err = run(capsys, "dd", str(DATA / "endplay_example1.pbn"), "--lang", lang)
    # Not the user's input: its own exit status (tests/cli/test_missing.py blocks the import).
    assert status == 3 and "bridgescore[dds]" in one_line_error(err, lang)


def test_dd_text_json_and_cache(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "dd", str(SEED))
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("Board 2  E:")
    assert lines[1].split() == ["NT", "♠", "♥", "♦", "♣"]
    assert lines[-1] == "  Par: 1♣+2 by EW; NS -110"
    status, out, _ = run(capsys, "dd", str(SEED), "--lang", "zh")
    lines = out.splitlines()
    assert lines[0].startswith("第2副") and lines[1].split()[0] == "无将"
    assert [ln.split()[0] for ln in lines[2:6]] == ["北", "南", "东", "西"]
    assert lines[-1] == "  最优定约：东西打1♣超2；南北 -110"
    cache = tmp_path / "dd.json"
    status, out, _ = run(capsys, "dd", str(SEED), "--json", "--cache", str(cache))
    data = json.loads(out)
    assert data["file"] == str(SEED) and data["output"] is None
    assert data["boards"][0]["tricks"]["C"]["E"] == 9
    assert data["boards"][0]["par"]["score_ns"] == -110
    saved = json.loads(cache.read_text(encoding="utf-8"))
    assert list(saved) == [pbn.read_records(SEED)[0][0].deal.pbn()]  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_dd_broken_cache_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     lang: str) -> None:
    cache = tmp_path / "dd.json"
    cache.write_text("{half a file", encoding="utf-8")
    status, out, err = run(capsys, "dd", str(SEED), "--cache", str(cache), "--lang", lang)
    assert status == 2 and out == ""
    assert ("not a double-dummy cache" if lang == "en" else "不是双明手缓存文件") in one_line_error(err, lang)


def test_dd_progress_bar_is_fed_by_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line draws the bar (on standard error) from the solver's callback."""
    import endplay._dds as raw

    from bridgescore.cli.deals import _ProgressBar
    from bridgescore.deals import bulk as bulk_deals
    from bridgescore.deals.dd import DDSolver

    monkeypatch.setattr(raw, "MAXNOOFTABLES", 2)
    deals = bulk_deals.to_deals(bulk_deals.deal_array(3, seed=31))
    with _ProgressBar("double dummy") as bar:
        DDSolver().tables(deals, progress=bar.update)
        assert bar.bar is not None
        task = bar.bar.tasks[0]
        assert (task.description, task.completed, task.total) == ("double dummy", 3, 3)
        # not a terminal here: the bar is disabled, so nothing is written to standard error
        assert bar.bar.disable
    with _ProgressBar("x") as idle:
        pass
    assert idle.bar is None  # nothing solved, nothing drawn


# -- convert -------------------------------------------------------------------------------


def test_convert_round_trip_and_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lin_out, pbn_out = tmp_path / "g.lin", tmp_path / "g.pbn"
    status, out, _ = run(capsys, "convert", str(SEED), str(lin_out))
    assert status == 0 and out == f"Converted 1 board from {SEED} (PBN) to {lin_out} (LIN)\n"
    status, out, _ = run(capsys, "convert", str(lin_out), str(pbn_out), "--json")
    assert json.loads(out) == {"source": str(lin_out), "destination": str(pbn_out), "from": "lin",
                               "to": "pbn", "boards": 1, "board_numbers": [2], "with_auction": 1,
                               "with_play": 1}
    rec = pbn.read_records(pbn_out, strict=True)[0][0]
    assert str(rec.derived_result()) == "2SX N -4" and rec.tricks == 4
    game = pbn.load(pbn_out)[0]
    assert game.tag("Deal", "").startswith("E:") and (game.tag("Play") or "") == "E"  # export format
    status, out, _ = run(capsys, "convert", str(SEED), str(lin_out), "--lang", "zh")
    assert out == f"已将 {SEED}（PBN）中的 1 副牌转换为 {lin_out}（LIN）\n"


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "unknown output file type '.txt': expected a .pbn or .lin file"),
    ("zh", "未知的输出文件类型 '.txt'：应为 .pbn 或 .lin 文件"),
])
def test_convert_to_unknown_type(capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, text: str) -> None:
    dst = tmp_path / "x.txt"
    status, _, err = run(capsys, "convert", str(SEED), str(dst), "--lang", lang)
    sep = "：" if lang == "zh" else ": "
    assert status == 2 and one_line_error(err, lang) == f"{dst}{sep}{text}" and not dst.exists()


# -- replay ----------------------------------------------------------------------------------


def test_replay_json_text_and_board(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "replay", str(SEED), "--json")
    assert json.loads(out) == {"file": str(SEED), "files": [], "games": [
        {"board": 2, "contract": "2SX", "declarer": "N", "recorded_tricks": 4,
         "derived": "2SX N -4", "matches": True, "score_ns": -1100}]}
    status, out, _ = run(capsys, "replay", str(SEED), "--lang", "zh")
    assert status == 0 and "宕4" in out and "南北得分：-1100" in out
    status, out, _ = run(capsys, "replay", str(DATA / "endplay_example1.lin"), "--board", "3", "--json")
    assert [r["board"] for r in json.loads(out)["games"]] == [3]
    for lang, text in (("en", "no board 99 in the file"), ("zh", "文件中没有第99副")):
        status, _, err = run(capsys, "replay", str(SEED), "--board", "99", "--lang", lang)
        assert status == 2 and text in one_line_error(err, lang)


def test_replay_html(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    html = tmp_path / "g.html"
    status, _, _ = run(capsys, "replay", str(SEED), "--html", str(html), "--lang", "zh")
    page = html.read_text(encoding="utf-8")
    assert status == 0 and "叫牌" in page and "出牌" in page and "tomchangsheng" in page


def _revoke_file(tmp_path: Path) -> tuple[Path, int]:
    # Trick 2, written E S W N: South leads ♥K and West, who holds hearts, plays ♣A: a revoke.
    text = SEED.read_text(encoding="utf-8").replace("H7 HK HA H2", "H7 HK CA H2")
    bad = tmp_path / "revoke.pbn"
    bad.write_text(text, encoding="utf-8")
    return bad, text.splitlines().index('[Play "E"]') + 1


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "board 2: West must follow suit to the hearts lead and may not play CA (Law 44C)"),
    ("zh", "第2副：西必须跟红心，不能打 梅花A（第44条C）"),
])
def test_replay_names_the_play_line_of_an_illegal_card(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, text: str) -> None:
    bad, line = _revoke_file(tmp_path)
    status, out, err = run(capsys, "replay", str(bad), "--lang", lang)
    sep = "：" if lang == "zh" else ": "
    assert status == 2 and out == ""
    assert one_line_error(err, lang) == f"{bad}:{line}{sep}{text}"


# -- bad and fuzzed files --------------------------------------------------------------------

COMMANDS = [["replay"], ["replay", "--json"], ["convert", "OUT.lin"], ["convert", "OUT.pbn"],
            ["handrecord", "--json"], ["dd", "--json"]]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c))
def test_malformed_pbn_names_file_and_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           command: list[str], lang: str) -> None:
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQ - - -"]\n', encoding="utf-8")
    args = [a.replace("OUT", str(tmp_path / "out")) for a in command[1:]]
    status, _, err = run(capsys, command[0], str(bad), *args, "--lang", lang)
    message = one_line_error(err, lang)
    assert status == 2 and message.startswith(f"{bad}:2")
    assert ("无效的一手牌 'AKQ'" if lang == "zh" else "invalid hand 'AKQ'") in message


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_malformed_lin_and_unknown_type(capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str) -> None:
    bad = tmp_path / "bad.lin"
    bad.write_text("pn|a,b,c,d|\nmd|3SAKQJHAKQDAKQCAKQ,S2345H2345D234C23,,|\nsv|z|\n", encoding="utf-8")
    status, _, err = run(capsys, "replay", str(bad), "--lang", lang)
    message = one_line_error(err, lang)
    assert status == 2 and message.startswith(f"{bad}:3") and "'z'" in message
    other = tmp_path / "x.txt"
    other.write_text("x", encoding="utf-8")
    status, _, err = run(capsys, "replay", str(other), "--lang", lang)
    assert status == 2 and one_line_error(err, lang).startswith(str(other))


def _edits() -> st.SearchStrategy[list[tuple[int, str]]]:
    return st.lists(st.tuples(st.integers(0, 2000), st.sampled_from(
        ["", "[", "]", '"', "{", "}", ";", "%", "\n", " ", "*", "-", "X", "Z", "S", "1", "9", "#", "\\"])),
        max_size=6)


def _mutate(text: str, edits: list[tuple[int, str]]) -> str:
    for pos, new in edits:
        i = pos % (len(text) + 1)
        text = text[:i] + new + text[i + 1:]
    return text


@settings(max_examples=60)
@given(edits=_edits(), command=st.sampled_from(COMMANDS[:5]), lang=st.sampled_from(["en", "zh"]))
def test_fuzzed_pbn_files_give_ok_or_one_line(edits: list[tuple[int, str]], command: list[str], lang: str) -> None:
    text = _mutate(SEED.read_text(encoding="utf-8"), edits)
    _fuzz(text, ".pbn", command, lang)


@settings(max_examples=60)
@given(edits=_edits(), command=st.sampled_from(COMMANDS[:5]), lang=st.sampled_from(["en", "zh"]))
def test_fuzzed_lin_files_give_ok_or_one_line(edits: list[tuple[int, str]], command: list[str], lang: str) -> None:
    text = _mutate((DATA / "endplay_example1.lin").read_text(encoding="utf-8").split("\n")[0], edits)
    _fuzz(text, ".lin", command, lang)


def _fuzz(text: str, suffix: str, command: list[str], lang: str) -> None:
    import contextlib
    import io

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / f"in{suffix}"
        src.write_text(text, encoding="utf-8")
        args = [a.replace("OUT", str(Path(tmp) / "out")) for a in command[1:]]
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main([command[0], str(src), *args, "--lang", lang])
    if status == 0:
        assert err.getvalue() == ""
    else:
        assert status == 2
        message = one_line_error(err.getvalue(), lang)
        assert message.startswith(str(src)), message


def test_dd_pbn_reproduces_a_real_files_double_dummy_tags(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    # The 2021 qualifier file carries DoubleDummyTricks, OptimumScore and OptimumResultTable
    # computed by the event's own software; ours, written over them, give the file back.
    src = DATA / "endplay_example2_head.pbn"
    out = tmp_path / "dd.pbn"
    status, _, _ = run(capsys, "dd", str(src), "--pbn", str(out), "--json")
    assert status == 0 and out.read_text(encoding="utf-8") == src.read_text(encoding="utf-8")
    # from LIN: the games as PBN, each with the three tags
    status, _, _ = run(capsys, "dd", str(DATA / "endplay_example1.lin"), "--pbn", str(out))
    games = pbn.load(out, strict=True)
    assert status == 0 and len(games) == 8
    assert all(len(g.tag("DoubleDummyTricks", "")) == 20 and g.tag("OptimumScore", "").startswith("NS")
               for g in games)
    assert all(len(g.table("OptimumResultTable").rows) == 20 for g in games)  # type: ignore[union-attr]


def test_readme_revoke_example(capsys: pytest.CaptureFixture[str]) -> None:
    path = "tests/data/seed_game_revoke.pbn"
    if not Path(path).exists():  # run from another directory
        path = str(DATA / "seed_game_revoke.pbn")
    line = Path(path).read_text(encoding="utf-8").splitlines().index('[Play "E"]') + 1
    status, _, err = run(capsys, "replay", path)
    assert status == 2 and err == (f"error: {path}:{line}: board 2: West must follow suit to the hearts "
                                   "lead and may not play CA (Law 44C)\n")


# -- acceptance findings: impossible constraints, self-overwrite, empty input ----------------


@pytest.mark.parametrize(("args", "en", "zh"), [
    (["-c", "N:hcp=40-"], "no deal satisfies N:hcp=40- (a hand holds at most 37 HCP)",
     "没有满足 N:hcp=40- 的牌（一手牌最多37点）"),
    (["-c", "N:hcp=38-"], "no deal satisfies N:hcp=38- (a hand holds at most 37 HCP)",
     "没有满足 N:hcp=38- 的牌（一手牌最多37点）"),
    (["-c", "N:hcp=30-", "-c", "S:hcp=30-"],
     "no deal satisfies N:hcp=30- and S:hcp=30- (the hands need at least 60 HCP; the deck has 40)",
     "没有满足 N:hcp=30-、S:hcp=30- 的牌（这几手牌至少共需60点，整副牌只有40点）"),
    (["--predeal", "N:AKQJ.AKQ.AKQ.AKQ - - -", "-c", "S:hcp=5-"],
     "no deal satisfies S:hcp=5- (with the pre-dealt cards, S can hold at most 3 HCP)",
     "没有满足 S:hcp=5- 的牌（按预发的牌，南家最多只能有3点）"),
    (["--predeal", "N:AKQJ.AKQ.AKQ.AKQ - - -", "-c", "N:hcp=-20"],
     "no deal satisfies N:hcp=-20 (the pre-dealt cards of N already have 37 HCP)",
     "没有满足 N:hcp=-20 的牌（北家预发的牌已有37点）"),
    (["--predeal", "N:AKQJT98765432... - - -", "-c", "S:S=1-"],
     "no deal satisfies S:S=1- (S can hold at most 0 cards in S)",
     "没有满足 S:S=1- 的牌（南家的 S 最多只能有0张）"),
])
def test_deal_impossible_constraints_fail_at_once(
    capsys: pytest.CaptureFixture[str], args: list[str], en: str, zh: str
) -> None:
    for lang, text in (("en", en), ("zh", zh)):
        status, out, err = run(capsys, "deal", "--boards", "2", *args, "--lang", lang)
        assert status == 2 and out == "" and one_line_error(err, lang) == text


def test_deal_gives_up_after_max_attempts(capsys: pytest.CaptureFixture[str]) -> None:
    # Possible, so not refused up front, but about 1 in 6e11: the attempt budget must stop it.
    for lang, text in (("en", "no deal satisfies N:S=13 in 300000 attempts"),
                       ("zh", "尝试 300000 次后仍没有满足 N:S=13 的牌")):
        status, _, err = run(capsys, "deal", "--boards", "1", "-c", "N:S=13", "--seed", "x",
                             "--max-attempts", "300000", "--lang", lang)
        assert status == 2 and one_line_error(err, lang) == text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_convert_refuses_to_overwrite_its_source(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str
) -> None:
    src = tmp_path / "x.pbn"
    src.write_bytes(SEED.read_bytes())
    for dst in (str(src), str(tmp_path / "." / "x.pbn")):
        status, _, err = run(capsys, "convert", str(src), dst, "--lang", lang)
        msg = one_line_error(err, lang)
        assert status == 2 and dst in msg
        assert ("the destination is the source file itself" if lang == "en" else "目标文件就是源文件本身") in msg
    assert src.read_bytes() == SEED.read_bytes()


@pytest.mark.parametrize(("name", "content"), [("bad.lin", "garbage|||"), ("empty.pbn", ""),
                                               ("nodeal.pbn", '[Event "x"]\n[Board "1"]\n')])
def test_convert_refuses_a_file_without_a_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, content: str
) -> None:
    src, dst = tmp_path / name, tmp_path / ("out.pbn" if name.endswith(".lin") else "out.lin")
    src.write_text(content, encoding="utf-8")
    for lang, text in (("en", "no "), ("zh", "没有")):
        status, out, err = run(capsys, "convert", str(src), str(dst), "--lang", lang)
        msg = one_line_error(err, lang)
        assert status == 2 and out == "" and msg.startswith(str(src)) and text in msg
    assert not dst.exists()


def test_replay_empty_file_never_says_none(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    empty = tmp_path / "empty.pbn"
    empty.write_text("", encoding="utf-8")
    for lang, text in (("en", f"{empty}: no games in the file"), ("zh", f"{empty}：文件中没有牌局")):
        status, _, err = run(capsys, "replay", str(empty), "--lang", lang)
        assert status == 2 and one_line_error(err, lang) == text and "None" not in err
