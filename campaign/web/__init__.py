"""The shared hub: `campaign serve`, web pages over the same store and the same decisions as the
command line (Starlette, Jinja2 templates, no JavaScript)."""
