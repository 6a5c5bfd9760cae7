"""Views: pure functions from projections to rich renderables, JSON-ready data and text."""
