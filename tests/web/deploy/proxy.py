"""The committed deployment files, read by the tests, and Debian's nginx run from them.

The proxy's configuration is generated from ``deploy/nginx.conf`` by replacing exactly four
things (the two upstream addresses, the listen address and the static directory), so what
the tests exercise is the committed file.  The app servers run the commands that
``deploy/compose.yaml`` and ``deploy/Dockerfile`` give them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from .. import servers

DEPLOY = servers.REPO / "deploy"
NGINX_CONF = DEPLOY / "nginx.conf"
COMPOSE = DEPLOY / "compose.yaml"
DOCKERFILE = DEPLOY / "Dockerfile"
ENV_EXAMPLE = DEPLOY / "env.example"


def compose() -> dict[str, Any]:
    data = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def migrate_command() -> list[str]:
    """What the compose file's one-off ``migrate`` service runs."""
    command = compose()["services"]["migrate"]["command"]
    assert isinstance(command, list) and all(isinstance(word, str) for word in command)
    return command


def dockerfile_instruction(name: str) -> list[str]:
    """Every ``name`` instruction of the Dockerfile, continuation lines joined."""
    joined = re.sub(r"\\\n", " ", DOCKERFILE.read_text(encoding="utf-8"))
    return [m.group(1).strip() for m in re.finditer(rf"^{name}\s+(.*)$", joined, re.MULTILINE)]


def image_command() -> list[str]:
    """The image's ``CMD`` (exec form): how each compose app server starts."""
    (cmd,) = dockerfile_instruction("CMD")
    words = json.loads(cmd)
    assert isinstance(words, list) and all(isinstance(word, str) for word in words)
    return words


def image_env() -> dict[str, str]:
    env: dict[str, str] = {}
    for line in dockerfile_instruction("ENV"):
        for name, value in re.findall(r"(\w+)=(\S+)", line):
            env[name] = value
    return env


def proxy_site(upstreams: tuple[int, int], port: int, static_root: Path) -> str:
    """deploy/nginx.conf with the test's addresses and static directory, nothing else changed."""
    text = NGINX_CONF.read_text(encoding="utf-8")
    for old, new in (("server app1:8000;", f"server 127.0.0.1:{upstreams[0]};"),
                     ("server app2:8000;", f"server 127.0.0.1:{upstreams[1]};"),
                     ("listen 80;", f"listen 127.0.0.1:{port};"),
                     ("alias /static/;", f"alias {static_root}/;")):
        if text.count(old) != 1:
            raise AssertionError(f"deploy/nginx.conf has {text.count(old)} × {old!r}, expected "
                                 "exactly one: the test substitutes it (tests/web/deploy/proxy.py)")
        text = text.replace(old, new)
    return text


# The frame around the site, shaped like the official nginx image's /etc/nginx/nginx.conf
# (which includes the site from conf.d/ inside `http`), but with every file that nginx
# writes in the test's own directory so that no root-owned path is touched.  No `gzip on`
# (the official image has none either): a compressed answer can only come from gzip_static.
MAIN = """\
{user}worker_processes 1;
error_log {dir}/error.log warn;
pid {dir}/nginx.pid;
events {{ worker_connections 256; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {dir}/access.log;
    client_body_temp_path {dir}/client_body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    sendfile on;
    keepalive_timeout 65;
    gzip off;
    include {dir}/site.conf;
}}
"""


def nginx_binary() -> str:
    found = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)
    if found is None:
        why = "Debian's nginx is missing: `make web-system` installs it (as root: apt-get install nginx)"
        if os.environ.get("CI") == "true":
            pytest.fail(why, pytrace=False)
        pytest.skip(why)
    return found


@dataclass
class Nginx:
    url: str
    port: int
    directory: Path
    process: subprocess.Popen[bytes]

    def error_log(self) -> str:
        path = self.directory / "error.log"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""

    def stop(self) -> None:
        self.process.terminate()  # SIGTERM: nginx's fast shutdown
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)


def start_nginx(directory: Path, upstreams: tuple[int, int], static_root: Path,
                timeout: float = 15.0) -> Nginx:
    binary = nginx_binary()
    directory.mkdir(parents=True, exist_ok=True)
    port = servers.free_port()
    (directory / "site.conf").write_text(proxy_site(upstreams, port, static_root),
                                         encoding="utf-8")
    # As root (CI), nginx's workers would switch to `nobody`, who may not read pytest's
    # private temporary directory; as anyone else the directive is ignored.
    user = "user root;\n" if os.geteuid() == 0 else ""
    (directory / "nginx.conf").write_text(MAIN.format(user=user, dir=directory),
                                          encoding="utf-8")
    args = [binary, "-p", str(directory), "-e", str(directory / "error.log"),
            "-c", str(directory / "nginx.conf"), "-g", "daemon off;"]
    check = subprocess.run([*args[:-2], "-t", "-q"], capture_output=True, text=True, check=False)
    if check.returncode != 0:
        raise AssertionError(f"nginx refuses the configuration:\n{check.stderr}")
    with (directory / "nginx.out").open("wb") as out:
        process = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT)
    proxy = Nginx(f"http://127.0.0.1:{port}", port, directory, process)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"nginx exited ({process.returncode}):\n{proxy.error_log()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proxy
        except OSError:
            time.sleep(0.05)
    proxy.stop()
    raise AssertionError(f"nginx did not listen in {timeout} s:\n{proxy.error_log()}")
