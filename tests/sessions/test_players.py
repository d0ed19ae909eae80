"""Stable identities: players with ids on pairs and teams, and team line-ups per match."""

from __future__ import annotations

import pytest

from bridgescore import Result
from bridgescore.core.errors import BridgeError
from bridgescore.core.seat import Side
from bridgescore.sessions.matchpoints import score_matchpoints
from bridgescore.sessions.model import BoardResult, LineUp, Pair, Player, Session, Team, TeamMatch

ANN, BO, CY, DI = (Player(101, "Ann Lee", "李安"), Player(102, "Bo Wang", "王博"),
                   Player("C3", "Cy Xu"), Player(104, "Di Ma", "马迪"))
ED, FU, GU, HE = Player(201, "Ed"), Player(202, "Fu"), Player(203, "Gu"), Player(204, "He")


def test_player_ids_and_names() -> None:
    assert ANN.id == "101" and Player("101", "Ann Lee", "李安") == ANN
    assert (ANN.label(), ANN.label("zh"), CY.label("zh"), Player(7).label()) == (
        "Ann Lee", "李安", "Cy Xu", "7")
    with pytest.raises(BridgeError, match="the name must be a text"):
        Player(1, 5)  # type: ignore[arg-type]


def test_pair_with_members_and_names_only_pairs_alike() -> None:
    p = Pair(3, members=(ANN, BO))
    assert p.names == ("Ann Lee", "Bo Wang") and p.names_in("zh") == ("李安", "王博")
    assert (p.label(), p.label("zh")) == ("3 Ann Lee – Bo Wang", "3 李安、王博")
    old = Pair("3", ("Ann Lee", "Bo Wang"))  # names only, as before: unchanged
    assert old.members == () and old.label("zh") == "3 Ann Lee、Bo Wang"
    assert Pair(3, ("Ann Lee", "Bo Wang"), members=(ANN, BO)) == p


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"members": (ANN,)}, "a pair has two players, not 1"),
    ({"members": (ANN, ANN)}, "player 101 is listed twice"),
    ({"members": (ANN, "Bo")}, "expected a list of Player values"),
    ({"names": ("Ann", "Bo"), "members": (ANN, BO)}, "are not those of its members"),
    ({"names": "Ann"}, "expected a list of texts"),
    ({"direction": "NS"}, "invalid direction 'NS'"),
    ({"registration": "1"}, "invalid registration '1'"),
])
def test_bad_pairs(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(BridgeError, match=message) as e:
        Pair(1, **kwargs)  # type: ignore[arg-type]
    assert e.value.message("zh") != e.value.message("en")


def test_scores_name_the_members() -> None:
    rs = (BoardResult(1, 1, 2, Result.parse("4S N =")), BoardResult(1, 3, 4, Result.parse("4S N +1")))
    s = score_matchpoints(Session(rs, pairs=[Pair(1, members=(ANN, BO))]))
    assert s.names("1") == ("Ann Lee", "Bo Wang")
    assert s.session is not None and s.session.pairs["1"].members[0].id == "101"


def _match(lineups: tuple[LineUp, ...]) -> TeamMatch:
    home = Team("H", "Home", members=(ANN, BO, CY, DI))
    away = Team("A", "Away", members=(ED, FU, GU, HE))
    rs = []
    for b in (1, 2):
        rs += [BoardResult(b, "H", "A", score=-100), BoardResult(b, "A", "H", score=100)]
    return TeamMatch(home, away, tuple(rs), lineups=lineups)


def test_team_members_and_lineups() -> None:
    t = Team("H", "Home", members=(ANN, BO, CY, DI))
    assert t.players == ("Ann Lee", "Bo Wang", "Cy Xu", "Di Ma") and t.member(101) == ANN
    assert Team("H", "Home", ("x", "y")).members == ()  # names only, as before
    m = _match((LineUp("H", "open", (101, 102)), LineUp("H", "closed", ("C3", 104)),
                LineUp("A", "open", (201, 202), (1,)), LineUp("A", "open", (203, 204), (2,)),
                LineUp("A", "closed", (201, 202), (2,))))
    assert m.lineup(1, "H", "open") == LineUp("H", "open", ("101", "102"))
    assert m.lineup(2, "A", "open") is not None and m.lineup(2, "A", "open").players == ("203", "204")
    assert m.lineup(1, "A", "closed") is None  # not recorded
    # The home team holds the NS cards in the open room and EW in the closed room.
    assert [lu.direction("H") for lu in m.lineups[:3]] == [Side.NS, Side.EW, Side.EW]


@pytest.mark.parametrize(("lineups", "message"), [
    ((LineUp("X", "open", (101, 102)),), "team X, open room: not a team of this match"),
    ((LineUp("H", "open", (101, 201)),), "player 201 is not a member of team H"),
    ((LineUp("H", "open", (101, 102), (3,)),), "board 3 is not a board of this match"),
    ((LineUp("H", "open", (101, 102)), LineUp("H", "open", ("C3", 104), (2,))),
     "two line-ups on board 2"),
    ((LineUp("H", "open", (101, 102)), LineUp("H", "closed", (102, 104))),
     "player 102 is also seated elsewhere on board 1"),
])
def test_bad_lineups(lineups: tuple[LineUp, ...], message: str) -> None:
    with pytest.raises(BridgeError, match=message) as e:
        _match(lineups)
    assert e.value.message("zh") != e.value.message("en")


@pytest.mark.parametrize(("args", "message"), [
    (("H", "lounge", (1, 2)), "invalid room 'lounge'"),
    (("H", "open", (1,)), "a line-up names two players"),
    (("H", "open", (1, 1)), "player 1 sits twice"),
    (("H", "open", (1, 2), (0,)), "invalid boards"),
])
def test_bad_lineup_values(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(BridgeError, match=message):
        LineUp(*args)  # type: ignore[arg-type]


def test_lineups_need_members_with_ids() -> None:
    m = TeamMatch(Team("H"), Team("A"), (BoardResult(1, "H", "A", score=50),
                                         BoardResult(1, "A", "H", score=50)))
    with pytest.raises(BridgeError, match="the team lists no members with ids"):
        TeamMatch(m.home, m.away, m.results, lineups=(LineUp("H", "open", (1, 2)),))
