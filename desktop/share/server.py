"""The small web server that shares the player view with the players' browsers.

Built on aiohttp, run in a thread of its own with its own asyncio loop, so the GM
screen's Qt loop never waits for a phone. Safe by design:

* off until the GM shares, and gone when the GM stops (or closes the window);
* every address starts with a random token (``secrets.token_urlsafe``); a request
  without it, or for anything but the page (``/TOKEN/``), its two assets
  (``/TOKEN/share.css``, ``/TOKEN/share.js``), the event stream (``/TOKEN/events``) or
  a player character's page (``/TOKEN/pc-1``: the same page, showing that character),
  gets 404;
* read-only: only GET (and HEAD) are routed, so a POST or a PUT gets 405, and no
  request body is ever read (at most 1 KiB is accepted, headers at most 2 KiB a line);
* at most ``max_watchers`` event streams (50): the next gets 503 with a polite line,
  and the page tries again a little later;
* the stream sends only the state built from the player lines (``state``), whole,
  each time it changes, plus a comment every 15 s so phones keep the line open.

The page's files are read once, at start, from ``resources/share``; no path from a
request ever reaches the file system.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from desktop.paths import resource
from desktop.share import MAX_WATCHERS

KEEPALIVE_S = 15.0
RETRY_MS = 1000
"""How soon a browser reconnects after losing the stream (the page's own retry)."""
ASSETS = {
    "share.css": "text/css",
    "share.js": "text/javascript",
}
PAGE = "share.html"
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the token never leaves in a Referer
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
}
FULL = "The table is full: {n} are watching already. The page tries again in a minute."


@dataclass(frozen=True)
class Files:
    """The page and its assets, read once."""

    page: bytes
    assets: dict[str, tuple[bytes, str]]

    @classmethod
    def load(cls) -> Files:
        folder = resource("share")
        return cls((folder / PAGE).read_bytes(),
                   {name: ((folder / name).read_bytes(), kind) for name, kind in ASSETS.items()})


class ShareServer:
    """Start with ``start()``; hand it each new state with ``publish(data)`` from any
    thread; ``stop()`` ends every stream and frees the port."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, *,
                 max_watchers: int = MAX_WATCHERS, token: str | None = None,
                 initial: bytes = b"{}") -> None:
        self.host = host
        self.port = port
        self.max_watchers = max_watchers
        self.token = token or secrets.token_urlsafe(18)
        self._data = initial
        self._files = Files.load()
        self._queues: set[asyncio.Queue[bytes | None]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self.on_watchers: Callable[[int], None] | None = None
        """Called (in the server's thread) with the number watching when it changes."""

    # --- the GM's side (any thread)

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/{self.token}/"

    @property
    def watchers(self) -> int:
        return len(self._queues)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, timeout: float = 5.0) -> str:
        """Listen on ``host`` (a free port if ``port`` is 0); the address to share.
        OSError if the address cannot be used."""
        self._thread = threading.Thread(target=self._run, name="share-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError(f"the sharing server did not start on {self.host}")
        if self._error is not None:
            self._thread.join(timeout)
            raise OSError(str(self._error)) from self._error
        return self.url

    def publish(self, data: bytes) -> None:
        """Send ``data`` (the JSON state) to every watcher, and to each new one."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # stopping: nobody is left to tell
                loop.call_soon_threadsafe(self._broadcast, data)
        else:
            self._data = data

    def stop(self, timeout: float = 5.0) -> None:
        loop, thread = self._loop, self._thread
        if loop is not None and thread is not None and thread.is_alive():
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(self._shutdown(), loop).result(timeout)
            thread.join(timeout)
        self._thread = None

    # --- the server's thread

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._stopped = asyncio.Event()
        try:
            loop.run_until_complete(self._serve())
        except BaseException as exc:  # reported to start(), which raises it as OSError
            self._error = exc
            self._ready.set()
        finally:
            self._loop = None
            loop.close()

    async def _serve(self) -> None:
        app = web.Application(client_max_size=1024,
                              handler_args={"max_line_size": 2048, "max_field_size": 2048,
                                            "max_headers": 40})
        base = "/{token}/"
        app.router.add_get(base, self._guard(self._page))
        app.router.add_get(base + "events", self._guard(self._events), allow_head=False)
        app.router.add_get(base + "pc-{pc:[0-9]{1,4}}", self._guard(self._page))
        app.router.add_get(base + "{asset:[a-z]+\\.[a-z]+}", self._guard(self._asset))
        # handler_cancellation: a phone that leaves frees its place at once, not at
        # the next write
        runner = web.AppRunner(app, access_log=None, handle_signals=False,
                               shutdown_timeout=0.5, handler_cancellation=True)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = runner.addresses[0][1]
        self._ready.set()
        await self._stopped.wait()
        await runner.cleanup()

    async def _shutdown(self) -> None:
        for queue in list(self._queues):
            _put_latest(queue, None)
        self._stopped.set()

    def _guard(self, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
               ) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        """The handler, behind the token: a wrong one is a page that does not exist."""
        async def guarded(request: web.Request) -> web.StreamResponse:
            token = request.match_info.get("token", "")
            if not secrets.compare_digest(token.encode(), self.token.encode()):
                raise web.HTTPNotFound(text="Not found", headers=HEADERS)
            return await handler(request)
        return guarded

    async def _page(self, request: web.Request) -> web.Response:
        return web.Response(body=self._files.page, content_type="text/html",
                            charset="utf-8", headers=HEADERS)

    async def _asset(self, request: web.Request) -> web.Response:
        found = self._files.assets.get(request.match_info["asset"])
        if found is None:
            raise web.HTTPNotFound(text="Not found", headers=HEADERS)
        body, kind = found
        return web.Response(body=body, content_type=kind, charset="utf-8", headers=HEADERS)

    async def _events(self, request: web.Request) -> web.StreamResponse:
        if len(self._queues) >= self.max_watchers:
            return web.Response(status=503, text=FULL.format(n=self.max_watchers),
                                headers={**HEADERS, "Retry-After": "60"})
        queue: asyncio.Queue[bytes | None] = asyncio.Queue(maxsize=1)
        response = web.StreamResponse(headers={**HEADERS, "Content-Type": "text/event-stream",
                                               "X-Accel-Buffering": "no"})
        await response.prepare(request)
        self._queues.add(queue)
        self._told()
        try:
            await response.write(f"retry: {RETRY_MS}\n".encode() + _event(self._data))
            while True:
                try:
                    data = await asyncio.wait_for(queue.get(), KEEPALIVE_S)
                except TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                if data is None:
                    break
                await response.write(_event(data))
        except ConnectionError:
            pass
        finally:  # also when cancelled: the watcher left
            self._queues.discard(queue)
            self._told()
        return response

    def _broadcast(self, data: bytes) -> None:
        self._data = data
        for queue in self._queues:
            _put_latest(queue, data)

    def _told(self) -> None:
        if self.on_watchers is not None:
            self.on_watchers(len(self._queues))


def _event(data: bytes) -> bytes:
    """One server-sent event (JSON holds no raw newline)."""
    return b"data: " + data + b"\n\n"


def _put_latest(queue: asyncio.Queue[Any], item: Any) -> None:
    """Only the newest state matters: a watcher behind gets it instead of the older."""
    with contextlib.suppress(asyncio.QueueEmpty):
        if queue.full():
            queue.get_nowait()
    queue.put_nowait(item)
