"""Options and output helpers shared by the commands."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import click

from ..i18n import check_lang

F = TypeVar("F", bound=Callable[..., Any])


def _lang_callback(ctx: click.Context, param: click.Parameter, value: str) -> str:
    return check_lang(value)


def lang_option(f: F) -> F:
    return click.option(
        "--lang",
        default=lambda: "zh" if __import__("os").environ.get("BRIDGESCORE_LANG", "").startswith("zh") else "en",
        callback=_lang_callback,
        metavar="en|zh",
        help="Output language: en (English) or zh (中文).",
    )(f)


def json_option(f: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")(f)


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))
