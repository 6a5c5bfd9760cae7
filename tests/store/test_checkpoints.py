"""Issue #30: checkpoints a player can keep. Every report ends with one (origin, size, head,
time), signed by the organiser's key once the log announced it; `verify --checkpoint` checks a
pasted one; every reader is a witness that refuses a log not extending what it saw; a battle's
result says who reported it and who confirmed it, or that one person entered it alone."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from helpers.hub import form_fields, hidden
from helpers.shell import Shell, copied, export_rows, rechain

from campaign.errors import CampaignError
from campaign.proof import checkpoint
from campaign.proof.checkpoint import Checkpoint, parse_all

PASSPHRASE = "a long organiser's passphrase"


@pytest.fixture
def organiser(finished, tmp_path, monkeypatch) -> Shell:
    """Spring 869 finished (44 events), its organiser's key made and announced (event 45)."""
    monkeypatch.setenv("CAMPAIGN_KEY", str(tmp_path / "keys" / "organiser"))
    monkeypatch.setenv("CAMPAIGN_KEY_PASSPHRASE", PASSPHRASE)
    made = finished.ok("key", "new", "--name", "lothar").stdout
    assert "lothar+" in made
    finished.ok("key", "announce")
    return finished


def block(report: str) -> str:
    """The checkpoint block of a Markdown report, as a player copies it."""
    return re.search(r"```\n(campaign/.*?)```", report, re.S).group(1)


def test_a_signed_checkpoint_pasted_from_a_markdown_report_verifies(organiser, tmp_path):
    report = organiser.ok("report", "--format", "markdown").stdout
    assert "Signed with the organiser's key lothar+" in report
    kept = block(report)
    lines = kept.splitlines()
    assert lines[1] == "45" and lines[4] == "" and lines[5].startswith("\u2014 lothar ")
    pasted = tmp_path / "from-discord.txt"
    pasted.write_text(f"Bob: here is the round report\n> ```\n{kept}```\n", encoding="utf-8")
    said = organiser.ok("verify", "--checkpoint", str(pasted)).stdout
    assert "1 checkpoint holds" in said and "event 45, signed by lothar" in said


def test_one_byte_changed_in_a_checkpoint_fails(organiser, tmp_path):
    """Each line of the body and the signature: one character changed, and verify refuses with
    a sentence saying what differs. Issue #47: a signed checkpoint is checked for its signature
    before its head, so a changed head or time is "not the organiser's checkpoint", never an
    accusation of the log (a size before the key was announced has no signature to hold)."""
    kept = block(organiser.ok("report", "--format", "markdown").stdout)
    lines = kept.splitlines()
    changes = {  # line: (which character, what verify says)
        0: (-1, "another campaign"),  # the origin
        1: (-1, "was rewritten"),  # the size: 45 becomes 40 (or 41)
        2: (-1, "not the organiser's checkpoint"),  # the head
        3: (18, "not the organiser's checkpoint"),  # the time: a second's digit
        5: (20, "signature"),
    }
    for number, (at, why) in changes.items():
        line = lines[number]
        at %= len(line)
        swapped = "0" if line[at] != "0" else "1"
        if number == 5:
            swapped = "A" if line[at] != "A" else "B"
        altered = lines.copy()
        altered[number] = line[:at] + swapped + line[at + 1 :]
        path = tmp_path / f"altered-{number}.txt"
        path.write_text("\n".join(altered) + "\n", encoding="utf-8")
        result = organiser("verify", "--checkpoint", str(path))
        assert result.exit_code == 1, (number, result.output)
        assert re.search(why, result.stderr) and "Traceback" not in result.output, result.stderr


def test_a_checkpoint_signed_by_another_key_fails_against_the_key_a_player_kept(
    organiser, tmp_path
):
    kept = tmp_path / "kept.txt"
    kept.write_text(block(organiser.ok("report", "--format", "markdown").stdout))
    other = checkpoint.VerifierKey("mallory", bytes(range(32))).text()
    result = organiser("verify", "--checkpoint", str(kept), "--key", other)
    assert result.exit_code == 1 and "did not make" in result.stderr
    mine = organiser.json("key", "show")["key"]
    assert organiser.ok("verify", "--checkpoint", str(kept), "--key", mine).exit_code == 0


