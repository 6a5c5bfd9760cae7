"""TB-27 Macedonia (the rulebook's 11.0, an optional rule), as docs/thunderbolt-beyond-tb19.md
restates it: in play where the set-up file says so (TB-27.1); the war begun by its first Augury
and ended by one (TB-27.2); ambassadors sent by Hannibal or Rome's OC for a Guile Point
(TB-27.3); a later Macedonian War event resolved with their results and Rome's die (TB-27.4);
Legions raised in B3b placed in the Macedonia Holding Box, where their leaders conduct no
Operations (TB-27.5); back after the war (TB-27.6). Dice from the table; figures from the rule's
text and the example set-up."""

from __future__ import annotations

from helpers.thunderbolt.macedonia import UNDERWAY, start, to_augury, to_operations
from helpers.thunderbolt.start import EXAMPLE
from helpers.thunderbolt.tribes import TABLE, to_the_draw

NOT_BEGUN = EXAMPLE + "\n[macedonia]\n"


def to_the_next_game_turn(shell) -> str:
    """From the Augury Phase's last entry to Game Turn 2's B1a, nothing else done: what the
    last command said."""
    for side in ("rome", "carthage"):
        shell.ok("done", "E", "--side", side)
    shell.ok("initiative", "empty")
    for step in ("F2", "G1", "G2", "G3", "G4"):
        for side in ("rome", "carthage"):
            shell.ok("done", step, "--side", side)
    shell.ok("done", "A2", "--side", "rome")
    return shell.ok("done", "A2", "--side", "carthage").output


def war(shell) -> dict:
    return shell.json("status")["macedonia"]


# TB-27.1 ---------------------------------------------------------------------------------------


def test_tb_27_1_macedonia_is_in_play_only_where_the_set_up_says_so(shell, tmp_path):
    to_augury(shell, tmp_path, EXAMPLE)
    assert shell.json("status")["macedonia"] is None
    assert shell.refuses("macedonian-war", "begin").endswith("(TB-27.1).")


def test_tb_27_1_a_war_the_set_up_gets_wrong_is_among_its_problems(shell, tmp_path):
    (tmp_path / "bad.toml").write_text(EXAMPLE + '\n[macedonia]\nwar = "won"\n')
    result = shell(*TABLE, "--setup", str(tmp_path / "bad.toml"))
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert '[macedonia] war is "not begun" or "underway"' in result.output
    assert "(TB-2.5)" in result.output


# TB-27.2 ---------------------------------------------------------------------------------------


def test_tb_27_2_the_first_augury_begins_the_war_a_later_one_ends_it(shell, tmp_path):
    to_operations(shell, tmp_path, NOT_BEGUN)
    assert war(shell)["war"] == "not begun"
    assert shell.refuses("ambassador", "Flaccus", "--by", "Albinus").endswith("(TB-27.2).")
    to_the_draw(shell, "augury")
    assert "augury" in shell.refuses("macedonian-war", "begin")  # its Augury first
    shell.ok("augury", "--event", "The 1st Macedonian War")
    assert shell.refuses("macedonian-war", "end").endswith("(TB-27.2).")  # not begun
    shell.ok("macedonian-war", "begin")
    assert war(shell)["war"] == "underway"
    assert shell.refuses("macedonian-war", "end").endswith("(TB-27.2).")  # one an Augury Phase
    to_the_draw(shell, "augury")
    shell.ok("augury", "--event", "Peace of Phoenice")
    assert shell.refuses("macedonian-war", "begin").endswith("(TB-27.2).")  # begun already
    shell.ok("macedonian-war", "end")
    assert war(shell)["war"] == "ended"
    report = shell.json("report", "--round", "1")
    told = next(s for s in report["sections"] if s["heading"] == "What happened")["items"]
    assert "The Macedonian War begins (TB-27.2)" in told
    shell.ok("verify")


def test_tb_27_2_the_war_moves_only_in_an_augury_phase(shell, tmp_path):
    to_operations(shell, tmp_path, NOT_BEGUN)
    assert shell.refuses("macedonian-war", "begin").endswith("(TB-3.2).")


# TB-27.3 ---------------------------------------------------------------------------------------


def test_tb_27_3_rome_s_oc_sends_a_pool_leader_for_a_guile_point(shell, tmp_path):
    to_operations(shell, tmp_path)
    assert shell.refuses("ambassador", "Flaccus", "--by", "Philo").endswith("(TB-27.3).")  # Praetor
    assert shell.refuses("ambassador", "Tuditanus", "--by", "Albinus").endswith("(TB-27.3).")
    shell.ok("ambassador", "Flaccus", "--by", "Albinus")
    status = shell.json("status")
    assert status["macedonia"]["ambassadors"]["rome"]["name"].startswith("Flaccus")
    assert status["rome"]["leaders"]["flaccus"]["place"] == "Macedonia Holding Box"
    assert status["guile"]["albinus"]["left"] == 0  # his 1 Guile Point spent (TB-24.1)
    assert shell.refuses("ambassador", "Nero", "--by", "Tuditanus").endswith("(TB-27.3).")  # one
    shell.ok("verify")


