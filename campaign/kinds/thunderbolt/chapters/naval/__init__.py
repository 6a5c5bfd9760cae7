"""Naval Superiority (rules page TB-26, the rulebook's 8.1 and B3a): each Naval Zone's NS Level
from the set-up file, the levels each side builds put into zones, and re-allotments, as entered
(the NS Level Construction Table is the scenario's player aid)."""
