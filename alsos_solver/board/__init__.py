"""The analysis board, ``alsos-solve board`` (docs/cli.md, 'The analysis board'): a local web
application over the solver. :mod:`.positions` answers a position (the library, no web),
:mod:`.analyses` a deal's contract table and play review,
:mod:`.links` writes and reads deep links, :mod:`.worker` is the solving process the server
asks, :mod:`.app` the Starlette application (imported only by the command: the ``board``
extra); the page is ``static/``."""
