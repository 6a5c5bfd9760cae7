"""Decisions: a command and the current state in, the events to record out."""
