"""The lobby's forms: a new table (its settings) and a seat to take."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ..events.models import BoardSet
from .models import Room

SEATS = (("N", _("North")), ("E", _("East")), ("S", _("South")), ("W", _("West")))
MAX_BOARDS = 36  # a long session; more is a typing slip


class RoomChoice(forms.ModelChoiceField):  # type: ignore[type-arg]
    """Rooms named in the reader's language."""

    def __init__(self, *args: Any, lang: str = "en", **kwargs: Any) -> None:
        self.lang = lang
        super().__init__(*args, **kwargs)

    def label_from_instance(self, obj: Any) -> str:
        return room_name(obj, self.lang)


def room_name(room: Room, lang: str) -> str:
    if lang.startswith("zh"):
        return room.name_zh or room.name_en or str(room)
    return room.name_en or room.name_zh or str(room)


class TableForm(forms.Form):
    """A new table in one of the rooms the user may play in.  The board set, if chosen, must
    be one of that room's club's (the choice is checked against the room in ``clean``)."""

    room = RoomChoice(queryset=Room.objects.none(), label=_("Room"))
    name = forms.CharField(label=_("Table name"), max_length=100, required=False)
    boards = forms.IntegerField(label=_("Boards"), min_value=1, max_value=MAX_BOARDS,
                                initial=4)
    board_set = forms.ModelChoiceField(queryset=BoardSet.objects.none(), required=False,
                                       label=_("Board set"),
                                       empty_label=_("Deal new boards"))
    first_board = forms.IntegerField(label=_("First board"), min_value=1, max_value=999,
                                     initial=1)
    undo_allowed = forms.BooleanField(label=_("Players may ask to take back a move"),
                                      required=False, initial=True)
    spectators_allowed = forms.BooleanField(label=_("Spectators allowed"), required=False,
                                            initial=True)
    spectators_see_hands = forms.BooleanField(label=_("Spectators see all four hands"),
                                              required=False)
    spectator_delay = forms.IntegerField(label=_("Spectators' delay (seconds)"), min_value=0,
                                         max_value=3600, initial=0)
    grace_seconds = forms.IntegerField(
        label=_("Seconds a dropped player keeps the seat"), min_value=0, max_value=600,
        initial=60, help_text=_("After that a robot plays for them until they are back."))
    seat = forms.ChoiceField(label=_("Your seat"), choices=(("", _("None (host only)")), *SEATS),
                             required=False, initial="S")

    def __init__(self, *args: Any, rooms: Any, board_sets: Any, lang: str = "en",
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        room_field = self.fields["room"]
        assert isinstance(room_field, RoomChoice)
        room_field.queryset = rooms
        room_field.lang = lang
        self.fields["board_set"].queryset = board_sets  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        room, board_set = data.get("room"), data.get("board_set")
        if board_set is not None and room is not None:
            if room.club_id is None or board_set.club_id != room.club_id:
                self.add_error("board_set", _("This board set belongs to another club: choose "
                                              "one of this room's club, or deal new boards."))
            elif board_set.boards and data.get("first_board") and data.get("boards"):
                last = data["first_board"] + data["boards"] - 1
                if last > board_set.boards:
                    self.add_error("boards", _("The board set has %(n)d boards: boards "
                                               "%(first)d to %(last)d are not all in it.")
                                   % {"n": board_set.boards, "first": data["first_board"],
                                      "last": last})
        return data


class SeatForm(forms.Form):
    seat = forms.ChoiceField(choices=SEATS)
