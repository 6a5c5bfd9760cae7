"""The hub's turn notices (`campaign serve --notify`): sent in a thread of their own after a
form recorded, as `campaign notify` sends them (`delivery.send_due`)."""

from __future__ import annotations

import queue
import sys
import threading
from typing import Any

from campaign.errors import CampaignError
from campaign.input import text
from campaign.service.unit_of_work import Campaigns


class Notifier:
    """Sends a campaign's due turn notices after a form recorded, in one worker thread of its
    own (the answer does not wait on Discord or the mail server; a thousand forms make one
    queue, not a thousand threads), one campaign at a time so that no notice goes twice; a
    campaign already waiting in the queue is not queued again. A failure is one line on the
    server's error stream, and the notice stays due for `campaign notify`."""

    def __init__(self, db: str, smtp: Any = None) -> None:
        self.db, self.smtp, self.lock = db, smtp, threading.Lock()
        self.sent: list[str] = []
        """What was sent, line by line (for the server's operator and the tests)."""
        self.waiting: queue.Queue[str] = queue.Queue()
        self.queued: set[str] = set()
        self.worker: threading.Thread | None = None

    def soon(self, name: str) -> threading.Thread:
        """Queue campaign `name`'s notices for the worker (started on first use); the worker."""
        with self.lock:
            if name not in self.queued:
                self.queued.add(name)
                self.waiting.put(name)
            if self.worker is None or not self.worker.is_alive():
                self.worker = threading.Thread(target=self._work, daemon=True)
                self.worker.start()
            return self.worker

    def _work(self) -> None:
        while True:
            name = self.waiting.get()
            with self.lock:
                self.queued.discard(name)
            self.send(name)

    def send(self, name: str) -> None:
        """Campaign `name`'s due notices sent now; whatever fails is one line, never the
        worker's end."""
        from campaign.input.clock import now
        from campaign.notify import delivery

        campaigns = None
        try:
            campaigns = Campaigns(self.db, existing=True)
            done = delivery.send_due(campaigns, name, self.smtp, now())
            self.sent += done.told
            for line in done.failed:
                print(text.printable(f"Turn notices for {name}: {line}"), file=sys.stderr)
        except Exception as failure:  # noqa: BLE001 - the worker serves every campaign after
            said = failure if isinstance(failure, CampaignError) else type(failure).__name__
            print(text.printable(f"Turn notices for {name}: {said}"), file=sys.stderr)
        finally:
            if campaigns is not None:
                campaigns.close()
