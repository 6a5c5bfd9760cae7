"""Thunderbolt's board: the pieces (Rome's magistrates and Legions, Carthage's Armies and pools,
the tribes, the Macedonian War), the set-up file and its charts, the Sequence of Play's position
and the checks and moves that more than one chapter makes. The chapters import the board; the
board imports no chapter (import-linter keeps it so)."""
