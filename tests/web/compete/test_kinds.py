"""``Kind`` is abstract: a kind that leaves out one of its methods, or its name or labels,
cannot be made (the ``register_kind(SomeKind())`` of its module fails at import); every kind
the platform registers (the Swiss and pairs events here, web.online's team match, ladder and
贴点 room) is complete and made."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from bridgescore.web.compete import services as sv
from bridgescore.web.compete.kinds import Kind
from bridgescore.web.compete.pairs_kind import PairsKind

ABSTRACT = {"read_settings", "start", "action_from", "action_to", "apply", "clock", "due",
            "effects", "result_action", "has_result", "status", "total_boards",
            "current_round", "standings", "results", "entries"}


def test_the_abstract_methods() -> None:
    assert inspect.isabstract(Kind)
    assert set(Kind.__abstractmethods__) == ABSTRACT
    with pytest.raises(TypeError):
        Kind()  # type: ignore[abstract]


def kind_class(leave_out: str) -> type:
    """A kind with PairsKind's methods and a name and labels, but for ``leave_out``."""
    body: dict[str, Any] = {n: getattr(PairsKind, n) for n in ABSTRACT}
    body.update(name="x", label_en="x", label_zh="x")
    del body[leave_out]
    return type("Incomplete", (Kind,), body)


@pytest.mark.parametrize("method", sorted(ABSTRACT))
def test_a_kind_missing_a_method_cannot_be_made(method: str) -> None:
    with pytest.raises(TypeError, match=method):
        kind_class(method)()


@pytest.mark.parametrize("attr", ["name", "label_en", "label_zh"])
def test_a_kind_without_its_name_or_labels_cannot_be_made(attr: str) -> None:
    with pytest.raises(TypeError, match=attr):
        kind_class(attr)()
    assert type("Inherits", (PairsKind,), {})().label_zh == "双人赛"  # inherited: fine


@pytest.mark.django_db
def test_every_registered_kind_is_complete() -> None:
    assert set(sv.KINDS) == {"swiss", "pairs", "teams", "ladder", "handicap"}
    for name, kind in sv.KINDS.items():
        assert isinstance(kind, Kind) and not inspect.isabstract(type(kind))
        assert kind.name == name and kind.label_en and kind.label_zh
