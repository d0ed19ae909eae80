"""Round trips: every event, result, settings and scale object → plain data → an equal object.

``to_dict()`` gives JSON-able data with a ``type`` and ``"version": 1``; ``from_dict`` rebuilds
the object exactly, also after ``json.dumps``/``json.loads``; bad data is a ``BridgeError`` in
both languages, never another exception.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import model_strategies as ms
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import Board, Contract, Result
from bridgescore.compete.ranks import RankSettings
from bridgescore.core.errors import BridgeError
from bridgescore.ratings import RateSettings, Ratings, WeekResults
from bridgescore.scoring.imps import IMP_SCALES, ImpScale
from bridgescore.scoring.vp import VP_SCALES, VpScale
from bridgescore.sessions.imp_pairs import ImpSettings
from bridgescore.sessions.live import Action, Change, Changes, Entry, LiveSession, Slot
from bridgescore.sessions.matchpoints import MatchpointSettings
from bridgescore.sessions.model import (
    Assignment,
    BoardResult,
    LineUp,
    Pair,
    Player,
    Session,
    Team,
    TeamMatch,
)
from bridgescore.sessions.movements import Assignment as MovementAssignment
from bridgescore.sessions.movements import Movement
from bridgescore.sessions.scores import PairScore, ScoredBoard, ScoredResult, SessionScores
from bridgescore.sessions.swiss import Draw, History
from bridgescore.sessions.swiss import Entry as SwissEntry
from bridgescore.sessions.swiss_pairs import SwissPairsEvent
from bridgescore.sessions.swiss_roster import Roster
from bridgescore.sessions.team_events import Fixture, Knockout, MatchResult, Standing, SwissTeams
from bridgescore.sessions.teams import MatchBoard, MatchScore, MatchSettings

CASES: list[tuple[type[Any], Any]] = [
    (Contract, ms.CONTRACTS),
    (Result, ms.results()),
    (Board, ms.boards),
    (Player, ms.players),
    (Pair, ms.pairs()),
    (Team, ms.teams()),
    (BoardResult, ms.board_results()),
    (Session, ms.sessions()),
    (TeamMatch, ms.team_matches()),
    (MatchpointSettings, ms.matchpoint_settings),
    (ImpSettings, ms.imp_settings),
    (MatchSettings, ms.match_settings),
    (ImpScale, ms.imp_scales | st.sampled_from(list(IMP_SCALES.values()))),
    (VpScale, ms.vp_scales()),
    (Movement, ms.movements),
    (Assignment, ms.model_assignments),
    (SessionScores, ms.session_scores()),
    (MatchScore, ms.match_scores()),
    (SwissEntry, ms.swiss_entries),
    (Draw, ms.swiss_draws),
    (History, ms.histories),
    (Fixture, ms.fixtures),
    (MatchResult, ms.match_results),
    (Standing, ms.team_standings),
    (SwissTeams, ms.swiss_teams),
    (Knockout, ms.knockouts),
    (SwissPairsEvent, ms.swiss_pairs_events()),
    (Roster, ms.rosters),
    (RankSettings, ms.rank_settings),
    (RateSettings, ms.rate_settings),
    (Ratings, ms.ratings_values()),
    (WeekResults, ms.week_results()),
]
# Classes whose name is taken by another value class carry a longer type name.
TYPE_NAMES = {MovementAssignment: "MovementAssignment", SwissEntry: "SwissEntry",
              Draw: "SwissDraw", History: "SwissHistory"}


def _json_trip(data: dict[str, Any]) -> dict[str, Any]:
    text = json.dumps(data, allow_nan=False, ensure_ascii=False)  # plain JSON, no NaN
    out: dict[str, Any] = json.loads(text)
    return out


@pytest.mark.parametrize(("cls", "strategy"), CASES, ids=[c.__name__ for c, _ in CASES])
def test_round_trip(cls: type[Any], strategy: Any) -> None:
    @settings(max_examples=40)
    @given(strategy)
    def check(x: Any) -> None:
        data = x.to_dict()
        assert data["type"] == TYPE_NAMES.get(cls, cls.__name__)
        assert data["version"] == 1
        assert cls.from_dict(data) == x
        assert cls.from_dict(_json_trip(data)) == x

    check()


@given(ms.movements)
def test_movement_parts_round_trip(m: Movement) -> None:
    for a in m.assignments:
        assert MovementAssignment.from_dict(_json_trip(a.to_dict())) == a
    for a in m.to_model():
        assert Assignment.from_dict(_json_trip(a.to_dict())) == a
    back = Movement.from_dict(_json_trip(m.to_dict()))
    assert back.at(1, 1) == m.at(1, 1) and back.schedule(1) == m.schedule(1)


@given(ms.session_scores())
def test_score_parts_round_trip(s: SessionScores) -> None:
    for b in s.boards:
        assert ScoredBoard.from_dict(_json_trip(b.to_dict())) == b
        for r in b.results:
            assert ScoredResult.from_dict(_json_trip(r.to_dict())) == r
    for p in s.pairs:
        back = PairScore.from_dict(_json_trip(p.to_dict()))
        assert back == p and back.percentage == p.percentage


@given(ms.match_scores())
def test_match_board_round_trip(m: MatchScore) -> None:
    for b in m.boards:
        assert MatchBoard.from_dict(_json_trip(b.to_dict())) == b


@given(ms.team_matches())
def test_lineup_round_trip(m: TeamMatch) -> None:
    for lu in m.lineups:
        assert LineUp.from_dict(_json_trip(lu.to_dict())) == lu


@given(ms.swiss_draws)
def test_swiss_match_round_trip(d: Draw) -> None:
    from bridgescore.sessions.swiss import Match

    for m in d.tables:
        assert Match.from_dict(_json_trip(m.to_dict())) == m


def test_live_session_round_trip() -> None:
    from bridgescore.sessions.movements import mitchell

    live = LiveSession.start(mitchell(3, 1), scoring="butler")
    live, _ = live.enter(BoardResult(1, "1", "4", Result.parse("3NT N ="), table=1, round=1))
    live, _ = live.enter(BoardResult(2, "2", "5", score=-100, table=2, round=1))
    live, _ = live.correct(2, BoardResult(2, "2", "5", score=-200, table=2, round=1))
    live, _ = live.cancel(1)
    back = LiveSession.from_dict(_json_trip(live.to_dict()))
    assert back == live
    assert back.standings() == live.standings() and back.changes_since(0) == live.changes_since(0)
    for e in live.entries:
        assert Entry.from_dict(_json_trip(e.to_dict())) == e
        assert Action.from_dict(_json_trip(e.action.to_dict())) == e.action
    for c in live.changes:
        assert Change.from_dict(_json_trip(c.to_dict())) == c
    for n in range(live.seq + 1):
        since = live.changes_since(n)
        assert Changes.from_dict(_json_trip(since.to_dict())) == since
    for slot in live.outstanding():
        assert Slot.from_dict(_json_trip(slot.to_dict())) == slot


def test_custom_scales_pass_by_value() -> None:
    """A scale of one's own is rebuilt from its data alone: no registry name needed."""
    imp = ImpScale("club", "Club scale", "俱乐部表", (20, 50, 100))
    vp = VpScale.from_dict({
        "type": "VpScale", "version": 1, "name": "club-vp", "title_en": "Club VPs",
        "title_zh": "俱乐部 VP", "max_vp": 20, "continuous": False, "method": "table",
        "bands": [{"boards": [1, 99], "steps": [[0, 10], [5, 12], [20, 16], [40, 20]]}]})
    st_ = MatchSettings(vp_scale=vp, imp_scale=imp)
    back = MatchSettings.from_dict(_json_trip(st_.to_dict()))
    assert back == st_ and back.imp_scale == imp and back.vp_scale == vp
    assert "club" not in IMP_SCALES and "club-vp" not in VP_SCALES
    # The table as given: 4 IMPs is a draw band, 5 gives 12–8, 39 gives 16–4, 40 the maximum.
    assert [vp.points(m, 8) for m in (4, 5, 39, 40, -40)] == [
        (10, 10), (12, 8), (16, 4), (20, 0), (0, 20)]
    assert imp.imps(99) == 2 and imp.imps(100) == 3 and imp.imps(-60) == -2


