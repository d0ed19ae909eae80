"""A translation catalogue (``.po``) compiled into the binary file Django reads (``.mo``), in
Python: what GNU gettext's ``msgfmt --check-format`` does, for a machine without gettext.

``setup.compile_catalogues`` uses GNU ``msgfmt`` where it is installed and this otherwise; the
build hook (``src/bridgescore_build.py``) does the same when it builds a wheel or an sdist, and
loads this file by its path, before the package's dependencies are installed: so it uses the
standard library only, and no other module of the package.

What msgfmt does, as this does: fuzzy entries and untranslated ones (an empty first
``msgstr``) are left out, the header is kept; obsolete entries (``#~``) are ignored; a string's
escapes are C's; an entry flagged ``python-format`` (or ``python-brace-format``) must use in its
translation the placeholders of its original, each of the same kind (every one of them, unless
it has plural forms), or the catalogue is refused.  The file written has the keys sorted and no
hash table (as Python's own ``Tools/i18n/msgfmt.py``) and, as msgfmt's, a header without its
``POT-Creation-Date``; Python's ``gettext``, and so Django,
reads it as it reads msgfmt's.  ``tests/web/test_msgfmt.py`` compares the two on every
catalogue of the tree.
"""

from __future__ import annotations

import re
import string
import struct
from pathlib import Path

__all__ = ["PoError", "compile_file", "compile_po", "parse"]

MAGIC = 0x950412DE


class PoError(ValueError):
    """A catalogue that msgfmt would refuse: where (line) and what is wrong."""


class Entry:
    """One message: its context, original, plural original and translations (by index)."""

    def __init__(self, line: int, flags: set[str]) -> None:
        self.line = line
        self.flags = flags
        self.context: bytes | None = None
        self.msgid: bytes | None = None
        self.plural: bytes | None = None
        self.msgstr: dict[int, bytes] = {}

    @property
    def is_header(self) -> bool:
        return self.msgid == b"" and self.context is None


_KEYWORD = re.compile(rb'(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?\s*"(.*)"\s*$')
_STRING = re.compile(rb'"(.*)"\s*$')
_ESCAPE = re.compile(rb'\\(?:([0-7]{1,3})|x([0-9a-fA-F]{1,2})|(.))', re.S)
_SIMPLE = {b"n": b"\n", b"t": b"\t", b"r": b"\r", b"a": b"\a", b"b": b"\b", b"f": b"\f",
           b"v": b"\v", b"\\": b"\\", b'"': b'"', b"'": b"'", b"?": b"?"}


def _unescape(text: bytes, line: int) -> bytes:
    if re.search(rb'(?<!\\)(?:\\\\)*"', text):
        raise PoError(f"line {line}: a quotation mark inside a string must be escaped (\\\")")

    def one(m: re.Match[bytes]) -> bytes:
        if m.group(1):
            return bytes([int(m.group(1), 8) & 0xFF])
        if m.group(2):
            return bytes([int(m.group(2), 16)])
        simple = _SIMPLE.get(m.group(3))
        if simple is None:
            raise PoError(f"line {line}: invalid escape sequence \\{m.group(3).decode('latin-1')}")
        return simple

    if (len(text) - len(text.rstrip(b"\\"))) % 2:
        raise PoError(f"line {line}: a string ends with a lone backslash")
    return _ESCAPE.sub(one, text)