def test_a_report_before_any_key_carries_an_unsigned_checkpoint_that_still_holds(
    finished, tmp_path
):
    report = finished.ok("report", "--format", "markdown").stdout
    assert "Not signed: the organiser has announced no key" in report
    kept = tmp_path / "kept.txt"
    kept.write_text(block(report))
    said = finished.ok("verify", "--checkpoint", str(kept)).stdout
    assert "event 44, not signed" in said


def test_every_format_ends_with_the_same_checkpoint(organiser):
    markdown = block(organiser.ok("report", "--format", "markdown").stdout)
    assert parse_all(organiser.ok("report", "--format", "bbcode").stdout)[0].lines() == (
        markdown.splitlines()
    )
    assert parse_all(organiser.ok("report", "--format", "html").stdout)[0].lines() == (
        markdown.splitlines()
    )
    assert parse_all(organiser.ok("report").stdout)[0].lines() == markdown.splitlines()
    data = organiser.json("report")["checkpoint"]
    assert data["text"] == markdown and data["key"].startswith("lothar+")


def test_the_report_of_a_player_keeps_the_checkpoint_whole(organiser):
    report = organiser.ok("report", "--format", "markdown", "--for", "Bob").stdout
    assert block(report).splitlines()[1] == "45"


def test_a_store_with_its_last_five_events_cut_is_refused_by_a_witness_that_saw_more(
    organiser, tmp_path
):
    saw = checkpoint.parse_all(organiser.ok("report", "--format", "markdown").stdout)[0]
    with sqlite3.connect(organiser.db) as connection:
        connection.execute("DELETE FROM stored_events WHERE originator_version > 40")
    connection.close()
    for command in (("status",), ("report",), ("log", "--limit", "5"), ("verify",)):
        result = organiser(*command)
        assert result.exit_code == 1, command
        assert "holds 40 events" in result.stderr and saw.head in result.stderr
        assert "the 45 this reader saw" in result.stderr and "cut from its end" in result.stderr
    listing = json.loads(organiser.ok("witness", "--json").stdout)["seen"]
    assert [(s["name"], s["size"], s["head"]) for s in listing] == [("Spring 869", 45, saw.head)]
    # A player who kept the checkpoint, with a reader of his own that never saw the store:
    kept = tmp_path / "kept.txt"
    kept.write_text("\n".join(saw.lines()) + "\n")
    player = Shell(organiser.db, tmp_path / "player-saw.json")
    result = player("verify", "--checkpoint", str(kept))
    assert result.exit_code == 1 and "the log holds 40" in result.stderr


def test_a_copy_of_the_store_cut_short_is_refused_by_the_same_reader(organiser, tmp_path):
    """The store copied (a backup handed to a player) with its tail cut: the campaign's origin
    is the same, so the reader holds it to what it saw in the other store."""
    organiser.ok("report")  # the reader saw event 45
    copy = copied(organiser.db, tmp_path / "backup.sqlite")
    with sqlite3.connect(copy) as connection:
        connection.execute("DELETE FROM stored_events WHERE originator_version > 43")
    connection.close()
    result = Shell(copy)("status")
    assert result.exit_code == 1 and "holds 43 events" in result.stderr


