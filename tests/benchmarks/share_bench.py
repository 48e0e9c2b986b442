"""Next turn in the GM screen while 50 players watch the shared page: 50 real event
streams on 127.0.0.1, read by another process (as phones would be: not the GM's
laptop's Python), which reports how many updates each stream got."""

from __future__ import annotations

import statistics
import subprocess
import sys
from collections.abc import Callable

WATCHERS = """
import selectors, socket, sys
port, path, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
selector = selectors.DefaultSelector()
seen = {}
for index in range(count):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(f"GET {path} HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n".encode())
    sock.setblocking(False)
    selector.register(sock, selectors.EVENT_READ, index)
    seen[index] = 0
print("connected", flush=True)
open_ = count
tail = {}
while open_:
    for key, _ in selector.select(timeout=30):
        data = key.fileobj.recv(1 << 16)
        if not data:
            selector.unregister(key.fileobj)
            open_ -= 1
            continue
        text = tail.get(key.data, b"") + data
        seen[key.data] += text.count(b"\\ndata: ") + text.startswith(b"data: ")
        tail[key.data] = text[-7:]
print(min(seen.values()), flush=True)
"""


def gm_next_turn_shared_ms(gm_window: Callable[[], tuple[object, object]],
                           per_call_ms: Callable[..., list[float]],
                           watchers: int = 50) -> float:
    app, window = gm_window()
    window.share.start("127.0.0.1")
    server = window.share.sharing.server
    phones = subprocess.Popen(
        [sys.executable, "-c", WATCHERS, str(server.port), f"/{server.token}/events",
         str(watchers)], stdout=subprocess.PIPE, text=True)
    assert phones.stdout is not None
    phones.stdout.readline()  # connected
    while server.watchers < watchers:
        app.processEvents()

    def step() -> None:
        window.next_turn()
        app.processEvents()

    for _ in range(5):
        step()
    result = statistics.median(per_call_ms(step, 100))
    window.share.stop()
    fewest = int(phones.stdout.readline() or 0)
    phones.wait(10)
    window.session.undo_stack.setClean()
    window.close()
    if fewest < 100:
        raise RuntimeError(f"a watcher got only {fewest} of the 105 updates")
    return result
