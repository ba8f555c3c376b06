"""The ASGI application of ``tonk serve``: pages, a small JSON API and WebSockets.

:func:`create_app` builds a Starlette application around one
:class:`~tonk.web.tables.TableManager` (the tables, their bots and their
connections) and one :class:`~tonk.web.store.Store` (the SQLite database).

Routes:

- ``GET /``: the lobby page; ``GET /t/{id}``: a table's page (a seat's join
  link is ``/t/{id}#{token}``: the token rides in the URL's fragment, which
  browsers never send in a request, and reaches the server only inside the
  WebSocket's ``hello``).
- ``GET /api/info``: the presets (with their table sizes) and built-in bots.
- ``GET /api/tables``, ``POST /api/tables``: list the tables; create one.
- ``POST /api/tables/{id}/seats``: take a free seat at a session's next hand
  (a JSON object with a ``name``); the answer holds the new seat's link.
- ``GET /api/tables/{id}/hands/{n}.json`` and ``.txt``: a finished table's
  record of hand ``n``, replayable with ``tonk replay``.
- ``WS /t/{id}/ws``: the table protocol (:mod:`tonk.protocol`), one JSON
  message per WebSocket text message (a binary one gets an ``error``, code
  ``malformed``, and the connection is closed with code 1003); with
  ``?view=1`` also the server's ``view`` messages (the table page asks for
  them).
- ``GET /static/...``: the page's CSS and JavaScript, shipped in the wheel.

It needs the ``web`` extra: ``pip install 'tonk[web]'``.

Examples:
    >>> from starlette.testclient import TestClient
    >>> with TestClient(create_app(":memory:")) as client:
    ...     client.get("/api/tables").json()
    []

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

try:
    from starlette.applications import Starlette
    from starlette.datastructures import Headers
    from starlette.middleware import Middleware
    from starlette.middleware.trustedhost import TrustedHostMiddleware
    from starlette.requests import Request
    from starlette.responses import FileResponse, JSONResponse, Response
    from starlette.routing import Mount, Route, WebSocketRoute
    from starlette.staticfiles import StaticFiles
    from starlette.websockets import WebSocket, WebSocketDisconnect
except ImportError as _missing:  # pragma: no cover - only without the extra
    raise ImportError(
        "tonk.web needs Starlette: install the tonk[web] extra"
        " (pip install 'tonk[web]')"
    ) from _missing

from tonk._codec import MAX_DEPTH, load_json
from tonk._untrusted import escape
from tonk._validate import brief
from tonk.errors import SerializationError
from tonk.web.store import Store
from tonk.web.tables import Client, Limits, TableError, TableManager, check_host

__all__ = ["LOOPBACK_HOSTS", "create_app", "serve"]

_STATIC = Path(__file__).parent / "static"
_HELLO_SECONDS = 10.0
_WS_MAX_BYTES = 65_536
"""Uvicorn closes a connection that sends a larger frame (code 1009); smaller
messages over the server's own limit get an error and change nothing."""
# Messages are not compressed (no permessage-deflate): they are a few kB, and
# compressing each one cost the server about a tenth of its time per action.


_SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; object-src 'none';"
        b" base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]
"""Sent with every HTTP answer: the pages run only the server's own scripts
and styles, connect only to it, are never framed by another site, and no
answer's type is guessed by the browser. No referrer is sent."""


