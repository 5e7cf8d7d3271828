"""``alsos-solve literature``: the published deals and scoring cases beside the truth (typer).

It parses its options, hands the work to :mod:`alsos_solver.puzzles.literature` and turns
what goes wrong into one line on stderr and an exit status: 2 for a bad file or a missing
collection, 130 on Ctrl-C. A published answer that differs is a finding, not an error:
the exit status is 0. :mod:`.launch` registers the app.
"""

import os
from typing import Annotated

import typer

from .cli import command_app
from .console import fail, warn
from .puzzle_commands import reporting

DEFAULT_COLLECTION = "literature"

app = command_app("The literature: published answers beside the double-dummy truth.")


@app.command()
def literature(
    paths: Annotated[list[str] | None, typer.Argument(metavar="[DIR|FILE]...", help="Literature files or folders (default: ./literature, the repository's collection, when it is there).", show_default=False)] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON list, one object per entry.")] = False,
) -> None:
    """List the collection: per deal or scoring case its source, its published answer,
    what the solver (or the scoring rules) finds, and "published answer confirmed" or
    "published answer differs" with the reason and the line that shows it. Exit status 0
    (a difference is a finding), 2 for a format error."""
    from .puzzles.literature import findings, literature_files

    if not paths:
        if not os.path.isdir(DEFAULT_COLLECTION):
            raise fail(f"no {DEFAULT_COLLECTION}/ folder here: name the literature files or folders")
        paths = [DEFAULT_COLLECTION]
    records = []
    with reporting(records, json_output):
        for name in literature_files(paths):
            for finding in findings(name, warn=warn):
                if json_output:
                    records.append(finding.to_json())
                else:
                    typer.echo("\n".join(finding.lines()))