def test_a_copied_campaign_under_another_name_in_its_place_is_refused(organiser, tmp_path):
    """The organiser swaps the campaign for a copy of its first 40 events, re-chained under
    another name and renamed to the one the players know; a player's reader refuses it."""
    player = Shell(organiser.db, tmp_path / "player-saw.json")
    player.ok("report")  # the player saw Spring 869 at event 45
    rows = export_rows(organiser)[:41]
    rows[0]["events"] = 40
    path = tmp_path / "copy.jsonl"
    path.write_text(rechain(rows))
    organiser.ok("delete", "--yes")
    organiser.ok("import", str(path), "--as", "Spring 869 again")
    organiser.ok("rename", "Spring 869", "-c", "Spring 869 again")
    result = player("status", "-c", "Spring 869")
    assert result.exit_code == 1 and "is not the campaign this reader saw" in result.stderr
    unconfirmed = player("witness", "--forget", "-c", "Spring 869")
    assert unconfirmed.exit_code == 1 and "add --yes to confirm" in unconfirmed.stderr
    forgotten = player.ok("witness", "--forget", "-c", "Spring 869", "--yes").stdout
    assert "Forgotten: Spring 869 at 45 events" in forgotten
    assert player.ok("status", "-c", "Spring 869").exit_code == 0


def test_a_log_rewritten_before_a_checkpoint_fails_verify_checkpoint(organiser, tmp_path):
    """Round 1's Sussex battle rewritten and every hash recomputed (a forger who knows the
    format): a player with a reader of his own checks the checkpoint he kept."""
    kept = tmp_path / "kept.txt"
    kept.write_text(block(organiser.ok("report", "--format", "markdown").stdout))
    rows = export_rows(organiser)
    assert rows[10]["data"]["region"] == "Sussex"
    rows[10]["data"]["defender_casualties"] = "81"
    path = tmp_path / "rewritten.jsonl"
    path.write_text(rechain(rows))
    player = Shell(tmp_path / "player.sqlite", tmp_path / "player-saw.json")
    player.ok("import", str(path))
    result = player("verify", "--checkpoint", str(kept))
    assert result.exit_code == 1 and "Event 45 of the log has chain head" in result.stderr


def test_the_hub_is_a_witness_too(organiser):
    """The hub remembers what it wrote and what it gave, and refuses a page of a log cut since."""
    from starlette.testclient import TestClient

    from campaign.web.hub import hub

    client = TestClient(hub(str(organiser.db)))
    organiser.ok("note", "the hub saw this")  # the command line and the hub share this reader
    assert client.get("/c/Spring 869").status_code == 200
    with sqlite3.connect(organiser.db) as connection:
        connection.execute("DELETE FROM stored_events WHERE originator_version > 44")
    connection.close()
    page = client.get("/c/Spring 869")
    assert page.status_code == 400 and "cut from its end" in page.text


def test_key_announced_is_replayed_told_and_carried_by_export(organiser, tmp_path):
    said = organiser.ok("verify").stdout
    assert "45 events" in said
    last = organiser.json("log")[-1]
    assert last["type"] == "KeyAnnounced" and last["data"]["key"].startswith("lothar+")
    told = organiser.ok("log", "--limit", "1").stdout
    assert "signing key is" in told and "lothar+" in told
    exported = tmp_path / "spring.jsonl"
    exported.write_text(organiser.ok("export").stdout)
    other = Shell(tmp_path / "other.sqlite", tmp_path / "other-saw.json")
    other.ok("import", str(exported), "--as", "Spring 869 copy")
    assert "Signed with the organiser's key lothar+" in other.ok("report").stdout


def test_the_signing_key_refusals_are_one_sentence(organiser, tmp_path, monkeypatch):
    again = organiser("key", "new")
    assert again.exit_code == 1 and "already holds a key" in again.stderr
    monkeypatch.setenv("CAMPAIGN_KEY_PASSPHRASE", "not the passphrase")
    wrong = organiser("report")
    assert wrong.exit_code == 1 and "passphrase does not open" in wrong.stderr
    monkeypatch.setenv("CAMPAIGN_KEY", str(tmp_path / "nowhere"))
    assert "no signing key" in organiser("key", "announce").stderr
    bad = organiser("key", "new", "--name", "[b]lothar[/b]")
    assert bad.exit_code == 1 and "A key's name is 1 to 40 letters" in bad.stderr
    monkeypatch.delenv("CAMPAIGN_KEY_PASSPHRASE")
    unprotected = organiser("key", "new")  # no terminal, no passphrase given
    assert unprotected.exit_code == 1 and "--no-passphrase" in unprotected.stderr
    assert organiser.ok("key", "new", "--no-passphrase").exit_code == 0


