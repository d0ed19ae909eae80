"""Millions of rows in and out of the database as NumPy arrays, never as model instances.

PostgreSQL: ``COPY … TO STDOUT`` / ``FROM STDIN`` in the binary format, whose rows of
fixed-width columns (every column here is ``int8`` or ``float8`` and never NULL) are one
NumPy record each: a chunk of the stream becomes arrays without a Python object per value,
and floats cross exactly (IEEE bytes, no decimal text).  A NULL is carried as NaN and turned
back with ``NULLIF(x, 'NaN')`` by the statement that takes the rows on.  Other databases
(SQLite, the tests' and a small install's) read with ``fetchmany`` and write with
``executemany``: the same arrays, slower.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from django.db import connection

if TYPE_CHECKING:
    from numpy.typing import NDArray

_SIGNATURE = b"PGCOPY\n\xff\r\n\x00"
_HEADER = _SIGNATURE + b"\x00\x00\x00\x00" + b"\x00\x00\x00\x00"  # no flags, no extension
_TRAILER = b"\xff\xff"


def postgres() -> bool:
    return connection.vendor == "postgresql"


def _record(kinds: str) -> np.dtype[Any]:
    """A binary COPY row of ``kinds`` ('i' int8, 'f' float8): the field count, then each
    field's length and big-endian value."""
    fields: list[tuple[str, str]] = [("count", ">i2")]
    for i, k in enumerate(kinds):
        fields += [(f"len{i}", ">i4"), (f"v{i}", ">i8" if k == "i" else ">f8")]
    return np.dtype(fields)


def read(sql: str, params: Sequence[Any], kinds: str, chunk: int = 1 << 20
         ) -> Iterator[list[NDArray[Any]]]:
    """The rows of ``sql`` in pieces of at most ``chunk`` rows, each piece its columns as
    native int64/float64 arrays.  Every column must be non-NULL ``int8``/``float8`` on
    PostgreSQL (cast in the query)."""
    if postgres():
        yield from _read_copy(sql, params, kinds, chunk)
        return
    with connection.cursor() as cur:
        cur.execute(sql, params)
        while rows := cur.fetchmany(chunk):
            cols = list(zip(*rows, strict=True))
            yield [np.array(c, dtype=np.int64 if k == "i" else np.float64)
                   for c, k in zip(cols, kinds, strict=True)]


def _columns(raw: bytes | bytearray, dtype: np.dtype[Any], kinds: str) -> list[NDArray[Any]]:
    rec = np.frombuffer(raw, dtype=dtype)
    if rec.size and not bool(np.all(rec["count"] == len(kinds))):
        raise RuntimeError("COPY: unexpected row layout")
    if rec.size and not all(bool(np.all(rec[f"len{i}"] == 8)) for i in range(len(kinds))):
        raise RuntimeError("COPY: a NULL or a column that is not 8 bytes wide")
    return [rec[f"v{i}"].astype(np.int64 if k == "i" else np.float64)
            for i, k in enumerate(kinds)]


def _messages(raw: Any, query: Any, size: int) -> Iterator[bytes | memoryview]:
    """The COPY's data messages (PostgreSQL sends one a row of ``size`` bytes, the header
    with the first).  Taken from libpq directly: psycopg's iterator costs a few microseconds
    a message in Python, as long as PostgreSQL takes to send it.  The last message is the
    one that ends with the 2-byte trailer (alone, or after the header when there are no
    rows); the end of the COPY after it is read through psycopg, which then knows it is
    over."""
    with raw.copy(query) as cp:
        get = raw.connection.pgconn.get_copy_data
        first = True
        while True:
            nbytes, data = get(0)  # blocks until a message has come
            if nbytes <= 0:
                raise RuntimeError(f"COPY: ended without its trailer ({nbytes})")
            yield data
            body = nbytes - (19 if first else 0)
            first = False
            if body % size == 2 and bytes(data[-2:]) == _TRAILER:
                break
        if cp.read():
            raise RuntimeError("COPY: data after the trailer")


def _read_copy(sql: str, params: Sequence[Any], kinds: str, chunk: int
               ) -> Iterator[list[NDArray[Any]]]:
    dtype = _record(kinds)
    size = dtype.itemsize
    want = size * chunk
    pending = bytearray()
    started = False
    with connection.cursor() as cur:
        raw = cur.cursor  # the driver's cursor (psycopg 3): Django's wrapper has no copy
        query = raw.mogrify(f"COPY ({sql}) TO STDOUT (FORMAT binary)", params)
        for data in _messages(raw, query, size):
            pending += data
            if not started:
                if len(pending) < 19:
                    continue
                if bytes(pending[:11]) != _SIGNATURE:
                    raise RuntimeError("COPY: not a binary COPY stream")
                extension = int.from_bytes(pending[15:19], "big")
                del pending[:19 + extension]
                started = True
            if len(pending) >= want:
                k = len(pending) // size * size
                yield _columns(bytes(pending[:k]), dtype, kinds)
                del pending[:k]
    if not started or bytes(pending[-2:]) != _TRAILER:
        raise RuntimeError("COPY: the stream ended early")
    del pending[-2:]
    if pending:
        if len(pending) % size:
            raise RuntimeError("COPY: a partial row")
        yield _columns(bytes(pending), dtype, kinds)


def write(table: str, columns: Sequence[str], arrays: Sequence[NDArray[Any]], kinds: str,
          chunk: int = 1 << 18) -> None:
    """The rows of ``arrays`` (one per column; NaN for NULL in a float column) into
    ``table`` (a temporary table of ``int8``/``float8`` columns on PostgreSQL)."""
    n = int(arrays[0].shape[0]) if arrays else 0
    names = ", ".join(columns)
    if not postgres():
        with connection.cursor() as cur:
            marks = ", ".join(["%s"] * len(columns))
            for at in range(0, n, chunk):
                part = [a[at:at + chunk].tolist() for a in arrays]
                rows = [tuple(None if isinstance(v, float) and v != v else v for v in r)
                        for r in zip(*part, strict=True)]
                cur.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)
        return
    dtype = _record(kinds)
    with connection.cursor() as cur, \
            cur.cursor.copy(f"COPY {table} ({names}) FROM STDIN (FORMAT binary)") as cp:
        cp.write(_HEADER)
        for at in range(0, n, chunk):
            rec = np.empty(min(chunk, n - at), dtype=dtype)
            rec["count"] = len(kinds)
            for i, a in enumerate(arrays):
                rec[f"len{i}"] = 8
                rec[f"v{i}"] = a[at:at + chunk]
            cp.write(rec.tobytes())
        cp.write(_TRAILER)
