"""Statements run on every entry or move, with their SQL built once.

Django compiles a queryset's SQL again for every query, and for a phone's entry that
compilation cost more than the database's work: most of the server's time went into
building the same three statements (find the table by its secret; insert the result row;
insert its audit record).  ``Joined`` and ``Insert`` build their SQL from the models'
metadata once per database vendor and then only run it, converting values both ways with
the fields' own converters, exactly as the ORM does (datetimes, JSON, booleans on SQLite),
so a model change cannot leave them behind: they read the fields, never a list of names.
An online table's move had the same trouble (six statements compiled for every card), hence
``Rows``: a model's rows by one column, ordered, limited and locked as asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar, cast

from django.db import connection
from django.db.models import Field, Model

M = TypeVar("M", bound=Model)

Converter = Callable[[Any, Any, Any], Any]
_Column = tuple["Field[Any, Any]", Any, list[Converter]]  # field, its column expression, converters


def _columns(model: type[Model], alias: str) -> tuple[list[str], list[_Column]]:
    q = connection.ops.quote_name
    columns: list[str] = []
    mine: list[_Column] = []
    for f in model._meta.concrete_fields:
        col = f.get_col(alias)
        convert = [*connection.ops.get_db_converters(col),
                   *f.get_db_converters(connection)]  # type: ignore[attr-defined]
        columns.append(f"{alias}.{q(f.column)}")
        mine.append((f, col, convert))
    return columns, mine


def _instance(model: type[Model], mine: list[_Column], row: Sequence[Any], start: int) -> Model:
    values = []
    for k, (_, col, convert) in enumerate(mine, start):
        v = row[k]
        for c in convert:
            v = c(v, col, connection)
        values.append(v)
    return model.from_db(connection.alias, [f.attname for f, _, _ in mine], values)


class Rows(Generic[M]):
    """``SELECT`` the rows of a model whose column ``where`` equals a value, ordered by
    ``order`` (field names, ``-`` for descending), at most ``limit``, locked ``FOR UPDATE``
    with ``lock`` where the database has row locks (SQLite's write transaction locks the
    whole database already).  ``extra``: scalar SQL columns after the model's, as
    ``extra(quote_name)`` gives them (``m0`` is the model's alias); their values are
    returned beside each instance, unconverted."""

    def __init__(self, model: type[M], where: str, *, order: Sequence[str] = (),
                 limit: int | None = None, lock: bool = False,
                 extra: Callable[[Callable[[str], str]], Sequence[str]] | None = None) -> None:
        self.model, self.where, self.order = model, where, tuple(order)
        self.limit, self.lock, self.extra = limit, lock, extra
        self._built: dict[str, tuple[str, list[_Column], int]] = {}

    def _build(self) -> tuple[str, list[_Column], int]:
        q = connection.ops.quote_name
        columns, mine = _columns(self.model, "m0")
        extra = list(self.extra(q)) if self.extra is not None else []

        def column(name: str) -> str:
            f = self.model._meta.get_field(name)
            assert isinstance(f, Field)
            return f"m0.{q(str(f.column))}"

        sql = (f"SELECT {', '.join([*columns, *extra])} FROM {q(self.model._meta.db_table)} m0 "
               f"WHERE {column(self.where)} = %s")
        if self.order:
            sql += " ORDER BY " + ", ".join(
                f"{column(o.lstrip('-'))} {'DESC' if o.startswith('-') else 'ASC'}"
                for o in self.order)
        if self.limit is not None:
            sql += f" LIMIT {int(self.limit)}"
        if self.lock and connection.features.has_select_for_update:
            sql += " FOR UPDATE"
        return sql, mine, len(extra)

    def all(self, value: str | int) -> list[tuple[M, tuple[Any, ...]]]:
        """Each row's instance and its extra columns' values."""
        built = self._built.get(connection.vendor)
        if built is None:
            built = self._built[connection.vendor] = self._build()
        sql, mine, n_extra = built
        with connection.cursor() as cursor:
            cursor.execute(sql, [value])
            rows = cursor.fetchall()
        width = len(mine)
        return [(cast(M, _instance(self.model, mine, row, 0)), tuple(row[width:width + n_extra]))
                for row in rows]

    def first(self, value: str | int) -> tuple[M, tuple[Any, ...]] | None:
        found = self.all(value)
        return found[0] if found else None


class Joined:
    """``SELECT`` one row of ``models[0]`` joined to each next model along a foreign key of
    the one before it (``Table → Event → Club``), by one column of the first: each model's
    instance, the later ones attached to the earlier as their cached related objects (as
    ``select_related`` leaves them)."""

    def __init__(self, models: Sequence[type[Model]], links: Sequence[str], where: str) -> None:
        self.models, self.links, self.where = tuple(models), tuple(links), where
        self._built: dict[str, tuple[str, list[list[_Column]]]] = {}

    def _build(self) -> tuple[str, list[list[_Column]]]:
        q = connection.ops.quote_name
        columns: list[str] = []
        fields: list[list[_Column]] = []
        for i, model in enumerate(self.models):
            cols, mine = _columns(model, f"m{i}")
            columns.extend(cols)
            fields.append(mine)
        joins = [f"{q(self.models[0]._meta.db_table)} m0"]
        for i, link in enumerate(self.links):
            fk = self.models[i]._meta.get_field(link)
            target = self.models[i + 1]
            pk = target._meta.pk
            assert isinstance(fk, Field) and pk is not None
            joins.append(f"JOIN {q(target._meta.db_table)} m{i + 1} ON m{i + 1}."
                         f"{q(str(pk.column))} = m{i}.{q(str(fk.column))}")
        where = self.models[0]._meta.get_field(self.where)
        assert isinstance(where, Field)
        sql = (f"SELECT {', '.join(columns)} FROM {' '.join(joins)} "
               f"WHERE m0.{q(str(where.column))} = %s")
        return sql, fields

    def one(self, value: str | int) -> tuple[Model, ...] | None:
        """The instances of the row whose column is ``value``, or None."""
        built = self._built.get(connection.vendor)
        if built is None:
            built = self._built[connection.vendor] = self._build()
        sql, fields = built
        with connection.cursor() as cursor:
            cursor.execute(sql, [value])
            row = cursor.fetchone()
        if row is None:
            return None
        out: list[Model] = []
        k = 0
        for model, mine in zip(self.models, fields, strict=True):
            out.append(_instance(model, mine, row, k))
            k += len(mine)
        for i, link in enumerate(self.links):
            setattr(out[i], link, out[i + 1])  # the related object, cached on the instance
        return tuple(out)


class Insert(Generic[M]):
    """``INSERT`` new instances of a model, values prepared by the fields as ``save()``
    prepares them; each instance gets its primary key, as after ``bulk_create``."""

    def __init__(self, model: type[M]) -> None:
        self.model = model
        self._built: dict[str, tuple[str, list[Field[Any, Any]], bool]] = {}

    def _build(self) -> tuple[str, list[Field[Any, Any]], bool]:
        q = connection.ops.quote_name
        fields = [f for f in self.model._meta.concrete_fields
                  if not (f.primary_key and getattr(f, "db_returning", False))]
        sql = (f"INSERT INTO {q(self.model._meta.db_table)} "
               f"({', '.join(q(str(f.column)) for f in fields)}) "
               f"VALUES ({', '.join(['%s'] * len(fields))})")
        pk = self.model._meta.pk
        returning = bool(connection.features.can_return_columns_from_insert and pk is not None)
        if returning and pk is not None:
            sql += f" RETURNING {q(str(pk.column))}"
        return sql, fields, returning

    def rows(self, objs: Iterable[M]) -> None:
        objs = list(objs)
        if not objs:
            return
        built = self._built.get(connection.vendor)
        if built is None:
            built = self._built[connection.vendor] = self._build()
        sql, fields, returning = built
        with connection.cursor() as cursor:
            for obj in objs:
                cursor.execute(sql, [f.get_db_prep_save(f.pre_save(obj, True), connection)
                                     for f in fields])
                obj.pk = cursor.fetchone()[0] if returning else cursor.lastrowid
                obj._state.adding = False
                obj._state.db = connection.alias
