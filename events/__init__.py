"""The vocabulary: frozen, past-tense domain events, and nothing else.

Every event class has an explicit, stable topic. Only the topics listed in
`ALLOWED_TOPICS` are ever turned back into objects when a store or an
exported file is read (see ARCHITECTURE.md, principle 8).
"""

from __future__ import annotations

from events import boiling_cauldron, common, onus
from events.common import ALLOWED_TOPICS, CampaignEvent

__all__ = ["ALLOWED_TOPICS", "CampaignEvent", "boiling_cauldron", "common", "onus"]
