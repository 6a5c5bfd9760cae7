"""The Boiling Cauldron (rules page BC-n): Field of Glory II, ninth-century Britain.

`kind.py` is what the shared core sees; `rules.py` the arithmetic, `checks.py` the
refusals, `interpretations.py` every Interpretation, `state.py` the fold,
`commands.py` the decisions, `starting.py` BC-2's set-up, the views, and `cli.py`.
"""

RULES = "boiling-cauldron"
