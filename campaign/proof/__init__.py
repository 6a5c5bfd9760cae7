"""What a player holds the organiser to: checkpoints of the log's head (`checkpoint`), the
organiser's signatures on them (`signing`) and each reader's witness of what he saw (`witness`)."""
