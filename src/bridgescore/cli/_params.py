"""Commands, options and arguments that speak both languages, and the numeric types.

Every command is declared with :func:`command`, :func:`option` and :func:`argument`, each given
its help in English and Chinese; ``--help`` shows the language of the run.  An option may keep
old spellings as hidden aliases (``--scale`` for ``--imp-scale``): they still work, and neither
the help nor the error messages show them.  Every number an option or argument takes goes
through :func:`bridgescore.core.numtext.read_number` (types :data:`WHOLE` and :class:`Number`).

Every command loads this module, so what only some need is imported where it is used: the
number reader (and the fractions and decimal modules under it) when a number is read, the
Chinese wrapper when Chinese help is shown.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..core.text import display_width
from . import _lang

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = ["Argument", "Bilingual", "ByeVp", "Command", "Drop", "DryRun", "Group", "Number", "Option",
           "Whole", "argument", "command", "option"]

F = TypeVar("F", bound=Callable[..., Any])

if TYPE_CHECKING:
    _ParamType = click.ParamType[Any]
else:  # click before 8.2 has no type parameter
    _ParamType = click.ParamType


def _zh() -> bool:
    return _lang.current() == "zh"


class Formatter(click.HelpFormatter):
    """Help pages in Chinese take the full-width colon after a heading and none after 用法."""

    def write_heading(self, heading: str) -> None:
        if _zh():
            self.write(f"{'':>{self.current_indent}}{heading}：\n")
        else:
            super().write_heading(heading)

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None and _zh():
            prefix = "用法："
        super().write_usage(prog, args, prefix)

    def write_text(self, text: str) -> None:
        if not _zh():
            super().write_text(text)
            return
        from ._wrap import wrap

        indent = " " * self.current_indent
        self.write(wrap(text, self.width, indent, indent) + "\n")

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        if not _zh():
            super().write_dl(rows, col_max, col_spacing)
            return
        from ._wrap import wrap

        rows = list(rows)
        first_col = min(max((display_width(a) for a, _ in rows), default=0), col_max) \
            + col_spacing
        indent = " " * self.current_indent
        for first, second in rows:
            self.write(f"{indent}{first}")
            if not second:
                self.write("\n")
                continue
            if display_width(first) <= first_col - col_spacing:
                self.write(" " * (first_col - display_width(first)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            text_width = max(self.width - first_col - self.current_indent, 10)
            lines = wrap(second, text_width).splitlines() or [""]
            self.write(lines[0] + "\n")
            for line in lines[1:]:
                self.write(" " * (first_col + self.current_indent) + line + "\n")


class Context(click.Context):
    formatter_class = Formatter


class Bilingual:
    """Help in both languages for a command or a group, and an Arguments section (click 8.1
    has none of its own)."""

    help: str | None
    options_metavar: str | None
    context_class: type[click.Context] = Context

    def __init__(self, *args: Any, help_zh: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help_zh = help_zh

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        cmd = self._command()
        cmd.format_usage(ctx, formatter)
        self.format_help_text(ctx, formatter)
        rows = [p.help_row(ctx) for p in cmd.get_params(ctx) if isinstance(p, Argument)]
        if any(help_text for _, help_text in rows):
            with formatter.section("参数" if _zh() else "Arguments"):
                formatter.write_dl(rows)
        cmd.format_options(ctx, formatter)
        cmd.format_epilog(ctx, formatter)

    def _command(self) -> click.Command:
        assert isinstance(self, click.Command)
        return self

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        text = self.help_zh if _zh() and self.help_zh else self.help
        if text:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(inspect.cleandoc(text).partition("\f")[0])

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        pieces: list[str] = super().collect_usage_pieces(ctx)  # type: ignore[misc]
        if _zh() and pieces and pieces[0] == self.options_metavar:
            pieces[0] = "[选项]"
        return pieces

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        # click makes this option once and keeps it: its text is set for each run.
        opt: click.Option | None = super().get_help_option(ctx)  # type: ignore[misc]
        if opt is not None:
            opt.help = "显示此帮助并退出。" if _zh() else "Show this message and exit."
        return opt


class DryRun(Exception):  # not an error: a signal to main()
    """Raised instead of running a command when ``main()`` only parses a command line again
    (to word a usage error in the other language)."""


class Command(Bilingual, click.Command):
    """A command with its help in both languages."""

    def invoke(self, ctx: click.Context) -> Any:
        obj = ctx.find_root().obj
        if isinstance(obj, dict):
            if obj.get("dry_run"):
                raise DryRun
            obj["invoked"] = True  # a usage error from here on is not a parsing error
        return super().invoke(ctx)


class Group(Bilingual, click.Group):
    """A group of commands with its help in both languages: its list of commands shows each
    one's first sentence in the language of the run (``bridgescore web``)."""

    command_class = Command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is None or cmd.hidden:
                continue
            zh_help = getattr(cmd, "help_zh", None)
            if _zh() and zh_help:
                # click's short help cuts at an English full stop; a Chinese one ends at 。
                short = inspect.cleandoc(zh_help).split("\n\n")[0].split("。")[0]
            else:
                # The whole first sentence (click would cut it at 45 characters).
                short = cmd.get_short_help_str(limit=1000)
            rows.append((name, short))
        if rows:
            with formatter.section("命令" if _zh() else "Commands"):
                formatter.write_dl(rows)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        pieces = super().collect_usage_pieces(ctx)
        if _zh() and pieces and pieces[-1] == self.subcommand_metavar:
            pieces[-1] = "命令 [参数]..."
        return pieces


