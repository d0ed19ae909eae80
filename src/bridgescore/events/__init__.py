"""Duplicate events: the event model, pairs and teams scoring, rankings, result files and pages.

Import the submodules you need (``bridgescore.events.model``, ``.matchpoints``, ``.teams`` …);
this package imports nothing heavy itself.
"""
