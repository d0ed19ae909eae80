"""Saved sessions: a rubber or Chicago scorepad, or a 贴点 session, in a small JSON file.

The file holds the settings and the deals in canonical notation, so loading it replays the
deals through the same scoring code.  It is written after every change, atomically (a
temporary file in the same directory, flushed to disk, then renamed over the old one), so a
crash leaves either the old file or the new one, never half of one.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "pad.json"
>>> save_session(path, RubberSeries(["2H S +1", "3NT E ="]))
>>> load_session(path).deals
(DealEntry.parse('2H S +1'), DealEntry.parse('3NT E ='))
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ..core.errors import BridgeError, FileFormatError
from ..core.i18n import os_error_text
from ..formats.textfile import json_error, read_text
from .chicago import ChicagoSeries, ChicagoSettings
from .compensation import DEFAULT_TABLE, CompensationTable
from .handicap import HandicapDeal, HandicapSession, Method
from .pad import DealEntry
from .rubber import RubberSeries, RubberSettings

__all__ = ["FORMAT", "Session", "load_session", "save_session", "session_data"]

FORMAT = "bridgescore-home-session"
VERSION = 1

Session = RubberSeries | ChicagoSeries | HandicapSession


def session_data(session: Session) -> dict[str, Any]:
    """What the file holds for ``session``."""
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if isinstance(session, RubberSeries | ChicagoSeries):
        data.update(kind=session.kind, settings=session.settings.to_json(),
                    entries=[str(d) for d in session.deals])
    else:
        data.update(kind="handicap", method=session.method.value, scale=session.scale,
                    table=session.table.to_json(), entries=[str(d) for d in session.deals])
    return data


def save_session(path: str | Path, session: Session) -> None:
    """Write the session file atomically."""
    p = Path(path)
    text = json.dumps(session_data(session), ensure_ascii=False, indent=1) + "\n"
    directory = p.parent if str(p.parent) else Path(".")
    try:
        _write(p, directory, text)
    except OSError as e:
        # The temporary file is our business: name the file the user gave.
        raise _bad(p, f"cannot write the session file: {e.strerror or e}",
                   f"无法写入记分文件：{os_error_text(e, 'zh')}") from None
    # Make the rename itself durable where the platform allows it.
    with contextlib.suppress(OSError):
        dir_fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _write(p: Path, directory: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            # mkstemp makes the file private (0600); give it the permissions an ordinary new
            # file would have, or keep those of the file it replaces.
            os.chmod(tmp, _mode(p))
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _mode(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _bad(path: Path, en: str, zh: str) -> FileFormatError:
    return FileFormatError(en, zh, path=str(path))


def load_session(path: str | Path, kind: str | None = None) -> Session:
    """Read a session file; ``kind`` (``rubber``, ``chicago``, ``handicap``) checks its kind."""
    p = Path(path)
    text = read_text(p, "session file", "记分文件")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        en, zh = json_error(e)
        raise _bad(p, f"not a session file, {en}", f"不是记分文件：{zh}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _bad(p, f"not a bridgescore session file (expected \"format\": \"{FORMAT}\")",
                   f"不是 bridgescore 记分文件（应有 \"format\": \"{FORMAT}\"）")
    found = data.get("kind")
    if kind is not None and found != kind:
        raise _bad(p, f"this session file is a {found} session, not a {kind} session",
                   f"这个记分文件是 {found} 记分，不是 {kind} 记分")
    entries = data.get("entries", [])
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        raise _bad(p, "\"entries\" must be a list of results",
                   "\"entries\" 应为结果的列表")
    raw = data.get("settings", {})
    if not isinstance(raw, dict):
        raise _bad(p, "\"settings\" must be an object", "\"settings\" 应为对象")
    try:
        if found == "rubber":
            settings = RubberSettings.from_json(raw)
            return RubberSeries([_entry(p, i, e) for i, e in enumerate(entries, 1)], settings)
        if found == "chicago":
            csettings = ChicagoSettings.from_json(raw)
            return ChicagoSeries([_entry(p, i, e) for i, e in enumerate(entries, 1)], csettings)
        if found == "handicap":
            table = DEFAULT_TABLE
            if isinstance(data.get("table"), dict):
                table = _table(data["table"])
            deals = []
            for i, text in enumerate(entries, 1):
                try:
                    deals.append(HandicapDeal.parse(text))
                except BridgeError as err:
                    raise _bad(p, f"entry {i}: {err.en}", f"第{i}条：{err.zh}") from None
            return HandicapSession(deals, Method.parse(str(data.get("method", "detailed"))),
                                   table, str(data.get("scale", "wbf")))
    except FileFormatError:
        raise
    except (BridgeError, TypeError, ValueError, KeyError, AttributeError) as e:
        en = e.en if isinstance(e, BridgeError) else str(e)
        zh = e.zh if isinstance(e, BridgeError) else str(e)
        raise _bad(p, f"invalid session: {en}", f"记分文件无效：{zh}") from None
    raise _bad(p, f"unknown session kind {found!r}: expected rubber, chicago or handicap",
               f"未知的记分类型 {found!r}：应为 rubber、chicago 或 handicap")


def _entry(path: Path, number: int, text: str) -> DealEntry:
    try:
        return DealEntry.parse(text)
    except BridgeError as e:
        raise _bad(path, f"entry {number}: {e.en}", f"第{number}条：{e.zh}") from None


def _table(data: dict[str, Any]) -> CompensationTable:
    rows = {int(r["hcp"]): (int(r["nv"]), int(r["v"])) for r in data["rows"]}
    return CompensationTable(str(data.get("name", "custom")), str(data.get("title_en", "")),
                             str(data.get("title_zh", "")),
                             tuple(rows[h] for h in range(20, 41)))
