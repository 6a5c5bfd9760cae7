"""Rome's Legions (rules page TB-11): the Legion Request of B3b, reinforcements, the Marine and
Slave Legions, training in G2 and the losses of a battle."""
