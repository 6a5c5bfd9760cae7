"""Telling people: who is told what, and when (`notices`: each person's tasks, the notices and
reminders due, their words), how it reaches them (`delivery`: each channel of each person on its
own; `mail`: e-mail in text and HTML through the organiser's SMTP server), calendar feeds of
deadlines (`calendar`) and posting to a Discord webhook (`discord`)."""
