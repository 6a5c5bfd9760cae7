"""Thunderbolt's strategic layer (rules page TB-n): the first pieces, pure and tested — the dice
(TB-16), Carthage's army limit (TB-12.2), the Army Efficiency Rating (TB-14), the Italian Allies
track (TB-15) and the set-up file (TB-2). Not yet a kind the registry offers: the Sequence of
Play, the Roman offices and the commands come next (issue #15).
"""

RULES = "thunderbolt"
