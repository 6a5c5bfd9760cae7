"""Thunderbolt's opening on the command line: a new campaign (`NEW`), the example set-up
(`EXAMPLE`), Phase A and B played through (`into_b2`, `through_b1`, `through_b`,
`through_b_at_the_table`), and Rome's offices read back."""

from __future__ import annotations

from importlib import resources

from helpers.shell import Shell

NEW = ["new", "Punic", "--rules", "thunderbolt", "--rome", "Fabius", "--carthage", "Hanno"]


def into_b2(shell: Shell) -> None:
    shell.ok("done", "A2", "--side", "rome")
    shell.ok("done", "A2", "--side", "carthage")


OPENING_MAGISTRATES = ("Gracchus", "Pulcher", "Flaccus", "Marcellus", "Cethegus", "Nero")


def through_b1(shell: Shell, magistrates=OPENING_MAGISTRATES) -> None:
    """Phase B1 the quickest lawful way: every magistrate released (TB-7.5), Pluto for whoever is
    not in the pool (TB-7.7), every office elected as TB-8 gives it."""
    for leader in magistrates:
        shell.ok("release", leader)
    shell.ok("done", "B1a")
    shell.ok("pluto")
    shell.ok("done", "B1b")
    shell.ok("elect", "--all")
    shell.ok("done", "B1c")


ELECTED = ("Manlius Vulso", "Philo", "Varro", "Fabius")
"""The opening elections after the Consuls: a Proconsul, two Praetors and the PU."""


def through_b_at_the_table(
    shell: Shell,
    family: str = "0",
    record_b3a: bool = True,
    climate: str = "3",
    elected: tuple[str, ...] = ELECTED,
) -> None:
    """Phases B1 and B2 with external dice, to B3b: Pulcher prorogued as Proconsul of Campania,
    the rest released; Albinus and Tuditanus Consuls with CAs 2 and 3, Manlius Vulso Proconsul
    with CA 4, Praetors Philo (IX) and Varro (X), Fabius PU; the Family in Power by the face
    `family` (0: the Magonids), the Political Climate by the face `climate` (3: an Interested
    Senate), Mago for Hispania (left at B3a with `record_b3a` False)."""
    shell.ok("prorogue", "Pulcher", "--province", "Campania")
    shell.ok("release", "--all")
    shell.ok("done", "B1a")
    shell.ok("pluto", "--face", "1", "--face", "1")  # Pulcher and Torquatus: unharmed
    shell.ok("done", "B1b")
    for drawn in ("Albinus", "Tuditanus"):
        shell.ok("elect", "consul", "--leader", drawn)
    shell.ok("imperium")
    shell.ok("imperium")
    for drawn in elected:  # in the order TB-8 asks for the offices
        shell.ok("elect", "--leader", drawn)
    shell.ok("done", "B1c")
    shell.ok("family", "--face", family)  # the fixture chart: 0-5 Magonid, 6+ Barcid
    shell.ok("done", "B2a")
    shell.ok("climate", "--face", climate)
    for step in ("B2b", "B2c"):
        shell.ok("done", step)
    shell.ok("appoint", "--leader", "Mago")
    shell.ok("done", "B2d")
    shell.ok("station")
    shell.ok("done", "B2e")
    if record_b3a:  # otherwise left in hand at B3a
        shell.ok("done", "B3a")


def through_b(shell: Shell) -> None:
    for step in ("B2a", "B2b", "B2c", "B2d", "B2e"):
        if step == "B2a":
            shell.ok("family", "--drm", "war=+2")
        if step == "B2b":
            shell.ok("climate")
        if step == "B2d":
            shell.ok("appoint")  # Hispania's Army (TB-13.1)
        if step == "B2e":
            shell.ok("station")  # whatever the climate asks (TB-12.6)
        shell.ok("done", step)
    through_b1(shell)
    shell.ok("done", "B3a")
    shell.ok("done", "B3b", "--side", "rome")
    shell.ok("done", "B3b", "--side", "carthage")


EXAMPLE = resources.files("examples").joinpath("thunderbolt-setup.toml").read_text()


def at_b1a(shell: Shell, *options: str) -> None:
    shell.ok(*NEW, *options)
    into_b2(shell)


PLAIN = EXAMPLE.replace("leader_loss =", "unused_a =").replace("leader_casualty =", "unused_b =")
"""The example without its Leader Loss charts: Pluto's outcomes are entered (TB-7.7)."""


def at_b1c(shell: Shell, tmp_path, *options: str, torquatus="unharmed", source=PLAIN) -> None:
    """B1a with the CAs of Pulcher, Flaccus and Gracchus left leaderless, Marcellus and Nero
    kept; Pluto as entered (with external dice, a face of 1: unharmed by the example's chart)."""
    external = "--dice" in options
    if not external:
        (tmp_path / "setup.toml").write_text(source)
        options = (*options, "--setup", str(tmp_path / "setup.toml"))
    at_b1a(shell, *options)
    shell.ok("prorogue", "Marcellus", "--theater", "Sicily")
    shell.ok("prorogue", "Nero", "--as", "Praetor")
    shell.ok("release", "--all")
    shell.ok("done", "B1a")
    for leader, outcome in (
        ("Torquatus", torquatus),
        ("Marcellus", "unharmed"),
        ("Nero", "unharmed"),
    ):
        shell.ok("pluto", leader, *(["--face", "1"] if external else ["--outcome", outcome]))
    shell.ok("done", "B1b")


def rome(shell: Shell) -> dict:
    return shell.json("status")["rome"]


def office_of(shell: Shell, leader: str) -> dict | None:
    return next((m for m in rome(shell)["magistrates"] if m["leader"] == leader), None)


def office(shell, leader: str) -> dict | None:
    return next((m for m in rome(shell)["magistrates"] if m["leader"] == leader), None)


def pool(shell) -> list[str]:
    return [lid for lid, who in rome(shell)["leaders"].items() if who["place"] == "pool"]


def at_b3a(shell) -> None:
    """A new game with dice from the table, Phase B played up to B3a's naval construction, no
    levels recorded yet (TB-26)."""
    shell.ok(*NEW, "--dice", "external")
    into_b2(shell)
    through_b_at_the_table(shell, record_b3a=False)


def zones(shell) -> dict:
    """Each Naval Zone's NS Level as the status gives it (TB-26.1)."""
    return shell.json("status")["naval"]