def test_tb_27_3_hannibal_alone_sends_carthage_s_ambassador(shell, tmp_path):
    to_operations(shell, tmp_path)
    assert shell.refuses("ambassador", "Hanno", "--by", "Mago").endswith("(TB-27.3).")
    leaders = shell.json("status")["carthage"]["leaders"]
    envoy = next(lid for lid, who in leaders.items() if who["place"] == "pool")
    shell.ok("--actor", "Hanno", "ambassador", envoy, "--by", "Hannibal")
    assert shell.json("status")["carthage"]["leaders"][envoy]["place"] == "Macedonia Holding Box"
    assert shell.refuses("--actor", "Hanno", "ambassador", "Flaccus", "--by", "Albinus").endswith(
        "(TB-1.1)."
    )  # Rome's is Rome's player's to send


def test_tb_27_3_a_leader_without_guile_left_sends_none(shell, tmp_path):
    to_operations(shell, tmp_path)
    shell.ok("ask-senate", "Albinus", "--guile", "1", "--face", "7")  # his one point spent
    assert shell.refuses("ambassador", "Flaccus", "--by", "Albinus").endswith("(TB-24.1).")


# TB-27.4 ---------------------------------------------------------------------------------------


def test_tb_27_4_a_later_event_adds_the_ambassadors_results_to_rome_s_die(shell, tmp_path):
    to_operations(shell, tmp_path)
    shell.ok("ambassador", "Flaccus", "--by", "Albinus")
    to_the_draw(shell, "augury")
    shell.ok("augury", "--roll", "12", "--event", "The 1st Macedonian War")
    resolve = ("macedonian-war", "resolve", "--face", "5")
    refused = shell.refuses(*resolve, "--ambassador", "carthage=+1")
    assert refused.endswith("(TB-27.4).")  # Carthage has no ambassador there
    asked = shell.refuses("macedonian-war", "resolve", "--ambassador", "rome=+2", "--face", "5")
    assert "Rome's die is 5, the adjusted roll 7" in asked
    shell.ok(
        "macedonian-war", "resolve", "--ambassador", "rome=+2", "--drm", "empty box=-2",
        "--face", "5", "--result", "Philip raids Illyria",
    )  # fmt: skip
    event = shell.json("log")[-1]["data"]
    assert (event["face"], event["adjusted"], event["legions"]) == (5, 5, 0)  # 5 + 2 - 2
    assert war(shell)["ambassadors"]["rome"]["used"] is True
    resolved = {"turn": 1, "adjusted": 5, "result": "Philip raids Illyria"}
    assert war(shell)["resolutions"] == [resolved]
    report = shell.json("report", "--round", "1")
    told = next(s for s in report["sections"] if s["heading"] == "What happened")["items"]
    assert any("Philip raids Illyria" in line and "TB-27.4" in line for line in told)
    shell.ok("verify")


def test_tb_27_4_the_set_ups_chart_gives_the_result(shell, tmp_path):
    chart = UNDERWAY.replace(
        "[tables]\n",
        '[tables]\nmacedonian_war = [[-10, 4, "Macedon wins"], [5, 20, "Rome holds"]]\n',
    )
    to_augury(shell, tmp_path, chart)
    refused = shell.refuses("macedonian-war", "resolve", "--face", "7", "--result", "Macedon wins")
    assert "gives “Rome holds”" in refused
    shell.ok("macedonian-war", "resolve", "--face", "7", "--ends")
    assert shell.json("log")[-1]["data"]["result"] == "Rome holds"
    assert war(shell)["war"] == "ended"  # the result ended it


def test_tb_27_4_used_ambassadors_return_as_the_next_game_turn_opens(shell, tmp_path):
    to_operations(shell, tmp_path)
    shell.ok("ambassador", "Flaccus", "--by", "Albinus")
    to_the_draw(shell, "augury")
    shell.ok("augury", "--event", "The 1st Macedonian War")
    shell.ok("macedonian-war", "resolve", "--ambassador", "rome=1", "--face", "3", "--result", "x")
    assert shell.json("status")["rome"]["leaders"]["flaccus"]["place"] == "Macedonia Holding Box"
    to_the_next_game_turn(shell)
    assert shell.json("status")["turn"] == 2
    assert shell.json("status")["rome"]["leaders"]["flaccus"]["place"] == "pool"
    assert war(shell)["ambassadors"] == {}


