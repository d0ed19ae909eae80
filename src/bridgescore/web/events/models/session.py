"""A club's duplicate session (``Event``): its entrants, tables, board set, every result
entered, and the audit trail of every change.

Results are never updated or deleted: each action (enter, correct, cancel, adjust) is a new
``ResultEntry`` row with the next sequence number of its event, exactly the log the library's
``LiveSession`` keeps (``bridgescore.sessions.live``), so the scores are always the library's
replay of the rows.  Everything a director changes is an ``AuditRecord`` (who, when, before,
after).
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ...accounts.models import Player
from ...clubs.models import Club
from ...core.bilingual import pick


class Event(models.Model):
    """One session at a club: a pairs movement or a team match."""

    class Kind(models.TextChoices):
        PAIRS = "pairs", _("pairs")
        TEAMS = "teams", _("teams")

    class Movement(models.TextChoices):
        MITCHELL = "mitchell", _("Mitchell")
        HOWELL = "howell", _("Howell")
        MATCH = "match", _("team match")
        ROUND_ROBIN = "round-robin", _("round robin")

    class Scoring(models.TextChoices):
        MP = "mp", _("matchpoints")
        XIMP = "ximp", _("cross-IMPs")
        BUTLER = "butler", _("Butler")
        IMP = "imp", _("IMPs (teams)")

    class Status(models.TextChoices):
        SETUP = "setup", pgettext_lazy("event status", "being set up")
        RUNNING = "running", pgettext_lazy("event status", "in play")
        CLOSED = "closed", pgettext_lazy("event status", "closed")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="events")
    name_en = models.CharField(_("name in English"), max_length=200, blank=True)
    name_zh = models.CharField(_("name in Chinese"), max_length=200, blank=True)
    date = models.DateField(_("date"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    movement = models.CharField(_("movement"), max_length=12, choices=Movement.choices)
    tables = models.PositiveIntegerField(_("tables"))
    boards_per_round = models.PositiveIntegerField(_("boards per round"))
    rounds = models.PositiveIntegerField(_("rounds"))
    scoring = models.CharField(_("scoring"), max_length=10, choices=Scoring.choices)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.SETUP)
    published = models.BooleanField(_("results published"), default=False)
    # Rounds up to this one are over: a table may no longer correct its own entries there.
    closed_round = models.PositiveIntegerField(default=0)
    # Who sits where, when the director has changed the movement's own lines (a pair moved,
    # a late pair added, a sit-out): the library's Assignment lines as JSON; null = movement.
    assignments = models.JSONField(null=True, blank=True)
    # Bumped by every change to the entrants, the lines or the settings: the cached live
    # state of another version is rebuilt (``live.state``).
    version = models.PositiveIntegerField(default=1)

    # The director's settings (platform.md: off by default where a player could learn more).
    auto_accept_seconds = models.PositiveIntegerField(
        _("accept an entry by itself after (seconds)"), null=True, blank=True,
        help_text=_("Empty: the opponents must accept every entry."))
    traveller_at_table = models.BooleanField(
        _("show the board's results at the table after an entry"), default=False)
    travellers_live = models.BooleanField(
        _("show travellers on the live results once a board is played by all"), default=False)
    check_leads = models.BooleanField(
        _("check entered opening leads against the hand records"), default=False)

    board_set = models.ForeignKey("BoardSet", on_delete=models.PROTECT, null=True, blank=True,
                                  related_name="events")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["-date", "-id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(condition=~models.Q(name_en="", name_zh=""),
                                   name="events_event_has_a_name"),
            models.CheckConstraint(condition=models.Q(tables__gte=1, boards_per_round__gte=1,
                                                      rounds__gte=1),
                                   name="events_event_sizes_positive"),
        ]

    def name_in(self, lang: str) -> str:
        return pick(self.name_en, self.name_zh, lang)

    def __str__(self) -> str:
        return self.name_en or self.name_zh


class BoardSet(models.Model):
    """The deals of a session as a PBN file (hand records; optionally checking leads)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="board_sets")
    name = models.CharField(_("name"), max_length=200)
    pbn = models.TextField()
    boards = models.PositiveIntegerField(default=0)
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name


