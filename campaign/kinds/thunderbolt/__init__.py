"""Thunderbolt's strategic layer (rules page TB-n), one sub-package per chapter of the rules:

- `turn/`: the Sequence of Play as a state machine and the LAM cup (TB-3, TB-4);
- `magistrates/`: Roman offices, prorogues, A Visit from Pluto, elections (TB-6 to TB-8);
- `senate/`: Emergencies, the Dictator, the Senate, Censure and the Triumph (TB-9, TB-10);
- `legions/`: the Legion Request and what replaces it, training, losses (TB-11);
- `carthage/`: Family, Climate, the army limit, commanders, Detachments, AER (TB-12 to TB-14);
- `allies/`: the Italian Allies track (TB-15);
- `reports/`: battles, sieges and the other reports from the table (TB-5, TB-1.4).

Each chapter's `decide.py` holds its decisions (each lists the checks it runs, then says what to
record); its pure arithmetic sits beside it. Shared by the chapters: `dice.py` (TB-16),
`naming.py` (things by the names players write), `checks.py` (one check per rule),
`positions.py` (TB-1.4), `rules.py`, `setup.py` (TB-2), `interpretations.py` (TB-18), `state.py`
(the fold). `decisions.py` joins the chapters' decisions for verify; `kind.py` is what the shared
core sees; `cli.py` the commands.
"""

RULES = "thunderbolt"
