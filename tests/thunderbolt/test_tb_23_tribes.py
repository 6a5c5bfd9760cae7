"""TB-23 The tribes (the rulebook's 9.1-9.3 and the Tribal Segment, B4) and TB-24 Guile, as the
restatement in docs/thunderbolt-beyond-tb19.md gives them: the tribes of the set-up file (TB-23.1),
their status (TB-23.2), B4's rolls (TB-23.3), troops raised (TB-23.4) and Diplomacy (TB-23.5) by a
leader with Guile, a tribe's battle (TB-23.6), an Augury's revolt (TB-23.7), the Guile Points a
leader has left (TB-24.1). Dice from the table where a face decides what is checked; the figures
expected come from the rulebook's rules and the example set-up's ratings."""

from __future__ import annotations

import pytest
from helpers.thunderbolt.start import EXAMPLE, NEW, into_b2, through_b
from helpers.thunderbolt.tribes import (
    DEPLETED_AND_PACIFIED,
    army,
    to_operations,
    to_the_draw,
)

from campaign.service.unit_of_work import Campaigns
from campaign.service.verify import audit


def tribe(shell, name: str) -> dict:
    return shell.json("status")["tribes"][name]


# TB-23.1, TB-23.2 -----------------------------------------------------------------------------


def test_tb_23_1_the_tribes_come_from_the_set_up_file_with_their_ratings(shell):
    shell.ok(*NEW)
    tribes = shell.json("status")["tribes"]
    assert set(tribes) == {"ausetani", "ilergetes", "allobroges"}
    ausetani = tribes["ausetani"]  # 9.23's example: Roman-allied, undepleted, in Ausetani
    assert (ausetani["allegiance"], ausetani["depleted"], ausetani["province"]) == (
        "rome", False, "ausetani"
    )  # fmt: skip
    assert tribes["allobroges"]["aggression"] == 7  # 9.16's example
    assert "Tribes (TB-23)" in shell.ok("status").stdout


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ('province = "ausetani"\ncontingent = "Iberian"\naggression = 4', "is in 'atlantis'"),
        ('contingent = "Iberian"\naggression = 4\nmanpower = 2', "contingent is Gallic or Iberian"),
        ("aggression = 4\nmanpower = 2", "aggression rating is a whole number 1-9"),
        ('allegiance = "rome"\n', "allied to rome, carthage or neutral"),
    ],
)
def test_tb_23_1_a_tribe_the_set_up_gets_wrong_is_refused_with_the_problem(
    shell, tmp_path, change, said
):
    broken = {
        "is in 'atlantis'": change.replace('"ausetani"', '"atlantis"'),
        "contingent is Gallic or Iberian": change.replace('"Iberian"', '"Basque"'),
        "aggression rating is a whole number 1-9": change.replace("= 4", "= 12"),
        "allied to rome, carthage or neutral": change.replace('"rome"', '"persia"'),
    }[said]
    assert change in EXAMPLE
    (tmp_path / "bad.toml").write_text(EXAMPLE.replace(change, broken, 1))
    result = shell(*NEW, "--setup", str(tmp_path / "bad.toml"))
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "(TB-2.5)" in result.output and said in result.output


def test_tb_23_2_a_depleted_tribes_aggression_is_halved_rounded_up(shell, tmp_path):
    setup = EXAMPLE.replace(
        "aggression = 5\nmanpower = 3\n", "aggression = 5\nmanpower = 3\ndepleted = true\n"
    )
    (tmp_path / "s.toml").write_text(setup)
    shell.ok(*NEW, "--setup", str(tmp_path / "s.toml"))
    ilergetes = tribe(shell, "ilergetes")
    assert (ilergetes["aggression"], ilergetes["effective_aggression"]) == (5, 3)
    assert ilergetes["status"] == "Active, Depleted"


# TB-23.3 ---------------------------------------------------------------------------------------


def test_tb_23_3_b4a_and_b4b_wait_for_the_tribes_rolls_each_by_its_side(shell, tmp_path):
    to_operations(shell, setup=DEPLETED_AND_PACIFIED, tmp_path=tmp_path)
    status = shell.json("status")
    assert status["steps"] == ["B4a"] and status["waiting"] == {"B4a": ["carthage"]}
    assert "tribal: Ilergetes roll" in status["pending"]
    refusal = shell.refuses("done", "B4a", "--side", "carthage")
    assert refusal.endswith("(TB-23.3).") and "tribal" in refusal
    assert shell.refuses("--actor", "Fabius", "tribal", "--face", "2").endswith("(TB-1.1).")
    told = shell.ok("--actor", "Hanno", "tribal", "--face", "3").stdout  # 3 <= MR 3
    assert "Ilergetes, Depletion Recovery: rolled 3 against 3, back to full strength" in told
    assert tribe(shell, "ilergetes")["depleted"] is False
    status = shell.json("status")
    assert status["steps"] == ["B4b"] and status["waiting"] == {"B4b": ["rome"]}


