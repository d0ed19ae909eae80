"""What the director's API reads and writes (``director/api.py``), as OpenAPI schemas.

Every text a script sends is bounded and has no control characters (PostgreSQL refuses a
NUL, and no name or reason of ours needs a line break); every number has its range; every
choice is an enum.  What the schema cannot say (a name in at least one language, a player
who belongs to the club, a size the movement allows) the services check.
"""

from __future__ import annotations

import datetime
from typing import Annotated, Any, Literal

from ninja import Field, Path, Schema

from ....scoring.vp import VP_SCALES

# One line of text, no control characters.
_LINE = r"^[^\x00-\x1f\x7f]*$"
SessionName = Annotated[str, Field(max_length=200, pattern=_LINE)]
PersonName = Annotated[str, Field(max_length=100, pattern=_LINE)]
Slug = Annotated[str, Field(min_length=1, max_length=50, pattern=r"^[-a-zA-Z0-9_]+$")]
PairNumber = Annotated[str, Field(min_length=1, max_length=8, pattern=r"^[0-9A-Za-z]+$",
                                  description="A pair's number in the movement, e.g. '3'.")]
PairPath = Annotated[str, Path(min_length=1, max_length=8, pattern=r"^[0-9A-Za-z]+$")]
EventId = Annotated[int, Path(ge=1, le=2_147_483_647)]
PlayerId = Annotated[int, Field(ge=1, le=2_147_483_647)]
Round = Annotated[int, Field(ge=1, le=1000)]
IdempotencyKey = Annotated[str, Field(
    min_length=1, max_length=64, pattern=r"^[!-~]+$",
    description="The script's key for this one request: a retry with the same key gets the "
                "session the first request created (200) instead of a second one.")]

VpScaleName = Annotated[str, Field(max_length=20, pattern=r"^[a-z0-9-]+$",
                                   json_schema_extra={"enum": list(VP_SCALES)},
                                   description="One of the library's VP scales.")]
ByeVp = Annotated[float, Field(ge=0, le=100)] | Literal["average"]

Status = Literal["setup", "running", "closed"]
Kind = Literal["pairs", "teams"]


class ErrorOut(Schema):
    code: str
    message: str
    en: str
    zh: str


# ---------------------------------------------------------------------------- events


class PagesOut(Schema):
    console: str
    results: str


class EventOut(Schema):
    id: int
    club: str
    kind: str
    name: str
    name_en: str
    name_zh: str
    date: str
    status: str
    published: bool
    movement: str
    scoring: str
    tables: int
    rounds: int
    boards_per_round: int
    closed_round: int
    pages: PagesOut


class _NewEvent(Schema):
    club: Slug
    name_en: SessionName = ""
    name_zh: SessionName = ""
    date: datetime.date
    idempotency_key: IdempotencyKey | None = None


class NewPairsEvent(_NewEvent):
    """A pairs session: Mitchell or Howell; the library checks the sizes."""

    kind: Literal["pairs"]
    movement: Literal["mitchell", "howell"]
    tables: Annotated[int, Field(ge=1, le=200)]
    boards_per_round: Annotated[int, Field(ge=1, le=100)]
    rounds: Annotated[int | None, Field(ge=1, le=200,
                                        description="Empty: the most the movement allows.")] = None
    scoring: Literal["mp", "ximp", "butler"] = "mp"


class GuestIn(Schema):
    name_en: PersonName = ""
    name_zh: PersonName = ""


class TeamIn(Schema):
    name_en: SessionName = ""
    name_zh: SessionName = ""
    members: list[PlayerId] = Field(default_factory=list, max_length=6,
                                    description="Players who are club members, by id.")
    guests: list[GuestIn] = Field(default_factory=list, max_length=6)


