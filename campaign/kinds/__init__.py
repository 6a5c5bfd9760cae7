"""The kinds of campaign, one package each. `campaign/domain/registry.py` lists them; nothing
outside a kind's own package imports it (import-linter checks, see pyproject.toml)."""