def test_tb_23_3_a_non_allied_force_of_20_sp_halves_the_pacification_target(shell, tmp_path):
    to_operations(shell, setup=DEPLETED_AND_PACIFIED, tmp_path=tmp_path)
    shell.ok("tribal", "--face", "9")  # the Ilergetes stay Depleted
    assert tribe(shell, "ilergetes")["depleted"] is True
    # The Hispania Army (Mago, 30 SP) stands in Ausetani: AR 4 // 2 = 2, and a 3 fails.
    told = shell.ok("tribal", "--face", "3").stdout
    assert "Ausetani, Pacification Removal: rolled 3 against 2, still Pacified" in told
    assert tribe(shell, "ausetani")["pacified"] is True
    assert shell.json("status")["steps"] == ["C2"]


def test_tb_23_3_without_a_force_near_a_roll_at_most_the_rating_makes_it_active(shell, tmp_path):
    away = DEPLETED_AND_PACIFIED.replace(
        'sp = 30\naer = 0\nprovince = "ausetani"', 'sp = 30\naer = 0\nprovince = "carthage"'
    )
    assert away != DEPLETED_AND_PACIFIED
    to_operations(shell, setup=away, tmp_path=tmp_path)
    shell.ok("tribal", "--face", "0")
    shell.ok("tribal", "--face", "4")  # 4 <= AR 4
    ausetani = tribe(shell, "ausetani")
    assert (ausetani["pacified"], ausetani["depleted"], ausetani["allegiance"]) == (
        False,
        True,
        "rome",
    )


def test_tb_23_3_a_tribe_in_a_devastated_province_rolls_nothing(shell, tmp_path):
    to_operations(shell, setup=DEPLETED_AND_PACIFIED, tmp_path=tmp_path)
    assert shell.refuses("tribal", "--devastated", "Allobroges").endswith("(TB-23.3).")
    told = shell.ok("tribal", "--devastated", "Ilergetes").stdout
    assert "Ilergetes, no Depletion Recovery roll" in told and "Devastated" in told
    assert tribe(shell, "ilergetes")["depleted"] is True


def test_tb_23_3_no_tribe_due_b4_passes_by_itself(shell):
    to_operations(shell)
    assert shell.json("status")["steps"] == ["D"]


# TB-23.4 ---------------------------------------------------------------------------------------


def test_tb_23_4_troops_raised_join_the_army_and_deplete_the_tribe(shell):
    to_operations(shell)
    # Mago (Campaign 4, Guile 1): 5 - 1 Guile = 4 <= 4; then 4 x the Ilergetes' MR 3 = 12 SP.
    told = shell.ok(
        "tribe-levy", "Ilergetes", "--by", "hispania", "--guile", "1", "--face", "5", "--face", "4"
    ).stdout
    assert (
        "rolled 5, 4 adjusted, against Campaign Rating 4; then 4: 12 SP join Army hispania" in told
    )
    assert army(shell, "hispania")["sp"] == 30 + 12
    assert tribe(shell, "ilergetes")["status"] == "Active, Depleted"
    assert shell.json("status")["guile"]["mago"]["left"] == 0


def test_tb_23_4_a_failed_roll_or_a_zero_raises_nothing_and_leaves_the_tribe(shell):
    to_operations(shell)
    told = shell.ok("tribe-levy", "Ilergetes", "--by", "Mago", "--face", "5").stdout  # 5 > 4
    assert "none come" in told
    assert army(shell, "hispania")["sp"] == 30 and not tribe(shell, "ilergetes")["depleted"]
    refusal = shell.refuses("tribe-levy", "Ilergetes", "--by", "Mago", "--face", "1", "--face", "2")
    assert refusal.endswith("(TB-23.4).") and "once this Operations Phase" in refusal


def test_tb_23_4_a_second_die_of_zero_raises_no_sp_and_the_tribe_stays_undepleted(shell):
    to_operations(shell)
    told = shell.ok("tribe-levy", "Ilergetes", "--by", "Mago", "--face", "2", "--face", "0").stdout
    assert "then 0: no SP" in told
    assert army(shell, "hispania")["sp"] == 30 and not tribe(shell, "ilergetes")["depleted"]


