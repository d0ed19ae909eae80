"""Saved sessions: round trips, atomic writes, and errors that name the file."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import BridgeError, FileFormatError, Seat, Side
from bridgescore.home.chicago import ChicagoSeries, ChicagoSettings
from bridgescore.home.compensation import CompensationTable
from bridgescore.home.handicap import HandicapSession
from bridgescore.home.rubber import RubberSeries, RubberSettings
from bridgescore.home.session import FORMAT, load_session, save_session, session_data


def test_rubber_round_trip(tmp_path: Path) -> None:
    s = RubberSeries(["2H S +1", "3NT E = hon 150 W", "pass"], RubberSettings(Side.EW, 50))
    path = tmp_path / "r.json"
    save_session(path, s)
    back = load_session(path, "rubber")
    assert back == s and isinstance(back, RubberSeries) and back.settings == s.settings


def test_chicago_round_trip(tmp_path: Path) -> None:
    s = ChicagoSeries(["2S N +1", "pass", "4H E ="],
                      ChicagoSettings(first_dealer=Seat.SOUTH, vulnerability="non-dealer"))
    path = tmp_path / "c.json"
    save_session(path, s)
    back = load_session(path)
    assert isinstance(back, ChicagoSeries) and back == s and back.settings == s.settings


def test_handicap_round_trip_keeps_a_club_table(tmp_path: Path) -> None:
    rows = tuple((0, 0) if h == 20 else (h, 2 * h) for h in range(20, 41))
    table = CompensationTable("club", "Club", "俱乐部", rows)
    s = HandicapSession(["13 | 5DX S -2 | 17", "None | 3NT W = | 14"], "table", table)
    path = tmp_path / "h.json"
    save_session(path, s)
    back = load_session(path, "handicap")
    assert isinstance(back, HandicapSession)
    assert back.deals == s.deals and back.table == table and back.method is s.method
    assert back.to_json() == s.to_json()


def test_atomic_write_replaces_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    save_session(path, RubberSeries(["1NT N ="]))
    save_session(path, RubberSeries(["1NT N =", "2S E ="]))
    assert sorted(os.listdir(tmp_path)) == ["r.json"]
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["entries"] == ["1NT N =", "2S E ="]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "r.json"
    save_session(path, RubberSeries(["1NT N ="]))

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(FileFormatError) as info:
        save_session(path, RubberSeries(["1NT N =", "2S E ="]))
    # The message names the user's file, not the temporary one.
    assert info.value.message("en") == (
        f"{path}: cannot write the session file: No space left on device")
    assert info.value.message("zh") == f"{path}：无法写入记分文件：磁盘空间不足"
    monkeypatch.undo()
    assert load_session(path).deals == RubberSeries(["1NT N ="]).deals
    assert sorted(os.listdir(tmp_path)) == ["r.json"]


@pytest.mark.parametrize(("content", "fragment"), [
    ("not json", "invalid JSON"),
    ('{"format": "other"}', "not a bridgescore session"),
    (json.dumps({"format": FORMAT, "kind": "poker", "entries": []}), "unknown session kind"),
    (json.dumps({"format": FORMAT, "kind": "rubber", "entries": ["1NT N =", "xx"]}), "entry 2"),
    (json.dumps({"format": FORMAT, "kind": "rubber", "entries": "1NT N ="}), "list"),
    (json.dumps({"format": FORMAT, "kind": "handicap", "entries": ["1 | 1NT N = | 99"]}),
     "entry 1"),
    (json.dumps({"format": FORMAT, "kind": "rubber", "settings": {"we": "XY"},
                 "entries": []}), "invalid session"),
])
def test_errors(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(FileFormatError) as info:
        load_session(path)
    assert fragment in str(info.value) and str(path) in str(info.value)
    assert str(path) in info.value.message("zh")


def test_wrong_kind_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    save_session(path, RubberSeries())
    with pytest.raises(FileFormatError, match="not a chicago session"):
        load_session(path, "chicago")
    with pytest.raises(FileFormatError, match="cannot read"):
        load_session(tmp_path / "none.json")


def test_session_data_kinds() -> None:
    assert session_data(RubberSeries())["kind"] == "rubber"
    assert session_data(ChicagoSeries())["kind"] == "chicago"
    assert session_data(HandicapSession())["kind"] == "handicap"


@settings(max_examples=60)
@given(st.binary(max_size=200))
def test_fuzz(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "s.json"
    path.write_bytes(data)
    with contextlib.suppress(BridgeError):
        load_session(path)


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=10,
)


@settings(max_examples=200)
@given(st.sampled_from(["rubber", "chicago", "handicap"]), _json, _json, _json)
def test_fuzz_structured(tmp_path_factory: pytest.TempPathFactory, kind: str, a: object,
                         b: object, c: object) -> None:
    """Well-formed JSON with nonsense in every field: only a FileFormatError."""
    path = tmp_path_factory.mktemp("fuzz") / "s.json"
    path.write_text(json.dumps({"format": FORMAT, "kind": kind, "settings": a, "entries": b,
                                "table": c, "method": a, "scale": c}), encoding="utf-8")
    with contextlib.suppress(FileFormatError):
        load_session(path)


def test_permissions_are_those_of_an_ordinary_file(tmp_path: Path) -> None:
    path = tmp_path / "pad.json"
    mask = os.umask(0o022)
    try:
        save_session(path, RubberSeries(["2H S +1"]))
        assert path.stat().st_mode & 0o777 == 0o644
        os.chmod(path, 0o600)  # a player who keeps the file private keeps it private
        save_session(path, RubberSeries(["2H S +1", "3NT E ="]))
        assert path.stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(mask)
