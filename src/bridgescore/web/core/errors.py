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


# What each error status means, in both languages (for answers that come without a text).
HTTP_TEXTS = {
    400: ("Bad request", "请求有误"),
    401: ("Authentication needed", "需要身份验证"),
    403: ("Not allowed", "没有权限"),
    404: ("Not found", "未找到"),
    405: ("Method not allowed", "不允许此请求方法"),
    409: ("Not possible now", "当前无法执行"),
    413: ("Request too large", "请求过大"),
    415: ("Unsupported content type", "不支持的内容类型"),
    429: ("Too many requests", "请求过于频繁"),
}
