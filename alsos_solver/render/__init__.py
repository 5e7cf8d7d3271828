"""The views of the command line: they draw what :mod:`alsos_solver.report` worked out and
decide nothing. ``terminal``: the rich view (``terminal_analyses``: its analyses, imported
when a deal has one); ``json``: the records as one JSON list."""
