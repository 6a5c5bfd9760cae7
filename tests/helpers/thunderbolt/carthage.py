"""Thunderbolt, Carthage (TB-12, TB-13): two armies in Hispania, and a campaign taken to B2c."""

from __future__ import annotations

from helpers.thunderbolt.start import EXAMPLE, NEW, into_b2

TWO_IN_HISPANIA = (
    EXAMPLE.replace(
        """id = "hispania"     # its commander fell last year: B2d appoints one (TB-13.1)
sp = 30""",
        """id = "hispania"
commander = "hasdrubal"
sp = 30""",
    )
    + """
[[start.armies]]
id = "iberia"
commander = "mago"
sp = 25
aer = 1
province = "ausetani"
"""
)
"""The example with two Barcid Armies in Hispania (Hasdrubal's and Mago's) and Hanno's,
Magonid, in Africa: three Armies besides Hannibal's."""


def at_b2c(shell, tmp_path, family_face: str, climate_face: str, source=TWO_IN_HISPANIA):
    (tmp_path / "setup.toml").write_text(source)
    shell.ok(*NEW, "--dice", "external", "--setup", str(tmp_path / "setup.toml"))
    into_b2(shell)
    shell.ok("family", "--face", family_face)  # the fixture chart: 0-5 Magonid, 6+ Barcid
    shell.ok("done", "B2a")
    shell.ok("climate", "--face", climate_face)  # 0-2 Cautious, 3-6 Interested, 7-8 Alert
    shell.ok("done", "B2b")