class _SecurityHeaders:
    """ASGI middleware: :data:`_SECURITY_HEADERS` on every HTTP answer."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", ()), *_SECURITY_HEADERS]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": message, "code": code}, status_code=status)


LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")
"""The names of the loopback in a request's ``Host`` header: all that
:func:`serve` accepts when it listens on the loopback, so that a web page
whose own name leads to the loopback (DNS rebinding) cannot reach it."""

_SAFE_METHODS = frozenset(("GET", "HEAD", "OPTIONS"))


class _SameOrigin:
    """ASGI middleware: refuse a request that another site's page sends.

    A browser names the page's site in the ``Origin`` header of every
    WebSocket it opens and every ``POST``; any page may send them to any
    address, the loopback too. A WebSocket or a request other than ``GET``,
    ``HEAD`` or ``OPTIONS`` whose ``Origin`` is not the site that its
    ``Host`` header names is refused (403, code ``cross_origin``). A request
    without ``Origin`` (a program, not a page) goes through.
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind == "websocket" or (
            kind == "http" and scope["method"] not in _SAFE_METHODS
        ):
            headers = Headers(scope=scope)
            origin = headers.get("origin")
            if origin is not None and not _same_site(origin, headers.get("host")):
                refusal = _error(
                    403,
                    "cross_origin",
                    "a page of another site may not use this server:"
                    f" {escape(origin[:80])}",
                )
                await refusal(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _same_site(origin: str, host: str | None) -> bool:
    """Return whether ``origin`` (an ``Origin`` header) is the site ``host`` names.

    Both name the host and port; a port left out is the scheme's own, and so
    is one given as ``:80`` (``http``) or ``:443`` (``https``).
    """
    scheme, _, netloc = origin.partition("://")
    if host is None or not netloc or scheme not in ("http", "https"):
        return False  # "null" (a sandboxed or local page), or no host to match
    default = ":443" if scheme == "https" else ":80"
    return netloc.lower().removesuffix(default) == host.lower().removesuffix(default)


async def _read_json(request: Request, max_bytes: int) -> Any:
    """Return a request's JSON body, refusing one over ``max_bytes``."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > max_bytes:
            raise TableError("too_big", f"the request is over {max_bytes} bytes")
    try:  # read as the library reads documents: depth, repeated keys, NaN
        return load_json(body, max_bytes=max_bytes, max_depth=MAX_DEPTH)
    except SerializationError as error:
        raise TableError("bad_json", f"the request is not JSON: {error}") from None


def _routes(manager: TableManager) -> list[Route | WebSocketRoute | Mount]:
    """Return the application's routes, each a closure over ``manager``."""

    async def lobby(request: Request) -> Response:
        return FileResponse(_STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        if not manager.has_table(request.path_params["table_id"]):
            return _error(404, "no_table", "no such table")
        return FileResponse(_STATIC / "table.html")

    async def info(request: Request) -> Response:
        return JSONResponse(manager.info())

    async def tables(request: Request) -> Response:
        return JSONResponse(manager.summaries())

    async def create(request: Request) -> Response:
        try:
            answer = manager.create(
                await _read_json(request, manager.limits.request_bytes)
            )
        except TableError as error:
            status = 503 if error.code == "too_many_tables" else 400
            return _error(status, error.code, str(error))
        return JSONResponse(answer, status_code=201)

    async def take_seat(request: Request) -> Response:
        try:
            answer = manager.take_seat(
                request.path_params["table_id"],
                await _read_json(request, manager.limits.request_bytes),
            )
        except TableError as error:
            status = {"no_table": 404, "seating": 409}.get(error.code, 400)
            return _error(status, error.code, str(error))
        return JSONResponse(answer, status_code=201)

    async def record(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        hand = request.path_params["hand"]
        kind = request.path_params["kind"]
        try:
            text = manager.record(table_id, hand, kind)
        except TableError as error:
            status = 409 if error.code == "playing" else 404
            return _error(status, error.code, str(error))
        media = "application/json" if kind == "json" else "text/plain"
        name = f"tonk-{table_id}-hand-{hand}.{kind}"
        return Response(
            text,
            media_type=media,
            headers={"content-disposition": f'attachment; filename="{name}"'},
        )

    async def socket(websocket: WebSocket) -> None:
        await _serve_socket(manager, websocket)

    return [
        Route("/", lobby),
        Route("/t/{table_id}", table_page),
        Route("/api/info", info),
        Route("/api/tables", tables, methods=["GET"]),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table_id}/seats", take_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/hands/{hand:int}.{kind:str}", record),
        WebSocketRoute("/t/{table_id}/ws", socket),
        Mount("/static", StaticFiles(directory=_STATIC), name="static"),
    ]


async def _send_queued(websocket: WebSocket, client: Client) -> None:
    """Send a client's queued messages until the queue's end marker."""
    while (text := await client.outbox.get()) is not None:
        await websocket.send_text(text)
    await websocket.close(code=client.close_code)


class _NotTextError(Exception):
    """A binary WebSocket message: the protocol's messages are JSON text."""


_NOT_TEXT = "a message is JSON text, not binary"


async def _receive_text(websocket: WebSocket) -> str:
    """Return a WebSocket's next message; :class:`_NotTextError` if it is binary."""
    try:
        text: str | None = await websocket.receive_text()
    except KeyError:  # Starlette finds no "text" in a binary message
        text = None
    if not isinstance(text, str):  # some servers give a binary one a text of None
        raise _NotTextError
    return text


async def _serve_socket(manager: TableManager, websocket: WebSocket) -> None:
    """Run one WebSocket: the hello, then every message, then the goodbye."""
    await websocket.accept()
    table_id = websocket.path_params["table_id"]
    client = Client(manager.limits, views=websocket.query_params.get("view") == "1")
    sender = asyncio.create_task(_send_queued(websocket, client))
    try:
        hello = await asyncio.wait_for(_receive_text(websocket), _HELLO_SECONDS)
        if manager.join(table_id, client, hello):
            while True:
                manager.receive(client, await _receive_text(websocket))
    except _NotTextError:  # refused, and the connection closed as "unsupported data"
        client.send({"type": "error", "code": "malformed", "message": _NOT_TEXT})
        client.send({"type": "goodbye", "reason": _NOT_TEXT})
        client.close(1003)
    except (WebSocketDisconnect, TimeoutError, RuntimeError):
        pass
    finally:
        manager.leave(client)
        client.close()
        with contextlib.suppress(Exception):
            await sender


def create_app(
    db_path: str | Path,
    *,
    limits: Limits | None = None,
    bot_delay: float = 0.6,
    bots: Sequence[str] = (),
    allowed_hosts: Sequence[str] | None = None,
) -> Starlette:
    """Build the ASGI application of ``tonk serve`` over the database ``db_path``.

    On start-up it opens (or creates, or migrates) the database and restores
    every stored table at the state of its last committed action. A
    WebSocket, or a request other than ``GET``, ``HEAD`` or ``OPTIONS``,
    that a page of another site sends (its ``Origin`` header is not the site
    its ``Host`` header names) is refused with 403, code ``cross_origin``.

    Args:
        db_path: The SQLite database file, or ``":memory:"`` for tests.
        limits: Message, rate, table and idle limits; the defaults of
            :class:`~tonk.web.tables.Limits` otherwise.
        bot_delay: Seconds a bot waits before each action at a table with a
            human, so people can follow the play; 0 for none.
        bots: Bots (``module:Class``) that new tables may seat besides the
            built-in ones.
        allowed_hosts: The host names a request's ``Host`` header may give
            (``"tonk.example.org"``, or ``"*.example.org"`` for every name
            under it; no port); another is refused with 400. ``None``, the
            default, accepts any: :func:`serve` on the loopback gives
            :data:`LOOPBACK_HOSTS`.

    Returns:
        The application, to run with any ASGI server (uvicorn).

    Raises:
        TypeError: If ``allowed_hosts`` or ``bots`` is a single string,
            ``allowed_hosts`` holds something other than strings, ``limits``
            is not :class:`~tonk.web.tables.Limits`, or ``bot_delay`` is not
            a number.
        ValueError: If a host name is empty, or has a ``*`` other than a
            leading ``*.``; or ``bot_delay`` is below 0 or not finite.

    Examples:
        >>> from starlette.testclient import TestClient
        >>> with TestClient(create_app(":memory:")) as client:
        ...     client.get("/api/info").json()["bots"][0]
        'greedy'
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(db_path)
        try:  # a table it cannot restore closes the database too
            manager.open(store, asyncio.get_running_loop())
            yield
        finally:
            manager.shut()
            store.close()

    hosts = None if allowed_hosts is None else _checked_hosts(allowed_hosts)
    manager = TableManager(limits=limits, bot_delay=bot_delay, bots=bots)
    return Starlette(
        routes=_routes(manager),
        middleware=[  # the first is the outermost: its headers go on every answer
            Middleware(_SecurityHeaders),
            Middleware(TrustedHostMiddleware, allowed_hosts=hosts, www_redirect=False),
            Middleware(_SameOrigin),
        ],
        lifespan=lifespan,
    )


def _checked_hosts(hosts: Sequence[str]) -> list[str]:
    """Return ``hosts`` as a list, each checked by :func:`.check_host`."""
    if isinstance(hosts, str) or not isinstance(hosts, Sequence):
        raise TypeError(
            f"allowed_hosts must be a sequence of host names, got {brief(hosts)}"
        )
    return [check_host(name) for name in hosts]


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    db_path: str | Path = "tonk.sqlite3",
    bots: Sequence[str] = (),
    allowed_hosts: Sequence[str] | None = None,
) -> int:
    """Run ``tonk serve``: the application under uvicorn until Ctrl-C.

    Args:
        host: The address to listen on: the loopback by default; put a
            reverse proxy with TLS in front to serve others (docs/server.md).
        port: The port.
        db_path: The SQLite database; its tables resume where they were.
        bots: Bots (``module:Class``) new tables may seat, besides the built-in
            ones.
        allowed_hosts: The host names a request may be addressed to
            (:func:`create_app`). ``None``, the default: only the loopback's
            names (:data:`LOOPBACK_HOSTS`) when ``host`` is a loopback
            address or ``localhost``, any name otherwise.

    Returns:
        The exit status, 0.

    Raises:
        ImportError: If the ``web`` extra is not installed.
        StoreError: If the database cannot be opened.
        TypeError, ValueError: If ``allowed_hosts`` is not a sequence of host
            names (:func:`create_app`).

    Examples:
        >>> serve.__name__  # it runs until stopped, so no call here
        'serve'
    """
    try:
        import uvicorn
    except ImportError as error:  # pragma: no cover - only without the extra
        raise ImportError(
            "tonk serve needs uvicorn: install the tonk[web] extra"
            " (pip install 'tonk[web]')"
        ) from error
    if allowed_hosts is None and _is_loopback(host):
        allowed_hosts = LOOPBACK_HOSTS
    app = create_app(db_path, bots=bots, allowed_hosts=allowed_hosts)
    Store(db_path).close()  # a database it cannot open is refused before serving
    print(
        f"tonk serve: http://{escape(host)}:{port}/ with the database"
        f" {escape(str(db_path))}"
    )
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=_WS_MAX_BYTES,
        ws_per_message_deflate=False,
    )
    return 0


def _is_loopback(host: str) -> bool:
    """Return whether ``host`` (an address to listen on) is the loopback's."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name, or no address at all
        return False
