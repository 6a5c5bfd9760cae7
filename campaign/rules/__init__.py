"""Rules: one module per campaign kind, each check citing its rule id."""