def parse(data: bytes) -> list[Entry]:
    """Every entry of a catalogue (obsolete ones left out), in the file's order."""
    entries: list[Entry] = []
    flags: set[str] = set()
    cur: Entry | None = None
    field: tuple[str, int | None] | None = None

    def finish() -> None:
        nonlocal cur, field
        if cur is not None:
            if cur.msgid is None:
                raise PoError(f"line {cur.line}: msgctxt without msgid")
            if not cur.msgstr:
                raise PoError(f"line {cur.line}: missing msgstr")
            if cur.plural is not None and sorted(cur.msgstr) != list(range(len(cur.msgstr))):
                raise PoError(f"line {cur.line}: the plural forms msgstr[n] must be numbered "
                              "0, 1, … without a gap")
            entries.append(cur)
        cur, field = None, None

    for number, raw in enumerate(data.splitlines(), 1):
        line = raw.strip()
        if number == 1 and line.startswith(b"\xef\xbb\xbf"):
            line = line[3:]
        if not line:
            continue
        if line.startswith(b"#"):
            if cur is not None and cur.msgstr:
                finish()
            if line.startswith(b"#,"):
                flags |= {f.strip() for f in line[2:].decode("ascii", "replace").split(",")
                          if f.strip()}
            continue
        keyword = _KEYWORD.match(line)
        if keyword is not None:
            name = keyword.group(1).decode("ascii")
            index = int(keyword.group(2)) if keyword.group(2) is not None else None
            value = _unescape(keyword.group(3), number)
            if name in ("msgctxt", "msgid") and cur is not None and cur.msgstr:
                finish()
            if cur is None:
                if name not in ("msgctxt", "msgid"):
                    raise PoError(f"line {number}: {name} before msgid")
                cur, flags = Entry(number, flags), set()
            if index is not None and name != "msgstr":
                raise PoError(f"line {number}: only msgstr takes an index")
            if name == "msgctxt":
                if cur.context is not None or cur.msgid is not None:
                    raise PoError(f"line {number}: misplaced msgctxt")
                cur.context = value
            elif name == "msgid":
                if cur.msgid is not None:
                    raise PoError(f"line {number}: a second msgid before a msgstr")
                cur.msgid = value
            elif name == "msgid_plural":
                if cur.msgid is None or cur.plural is not None or cur.msgstr:
                    raise PoError(f"line {number}: misplaced msgid_plural")
                cur.plural = value
            else:
                if cur.msgid is None:
                    raise PoError(f"line {number}: msgstr before msgid")
                if (index is None) != (cur.plural is None):
                    raise PoError(f"line {number}: " + (
                        "a message with msgid_plural takes msgstr[n]" if index is None
                        else "msgstr[n] without msgid_plural"))
                key = index or 0
                if key in cur.msgstr:
                    raise PoError(f"line {number}: a second msgstr[{key}]")
                cur.msgstr[key] = value
            field = (name, index)
            continue
        more = _STRING.match(line)
        if more is not None and line.startswith(b'"') and field is not None and cur is not None:
            value = _unescape(more.group(1), number)
            name, index = field
            if name == "msgctxt":
                cur.context = (cur.context or b"") + value
            elif name == "msgid":
                cur.msgid = (cur.msgid or b"") + value
            elif name == "msgid_plural":
                cur.plural = (cur.plural or b"") + value
            else:
                cur.msgstr[index or 0] += value
            continue
        raise PoError(f"line {number}: syntax error")
    finish()
    return entries


def _charset(entries: list[Entry]) -> str:
    for entry in entries:
        if entry.is_header:
            found = re.search(rb"charset=\s*([^\s;]+)", entry.msgstr.get(0, b""))
            if found and found.group(1).upper() != b"CHARSET":
                return found.group(1).decode("ascii")
    return "ascii"


# ---- format checks (msgfmt --check-format) --------------------------------------------------

_PERCENT = re.compile(r"%(?:\((?P<name>[^)]*)\))?(?P<flags>[-+ #0]*)(?P<width>\*|\d+)?"
                      r"(?:\.(?P<precision>\*|\d+))?[hlL]?(?P<conv>.?)", re.S)
# The kinds msgfmt tells apart: a translation may not turn a number into a string ('%a' is
# no directive to msgfmt either).
_KIND = {**dict.fromkeys("diouxX", "integer"), **dict.fromkeys("eEfFgG", "number"),
         "c": "character", **dict.fromkeys("sr", "string")}


def _python_format(text: str) -> tuple[dict[str, str], list[str]]:
    """The named and the unnamed placeholders of a printf-style string (``%%`` is none)."""
    named: dict[str, str] = {}
    unnamed: list[str] = []
    for m in _PERCENT.finditer(text):
        conv = m.group("conv")
        if conv == "%" and not any(m.group(g) for g in ("name", "flags", "width", "precision")):
            continue
        kind = _KIND.get(conv)
        if kind is None:
            raise ValueError(f"{m.group(0)!r} is not a valid directive")
        if m.group("name") is not None:
            if m.group("width") == "*" or m.group("precision") == "*":
                raise ValueError(f"{m.group(0)!r}: a named directive cannot take '*'")
            if named.get(m.group("name"), kind) != kind:
                raise ValueError(f"argument {m.group('name')!r} is used as two kinds")
            named[m.group("name")] = kind
        else:
            unnamed += ["integer"] * ((m.group("width") == "*") + (m.group("precision") == "*"))
            unnamed.append(kind)
    if named and unnamed:
        raise ValueError("named and unnamed directives are mixed")
    return named, unnamed


def _brace_format(text: str) -> tuple[dict[str, str], list[str]]:
    named: dict[str, str] = {}
    for _literal, name, _spec, _conv in string.Formatter().parse(text):
        if name is not None:
            named[name.split(".")[0].split("[")[0]] = "any"
    return named, []


_CHECKS = {"python-format": _python_format, "python-brace-format": _brace_format}


