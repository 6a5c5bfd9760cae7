"""Issue #51, Guile as a ledger (TB-24, docs/thunderbolt-beyond-tb19.md): every Guile Point a
leader spends is a record of the log and what he has left follows from them (TB-24.1); a Parley
(the rulebook's 9.15, TB-24.2) and Treachery (4.24, TB-24.3) spend theirs; the rolls the table
makes with Guile (9.43, 9.44 Gallic Desertion; 13.52 Avoidance) are recorded with `guile`
(TB-24.4); a Guile DRM typed with a chart's is refused (TB-24.5). The example set-up's ratings:
Hannibal's Guile 4 (9.22), every other leader's 1; the Ausetani (Roman-allied, Aggression Rating
4), the Ilergetes (Carthage-allied, 5), the Allobroges (Neutral, 7). Dice from the table where a
face decides what is checked; every expectation is the rulebook's arithmetic on those figures."""

from __future__ import annotations

import pytest
from helpers.hadrians_wall import rechained
from helpers.thunderbolt.start import EXAMPLE, NEW, into_b2, office_of, through_b
from helpers.thunderbolt.tribes import to_operations, to_the_draw

from campaign.service.unit_of_work import Campaigns
from campaign.service.verify import AuditFailure, audit

HANNIBAL_GUILE, AUSETANI_AR = 4, 4


def left(shell, leader: str) -> int:
    return shell.json("status")["guile"][leader]["left"]


def last(shell) -> dict:
    return shell.json("log")[-1]


# TB-24.2 Parley (9.15) ---------------------------------------------------------------------------


def test_tb_24_2_a_parley_spends_its_guile_and_cancels_only_above_the_aggression_rating(shell):
    """9.15: "the player must expend at least 1 Guile Point ... and roll the die, adding all the
    expended Guile Points to the DR. If that adjusted DR is higher than the Aggression Rating of
    the tribe, the attack is cancelled. If the same as or lower, the attack takes place." The
    Roman-allied Ausetani (AR 4) intercept Hannibal's Army."""
    to_operations(shell)
    shell.ok("parley", "Ausetani", "--by", "hannibal", "--guile", "2", "--face", "3")
    parleyed = last(shell)["data"]
    assert parleyed["cancelled"] is (3 + 2 > AUSETANI_AR)  # 5 > 4: cancelled
    assert left(shell, "hannibal") == HANNIBAL_GUILE - 2
    shell.ok("parley", "Ausetani", "--by", "hannibal", "--guile", "2", "--face", "2")
    assert last(shell)["data"]["cancelled"] is (2 + 2 > AUSETANI_AR)  # 4, the same: it attacks
    assert left(shell, "hannibal") == HANNIBAL_GUILE - 4
    assert "the attack takes place" in shell.ok("log").stdout


def test_tb_16_6_a_parleys_die_stands_no_undo_takes_it_back(shell):
    """TB-16.6: a recorded roll stands — a parley's die (TB-24.2) as any other: an undo that would
    take it back, and let the die be rolled again, is refused."""
    to_operations(shell)
    shell.ok("parley", "Ausetani", "--by", "hannibal", "--guile", "1", "--face", "2")
    assert "undo" in shell.refuses("undo", "--reason", "a better die, please").lower()


def test_tb_24_2_a_parley_spends_1_point_at_least_and_never_more_than_are_left(shell):
    to_operations(shell)
    none = shell.refuses("parley", "Ausetani", "--by", "hannibal", "--guile", "0", "--face", "9")
    assert none.endswith("(TB-24.2).") and "1 or more" in none
    shell.ok("parley", "Ausetani", "--by", "hannibal", "--guile", "3", "--face", "0")
    over = shell.refuses("parley", "Ausetani", "--by", "hannibal", "--guile", "2", "--face", "9")
    assert over.endswith("(TB-24.1).") and "1 Guile Point left this Game Turn, not 2" in over


