"""campaign: an event-sourced manager for historical wargame campaigns."""