class Entrant(models.Model):
    """A pair or a team, by its number in the movement (``number`` is the library's pair id)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    number = models.CharField(_("number"), max_length=8)
    name_en = models.CharField(_("name in English"), max_length=200, blank=True)
    name_zh = models.CharField(_("name in Chinese"), max_length=200, blank=True)
    players: models.ManyToManyField[Player, Seat] = models.ManyToManyField(
        Player, through="Seat", related_name="entries")
    withdrawn = models.BooleanField(_("withdrawn"), default=False)

    class Meta:
        ordering: ClassVar[list[str]] = ["id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["event", "number"], name="events_entrant_number"),
        ]

    def name_in(self, lang: str) -> str:
        """The entrant's own name, else its players' names joined ("Wang Wei – Li Na")."""
        own = pick(self.name_en, self.name_zh, lang)
        if own:
            return own
        sep = "、" if lang.startswith("zh") else " – "
        return sep.join(s.player.name_in(lang) for s in self.seats.all())

    def __str__(self) -> str:
        return f"{self.number} {self.name_in('en')}".strip()


class Seat(models.Model):
    """A player in a pair or team, in order (1, 2 for a pair; 1–6 for a team)."""

    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering: ClassVar[list[str]] = ["position"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["entrant", "position"], name="events_seat_position"),
            models.UniqueConstraint(fields=["entrant", "player"], name="events_seat_player"),
        ]


class Table(models.Model):
    """A table of an event, with the secret that binds a phone to it (``/t/<token>``)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="table_set")
    number = models.PositiveIntegerField()
    salt = models.CharField(max_length=32)  # a new salt gives the table a new secret
    # Only the SHA-256 of the secret is stored; the secret itself is derived from the
    # server's SECRET_KEY (``tables.token_for``) so the director can reprint the cards.
    token_digest = models.CharField(max_length=64, unique=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["number"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["event", "number"], name="events_table_number"),
        ]

    def __str__(self) -> str:
        return f"{self.event} table {self.number}"


class ResultEntry(models.Model):
    """One action on an event's results, numbered ``seq`` 1, 2, 3 … within the event.

    ``kind`` is the library's (enter, correct, cancel); a correction or cancellation names
    the entry it supersedes in ``replaces``.  The fields are the library's ``BoardResult``:
    a played result (``result`` in notation, e.g. ``4SX N -2``, with ``lead``), or an
    artificial adjusted score (``ns_award``/``ew_award``: A+, A, A−, or a percentage).
    """

    class Kind(models.TextChoices):
        ENTER = "enter", pgettext_lazy("result action", "entered")
        CORRECT = "correct", pgettext_lazy("result action", "corrected")
        CANCEL = "cancel", pgettext_lazy("result action", "cancelled")

    class Source(models.TextChoices):
        TABLE = "table", _("at the table")
        DIRECTOR = "director", _("by a director")
        API = "api", _("through the API")
        IMPORT = "import", _("imported")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="results")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    replaces = models.PositiveIntegerField(null=True, blank=True)
    round = models.PositiveIntegerField(null=True, blank=True)
    table = models.PositiveIntegerField(null=True, blank=True)
    board = models.PositiveIntegerField(null=True, blank=True)
    ns_pair = models.CharField(max_length=8, blank=True)
    ew_pair = models.CharField(max_length=8, blank=True)
    result = models.CharField(max_length=24, blank=True)  # '4SX N -2', 'pass'
    lead = models.CharField(max_length=4, blank=True)
    ns_award = models.CharField(max_length=8, blank=True)
    ew_award = models.CharField(max_length=8, blank=True)
    source = models.CharField(max_length=8, choices=Source.choices)
    by_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                null=True, blank=True, related_name="+")
    reason = models.CharField(max_length=300, blank=True)
    # A client's key for one entry: a retry with the same key gets the first answer back.
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["event", "seq"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["event", "seq"], name="events_result_seq"),
            models.UniqueConstraint(fields=["event", "idempotency_key"],
                                    name="events_result_idempotency",
                                    condition=models.Q(idempotency_key__isnull=False)),
        ]

    def __str__(self) -> str:
        return f"{self.event_id}#{self.seq} {self.kind} board {self.board}"


class AuditRecord(models.Model):
    """Who changed what, when: before and after as JSON.  Never edited or deleted."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit")
    at = models.DateTimeField(auto_now_add=True)
    by_user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                null=True, blank=True, related_name="+")
    by_table = models.PositiveIntegerField(null=True, blank=True)  # a table's phone
    action = models.CharField(max_length=40)  # 'result.enter', 'entrant.change', 'settings' …
    subject = models.CharField(max_length=100, blank=True)  # 'board 5, table 3, round 2'
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["event", "id"]

    def who(self) -> dict[str, Any]:
        return {"user": self.by_user.get_username() if self.by_user else None,
                "table": self.by_table}