def test_tb_24_2_only_an_active_tribe_allied_to_the_other_side_is_parleyed_with(shell, tmp_path):
    """9.12: "A Pacified tribe cannot Intercept"; 9.14: a tribe intercepts a force when it "is
    Active and is Allied to the opposing player"."""
    pacified = EXAMPLE.replace(
        'manpower = 2\nallegiance = "rome"\n',
        'manpower = 2\nallegiance = "rome"\npacified = true\n',
    )
    to_operations(shell, setup=pacified, tmp_path=tmp_path)
    if "B4b" in shell.json("status")["steps"]:  # the Pacified Ausetani roll first (TB-23.3)
        shell.ok("tribal", "--face", "9")  # 9 > 4: still Pacified
        shell.ok("initiative", "leader")
    said = shell.refuses("parley", "Ausetani", "--by", "hannibal", "--face", "9")
    assert said.endswith("(TB-24.2).") and "Pacified" in said
    neutral = shell.refuses("parley", "Allobroges", "--by", "hannibal", "--face", "9")
    assert neutral.endswith("(TB-24.2).") and "Neutral" in neutral
    own = shell.refuses("parley", "Ilergetes", "--by", "hannibal", "--face", "9")
    assert own.endswith("(TB-24.2).") and "allied to Carthage" in own
    assert left(shell, "hannibal") == HANNIBAL_GUILE  # nothing spent by a refusal


def test_tb_24_2_a_depleted_tribe_parleys_at_its_halved_rating(shell, tmp_path):
    """9.12: a Depleted tribe "may still Intercept ... but the Aggression Rating is halved (round
    up)": the Ausetani's 4 is 2, so Mago's die 2 with his 1 Guile Point (3) cancels the attack."""
    depleted = EXAMPLE.replace(
        'manpower = 2\nallegiance = "rome"\n',
        'manpower = 2\nallegiance = "rome"\ndepleted = true\n',
    )
    to_operations(shell, setup=depleted, tmp_path=tmp_path)
    if "B4a" in shell.json("status")["steps"]:
        shell.ok("tribal", "--face", "9")  # 9 > MR 2: still Depleted
        shell.ok("initiative", "leader")
    shell.ok("parley", "Ausetani", "--by", "hispania", "--guile", "1", "--face", "2")
    parleyed = last(shell)["data"]
    assert (parleyed["target"], parleyed["cancelled"]) == (2, True)
    assert parleyed["leader"] == "mago" and left(shell, "mago") == 0


def test_tb_24_2_the_program_rolls_a_parley_under_committed_dice(shell):
    """TB-16.3: the parley's die is a random event of the Game Turn, checked at its reveal."""
    shell.ok(*NEW)
    into_b2(shell)
    through_b(shell)
    shell.ok("initiative", "leader")
    shell.ok("parley", "Ausetani", "--by", "hannibal")
    rolls = [r for r in shell.json("status")["rolls"] if r["kind"] == "parley"]
    assert [(r["subject"], r["turn"]) for r in rolls] == [("ausetani", 1)]
    to_the_draw(shell, "empty")
    for step in ("F2", "G1", "G2", "G3", "G4"):
        for side in ("rome", "carthage"):
            shell.ok("done", step, "--side", side)
    assert "1" in shell.json("status")["revealed"]
    assert "verified" in shell.ok("verify").stdout.lower()


# TB-24.3 Treachery (4.24) ------------------------------------------------------------------------

TREACHERY = [
    "siege", "Campania", "--city", "Capua", "--size", "large", "--ended", "treachery",
    "--taken-by", "rome",
]  # fmt: skip


def test_tb_24_3_a_proconsul_with_a_guile_point_uses_treachery_and_spends_it(shell):
    """4.24: "Proconsuls may use Treachery if they have a Guile Point to spend": Pulcher, prorogued
    Proconsul of Campania (Guile 1), takes Capua by Treachery; his Point is spent with it."""
    to_operations(shell)
    assert office_of(shell, "pulcher")["office"] == "Proconsul"
    shell.ok(*TREACHERY, "--by", "Pulcher")
    kinds = [e["type"] for e in shell.json("log")[-2:]]
    assert kinds == ["SiegeReported", "TreacheryUsed"]
    assert "pulcher" in shell.json("log")[-2]["data"]["leaders"]  # present, though not listed
    assert left(shell, "pulcher") == 0
    again = shell.refuses(*TREACHERY, "--by", "Pulcher")
    assert again.endswith("(TB-24.3).") and "no Guile Point" in again


