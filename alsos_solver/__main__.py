"""``python -m alsos_solver``: the ``alsos-solve`` command."""

from .cli import entry

if __name__ == "__main__":
    entry()
