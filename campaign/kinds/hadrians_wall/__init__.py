"""Britannia with the Hadrian's Wall variant (rules page HW-n): walls built and crossed, the rest
of the base game entered as results.

`kind.py` is what the shared core sees; `rules.py` the variant's tests and the clock,
`interpretations.py` every Interpretation and setting, `state.py` the fold over the board
(`regions/britannia-ah-1987.toml`), `checks.py` and `commands.py` the decisions, the views,
`cli.py`.
"""

RULES = "hadrians-wall"
