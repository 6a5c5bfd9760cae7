"""Emergencies, the Dictator and the Senate (rules page TB-9, TB-10): permissions, Censure and
the Triumph."""
