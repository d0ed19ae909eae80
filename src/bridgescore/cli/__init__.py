"""The ``bridgescore`` command: a thin layer over the library.

Commands live in small modules that are imported only when their command runs, so
``bridgescore score …`` stays fast.  Every error a user can cause ends as one line on stderr
(one JSON object with ``--json``) and exit status 2, never a traceback; a missing optional
package is exit status 3.  The language (``--lang``, else ``BRIDGESCORE_LANG``) is settled
before anything is parsed and holds for the help, the output and the errors alike.

Imports: core, scoring, formats, deals, home, sessions, table, robots, compete, ratings, render.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Sequence

import click

from ..core.errors import (
    BridgeError,
    FileFormatError,
    IllegalCallError,
    IllegalPlayError,
    ImpossibleResultError,
    InvalidDealError,
    MissingDependencyError,
    NotationError,
    ScaleError,
    UnlikelyResultError,
)
from ..core.i18n import Lang, is_zh, os_error_text
from . import _lang
from ._common import _lang_callback
from ._lang import install
from ._params import Bilingual, DryRun, option

# command name -> (module, attribute).  A module that is not there yet is simply skipped.
COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("bridgescore.cli.core", "score_cmd"),
    "imps": ("bridgescore.cli.core", "imps_cmd"),
    "vp": ("bridgescore.cli.core", "vp_cmd"),
    "board": ("bridgescore.cli.core", "board_cmd"),
    "table": ("bridgescore.cli.tables", "table_cmd"),
    "demo": ("bridgescore.cli.tables", "demo_cmd"),
    "pairs": ("bridgescore.cli.events", "pairs_cmd"),
    "teams": ("bridgescore.cli.events", "teams_cmd"),
    "event-demo": ("bridgescore.cli.events", "event_demo_cmd"),
    "movement": ("bridgescore.cli.movements", "movement_cmd"),
    "swiss": ("bridgescore.cli.movements", "swiss_cmd"),
    "deal": ("bridgescore.cli.deals", "deal_cmd"),
    "handrecord": ("bridgescore.cli.deals", "handrecord_cmd"),
    "dd": ("bridgescore.cli.deals", "dd_cmd"),
    "convert": ("bridgescore.cli.deals", "convert_cmd"),
    "auction": ("bridgescore.cli.deals", "auction_cmd"),
    "replay": ("bridgescore.cli.deals", "replay_cmd"),
    "analyse": ("bridgescore.cli.analysis", "analyse_cmd"),
    "rubber": ("bridgescore.cli.home", "rubber_cmd"),
    "chicago": ("bridgescore.cli.home", "chicago_cmd"),
    "handicap": ("bridgescore.cli.home", "handicap_cmd"),
    "sacrifice": ("bridgescore.cli.home", "sacrifice_cmd"),
    "quiz": ("bridgescore.cli.home", "quiz_cmd"),
    "web": ("bridgescore.web.cli", "web_cmd"),
}


# One line per command for ``bridgescore --help``, in both languages.
COMMAND_HELP: dict[str, tuple[str, str]] = {
    "score": ("Score one result and explain it", "计算一个结果的得分并给出算式"),
    "imps": ("IMPs for a points difference", "分差换算 IMP"),
    "vp": ("VPs for an IMP margin", "IMP 换算胜利分（VP）"),
    "board": ("Dealer and vulnerability of boards", "牌副的发牌人与局况"),
    "table": ("Score, penalty, IMP and VP tables", "记分一览表、罚分表、IMP 表、VP 表"),
    "demo": ("The seeds' sixteen worked examples and every table", "十六个计分例题及全部记分表"),
    "pairs": ("Score a pairs session (MP, cross-IMPs, Butler)", "双人赛计分（比赛分、交叉IMP、巴特勒）"),
    "teams": ("Score a team match or a team event", "队式赛计分（单场或整个比赛）"),
    "event-demo": ("Score the bundled demo event and write its pages", "演示比赛的计分及成绩网页"),
    "movement": ("Mitchell and Howell movements, table cards", "米切尔与豪威尔移位及桌卡"),
    "swiss": ("Swiss: standings and the next round's draw", "瑞士移位：排名及下一轮对阵"),
    "deal": ("Deal a set of boards (PBN)", "发牌（PBN 格式）"),
    "handrecord": ("Printable hand records", "可打印的牌例记录"),
    "dd": ("Double-dummy tables and par", "双明手分析与最佳定约"),
    "convert": ("Convert between PBN and LIN", "PBN 与 LIN 格式互转"),
    "auction": ("Check an auction and name the contract", "检查叫牌过程并给出定约"),
    "replay": ("Replay recorded games (game record)", "复盘已记录的牌局（牌局记录）"),
    "analyse": ("The play analysed card by card, double dummy", "逐张牌的双明手打牌分析"),
    "rubber": ("Rubber bridge scorepad", "盘式桥牌记分（十字记分法）"),
    "chicago": ("Chicago scorepad (four deals)", "芝加哥记分（四副一轮）"),
    "handicap": ("HCP handicap: scores corrected for high-card points", "贴点赛记分"),
    "sacrifice": ("Is the sacrifice worth it?", "牺牲叫是否合算"),
    "quiz": ("Scoring practice", "计分练习"),
    "web": ("The web platform: serve, users, demo", "网页平台：服务、用户、演示"),
}


class LazyGroup(Bilingual, click.Group):
    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        zh = _lang.current() == "zh"
        rows = [(name, COMMAND_HELP.get(name, ("", ""))[1 if zh else 0])
                for name in self.list_commands(ctx)]
        with formatter.section("命令" if zh else "Commands"):
            formatter.write_dl(rows)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        pieces = super().collect_usage_pieces(ctx)
        if _lang.current() == "zh" and pieces and pieces[-1] == self.subcommand_metavar:
            pieces[-1] = "命令 [参数]..."
        return pieces

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if self.get_command(ctx, name) is not None)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        try:
            module = importlib.import_module(target[0])
        except ModuleNotFoundError as e:
            if e.name == target[0]:
                return None
            raise
        command: click.Command = getattr(module, target[1])
        return command


def _version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version

    click.echo(f"bridgescore {version('bridgescore')}")
    ctx.exit()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]},
             help="bridgescore: contract-bridge scoring, in English and Chinese.",
             help_zh="bridgescore：桥牌记分，中英文双语。")
@option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
        help="Show the version and exit.", zh="显示版本号并退出。")
# main() settles the language before parsing (so that even usage errors speak it); here the
# option is accepted in front of a command and applies to it: ``bridgescore --lang zh score …``.
@option("--lang", metavar="en|zh", expose_value=False, callback=_lang_callback,
        help="Language of the help, the output and the errors: en or zh.",
        zh="帮助、输出和错误信息的语言：en 或 zh。")
def cli() -> None:
    pass


def _without_lang(argv: Sequence[str]) -> list[str]:
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("--lang="):
            out.append(arg)
    return out


def _json_wanted(argv: Sequence[str]) -> bool:
    args = list(argv)
    if "--" in args:
        args = args[: args.index("--")]
    return "--json" in args


# Exit statuses: 0 done, 1 a compared file disagrees (pairs --compare), 2 bad input,
# 3 an optional package is missing, 130 interrupted.
BAD_INPUT = 2
MISSING_DEPENDENCY = 3

_KINDS: tuple[tuple[type[BaseException], str], ...] = (
    (ImpossibleResultError, "impossible_result"),
    (UnlikelyResultError, "unlikely_result"),
    (NotationError, "notation"),
    (FileFormatError, "file_format"),
    (ScaleError, "scale"),
    (IllegalCallError, "illegal_call"),
    (IllegalPlayError, "illegal_play"),
    (InvalidDealError, "invalid_deal"),
    (BridgeError, "invalid_input"),
)


def _kind(e: BridgeError) -> str:
    code = getattr(e, "code", None)
    if isinstance(code, str) and code:
        return code  # an error that names itself
    return next(kind for cls, kind in _KINDS if isinstance(e, cls))


class _Report:
    """Writes the one error line (or, with ``--json``, one JSON object) on stderr."""

    def __init__(self, lang: Lang, as_json: bool) -> None:
        self.lang = lang
        self.as_json = as_json

    def __call__(self, en: str, zh: str, code: str, status: int, **extra: object) -> int:
        if self.as_json:
            import json  # only for --json: the score command's text output needs no json

            body: dict[str, object] = {"code": code, "message": en, "message_zh": zh,
                                       "status": status}
            body.update({k: v for k, v in extra.items() if v is not None})
            click.echo(json.dumps({"error": body}, ensure_ascii=False), err=True)
        else:
            zh_run = is_zh(self.lang)
            click.echo(("错误：" if zh_run else "error: ") + (zh if zh_run else en), err=True)
        return status


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status (0 ok, 1 differences found by ``--compare``,
    2 bad input, 3 a missing optional package, 130 interrupted)."""
    args = list(sys.argv[1:] if argv is None else argv)
    report = _Report("en", _json_wanted(args))
    try:
        lang = _lang.resolve(args)
    except BridgeError as e:
        return report(e.en, e.zh, "invalid_language", BAD_INPUT)
    install()
    _lang.set_current(lang)
    report.lang = lang
    if not _without_lang(args):
        args = [*args, "--help"]  # ``bridgescore --lang zh`` alone: the help, in Chinese
    # The --lang options write the language they parsed here: errors speak the same one.
    obj: dict[str, object] = {"lang": lang}
    try:
        status = cli.main(args=args, prog_name="bridgescore", standalone_mode=False, obj=obj)
    except BridgeError as e:
        report.lang = _lang.current()
        return report(e.en, e.zh, _kind(e), BAD_INPUT, path=getattr(e, "path", None),
                      line=getattr(e, "line", None))
    except MissingDependencyError as e:
        report.lang = _lang.current()
        return report(e.en, e.zh, "missing_dependency", MISSING_DEPENDENCY,
                      package=e.package, extra=e.extra)
    except click.UsageError as e:
        if type(e).__name__.startswith("NoArgsIsHelp"):
            # ``bridgescore`` alone: show the help rather than an error.
            click.echo(e.ctx.get_help() if e.ctx else e.format_message())
            return 0
        report.lang = _lang.current()
        # click made the message in the run's language (see _lang.CLICK_ZH); the other
        # language is made again for the JSON form.
        message = _words(e.format_message(), report.lang)
        path = e.ctx.command_path if e.ctx else "bridgescore"
        hint_en, hint_zh = f" ({path} --help)", f"（{path} --help）"
        other = _other_language(e, args, obj)
        en, zh = (other, message) if is_zh(report.lang) else (message, other)
        return report(en + hint_en, zh + hint_zh, "usage", BAD_INPUT)
    except click.ClickException as e:
        report.lang = _lang.current()
        message = " ".join(e.format_message().split())
        return report(message, message, "usage", BAD_INPUT)
    except click.exceptions.Exit as e:
        return int(e.exit_code)
    except click.Abort:
        click.echo("", err=True)
        return 130
    except OSError as e:
        report.lang = _lang.current()
        where = f" {e.filename!r}" if e.filename else ""
        return report(f"cannot access{where}: {os_error_text(e, 'en')}",
                      f"无法访问{where}：{os_error_text(e, 'zh')}", "os_error", BAD_INPUT,
                      path=None if e.filename is None else str(e.filename))
    # A command may return its own status (e.g. 1: a compared file disagrees with our scores).
    return status if isinstance(status, int) else 0


