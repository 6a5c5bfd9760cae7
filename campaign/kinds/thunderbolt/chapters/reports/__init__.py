"""Reports from the table (rules page TB-5): battles, sieges, leaders besieged or fallen, an
Army's losses, the situation facts and the moves the players made (TB-1.4)."""
