"""The package as a user gets it: built, installed elsewhere, serving the whole site.

The source tree is copied without what git ignores and ``make web-setup`` leaves in a checkout
(htmx under web/vendor/, the compiled ``.mo`` catalogues, node_modules), then built with
``python -m build`` (the sdist, then the wheel from the sdist) with a ``PATH`` that has neither
npm nor GNU gettext, in a build environment holding just what ``[build-system] requires``
declares (and the ``build`` front end): made once and kept in ``~/.cache/bridgescore`` under the
requirements' hash, then used without isolation (``build`` checks the requirements are met), the
same check as the isolated build of a user, without making two environments each run: the build hook (src/bridgescore_build.py) must fetch htmx from the npm
registry itself, check its hash and compile the catalogues in Python.  Both archives must hold
htmx and a ``.mo`` for every ``.po``.  The wheel is installed with pip, without its
dependencies, into a new virtual environment that borrows the dependencies from .venv through a
``.pth`` file; its ``bridgescore web demo`` and ``bridgescore web serve`` run from a scratch
directory, again without npm or gettext on the ``PATH`` and without any path into the checkout
(the test servers' settings module, which only swaps the password hasher, is copied out);
Chromium then finds htmx live (an ``hx-get`` fragment swapped in) and the pages in Chinese.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import time
import tomllib
import urllib.request
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests import chromium
from tests.chromium import ARGS, CHROMIUM

from . import servers

pytestmark = pytest.mark.browser
REPO = servers.REPO
HTMX = "bridgescore/web/vendor/htmx.org/htmx.min.js"
# What a checkout has that git does not: left behind, so that the build must make its own.
IGNORED = shutil.ignore_patterns("vendor", "*.mo", "*.part", "__pycache__", "*.egg-info",
                                 "*.pyc")
HTMX_VERSION = json.loads((REPO / "package-lock.json").read_text(encoding="utf-8"))[
    "packages"]["node_modules/htmx.org"]["version"]


def catalogues(names: list[str], prefix: str) -> set[str]:
    """Every catalogue an archive holds, by its path without the suffix."""
    return {n.removeprefix(prefix).removesuffix(".po") for n in names
            if n.startswith(prefix + "bridgescore/web/") and "/LC_MESSAGES/" in n
            and n.endswith(".po")}


def compiled(names: list[str], prefix: str) -> set[str]:
    return {n.removeprefix(prefix).removesuffix(".mo") for n in names
            if n.startswith(prefix + "bridgescore/web/") and "/LC_MESSAGES/" in n
            and n.endswith(".mo")}


def bare_path(tmp: Path) -> str:
    """A PATH with nothing on it (no npm, no msgfmt, no git): the build's and the site's."""
    empty = tmp / "bare-bin"
    empty.mkdir(exist_ok=True)
    return str(empty)


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL",
                        "BRIDGESCORE_SECRET_KEY", "VIRTUAL_ENV", "PYTHONDONTWRITEBYTECODE")}
    env.update(extra)
    return env


@dataclass
class Built:
    wheel: Path
    sdist: Path
    log: str


def build_python() -> Path:
    """The interpreter of a virtual environment with exactly the build requirements the
    project declares (and the ``build`` front end), made at the first run and kept."""
    requires = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))[
        "build-system"]["requires"]
    key = hashlib.sha256(json.dumps([sys.version, requires]).encode()).hexdigest()[:16]
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "bridgescore"
    env = cache / f"build-env-{key}"
    python = env / "bin" / "python"
    cache.mkdir(parents=True, exist_ok=True)
    with (cache / "build-env.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two runs at once make it once
        if not (env / "complete").exists():
            shutil.rmtree(env, ignore_errors=True)
            subprocess.run([sys.executable, "-m", "venv", str(env)], check=True)
            subprocess.run([str(python), "-m", "pip", "install", "--quiet", *requires, "build"],
                           check=True, timeout=300)
            (env / "complete").write_text("\n".join(requires), encoding="utf-8")
    return python


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "package.json",
                 "package-lock.json"):
        shutil.copy2(REPO / name, source / name)
    shutil.copytree(REPO / "src", source / "src", ignore=IGNORED)
    assert not (source / "src" / HTMX).exists() and not list(source.rglob("*.mo"))
    out = tmp_path_factory.mktemp("dist")
    # The sdist, then the wheel built from the unpacked sdist (python -m build's default).
    done = subprocess.run([str(build_python()), "-m", "build", "--no-isolation", "--outdir",
                           str(out), str(source)],
                          cwd=source, env=clean_env(PATH=bare_path(source)),
                          capture_output=True, text=True, timeout=300)
    log = done.stdout + done.stderr
    assert done.returncode == 0, log[-4000:]
    (wheel,) = out.glob("bridgescore-*.whl")
    (sdist,) = out.glob("bridgescore-*.tar.gz")
    return Built(wheel, sdist, log)


def test_the_wheel_carries_htmx_and_every_compiled_catalogue(built: Built) -> None:
    names = zipfile.ZipFile(built.wheel).namelist()
    assert HTMX in names, "the wheel has no htmx"
    js = zipfile.ZipFile(built.wheel).read(HTMX)
    assert f'version:"{HTMX_VERSION}"'.encode() in js
    wanted = {str(po.relative_to(REPO / "src").with_suffix("")) for po in
              (REPO / "src" / "bridgescore" / "web").glob("*/locale/*/LC_MESSAGES/*.po")}
    assert len(wanted) >= 2
    assert catalogues(names, "") == wanted
    assert compiled(names, "") == wanted, "a catalogue of the wheel is not compiled"
    # Made by the hook as the build's log says: htmx from the registry with its hash checked,
    # the catalogues by our compiler (no msgfmt on the PATH); nothing of the build in the wheel.
    assert "integrity checked" in built.log, built.log[-3000:]
    assert "compiled by bridgescore/web/msgfmt.py" in built.log
    assert not [n for n in names if n.startswith("bridgescore_build") or n.endswith(".part")]


def test_the_sdist_carries_what_a_wheel_is_built_from(built: Built) -> None:
    with tarfile.open(built.sdist) as tar:
        names = tar.getnames()
    (top,) = {n.split("/")[0] for n in names}
    for name in ("package.json", "package-lock.json", "src/bridgescore_build.py",
                 "src/bridgescore/web/msgfmt.py", "src/" + HTMX):
        assert f"{top}/{name}" in names, name
    po = catalogues(names, f"{top}/src/")
    assert po and compiled(names, f"{top}/src/") == po
    assert not [n for n in names if "node_modules" in n or "/var/" in n]


@dataclass
class Site:
    url: str
    venv: Path
    env: dict[str, str]
    cwd: Path
    process: subprocess.Popen[bytes]
    log: Path


@pytest.fixture(scope="module")
def site(built: Built, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    chromium.require()
    tmp = tmp_path_factory.mktemp("installed")
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    # The dependencies from .venv (a .pth line is a path only: .venv's own .pth files, the
    # checkout's editable install among them, are not read), bridgescore from the wheel alone.
    site_packages = Path(subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True).stdout.strip())
    (site_packages / "_dependencies_from_dotvenv.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                    "--no-deps", "--no-index", str(built.wheel)], check=True, timeout=120)
    work = tmp / "elsewhere"  # the commands' working directory: not the checkout
    work.mkdir()
    # The test servers' settings (the site's own with a fast password hasher: the demo makes
    # 29 accounts, a quarter of a second of a core each), copied out of the checkout.
    shim = tmp / "settings"
    shim.mkdir()
    shutil.copy2(servers.SERVER_PATH / "bridgescore_test_server.py", shim)
    env = clean_env(PATH=str(venv / "bin") + os.pathsep + bare_path(tmp),
                    PYTHONPATH=str(shim), DJANGO_SETTINGS_MODULE="bridgescore_test_server",
                    BRIDGESCORE_DATA_DIR=str(tmp / "data"),
                    BRIDGESCORE_STATIC_ROOT=str(tmp / "static"),
                    BRIDGESCORE_LOG_LEVEL="warning")
    assert shutil.which("npm", path=env["PATH"]) is None
    assert shutil.which("msgfmt", path=env["PATH"]) is None
    demo = subprocess.run([str(venv / "bin" / "bridgescore"), "web", "demo"], cwd=work, env=env,
                          capture_output=True, text=True, timeout=300)
    assert demo.returncode == 0, demo.stderr
    assert "demo-director" in demo.stdout

    port = servers.free_port()
    log = tmp / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen([str(venv / "bin" / "bridgescore"), "web", "serve",
                                    "--port", str(port)], cwd=work, env=env, stdout=out,
                                   stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            assert process.poll() is None, f"the server stopped:\n{log.read_text()}"
            assert time.monotonic() < deadline, f"no answer in 90 s:\n{log.read_text()}"
            try:
                with urllib.request.urlopen(url + "/healthz", timeout=2) as r:
                    if r.status == 200 and json.load(r)["status"] == "ok":
                        break
            except OSError:
                time.sleep(0.2)
        yield Site(url, venv, env, work, process, log)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


def test_the_installed_package_is_the_one_serving(site: Site) -> None:
    # The server's own command line: the new environment's interpreter and script.
    cmdline = Path(f"/proc/{site.process.pid}/cmdline").read_bytes().split(b"\0")
    assert cmdline[0].decode().startswith(str(site.venv)), cmdline
    assert cmdline[1].decode() == str(site.venv / "bin" / "bridgescore"), cmdline
    # That interpreter, with the server's environment and directory, imports bridgescore from
    # the new environment, and nothing on its path leads into the checkout (but .venv's
    # site-packages, for the dependencies).
    found = subprocess.run(
        [str(site.venv / "bin" / "python"), "-c",
         "import sys, bridgescore.web.setup as s; print(s.__file__); print(*sys.path, sep='\\n')"],
        cwd=site.cwd, env=site.env, capture_output=True, text=True, check=True).stdout
    first, *path = found.splitlines()
    assert Path(first).is_relative_to(site.venv), first
    dependencies = Path(sysconfig.get_paths()["purelib"]).resolve()  # .venv's, by the .pth
    assert not [p for p in path if p and Path(p).resolve().is_relative_to(REPO)
                and Path(p).resolve() != dependencies], path
    assert "translations:" in site.log.read_text()  # web serve's own preparation ran


def test_htmx_is_live_and_the_pages_are_in_chinese(site: Site) -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_context(locale="zh-CN").new_page()
            errors: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            # A traveller of the demo's published session: its board is an hx-get fragment.
            page.goto(site.url + "/events/1/boards/1/")
            assert page.evaluate("typeof htmx") == "object"
            assert page.evaluate("htmx.version") == HTMX_VERSION
            # In Chinese, from the compiled catalogues (the site's name and the menu).
            assert page.locator("html").get_attribute("lang") == "zh-Hans"
            assert page.title().endswith("桥牌记分"), page.title()
            assert page.get_by_role("link", name="俱乐部").first.is_visible()
            # The fragment asked for by htmx (its own header) and swapped into the page.
            page.evaluate("document.querySelector('#board').innerHTML = '<p id=\"gone\">…</p>'")
            with page.expect_request(lambda r: "part=board" in r.url) as asked:
                page.evaluate("htmx.trigger('#board', 'bs-refresh')")
            assert asked.value.headers.get("hx-request") == "true"
            page.locator("#board .traveller").wait_for()
            assert page.locator("#gone").count() == 0
            assert "满分" in page.locator("#board").inner_text()
            assert not errors, errors
        finally:
            browser.close()
