"""What a campaign is, pure and the same for every kind: the `Kind` interface and the registry
that names the kinds, the log folded (`log`), drafts stamped and chained (`drafts`, `settle`,
`chain`), the facts every kind shares (`facts`, `deadlines`, `dice`) and the commands every kind
takes (`shared_commands`: notes, undo and redo, renames, withdrawals). Nothing here reads a store,
a clock or a screen: it imports only `campaign.proof` and `campaign.input`."""
