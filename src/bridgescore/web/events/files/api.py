"""This app's part of the JSON API (mounted at /api/ by bridgescore.web.api)."""

from __future__ import annotations

from ninja import Router

router = Router()