class NewTeamsEvent(_NewEvent):
    """A team match (two teams) or a round robin (3 to 8 teams)."""

    kind: Literal["teams"]
    movement: Literal["match", "round-robin"]
    boards: Annotated[int, Field(ge=1, le=64, description="Boards per match.")]
    segments: Annotated[int, Field(ge=1, le=8, description="A match only.")] = 1
    legs: Literal[1, 2] = Field(1, description="A round robin: 2 plays it twice.")
    vp_scale: VpScaleName = "wbf"
    bye_vp: ByeVp | None = Field(None, description="VPs for a bye, or 'average'; null: "
                                                   "the scale's default.")
    teams: Annotated[list[TeamIn], Field(min_length=2, max_length=8)]


NewEvent = Annotated[NewPairsEvent | NewTeamsEvent, Field(discriminator="kind")]


class SettingsOut(Schema):
    name_en: str
    name_zh: str
    date: str | None
    auto_accept_seconds: int | None
    traveller_at_table: bool
    travellers_live: bool
    check_leads: bool
    movement: str
    tables: int
    rounds: int
    boards_per_round: int
    scoring: str


class SettingsIn(Schema):
    """Only the settings given change (at least one)."""

    name_en: SessionName | None = None
    name_zh: SessionName | None = None
    date: datetime.date | None = None
    auto_accept_seconds: Annotated[int | None, Field(
        ge=5, le=3600, description="Accept an entry by itself after this many seconds; "
                                   "null: the opponents accept every entry.")] = None
    traveller_at_table: bool | None = None
    travellers_live: bool | None = None
    check_leads: bool | None = None


class StatusIn(Schema):
    status: Status


class PublishIn(Schema):
    published: bool = True


class CloseRoundIn(Schema):
    round: Annotated[int, Field(ge=0, le=1000, description="Close the rounds up to this one "
                                                           "(0 opens them all again).")]


# ---------------------------------------------------------------------------- pairs


class PlayerOut(Schema):
    id: int
    name: str
    name_en: str
    name_zh: str
    guest: bool


class PairOut(Schema):
    number: str
    name: str
    name_en: str
    name_zh: str
    withdrawn: bool
    players: list[PlayerOut]
    sits_out: list[int]


class SeatIn(Schema):
    """A player the club knows (``player``: a member, or a player already in this session),
    or a guest by name (``name_en`` and/or ``name_zh``)."""

    player: PlayerId | None = None
    name_en: PersonName = ""
    name_zh: PersonName = ""


class PairIn(Schema):
    players: Annotated[list[SeatIn], Field(max_length=6)]


class NewPairIn(PairIn):
    number: PairNumber | None = Field(
        None, description="Empty: the lowest pair number with nobody yet.")


class SwapIn(Schema):
    round: Round
    pair_a: PairNumber
    pair_b: PairNumber
    onward: bool = False


class SitOutIn(Schema):
    pair: PairNumber
    round: Round


class WithdrawIn(Schema):
    pair: PairNumber
    from_round: Round = 1


class LateIn(Schema):
    pair: PairNumber
    from_round: Round


class LineOut(Schema):
    table: int
    ns_pair: str
    ew_pair: str
    boards: list[int]


class RoundOut(Schema):
    round: int
    lines: list[LineOut]
    sitting_out: list[str]


class MovementOut(Schema):
    changed: bool
    rounds: list[RoundOut]


# ---------------------------------------------------------------------------- tables, grid, audit


class TableOut(Schema):
    table: int
    secret: str
    url: str
    api: str
    active: bool


class CellOut(Schema):
    round: int
    plays: bool
    ns_pair: str
    ew_pair: str
    boards: list[int]
    missing: list[int]
    state: str


class GridRowOut(Schema):
    table: int
    current_round: int | None
    late: bool
    cells: list[CellOut]


class GridOut(Schema):
    rounds: list[int]
    field_round: int | None
    entered: int
    expected: int
    late_tables: list[int]
    rows: list[GridRowOut]


class AuditOut(Schema):
    id: int
    at: str
    user: str | None
    table: int | None
    action: str
    action_text: str
    subject: str
    subject_text: str
    before: Any
    after: Any
    before_text: str
    after_text: str