def test_tb_24_3_treachery_needs_a_guile_point_left_whatever_spent_it(shell):
    """The ledger is one: Pulcher's Point spent on the Senate (TB-10.5) is not there for
    Treachery."""
    to_operations(shell)
    shell.ok("ask-senate", "Pulcher", "leave", "--guile", "1", "--face", "0")
    refusal = shell.refuses(*TREACHERY, "--by", "Pulcher")
    assert refusal.endswith("(TB-24.3).") and "no Guile Point" in refusal


def test_tb_24_3_who_may_use_treachery(shell):
    to_operations(shell)
    bare = shell.refuses(*TREACHERY)
    assert bare.endswith("(TB-24.3).") and "--by" in bare
    assault = [*TREACHERY[:7], "assault", *TREACHERY[8:]]
    assert shell.refuses(*assault, "--by", "Pulcher").endswith("(TB-24.3).")
    enemy = shell.refuses(*TREACHERY, "--by", "Hannibal")
    assert enemy.endswith("(TB-24.3).") and "Rome's" in enemy
    pooled = shell.refuses(*TREACHERY, "--by", "Gracchus")  # released in B1a: in the pool
    assert pooled.endswith("(TB-24.3).") and "not on the map" in pooled
    shell.ok(*TREACHERY[:-1], "carthage", "--by", "Hannibal")
    assert left(shell, "hannibal") == HANNIBAL_GUILE - 1


# TB-24.4 Guile spent at the table (9.43, 9.44, 13.52) -----------------------------------------


def test_tb_24_4_mago_spends_his_guile_point_to_keep_his_gauls(shell):
    """9.44's example: "Mago Barca ... decides to expend his 1 Guile Point to help keep his Gauls
    engaged": recorded, he has none left this Game Turn; the Roman player "may not use Guile
    Points here"."""
    to_operations(shell)
    shell.ok("guile", "Mago", "--for", "carthaginian-gauls", "--spend", "1")
    assert last(shell)["data"] == {
        "turn": 1, "phase": 1, "side": "carthage", "leader": "mago", "points": 1,
        "use": "carthaginian-gauls",
    }  # fmt: skip
    assert left(shell, "mago") == 0
    roman = shell.refuses("guile", "Albinus", "--for", "carthaginian-gauls")
    assert roman.endswith("(TB-24.4).") and "only Carthage's leaders" in roman
    over = shell.refuses("guile", "Mago", "--for", "roman-gauls")
    assert over.endswith("(TB-24.1).")
    shell.ok("guile", "Albinus", "--for", "roman-gauls")  # 9.43: either side's leaders
    assert left(shell, "albinus") == 0


def test_tb_24_4_a_side_s_player_records_his_own_leaders_guile_only(shell):
    to_operations(shell)
    refusal = shell.refuses("--actor", "Fabius", "guile", "Mago", "--for", "carthaginian-gauls")
    assert refusal.endswith("(TB-1.1).")
    shell.ok("--actor", "Hanno", "guile", "Mago", "--for", "carthaginian-gauls")


# TB-24.5 no Guile typed as a chart's DRM ---------------------------------------------------------


def test_tb_24_5_guile_typed_as_a_chart_s_drm_is_refused(shell):
    """4.66 and TB-10.5: the Senate's Guile is spent with --guile, so that it is recorded."""
    to_operations(shell)
    refusal = shell.refuses("ask-senate", "Pulcher", "leave", "--drm", "Guile=-1", "--face", "5")
    assert refusal.endswith("(TB-24.5).") and "--guile" in refusal
    assert left(shell, "pulcher") == 1


# TB-24.1 the ledger, shown -----------------------------------------------------------------------


