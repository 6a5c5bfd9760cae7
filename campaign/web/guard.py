"""A hub no client can fill (issue #47). uvicorn counts every open connection against
`limit_concurrency`, and its keep-alive timeout runs only between requests: 64 connections that
sent a request line and one header, then nothing, held every place for ever and every real
request was answered 503. Here:

- every request has `REQUEST_SECONDS` from its first byte (or from the connection's opening) to
  arrive whole, head and body; a client that is silent or trickles is cut off then;
- one client address holds at most `PER_CLIENT` connections (more are closed as they open);
- the connections a process holds are many (`CONNECTIONS`: a silent socket costs little), and
  the requests it works on at once are few (`IN_FLIGHT`, more answered 503 at once), so that
  connections waiting to be cut never keep a player's form from being recorded.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

REQUEST_SECONDS = 10.0
"""How long a request may take to arrive, head and body, once its first byte came."""
PER_CLIENT = 256
"""The most connections one client address holds at once."""
CONNECTIONS = 4096
"""The most connections one process holds at once (uvicorn's `limit_concurrency`)."""
IN_FLIGHT = 64
"""The most requests one process works on at once; more are answered 503 at once."""


class GuardedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for each request to arrive, and a cap on the
    connections of one client address."""

    deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else None
        held = sum(1 for c in self.connections if c.client and c.client[0] == address)
        if address is not None and held > PER_CLIENT:
            transport.close()
            return
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self.deadline is None and self.conn.their_state is h11.IDLE:
            self._arm()  # a new request on a kept-alive connection: its own deadline
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE and self.conn.their_state is not h11.SEND_BODY:
            self._disarm()  # arrived whole (or the connection is done with): no deadline

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self.deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _too_slow(self) -> None:
        """The request did not arrive in time: the connection is closed, its place freed."""
        self.deadline = None
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing():
            self.transport.close()


def in_flight(app: Any, most: int = IN_FLIGHT) -> Any:
    """`app`, answering 503 at once to a request beyond the `most` it is working on."""
    working = 0

    async def bounded(scope: dict, receive: Any, send: Any) -> None:
        nonlocal working
        if scope["type"] != "http" or working < most:
            working += scope["type"] == "http"
            try:
                await app(scope, receive, send)
            finally:
                working -= scope["type"] == "http"
            return
        await send(
            {
                "type": "http.response.start",
                "status": 503,
                "headers": [
                    (b"content-type", b"text/plain; charset=utf-8"),
                    (b"retry-after", b"5"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": b"The hub is busy; try again.\n"})

    return bounded
