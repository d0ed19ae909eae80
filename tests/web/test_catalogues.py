"""The translation catalogues: complete, up to date with the code, and compiled."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bridgescore.web.setup import WEB, catalogues, compile_catalogues, stale

APPS = sorted({po.parts[-5] for po in catalogues()})
ENTRY = re.compile(r'^(?:msgctxt "((?:[^"\\]|\\.)*)"\n)?msgid "((?:[^"\\]|\\.)*)"((?:\n"(?:[^"\\]|\\.)*")*)',
                   re.M)


def msgids(po: Path) -> set[str]:
    """Every message (with its context) of a catalogue, the header left out."""
    found = set()
    for context, first, rest in ENTRY.findall(po.read_text(encoding="utf-8")):
        text = first + "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', rest))
        if text:
            found.add(f"{context}\x04{text}" if context else text)
    return found


def test_every_app_has_both_catalogues() -> None:
    # Every app with a text for people has both (an app with none yet has neither).
    assert {"accounts", "clubs", "core", "events"} <= set(APPS)
    for app in APPS:
        for lang in ("en", "zh_Hans"):
            assert (WEB / app / "locale" / lang / "LC_MESSAGES" / "django.po").is_file()


@pytest.mark.parametrize("app", APPS)
def test_every_chinese_message_is_translated(app: str) -> None:
    po = WEB / app / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"
    result = subprocess.run(["msgfmt", "--statistics", "--check-format", "-o", os.devnull,
                             str(po)], capture_output=True, text=True, check=True)
    assert "untranslated" not in result.stderr and "fuzzy" not in result.stderr, result.stderr
    assert re.search(r"^\d+ translated messages?\.$", result.stderr.strip()), result.stderr
    # Chinese has one plural form: a second msgstr[1] is an error msgfmt --check reports
    # (header warnings aside), though Django's compiler lets it through.
    checked = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(po)],
                             capture_output=True, text=True)
    errors = [line for line in checked.stderr.splitlines() if "warning:" not in line]
    assert checked.returncode == 0 and not errors, checked.stderr


@pytest.mark.parametrize("app", APPS)
def test_the_catalogues_hold_exactly_the_code_s_messages(app: str, tmp_path: Path) -> None:
    # makemessages on a copy of the app: what the templates and the code ask for today.
    copy = tmp_path / app
    shutil.copytree(WEB / app, copy)
    subprocess.run([sys.executable, "-m", "django", "makemessages", "-l", "zh_Hans",
                    "--no-obsolete"], cwd=copy, check=True, capture_output=True,
                   env={**os.environ, "DJANGO_SETTINGS_MODULE": "bridgescore.web.settings"})
    wanted = msgids(copy / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po")
    assert wanted, app
    for lang in ("zh_Hans", "en"):
        have = msgids(WEB / app / "locale" / lang / "LC_MESSAGES" / "django.po")
        assert have == wanted, (lang, sorted(wanted - have), sorted(have - wanted))


def test_the_compiled_catalogues_are_current() -> None:
    compile_catalogues()
    assert not [po for po in catalogues() if stale(po)]
