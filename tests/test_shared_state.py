"""No shared mutable state between the users of one process (a web server serves many).

Scans the whole library: public module-level dicts, lists and sets (registries anyone could
change for everyone), frozen dataclasses whose fields are dicts, lists or sets (a "frozen"
value that can still be changed through them), and caches that hand every caller the same
mutable object.  The DD solver's cache (``deals/dd.py``) is its own concern and is left out.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
import re
import typing
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import model_strategies as ms
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgescore
from bridgescore.core.frozen import FrozenMap

# The command line's lazy command table: read by the CLI process only, never by the library.
ALLOWED_GLOBALS = {("bridgescore.cli", "COMMANDS"), ("bridgescore.cli", "COMMAND_HELP")}
# Jinja2's Environment is built once and only read after (rendering does not change it).
ALLOWED_CACHES = {("bridgescore.render.templates", "environment")}
MUTABLE = (dict, list, set, bytearray)
MUTABLE_HINT = re.compile(r"\b(dict|list|set|Dict|List|Set|Counter|defaultdict|MutableMapping)\[")


def _modules() -> Iterator[ModuleType]:
    yield bridgescore
    for info in pkgutil.walk_packages(bridgescore.__path__, "bridgescore."):
        # The web shell follows Django's conventions (settings and URL confs are lists, read
        # once at start-up); the library under it is what must hold no shared mutable state.
        if info.name == "bridgescore.__main__" or info.name.startswith("bridgescore.web"):
            continue
        yield importlib.import_module(info.name)


def test_no_public_mutable_globals() -> None:
    found = [f"{m.__name__}.{name}" for m in _modules() for name, v in vars(m).items()
             if not name.startswith("_") and isinstance(v, MUTABLE)
             and (m.__name__, name) not in ALLOWED_GLOBALS]
    assert found == []


def test_frozen_dataclasses_hold_no_mutable_fields() -> None:
    found = []
    for m in _modules():
        for name, cls in vars(m).items():
            if not (inspect.isclass(cls) and cls.__module__ == m.__name__
                    and dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen):  # type: ignore[attr-defined]
                continue
            for f in dataclasses.fields(cls):
                if MUTABLE_HINT.search(str(f.type)):
                    found.append(f"{m.__name__}.{name}.{f.name}: {f.type}")
    assert found == []


def test_caches_hand_out_nothing_mutable() -> None:
    found = []
    for m in _modules():
        if m.__name__ == "bridgescore.deals.dd":
            continue
        for name, fn in vars(m).items():
            if (callable(fn) and hasattr(fn, "cache_info") and getattr(fn, "__module__", "") == m.__name__
                    and (m.__name__, name) not in ALLOWED_CACHES):
                hint = typing.get_type_hints(fn).get("return")
                if MUTABLE_HINT.search(
                        f"{hint}[" if hint in MUTABLE else str(hint)):
                    found.append(f"{m.__name__}.{name} -> {hint}")
    assert found == []


def _mutable_inside(value: Any, seen: set[int] | None = None) -> list[str]:
    """Paths to any dict, list or set reachable through a value's fields."""
    seen = seen if seen is not None else set()
    if id(value) in seen:
        return []
    seen.add(id(value))
    if isinstance(value, MUTABLE):
        if isinstance(value, dict) and type(value).__setitem__ is not dict.__setitem__ \
                and not _changes(value):
            # A read-only dict subclass (the frozen Swiss history's counts): look inside.
            return [p for x in value.values() for p in _mutable_inside(x, seen)]
        return [type(value).__name__]
    if isinstance(value, tuple | frozenset):
        return [p for x in value for p in _mutable_inside(x, seen)]
    if isinstance(value, FrozenMap):
        return [p for x in value.values() for p in _mutable_inside(x, seen)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        if fields and not type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]
            # A plain (mutable) dataclass held by a value: its fields can be replaced,
            # unless it refuses that itself.
            try:
                setattr(value, fields[0].name, getattr(value, fields[0].name))
            except AttributeError:
                pass
            else:
                return [type(value).__name__]
        return [f"{f.name}.{p}" for f in fields
                for p in _mutable_inside(getattr(value, f.name), seen)]
    return []


def _changes(d: dict[Any, Any]) -> bool:
    """Whether a dict subclass lets an item be set (tried on a key it has, value unchanged)."""
    for k, v in d.items():
        try:
            d[k] = v
        except TypeError:
            return False
        return True
    try:
        d["__probe__"] = 0
    except TypeError:
        return False
    del d["__probe__"]
    return True


@settings(max_examples=30)
@given(st.one_of(ms.sessions(), ms.team_matches(), ms.session_scores(), ms.match_scores(),
                 ms.imp_settings, ms.match_settings, ms.movements, ms.vp_scales(),
                 ms.swiss_pairs_events()))
def test_values_are_immutable_all_the_way_down(x: Any) -> None:
    assert _mutable_inside(x) == []


def test_movement_lookups_and_howell_tables_are_read_only() -> None:
    from bridgescore.sessions.movements import _howell_table, howell

    m = howell(4)
    assert isinstance(m._by_key, FrozenMap) and isinstance(_howell_table(4)["schedule"], tuple)
    with pytest.raises(TypeError):
        _howell_table(4)["rounds"] = 1  # type: ignore[index]
    assert howell(4).rounds == 7


def test_a_swiss_pairs_event_history_cannot_be_changed() -> None:
    # Before: event.history was a plain History of Counters, changeable by any reader.
    from collections import Counter

    from bridgescore.sessions.swiss import History
    from bridgescore.sessions.swiss_pairs import SwissPairsEvent

    history = History.from_pairs([("1", "2")], byes=["3"])
    ev = SwissPairsEvent("mp", (), (), {}, history, {}, {}, 0, 0.0)
    history.add_meeting("1", "3")  # the caller's own history stays theirs
    assert ev.history.times_met("1", "3") == 0 and ev.history.times_met("1", "2") == 1
    assert ev.history == History.from_pairs([("1", "2")], byes=["3"])
    assert ev.history.byes["9"] == 0  # a Counter still: absent ids count 0
    with pytest.raises(TypeError):
        ev.history.add_meeting("1", "4")
    with pytest.raises(TypeError):
        ev.history.byes["3"] += 1
    with pytest.raises(AttributeError):
        ev.history.met = Counter()  # type: ignore[misc]
    assert _mutable_inside(ev) == []
    assert SwissPairsEvent.from_dict(ev.to_dict()) == ev
