"""The language of one run of the command line, and click's own words in Chinese.

``main()`` settles the language before click parses anything (so that even a usage error or
``--help`` speaks it) and the ``--lang`` options confirm it once parsed; everything the command
prints, its errors included, then reads :func:`current`.

Click writes its headings (``Usage:``, ``Options``) and its messages (missing option, invalid
choice, no such option …) through ``gettext``, looked up by their English text.  We answer
those look-ups from the table below when the run is in Chinese, so every message click can
give is translated where it is made, with its own values in place; a message click adds in a
later version simply stays English.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from types import MappingProxyType

from ..core.errors import BridgeError
from ..core.i18n import Lang, check_lang

__all__ = ["CLICK_ZH", "current", "gettext", "install", "resolve", "set_current"]

_CURRENT: ContextVar[Lang] = ContextVar("bridgescore_cli_lang", default="en")
ENV = "BRIDGESCORE_LANG"


def current() -> Lang:
    return _CURRENT.get()


def set_current(lang: Lang) -> None:
    _CURRENT.set(lang)


def _bad(where: str, e: BridgeError) -> BridgeError:
    # The language asked for is not known, so the message is given in both.
    return BridgeError(f"{where}: {e.en} / {e.zh}", f"{where}：{e.zh} / {e.en}")


def resolve(argv: Sequence[str]) -> Lang:
    """The language a command line asks for: its last ``--lang``, else ``BRIDGESCORE_LANG``,
    else English.  A value that is not a language is an error (in both languages)."""
    value: str | None = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg[len("--lang="):]
    if value is not None:
        try:
            return check_lang(value)
        except BridgeError as e:
            raise _bad("--lang", e) from None
    env = os.environ.get(ENV)
    if env is None or not env.strip():
        return "en"
    try:
        return check_lang(env)
    except BridgeError as e:
        raise _bad(ENV, e) from None


# click's message ids (its English text) and their Chinese.  Placeholders are click's own.
CLICK_ZH: Mapping[str, str] = MappingProxyType({
    "Usage:": "用法：",
    "Options": "选项",
    "Positional arguments": "参数",
    "Arguments": "参数",
    "Commands": "命令",
    "Show this message and exit.": "显示此帮助并退出。",
    "Show the version and exit.": "显示版本号并退出。",
    "default: {default}": "默认：{default}",
    "required": "必需",
    "(dynamic)": "（动态）",
    "env var: {var}": "环境变量：{var}",
    "deprecated": "已弃用",
    "Aborted!": "已中止！",
    "Missing command.": "缺少命令。",
    "Missing argument": "缺少参数",
    "Missing option": "缺少选项",
    "Missing parameter": "缺少参数",
    "Missing {param_type}": "缺少{param_type}",
    "Missing parameter: {param_name}": "缺少参数：{param_name}",
    "No such option {name!r}.": "没有此选项 {name!r}。",
    "No such command {name!r}.": "没有此命令 {name!r}。",
    "Did you mean {possibility}?": "是否要用 {possibility}？",
    "(Did you mean one of: {possibilities}?)": "（是否要用其中之一：{possibilities}？）",
    "Invalid value: {message}": "无效的值：{message}",
    "Invalid value for {param_hint}: {message}": "{param_hint} 的值无效：{message}",
    "Got unexpected extra argument ({args})": "多余的参数（{args}）",
    "Got unexpected extra arguments ({args})": "多余的参数（{args}）",
    "Option {name!r} requires an argument.": "选项 {name!r} 需要一个值。",
    "Option {name!r} requires {nargs} arguments.": "选项 {name!r} 需要 {nargs} 个值。",
    "Option {name!r} does not take a value.": "选项 {name!r} 不带值。",
    "Argument {name!r} takes {nargs} values.": "参数 {name!r} 需要 {nargs} 个值。",
    "Takes {nargs} values but 1 was given.": "需要 {nargs} 个值，只给出了 1 个。",
    "Takes {nargs} values but {len} were given.": "需要 {nargs} 个值，给出了 {len} 个。",
    "{len_type} values are required, but {len_value} was given.":
        "需要 {len_type} 个值，给出了 {len_value} 个。",
    "{len_type} values are required, but {len_value} were given.":
        "需要 {len_type} 个值，给出了 {len_value} 个。",
    "Value must be an iterable.": "值必须是一组值。",
    "{value!r} is not {choice}.": "{value!r} 不是 {choice}。",
    "{value!r} is not one of {choices}.": "{value!r} 不是 {choices} 之一。",
    "Choose from:\n\t{choices}": "可选：\n\t{choices}",
    "{value!r} is not a valid {number_type}.": "{value!r} 不是有效的数。",
    "{value} is not in the range {range}.": "{value} 不在范围 {range} 内。",
    "{value!r} is not a valid boolean. Recognized values: {states}":
        "{value!r} 不是有效的是/否值。可用：{states}",
    "{value!r} is not a valid UUID.": "{value!r} 不是有效的 UUID。",
    "{value!r} does not match the format {format}.": "{value!r} 不符合格式 {format}。",
    "{value!r} does not match the formats {formats}.": "{value!r} 不符合格式 {formats}。",
    # Path errors: click puts the type's name (file, directory) first, fixed when the command
    # was defined; the Chinese leaves it out.
    "{name} {filename!r} does not exist.": "{filename!r} 不存在。",
    "{name} {filename!r} is a file.": "{filename!r} 是文件，不是目录。",
    "{name} {filename!r} is a directory.": "{filename!r} 是目录，不是文件。",
    "{name} {filename!r} is not readable.": "{filename!r} 不可读。",
    "{name} {filename!r} is not writable.": "{filename!r} 不可写。",
    "{name} {filename!r} is not executable.": "{filename!r} 不可执行。",
    "Could not open file {filename!r}: {message}": "无法打开文件 {filename!r}：{message}",
    "unknown error": "未知错误",
    "Error: {message}": "错误：{message}",
    "Try '{command} {option}' for help.": "用 '{command} {option}' 查看帮助。",
    "Error: invalid input": "错误：输入无效",
    "Error: The two entered values do not match.": "错误：两次输入不一致。",
    "Repeat for confirmation": "请再输入一次以确认",
    "Press any key to continue...": "按任意键继续……",
    "Do you want to continue?": "是否继续？",
})


def gettext(message: str) -> str:
    """click's text ``message`` in the run's language."""
    if _CURRENT.get() == "zh":
        return CLICK_ZH.get(message, message)
    return message


def _ngettext(singular: str, plural: str, n: int) -> str:
    return gettext(singular if n == 1 else plural)


_MODULES = ("core", "exceptions", "types", "parser", "formatting", "decorators", "termui",
            "utils")
_installed = False


def install() -> None:
    """Answer click's gettext look-ups from :data:`CLICK_ZH` (in Chinese runs only)."""
    global _installed
    if _installed:
        return
    for name in _MODULES:
        try:
            module = importlib.import_module(f"click.{name}")
        except ImportError:  # a click without that module: nothing of it to translate
            continue
        if hasattr(module, "_"):
            setattr(module, "_", gettext)  # noqa: B010  # a module global, not an attribute
        if hasattr(module, "ngettext"):
            setattr(module, "ngettext", _ngettext)  # noqa: B010
    _installed = True
