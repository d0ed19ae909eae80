"""The suite runs on the database the environment names (SQLite, or PostgreSQL in the
`make web-test` run): check that it really does, so a silent fallback cannot pass."""

from __future__ import annotations

import os

import pytest
from django.db import connection

from bridgescore.web.accounts.models import Player, User


@pytest.mark.django_db
def test_the_database_is_the_one_configured() -> None:
    expected = "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else (
        "sqlite")
    assert connection.vendor == expected


@pytest.mark.django_db
def test_the_constraints_hold_on_this_database() -> None:
    from django.db import IntegrityError, transaction

    User.objects.create_user("ann", "Ann@example.org")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("bea", "ann@EXAMPLE.org")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(name_en="", name_zh="")
