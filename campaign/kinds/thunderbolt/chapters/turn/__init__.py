"""The Sequence of Play and the LAM cup (rules page TB-3, TB-4): the Game Turn as a state
machine, the markers in the cup and what each draw opens."""
