"""The JSON shape of every API error: a code for scripts and the message in both languages."""

from __future__ import annotations

from django.utils.translation import get_language


def api_error(code: str, en: str, zh: str, **extra: object) -> dict[str, object]:
    lang = get_language() or "en"
    body: dict[str, object] = {
        "code": code,
        "message": zh if lang.startswith("zh") else en,
        "en": en,
        "zh": zh,
    }
    body.update(extra)
    return body