def test_tb_23_4_only_from_an_allied_active_tribe_where_the_leader_stands(shell):
    to_operations(shell)
    roman_ally = shell.refuses(
        "tribe-levy", "Ausetani", "--by", "Mago", "--face", "1", "--face", "1"
    )
    assert roman_ally.endswith("(TB-23.4).") and "not allied to Carthage" in roman_ally
    elsewhere = shell.refuses(
        "tribe-levy", "Ilergetes", "--by", "Hannibal", "--face", "1", "--face", "1"
    )
    assert elsewhere.endswith("(TB-23.4).") and "Apulia" in elsewhere
    assert "did you mean" in shell.refuses("tribe-levy", "Ilergets", "--by", "Mago")


def test_tb_23_4_rome_raises_from_tribes_only_in_hispania(shell):
    to_operations(shell)
    shell.ok("march", "Albinus", "--to", "Ausetani", "--override", "the test's shortcut")
    told = shell.ok(
        "tribe-levy", "Ausetani", "--by", "Albinus", "--face", "4", "--face", "6"
    ).stdout
    assert "12 SP join him" in told  # 9.23's example: a 6 x MR 2
    assert shell.json("status")["levies"] == {"albinus": 12}
    shell.ok("march", "Tuditanus", "--to", "Allobroges", "--override", "the test's shortcut")
    refusal = shell.refuses(
        "tribe-levy", "Allobroges", "--by", "Tuditanus", "--face", "1", "--face", "1"
    )
    assert refusal.endswith("(TB-23.4).") and "only in Hispania" in refusal


def test_tb_23_4_a_victorys_drm_needs_a_battle_won_there_this_game_turn(shell):
    to_operations(shell)
    refusal = shell.refuses(
        "tribe-levy", "Ilergetes", "--by", "Mago", "--victory", "major", "--face", "6"
    )
    assert refusal.endswith("(TB-23.4).") and "land-battle" in refusal
    shell.ok("land-battle", "Ausetani", "--winner", "carthage")
    assert shell.refuses(
        "tribe-levy", "Ilergetes", "--by", "Mago", "--victory", "major", "--face", "6"
    ).endswith("(TB-23.4).")
    told = shell.ok(
        "tribe-levy",
        "Ilergetes",
        "--by",
        "Mago",
        "--victory",
        "minor",
        "--face",
        "5",
        "--face",
        "1",
    ).stdout
    assert "-1 for a Victory: rolled 5, 4 adjusted" in told  # 5 - 1 = 4 <= 4


def test_tb_23_4_a_leader_without_guile_left_raises_nothing(shell, tmp_path):
    to_operations(shell)
    shell.ok("tribe-levy", "Ilergetes", "--by", "Mago", "--guile", "1", "--face", "9")
    refusal = shell.refuses("tribe-diplomacy", "Ausetani", "--by", "Mago", "--face", "9")
    assert refusal.endswith("(TB-24.1).") and "no Guile Point available" in refusal


# TB-23.5 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "allegiance"),
    [(5, "carthage"), (4, "neutral"), (3, "rome")],  # against the Ausetani's AR 4
)
def test_tb_23_5_diplomacy_higher_allies_the_same_neutral_lower_no_change(shell, face, allegiance):
    to_operations(shell)
    shell.ok("tribe-diplomacy", "Ausetani", "--by", "hispania", "--face", str(face))
    assert tribe(shell, "ausetani")["allegiance"] == allegiance


def test_tb_23_5_rome_in_hispania_adds_1_and_guile_spent_adds_each(shell):
    to_operations(shell)
    shell.ok("march", "Albinus", "--to", "Ausetani", "--override", "the test's shortcut")
    # The Carthage-allied Ilergetes, AR 5: 3 + 1 Guile + 1 (Rome in Hispania) = 5: Neutral.
    told = shell.ok(
        "tribe-diplomacy", "Ilergetes", "--by", "Albinus", "--guile", "1", "--face", "3"
    ).stdout
    assert "rolled 3, 5 adjusted; the tribe is Neutral" in told
    assert tribe(shell, "ilergetes")["allegiance"] == "neutral"


