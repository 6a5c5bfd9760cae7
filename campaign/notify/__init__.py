"""Telling people: turn notices by Discord and e-mail (`notices`), calendar feeds of deadlines
(`calendar`) and posting to a Discord webhook (`discord`)."""