def test_tb_24_1_the_ledger_in_status_the_dashboard_and_the_report(shell):
    """Every spending a record; the balance is each leader's printed Guile less what the Game
    Turn's records spent: Hannibal 4 - 2 (a Parley) - 1 (Treachery) = 1, Pulcher 1 - 1 = 0."""
    to_operations(shell)
    shell.ok("parley", "Ausetani", "--by", "hannibal", "--guile", "2", "--face", "5")
    shell.ok(*TREACHERY[:-1], "carthage", "--by", "Hannibal")
    shell.ok("ask-senate", "Pulcher", "leave", "--guile", "1", "--face", "0")
    assert (left(shell, "hannibal"), left(shell, "pulcher")) == (1, 0)
    board = shell.ok("status").stdout
    assert (
        "Guile left this Game Turn (TB-24.1): Rome: Pulcher 0 of 1; Carthage: Hannibal 1 of 4"
        in (" ".join(board.split()))
    )
    report = " ".join(shell.ok("report", "--round", "1").stdout.split())
    assert (
        "Guile spent (TB-24.1): Hannibal 2P-1 spent 2 on a Parley with the Ausetani (TB-24.2) "
        "and 1 on Treachery at Capua (TB-24.3), 1 of 4 left; Pulcher #417 spent 1 on the Senate "
        "(TB-10.5), 0 of 1 left"
    ) in report


def test_tb_24_1_the_guile_comes_back_with_the_next_game_turn(shell):
    to_operations(shell)
    shell.ok("guile", "Hannibal", "--for", "roman-gauls", "--spend", "4")
    assert left(shell, "hannibal") == 0
    to_the_draw(shell, "empty")
    for step in ("F2", "G1", "G2", "G3", "G4"):
        for side in ("rome", "carthage"):
            shell.ok("done", step, "--side", side)
    assert left(shell, "hannibal") == HANNIBAL_GUILE


# verify re-checks every new event ----------------------------------------------------------------


def played(shell) -> object:
    """A Parley, Treachery and Guile spent at the table, recorded and verified."""
    to_operations(shell)
    shell.ok("parley", "Ausetani", "--by", "hannibal", "--guile", "2", "--face", "5")
    shell.ok(*TREACHERY, "--by", "Pulcher")
    shell.ok("guile", "Mago", "--for", "carthaginian-gauls")
    loaded = Campaigns(str(shell.db)).load("Punic")
    assert audit(loaded.kind, loaded.events).events == len(loaded.events)
    assert "verified" in shell.ok("verify").stdout.lower()
    return loaded


@pytest.mark.parametrize(
    ("topic", "change", "rule"),
    [
        ("TribeParleyed", {"guile": 5}, "TB-24.1"),  # more than Hannibal's 4
        ("TreacheryUsed", {"leader": "vulso"}, "TB-24.3"),  # not at the siege
        ("GuileSpent", {"leader": "albinus", "side": "rome"}, "TB-24.4"),  # 9.44: no Roman
    ],
)
def test_tb_24_verify_re_checks_every_guile_record(shell, topic, change, rule):
    loaded = played(shell)
    event = next(e for e in loaded.events if type(e).__name__ == topic)
    forged = rechained(loaded, {event.originator_version: change})
    with pytest.raises(AuditFailure) as failure:
        audit(loaded.kind, forged)
    assert failure.value.rule == rule and failure.value.event == event.originator_version


# Hostile input: the new ways in (parley, guile, siege --by) -------------------------------------

HOSTILE = ["<b>Mago</b>", "Mago\x1b[31m", "[b]Hannibal[/b]", "Hannibal\u202e"]


@pytest.mark.parametrize("typed", HOSTILE)
def test_tb_24_a_leader_typed_with_markup_or_escape_codes_is_refused_as_text(shell, typed):
    """A leader's name as a stranger may type it — HTML, BBCode, a terminal's escape code, a
    right-to-left override — is no leader: `parley`, `guile` and `siege --by` each refuse it in
    one sentence that shows it as text (no escape code, no markup made), and record nothing."""
    to_operations(shell)
    asked = [
        ("parley", "Ausetani", "--by", typed, "--guile", "1", "--face", "3"),
        ("guile", typed, "--for", "avoidance", "--spend", "1"),
    ]
    for words in asked:
        said = shell.refuses(*words)
        assert "\x1b" not in said and "\u202e" not in said
    assert typed not in shell.ok("log").stdout  # nothing recorded of it
