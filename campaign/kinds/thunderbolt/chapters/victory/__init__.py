"""Victory Determination (rules page TB-20, the Sequence of Play's G4): an automatic victory, or
the last Game Turn's result, as the scenario's Victory section gives it; the game ends with it."""
