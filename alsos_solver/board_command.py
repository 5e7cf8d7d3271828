"""``alsos-solve board``: the analysis board, a local web application (typer).

The application is :mod:`.board.app`'s (Starlette, served by uvicorn: the ``board``
extra); this module reads the options, opens the socket (so that ``--port 0`` can say
which port it got), prints the address and serves until Ctrl-C. ``--link`` prints the
deep link of each deal (:mod:`.board.links`) and serves nothing.
"""

from typing import Annotated

import typer

from .cli import command_app, value_option
from .console import fail, warn

app = command_app("The analysis board: play any deal through in the browser, with the value of every card.")

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
EXTRA = "pip install 'alsos-solver[board]'"


@app.command()
def board(
    files: Annotated[list[str] | None, typer.Argument(metavar="[FILE...]", help="Deal files whose deals the board steps through (a folder: its *.txt files); none: an empty deal to edit.", show_default=False)] = None,
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="The port (0: any free one).")] = DEFAULT_PORT,
    host: Annotated[str, typer.Option("--host", help="The address to listen on; another than the loopback serves the network.")] = DEFAULT_HOST,
    open_page: Annotated[bool, typer.Option("--open", help="Open the board in the browser.")] = False,
    link_only: Annotated[bool, typer.Option("--link", help="Print the link to each deal of the files and exit (no server).")] = False,
    timeout: Annotated[float, value_option("--timeout", "S", "Seconds one question may take before it is stopped (default 10).")] = 10.0,
) -> None:
    """Serve the analysis board on http://HOST:PORT/ until Ctrl-C (the first line of the
    output says where): the deals of the FILEs, played by click, with the value of every
    legal card (docs/cli.md, 'board')."""
    sources = files or []
    if timeout <= 0:
        raise fail(f"--timeout {timeout:g}: expected a number of seconds above 0")
    if link_only:
        print_links(sources, f"http://{address(host)}:{port}/")
        return
    serve(sources, host, port, timeout, open_page)


def address(host: str) -> str:
    """The host as an address names it: the loopback for every address (``0.0.0.0``,
    ``::``), an IPv6 address in brackets."""
    if host in ("0.0.0.0", "::"):
        return DEFAULT_HOST
    return f"[{host}]" if ":" in host else host


def print_links(sources: list[str], base: str) -> None:
    """The deep link of every deal of the files, one a line."""
    from .board.links import link
    from .io import DealFormatError
    from .report import NoDealsError, deals

    if not sources:
        raise fail("--link needs deal files")
    try:
        for _, _, deal in deals(sources, warn=warn):
            print(link(base, str(deal)))
    except (DealFormatError, NoDealsError) as error:
        raise fail(str(error)) from None


def serve(sources: list[str], host: str, port: int, timeout: float, open_page: bool) -> None:
    """Listen, say where, and serve until Ctrl-C."""
    import socket
    import sys

    try:
        import uvicorn

        from .board.app import make_app
    except ImportError as error:
        raise fail(f"the board needs {error.name}: {EXTRA}") from None
    from .io import DealFormatError
    from .report import NoDealsError

    try:
        listening = socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET)
    except OSError as error:
        raise fail(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    port = listening.getsockname()[1]
    try:
        application = make_app(sources, host=host, port=port, timeout=timeout, warn=warn)
    except (DealFormatError, NoDealsError) as error:
        raise fail(str(error)) from None
    url = f"http://{address(host)}:{port}/"
    sys.stdout.write(f"board: {url}\n")
    sys.stdout.flush()
    if open_page:
        import webbrowser

        webbrowser.open(url)
    server = uvicorn.Server(uvicorn.Config(application, log_level="warning", access_log=False))
    server.run(sockets=[listening])
