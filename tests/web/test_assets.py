"""What a wheel must carry and a site must not start without: htmx and the compiled catalogues.

- Our catalogue compiler (``web/msgfmt.py``, for machines without GNU gettext) against GNU
  ``msgfmt --check-format``: the same catalogue from every ``.po`` of the tree, and the same
  verdict (accepted or refused) on small catalogues that test each rule.
- The build hook (``src/bridgescore_build.py``) without a network: htmx from ``node_modules``
  only when npm installed the locked version, a tarball taken only with the lock's hash
  (served from a ``file:`` registry), a wrong htmx in the tree replaced, a build directory
  without the files refused.
- The running site: without htmx or a compiled catalogue ``web prepare`` and ``web serve``
  refuse to start and ``web manage check`` reports it, in both languages.

``tests/web/test_wheel.py`` builds, installs and serves the real wheel.
"""

from __future__ import annotations

import base64
import gettext
import hashlib
import importlib.util
import io
import json
import subprocess
import sys
import tarfile
from pathlib import Path
from types import ModuleType

import pytest

from bridgescore.cli import main
from bridgescore.core.errors import BridgeError
from bridgescore.web import msgfmt, setup

REPO = Path(__file__).resolve().parents[2]


def _hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bridgescore_build",
                                                  REPO / "src" / "bridgescore_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


hook = _hook()


def gnu(po: Path, mo: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["msgfmt", "--check-format", "-o", str(mo), str(po)],
                          capture_output=True, text=True, check=False)


def catalog(data: bytes) -> tuple[dict[object, str], dict[str, str]]:
    t = gettext.GNUTranslations(io.BytesIO(data))
    return t._catalog, t._info  # type: ignore[attr-defined]


@pytest.mark.parametrize("po", setup.catalogues(), ids=lambda p: "/".join(p.parts[-5:-2]))
def test_our_compiler_makes_gnu_msgfmt_s_catalogue(po: Path, tmp_path: Path) -> None:
    done = gnu(po, tmp_path / "gnu.mo")
    assert done.returncode == 0, done.stderr
    ours = msgfmt.compile_po(po.read_bytes())
    assert catalog(ours) == catalog((tmp_path / "gnu.mo").read_bytes())


HEADER = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
          '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')
CASES = {
    "same name": '#, python-format\nmsgid "Hi %(name)s"\nmsgstr "你好 %(name)s"\n',
    "renamed": '#, python-format\nmsgid "Hi %(name)s"\nmsgstr "你好 %(nom)s"\n',
    "one left out": '#, python-format\nmsgid "Hi %(name)s, %(n)d"\nmsgstr "你好 %(name)s"\n',
    "reordered": '#, python-format\nmsgid "%(a)s %(b)s"\nmsgstr "%(b)s %(a)s"\n',
    "number to string": '#, python-format\nmsgid "%(n)d boards"\nmsgstr "%(n)s 副"\n',
    "string to number": '#, python-format\nmsgid "%(n)s boards"\nmsgstr "%(n)d 副"\n',
    "integer to float": '#, python-format\nmsgid "%(n)d boards"\nmsgstr "%(n)f 副"\n',
    "integer kinds": '#, python-format\nmsgid "%(n)d boards"\nmsgstr "%(n)x 副"\n',
    "s and r": '#, python-format\nmsgid "%(n)s boards"\nmsgstr "%(n)r 副"\n',
    "unnamed": '#, python-format\nmsgid "%s of %d"\nmsgstr "%s / %d"\n',
    "unnamed, one more": '#, python-format\nmsgid "%s"\nmsgstr "%s %s"\n',
    "unnamed, one less": '#, python-format\nmsgid "%s %s"\nmsgstr "%s"\n',
    "mapping and tuple": '#, python-format\nmsgid "%(a)s"\nmsgstr "%s"\n',
    "percent signs": '#, python-format\nmsgid "100%% of %(n)s"\nmsgstr "%(n)s 的 100%%"\n',
    "no directive": '#, python-format\nmsgid "%(n)s"\nmsgstr "%(n)s %y"\n',
    "not flagged": 'msgid "Hi %(name)s"\nmsgstr "你好 %(nom)s"\n',
    "fuzzy, left out": '#, fuzzy, python-format\nmsgid "Hi %(name)s"\nmsgstr "你好 %(nom)s"\n',
    "plural": ('#, python-format\nmsgid "%(n)s board"\nmsgid_plural "%(n)s boards"\n'
               'msgstr[0] "one board"\nmsgstr[1] "%(n)s boards"\n'),
    "plural, a new name": ('#, python-format\nmsgid "%(n)s board"\nmsgid_plural "%(n)s boards"\n'
                           'msgstr[0] "%(m)s board"\nmsgstr[1] "%(n)s boards"\n'),
    "braces": '#, python-brace-format\nmsgid "Hi {name}"\nmsgstr "你好 {name}"\n',
    "braces renamed": '#, python-brace-format\nmsgid "Hi {name}"\nmsgstr "你好 {nom}"\n',
    "contexts": 'msgctxt "a"\nmsgid "x"\nmsgstr "1"\n\nmsgctxt "b"\nmsgid "x"\nmsgstr "2"\n',
    "twice": 'msgid "x"\nmsgstr "1"\n\nmsgid "x"\nmsgstr "2"\n',
    "unclosed": 'msgid "x"\nmsgstr "1\n',
    "escapes": ('msgid "a\\tb\\n\\"q\\"\\\\"\nmsgstr ""\n"x\\ty\\n"\n"\\"z\\"\\\\"\n'),
    "untranslated": 'msgid "x"\nmsgstr ""\n\nmsgid "y"\nmsgstr "是"\n',
    "obsolete": '#~ msgid "old"\n#~ msgstr "旧"\n',
}


