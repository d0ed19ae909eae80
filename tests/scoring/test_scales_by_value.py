"""IMP and VP scales of one's own, passed by value; the shipped registries are read-only."""

from __future__ import annotations

import pytest

from bridgescore import IMP_SCALES, VP_SCALES, Result
from bridgescore.core.errors import BridgeError, ScaleError
from bridgescore.scoring.imps import ImpScale, get_imp_scale
from bridgescore.scoring.vp import VpBand, VpScale, get_vp_scale
from bridgescore.sessions.imp_pairs import ImpSettings, score_imp_pairs
from bridgescore.sessions.model import BoardResult, Session, Team, TeamMatch
from bridgescore.sessions.teams import MatchSettings, score_match

# A coarse club scale: 1 IMP from 50, 2 from 200, 3 from 1000.
CLUB = ImpScale("club", "Club IMPs", "俱乐部 IMP", (50, 200, 1000))
# A 10-VP table for matches of 1-12 boards: draw 5-5, then 6 from 3 IMPs, 8 from 10, 10 from 25.
TEN = VpScale("ten", "Ten VPs", "十分制", 10, False, "table",
              (VpBand(1, 12, ((0, 5), (3, 6), (10, 8), (25, 10))),))


def test_registries_are_read_only() -> None:
    with pytest.raises(TypeError):
        IMP_SCALES["club"] = CLUB  # type: ignore[index]
    with pytest.raises(TypeError):
        VP_SCALES["ten"] = TEN  # type: ignore[index]
    assert "club" not in IMP_SCALES and "ten" not in VP_SCALES


def test_a_scale_object_is_used_as_it_is() -> None:
    assert get_imp_scale(CLUB) is CLUB and get_vp_scale(TEN) is TEN
    with pytest.raises(ScaleError, match="expected a name or an ImpScale"):
        get_imp_scale(5)  # type: ignore[arg-type]


def test_custom_imp_scale_in_pairs_scoring() -> None:
    # Butler datum of +420 and +170 (2 results, nothing dropped) is 300 (295 rounded up):
    # +120 → 1 club IMP, −130 → −1.  On the Law 78B scale they would be 3 and −4.
    s = Session((BoardResult(1, "1", "2", Result.parse("4S N =")),
                 BoardResult(1, "3", "4", Result.parse("2S N +2"))))
    club = score_imp_pairs(s, "butler", ImpSettings(imp_scale=CLUB))
    assert [(p.pair, p.total) for p in club.pairs][:2] == [("1", 1.0), ("3", -1.0)]
    wbf = score_imp_pairs(s, "butler")
    assert [(p.pair, p.total) for p in wbf.pairs][:2] == [("1", 3.0), ("3", -4.0)]


def test_custom_vp_scale_in_a_match() -> None:
    # One board (NS vulnerable): open +620, closed −100 → 720 → 12 Law-78B IMPs (8–2 on the
    # ten-VP table), 2 club IMPs (a draw there).
    rs = (BoardResult(5, "H", "A", Result.parse("4S N =")),
          BoardResult(5, "A", "H", Result.parse("2S N -1")))
    m = TeamMatch(Team("H"), Team("A"), rs)
    plain = score_match(m, MatchSettings(vp_scale=TEN))
    assert (plain.home_total, plain.vp, plain.vp_scale) == (12, (8.0, 2.0), "ten")
    both = score_match(m, MatchSettings(vp_scale=TEN, imp_scale=CLUB))
    assert (both.home_total, both.vp) == (2, (5.0, 5.0))


@pytest.mark.parametrize(("make", "message"), [
    (lambda: VpScale("x", "x", "x", 20, False, "table", ()), "needs at least one band"),
    (lambda: VpScale("x", "x", "x", 20, False, "table",
                     (VpBand(1, 8, ((0, 10), (5, 9))),)), "VPs not decreasing"),
    (lambda: VpScale("x", "x", "x", 20, False, "table",
                     (VpBand(1, 8, ((0, 10),)), VpBand(8, 9, ((0, 10),)))), "not overlapping"),
    (lambda: VpScale("x", "x", "x", 20, False, "bogus"), "unknown method 'bogus'"),
    (lambda: VpScale("x", "x", "x", 30, True, "wbf"), "is a 20-VP scale"),
    (lambda: ImpScale("x", "x", "x", ("20",)), "positive whole numbers"),  # type: ignore[arg-type]
    (lambda: ImpScale(5, "x", "x", (20,)), "name must be a text"),  # type: ignore[arg-type]
])
def test_bad_scales(make: object, message: str) -> None:
    with pytest.raises(BridgeError, match=message) as e:
        make()  # type: ignore[operator]
    assert e.value.message("zh") != e.value.message("en")


def test_table_scale_outside_its_boards() -> None:
    with pytest.raises(ScaleError, match="covers matches of 1-12 boards, not 16"):
        TEN.points(3, 16)
