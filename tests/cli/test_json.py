"""Every command's ``--json`` against the shape docs/json.md documents for it: the same object
has the same shape in every command, every field has one type (a float is never written as an
int because it happens to be whole), and errors are JSON too."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from json_shapes import SHAPES, check, keys_of

from bridgescore.cli import COMMANDS, cli, main

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "bridgescore" / "data"
TESTS = ROOT / "tests" / "data"
DOC = ROOT / "docs" / "json.md"
PAIRS, MATCH = str(DATA / "demo_pairs.csv"), str(DATA / "demo_match.csv")
SEED = str(TESTS / "seed_game.pbn")


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.txt").write_text("2S N +1\n4H E =\n2D S =\n2C N =\n3NT S -1\n", "utf-8")
    (tmp_path / "h.txt").write_text("1 | 4S N = | 24\n2 | 3NT E +1 | 18\n", "utf-8")
    (tmp_path / "list.csv").write_text(
        "round,home,away,home_imps,away_imps,boards\n1,A,B,30,12,16\n1,C,D,10,10,16\n"
        "2,A,C,5,20,16\n2,B,D,25,24,16\n", "utf-8")
    return tmp_path


# (shape, command line): at least one run for every command, more where a shape has options.
RUNS: list[tuple[str, list[str]]] = [
    ("score", ["score", "4S", "N", "=", "--board", "3"]),
    ("score", ["score", "pass"]),
    ("score", ["score", "4SX", "N", "-2", "--vul", "both"]),
    ("imps", ["imps", "620", "170"]),
    ("imps", ["imps", "45.5"]),
    ("vp_result", ["vp", "10", "-n", "16"]),
    ("vp_result", ["vp", "10", "-n", "16", "--vp-scale", "wbf-whole"]),
    ("vp_result", ["vp", "0", "-n", "20", "--vp-scale", "acbl-20"]),
    ("board_list", ["board", "1-3"]),
    ("table_score", ["table", "score"]),
    ("table_penalty", ["table", "penalty"]),
    ("table_imp", ["table", "imp"]),
    ("table_vp", ["table", "vp", "--boards", "16"]),
    ("table_vp", ["table", "vp", "--boards", "16", "--vp-scale", "wbf-whole"]),
    ("demo", ["demo", "--out", "d"]),
    ("pairs_session", ["pairs", PAIRS]),
    ("pairs_session", ["pairs", PAIRS, "--scoring", "ximp"]),
    ("pairs_session", ["pairs", PAIRS, "--scoring", "butler"]),
    ("team_match", ["teams", MATCH]),
    ("team_match", ["teams", MATCH, "--scoring", "bam"]),
    ("team_event", ["teams", "list.csv"]),
    ("knockout", ["teams", MATCH, MATCH, "--knockout", "--carry-from", "10"]),
    ("event_demo", ["event-demo", "--out", "e"]),
    ("movement", ["movement", "mitchell", "--tables", "3"]),
    ("movement", ["movement", "howell", "--pairs", "7"]),
    ("movement", ["movement", "mitchell", "--tables", "4", "--relay", "--arrow-switch", "2"]),
    ("round_robin", ["movement", "round-robin", "--teams", "5"]),
    ("round_robin", ["movement", "round-robin", "--teams", "A,B,C", "--double"]),
    ("swiss_draw", ["swiss", str(TESTS / "swiss_standings.csv"),
                    "--history", str(TESTS / "swiss_history.csv")]),
    ("swiss_pairs", ["swiss", "--results", PAIRS, PAIRS]),
    ("swiss_teams", ["swiss", "--matches", "list.csv"]),
    ("deal", ["deal", "--boards", "2", "--seed", "x"]),
    ("handrecord", ["handrecord", SEED]),
    ("handrecord", ["handrecord", SEED, "--dd"]),
    ("dd", ["dd", SEED]),
    ("convert", ["convert", SEED, "o.lin"]),
    ("auction", ["auction", "--dealer", "N", "1S", "P", "P", "P"]),
    ("auction", ["auction", "--dealer", "N", "1S", "P"]),
    ("auction", ["auction", "--dealer", "N", "P", "P", "P", "P"]),
    ("replay", ["replay", SEED]),
    ("analyse", ["analyse", SEED]),
    ("rubber", ["rubber", "--file", "r.txt"]),
    ("chicago", ["chicago", "--file", "r.txt"]),
    ("handicap_deal", ["handicap", "4S", "N", "=", "--board", "1", "--hcp", "24"]),
    ("handicap_deal", ["handicap", "3NT", "N", "+2", "--board", "2", "--hcp", "29"]),
    ("handicap_deal", ["handicap", "4S", "N", "=", "--board", "1", "--hcp", "24",
                       "--method", "simple"]),
    ("handicap_deal", ["handicap", "6NTX", "S", "+1", "--board", "1", "--hcp", "13",
                       "--confirm-unlikely"]),
    ("handicap_session", ["handicap", "--file", "h.txt"]),
    ("sacrifice", ["sacrifice", "4S", "5CX", "--down", "2"]),
    ("sacrifice", ["sacrifice", "4S", "5CX"]),
    ("quiz", ["quiz", "--count", "3", "--seed", "1"]),
    ("quiz_exercises", ["quiz", "--exercises"]),
]


def _run(capsys: pytest.CaptureFixture[str], args: list[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.usefixtures("files")
@pytest.mark.parametrize(("shape", "args"), RUNS, ids=[" ".join(a[:3]) for _, a in RUNS])
def test_json_has_the_documented_shape(capsys: pytest.CaptureFixture[str], shape: str,
                                       args: list[str]) -> None:
    code, out, err = _run(capsys, [*args, "--json"])
    assert code == 0, err
    assert check(json.loads(out), SHAPES[shape]) == []


@pytest.mark.usefixtures("files")
def test_comparison_shape(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["pairs", PAIRS, "-o", "scored.xml"]) == 0
    capsys.readouterr()
    code, out, _ = _run(capsys, ["pairs", "scored.xml", "--compare", "--json"])
    assert code == 0 and check(json.loads(out), SHAPES["comparison"]) == []
    # One result, one total and one percentage changed: a difference of each kind.
    xml = (tmp_path / "scored.xml").read_text(encoding="utf-8")
    for tag in ("NS_MATCH_POINTS", "TOTAL_SCORE", "PERCENTAGE"):
        xml = re.sub(rf"(<{tag}>)([\d.]+)", lambda m: m[1] + "1.5", xml, count=1)
    (tmp_path / "scored.xml").write_text(xml, encoding="utf-8")
    code, out, _ = _run(capsys, ["pairs", "scored.xml", "--compare", "--json"])
    data = json.loads(out)
    assert code == 1 and not data["agree"]
    assert {"result", "total", "percentage"} <= {d["kind"] for d in data["differences"]}
    assert check(data, SHAPES["comparison"]) == []


def test_every_command_has_json_and_a_documented_shape() -> None:
    import click

    ctx = click.Context(cli)
    run_commands = {args[0] for _, args in RUNS} | {"pairs"}
    for name in COMMANDS:
        if name == "web":  # manages the web server; it prints no results to shape as JSON
            continue
        command = cli.get_command(ctx, name)
        assert command is not None
        assert any(p.name == "as_json" for p in command.params), name
        assert name in run_commands, f"{name} has no JSON shape test"


def test_a_float_field_stays_a_float_when_whole(capsys: pytest.CaptureFixture[str]) -> None:
    """The defect: an IMP total was 12 or 12.5 depending on the value."""
    _, out, _ = _run(capsys, ["teams", MATCH, "--json"])
    data = json.loads(out)
    assert type(data["home_total"]) is float and data["home_total"] == 29.0
    assert {type(b["imps"]) for b in data["boards"]} == {float}
    _, out, _ = _run(capsys, ["vp", "10", "-n", "16", "--vp-scale", "wbf-whole", "--json"])
    assert json.loads(out)["vp"] == [13.0, 7.0] and type(json.loads(out)["vp"][0]) is float
    _, out, _ = _run(capsys, ["imps", "620", "170", "--json"])
    assert type(json.loads(out)["difference"]) is float


def test_the_same_object_has_the_same_shape_everywhere(capsys: pytest.CaptureFixture[str],
                                                       files: Path) -> None:
    """A VP result is the same object in vp, a team match and a team event's matches; a
    team match names its teams; a pairs session names its event; a board with a deal is the
    same in deal, handrecord and dd."""
    vp = json.loads(_run(capsys, ["vp", "-13", "-n", "12", "--json"])[1])
    match = json.loads(_run(capsys, ["teams", MATCH, "--json"])[1])
    assert match["vp"] == vp  # 29 - 42 over 12 boards
    assert (match["home_name"], match["away_name"]) == ("长城队", "黄河队")
    event = json.loads(_run(capsys, ["teams", "list.csv", "--json"])[1])
    assert set(event["matches"][0]["vp"]) == set(vp)
    session = json.loads(_run(capsys, ["pairs", PAIRS, "--json"])[1])
    assert session["event"] == "周二俱乐部双人赛 Tuesday club pairs"
    dealt = json.loads(_run(capsys, ["handrecord", SEED, "--json"])[1])["boards"][0]
    solved = json.loads(_run(capsys, ["dd", SEED, "--json"])[1])["boards"][0]
    assert set(dealt) == set(solved) and dealt["vulnerability"] == solved["vulnerability"]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("args", [
    ["score", "7S+1", "N"],
    ["score", "4S", "N", "=", "--bogus"],
    ["vp", "3", "-n", "x"],
    ["pairs", str(TESTS / "seed_game.pbn")],
    ["nosuch"],
    ["board", "9" * 5000],
])
def test_errors_are_json_with_json(capsys: pytest.CaptureFixture[str], args: list[str],
                                   lang: str) -> None:
    code, out, err = _run(capsys, [*args, "--json", "--lang", lang])
    assert code == 2 and out == "" and err.count("\n") == 1
    data = json.loads(err)
    assert check(data, SHAPES["error"]) == []
    assert data["error"]["status"] == 2
    # Both languages, whichever the run speaks (English may quote a Chinese example).
    assert re.search("[\u4e00-\u9fff]", data["error"]["message_zh"])
    assert data["error"]["message"] != data["error"]["message_zh"]
    assert re.match("[ -~]", data["error"]["message"])


# -- docs/json.md --------------------------------------------------------------------------

def _sections() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    parts = re.split(r"^### `([a-z_]+)`\s*$", text, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_shape_is_documented_with_its_fields() -> None:
    sections = _sections()
    assert set(SHAPES) <= set(sections), set(SHAPES) - set(sections)
    for name, schema in SHAPES.items():
        missing = sorted(k for k in keys_of(schema) if f"`{k}`" not in sections[name]
                         and f'"{k}"' not in sections[name])
        assert missing == [], (name, missing)


def test_the_documented_examples_have_their_shapes() -> None:
    examples = 0
    for name, body in _sections().items():
        for block in re.findall(r"```json\n(.*?)```", body, flags=re.S):
            assert check(json.loads(block), SHAPES[name]) == [], name
            examples += 1
    assert examples >= len(SHAPES) // 2
