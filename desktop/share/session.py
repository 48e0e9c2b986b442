"""One sharing of a fight: the state the players see and the server that sends it.

The GM screen keeps one ``Sharing``, hands it the encounter after every change
(``update``: a few hundred microseconds, nothing when not sharing or when nothing the
players see changed) and starts or stops the server from its dialog. No Qt. The server
(aiohttp) is imported only when the GM starts sharing: opening the GM screen does not
wait for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from desktop.model.combat_rules import Row
from desktop.model.encounter import Encounter
from desktop.share import MAX_WATCHERS
from desktop.share.state import ShareState

if TYPE_CHECKING:
    from desktop.share.server import ShareServer



class Sharing:
    def __init__(self, max_watchers: int = MAX_WATCHERS) -> None:
        self.state = ShareState()
        self.server: ShareServer | None = None
        self.max_watchers = max_watchers
        self.on_watchers: Callable[[int], None] | None = None
        """Called from the server's thread with the number watching when it changes."""

    @property
    def running(self) -> bool:
        return self.server is not None and self.server.running

    @property
    def url(self) -> str:
        return self.server.url if self.server is not None else ""

    @property
    def watchers(self) -> int:
        return self.server.watchers if self.server is not None else 0

    def start(self, host: str, encounter: Encounter | None = None, names: bool = True,
              rows: Sequence[Row] | None = None) -> str:
        """Share on ``host`` (a free port); the address. OSError if it cannot listen."""
        from desktop.share.server import ShareServer  # aiohttp (~0.3 s) loads when sharing

        self.stop()
        if encounter is not None:
            self.state.update(encounter, names, rows)
        server = ShareServer(host, max_watchers=self.max_watchers, initial=self.state.data)
        server.on_watchers = self._told
        url = server.start()
        self.server = server
        return url

    def update(self, encounter: Encounter, names: bool = True,
               rows: Sequence[Row] | None = None) -> None:
        """What the players see now; sent only while sharing and only if it changed."""
        if self.server is None:
            return
        if self.state.update(encounter, names, rows):
            self.server.publish(self.state.data)

    def stop(self) -> None:
        server, self.server = self.server, None
        if server is not None:
            server.stop()
            self._told(0)

    def _told(self, count: int) -> None:
        if self.on_watchers is not None:
            self.on_watchers(count)
