"""Shared test settings."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

# No per-example deadline: CI machines are shared and slow runs are not failures.
settings.register_profile(
    "bridgescore", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("bridgescore")
