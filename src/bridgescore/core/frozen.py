"""An immutable, hashable mapping for frozen values (no shared mutable dicts).

A frozen dataclass that held a plain ``dict`` could still be changed through it, by any caller
that got hold of the object (and in a web process the same object may serve many users).
``FrozenMap`` keeps insertion order, compares equal to any mapping with the same items, and
hashes when its values do.

>>> m = FrozenMap({"1": "A", "2": "B"})
>>> m["2"], len(m), list(m), m == {"2": "B", "1": "A"}
('B', 2, ['1', '2'], True)
>>> m["3"] = "C"
Traceback (most recent call last):
...
TypeError: 'FrozenMap' object does not support item assignment
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from typing import Any, TypeVar

__all__ = ["FrozenMap", "freeze", "thaw"]

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V]):
    __slots__ = ("_hash", "_items")

    _items: dict[K, V]
    _hash: int | None

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        object.__setattr__(self, "_items", dict(items))
        object.__setattr__(self, "_hash", None)

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def get(self, key: K, default: Any = None) -> Any:  # faster than Mapping's
        return self._items.get(key, default)

    # The inner dict's views: read-only, and much faster than Mapping's key-by-key ones.
    def keys(self) -> KeysView[K]:
        return self._items.keys()

    def values(self) -> ValuesView[V]:
        return self._items.values()

    def items(self) -> ItemsView[K, V]:
        return self._items.items()

    def mutable_copy(self) -> dict[K, V]:
        """A plain dict with the same items (``dict(m)`` would go key by key)."""
        return dict(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._items == other._items
        if isinstance(other, Mapping):
            return self._items == dict(other.items())
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(frozenset(self._items.items())))
        assert self._hash is not None
        return self._hash

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"'FrozenMap' object is immutable (cannot set {name!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (list(self._items.items()),))

    def __repr__(self) -> str:
        return f"FrozenMap({self._items!r})"


def freeze(value: Any) -> Any:
    """Dicts become ``FrozenMap``, lists and tuples tuples, sets frozensets, all the way down."""
    if isinstance(value, Mapping):
        return FrozenMap((k, freeze(v)) for k, v in value.items())
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, set | frozenset):
        return frozenset(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """The inverse for JSON output: mappings become dicts, tuples lists."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [thaw(v) for v in value]
    return value
