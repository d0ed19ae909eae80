"""Plain data for every value: ``to_dict()`` and ``from_dict()``, versioned.

Every event, result, settings and scale object of the library has ``obj.to_dict()``, which
gives plain JSON-able data (dicts, lists, strings, numbers, booleans, ``None``) carrying
``"type"`` (the class name) and ``"version"`` (``1``), and ``Class.from_dict(data)``, which
rebuilds an equal object: ``Class.from_dict(obj.to_dict()) == obj``, also after a trip
through ``json.dumps``/``json.loads``.  Reading is strict, as a store should be: a wrong type
or version, a missing or unknown key, or a value of the wrong kind is a ``BridgeError`` naming
the field.

>>> from bridgescore import Result
>>> data = Result.parse("4SX N -2").to_dict()
>>> data["type"], data["version"], data["tricks"]
('Result', 1, 8)
>>> Result.from_dict(data) == Result.parse("4SX N -2")
True
>>> Result.from_dict({**data, "tricks": "8"})
Traceback (most recent call last):
...
bridgescore.core.errors.BridgeError: invalid Result data: 'tricks' must be a whole number, got '8'

This module is the reader those methods share; it imports only the errors and ``text``.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Literal, TypeVar, Union

from .errors import BridgeError
from .text import excerpt  # one way to quote a bad value, here as in the parsers

__all__ = [
    "VERSION",
    "Data",
    "Fields",
    "enum_name",
    "excerpt",
    "header",
    "is_number",
    "settings_from_dict",
    "settings_to_dict",
]

VERSION = 1
Data = dict[str, Any]
T = TypeVar("T")
E = TypeVar("E", bound=enum.Enum)
_MISSING: Any = object()


def header(kind: str) -> Data:
    return {"type": kind, "version": VERSION}


class Fields:
    """The fields of one object's data, each read with its kind checked; ``done()`` refuses
    any key that was not read (nothing is silently dropped)."""

    __slots__ = ("_read", "data", "kind")

    def __init__(self, data: object, kind: str) -> None:
        if not isinstance(data, Mapping):
            raise BridgeError(
                f"invalid {kind} data {excerpt(data)}: expected a dict from {kind}.to_dict()",
                f"无效的 {kind} 数据 {excerpt(data)}：应为 {kind}.to_dict() 给出的字典",
            )
        self.data = data
        self.kind = kind
        self._read = {"type", "version"}
        if data.get("type") != kind:
            raise BridgeError(
                f"invalid {kind} data: 'type' is {excerpt(data.get('type'))}, expected {kind!r}",
                f"无效的 {kind} 数据：'type' 为 {excerpt(data.get('type'))}，应为 {kind!r}",
            )
        version = data.get("version")
        if type(version) is not int or version != VERSION:
            raise BridgeError(
                f"unsupported {kind} data version {excerpt(version)}: this library reads "
                f"version {VERSION}",
                f"不支持的 {kind} 数据版本 {excerpt(version)}：本库读取第 {VERSION} 版",
            )

    # -- errors
    def error(self, key: str, want_en: str, want_zh: str) -> BridgeError:
        got = excerpt(self.data.get(key))
        return BridgeError(
            f"invalid {self.kind} data: {key!r} must be {want_en}, got {got}",
            f"无效的 {self.kind} 数据：{key!r} 应为{want_zh}，实为 {got}",
        )

    def _get(self, key: str, default: Any) -> Any:
        self._read.add(key)
        if key not in self.data:
            if default is _MISSING:
                raise BridgeError(f"invalid {self.kind} data: {key!r} is missing",
                                  f"无效的 {self.kind} 数据：缺少 {key!r}")
            return default
        return self.data[key]

    # -- plain values
    def text(self, key: str, default: Any = _MISSING) -> Any:
        v = self._get(key, default)
        if v is default and default is not _MISSING:
            return v
        if not isinstance(v, str):
            raise self.error(key, "a text", "文本")
        return v

    def opt_text(self, key: str) -> str | None:
        v = self._get(key, None)
        if v is not None and not isinstance(v, str):
            raise self.error(key, "a text or null", "文本或 null")
        return v

    def whole(self, key: str, default: Any = _MISSING) -> Any:
        v = self._get(key, default)
        if v is default and default is not _MISSING:
            return v
        if type(v) is not int:
            raise self.error(key, "a whole number", "整数")
        return v

    def opt_whole(self, key: str) -> int | None:
        v = self._get(key, None)
        if v is not None and type(v) is not int:
            raise self.error(key, "a whole number or null", "整数或 null")
        return v

    def flag(self, key: str, default: Any = _MISSING) -> Any:
        v = self._get(key, default)
        if type(v) is not bool:
            raise self.error(key, "true or false", "true 或 false")
        return v

    def number(self, key: str, default: Any = _MISSING) -> Any:
        """A finite int or float, as given (JSON keeps ``3`` and ``3.0`` apart)."""
        v = self._get(key, default)
        if v is default and default is not _MISSING:
            return v
        if not is_number(v):
            raise self.error(key, "a finite number", "有限的数")
        return v

    def opt_number(self, key: str) -> Any:
        v = self._get(key, None)
        if v is not None and not is_number(v):
            raise self.error(key, "a finite number or null", "有限的数或 null")
        return v

    def items(self, key: str, default: Any = _MISSING) -> list[Any]:
        v = self._get(key, default)
        if not isinstance(v, list | tuple):
            raise self.error(key, "a list", "列表")
        return list(v)

    def opt_items(self, key: str) -> list[Any] | None:
        v = self._get(key, None)
        if v is None:
            return None
        if not isinstance(v, list | tuple):
            raise self.error(key, "a list or null", "列表或 null")
        return list(v)

    def wholes(self, key: str, default: Any = _MISSING) -> tuple[int, ...]:
        values = self.items(key, default)
        if any(type(x) is not int for x in values):
            raise self.error(key, "a list of whole numbers", "整数列表")
        return tuple(values)

    def texts(self, key: str, default: Any = _MISSING) -> tuple[str, ...]:
        values = self.items(key, default)
        if any(not isinstance(x, str) for x in values):
            raise self.error(key, "a list of texts", "文本列表")
        return tuple(values)

    def enum(self, key: str, cls: type[E], default: Any = _MISSING) -> E:
        v = self._get(key, default)
        if isinstance(v, cls):
            return v
        if isinstance(v, str) and v in cls.__members__:
            return cls[v]
        raise self.error(key, "one of " + ", ".join(cls.__members__),
                         " " + "、".join(cls.__members__) + " 之一")

    def opt_enum(self, key: str, cls: type[E]) -> E | None:
        if self._get(key, None) is None:
            return None
        return self.enum(key, cls)

    def choice(self, key: str, options: tuple[Any, ...], default: Any = _MISSING) -> Any:
        v = self._get(key, default)
        if isinstance(v, bool) or v not in options:
            shown = ", ".join(map(repr, options))
            raise self.error(key, f"one of {shown}", f" {shown} 之一")
        return v

    # -- nested values
    def obj(self, key: str, from_dict: Callable[[Any], T], default: Any = _MISSING) -> T:
        v = self._get(key, default)
        if v is default and default is not _MISSING:
            return v  # type: ignore[no-any-return]
        return from_dict(v)

    def opt_obj(self, key: str, from_dict: Callable[[Any], T]) -> T | None:
        v = self._get(key, None)
        return None if v is None else from_dict(v)

    def objs(self, key: str, from_dict: Callable[[Any], T], default: Any = _MISSING) -> tuple[T, ...]:
        return tuple(from_dict(x) for x in self.items(key, default))

    def done(self) -> None:
        extra = [k for k in self.data if k not in self._read]
        if extra:
            keys = ", ".join(excerpt(k) for k in extra[:5])
            raise BridgeError(f"invalid {self.kind} data: unknown key(s) {keys}",
                              f"无效的 {self.kind} 数据：未知的键 {keys}")


def is_number(v: object) -> bool:
    return (type(v) is int) or (type(v) is float and math.isfinite(v))


def enum_name(value: enum.Enum | None) -> str | None:
    return None if value is None else value.name


# -- settings: dataclasses of plain fields (numbers, texts, choices, a scale object) --------


def settings_to_dict(obj: Any) -> Data:
    """Every field of a settings dataclass; a field holding an object (an IMP or VP scale)
    is given by value through its own ``to_dict``."""
    out = header(type(obj).__name__)
    for f in dataclasses.fields(obj):
        v = getattr(obj, f.name)
        out[f.name] = v.to_dict() if hasattr(v, "to_dict") else v
    return out


def settings_from_dict(cls: type[T], data: object) -> T:
    """The inverse of ``settings_to_dict``: each field checked against its annotation (a
    ``Literal`` choice, ``int``, ``float``, ``str``, ``bool`` or a class with ``from_dict``),
    then the class's own validation."""
    f = Fields(data, cls.__name__)
    hints = typing.get_type_hints(cls)
    kwargs: dict[str, Any] = {}
    for fld in dataclasses.fields(cls):  # type: ignore[arg-type]
        if fld.init:
            kwargs[fld.name] = _as_hint(f, fld.name, hints[fld.name])
    f.done()
    return cls(**kwargs)


