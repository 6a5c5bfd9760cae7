"""What is kept beside the log for the next readers, and when it still holds: the view that
`list` and `status` show (`status`), the catalogue of names (`catalogue`), the state as msgspec
writes it (`snapshot`) and the seal that binds each kept row to the log's last event (`seals`).
The store persists what these modules decide; nothing here opens a database."""
