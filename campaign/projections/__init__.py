"""Projections: pure folds over a campaign's events."""
