"""Thunderbolt's strategic layer (rules page TB-n), its first slice: the Sequence of Play as a
state machine (TB-3), Carthage's Family in Power, Political Climate and army limit (TB-12), the
Italian Allies track moved by the reports of the table (TB-15), and dice from committed secrets
(TB-16); with, as pure and tested arithmetic awaiting their events, the Army Efficiency Rating
(TB-14), Roman offices (TB-6), Emergencies, the Senate and Legions (TB-9 to TB-11).

`kind.py` is what the shared core sees; `sequence.py` the Sequence of Play, `rules.py`,
`offices.py` and `senate.py` the arithmetic, `setup.py` the set-up file (TB-2), `checks.py` one
check per rule, `interpretations.py` TB-18's choices, `state.py` the fold, `commands.py` the
decisions, the views, `cli.py`.
"""

RULES = "thunderbolt"
