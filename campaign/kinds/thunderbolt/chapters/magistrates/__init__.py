"""Rome's magistrates (rules page TB-6 to TB-8): offices, Imperium and assignments, prorogues
and A Visit from Pluto in B1a, the Election of Magistrates in B1c."""