def test_a_file_without_a_checkpoint_and_a_damaged_one_are_refused(organiser, tmp_path):
    empty = tmp_path / "notes.txt"
    empty.write_text("nothing kept here\n")
    assert "holds no checkpoint" in organiser("verify", "--checkpoint", str(empty)).stderr
    kept = block(organiser.ok("report", "--format", "markdown").stdout).splitlines()
    damaged = tmp_path / "damaged.txt"
    damaged.write_text("\n".join([kept[0], "forty-five", *kept[2:]]) + "\n")
    assert "is damaged" in organiser("verify", "--checkpoint", str(damaged)).stderr


def test_parse_all_finds_every_checkpoint_of_a_channel(organiser):
    """A player pastes a whole channel's history: every checkpoint in it is checked at once."""
    first = organiser.ok("report", "--format", "markdown").stdout
    organiser.ok("note", "a ruling after the report")
    second = organiser.ok("report", "--format", "markdown").stdout  # tells since: event 46
    found = parse_all(f"{first}\nchatter\n{second}")
    assert [point.size for point in found] == [45, 46]
    assert all(p.signatures for p in found)


def test_a_checkpoint_holds_nothing_a_person_typed():
    point = Checkpoint("campaign/" + "a" * 32, 3, "b" * 64, "2026-12-01T10:00:00+00:00")
    assert parse_all("\n".join(point.lines())) == [point]
    with pytest.raises(CampaignError, match="not a verifier key"):
        checkpoint.verifier("lothar+00000000+<script>")


def test_bc_6_2_both_sides_stand_behind_a_confirmed_result_in_the_report(spring_hub, spring):
    """Issue #30: Cid reports Kent from his link, Dag confirms it from his: the report names
    both, with their events; a result the organiser entered says he entered it alone."""
    shell, client, links = spring_hub
    shell.play(spring.between("new", "attack Hwicce West Anglia"))  # Cid attacked Dag at Kent
    page = client.get(f"/a/{links['Cid']}").text
    client.post(
        f"/a/{links['Cid']}/report",
        data=form_fields(page, "report", choice="Kent", attacker="20", defender="45"),
    )
    dag = client.get(f"/a/{links['Dag']}").text
    client.post(f"/a/{links['Dag']}/confirm", data={**hidden(dag, "confirm"), "choice": "Kent"})
    log = shell.json("log")
    reported = next(e for e in log if e["type"] == "ResultReported")
    fought = next(e for e in log if e["type"] == "BattleFought")
    assert (reported["data"]["by"], fought["actor"]) == ("Cid", "Dag")
    shell.play(spring.between("result Kent 20 45", "note"))  # the rest of round 1
    data = shell.json("report", "--round", "1")
    kent = data["attested"]["Kent"]
    assert kent == {
        "reported_by": "Cid",
        "reported_at": reported["seq"],
        "confirmed_by": "Dag",
        "confirmed_at": fought["seq"],
    }
    lines = " ".join(next(s for s in data["sections"] if s["heading"] == "Battles")["items"])
    assert f"[reported by Cid (event {reported['seq']}), confirmed by Dag" in lines
    assert "alone (event" in lines


def test_the_hub_remembers_the_reports_it_gives(finished, tmp_path):
    """#30: a report page the hub gives is a checkpoint it saw: a reader of its own (a hub on
    another machine) then refuses the log cut short."""
    from starlette.testclient import TestClient

    from campaign.web import hub as web

    reader = tmp_path / "hub-saw.json"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CAMPAIGN_WITNESS", str(reader))
        client = TestClient(web.hub(str(finished.db)))
        assert client.get("/report/3/Spring 869").status_code == 200
        saw = json.loads(reader.read_text())["seen"]
        assert [(s["name"], s["size"]) for s in saw] == [("Spring 869", 44)]


