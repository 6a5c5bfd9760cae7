"""The command line, one module per kind of campaign; `cli.py` puts it together."""
