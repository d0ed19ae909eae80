"""A name kept in both languages: the reader's, else the other one."""

from __future__ import annotations

import pytest

from bridgescore.web.core.bilingual import pick


@pytest.mark.parametrize(("en", "zh", "lang", "shown"), [
    ("Wang Wei", "王伟", "zh-hans", "王伟"), ("Wang Wei", "王伟", "en", "Wang Wei"),
    ("Wang Wei", "", "zh-hans", "Wang Wei"), ("", "王伟", "en", "王伟"), ("", "", "en", ""),
])
def test_the_readers_name_else_the_other(en: str, zh: str, lang: str, shown: str) -> None:
    assert pick(en, zh, lang) == shown