def _other_language(e: click.UsageError, args: list[str], obj: dict[str, object]) -> str:
    """The message of a usage error in the language other than the run's.  click words some
    messages when it raises them, so a parsing error is made again by parsing the command
    line once more in the other language (no command runs: see ``DryRun``)."""
    saved = _lang.current()
    other: Lang = "en" if saved == "zh" else "zh"
    _lang.set_current(other)
    message = e.message
    try:
        if not obj.get("invoked"):
            try:
                cli.main(args=args, prog_name="bridgescore", standalone_mode=False,
                         obj={"lang": other, "dry_run": True})
            except click.UsageError as again:
                return _words(again.format_message(), other)
            except (DryRun, BridgeError, click.ClickException, click.exceptions.Exit):
                pass
        if isinstance(e, click.NoSuchOption):
            _set_message(e, _lang.gettext("No such option {name!r}.").format(name=e.option_name))
        return _words(e.format_message(), other)
    finally:
        _set_message(e, message)
        _lang.set_current(saved)


def _words(message: str, lang: Lang) -> str:
    """One line; in Chinese the full stop click appends after a quoted name is made 。."""
    text = " ".join(message.split())
    return re.sub(r"(?<=')\.(?=\s|$)", "。", text) if is_zh(lang) else text


def _set_message(e: click.UsageError, message: str) -> None:
    setattr(e, "message", message)  # noqa: B010  # click marks it final; it is a plain attribute


def entry() -> None:
    sys.exit(main())
