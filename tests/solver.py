"""The double-dummy solver in the tests.  endplay is a development dependency: ``make test``
(tests/phases.py) sets ``BRIDGESCORE_TEST_SOLVER=required``, and then nothing is skipped, so
a missing solver fails those tests instead of hiding them.  A bare ``pytest`` in a checkout
of the library without its ``dds`` extra skips them, saying why."""

from __future__ import annotations

import os

import pytest

from bridgescore.deals.ddplay import endplay_available

REQUIRED = os.environ.get("BRIDGESCORE_TEST_SOLVER") == "required"

needs_endplay = pytest.mark.skipif(not REQUIRED and not endplay_available(),
                                   reason="endplay is not installed")