def group(name: str, *, help: str, zh: str, **kwargs: Any) -> Callable[[F], Group]:
    """``@group("web", help=..., zh=...)``: a :class:`Group`; its commands are declared with
    ``@the_group.command(name, help=..., help_zh=...)`` (each a :class:`Command`)."""
    def decorate(f: F) -> Group:
        grp = click.group(name, cls=Group, help=help, help_zh=zh, **kwargs)(f)
        assert isinstance(grp, Group)
        return grp
    return decorate


class Option(click.Option):
    """An option with help in both languages and hidden alias spellings."""

    def __init__(self, param_decls: Sequence[str], *, help_zh: str | None = None,
                 aliases: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__([*param_decls, *aliases], **kwargs)
        self.help_zh = help_zh
        self.aliases = tuple(aliases)

    def _shown(self) -> list[str]:
        return [o for o in self.opts if o not in self.aliases]

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        opts, text = self.opts, self.help
        self.opts = self._shown()
        if _zh() and self.help_zh is not None:
            self.help = self.help_zh
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts, self.help = opts, text

    def get_error_hint(self, ctx: click.Context | None) -> str:
        return " / ".join(f"'{o}'" for o in self._shown() or self.opts)


class Argument(click.Argument):
    """A positional argument with help in both languages (shown by :class:`Command`)."""

    def __init__(self, param_decls: Sequence[str], *, help: str = "", help_zh: str = "",
                 **kwargs: Any) -> None:
        super().__init__(param_decls, **kwargs)
        self.help_en = help
        self.help_zh = help_zh

    def help_row(self, ctx: click.Context) -> tuple[str, str]:
        return self.make_metavar(ctx), (self.help_zh if _zh() else self.help_en)


def command(name: str, *, help: str, zh: str, **kwargs: Any) -> Callable[[F], Command]:
    """``@command("score", help=..., zh=...)``: a :class:`Command` (help in both languages)."""
    def decorate(f: F) -> Command:
        cmd = click.command(name, cls=Command, help=help, help_zh=zh, **kwargs)(f)
        assert isinstance(cmd, Command)
        return cmd
    return decorate


def option(*decls: str, help: str, zh: str, aliases: Sequence[str] = (),
           **kwargs: Any) -> Callable[[F], F]:
    """``@option("--imp-scale", "imp_scale", help=..., zh=..., aliases=("--scale",))``."""
    return click.option(*decls, cls=Option, help=help, help_zh=zh, aliases=aliases, **kwargs)


def argument(*decls: str, help: str = "", zh: str = "", **kwargs: Any) -> Callable[[F], F]:
    return click.argument(*decls, cls=Argument, help=help, help_zh=zh, **kwargs)


def _name(param: click.Parameter | None) -> str:
    if isinstance(param, Option):
        shown = param._shown()
        return max(shown, key=len) if shown else param.opts[0]
    if param is not None and param.name:
        return param.name.upper()
    return "value"


class Whole(_ParamType):
    """A whole number (within ``minimum``/``maximum``), read by the one safe parser."""

    name = "integer"

    def __init__(self, minimum: int | None = None, maximum: int | None = None) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        from ..core.numtext import read_number

        return read_number(str(value), _name(param), whole=True, minimum=self.minimum,
                           maximum=self.maximum)


class Number(_ParamType):
    """A number: ``as_float`` gives a float, else an exact ``Fraction``; ``fraction`` also
    accepts ``1/3``."""

    name = "number"

    def __init__(self, minimum: float | None = None, maximum: float | None = None, *,
                 fraction: bool = False, as_float: bool = True,
                 expected: tuple[str, str] | None = None) -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.fraction = fraction
        self.as_float = as_float
        self.expected = expected

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float | Fraction:
        from ..core.numtext import read_number

        x = read_number(str(value), _name(param), fraction=self.fraction,
                        minimum=self.minimum, maximum=self.maximum, expected=self.expected)
        return float(x) if self.as_float else x


WHOLE = Whole()


class Drop(_ParamType):
    """Butler's ``--drop``: ``auto``, a whole number of scores, or a share such as 0.1."""

    name = "drop"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str | int | float:
        text = str(value).strip()
        if text.lower() == "auto":
            return "auto"
        from ..core.numtext import read_number

        x = read_number(text, _name(param), minimum=0)
        # "1.0" means one score, not a share.
        return int(x) if x.denominator == 1 else float(x)


class ByeVp(_ParamType):
    """VPs for a bye: a number, or ``average`` (``avg``, ``平均``)."""

    name = "bye"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float | str:
        text = str(value).strip()
        if text.lower() in ("average", "avg", "平均"):
            return "average"
        from ..core.numtext import read_number

        return float(read_number(text, _name(param), minimum=0))
