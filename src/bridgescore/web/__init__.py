"""The web platform: a Django project that is a shell over the library.

Nothing here is imported by ``import bridgescore``; the library never imports Django.
Install with ``pip install 'bridgescore[web]'`` and run ``bridgescore web serve``.
Settings come from environment variables (see ``settings.py`` and the README table).

Imports: core, scoring, formats, deals, home, sessions, table, robots, compete, ratings, render, cli.
"""