@pytest.mark.parametrize("name", CASES)
def test_our_compiler_accepts_and_refuses_what_gnu_msgfmt_does(name: str, tmp_path: Path) -> None:
    po = tmp_path / "django.po"
    po.write_text(HEADER + CASES[name], encoding="utf-8")
    theirs = gnu(po, tmp_path / "gnu.mo")
    try:
        ours: bytes | None = msgfmt.compile_po(po.read_bytes())
    except msgfmt.PoError as e:
        ours = None
        assert theirs.returncode != 0, f"refused by ours only: {e}"
    if ours is not None:
        assert theirs.returncode == 0, f"accepted by ours only: {theirs.stderr}"
        assert catalog(ours) == catalog((tmp_path / "gnu.mo").read_bytes())


def test_a_refused_catalogue_is_named_and_nothing_written(tmp_path: Path) -> None:
    po = tmp_path / "django.po"
    po.write_text(HEADER + CASES["renamed"], encoding="utf-8")
    with pytest.raises(msgfmt.PoError, match=r"django\.po: line 7: .*'nom'"):
        msgfmt.compile_file(po)
    assert list(tmp_path.iterdir()) == [po]


def test_without_msgfmt_the_catalogues_are_compiled_in_python(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    po = tmp_path / "django.po"
    po.write_bytes(setup.catalogues()[0].read_bytes())
    monkeypatch.setattr(setup, "catalogues", lambda: [po])
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert setup.compile_catalogues() == [po]
    assert catalog(po.with_suffix(".mo").read_bytes()) == catalog(msgfmt.compile_po(
        po.read_bytes()))
    po.write_text(HEADER + CASES["renamed"], encoding="utf-8")
    with pytest.raises(BridgeError, match=r"django\.po: line 7") as error:
        setup.compile_catalogues(force=True)
    assert "翻译文件有误" in error.value.zh


# ---- the build hook -------------------------------------------------------------------------

VERSION = "9.8.7"
JS = b'var htmx=function(){"use strict";return{version:"9.8.7"}}();'


def tarball(js: bytes = JS) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        info = tarfile.TarInfo("package/dist/htmx.min.js")
        info.size = len(js)
        tar.addfile(info, io.BytesIO(js))
    return out.getvalue()


def integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def project(tmp_path: Path, lock_integrity: str) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    (root / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/htmx.org": {"version": VERSION, "integrity": lock_integrity}}}))
    return root


def test_the_tarball_url_is_the_registry_s(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("npm_config_registry", raising=False)
    lock = hook.locked(REPO)
    assert lock.tarball_url() == (
        f"https://registry.npmjs.org/htmx.org/-/htmx.org-{lock.version}.tgz")
    assert lock.integrity.startswith("sha512-")
    monkeypatch.setenv("npm_config_registry", "https://mirror.example/npm/")
    assert lock.tarball_url().startswith("https://mirror.example/npm/htmx.org/-/")


def test_htmx_is_downloaded_and_taken_only_with_the_locked_hash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = tarball()
    registry = tmp_path / "registry"
    (registry / "htmx.org" / "-").mkdir(parents=True)
    (registry / "htmx.org" / "-" / f"htmx.org-{VERSION}.tgz").write_bytes(good)
    monkeypatch.setenv("npm_config_registry", registry.as_uri())
    root = project(tmp_path, integrity(good))
    target = root / "src" / hook.HTMX
    assert "integrity checked" in hook.ensure_htmx(root, use_npm=False)
    assert target.read_bytes() == JS
    assert "already in the tree" in hook.ensure_htmx(root, use_npm=False)

    # Another tarball at the same address: refused, and the file there is not replaced.
    (registry / "htmx.org" / "-" / f"htmx.org-{VERSION}.tgz").write_bytes(tarball(JS + b"//"))
    target.write_bytes(b'version:"1.0.0"')  # an old htmx: it must be fetched again
    with pytest.raises(hook.AssetError, match="integrity"):
        hook.ensure_htmx(root, use_npm=False)
    assert target.read_bytes() == b'version:"1.0.0"'
    # Nowhere to download from: the error says what a build needs.
    monkeypatch.setenv("npm_config_registry", (tmp_path / "nowhere").as_uri())
    with pytest.raises(hook.AssetError, match="needs npm or the npm registry"):
        hook.ensure_htmx(root, use_npm=False)


def test_htmx_is_copied_from_node_modules_only_as_npm_installed_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("npm_config_registry", (tmp_path / "nowhere").as_uri())
    root = project(tmp_path, integrity(tarball()))
    modules = root / "node_modules"
    (modules / "htmx.org" / "dist").mkdir(parents=True)
    (modules / "htmx.org" / "dist" / "htmx.min.js").write_bytes(JS)
    (modules / "htmx.org" / "package.json").write_text(json.dumps({"version": VERSION}))
    (modules / ".package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/htmx.org": {"version": VERSION, "integrity": "sha512-other"}}}))
    # Installed from another tarball than the lock's: not used (and nothing else to try).
    with pytest.raises(hook.AssetError):
        hook.ensure_htmx(root, use_npm=False)
    (modules / ".package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/htmx.org": {"version": VERSION, "integrity": integrity(tarball())}}}))
    assert "node_modules" in hook.ensure_htmx(root, use_npm=False)
    assert (root / "src" / hook.HTMX).read_bytes() == JS


