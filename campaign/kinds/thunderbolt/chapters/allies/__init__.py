"""The Italian Allies (rules page TB-15): the track, what moves it, defections."""