def test_tb_23_5_who_may_use_diplomacy_and_with_whom(shell, tmp_path):
    to_operations(shell, setup=DEPLETED_AND_PACIFIED, tmp_path=tmp_path)
    shell.ok("tribal", "--face", "9")
    shell.ok("tribal", "--face", "9")
    shell.ok("initiative", "leader")
    pacified = shell.refuses("tribe-diplomacy", "Ausetani", "--by", "Mago", "--face", "9")
    assert pacified.endswith("(TB-23.5).") and "Pacified" in pacified
    shell.ok("march", "Philo", "--to", "Ausetani", "--override", "the test's shortcut")
    praetor = shell.refuses("tribe-diplomacy", "Ilergetes", "--by", "Philo", "--face", "9")
    assert praetor.endswith("(TB-23.5).") and "Consul, Proconsul, Dictator or ME" in praetor


# TB-23.6 ---------------------------------------------------------------------------------------


def test_tb_23_6_a_tribe_musters_die_times_its_aggression_and_a_major_defeat_pacifies(shell):
    to_operations(shell)
    told = shell.ok("tribe-muster", "Allobroges", "--against", "carthage", "--face", "6").stdout
    assert "muster 42 SP against Carthage" in told  # 9.16's example: a 6 x AR 7
    assert tribe(shell, "allobroges")["mustered"] == {"against": "carthage", "sp": 42}
    assert shell.refuses("tribe-battle", "Allobroges", "--winner", "rome").endswith("(TB-23.6).")
    shell.ok("tribe-battle", "Allobroges", "--winner", "carthage", "--major")
    allobroges = tribe(shell, "allobroges")
    assert (allobroges["pacified"], allobroges["depleted"], allobroges["mustered"]) == (
        True,
        True,
        None,
    )
    refusal = shell.refuses("tribe-muster", "Allobroges", "--against", "rome", "--face", "3")
    assert refusal.endswith("(TB-23.6).") and "Pacified" in refusal


def test_tb_23_6_a_zero_cancels_and_a_battle_needs_its_muster(shell):
    to_operations(shell)
    assert "tribe-muster first" in shell.refuses("tribe-battle", "Allobroges", "--winner", "tribe")
    told = shell.ok("tribe-muster", "Allobroges", "--against", "rome", "--face", "0").stdout
    assert "the attack is cancelled" in told
    assert tribe(shell, "allobroges")["mustered"] is None
    own = shell.refuses("tribe-muster", "Ilergetes", "--against", "carthage", "--face", "3")
    assert own.endswith("(TB-23.6).") and "allied to Carthage" in own


def test_tb_23_6_a_depleted_tribe_musters_at_half_its_aggression(shell, tmp_path):
    to_operations(shell)
    shell.ok("tribe-levy", "Ilergetes", "--by", "Mago", "--face", "1", "--face", "1")  # Depleted
    told = shell.ok("tribe-muster", "Ilergetes", "--against", "rome", "--face", "4").stdout
    assert "muster 12 SP" in told  # 4 x (5 halved, rounded up: 3)


# TB-23.7 ---------------------------------------------------------------------------------------


def to_augury(shell) -> None:
    """To Game Turn 1's Augury Phase, its Augury entered."""
    to_operations(shell)
    to_the_draw(shell, "augury")
    shell.ok("augury", "--event", "The Ilergetes rise against their Punic masters")


def test_tb_23_7_an_augury_puts_a_tribe_in_revolt_against_its_ally(shell):
    to_operations(shell)
    assert shell.refuses("tribe-revolt", "Ilergetes").endswith("(TB-3.2).")
    to_the_draw(shell, "augury")
    assert "augury --event first" in shell.refuses("tribe-revolt", "Ilergetes")
    shell.ok("augury", "--event", "The Ilergetes rise against their Punic masters")
    assert shell.refuses("tribe-revolt", "Allobroges").endswith("(TB-23.7).")  # Neutral
    shell.ok("tribe-revolt", "Ilergetes")
    assert tribe(shell, "ilergetes")["in_revolt"] is True
    assert "In Revolt" in shell.ok("status").stdout
    shell.ok("tribe-revolt", "Ilergetes", "--ended")
    assert tribe(shell, "ilergetes")["in_revolt"] is False


def test_tb_23_7_the_allied_player_neither_raises_nor_sways_a_tribe_in_revolt(shell):
    to_augury(shell)
    shell.ok("tribe-revolt", "Ilergetes")
    to_the_draw(shell, "leader")
    levy = shell.refuses("tribe-levy", "Ilergetes", "--by", "Mago", "--face", "1", "--face", "1")
    assert levy.endswith("(TB-23.4).")
    sway = shell.refuses("tribe-diplomacy", "Ilergetes", "--by", "Mago", "--face", "9")
    assert sway.endswith("(TB-23.7).") and "In Revolt" in sway
    # The other side may still sway it; a change of allegiance ends the revolt.
    shell.ok("march", "Albinus", "--to", "Ausetani", "--override", "the test's shortcut")
    shell.ok("tribe-diplomacy", "Ilergetes", "--by", "Albinus", "--face", "9")
    ilergetes = tribe(shell, "ilergetes")
    assert (ilergetes["allegiance"], ilergetes["in_revolt"]) == ("rome", False)


