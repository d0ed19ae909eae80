"""The audit trail as a person reads it, in the page's language.

The services store what changed as data (JSON: a result row, the settings, a pair's names,
the lines a move took out and put in) and a short English subject; this module turns each
into a line of the reader's language: results in notation with suit symbols, settings by
their labels, yes/no, statuses by name.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from django.core.exceptions import FieldDoesNotExist
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from ....core.cards import Card
from ....core.errors import BridgeError
from ....core.i18n import is_zh
from ....core.result import Result
from ....scoring.vp import VP_SCALES
from ...core.bilingual import pick
from ..models import Event

Lang = Literal["en", "zh"]

ACTIONS = {
    "event.create": gettext_lazy("session created"),
    "event.settings": gettext_lazy("settings changed"),
    "event.status": gettext_lazy("status changed"),
    "event.publish": gettext_lazy("publication changed"),
    "event.close_round": gettext_lazy("rounds closed"),
    "result.enter": gettext_lazy("result entered"),
    "result.correct": gettext_lazy("result corrected"),
    "result.cancel": gettext_lazy("result cancelled"),
    "entrant.change": gettext_lazy("pair's players changed"),
    "pairs.swap": gettext_lazy("pairs swapped"),
    "pairs.sit_out": gettext_lazy("sit-out"),
    "pairs.withdraw": gettext_lazy("pair withdrawn"),
    "pairs.late": gettext_lazy("late pair added"),
    "teams.settings": gettext_lazy("VP scale or bye changed"),
}

# A team event's own settings and what they decide (teams.services), no fields of the event.
_TEAM_LABELS = {
    "vp_scale": gettext_lazy("VP scale"), "bye_vp": gettext_lazy("VPs for a bye"),
    "legs": gettext_lazy("times each pair of teams meets"),
    "matches": gettext_lazy("each complete match's VPs"),
    "standings": gettext_lazy("each team's VPs"),
    "segments": gettext_lazy("segments of a match"),
    "teams": pgettext_lazy("an event's entrants", "teams"),
}

# The subjects and move lines the services and moves.py write, and their readings.
_PATTERNS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"^board (\d+), table (\d+), round (\d+)$"),
     lambda m: _("board %(b)s, table %(t)s, round %(r)s") % {
         "b": m[1], "t": m[2], "r": m[3]}),
    (re.compile(r"^round (\d+), table (\d+): (\S+) v (\S+) \(boards ([^)]*)\)$"),
     lambda m: _("round %(r)s, table %(t)s: %(ns)s v %(ew)s (boards %(boards)s)") % {
         "r": m[1], "t": m[2], "ns": m[3], "ew": m[4], "boards": m[5]}),
    (re.compile(r"^pairs (\S+) and (\S+), round (\d+) onward$"),
     lambda m: _("pairs %(a)s and %(b)s, from round %(r)s on") % {
         "a": m[1], "b": m[2], "r": m[3]}),
    (re.compile(r"^pairs (\S+) and (\S+), round (\d+)$"),
     lambda m: _("pairs %(a)s and %(b)s, round %(r)s") % {"a": m[1], "b": m[2], "r": m[3]}),
    (re.compile(r"^pair (\S+), from round (\d+)$"),
     lambda m: _("pair %(p)s, from round %(r)s on") % {"p": m[1], "r": m[2]}),
    (re.compile(r"^pair (\S+), round (\d+)$"),
     lambda m: _("pair %(p)s, round %(r)s") % {"p": m[1], "r": m[2]}),
    (re.compile(r"^pair (\S+)$"), lambda m: _("pair %(p)s") % {"p": m[1]}),
]


def text(value: str) -> str:
    """A subject or move line in the page's language (as written when it is not ours)."""
    for pattern, say in _PATTERNS:
        m = pattern.match(value)
        if m:
            return str(say(m))
    return value


def _result(notation: str, lang: Lang) -> str:
    try:
        return Result.parse(notation).format(lang, symbols=True)
    except BridgeError:
        return notation


def card_text(code: str, lang: Lang) -> str:
    """A stored card (``CA``, a lead) as the reader writes it, with the suit's symbol
    (``♣A``); as stored if it is no card."""
    try:
        return Card.parse(code).format(lang, symbols=True)
    except BridgeError:
        return code


def _value(key: str, value: Any, lang: Lang = "en") -> str:
    if key == "vp_scale" and isinstance(value, str) and value in VP_SCALES:
        return VP_SCALES[value].title(lang)
    if key == "bye_vp" and value == "average":
        return str(_("the team's own average"))
    if key == "teams" and isinstance(value, list):  # each team: its number and name
        return ", ".join(_team(t, lang) for t in value) or "—"
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if value is None or value == "":
        return "—"
    if isinstance(value, dict):  # number → VPs (a match's two sides, or a team's total)
        return ", ".join(f"{k}: {_vps(v)}" for k, v in value.items()) or "—"
    labels: dict[str, Any] = {"movement": Event.Movement, "scoring": Event.Scoring,
                              "status": Event.Status, "kind": Event.Kind}
    if key in labels:
        try:
            return str(labels[key](value).label)
        except ValueError:
            return str(value)
    return str(value)


def _team(team: Any, lang: Lang) -> str:
    if not isinstance(team, dict):
        return str(team)
    name = pick(str(team.get("name_en") or ""), str(team.get("name_zh") or ""), lang)
    return f"{team.get('number', '')} {name}".strip()


def _vps(v: Any) -> str:
    if isinstance(v, list):
        return "–".join(_vps(x) for x in v)
    return f"{v:g}" if isinstance(v, int | float) and not isinstance(v, bool) else str(v)


def _label(key: str) -> str:
    if key in _TEAM_LABELS:
        return str(_TEAM_LABELS[key])
    try:
        field = Event._meta.get_field(key)
    except FieldDoesNotExist:  # a key that is no field of the event: shown as stored
        return key
    return str(getattr(field, "verbose_name", key))


def value(action: str, data: Any, lang: Lang) -> str:
    """One side (before or after) of an audit record."""
    if data is None:
        return "—"
    if isinstance(data, dict):
        if "seq" in data and "kind" in data:  # a result row
            if data.get("ns_award"):
                what = f"{data['ns_award']} / {data.get('ew_award')}"
            else:
                what = _result(str(data.get("result") or ""), lang)
            lead = (f", {_('lead')} {card_text(str(data['lead']), lang)}" if data.get("lead")
                    else "")
            return f"#{data['seq']} {what}{lead}"
        return "; ".join(f"{_label(k)}: {_value(k, v, lang)}" for k, v in data.items())
    if isinstance(data, list):
        parts = []
        for item in data:
            if isinstance(item, dict):
                first, second = ("zh", "en") if is_zh(lang) else ("en", "zh")
                parts.append(str(item.get(first) or item.get(second) or ""))
            else:
                parts.append(text(str(item)))
        return "; ".join(parts) or "—"
    key = {"event.status": "status"}.get(action, "")
    return _value(key, data, lang)


def changed(before: Any, after: Any) -> tuple[Any, Any]:
    """For two dicts of settings, only the keys that changed."""
    if isinstance(before, dict) and isinstance(after, dict) and "seq" not in after:
        keys = [k for k in after if before.get(k) != after.get(k)]
        return {k: before.get(k) for k in keys}, {k: after.get(k) for k in keys}
    return before, after
