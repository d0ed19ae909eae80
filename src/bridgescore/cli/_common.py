"""Options and output helpers shared by the commands: ``--lang``, ``--json`` and the names of
the output options, one name per meaning across the command line:

* ``-o/--output FILE``: the command's own result, written to a file (a table, the dealt PBN,
  the scored results file, the solved PBN);
* ``--out DIR``: a directory that receives several files (results pages, the demo's tables);
* ``--html FILE`` and ``--pdf FILE``: one printable page (cards, a hand record, a scorepad);
* ``--imp-scale``, ``--vp-scale``, ``--mp-scale``: the IMP, VP and matchpoint scales.

Old spellings (``--scale``, ``--out FILE``, ``--html DIR``, ``--pbn``) stay as hidden aliases.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from ..core.i18n import Lang, check_lang
from . import _lang
from ._params import option

__all__ = ["emit_json", "json_option", "lang_option", "out_dir_option", "output_option"]

F = TypeVar("F", bound=Callable[..., Any])


def _lang_callback(ctx: click.Context, param: click.Parameter, value: str | None) -> Lang:
    obj = ctx.find_root().obj
    if isinstance(obj, dict) and obj.get("dry_run"):
        return check_lang(obj["lang"])  # parsing again in the other language: keep it
    if value is not None:
        lang = check_lang(value)
    elif isinstance(obj, dict) and "lang" in obj:
        lang = obj["lang"]  # given before the command (bridgescore --lang zh score …)
    else:
        lang = _lang.resolve([])  # BRIDGESCORE_LANG, else English
    if isinstance(obj, dict):
        obj["lang"] = lang  # what main() reports errors in
    _lang.set_current(lang)
    return lang


def lang_option(f: F) -> F:
    return option(
        "--lang", default=None, callback=_lang_callback, metavar="en|zh",
        help="Output language: en (English) or zh (Chinese); default $BRIDGESCORE_LANG, else en.",
        zh="输出语言：en（英文）或 zh（中文）；默认取 $BRIDGESCORE_LANG，否则为 en。",
    )(f)


def json_option(f: F) -> F:
    return option("--json", "as_json", is_flag=True,
                  help="Print JSON instead of text (errors too, on stderr); see docs/json.md.",
                  zh="输出 JSON 而不是文字（错误信息也以 JSON 写到 stderr）；见 docs/json.md。")(f)


def output_option(help: str, zh: str, aliases: Sequence[str] = ()) -> Callable[[F], F]:
    """``-o/--output FILE``: the command's result written to a file."""
    return option("-o", "--output", "output", type=click.Path(dir_okay=False), default=None,
                  metavar="FILE", help=help, zh=zh, aliases=aliases)


def out_dir_option(help: str, zh: str, default: str | None = None,
                   aliases: Sequence[str] = ()) -> Callable[[F], F]:
    """``--out DIR``: a directory for several files."""
    return option("--out", "out_dir", type=click.Path(file_okay=False), default=default,
                  show_default=default is not None, metavar="DIR", help=help, zh=zh,
                  aliases=aliases)


def emit_json(data: Any) -> None:
    import json  # loaded with --json only

    click.echo(json.dumps(data, ensure_ascii=False, indent=2))
