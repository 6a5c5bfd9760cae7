"""Carthage (rules page TB-12 to TB-14): Family in Power and Political Climate, the army limit,
its commanders, recalls and Detachments, and the Army Efficiency Rating."""
