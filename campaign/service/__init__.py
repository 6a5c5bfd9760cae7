"""The use cases: each entry point (the command line, the hub) calls one of them once per
command. `use_cases` performs an act (load, decide, settle, append, keep for the readers, tell);
`unit_of_work` is the store as they see it (`Campaigns`: load → decide → settle → append, in one
write); `verify` decides every event again; `exchange` exports and imports logs; `demo` plays a
campaign end to end."""
