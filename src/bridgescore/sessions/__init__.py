"""Club sessions and duplicate events: the event model (``model``, ``participants``,
``assignment``), movements and their checks, one table entry at a time (``entry``,
``entry_errors``), the scoring methods of a session (``matchpoints``, ``imp_pairs``, ``teams``,
``team_events``, adjusted and weighted scores), rankings, Swiss draws, live sessions with their
closed rounds (``live``, ``live_teams``), the explanations of a score, and the result files
(:mod:`.files`).  Pages and movement cards are drawn by :mod:`bridgescore.render`.

Import the submodules you need (``bridgescore.sessions.model``, ``.matchpoints``, ``.teams`` …);
this package imports nothing heavy itself.

Imports: core, scoring, formats, deals.
"""
