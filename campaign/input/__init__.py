"""What comes into the program from outside, taken once at the edge: names, notes and values as
people type them (`names`, `text`, `values`), the files they hand over (`files`) and the time of
day (`clock`, the one clock `CAMPAIGN_NOW` pins). The lowest layer: it imports nothing of the
program but `campaign.errors`."""
