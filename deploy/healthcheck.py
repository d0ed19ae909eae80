"""The image's health check (deploy/Dockerfile): GET /healthz on this container's app server.

Django answers only to the names in BRIDGESCORE_ALLOWED_HOSTS and refuses any other Host
with 400, so the check must not ask as 127.0.0.1 (a club's list names its own site): it
asks by the first allowed name.  Standard library only: it runs every few seconds.

    python deploy/healthcheck.py [PORT]      exit 0 when healthy, 1 otherwise
"""

from __future__ import annotations

import os
import sys
import urllib.request


def host_for(allowed: str) -> str:
    """A Host header that the app server accepts, given BRIDGESCORE_ALLOWED_HOSTS."""
    for name in allowed.replace(",", " ").split():
        if name == "*":
            return "localhost"
        # ".example.org" allows example.org and every name under it.
        name = name.lstrip(".")
        if name:
            return name
    return "localhost"  # unset: the app's default list starts with it


def main(argv: list[str]) -> int:
    port = int(argv[1]) if len(argv) > 1 else 8000
    host = host_for(os.environ.get("BRIDGESCORE_ALLOWED_HOSTS", ""))
    request = urllib.request.Request(f"http://127.0.0.1:{port}/healthz", headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=4) as answer:
            return 0 if answer.status == 200 else 1
    except OSError as e:  # refused, timed out, or an HTTP error status (503: see its body)
        print(f"healthz on port {port} as {host}: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
