"""The double-dummy solver in the tests.  endplay is a development dependency, so every
``make test`` runs the tests marked here; a checkout of the library without its ``dds``
extra skips them rather than failing on the missing solver."""

from __future__ import annotations

import pytest

from bridgescore.deals.ddplay import endplay_available

needs_endplay = pytest.mark.skipif(not endplay_available(), reason="endplay is not installed")
