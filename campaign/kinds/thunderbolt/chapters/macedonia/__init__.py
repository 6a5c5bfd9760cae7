"""Macedonia (rules page TB-27, the rulebook's 11.0, an optional rule): the First Macedonian
War begun and ended by Auguries, the ambassadors, Rome's Legions in the Macedonia Holding Box
and each later instance of the war's event resolved from the table."""