# TB-27.5, TB-27.6 ------------------------------------------------------------------------------


def test_tb_27_5_new_legions_go_to_the_box_and_their_consul_puts_no_lams(shell, tmp_path):
    start(shell, tmp_path)
    shell.ok("legion-request", "--at", "Campania", "--face", "7")  # the fixture chart: 2 Legions
    new = shell.json("log")[-1]["data"]["legions"]
    assert new == ["XI", "XII"]
    assert shell.refuses("macedonia-commit", "IX").endswith("(TB-27.5).")  # not raised now
    shell.ok("macedonia-commit", "XI", "XII")
    status = shell.json("status")
    legions = {lg["id"]: lg for lg in status["rome"]["legions"]}
    assert legions["XI"]["place"] == legions["XII"]["place"] == "Macedonia Holding Box"
    assert legions["XI"]["ca"] == legions["XII"]["ca"]
    assert status["macedonia"]["legions"] == ["XI", "XII"]
    assert shell.refuses("macedonia-commit", "XI").endswith("(TB-27.5).")  # two a B3b at most
    shell.ok("verify")


def test_tb_27_5_a_legion_in_the_box_is_not_moved_on_the_map(shell, tmp_path):
    """Found by the property test: a move of a Legion in the box was accepted and left it both
    on the map and in the box."""
    start(shell, tmp_path)
    shell.ok("legion-request", "--at", "Campania", "--face", "7")
    shell.ok("macedonia-commit", "XI", "XII")
    before = len(shell.json("log"))
    refused = shell.refuses("march", "XII", "--to", "Campania")
    assert refused.endswith("(TB-27.5).") and "is in the Macedonia Holding Box" in refused
    ca = next(lg["ca"] for lg in shell.json("status")["rome"]["legions"] if lg["id"] == "XI")
    assert shell.refuses("march", f"CA {ca}", "--to", "Campania").endswith("(TB-27.5).")
    assert len(shell.json("log")) == before
    assert shell.json("status")["macedonia"]["legions"] == ["XI", "XII"]


def test_tb_27_5_a_magistrate_in_the_box_puts_no_lam_in_the_cup(shell, tmp_path):
    start(shell, tmp_path)
    shell.ok("legion-request", "--at", "Campania", "--face", "4", "--legions", "1")
    (new,) = shell.json("log")[-1]["data"]["legions"]
    shell.ok("elect", "praetor", "--leader", "Nero", "--legion", new)
    assert shell.json("status")["rome"]["legions"][-1]["leader"] == "nero"
    shell.ok("macedonia-commit", new)
    for side in ("rome", "carthage"):
        shell.ok("done", "B3b", "--side", side)
    cup = shell.json("status")["cup"]
    assert not any("/nero/" in marker for marker in cup["left"])  # 11.31: no LAMs
    assert any("/philo/" in marker for marker in cup["left"])  # a Praetor on the map puts his 1


BOXED = (
    EXAMPLE.replace("[[start.cas]]", '[[start.legions]]\nid = "XX"\n\n[[start.cas]]', 1)
    + '\n[macedonia]\nwar = "underway"\nlegions = ["IX", "XX", "X"]\n'
)
"""Three opening Legions in the box: Philo's IX, Varro's X and Nero's XX (their Praetors elected
in B1c, in the box as on the map: 11.31's 'treated as if they were on the map')."""
BOXED_ELECTED = ("Manlius Vulso", "Philo", "Varro", "Nero", "Fabius")


def test_tb_27_1_the_set_up_puts_opening_legions_in_the_box(shell, tmp_path):
    to_operations(shell, tmp_path, BOXED, BOXED_ELECTED)
    status = shell.json("status")
    assert status["macedonia"]["legions"] == ["IX", "XX", "X"]
    legions = {lg["id"]: lg for lg in status["rome"]["legions"]}
    assert legions["XX"]["place"] == legions["IX"]["place"] == "Macedonia Holding Box"
    cup = status["cup"]["left"]
    boxed = ("philo", "varro", "nero")
    assert not any(f"/{lid}/" in m for m in cup for lid in boxed)  # TB-27.5: no Operations
    assert any("/albinus/" in m for m in cup)


def test_tb_27_1_a_box_legion_the_set_up_does_not_list_is_a_problem(shell, tmp_path):
    bad = EXAMPLE + '\n[macedonia]\nlegions = ["XL", "I", "II", "III", "IV"]\n'
    (tmp_path / "bad.toml").write_text(bad)
    result = shell(*TABLE, "--setup", str(tmp_path / "bad.toml"))
    assert result.exit_code != 0 and "(TB-2.5)" in result.output
    assert "holds Legion XL, no opening Legion" in result.output
    assert "holds 4 Legions at most" in result.output


