"""File formats of deals and games: PBN (Portable Bridge Notation 2.1), LIN (Bridge Base
Online), and the text files users give us (their encodings told from the bytes).

An event's result files (CSV, USEBIO, PBN results) are read into the event model, so they live
with it in :mod:`bridgescore.sessions.files`.

Imports: core.
"""
