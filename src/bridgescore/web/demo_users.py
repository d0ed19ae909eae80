"""The demo's log-ins: their passwords hashed once each (``web demo``)."""

from __future__ import annotations

import functools

from django.contrib.auth.hashers import make_password


@functools.cache
def password_hash(password: str) -> str:
    """The members share one password (printed by ``web demo``), and the site's hasher takes
    a large part of a second a hash, 29 times over: each password is hashed once."""
    return make_password(password)