def _atoms(hint: Any) -> list[tuple[str, Any]]:
    origin = typing.get_origin(hint)
    if origin is Literal:
        return [("value", a) for a in typing.get_args(hint)]
    if origin is Union or origin is types.UnionType:
        return [atom for arg in typing.get_args(hint) for atom in _atoms(arg)]
    return [("type", hint)]


def _as_hint(f: Fields, key: str, hint: Any) -> Any:
    v = f._get(key, _MISSING)
    atoms = _atoms(hint)
    types_ = {t for kind, t in atoms if kind == "type"}
    for kind, t in atoms:
        if kind == "value" and type(v) is type(t) and v == t:
            return v
        if kind == "type" and isinstance(v, dict) and hasattr(t, "from_dict") \
                and v.get("type") == t.__name__:
            return t.from_dict(v)
    if (v is None and type(None) in types_) or (type(v) is bool and bool in types_) \
            or (type(v) is int and int in types_) or (isinstance(v, str) and str in types_):
        return v
    if float in types_ and is_number(v):
        return float(v)
    want = [repr(t) for kind, t in atoms if kind == "value"]
    names = {bool: ("true or false", "true 或 false"), int: ("a whole number", "整数"),
             float: ("a number", "数"), str: ("a text", "文本"), type(None): ("null", "null")}
    want_zh = list(want)
    for t in types_:
        en, zh = names.get(t, (f"{getattr(t, '__name__', t)} data",
                               f"{getattr(t, '__name__', t)} 数据"))
        want.append(en)
        want_zh.append(zh)
    raise f.error(key, " or ".join(want), "或".join(want_zh))