def test_acbl_scales_by_value_keep_their_values() -> None:
    """The ACBL scales now carry their tables (from data/vp_scales.json): rules.md 3.3 values."""
    acbl = VP_SCALES["acbl-20"]
    back = VpScale.from_dict(_json_trip(acbl.to_dict()))
    # 16-20 boards: steps 2, 5, 9, 14, 19, 25, 32, 39, 47, 56 IMPs for 11 … 20 VPs.
    assert [back.points(m, 16)[0] for m in (0, 1, 2, 4, 5, 55, 56, 200)] == [
        10, 10, 11, 11, 12, 19, 20, 20]
    assert VP_SCALES["acbl-30"].points(28, 7) == (30, 0)
    assert VP_SCALES["acbl-30"].points(1, 7) == (18, 12)  # first step is 3 VPs above the draw


BAD: list[tuple[type[Any], Any, str]] = [
    (Contract, None, "expected a dict"),
    (Contract, {"type": "Result", "version": 1}, "'type' is 'Result', expected 'Contract'"),
    (Contract, {"type": "Contract", "version": 2, "level": 1, "strain": "CLUBS",
                "doubling": "UNDOUBLED"}, "unsupported Contract data version 2"),
    (Contract, {"type": "Contract", "version": 1, "level": 1, "strain": "CLUBS"},
     "'doubling' is missing"),
    (Contract, {"type": "Contract", "version": 1, "level": 1, "strain": "CLUBS",
                "doubling": "UNDOUBLED", "extra": 1}, "unknown key(s) 'extra'"),
    (Contract, {"type": "Contract", "version": 1, "level": 8, "strain": "CLUBS",
                "doubling": "UNDOUBLED"}, "level must be 1-7"),
    (Contract, {"type": "Contract", "version": 1, "level": True, "strain": "CLUBS",
                "doubling": "UNDOUBLED"}, "'level' must be a whole number"),
    (Contract, {"type": "Contract", "version": 1, "level": 1, "strain": "SPADE",
                "doubling": "UNDOUBLED"}, "'strain' must be one of CLUBS"),
    (ImpScale, {"type": "ImpScale", "version": 1, "name": "x", "title_en": "x", "title_zh": "x",
                "thresholds": [50, 20]}, "positive whole numbers, increasing"),
    (VpScale, {"type": "VpScale", "version": 1, "name": "x", "title_en": "x", "title_zh": "x",
               "max_vp": 20, "continuous": False, "method": "table",
               "bands": [{"boards": [1, 8], "steps": [[0, 11]]}]}, "from a draw of 10"),
    (VpScale, {"type": "VpScale", "version": 1, "name": "x", "title_en": "x", "title_zh": "x",
               "max_vp": 20, "continuous": False, "method": "table", "bands": []},
     "needs at least one band"),
    (ImpSettings, {**ImpSettings().to_dict(), "avg_plus": "3"}, "'avg_plus' must be a number"),
    (ImpSettings, {**ImpSettings().to_dict(), "rounding": "down"},
     "'rounding' must be 'up' or 'away' or 'even'"),
    (MatchSettings, {**MatchSettings().to_dict(), "vp_scale": "nope"}, "unknown VP scale 'nope'"),
    (BoardResult, {**BoardResult(1, "1", "2", score=50).to_dict(), "ns_award": "A+"},
     "exactly one of"),
    (Session, {**Session(()).to_dict(), "winners": 3}, "'winners' must be one of 0, 1, 2"),
]