def test_46_a_player_who_deletes_and_imports_a_cut_copy_is_held_to_what_he_saw(organiser, tmp_path):
    """Issue #46: as a player, imported the organiser's export, read it, `delete --yes`, then
    imported a copy cut short: shown and verified with no complaint, the witness forgotten by
    one command. `delete` now forgets nothing of what the reader saw."""
    whole = tmp_path / "whole.jsonl"
    organiser.ok("export", "-o", str(whole))
    player = Shell(tmp_path / "player.sqlite", tmp_path / "player-saw.json")
    player.ok("import", str(whole))
    size = player.json("status")["events"]
    assert player.json("verify")["verified"]
    rows = export_rows(organiser)[: size - 4]
    rows[0]["events"] = size - 5
    cut = tmp_path / "cut.jsonl"
    cut.write_text(rechain(rows))
    said = player.ok("delete", "--yes").stdout
    assert "still holds what it saw" in said
    player.ok("import", str(cut))
    shown = player("status")
    assert shown.exit_code == 1 and f"fewer than the {size} this reader saw" in shown.stderr


def test_47_a_signature_is_read_only_as_base64_writes_it(organiser, tmp_path):
    """Issue #47: one of 230 single-character changes of a signed checkpoint still verified:
    the signature's last base64 character carries spare bits, which decoding ignores."""
    import base64

    kept = block(organiser.ok("report", "--format", "markdown").stdout)
    lines = kept.splitlines()
    dash, name, signature = lines[5].split(" ")
    data = signature.rstrip("=")
    pad = signature[len(data) :]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    same = [
        data[:-1] + c + pad
        for c in alphabet
        if c != data[-1] and base64.b64decode(data[:-1] + c + pad) == base64.b64decode(signature)
    ]
    assert same  # other writings of the very same bytes exist
    for number, other in enumerate(same):
        altered = lines.copy()
        altered[5] = f"{dash} {name} {other}"
        path = tmp_path / f"spare-bits-{number}.txt"
        path.write_text("\n".join(altered) + "\n", encoding="utf-8")
        result = organiser("verify", "--checkpoint", str(path))
        assert result.exit_code == 1 and "signature" in result.stderr, other


@pytest.mark.parametrize("zone", ["localtime", "Factory", "Europe/London\n", " UTC"])
def test_47_a_time_zone_is_a_places_iana_name_as_written(shell, spring, zone):
    shell.ok(*spring.step("new"))
    says = shell.refuses("deadline", "zone", zone)
    assert "time zone" in says


def test_47_a_key_is_not_made_through_a_dangling_link(finished, tmp_path, monkeypatch):
    """Issue #47: `key new` through a dangling symlink was a traceback sentence (exit 70)."""
    where = tmp_path / "key"
    where.symlink_to(tmp_path / "nowhere" / "key")
    monkeypatch.setenv("CAMPAIGN_KEY", str(where))
    monkeypatch.setenv("CAMPAIGN_KEY_PASSPHRASE", PASSPHRASE)
    result = finished("key", "new", "--name", "lothar")
    assert result.exit_code == 1 and "a key is not written through a link" in result.stderr
    assert not (tmp_path / "nowhere").exists()


def test_47_a_checkpoint_whose_signature_was_cut_off_is_refused(organiser, tmp_path):
    """Issue #47: with its signature line removed, a checkpoint of a campaign that announced
    a key verified as "not signed", exit 0."""
    lines = block(organiser.ok("report", "--format", "markdown").stdout).splitlines()
    path = tmp_path / "unsigned.txt"
    path.write_text("\n".join(lines[:5]) + "\n", encoding="utf-8")
    result = organiser("verify", "--checkpoint", str(path))
    assert result.exit_code == 1 and "is not signed by the key the organiser announced" in (
        result.stderr
    )


