"""The build hook: what a wheel or an sdist of bridgescore carries that git does not.

``pyproject.toml`` puts these two commands in setuptools' place (``[tool.setuptools.cmdclass]``);
``python -m build`` (or ``pip wheel``, ``pip install .``) runs them.  Before the files are
gathered they make sure of two things in the source tree, both git-ignored:

- **htmx** (``src/bridgescore/web/vendor/htmx.org/htmx.min.js``), the version that
  ``package-lock.json`` pins: kept if the file there is that version; else copied from
  ``node_modules`` if npm installed that version there (with that integrity hash); else
  ``npm ci`` where npm is installed; else the package's tarball downloaded from the npm registry
  (``$npm_config_registry``, else registry.npmjs.org) and checked against the lock's
  ``integrity`` hash before the one file is taken out of it.  Nothing of htmx is committed.
- **the compiled catalogues**: every ``web/*/locale/*/LC_MESSAGES/*.po`` compiled into its
  ``.mo`` by GNU ``msgfmt --check-format`` where it is installed, else by
  ``bridgescore/web/msgfmt.py`` (the same checks, in Python), loaded here by its path.

So a build needs npm or the npm registry's address (not both), and nothing of gettext; the
wheel then needs nothing of either.  After ``build_py`` has copied the package, it checks that
the build directory holds htmx and a ``.mo`` for every ``.po``, and fails the build otherwise:
never a wheel without them.  An editable install (``pip install -e``) is left alone: the
checkout's ``make web-setup`` makes both there.

This file lies in ``src/`` beside the package so that setuptools finds it by name, and is not
installed; ``MANIFEST.in`` puts it in the sdist with ``package.json`` and ``package-lock.json``.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from setuptools.command.build_py import build_py as _build_py
from setuptools.command.sdist import sdist as _sdist

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "htmx.org"
HTMX = Path("bridgescore", "web", "vendor", "htmx.org", "htmx.min.js")  # under src/ or build/
IN_TARBALL = "package/dist/htmx.min.js"
REGISTRY = "https://registry.npmjs.org"


class AssetError(RuntimeError):
    """Something a wheel must carry could not be made."""


def say(text: str) -> None:
    print(f"bridgescore build: {text}", file=sys.stderr, flush=True)


@dataclass(frozen=True)
class Locked:
    """The npm package as ``package-lock.json`` pins it."""

    name: str
    version: str
    integrity: str  # Subresource Integrity: "sha512-<base64>"
    resolved: str | None

    def tarball_url(self, registry: str | None = None) -> str:
        if self.resolved:
            return self.resolved
        # npm's own setting, under the name npm gives it (.npmrc's "registry" is not read).
        registry = (registry or os.environ.get("npm_config_registry")  # noqa: SIM112
                    or REGISTRY).rstrip("/")
        return f"{registry}/{self.name}/-/{self.name.rsplit('/', 1)[-1]}-{self.version}.tgz"


def locked(root: Path = ROOT, name: str = PACKAGE) -> Locked:
    try:
        lock = json.loads((root / "package-lock.json").read_text(encoding="utf-8"))
        entry = lock["packages"][f"node_modules/{name}"]
        return Locked(name, entry["version"], entry["integrity"], entry.get("resolved"))
    except (OSError, ValueError, KeyError) as e:
        raise AssetError(f"package-lock.json does not pin {name} ({e!r})") from None


def is_version(js: bytes, version: str) -> bool:
    """Whether a built htmx.min.js is that version (it names its own: ``version:"2.0.11"``)."""
    return f'version:"{version}"'.encode() in js


def check_integrity(data: bytes, integrity: str) -> None:
    """Raise unless ``data`` has one of the Subresource Integrity hashes (``sha512-…``)."""
    for one in integrity.split():
        algorithm, _, digest = one.partition("-")
        if algorithm in ("sha512", "sha384", "sha256") and base64.b64encode(
                hashlib.new(algorithm, data).digest()).decode() == digest:
            return
    raise AssetError(f"the downloaded tarball does not match package-lock.json's integrity "
                     f"{integrity[:30]}…: refused")


def from_tarball(data: bytes, lock: Locked) -> bytes:
    """htmx.min.js out of the package's tarball, after checking the tarball's hash."""
    check_integrity(data, lock.integrity)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        try:
            member = tar.getmember(IN_TARBALL)
        except KeyError:
            raise AssetError(f"{IN_TARBALL} is not in {lock.name} {lock.version}") from None
        f = tar.extractfile(member)
        if f is None:
            raise AssetError(f"{IN_TARBALL} in {lock.name} {lock.version} is not a file")
        return f.read()


def download(url: str) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            data: bytes = response.read()
            return data
    except OSError as e:
        raise AssetError(f"{url} could not be downloaded ({e}): a build needs npm or the npm "
                         "registry (set npm_config_registry for a mirror)") from None


def _from_node_modules(root: Path, lock: Locked) -> bytes | None:
    """The file npm installed, if it installed the locked version (with the locked hash)."""
    where = root / "node_modules" / lock.name
    try:
        version = json.loads((where / "package.json").read_text(encoding="utf-8"))["version"]
        installed = json.loads((root / "node_modules" / ".package-lock.json")
                               .read_text(encoding="utf-8"))["packages"][f"node_modules/{lock.name}"]
        js = (where / "dist" / "htmx.min.js").read_bytes()
    except (OSError, ValueError, KeyError):
        return None
    if version != lock.version or installed.get("integrity") != lock.integrity:
        return None
    return js


def ensure_htmx(root: Path = ROOT, *, use_npm: bool = True) -> str:
    """Put the locked htmx at ``src/…/htmx.min.js``; how it was had (for the build's log)."""
    lock = locked(root)
    target = root / "src" / HTMX
    if target.is_file() and is_version(target.read_bytes(), lock.version):
        return f"htmx {lock.version}: already in the tree"
    js = _from_node_modules(root, lock)
    how = "copied from node_modules"
    if js is None and use_npm and shutil.which("npm"):
        say(f"htmx {lock.version}: npm ci")
        done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"],
                              cwd=root, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            say(f"npm ci failed, downloading instead: {done.stderr.strip()[-500:]}")
        js, how = _from_node_modules(root, lock), "installed by npm ci"
    if js is None:
        url = lock.tarball_url()
        say(f"htmx {lock.version}: downloading {url}")
        js, how = from_tarball(download(url), lock), f"downloaded from {url}, integrity checked"
    if not is_version(js, lock.version):
        raise AssetError(f"the htmx.min.js found is not version {lock.version}")
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(target.name + ".part")
    part.write_bytes(js)
    part.replace(target)
    return f"htmx {lock.version}: {how}"


def _msgfmt_module(root: Path) -> ModuleType:
    """bridgescore/web/msgfmt.py, by its path (the package's dependencies are not installed)."""
    path = root / "src" / "bridgescore" / "web" / "msgfmt.py"
    spec = importlib.util.spec_from_file_location("_bridgescore_msgfmt", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def catalogues(base: Path) -> list[Path]:
    return sorted((base / "bridgescore" / "web").glob("*/locale/*/LC_MESSAGES/*.po"))


def compile_catalogues(root: Path = ROOT) -> str:
    """Compile every catalogue of the tree, each time (a few hundredths of a second each)."""
    pos = catalogues(root / "src")
    msgfmt = shutil.which("msgfmt")
    module = None if msgfmt else _msgfmt_module(root)
    for po in pos:
        mo = po.with_suffix(".mo")
        if msgfmt:  # written aside, then put in place whole (a checkout's site may be running)
            part = mo.with_name(mo.name + ".part")
            done = subprocess.run([msgfmt, "--check-format", "-o", str(part), str(po)],
                                  capture_output=True, text=True, check=False)
            if done.returncode != 0:
                part.unlink(missing_ok=True)
                raise AssetError(f"{po}: {done.stderr.strip()}")
            part.replace(mo)
        else:
            assert module is not None
            try:
                module.compile_file(po, mo)
            except module.PoError as e:
                raise AssetError(str(e)) from None
    return f"{len(pos)} catalogues compiled by " + (
        "GNU msgfmt" if msgfmt else "bridgescore/web/msgfmt.py (no GNU gettext here)")


def prepare(root: Path = ROOT) -> None:
    """Both, into the source tree (where the sdist's and the wheel's file lists look)."""
    say(ensure_htmx(root))
    say(compile_catalogues(root))


def check_built(base: Path) -> None:
    """Raise unless ``base`` (a build directory) holds htmx and every catalogue's ``.mo``."""
    missing = [str(HTMX)] if not (base / HTMX).is_file() else []
    missing += [str(po.with_suffix(".mo").relative_to(base)) for po in catalogues(base)
                if not po.with_suffix(".mo").is_file()]
    if not catalogues(base):
        missing.append("bridgescore/web/*/locale/*/LC_MESSAGES/*.po")
    if missing:
        raise AssetError(f"the build lacks {', '.join(missing)}")


class BuildPy(_build_py):
    """setuptools' build_py, with htmx and the compiled catalogues made first and checked after."""

    def run(self) -> None:
        if getattr(self, "editable_mode", False):  # pip install -e: the checkout's make does it
            super().run()
            return
        prepare()
        self.__dict__.pop("data_files", None)  # the package's files again, the new ones with them
        super().run()
        check_built(Path(self.build_lib))


class Sdist(_sdist):
    """setuptools' sdist, with htmx and the compiled catalogues in it."""

    def run(self) -> None:
        prepare()
        super().run()
