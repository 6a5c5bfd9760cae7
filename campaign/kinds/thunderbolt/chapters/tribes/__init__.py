"""The Celts (rules page TB-23 and TB-24, the rulebook's 9.1-9.3 and the Tribal Segment B4): the
scenario's tribes, their allegiance and status, B4's recovery rolls, troops raised and Diplomacy
by Guile, battles with a tribe and the Augury's In Revolt; the Guile a leader has left."""
