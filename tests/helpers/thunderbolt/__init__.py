"""Thunderbolt's set-ups, shared by the tests of its chapters: the opening (`start`), then a module
for each chapter whose set-up other chapters' tests start from."""
