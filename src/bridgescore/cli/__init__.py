"""The ``bridgescore`` command: a thin layer over the library.

Commands live in small modules that are imported only when their command runs, so
``bridgescore score …`` stays fast.  Every error a user can cause ends as one line on stderr
and exit status 2, never a traceback.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Sequence

import click

from ..errors import BridgeError
from ..i18n import os_error_text

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
    "rubber": ("Rubber bridge scorepad", "盘式桥牌记分（十字记分法）"),
    "chicago": ("Chicago scorepad (four deals)", "芝加哥记分（四副一轮）"),
    "handicap": ("贴点: scores corrected for high-card points", "贴点赛记分"),
    "sacrifice": ("Is the sacrifice worth it?", "牺牲叫是否合算"),
    "quiz": ("Scoring practice", "计分练习"),
    "web": ("The web platform: serve, users, demo", "网页平台：服务、用户、演示"),
}


class LazyGroup(click.Group):
    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        zh = (ctx.obj or {}).get("lang") == "zh"
        rows = [(name, COMMAND_HELP.get(name, ("", ""))[1 if zh else 0])
                for name in self.list_commands(ctx)]
        with formatter.section("命令" if zh else "Commands"):
            formatter.write_dl(rows)

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


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="bridgescore")
# Read by main() before parsing (so that even usage errors speak the language); here it only
# has to be accepted in front of a command too: ``bridgescore --lang zh --help``.
@click.option("--lang", metavar="en|zh", expose_value=False, help="Language of the help: en or zh.")
def cli() -> None:
    """bridgescore: contract-bridge scoring in Chinese and English. 桥牌记分。"""


def _lang_from(argv: Sequence[str]) -> str:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return "zh" if argv[i + 1].lower().startswith("zh") else "en"
        if arg.startswith("--lang="):
            return "zh" if arg[7:].lower().startswith("zh") else "en"
    return "zh" if os.environ.get("BRIDGESCORE_LANG", "").lower().startswith("zh") else "en"


# Click's own usage messages, in Chinese for ``--lang zh`` (the rest of the text is kept).
_CLICK_ZH = (
    (re.compile(r"^Missing argument '([^']*)'\.?"), r"缺少参数 \1。"),
    (re.compile(r"^Missing option '([^']*)'(?: / '([^']*)')?\.?"), r"缺少选项 \1。"),
    (re.compile(r"^No such option:? '?([^'\s]+?)'?\.?(?= |$)"), r"没有此选项：\1。"),
    (re.compile(r" Did you mean (\S+?)\?"), r" 是否要用 \1？"),
    (re.compile(r"^No such command '([^']*)'\.?"), r"没有此命令：\1。"),
    (re.compile(r"^Invalid value for (.+?): "), r"\1 的值无效："),
    (re.compile(r"^Option '([^']*)' requires an argument\.?"), r"选项 \1 需要一个值。"),
    (re.compile(r"^Got unexpected extra arguments? \((.*)\)"), r"多余的参数：\1"),
    (re.compile(r"'([^']*)' is not a valid integer( range)?\.?"), r"'\1' 不是有效的整数。"),
    (re.compile(r"'([^']*)' is not a valid float( range)?\.?"), r"'\1' 不是有效的数。"),
    (re.compile(r"'([^']*)' is not one of (.*?)\.?$"), r"'\1' 不是以下之一：\2。"),
    (re.compile(r"'([^']*)' is not (?:in the range|one of the choices) (.*?)\.?$"), r"'\1' 不在范围 \2 内。"),
    (re.compile(r"(?:File|Path|Directory) '([^']*)' does not exist\.?"), r"'\1' 不存在。"),
    (re.compile(r"(?:File|Path) '([^']*)' is a directory\.?"), r"'\1' 是目录。"),
)



def _click_zh(message: str) -> str:
    for pattern, repl in _CLICK_ZH:
        message = pattern.sub(repl, message)
    return message


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status (0 ok, 2 bad input)."""
    args = list(sys.argv[1:] if argv is None else argv)
    lang = _lang_from(args)
    prefix = "错误：" if lang == "zh" else "error: "
    try:
        status = cli.main(args=args, prog_name="bridgescore", standalone_mode=False,
                          obj={"lang": lang})
    except BridgeError as e:
        click.echo(prefix + e.message(lang), err=True)
        return 2
    except click.UsageError as e:
        if type(e).__name__.startswith("NoArgsIsHelp"):
            # ``bridgescore`` alone: show the help rather than an error.
            click.echo(e.ctx.get_help() if e.ctx else e.format_message())
            return 0
        hint = f" ({e.ctx.command_path} --help)" if e.ctx else ""
        message = " ".join(e.format_message().split())
        if lang == "zh":
            message = _click_zh(message)
        click.echo(prefix + message + hint, err=True)
        return 2
    except click.ClickException as e:
        click.echo(prefix + " ".join(e.format_message().split()), err=True)
        return 2
    except click.exceptions.Exit as e:
        return int(e.exit_code)
    except click.Abort:
        click.echo("", err=True)
        return 130
    except OSError as e:
        where = f" {e.filename!r}" if e.filename else ""
        if lang == "zh":
            text = f"无法访问{where}：{os_error_text(e, 'zh')}"
        else:
            text = f"cannot access{where}: {e.strerror}"
        click.echo(prefix + text, err=True)
        return 2
    # A command may return its own status (e.g. 1: a compared file disagrees with our scores).
    return status if isinstance(status, int) else 0


def entry() -> None:
    sys.exit(main())
