"""The Augury Phase (rules page TB-22, the rulebook's E and 12.0): the roll on the scenario's
Augury Table and its event, entered from the table; what the event brings about is entered with
the commands of what it is."""
