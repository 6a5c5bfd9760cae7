"""Whether a served hub is alive and whether it can serve (issue #54), for a load balancer, a
container's probes or a monitor: `GET /healthz` answers as long as the process does; `GET
/readyz` answers 200 only when the store answers a read within `READY_WITHIN` seconds, else 503
and why in one sentence. Neither reads a campaign, writes anything or needs a link."""

from __future__ import annotations

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from campaign.store.database import Database

READY_WITHIN = 1.0
"""Seconds the store has to answer `/readyz`'s read."""

PLAIN = {"Cache-Control": "no-store"}


async def healthz(request: Request) -> Response:
    """The process answers: nothing else is asked."""
    return PlainTextResponse("alive\n", headers=PLAIN)


async def readyz(request: Request) -> Response:
    """The store answers one read (its events table) within `READY_WITHIN` seconds, on a
    connection of its own: a store gone, locked or unreachable is 503, said in one sentence."""
    db = request.app.state.hub.db
    try:
        with anyio.fail_after(READY_WITHIN):
            await anyio.to_thread.run_sync(_answers, db, abandon_on_cancel=True)
    except TimeoutError:
        return _unready(f"the store did not answer within {READY_WITHIN:g} s")
    except Exception:  # any failure of the store is the one thing this page says
        return _unready("the store does not answer")
    return PlainTextResponse("ready\n", headers=PLAIN)


def _answers(db: str) -> None:
    """One read of the store, on a connection opened and closed for it (never one a request
    holds): raises where the store is not there to read."""
    database = Database(db, existing=True)
    try:
        database.holds_anything()
    finally:
        database.close()


def _unready(why: str) -> Response:
    return PlainTextResponse(f"Not ready: {why}.\n", status_code=503, headers=PLAIN)