@pytest.mark.parametrize(("cls", "data", "message"), BAD)
def test_bad_data_is_a_clear_error(cls: type[Any], data: Any, message: str) -> None:
    with pytest.raises(BridgeError) as e:
        cls.from_dict(data)
    assert message in str(e.value)
    assert e.value.message("zh") != e.value.message("en")  # a Chinese message too


JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=4),
    max_leaves=12)


@pytest.mark.parametrize(("cls", "strategy"), CASES, ids=[c.__name__ for c, _ in CASES])
def test_junk_is_refused_with_a_bridge_error(cls: type[Any], strategy: Any) -> None:
    """Mutate real data at one key (or replace it): only ``BridgeError`` may come out."""

    @settings(max_examples=60)
    @given(strategy, st.data())
    def check(x: Any, data: st.DataObject) -> None:
        good = x.to_dict()
        bad = _mutate(good, data)
        with contextlib.suppress(BridgeError):
            cls.from_dict(bad)

    check()


def _mutate(value: Any, data: st.DataObject) -> Any:
    if isinstance(value, dict) and value and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(value)))
        return {**value, key: _mutate(value[key], data)}
    if isinstance(value, list) and value and data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(value) - 1))
        return [*value[:i], _mutate(value[i], data), *value[i + 1:]]
    return data.draw(JUNK)


def test_a_roster_instruction_whose_type_is_not_a_name_is_refused() -> None:
    # Found by the mutation test above: a list as an instruction's type was a TypeError.
    data = {"version": 1, "type": "Roster", "instructions": [{"type": ["Withdrawal"]}]}
    with pytest.raises(BridgeError, match="Withdrawal, LateEntry or SitOut"):
        Roster.from_dict(data)
