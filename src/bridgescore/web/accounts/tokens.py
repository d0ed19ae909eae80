"""API tokens for scripts: ``bst_`` + 43 random characters, shown once, stored hashed.

A token has 256 random bits, so a plain SHA-256 is enough (a slow password hash would only
slow every API call); the first characters after ``bst_`` are stored in clear to find the
row, and the digests are compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from .models import ApiToken, User

SCHEME = "bst_"
PREFIX_LENGTH = 8
TOKEN_LENGTH = len(SCHEME) + 43
# Recording every use would make every API call a write; once a minute is enough to tell.
LAST_USED_RESOLUTION = timedelta(minutes=1)


def _digest(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def issue(user: User, name: str) -> str:
    """Create a token for ``user``; the returned text is the only copy anywhere."""
    for _attempt in range(5):
        raw = SCHEME + secrets.token_urlsafe(32)
        try:
            with transaction.atomic():
                ApiToken.objects.create(user=user, name=name[:100],
                                        prefix=raw[len(SCHEME):len(SCHEME) + PREFIX_LENGTH],
                                        digest=_digest(raw))
        except IntegrityError:  # the same prefix twice: astronomically rare, try again
            continue
        return raw
    raise RuntimeError("could not issue a unique API token")


def user_for(raw: str) -> User | None:
    """The active user whose token this is, or None."""
    if len(raw) != TOKEN_LENGTH or not raw.startswith(SCHEME):
        return None
    prefix = raw[len(SCHEME):len(SCHEME) + PREFIX_LENGTH]
    token = ApiToken.objects.select_related("user").filter(prefix=prefix).first()
    if token is None or not hmac.compare_digest(token.digest, _digest(raw)):
        return None
    if not token.user.is_active:
        return None
    now = timezone.now()
    if token.last_used is None or now - token.last_used > LAST_USED_RESOLUTION:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
    return token.user
