"""Setting up a checkout or an install: compiling the translation catalogues, collecting
the static files, sweeping the throttles' expired counts (``bridgescore web prepare``).

The ``.po`` catalogues are ours and committed; the ``.mo`` files Django reads are built
from them by GNU gettext's ``msgfmt`` (Debian package ``gettext``) where it is installed, else
by our own compiler (``msgfmt.py``, the same checks), and are not committed: a wheel carries
them, compiled when it was built (``src/bridgescore_build.py``), and so does htmx, which comes
from the npm registry.  ``missing_assets`` says what a site would lack without them.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from ..core.errors import BridgeError
from .msgfmt import PoError, compile_file

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
    for po in todo:
        mo = po.with_suffix(".mo")
        if msgfmt is None:  # no GNU gettext here: our own compiler, with the same checks
            try:
                compile_file(po, mo)
            except PoError as e:
                raise BridgeError(str(e), f"{po}：翻译文件有误：{e}") from None
            except OSError as e:
                raise BridgeError(f"{mo}: cannot be written: {e.strerror}",
                                  f"{mo}：无法写入：{e.strerror}") from None
            continue
        # --check-format: refuse a catalogue whose format strings do not match their originals.
        result = subprocess.run([msgfmt, "--check-format", "-o", str(mo), str(po)],
                                capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise BridgeError(f"{po}: {result.stderr.strip()}",
                              f"{po}：翻译文件有误：{result.stderr.strip()}")
    return todo


HTMX = WEB / "vendor" / "htmx.org" / "htmx.min.js"


def missing_assets() -> dict[str, tuple[str, str]]:
    """What the site would be served without: ``htmx``, ``catalogues``, each with its message
    (English, Chinese); empty when the site is whole.

    htmx (the pages' live parts, boosted forms and polling) and the compiled catalogues
    (every page in Chinese) are not in git: ``make web-setup`` makes them in a checkout, and a
    wheel built with ``python -m build`` carries both.  Without them the pages would still
    open, quietly broken, so the commands that serve refuse to start (``web prepare``,
    ``web serve``) and ``web manage check`` reports them (``core/checks.py``).
    """
    missing: dict[str, tuple[str, str]] = {}
    if not HTMX.is_file():
        missing["htmx"] = (
            f"htmx is missing ({HTMX}): without it the pages' live parts and forms do not "
            "work. In a checkout, run `make web-assets` (npm); otherwise install a wheel built "
            "with `python -m build`, which fetches htmx from the npm registry.",
            f"缺少 htmx（{HTMX}）：没有它，页面的实时更新和表单都无法工作。在源码目录中请运行 "
            "`make web-assets`（需要 npm）；否则请安装用 `python -m build` 构建的 wheel"
            "（构建时从 npm 仓库获取 htmx）。")
    uncompiled = [po for po in catalogues() if not po.with_suffix(".mo").is_file()]
    if uncompiled:
        first = uncompiled[0].with_suffix(".mo")
        missing["catalogues"] = (
            f"the translations are not compiled: {len(uncompiled)} catalogue(s) have no .mo "
            f"file ({first} …), so pages would not be in Chinese. Run `bridgescore web "
            "prepare` as a user who may write there, or install a wheel built with "
            "`python -m build`.",
            f"翻译尚未编译：{len(uncompiled)} 个目录没有 .mo 文件（{first} …），页面将无法显示"
            "中文。请以有写入权限的用户运行 `bridgescore web prepare`，或安装用 "
            "`python -m build` 构建的 wheel。")
    return missing


def require_assets() -> None:
    """Refuse to go on (a :class:`BridgeError`) when :func:`missing_assets` finds anything."""
    missing = missing_assets()
    if missing:
        raise BridgeError("the site is incomplete: " + " ".join(en for en, _ in missing.values()),
                          "网站不完整：" + "".join(zh for _, zh in missing.values()))


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
    from .events.entry.throttle import forget_expired as forget_secrets

    return forget_logins(), forget_secrets()