def test_47_an_unsigned_made_up_head_accuses_nobody(organiser, tmp_path):
    """Issue #47: a third party's made-up head read as "the log was rewritten": it is checked
    for the organiser's signature first, and is not his."""
    lines = block(organiser.ok("report", "--format", "markdown").stdout).splitlines()
    lines[2] = "0" * len(lines[2])
    path = tmp_path / "troll.txt"
    path.write_text("\n".join(lines[:5]) + "\n", encoding="utf-8")
    result = organiser("verify", "--checkpoint", str(path))
    assert result.exit_code == 1 and "not the organiser's checkpoint" in result.stderr
    assert "rewritten" not in result.stderr


def test_47_a_paste_of_two_campaigns_checks_this_ones_and_names_the_others(organiser, tmp_path):
    """Issue #47: a paste holding two campaigns' checkpoints (a channel shared by two
    campaigns) was refused whole; this campaign's are checked, the others named and skipped."""
    ours = block(organiser.ok("report", "--format", "markdown").stdout)
    theirs = ours.replace(ours.splitlines()[0], "campaign/" + "ab" * 16, 1)
    pasted = tmp_path / "channel.txt"
    pasted.write_text(f"Ann:\n{theirs}\nBob:\n{ours}\n", encoding="utf-8")
    said = organiser.ok("verify", "--checkpoint", str(pasted)).stdout
    assert "event 45, signed by lothar" in said
    assert f"skipped 1 of other campaigns (campaign/{'ab' * 16})" in said


def test_47_a_second_key_under_a_name_already_announced_is_refused(
    organiser, tmp_path, monkeypatch
):
    """Issue #47: a second key announced under the same name signed later reports, and a player
    who kept only the name took it for the first."""
    monkeypatch.setenv("CAMPAIGN_KEY", str(tmp_path / "keys" / "another"))
    organiser.ok("key", "new", "--name", "lothar")
    says = organiser.refuses("key", "announce")
    assert "announced another key named lothar" in says
    monkeypatch.setenv("CAMPAIGN_KEY", str(tmp_path / "keys" / "third"))
    organiser.ok("key", "new", "--name", "lothar-2027")
    organiser.ok("key", "announce")


def test_47_a_copy_of_the_store_at_another_path_is_the_store_the_reader_saw(
    organiser, spring, tmp_path
):
    """Issue #47: a reader saw Spring 869; the store was copied to another path, the campaign
    deleted there and begun again under its name (another origin), and the reader took the copy
    for another store and accepted it. A store is known by an identity kept inside it (the key
    that seals what is kept beside its logs, through a hash), not by its path: in the copy, the
    campaign is not the one the reader saw under that name. A new store of its own may hold
    another campaign of that name."""
    player = Shell(organiser.db, tmp_path / "player-saw.json")
    player.ok("report")  # the player saw Spring 869 at event 45
    (tmp_path / "moved").mkdir()
    copy = copied(organiser.db, tmp_path / "moved" / "campaigns.sqlite")
    swapper = Shell(copy, tmp_path / "swapper-saw.json")
    swapper.ok("delete", "--yes")
    swapper.ok(*spring.step("new"))
    shown = Shell(copy, tmp_path / "player-saw.json")("status", "-c", "Spring 869")
    assert shown.exit_code == 1
    assert "is not the campaign this reader saw under that name" in shown.stderr
    fresh = Shell(tmp_path / "club.sqlite", tmp_path / "player-saw.json")
    fresh.ok(*spring.step("new"))
    fresh.ok("status", "-c", "Spring 869")


def test_46_a_report_of_a_round_before_the_key_says_when_the_key_came(organiser):
    """Issue #46: right after `key announce`, a report of an earlier round said "the organiser
    has announced no key". Its checkpoint tells events from before the announcement, which the
    key does not sign (C2SP: a key signs what follows it); the report now says when it came."""
    said = organiser.ok("report", "--round", "1", "--format", "markdown").stdout
    assert "announced no key" not in said
    assert "announced his key at event 45, after the events this report tells" in said
    assert organiser.json("report", "--round", "1")["checkpoint"]["key_announced_at"] == 45
    latest = organiser.ok("report", "--format", "markdown").stdout
    assert "Signed with the organiser's key lothar+" in latest
