"""``python -m alsos_solver``: the ``alsos-solve`` command."""

import sys

from .launch import main

if __name__ == "__main__":
    sys.exit(main())
