"""Every form that posts carries the CSRF token; every template loads i18n if it translates."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgescore.web.setup import WEB

TEMPLATES = sorted(p for p in WEB.glob("*/templates/**/*") if p.is_file())
FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S | re.I)


def test_there_are_templates() -> None:
    assert len(TEMPLATES) >= 15


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(WEB)))
def test_posting_forms_carry_the_csrf_token(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for attributes, body in FORM.findall(text):
        if re.search(r'method="post"', attributes, re.I):
            assert "{% csrf_token %}" in body, f"{path.name}: <form{attributes}> has no token"


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(WEB)))
def test_translating_templates_load_i18n(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    if re.search(r"{%\s*(translate|blocktranslate|trans|blocktrans)\b", text):
        assert re.search(r"{%\s*load\b[^%]*\bi18n\b", text), path.name
