"""The deployment files agree with each other and with the app (no Docker needed).

compose.yaml, the Dockerfile, nginx.conf and env.example name the same variables, paths,
ports and services; the image's health check asks in a way Django answers.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from django.conf import settings
from django.http.request import validate_host

from .. import servers
from . import proxy

WEB = servers.REPO / "src" / "bridgescore" / "web"


def healthcheck() -> ModuleType:
    spec = importlib.util.spec_from_file_location("healthcheck", proxy.DEPLOY / "healthcheck.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def app_services() -> dict[str, dict[str, Any]]:
    """The long-running app servers: the image without a command of their own."""
    services: dict[str, dict[str, Any]] = proxy.compose()["services"]
    found = {name: s for name, s in services.items()
             if s.get("image") == "bridgescore-web" and "command" not in s}
    assert len(found) >= 2, services.keys()
    return found


def nginx_upstreams() -> list[str]:
    block = re.search(r"upstream bridgescore \{(.*?)\}", proxy.NGINX_CONF.read_text(), re.DOTALL)
    assert block is not None
    return re.findall(r"^\s*server\s+(\S+);", block.group(1), re.MULTILINE)


def test_every_variable_of_the_compose_file_is_in_env_example_and_the_other_way() -> None:
    used = set(re.findall(r"\$\{(\w+)", proxy.COMPOSE.read_text()))
    listed = set(re.findall(r"^(\w+)=", proxy.ENV_EXAMPLE.read_text(), re.MULTILINE))
    assert used == listed
    assert {"POSTGRES_PASSWORD", "BRIDGESCORE_SECRET_KEY"} <= used


def test_every_variable_given_to_the_app_is_one_the_app_reads() -> None:
    source = (WEB / "settings.py").read_text() + (WEB / "config.py").read_text()
    env = proxy.compose()["services"]["migrate"]["environment"]
    assert {"DATABASE_URL", "REDIS_URL", "BRIDGESCORE_SECRET_KEY"} <= set(env)
    for name in [*env, *proxy.image_env()]:
        if name != "PYTHONUNBUFFERED":
            assert f'"{name}"' in source, f"{name} is set for the app but never read"
    for service in app_services().values():
        assert service["environment"] == env  # one set of settings for every container


def test_the_static_directory_is_one_path_everywhere() -> None:
    root = proxy.image_env()["BRIDGESCORE_STATIC_ROOT"]
    services = proxy.compose()["services"]
    for name in [*app_services(), "migrate", "proxy"]:
        mounts = [v.split(":") for v in services[name]["volumes"] if v.startswith("static:")]
        assert [m[1] for m in mounts] == [root], name
        # Only the migrate service writes the files.
        assert (mounts[0][2:] == ["ro"]) == (name != "migrate"), name
    location = re.search(r"location (\S+) \{\s*alias (\S+);", proxy.NGINX_CONF.read_text())
    assert location is not None
    assert location.groups() == (settings.STATIC_URL, root + "/")


def test_the_proxy_knows_every_app_server_and_nothing_else_is_published() -> None:
    command = proxy.image_command()
    port = command[command.index("--port") + 1]
    assert sorted(nginx_upstreams()) == sorted(f"{name}:{port}" for name in app_services())
    assert proxy.dockerfile_instruction("EXPOSE") == [port]
    (check,) = proxy.dockerfile_instruction("HEALTHCHECK")
    assert check.endswith(f'CMD ["python", "/src/deploy/healthcheck.py", "{port}"]')
    services = proxy.compose()["services"]
    # The image trusts X-Forwarded-For from any address: only the proxy may reach it.
    assert [name for name, s in services.items() if "ports" in s] == ["proxy"]
    assert "--forwarded-allow-ips" in command
    proxy_deps = services["proxy"]["depends_on"]
    assert {n: d["condition"] for n, d in proxy_deps.items()} == {
        n: "service_healthy" for n in app_services()}


def test_the_docs_give_the_commands_that_the_test_runs() -> None:
    docs = (servers.REPO / "docs" / "deploy.md").read_text()
    assert proxy.migrate_command() == ["bridgescore", "web", "prepare"]
    assert "\nbridgescore web prepare\n" in docs
    assert "ExecStart=/srv/venv/bin/bridgescore web prepare\n" in docs
    assert "bridgescore web serve --port 8001 --no-migrate" in docs


@pytest.mark.parametrize(("allowed", "expected"), [
    ("bridge.example.org www.bridge.example.org", "bridge.example.org"),
    ("bridge.example.org,www.bridge.example.org", "bridge.example.org"),
    (".example.org", "example.org"),
    ("*", "localhost"),
    ("", "localhost"),
    ("[::1] localhost", "[::1]"),
])
def test_the_health_check_asks_by_an_allowed_name(allowed: str, expected: str) -> None:
    host = healthcheck().host_for(allowed)
    assert host == expected
    # Django's own rule decides whether the name would be answered.
    allowed_hosts = allowed.replace(",", " ").split() or ["localhost", "127.0.0.1", "[::1]"]
    assert validate_host(host, allowed_hosts)


def test_the_health_check_against_a_server_that_allows_only_the_clubs_name(
        tmp_path: Path) -> None:
    # Nothing collected here (the real storage, an empty static directory), as in a
    # container whose static volume is still empty: the 400 page needs no manifest.
    env = servers.server_env(tmp_path, BRIDGESCORE_ALLOWED_HOSTS="bridge.example.org",
                             BRIDGESCORE_STATIC_ROOT=str(tmp_path / "empty-static"))
    port = servers.free_port()
    log = tmp_path / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "bridgescore", "web", "serve",
                                    "--no-migrate", "--port", str(port)],
                                   env=env, stdout=out, stderr=subprocess.STDOUT)
    script = [sys.executable, str(proxy.DEPLOY / "healthcheck.py"), str(port)]
    try:
        deadline = time.monotonic() + 60
        while subprocess.run(script, env=env, capture_output=True, check=False).returncode:
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        # Asked as 127.0.0.1 (what a plain check would do), the server refuses.
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5)
        assert refused.value.code == 400
        page = refused.value.read().decode()
        assert "Unknown site name" in page and "未知的网站名称" in page
        assert "&#x27;127.0.0.1:" in page and "Server error" not in page
    finally:
        process.terminate()
        process.wait(10)
    down = subprocess.run(script, env=env, capture_output=True, text=True, check=False)
    assert down.returncode == 1 and f"healthz on port {port} as bridge.example.org" in down.stderr
