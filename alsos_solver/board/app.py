"""The board's web application (Starlette): the page, its modules, the deals of the files
given, and the values of a position (docs/cli.md, 'board').

Routes:

* ``GET /``: the page (``static/index.html``); ``GET /static/PATH``: its modules and style;
* ``GET /api/deals``: the deals of the files given on the command line, read at start;
* ``POST /api/position``: the values of a position (:mod:`.positions`), answered by the
  solving process (:mod:`.worker`) within the time limit;
* ``POST /api/puzzle``: the verdict on a puzzle's last card (:mod:`.puzzle`), likewise.
* ``POST /api/check``: an edited deal read as the command line reads it (:mod:`.editor`).
* ``POST /api/table`` and ``POST /api/review``: a deal's contract table and play review
  (:mod:`.analyses`; a review with a ``seat`` adds its single-dummy review), answered by
  the solving process within the analyses' longer limit.

Safe by default (:class:`Guard`): a request whose ``Host`` is not the address served is
refused (DNS rebinding), so is a write from another origin; a body over the size limit;
a question over the time limit is stopped and answered 503, and the server stays up. It
reads no file but the page's own and those given.
"""

from __future__ import annotations

import ipaddress
import json
import socket
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..io.errors import DealFormatWarning
from ..io.records import deal_record
from ..report import deals as read_deals
from .puzzle import puzzle_entry
from .editor import check_request
from .editor import check as check_deal
from .worker import TimeLimit, Worker, WorkerFailed

STATIC = Path(__file__).resolve().parent / "static"
"""The page: index.html and its modules, shipped with the package."""
BODY_LIMIT = 64 * 1024
"""The largest request body, in bytes (a deal is well under 1 KiB)."""
DEFAULT_TIMEOUT = 10.0
"""The seconds one question may take (``--timeout``)."""
ANALYSIS_TIMEOUT = 60.0
"""The seconds a contract table or a play review may take (at least ``--timeout``)."""
SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
"""Sent with every response: the page loads and fetches nothing from another origin, and
no other site may frame it."""

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


def served_hosts(host: str, port: int) -> frozenset[str]:
    """The ``Host`` headers the server answers: ``NAME:PORT`` for the host it listens on,
    and where that is a loopback or every address (``0.0.0.0``, ``::``), for ``localhost``
    and the loopback addresses too; for every address also the machine's name and its
    addresses. An IPv6 address is in brackets, as a Host header writes it."""
    names = {host}
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        address = None
    if host == "localhost" or (address is not None and (address.is_loopback or address.is_unspecified)):
        names |= {"localhost", "127.0.0.1", "::1"}
    if address is not None and address.is_unspecified:
        names |= machine_names()
    return frozenset(f"[{name}]:{port}" if ":" in name else f"{name}:{port}" for name in names)


def machine_names() -> set[str]:
    """This machine's name, its full name and the addresses the name resolves to."""
    names = {socket.gethostname(), socket.getfqdn()}
    try:
        names |= {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None)}
    except OSError:
        pass
    return names


