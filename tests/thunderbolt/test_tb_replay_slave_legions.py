"""Thunderbolt: a CA that loses a Slave Legion as B1c ends (TB-8.8 [5.53], TB-11.13), replayed.

The Election of Magistrates elects no Proconsul for a CA with a Slave Legion (TB-11.13: only the
Dictator, the ME or a Consul commands one), so B1c may end with such a CA leaderless; ending with
no Emergency in effect then disbands the Slave Legions, at the end of the Election segment
[5.53]. The CA keeps its regular Legion and stands leaderless until the next election. Found by
the property test: `verify` decided the end of B1c on the state after the disbanding, where that
CA was one a Proconsul was due for, and refused a log the command line had recorded."""

from __future__ import annotations

from helpers.thunderbolt.legions import legion_rows, to_b3b
from helpers.thunderbolt.start import into_b2

LAST_STEPS = ("F2", "G1", "G2", "G3", "G4")


def next_turn_to_b1a(shell) -> None:
    """From B3b, with external dice, the rest of the Game Turn and the next one's B2a and B2b."""
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    shell.ok("initiative", "empty")
    for step in LAST_STEPS:
        for side in ("rome", "carthage"):
            shell.ok("done", step, "--side", side)
    into_b2(shell)
    shell.ok("family", "--face", "0")
    shell.ok("done", "B2a")
    shell.ok("climate", "--face", "3")
    shell.ok("done", "B2b")


def to_b3b_again(shell) -> None:
    """Carthage's side of Phase B2 and B3a, to B3b."""
    for step in ("B2c", "B2d"):
        shell.ok("done", step)
    shell.ok("station")
    shell.ok("done", "B2e")
    shell.ok("done", "B3a")


def consuls_with_slave_legions(shell, tmp_path) -> None:
    """Game Turn 1 raises both Slave Legions in a Major Emergency (TB-11.13); Game Turn 2, in a
    Minor one, keeps every CA under a prorogued magistrate and gives the new Consuls Gracchus and
    Flaccus new CAs of a regular Legion and a Slave Legion each (TB-8.3): CAs 5 and 6."""
    to_b3b(shell, tmp_path)
    shell.ok("facts", "--roma-besieged")
    shell.ok("slave-legions", "--at", "Latium", "--at", "Latium")
    shell.ok("facts", "--roma-free", "--occupied", "2")  # a Minor Emergency: they stay
    next_turn_to_b1a(shell)
    for leader, where in (("Albinus", "Apulia"), ("Tuditanus", "Lucania"), ("Pulcher", "Campania")):
        shell.ok("prorogue", leader, "--province", where)
    shell.ok("prorogue", "Manlius Vulso", "--theater", "Sicily")
    shell.ok("release", "--all")
    shell.ok("done", "B1a")
    shell.ok("pluto", *["--face", "1"] * 5)
    shell.ok("done", "B1b")
    for drawn in ("Gracchus", "Flaccus"):
        shell.ok("elect", "consul", "--leader", drawn)
    shell.ok("imperium", "Gracchus", "--legion", "X", "--legion", "Slave-1")
    shell.ok("imperium", "Flaccus", "--legion", "IX", "--legion", "Slave-2")
    shell.ok("elect", "--leader", "Philo")  # the PU
    shell.ok("done", "B1c")


def cas(shell) -> dict[str, list[str]]:
    return shell.json("status")["rome"]["cas"]


def test_tb_8_8_b1c_ends_with_a_ca_of_a_slave_legion_leaderless_and_verify_replays_it(
    shell, tmp_path
):
    """TB-8.8 [5.53] and TB-11.13: Game Turn 3 without an Emergency, every magistrate released:
    the Consuls take CAs 1 and 2, Proconsuls CAs 3 and 4; CAs 5 and 6 each hold a Slave Legion,
    so no Proconsul is due for them and B1c ends; the Slave Legions are disbanded as it ends,
    CAs 5 and 6 keep their regular Legions X and IX, leaderless, and `verify` replays the log."""
    consuls_with_slave_legions(shell, tmp_path)
    assert cas(shell)["5"] == ["X", "Slave-1"] and cas(shell)["6"] == ["IX", "Slave-2"]
    to_b3b_again(shell)
    shell.ok("facts", "--occupied", "0")  # no Emergency in effect (TB-9)
    next_turn_to_b1a(shell)
    shell.ok("release", "--all")
    shell.ok("done", "B1a")
    shell.ok("pluto", "--face", "1")  # Torquatus, in the Triumph Holding Box
    shell.ok("done", "B1b")
    for drawn in ("Albinus", "Tuditanus"):
        shell.ok("elect", "consul", "--leader", drawn)
    shell.ok("imperium", "Albinus", "--ca", "1")
    shell.ok("imperium", "Tuditanus", "--ca", "2")
    for drawn in ("Pulcher", "Manlius Vulso", "Philo"):  # CAs 3 and 4, then the PU
        shell.ok("elect", "--leader", drawn)
    said = shell.ok("done", "B1c").stdout
    assert "Slave-1 and Slave-2 disbanded (TB-8.8)" in said
    assert cas(shell)["5"] == ["X"] and cas(shell)["6"] == ["IX"]
    rows = legion_rows(shell)
    assert not {"Slave-1", "Slave-2"} & set(rows)
    assert rows["X"]["leader"] is None and rows["IX"]["leader"] is None
    shell.ok("verify")
