"""``bridgescore web …``: run the web platform.

Django is imported only inside the commands, so ``bridgescore --help``, the other commands,
``web … --help`` and a usage error never load it, and a missing ``[web]`` extra is one clear
line, not a traceback.  The commands are declared as the library's are (``cli/_params.py``):
help, messages and errors in the language of the run (``--lang``, else ``BRIDGESCORE_LANG``,
else English), bad input a one-line error quoting it and exit status 2.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from ..cli._common import _lang_callback, lang_option
from ..cli._params import Group, Whole, argument, group, option
from ..core.errors import BridgeError
from ..core.i18n import Lang, is_zh, pick

F = TypeVar("F", bound=Callable[..., Any])

# Our settings word their errors "English / 中文" (web/config.py): each language its half.
_BOTH = re.compile(r"(?s)(.*?) / (?=[\u4e00-\u9fff])(.*)")


def _settings_error(text: str) -> BridgeError:
    both = _BOTH.fullmatch(text)
    en, zh = (both.group(1), both.group(2)) if both else (text, text)
    return BridgeError(f"settings: {en}", f"设置有误：{zh}")


def _lang_setting(f: F) -> F:
    """``--lang`` for the group and ``manage``, which print nothing of their own: it sets the
    language of the run (help, errors) without being passed to the function."""
    return option(
        "--lang", metavar="en|zh", expose_value=False, callback=_lang_callback,
        help="Output language: en (English) or zh (Chinese); default $BRIDGESCORE_LANG, else en.",
        zh="输出语言：en（英文）或 zh（中文）；默认取 $BRIDGESCORE_LANG，否则为 en。",
    )(f)


def setup_django() -> None:
    """Configure Django from the environment, or say what is missing."""
    try:
        import django
    except ModuleNotFoundError:
        raise BridgeError(
            "the web platform is not installed: pip install 'bridgescore[web]'",
            "未安装网页平台：请运行 pip install 'bridgescore[web]'",
        ) from None
    from django.core.exceptions import ImproperlyConfigured

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bridgescore.web.settings")
    try:
        django.setup()
    except ImproperlyConfigured as e:
        raise _settings_error(str(e)) from None
    from django.utils import translation

    from ..cli import _lang

    # Django's own texts (a status, a password validator's message) in the run's language,
    # whatever language the process's Django was left in (a command run in-process after a
    # request, as the tests do); given back when the command ends.
    before = translation.get_language()
    translation.activate("zh-hans" if is_zh(_lang.current()) else "en")
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.call_on_close(lambda: translation.activate(before) if before
                          else translation.deactivate())


def _call(name: str, *args: str, **options: Any) -> None:
    from django.core.management import call_command
    from django.db.utils import OperationalError

    try:
        call_command(name, *args, **options)
    except OperationalError as e:
        raise BridgeError(f"database: {e}", f"数据库错误：{e}") from None


@dataclass(frozen=True)
class Prepared:
    """What :func:`prepare` did (each step does nothing when it has nothing to do)."""

    compiled: int
    migrations: int
    static: bool | None  # collected; False: unchanged since the last run; None: not asked
    logins_swept: int
    secrets_swept: int

    def lines(self, zh: bool) -> list[str]:
        static = {True: ("collected", "已收集"), False: ("unchanged", "未变，跳过"),
                  None: ("not asked for", "未要求")}[self.static]
        if zh:
            return [f"翻译：编译了 {self.compiled} 个目录",
                    f"数据库：应用了 {self.migrations} 个迁移",
                    f"静态文件：{static[1]}",
                    f"限流计数：清除了 {self.logins_swept} 条过期的登录失败记录、"
                    f"{self.secrets_swept} 条过期的桌号密钥失败记录"]
        return [f"translations: {self.compiled} catalogue(s) compiled",
                f"database: {self.migrations} migration(s) applied",
                f"static files: {static[0]}",
                f"throttle: {self.logins_swept} expired log-in count(s) and "
                f"{self.secrets_swept} expired table-secret count(s) removed"]


def _pending_migrations() -> int:
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor
    from django.db.utils import OperationalError

    try:
        executor = MigrationExecutor(connection)
        return len(executor.migration_plan(executor.loader.graph.leaf_nodes()))
    except OperationalError as e:
        raise BridgeError(f"database: {e}", f"数据库错误：{e}") from None


def prepare(quiet: bool = False, static: bool = True) -> Prepared:
    """What every start needs, each step only when needed: the translations, the database
    schema, the expired throttle counts swept, the static files."""
    from .setup import collect_static, compile_catalogues, forget_expired_counts, require_assets

    compiled = compile_catalogues()
    require_assets()  # never a site quietly without htmx or its translations
    pending = _pending_migrations()
    _call("migrate", interactive=False, verbosity=0 if quiet or not pending else 1)
    # Housekeeping: failure counts whose window has passed are never read again.
    logins, secrets = forget_expired_counts()
    collected = collect_static() if static else None
    return Prepared(len(compiled), pending, collected, logins, secrets)


@group("web", context_settings={"help_option_names": ["-h", "--help"]},
       help="The web platform (Django): serve it, add users, load demo data.",
       zh="网页平台（Django）：启动服务、添加用户、载入演示数据。")
@_lang_setting
def web_cmd() -> None:
    pass


@web_cmd.command(
    "prepare",
    help="Get the install ready to serve, then exit.\n\nIt compiles the translations, "
         "migrates the database, sweeps expired throttle counts and collects the static "
         "files.  Each step does "
         "nothing when there is nothing to do, so it is safe to run before every start (what "
         "a deployment runs before `web serve --no-migrate`).",
    help_zh="准备好安装后退出。\n\n依次编译翻译、迁移数据库、清除过期的限流计数、收集静态文件。无事可做的"
            "步骤不做任何改动，因此每次启动前都可运行（部署时在 `web serve --no-migrate` 之前运行）。")
@option("--quiet", is_flag=True, help="Print only errors.", zh="只输出错误。")
@lang_option
def prepare_cmd(quiet: bool, lang: Lang) -> None:
    setup_django()
    done = prepare(quiet=quiet)
    if not quiet:
        for line in done.lines(is_zh(lang)):
            click.echo(line)


@web_cmd.command(
    "serve",
    help="Prepare (as `web prepare`, unless --no-migrate) and run the ASGI server.",
    help_zh="先做准备（同 `web prepare`，除非给出 --no-migrate），再运行 ASGI 服务器。")
@option("--host", default="127.0.0.1", show_default=True, metavar="ADDRESS",
        help="Address to listen on.", zh="监听的地址。")
@option("--port", default=8000, show_default=True, type=Whole(1, 65535), metavar="N",
        help="Port to listen on.", zh="监听的端口。")
@option("--workers", default=1, show_default=True, type=Whole(1, 64), metavar="N",
        help="Worker processes (more than one needs REDIS_URL).",
        zh="工作进程数（多于一个时需要设置 REDIS_URL）。")
@option("--no-migrate", is_flag=True,
        help="Skip `web prepare` (migrations, static files, sweeping): done elsewhere.",
        zh="跳过 `web prepare`（迁移、静态文件、清除计数）：已在别处完成。")
@option("--forwarded-allow-ips", default="127.0.0.1", show_default=True, metavar="IPS",
        help="Proxies whose X-Forwarded-For/-Proto headers are trusted.",
        zh="信任其 X-Forwarded-For/-Proto 头的代理。")
@lang_option
def serve_cmd(host: str, port: int, workers: int, no_migrate: bool, forwarded_allow_ips: str,
              lang: Lang) -> None:
    setup_django()
    if workers > 1 and not os.environ.get("REDIS_URL"):
        raise BridgeError(
            "--workers above 1 needs REDIS_URL: without Redis each worker has its own "
            "channel layer and live updates would not reach every viewer",
            "--workers 大于 1 时需要设置 REDIS_URL：没有 Redis，每个进程各有自己的通道层，"
            "实时更新无法送达所有观看者",
        )
    if not no_migrate:
        for line in prepare().lines(is_zh(lang)):
            click.echo(line)
    else:
        from .setup import require_assets

        require_assets()
    import uvicorn

    click.echo(pick(lang, f"Serving on http://{host}:{port}/ (Ctrl-C stops it)",
                    f"网站地址：http://{host}:{port}/ （Ctrl-C 停止）"))
    uvicorn.run("bridgescore.web.asgi:application", host=host, port=port, workers=workers,
                proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips,
                lifespan="off", log_level=os.environ.get("BRIDGESCORE_LOG_LEVEL", "info").lower())


ROLES = ("player", "member", "director", "administrator")


@web_cmd.command("createuser",
                 help="Create a user with a role and print an API token for scripts.",
                 help_zh="新建一个带角色的用户，并输出供脚本使用的 API 令牌。")
@argument("name", metavar="NAME", help="The user name (letters, digits and @ . + - _).",
          zh="用户名（字母、数字和 @ . + - _）。")
@option("--role", type=click.Choice(ROLES), default="player", show_default=True,
        help="What the user may do: player, member or director of a club, administrator "
             "of the site.",
        zh="用户的角色：player（选手）、member（俱乐部会员）、director（俱乐部裁判）或 "
           "administrator（全站管理员）。")
@option("--club", metavar="SLUG", help="The club, for member and director (created if new).",
        zh="俱乐部简称：member 与 director 需要（不存在则新建）。")
@option("--email", default="", metavar="ADDRESS", help="E-mail address (for password resets).",
        zh="电子邮箱（用于重设密码）。")
@option("--name-en", default="", metavar="NAME", help="The player's name in English.",
        zh="选手的英文名。")
@option("--name-zh", default="", metavar="NAME", help="The player's name in Chinese.",
        zh="选手的中文名。")
@option("--password-stdin", is_flag=True, help="Read a password from standard input.",
        zh="从标准输入读取密码。")
@option("--token/--no-token", default=True, show_default=True,
        help="Create an API token and print it.", zh="新建 API 令牌并输出。")
@lang_option
def createuser_cmd(name: str, role: str, club: str | None, email: str, name_en: str,
                   name_zh: str, password_stdin: bool, token: bool, lang: Lang) -> None:
    setup_django()
    from .accounts.services import create_user

    password = sys.stdin.readline().rstrip("\n") if password_stdin else None
    created = create_user(name, role=role, club=club, email=email, name_en=name_en,
                          name_zh=name_zh, password=password, with_token=token)
    if created.club_created:
        click.echo(pick(lang, f"created club {club}", f"已新建俱乐部 {club}"), err=True)
    click.echo(pick(lang, f"created user {name} ({role})", f"已新建用户 {name}（{role}）"),
               err=True)
    if created.token:
        click.echo(created.token)


@web_cmd.command("demo",
                 help="Load the demo club, its director and members (again: changes nothing).",
                 help_zh="载入演示俱乐部及其裁判和会员（再次运行不做任何改动）。")
@lang_option
def demo_cmd(lang: Lang) -> None:
    setup_django()
    prepare(quiet=True, static=False)
    from .demo import load_demo

    for line in load_demo().lines(pick(lang, "en", "zh")):
        click.echo(line)


@web_cmd.group("ratings", cls=Group,
               help="The Rate on the platform: check what the weekly close stored.",
               help_zh="平台上的牌技指数：核对每周结算存储的数据。")
@_lang_setting
def ratings_cmd() -> None:
    pass


@ratings_cmd.command(
    "recompute",
    help="Rate a club's weeks again from the pool's stored results and compare.\n\n"
         "The weeks are rated in order from an empty start, each with the settings it was "
         "rated with, and compared with the stored history and standings to the last digit. "
         "With --refit, the switch-over to a new Rate: every rated week is rated again with "
         "today's settings, in order, exactly once, and stored as the weekly close stores it. "
         "Exit status 0: the same (or refitted); 1: they differ (the first differences are "
         "listed); 2: bad input.",
    help_zh="根据牌库存储的结果重新计算某俱乐部各周的牌技指数并比对。\n\n"
            "从空白起点按周依次计算，每周使用当时的设置，与存储的历史和当前排名逐位比对。"
            "加 --refit 则切换到新版牌技指数：按现在的设置依次把每个已计算的周重新计算一次，并像每周结算一样存储。"
            "退出状态 0：一致（或已重新计算）；1：不一致（列出最先发现的差异）；2：输入有误。")
@option("--club", required=True, metavar="SLUG", help="The club's short name.",
        zh="俱乐部简称。")
@option("--week", type=Whole(1, 10**9), default=None, metavar="N",
        help="Recompute the weeks up to week N only (the standings are compared only up to "
             "the last rated week).",
        zh="只重算到第 N 周（仅当算到最后一个已计算的周时才比对当前排名）。")
@option("--refit", is_flag=True, default=False,
        help="Rate every stored week again with today's settings and store it (the "
             "switch-over to a new Rate).",
        zh="按现在的设置重新计算并存储每个已计算的周（切换到新版牌技指数）。")
@lang_option
@click.pass_context
def recompute_cmd(ctx: click.Context, club: str, week: int | None, refit: bool,
                  lang: Lang) -> None:
    setup_django()
    from django.db.utils import DatabaseError

    from .ratings.recompute import recompute
    from .ratings.recompute import refit as refit_club

    try:
        if refit:
            if week is not None:
                raise BridgeError("--refit rates every week: it takes no --week",
                                  "--refit 会重新计算所有周：不能与 --week 同用")
            n = refit_club(club)
            click.echo(pick(lang, f"club {club}: {n} week(s) rated again and stored",
                            f"俱乐部 {club}：已重新计算并存储 {n} 周"))
            return
        done = recompute(club, week)
    except DatabaseError as e:  # a database not set up yet (`web prepare` migrates it)
        raise BridgeError(f"database: {e} (run `bridgescore web prepare` first)",
                          f"数据库错误：{e}（请先运行 `bridgescore web prepare`）") from None
    if done.count:
        click.echo(pick(lang, f"club {club}: {done.count} difference(s) in {done.weeks} "
                              f"week(s); the first:",
                        f"俱乐部 {club}：{done.weeks} 周中有 {done.count} 处不一致；最先发现的："))
        for en, zh in done.differences:
            click.echo("  " + pick(lang, en, zh))
        ctx.exit(1)
    click.echo(pick(lang, f"club {club}: {done.weeks} week(s) recomputed, {done.rows} rows "
                          "the same to the last digit",
                    f"俱乐部 {club}：已重算 {done.weeks} 周，{done.rows} 行逐位一致"))


# Everything after the command's name goes to Django untouched, its options included (only
# --help and --lang are ours: `web manage help` is Django's own help).
@web_cmd.command("manage", context_settings={"ignore_unknown_options": True,
                                               "allow_extra_args": True},
                 help="Run a Django management command (migrate, createsuperuser, shell, …).",
                 help_zh="运行 Django 管理命令（migrate、createsuperuser、shell 等）。")
@argument("args", nargs=-1, type=click.UNPROCESSED, metavar="COMMAND [ARGS]...",
          help="The management command and its arguments (`help` lists them).",
          zh="管理命令及其参数（`help` 列出全部命令）。")
@_lang_setting
def manage_cmd(args: tuple[str, ...]) -> None:
    setup_django()
    from django.core.management import execute_from_command_line

    execute_from_command_line(["bridgescore web manage", *args])
