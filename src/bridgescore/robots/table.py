"""A robot's next action at an online table: the glue between the pure table state machine
(:mod:`bridgescore.table.state`) and the robot players (:mod:`bridgescore.robots`).

The robot is told the whole deal because it runs on the server, which knows it; the fair
robot (``solver="fair"``) is given only what its seat's view shows, for its cards, its
claims and its answers to claims.  What a robot decides is an ordinary action, checked by
:func:`bridgescore.table.state.apply` like a person's.

Only the fair robot claims: as declarer, on lead at a trick's start, when one card takes
every remaining trick on every layout it sampled (:attr:`.fair.FairChoice.sure`), and only
while no claim has been rejected on the board (``TableState.refused``), so that two robots
never claim and reject for ever.
"""

from __future__ import annotations

from .. import robots
from ..core.play import Play
from ..core.seat import Seat
from ..table.actions import Action, AnswerClaim, AnswerUndo, Claim, MakeCall, PlayCard
from ..table.state import Phase, TableState
from ..table.views import Viewer, view
from .claims import CLAIM_STATEMENT, fair_accepts_claim
from .fair import fair_choice, knowledge_for

__all__ = ["robot_action"]


def robot_action(state: TableState, seat: Seat, solver: str = "auto", *, salt: str = "",
                 scoring: str = "mp") -> Action | None:
    """What a robot at ``seat`` does now, or ``None`` when the table does not wait for it.

    With ``solver="fair"`` the card robot is given only what ``seat``'s own view of the
    table shows (:func:`bridgescore.robots.fair.knowledge_for`), ``salt`` (the table's) and
    ``scoring`` (``"mp"`` or ``"imp"``)."""
    if seat not in state.to_act:
        return None
    solver = robots.card_solver(solver)
    if state.claim is not None:
        if solver == "fair":
            return AnswerClaim(seat, fair_accepts_claim(view(state, Viewer(seat)), seat))
        return AnswerClaim(seat, robots.robot_accepts_claim(state.board.deal, _copy(state),
                                                            state.claim.seat, state.claim.tricks))
    if state.undo is not None:
        return AnswerUndo(seat, robots.robot_accepts_undo())
    if state.phase is Phase.AUCTION:
        call = robots.robot_call(state.board.deal[seat], state.auction,
                                 state.board.vulnerability)
        return MakeCall(seat, call)
    if state.phase is Phase.PLAY:
        if solver == "fair":
            choice = fair_choice(knowledge_for(state, seat), salt=salt, scoring=scoring)
            play = state.play
            assert play is not None and state.declarer is not None
            if choice.sure and state.refused == 0:
                return Claim(state.declarer, play.remaining, CLAIM_STATEMENT)
            return PlayCard(seat, choice.card)
        return PlayCard(seat, robots.robot_card(state.board.deal, _copy(state), solver=solver))
    return None


def _copy(state: TableState) -> Play:
    """The play so far on a fresh engine: a robot may try cards on it without touching the
    state's own (a TableState never changes)."""
    play = state.play
    assert play is not None
    return Play.replay(state.board.deal, play.contract, play.declarer, state.cards)
