"""``bridgescore web …``: run the web platform.

Django is imported only inside the commands, so ``bridgescore --help`` and the other
commands never load it, and a missing ``[web]`` extra is one clear line, not a traceback.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Any

import click

from ..errors import BridgeError


def _lang(ctx: click.Context) -> str:
    obj = ctx.find_root().obj or {}
    return str(obj.get("lang", "en"))


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
        raise BridgeError(f"settings: {e}", f"设置有误：{e}") from None


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
    from .setup import collect_static, compile_catalogues, forget_expired_counts

    compiled = compile_catalogues()
    pending = _pending_migrations()
    _call("migrate", interactive=False, verbosity=0 if quiet or not pending else 1)
    # Housekeeping: failure counts whose window has passed are never read again.
    logins, secrets = forget_expired_counts()
    collected = collect_static() if static else None
    return Prepared(len(compiled), pending, collected, logins, secrets)


@click.group("web", context_settings={"help_option_names": ["-h", "--help"]})
def web_cmd() -> None:
    """The web platform (Django): serve it, add users, load demo data.

    网页平台：启动服务、添加用户、载入演示数据。
    """


@web_cmd.command("prepare")
@click.option("--quiet", is_flag=True, help="Print only errors. / 只输出错误。")
@click.pass_context
def prepare_cmd(ctx: click.Context, quiet: bool) -> None:
    """Get the install ready to serve, then exit: compile the translations, migrate the
    database, sweep expired throttle counts, collect the static files.  Each step does
    nothing when there is nothing to do, so it is safe to run before every start (what a
    deployment runs before `web serve --no-migrate`).

    准备好安装后退出：编译翻译、迁移数据库、清除过期的限流计数、收集静态文件。无事可做的步骤不做任何改动，因此每次启动前都可运行（部署时在 `web serve --no-migrate` 之前运行）。
    """
    setup_django()
    done = prepare(quiet=quiet)
    if not quiet:
        for line in done.lines(_lang(ctx) == "zh"):
            click.echo(line)


@web_cmd.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Worker processes (more than one needs REDIS_URL).")
@click.option("--no-migrate", is_flag=True,
              help="Skip `web prepare` (migrations, static files, sweeping): done elsewhere.")
@click.option("--forwarded-allow-ips", default="127.0.0.1", show_default=True,
              help="Proxies whose X-Forwarded-For/-Proto headers are trusted.")
@click.pass_context
def serve_cmd(ctx: click.Context, host: str, port: int, workers: int, no_migrate: bool,
              forwarded_allow_ips: str) -> None:
    """Prepare (as `web prepare`, unless --no-migrate) and run the ASGI server."""
    setup_django()
    if workers > 1 and not os.environ.get("REDIS_URL"):
        raise BridgeError(
            "--workers above 1 needs REDIS_URL: without Redis each worker has its own "
            "channel layer and live updates would not reach every viewer",
            "--workers 大于 1 时需要设置 REDIS_URL：没有 Redis，每个进程各有自己的通道层，"
            "实时更新无法送达所有观看者",
        )
    if not no_migrate:
        for line in prepare().lines(_lang(ctx) == "zh"):
            click.echo(line)
    import uvicorn

    zh = _lang(ctx) == "zh"
    click.echo(("网站地址：" if zh else "Serving on ") + f"http://{host}:{port}/ "
               + ("（Ctrl-C 停止）" if zh else "(Ctrl-C stops it)"))
    uvicorn.run("bridgescore.web.asgi:application", host=host, port=port, workers=workers,
                proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips,
                lifespan="off", log_level=os.environ.get("BRIDGESCORE_LOG_LEVEL", "info").lower())


ROLES = ("player", "member", "director", "administrator")


@web_cmd.command("createuser")
@click.argument("name")
@click.option("--role", type=click.Choice(ROLES), default="player", show_default=True)
@click.option("--club", metavar="SLUG", help="The club, for member and director (created if new).")
@click.option("--email", default="", help="E-mail address (for password resets).")
@click.option("--name-en", default="", help="The player's name in English.")
@click.option("--name-zh", default="", help="The player's name in Chinese.")
@click.option("--password-stdin", is_flag=True, help="Read a password from standard input.")
@click.option("--token/--no-token", default=True, show_default=True,
              help="Create an API token and print it.")
@click.pass_context
def createuser_cmd(ctx: click.Context, name: str, role: str, club: str | None, email: str,
                   name_en: str, name_zh: str, password_stdin: bool, token: bool) -> None:
    """Create a user with a role and print an API token for scripts."""
    setup_django()
    from .accounts.services import create_user

    password = sys.stdin.readline().rstrip("\n") if password_stdin else None
    created = create_user(name, role=role, club=club, email=email, name_en=name_en,
                          name_zh=name_zh, password=password, with_token=token)
    zh = _lang(ctx) == "zh"
    if created.club_created:
        click.echo(f"已新建俱乐部 {club}" if zh else f"created club {club}", err=True)
    click.echo((f"已新建用户 {name}（{role}）" if zh else f"created user {name} ({role})"), err=True)
    if created.token:
        click.echo(created.token)


@web_cmd.command("demo")
@click.pass_context
def demo_cmd(ctx: click.Context) -> None:
    """Load the demo club, its director and members (again: changes nothing)."""
    setup_django()
    prepare(quiet=True, static=False)
    from .demo import load_demo

    zh = _lang(ctx) == "zh"
    for line in load_demo().lines("zh" if zh else "en"):
        click.echo(line)


@web_cmd.command("manage", context_settings={"ignore_unknown_options": True,
                                               "allow_extra_args": True})
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def manage_cmd(args: tuple[str, ...]) -> None:
    """Run a Django management command (migrate, createsuperuser, shell, …)."""
    setup_django()
    from django.core.management import execute_from_command_line

    execute_from_command_line(["bridgescore web manage", *args])