def error_response(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class Guard:
    """The checks every request passes before the routes (pure ASGI middleware), and the
    security headers on every response:

    * its ``Host`` must be one the server answers (:func:`served_hosts`), else 421: a
      page of another site whose name was re-pointed at 127.0.0.1 cannot reach the API;
    * a request that writes (any method but GET and HEAD) with an ``Origin`` must come
      from the served origin, else 403: another site's page cannot post to it;
    * a declared body over ``body_limit`` bytes is refused with 413 before it is read
      (one sent without a length is cut at the limit by :func:`read_body`)."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], hosts: frozenset[str], body_limit: int) -> None:
        self.app = app
        self.hosts = hosts
        self.origins = frozenset(f"http://{host}" for host in hosts)
        self.body_limit = body_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(Request(scope))
        if refusal is not None:
            await refusal(scope, receive, self.with_headers(send))
        else:
            await self.app(scope, receive, self.with_headers(send))

    def refusal(self, request: Request) -> Response | None:
        host = request.headers.get("host", "").lower()
        if host not in self.hosts:
            return error_response(421, f"this server answers for {' or '.join(sorted(self.hosts))}, not {host or 'no host'}")
        origin = request.headers.get("origin")
        if request.method not in ("GET", "HEAD") and origin is not None and origin.lower() not in self.origins:
            return error_response(403, f"a request from {origin} may not write to this board")
        length = request.headers.get("content-length", "0")
        if not length.isdigit():
            return error_response(400, f"malformed Content-Length {length!r}")
        if int(length) > self.body_limit:
            return error_response(413, f"the request body is {length} bytes, more than the limit of {self.body_limit}")
        return None

    @staticmethod
    def with_headers(send: Send) -> Send:
        async def sending(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = message | {"headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        return sending


class TooLarge(Exception):
    pass


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body, TooLarge as soon as it passes ``limit`` bytes."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise TooLarge(f"the request body is more than the limit of {limit} bytes")
    return body


def position_request(body: bytes) -> dict[str, Any]:
    """The question of a ``POST /api/position`` body: ``deal`` (text), ``play`` (card
    names, default none) and ``question`` (a spec, default null: the default question);
    ValueError saying what is wrong with it."""
    try:
        data = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"the request body is not JSON: {error}") from None
    if not isinstance(data, dict):
        raise ValueError("the request body must be a JSON object with deal, play and question")
    unknown = sorted(set(data) - {"deal", "play", "question"})
    if unknown:
        raise ValueError(f"unknown key {unknown[0]!r} (expected deal, play, question)")
    deal, play, question = data.get("deal"), data.get("play", []), data.get("question")
    if not isinstance(deal, str):
        raise ValueError("deal must be the deal's text in the deal format (a string)")
    if not isinstance(play, list) or not all(isinstance(card, str) for card in play):
        raise ValueError('play must be a list of card names, e.g. ["MA", "MK"]')
    if question is not None and not isinstance(question, str):
        raise ValueError('question must be a --question spec (a string, e.g. "declarer_points") or null')
    return {"deal": deal, "play": play, "question": question}


def puzzle_request(body: bytes) -> dict[str, Any]:
    """The question of a ``POST /api/puzzle`` body: ``deal`` (text) and ``play`` (card
    names from the first lead, the deal's Play section first); ValueError saying what is
    wrong with it."""
    asked = position_request(body)
    if asked["question"] is not None:
        raise ValueError("unknown key 'question' (expected deal, play): a puzzle asks its Goal")
    return {"ask": "puzzle", "deal": asked["deal"], "play": asked["play"]}


def deal_request(body: bytes) -> dict[str, Any]:
    """The question of a ``POST /api/table`` body: ``{"deal": text}``; ValueError saying
    what is wrong with it."""
    return analysis_request(body, ())


def review_request(body: bytes) -> dict[str, Any]:
    """The question of a ``POST /api/review`` body: ``{"deal": text}``, and optionally
    ``"seat"``, the seat whose single-dummy review is wanted too (a letter; null: none);
    ValueError saying what is wrong with it."""
    asked = analysis_request(body, ("seat",))
    seat = asked.pop("seat", None)
    if seat is not None and not isinstance(seat, str):
        raise ValueError('seat must be a seat letter (a string, e.g. "B") or null')
    return asked if seat is None else asked | {"seat": seat.upper()}


def analysis_request(body: bytes, optional: tuple[str, ...]) -> dict[str, Any]:
    """A body ``{"deal": text}`` with any of the ``optional`` keys, as given."""
    try:
        data = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"the request body is not JSON: {error}") from None
    if not isinstance(data, dict) or "deal" not in data or set(data) - {"deal", *optional} or not isinstance(data["deal"], str):
        more = "".join(f', "{key}": ...' for key in optional)
        raise ValueError(f'the request body must be {{"deal": the deal\'s text in the deal format{more}}}')
    return data


def deal_list(sources: list[str], warn: Callable[[DealFormatWarning], None] | None = None) -> list[dict[str, Any]]:
    """The deals of the files (a folder: its deal files), in order: ``file``, ``index``
    (from 1 in its file), ``text`` (the writer's output), ``title``, ``deal`` (as
    ``--json`` writes it) and ``puzzle`` (a puzzle's goal and side, :func:`.puzzle.puzzle_entry`;
    null for another deal). DealFormatError or NoDealsError as the command line says them;
    the reader's warnings go to ``warn`` (None: dropped)."""
    found = []
    for filename, index, deal in read_deals(sources, warn=warn or (lambda warning: None)):
        event = deal.tags.get("Event")
        title = f"{Path(filename).name} #{index}" + (f": {event}" if event else "")
        found.append({"file": filename, "index": index, "text": str(deal), "title": title, "deal": deal_record(deal),
                      "puzzle": puzzle_entry(deal)})
    return found


def make_app(sources: list[str], *, host: str = "127.0.0.1", port: int = 8765, timeout: float = DEFAULT_TIMEOUT,
             analysis_timeout: float = ANALYSIS_TIMEOUT, body_limit: int = BODY_LIMIT,
             warn: Callable[[DealFormatWarning], None] | None = None) -> Starlette:
    """The board serving the deals of ``sources`` (read now: DealFormatError or
    NoDealsError; the reader's warnings to ``warn``) at ``host:port``; each question may
    take ``timeout`` seconds, a contract table or play review ``analysis_timeout`` (at
    least ``timeout``), a request body ``body_limit`` bytes."""
    deals = {"deals": deal_list(sources, warn)}
    worker = Worker(timeout)
    analysis_limit = max(timeout, analysis_timeout)

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})

    async def deal_files(request: Request) -> Response:
        return JSONResponse(deals)

    async def question(request: Request, parse: Callable[[bytes], dict[str, Any]]) -> dict[str, Any] | Response:
        """The request's question as ``parse`` reads its body, or the refusal (413, 400)."""
        try:
            return parse(await read_body(request, body_limit))
        except TooLarge as error:
            return error_response(413, str(error))
        except ValueError as error:
            return error_response(400, str(error))

    async def position(request: Request) -> Response:
        asked = await question(request, position_request)
        return asked if isinstance(asked, Response) else await solved(asked)

    async def puzzle(request: Request) -> Response:
        asked = await question(request, puzzle_request)
        return asked if isinstance(asked, Response) else await solved(asked)

    def analysis(kind: str, parse: Callable[[bytes], dict[str, Any]]) -> Callable[[Request], Awaitable[Response]]:
        """The route of a deal's analysis (``table``, ``review``), its body read by
        ``parse``, with its longer limit."""
        async def route(request: Request) -> Response:
            asked = await question(request, parse)
            return asked if isinstance(asked, Response) else await solved({"ask": kind} | asked, analysis_limit)

        return route

    async def solved(asked: dict[str, Any], limit: float | None = None) -> Response:
        """The solving process's answer, or the error it came to."""
        try:
            reply = await anyio.to_thread.run_sync(worker.ask, asked, limit)
        except TimeLimit as error:
            return error_response(503, str(error))
        except WorkerFailed as error:
            return error_response(500, str(error))
        if "error" in reply:
            return error_response(400, reply["error"])
        return JSONResponse(reply["answer"])

    async def check(request: Request) -> Response:
        try:
            body = await read_body(request, body_limit)
            try:
                data = json.loads(body)
            except (UnicodeDecodeError, json.JSONDecodeError) as error:
                raise ValueError(f"the request body is not JSON: {error}") from None
            return JSONResponse(check_deal(check_request(data)))
        except TooLarge as error:
            return error_response(413, str(error))
        except ValueError as error:  # EditorRequestError too
            return error_response(400, str(error))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        threading.Thread(target=worker.start, daemon=True).start()  # the page is served meanwhile
        try:
            yield
        finally:
            worker.close()

    routes = [
        Route("/", page),
        Route("/api/deals", deal_files),
        Route("/api/position", position, methods=["POST"]),
        Route("/api/puzzle", puzzle, methods=["POST"]),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/table", analysis("table", deal_request), methods=["POST"]),
        Route("/api/review", analysis("review", review_request), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    middleware = [Middleware(Guard, hosts=served_hosts(host, port), body_limit=body_limit)]
    return Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
