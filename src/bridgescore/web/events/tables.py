"""The secret that binds a phone to one table of one event.

A table's secret is an HMAC of the server's ``SECRET_KEY`` over the event, the table and a
random salt, so the director can print the table card again (same secret) and can replace a
leaked one (new salt), while the database holds only its SHA-256.  The secret is 16
characters of URL-safe base64 (96 bits): unguessable, and short enough for a QR code.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from django.conf import settings

from ..clubs.models import Club
from ..core.fastsql import Joined
from .models import Event, Table

TOKEN_LENGTH = 16


def new_salt() -> str:
    return secrets.token_hex(16)


def token_for(event_id: int, number: int, salt: str) -> str:
    key = settings.SECRET_KEY.encode()
    mac = hmac.new(key, f"table:{event_id}:{number}:{salt}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode()[:TOKEN_LENGTH]


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def secret(table: Table) -> str:
    return token_for(table.event_id, table.number, table.salt)


def make_table(event: Event, number: int) -> Table:
    salt = new_salt()
    return Table(event=event, number=number, salt=salt,
                 token_digest=digest(token_for(int(event.pk), number, salt)))


# Every phone's request starts here: the SQL is built once (``core.fastsql``), with the
# event and its club, as ``select_related("event", "event__club")`` would fetch them.
_BY_DIGEST = Joined((Table, Event, Club), ("event", "club"), "token_digest")


def table_for_token(token: str) -> Table | None:
    """The table a secret opens, or None (unknown, malformed, or its event is closed)."""
    if not isinstance(token, str) or len(token) != TOKEN_LENGTH:
        return None
    found = _BY_DIGEST.one(digest(token))
    if found is None:
        return None
    table = found[0]
    assert isinstance(table, Table)
    if table.event.status == Event.Status.CLOSED:
        return None
    # Compare in constant time anyway: the digest lookup already matched.
    return table if hmac.compare_digest(secret(table), token) else None


def renew(table: Table) -> str:
    """Give the table a new secret (the old one stops working); returns the new one."""
    table.salt = new_salt()
    token = secret(table)
    table.token_digest = digest(token)
    table.save(update_fields=["salt", "token_digest"])
    return token