def _check_format(entry: Entry, check: str, charset: str) -> None:
    parse_format = _CHECKS[check]
    msgid = (entry.msgid or b"").decode(charset)
    try:
        original = parse_format(msgid)
        if entry.plural is not None:  # a translation may use the plural's or the singular's
            plural = parse_format(entry.plural.decode(charset))
            original = ({**original[0], **plural[0]},
                        plural[1] if len(plural[1]) >= len(original[1]) else original[1])
    except ValueError:
        return  # an original that is no valid format: msgfmt does not check it either
    equal = entry.plural is None
    for index, raw in sorted(entry.msgstr.items()):
        where = "msgstr" if entry.plural is None else f"msgstr[{index}]"
        text = raw.decode(charset)
        if not text:
            continue
        try:
            named, unnamed = parse_format(text)
        except ValueError as e:
            raise PoError(f"line {entry.line}: '{where}' is not a valid {check} string: "
                          f"{e}") from None
        if (named and original[1]) or (unnamed and original[0]):
            raise PoError(f"line {entry.line}: the directives of 'msgid' and '{where}' do not "
                          "match (a mapping in one, a tuple in the other)")
        for name, kind in named.items():
            if name not in original[0]:
                raise PoError(f"line {entry.line}: a format specification for argument "
                              f"{name!r} doesn't exist in 'msgid'")
            if kind != original[0][name]:
                raise PoError(f"line {entry.line}: argument {name!r} is of another kind in "
                              f"'{where}' than in 'msgid'")
        if equal:
            for name in original[0]:
                if name not in named:
                    raise PoError(f"line {entry.line}: a format specification for argument "
                                  f"{name!r}, as in 'msgid', doesn't exist in '{where}'")
        if (len(unnamed) != len(original[1])) if equal else (len(unnamed) > len(original[1])):
            raise PoError(f"line {entry.line}: 'msgid' has {len(original[1])} unnamed "
                          f"directive(s), '{where}' has {len(unnamed)}")
        for position, (mine, theirs) in enumerate(zip(unnamed, original[1], strict=False), 1):
            if mine != theirs:
                raise PoError(f"line {entry.line}: directive {position} is of another kind "
                              f"in '{where}' than in 'msgid'")


# ---- the .mo file ---------------------------------------------------------------------------

def compile_po(data: bytes) -> bytes:
    """A ``.po`` file's bytes compiled into a ``.mo`` file's; :class:`PoError` if refused."""
    entries = parse(data)
    charset = _charset(entries)
    try:
        "".encode(charset)
    except LookupError:
        raise PoError(f"the header names an unknown charset {charset!r}") from None
    seen: set[tuple[bytes | None, bytes]] = set()
    messages: dict[bytes, bytes] = {}
    for entry in entries:
        assert entry.msgid is not None
        key = (entry.context, entry.msgid)
        if key in seen:
            raise PoError(f"line {entry.line}: duplicate message definition")
        seen.add(key)
        try:
            for text in (entry.context or b"", entry.msgid, entry.plural or b"",
                         *entry.msgstr.values()):
                text.decode(charset)
        except UnicodeDecodeError as e:
            raise PoError(f"line {entry.line}: not valid {charset}: {e.reason}") from None
        if not entry.msgstr.get(0) or ("fuzzy" in entry.flags and not entry.is_header):
            continue  # untranslated, or not to be trusted yet: msgfmt leaves both out
        for check in _CHECKS:
            if check in entry.flags and f"no-{check}" not in entry.flags:
                _check_format(entry, check, charset)
        if entry.is_header:  # as msgfmt (0.20 on): the date would make every build differ
            entry.msgstr[0] = re.sub(rb"(?m)^POT-Creation-Date:.*\n", b"", entry.msgstr[0])
        name = entry.msgid
        if entry.plural is not None:
            name += b"\0" + entry.plural
        if entry.context is not None:
            name = entry.context + b"\x04" + name
        messages[name] = b"\0".join(entry.msgstr[i] for i in sorted(entry.msgstr))
    keys = sorted(messages)
    ids = strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for k in keys:
        offsets.append((len(ids), len(k), len(strs), len(messages[k])))
        ids += k + b"\0"
        strs += messages[k] + b"\0"
    key_start = 7 * 4 + 16 * len(keys)
    value_start = key_start + len(ids)
    table_keys: list[int] = []
    table_values: list[int] = []
    for id_at, id_len, str_at, str_len in offsets:
        table_keys += [id_len, id_at + key_start]
        table_values += [str_len, str_at + value_start]
    head = struct.pack("<7I", MAGIC, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    tables = struct.pack(f"<{len(table_keys) + len(table_values)}I", *table_keys, *table_values)
    return head + tables + ids + strs


def compile_file(po: Path, mo: Path | None = None) -> Path:
    """Compile ``po`` into ``mo`` (beside it by default), written whole or not at all."""
    mo = mo or po.with_suffix(".mo")
    try:
        data = compile_po(po.read_bytes())
    except PoError as e:
        raise PoError(f"{po}: {e}") from None
    part = mo.with_name(mo.name + ".part")
    part.write_bytes(data)
    part.replace(mo)
    return mo
