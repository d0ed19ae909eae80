"""The browser every browser test drives: Debian's Chromium, as its headless shell.

``chromium-headless-shell`` is Chromium's own headless build (Blink, V8 and the network stack
of the full browser, without the windowing and the browser UI the full build starts even when
headless); Playwright uses the same shell for headless Chromium.  Measured on the director's
console test: a fifth less CPU than ``/usr/bin/chromium --headless``, the pages rendered alike.
``make web-system`` installs both packages (the full browser is for looking at the pages).
"""

from __future__ import annotations

from pathlib import Path

import pytest

# The binary itself: /usr/bin/chromium-headless-shell is a shell script around it, and a
# wrapper between Playwright and the browser outlives a killed browser.
CHROMIUM = "/usr/lib/chromium/chromium-headless-shell"
# A closed network: no background calls home.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def require() -> None:
    """Fail (never skip) when the browser is missing, saying how to install it."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make web-system` installs Debian's "
                    "chromium-headless-shell", pytrace=False)
