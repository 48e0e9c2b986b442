"""The sharing server over real HTTP on 127.0.0.1: the token or 404, only GET, only the
page, its assets, the stream and the characters' pages; every watcher gets every state;
the 51st is refused; and across scripted fights no NPC number leaves in any byte."""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections.abc import Iterator

import pytest

from desktop.share.server import ShareServer
from desktop.share.session import Sharing
from tests.share.fights import fight, npc_keys, pc_key, scripted


class Stream:
    """One watcher: an open event stream, read event by event (every byte kept)."""

    def __init__(self, server: ShareServer, path: str = "events") -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        self.connection.request("GET", f"/{server.token}/{path}")
        self.response = self.connection.getresponse()
        self.raw = b""

    def event(self) -> dict:
        data = b""
        while True:
            line = self.response.fp.readline()
            self.raw += line
            if not line:
                raise EOFError("the stream ended")
            if line.startswith(b"data: "):
                data += line[6:].rstrip(b"\n")
            elif line == b"\n" and data:
                return json.loads(data)

    def close(self) -> None:
        self.connection.close()


def get(server: ShareServer, path: str, method: str = "GET", body: bytes | None = None
        ) -> tuple[int, bytes, dict[str, str]]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.request(method, path, body=body)
    response = connection.getresponse()
    out = response.status, response.read(), dict(response.getheaders())
    connection.close()
    return out


@pytest.fixture
def sharing() -> Iterator[Sharing]:
    sharing = Sharing()
    yield sharing
    sharing.stop()


def test_the_page_its_assets_and_a_character_page_need_the_token(sharing) -> None:
    encounter = fight()
    url = sharing.start("127.0.0.1", encounter)
    server = sharing.server
    assert url == f"http://127.0.0.1:{server.port}/{server.token}/" and len(server.token) >= 24
    token = server.token
    for path in (f"/{token}/", f"/{token}/share.css", f"/{token}/share.js", f"/{token}/pc-1"):
        status, body, headers = get(server, path)
        assert status == 200 and body, path
        assert headers["Referrer-Policy"] == "no-referrer" and "no-store" in headers[
            "Cache-Control"]
    assert b"share.js" in get(server, f"/{token}/")[1]
    for path in ("/", "/share.css", "/events", f"/{token[:-1]}/", f"/{token}x/share.css",
                 f"/{token}", f"/{token}/share.html", f"/{token}/../pyproject.toml",
                 f"/{token}/%2e%2e/%2e%2e/pyproject.toml", f"/{token}/resources/share.css",
                 f"/{token}/pc-", f"/{token}/pc-1/x", "/favicon.ico",
                 f"/{token[::-1]}/events"):
        status, body, _ = get(server, path)
        assert status == 404, path
        assert b"GET" not in body and token.encode() not in body


def test_nothing_a_request_sends_changes_anything(sharing) -> None:
    encounter = fight()
    sharing.start("127.0.0.1", encounter)
    server = sharing.server
    before = sharing.state.data
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        for path in (f"/{server.token}/", f"/{server.token}/events", f"/{server.token}/pc-1",
                     "/"):
            status, _, _ = get(server, path, method, b'{"op": "next"}')
            assert status in (404, 405), (method, path)
    assert get(server, f"/{server.token}/events", "HEAD")[0] == 405  # no watcher by HEAD
    assert server.watchers == 0
    assert sharing.state.data == before and server._data == before
    status, _, _ = get(server, f"/{server.token}/", "POST", b"x" * 100_000)
    assert status in (404, 405, 413)


def test_every_watcher_gets_every_state_and_npc_numbers_never_leave() -> None:
    for game in ("pow", "pocket"):
        sharing = Sharing()
        encounter = fight(game)
        sharing.start("127.0.0.1", encounter)
        watchers = [Stream(sharing.server) for _ in range(4)]
        pages = [get(sharing.server, f"/{sharing.server.token}/{p}")[1]
                 for p in ("", "pc-1", "share.js", "share.css")]
        seen = [w.event() for w in watchers]
        assert all(s == seen[0] for s in seen)
        secrets: set[str] = set()
        players: set[str] = set()
        sent_states = [seen[0]]
        for step in scripted(encounter):
            before = sharing.state.data
            sharing.update(step)
            if sharing.state.data != before:
                states = [w.event() for w in watchers]
                assert all(s == states[0] for s in states)
                sent_states.append(states[0])
            secrets |= _npc_numbers(step)
            players |= set(_rows(step)[pc_key(step)].cells)
        sharing.stop()
        raw = b"".join(w.raw for w in watchers) + b"".join(pages)
        assert len(sent_states) > 8
        for secret in secrets - players:  # a player's own value may equal an NPC's
            assert secret.encode() not in raw, (game, secret)
        for state in sent_states:
            for entry in state["order"]:
                if entry["pc"] is None:
                    assert entry["health"] in {"fine", "hurt", "down", "dying", "dead"}
            assert set(state["pcs"]) == {"1"}
        assert any(e["health"] == "hurt" for s in sent_states for e in s["order"])
        for watcher in watchers:
            watcher.close()


def _rows(encounter) -> dict:
    return {row.key: row for row in encounter.rules.rows(encounter.state)}


def _npc_numbers(encounter) -> set[str]:
    """Every number-bearing cell of every NPC's row (hit points, initiative, attacks)."""
    rows = _rows(encounter)
    return {cell for key in npc_keys(encounter) for cell in rows[key].cells
            if len(cell) >= 3 and any(ch.isdigit() for ch in cell)}


def test_the_51st_watcher_is_refused_politely_and_a_freed_place_is_taken() -> None:
    sharing = Sharing()
    sharing.start("127.0.0.1", fight())
    server = sharing.server
    watchers = [Stream(server) for _ in range(50)]
    for watcher in watchers:
        watcher.event()
    assert server.watchers == 50
    status, body, headers = get(server, f"/{server.token}/events")
    assert status == 503 and b"The table is full" in body and headers["Retry-After"]
    assert get(server, f"/{server.token}/")[0] == 200  # the page itself still loads
    watchers.pop().close()
    late = None
    for _ in range(100):  # the server frees the place as soon as it sees the close
        late = Stream(server)
        if late.response.status == 200:
            break
        late.close()
        time.sleep(0.02)
    assert late is not None and late.response.status == 200 and late.event()["started"]
    sharing.stop()
    for watcher in [*watchers, late]:
        watcher.close()


def test_messages_are_small_and_the_stream_is_server_sent_events(sharing) -> None:
    sharing.start("127.0.0.1", fight("pow", npcs=40))
    stream = Stream(sharing.server)
    assert stream.response.getheader("Content-Type").startswith("text/event-stream")
    state = stream.event()
    assert len(state["order"]) == 41 and len(stream.raw) < 16_000
    stream.close()


def test_stop_ends_the_streams_and_frees_the_port() -> None:
    sharing = Sharing()
    sharing.start("127.0.0.1", fight())
    port = sharing.server.port
    stream = Stream(sharing.server)
    stream.event()
    sharing.stop()
    with pytest.raises((EOFError, ConnectionError, TimeoutError, http.client.HTTPException)):
        stream.event()
    with socket.create_server(("127.0.0.1", port)):
        pass  # free again
    assert not sharing.running and sharing.url == ""


def test_an_address_that_cannot_be_used_is_one_error() -> None:
    with pytest.raises(OSError):
        ShareServer("192.0.2.1").start()  # TEST-NET: not this computer's