def test_tb_27_5_the_box_holds_four_legions_at_most(shell, tmp_path):
    start(shell, tmp_path, BOXED, BOXED_ELECTED)
    shell.ok("legion-request", "--at", "Campania", "--face", "8")  # 11 Legions: 8 gives two
    new = shell.json("log")[-1]["data"]["legions"]
    assert shell.refuses("macedonia-commit", *new).endswith("(TB-27.5).")  # 3 + 2
    assert shell.json("status")["macedonia"]["legions"] == ["IX", "XX", "X"]


def test_tb_27_6_legions_come_back_only_after_the_war(shell, tmp_path):
    start(shell, tmp_path)
    shell.ok("legion-request", "--at", "Campania", "--face", "7")
    shell.ok("macedonia-commit", "XI", "XII")
    assert shell.refuses("macedonia-return", "XI", "XII", "--at", "Campania").endswith("(TB-27.6).")


def test_tb_27_6_after_the_war_the_rules_prorogue_the_magistrates_in_the_box(shell, tmp_path):
    to_operations(shell, tmp_path, BOXED, BOXED_ELECTED)
    to_the_draw(shell, "augury")
    shell.ok("augury", "--event", "Peace of Phoenice")
    shell.ok("macedonian-war", "end")
    said = to_the_next_game_turn(shell)
    log = shell.json("log")
    forced = [
        e["data"] for e in log if e["type"] == "MagistrateProrogued" and e["data"]["turn"] == 2
    ]
    assert sorted(e["leader"] for e in forced) == ["nero", "philo", "varro"]
    assert all(e["forced"] and e["office"] == "Praetor" for e in forced)
    status = shell.json("status")
    assert "Albinus" not in str(forced)  # Consul on the map: the player's to prorogue or release
    assert shell.refuses("release", "Philo").endswith("(TB-7.1).")  # decided by the rules
    assert "Philo, with his Legions in the Macedonia Holding Box after the war's end, is " in said
    assert "after the war's end, is prorogued as Praetor (TB-27.6)" in said
    assert status["macedonia"]["legions"] == ["IX", "XX", "X"]  # until B3b brings them back
    shell.ok("verify")


def test_tb_27_6_no_prorogue_by_the_war_while_it_goes_on(shell, tmp_path):
    to_operations(shell, tmp_path, BOXED, BOXED_ELECTED)
    to_the_draw(shell, "augury")
    shell.ok("augury", "--event", "Nothing of Macedon")
    to_the_next_game_turn(shell)
    log = shell.json("log")
    assert not [e for e in log if e["type"] == "MagistrateProrogued" and e["data"]["turn"] == 2]
    shell.ok("release", "Philo")  # his to decide (TB-7.1)


def test_tb_27_6_the_legions_come_back_in_b3b_after_the_war(shell, tmp_path):
    to_operations(shell, tmp_path, BOXED, BOXED_ELECTED)
    to_the_draw(shell, "augury")
    shell.ok("augury", "--event", "Peace of Phoenice")
    shell.ok("macedonian-war", "end")
    to_the_next_game_turn(shell)
    shell.ok("release", "--all")
    shell.ok("done", "B1a")
    shell.ok("pluto", *["--face", "1"] * 4)  # Torquatus and the three Praetors: unharmed
    shell.ok("done", "B1b")
    for drawn in ("Albinus", "Tuditanus"):
        shell.ok("elect", "consul", "--leader", drawn)
    shell.ok("imperium")
    shell.ok("imperium")
    for drawn in ("Gracchus", "Pulcher", "Flaccus"):  # the two CAs left's Proconsuls, the PU
        shell.ok("elect", "--leader", drawn)
    shell.ok("done", "B1c")
    shell.ok("family", "--face", "0")
    shell.ok("done", "B2a")
    shell.ok("climate", "--face", "3")
    for step in ("B2b", "B2c", "B2d"):
        shell.ok("done", step)
    shell.ok("station")
    shell.ok("done", "B2e")
    shell.ok("done", "B3a")
    assert shell.refuses("macedonia-return", "IX", "--at", "Carthage").endswith("(TB-11.6).")
    shell.ok("macedonia-return", "IX", "--at", "Campania")
    status = shell.json("status")
    legions = {lg["id"]: lg for lg in status["rome"]["legions"]}
    assert (legions["IX"]["province"], legions["IX"]["place"]) == ("campania", "field")
    assert legions["IX"]["leader"] == "philo"  # his Praetor with him
    assert status["macedonia"]["legions"] == ["XX", "X"]
    assert shell.refuses("macedonia-return", "IX", "--at", "Campania").endswith("(TB-27.6).")
    shell.ok("verify")
