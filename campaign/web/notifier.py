"""The hub's turn notices (`campaign serve --notify`): sent in a thread of their own after a
form recorded, as `campaign notify` sends them (`notices.send_due`)."""

from __future__ import annotations

import sys
import threading
from typing import Any

from campaign import text
from campaign.app import Campaigns
from campaign.errors import CampaignError


class Notifier:
    """Sends a campaign's due turn notices in a thread of its own after a form recorded (the
    answer does not wait on Discord or the mail server), one campaign at a time so that no
    notice goes twice; a failure is one line on the server's error stream, and the notice stays
    due for `campaign notify`."""

    def __init__(self, db: str, smtp: Any = None) -> None:
        self.db, self.smtp, self.lock = db, smtp, threading.Lock()
        self.sent: list[str] = []
        """What was sent, line by line (for the server's operator and the tests)."""

    def soon(self, name: str) -> threading.Thread:
        thread = threading.Thread(target=self.send, args=(name,), daemon=True)
        thread.start()
        return thread

    def send(self, name: str) -> None:
        from campaign import notices
        from campaign.clock import now

        with self.lock:
            campaigns = None
            try:
                campaigns = Campaigns(self.db, existing=True)
                done = notices.send_due(campaigns, name, self.smtp, now())
                self.sent += done.told
                for line in done.failed:
                    print(text.printable(f"Turn notices for {name}: {line}"), file=sys.stderr)
            except CampaignError as failure:
                said = text.printable(f"Turn notices for {name}: {failure}")
                print(said, file=sys.stderr)
            finally:
                if campaigns is not None:
                    campaigns.close()
