"""Setting up a checkout or an install: compiling the translation catalogues, collecting
the static files, sweeping the throttles' expired counts (``bridgescore web prepare``).

The ``.po`` catalogues are ours and committed; the ``.mo`` files Django reads are built
from them by GNU gettext's ``msgfmt`` (Debian package ``gettext``) and are not committed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from ..errors import BridgeError

WEB = Path(__file__).resolve().parent


def catalogues() -> list[Path]:
    return sorted(WEB.glob("*/locale/*/LC_MESSAGES/*.po"))


def stale(po: Path) -> bool:
    mo = po.with_suffix(".mo")
    return not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime


def compile_catalogues(force: bool = False) -> list[Path]:
    """Compile every catalogue whose ``.mo`` is missing or older; returns those compiled.

    A ``.mo`` that exists in a directory this user may not write is kept: an install by
    pip writes each ``.po`` after its ``.mo``, so every catalogue of a read-only install (a
    container image's site-packages) looks stale, though its ``.mo`` was built with it.
    """
    todo = [po for po in catalogues()
            if force or (stale(po) and (not po.with_suffix(".mo").exists()
                                        or os.access(po.parent, os.W_OK)))]
    if not todo:
        return []
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        raise BridgeError(
            "msgfmt not found: install GNU gettext (Debian: apt-get install gettext) to "
            "compile the translations",
            "找不到 msgfmt：请安装 GNU gettext（Debian：apt-get install gettext）以编译翻译",
        )
    for po in todo:
        mo = po.with_suffix(".mo")
        # --check-format: refuse a catalogue whose format strings do not match their originals.
        result = subprocess.run([msgfmt, "--check-format", "-o", str(mo), str(po)],
                                capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise BridgeError(f"{po}: {result.stderr.strip()}",
                              f"{po}：翻译文件有误：{result.stderr.strip()}")
    return todo


def static_fingerprint() -> str:
    """A digest of every static file's name, size and time, and the storage in use."""
    from django.conf import settings
    from django.contrib.staticfiles.finders import get_finders

    digest = hashlib.sha256(str(settings.STORAGES["staticfiles"]).encode())
    for finder in get_finders():
        for path, storage in finder.list(ignore_patterns=["CVS", ".*", "*~"]):
            stat = Path(storage.path(path)).stat()
            digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def collect_static() -> bool:
    """Run collectstatic unless nothing changed since the last run; True when it ran.

    Compressing the files takes seconds; a restart with the same files should not.
    """
    from django.conf import settings
    from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
    from django.core.management import call_command

    stamp = Path(settings.STATIC_ROOT) / ".bridgescore-collected"
    fingerprint = static_fingerprint()
    # With the manifest storage its list of names must be there too (someone may have
    # emptied the directory but the stamp): without it no page can be drawn.
    manifest = not isinstance(staticfiles_storage, ManifestFilesMixin) or (
        staticfiles_storage.exists(staticfiles_storage.manifest_name))
    if manifest and stamp.exists() and stamp.read_text(encoding="ascii").strip() == fingerprint:
        return False
    call_command("collectstatic", interactive=False, verbosity=0)
    stamp.write_text(fingerprint + "\n", encoding="ascii")
    return True


def forget_expired_counts() -> tuple[int, int]:
    """Delete the log-in and table-secret failure counts whose window has passed; returns
    how many of each (their rows are never read again once the window is over)."""
    from .accounts.throttle import forget_expired as forget_logins
    from .entry.throttle import forget_expired as forget_secrets

    return forget_logins(), forget_secrets()