def test_a_build_without_htmx_or_a_compiled_catalogue_is_refused(tmp_path: Path) -> None:
    lib = tmp_path / "lib"
    po = lib / "bridgescore" / "web" / "core" / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"
    po.parent.mkdir(parents=True)
    po.write_text(HEADER, encoding="utf-8")
    with pytest.raises(hook.AssetError, match=r"htmx\.min\.js.*django\.mo"):
        hook.check_built(lib)
    (lib / hook.HTMX).parent.mkdir(parents=True)
    (lib / hook.HTMX).write_bytes(JS)
    po.with_suffix(".mo").write_bytes(msgfmt.compile_po(HEADER.encode()))
    hook.check_built(lib)


# ---- the running site -----------------------------------------------------------------------

def test_without_htmx_the_site_refuses_to_start_and_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert setup.missing_assets() == {}
    monkeypatch.setattr(setup, "HTMX", tmp_path / "htmx.min.js")
    missing = setup.missing_assets()
    assert list(missing) == ["htmx"]
    en, zh = missing["htmx"]
    assert "htmx is missing" in en and "make web-assets" in en and "python -m build" in en
    assert "缺少 htmx" in zh and "make web-assets" in zh
    with pytest.raises(BridgeError, match="the site is incomplete: htmx is missing"):
        setup.require_assets()

    from bridgescore.web.core.checks import assets

    assert [e.id for e in assets()] == ["bridgescore.E001"]
    assert main(["web", "serve", "--no-migrate"]) == 2
    assert capsys.readouterr().err.startswith("error: the site is incomplete: htmx is missing")
    assert main(["--lang", "zh", "web", "prepare"]) == 2
    assert capsys.readouterr().err.startswith("错误：网站不完整：缺少 htmx")


def test_without_a_compiled_catalogue_the_site_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    po = tmp_path / "django.po"
    po.write_text(HEADER, encoding="utf-8")
    monkeypatch.setattr(setup, "catalogues", lambda: [po])
    en, zh = setup.missing_assets()["catalogues"]
    assert "translations are not compiled: 1 catalogue(s)" in en and "django.mo" in en
    assert "翻译尚未编译" in zh

    from bridgescore.web.core.checks import assets

    assert [e.id for e in assets()] == ["bridgescore.E002"]
    setup.compile_catalogues()
    assert setup.missing_assets() == {}