# TB-24.1 ---------------------------------------------------------------------------------------


def test_tb_24_1_guile_spent_is_gone_for_the_game_turn_and_back_in_the_next(shell):
    shell.ok(*NEW)
    into_b2(shell)
    through_b(shell)
    shell.ok("initiative", "leader")
    assert shell.json("status")["guile"]["hannibal"] == {"name": "Hannibal", "rating": 4, "left": 4}
    shell.ok("diplomacy", "samnium", "--result", "1")  # TB-15.6: 1 Guile spent
    assert shell.json("status")["guile"]["hannibal"]["left"] == 3
    assert "Hannibal 3 of 4" in shell.ok("status").stdout
    to_the_draw(shell, "empty")
    for step in ("F2", "G1", "G2", "G3", "G4"):
        for side in ("rome", "carthage"):
            shell.ok("done", step, "--side", side)
    assert shell.json("status")["turn"] == 2
    assert shell.json("status")["guile"]["hannibal"]["left"] == 4


# The log: verify, undo, the reveal -------------------------------------------------------------


def test_tb_23_every_tribal_event_is_verified_and_undone(shell, tmp_path):
    to_operations(shell, setup=DEPLETED_AND_PACIFIED, tmp_path=tmp_path)
    shell.ok("tribal", "--face", "3")
    shell.ok("tribal", "--face", "9")
    shell.ok("initiative", "leader")
    shell.ok("tribe-levy", "Ilergetes", "--by", "Mago", "--face", "2", "--face", "3")
    shell.ok("tribe-muster", "Allobroges", "--against", "carthage", "--face", "2")
    shell.ok("tribe-battle", "Allobroges", "--winner", "tribe")
    shell.ok("undo", "--reason", "entered on the wrong tribe")
    assert tribe(shell, "allobroges")["mustered"] == {"against": "carthage", "sp": 14}
    loaded = Campaigns(str(shell.db)).load("Punic")
    assert audit(loaded.kind, loaded.events).events == len(loaded.events)
    assert "verified" in shell.ok("verify").stdout.lower()


def test_tb_23_the_programs_tribal_rolls_are_checked_at_the_reveal(shell, tmp_path):
    (tmp_path / "s.toml").write_text(DEPLETED_AND_PACIFIED)
    shell.ok(*NEW, "--setup", str(tmp_path / "s.toml"))
    into_b2(shell)
    through_b(shell)
    shell.ok("tribal")
    shell.ok("tribal")
    rolls = [r for r in shell.json("status")["rolls"] if r["kind"].startswith("tribe-")]
    assert [r["kind"] for r in rolls] == ["tribe-recovery", "tribe-pacification"]
    shell.ok("initiative", "leader")
    shell.ok("tribe-muster", "Allobroges", "--against", "carthage")
    to_the_draw(shell, "empty")
    for step in ("F2", "G1", "G2", "G3", "G4"):
        for side in ("rome", "carthage"):
            shell.ok("done", step, "--side", side)
    assert "1" in shell.json("status")["revealed"]  # the reveal re-checked every roll
    assert "verified" in shell.ok("verify").stdout.lower()


def test_tb_24_1_guile_spent_on_the_senate_is_spent_for_the_game_turn(shell):
    """TB-10.5's Guile DRM spends the Points (TB-24.1): Pulcher (Guile 1) asks the Senate with his
    Point, and has none left for his next request of the Game Turn."""
    from helpers.thunderbolt.senate import to_operations as senate_operations

    senate_operations(shell)
    shell.ok("ask-senate", "Pulcher", "leave", "--guile", "1", "--face", "9")  # 8 > 6: refused
    assert shell.json("status")["guile"]["pulcher"]["left"] == 0
    to_the_draw(shell, "leader")  # the next Operations Phase: he may ask again (TB-10.3)
    refusal = shell.refuses("ask-senate", "Pulcher", "leave", "--guile", "1", "--face", "2")
    assert refusal.endswith("(TB-24.1).") and "0 Guile Points left" in refusal
