"""ONUS! Under the Eagle in campaign mode (rules page ON-n): eight scenarios in book order.

`kind.py` is what the shared core sees; `book.py` the scenarios and catalogue (with
`onus-under-the-eagle.toml`), `rules.py` ON-1 … ON-3, `interpretations.py` every
Interpretation, `state.py` the fold, `commands.py` the decisions, the views, `cli.py`.
"""

RULES = "onus-under-the-eagle"
