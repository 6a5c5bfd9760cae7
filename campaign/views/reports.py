"""Reports and maps of a campaign at a point in its history, in the requested format."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from campaign.domain.log import Loaded, finished, last_finished, round_end, tail
from campaign.errors import CampaignError
from campaign.input.text import sentence
from campaign.proof import checkpoint
from campaign.views import formats
from events.common import CampaignEvent, NoteRecorded

if TYPE_CHECKING:
    from campaign.proof.signing import Signer


def round_closed(loaded: Loaded, number: int) -> int:
    """How many events the log held when round `number` ended, with the notes written just after
    it."""
    last = round_ended(loaded, number) or 0
    while last < len(loaded.events) and isinstance(loaded.events[last], NoteRecorded):
        last += 1
    return last


def round_ended(loaded: Loaded, number: int) -> int | None:
    """How many events the log held when round `number` ended (none before the first)."""
    return len(round_end(loaded, number).events) if number >= 1 else None


def round_events(loaded: Loaded, number: int) -> list[CampaignEvent]:
    """The events of round `number` that stand, with the notes written just after it ended: an
    event an undo took back is not told (#28: the reports that list a round's events told
    it)."""
    told = loaded.events[round_closed(loaded, number - 1) : round_closed(loaded, number)]
    return standing(told, loaded.events)


def standing(events: Sequence[CampaignEvent], log: Sequence[CampaignEvent]) -> list[CampaignEvent]:
    """`events` without those an undo in `log` took back (and not restored)."""
    from campaign.domain.shared_commands import retracted

    taken_back = retracted(log)
    return [e for e in events if e.originator_version not in taken_back]


def report_data(name: str, loaded: Loaded, number: int | None) -> tuple[dict[str, Any], Loaded]:
    """The report of round (or scenario) `number`: a finished one as it ended, or the one in
    progress as it stands (the organiser's opening post); by default the last finished."""
    number = number or last_finished(loaded)
    if number < 1:
        raise CampaignError(f"{loaded.kind.period.capitalize()}s are numbered from 1.")
    if number == len(finished(loaded.kind, loaded.state)) + 1:
        return in_progress(name, loaded, number, round_closed(loaded, number - 1)), loaded
    at_end = renamed_since(loaded, round_end(loaded, number))
    events = round_events(loaded, number)
    data = loaded.kind.report(name, at_end.state, number, events, loaded.state)
    # a report that tells what happened since the round (a Final fought after the last one)
    # vouches for the whole log, so that `verify --head` with it proves all it says
    told = len(loaded.events) if data.get("tells_since") else round_closed(loaded, number)
    data = with_people(data, loaded, told)
    return with_audit(data, loaded, told), at_end


def in_progress(name: str, loaded: Loaded, number: int, start: int) -> dict[str, Any]:
    """The report of the round in progress, `number`, which tells the events after the first
    `start` (read alone from a log resumed from what was kept beside it: `loaded.tail`). An undo
    takes back only events before it, so those of the round that stand are known from the round
    alone."""
    told = tail(loaded.events, start)
    events = standing(told, told)
    data = loaded.kind.report(name, loaded.state, number, events, loaded.state)
    data = with_people(with_deadline(data, loaded), loaded, len(loaded.events))
    return with_audit(data, loaded, len(loaded.events))


def renamed_since(loaded: Loaded, at_end: Loaded) -> Loaded:
    """A past round under the names the players have now: a name put right (a typo) is put right
    in every round; a replacement is not (the round was played by the player replaced)."""
    from dataclasses import replace

    from campaign.domain.shared_commands import retracted
    from events.common import PlayerRenamed

    taken_back, state = retracted(loaded.events), at_end.state
    for event in loaded.events[len(at_end.events) :]:
        if isinstance(event, PlayerRenamed) and event.originator_version not in taken_back:
            state = loaded.kind.apply(state, event)
    return replace(at_end, state=state)


def with_deadline(data: dict[str, Any], loaded: Loaded) -> dict[str, Any]:
    """The opening post says by when the step in hand is due."""
    from campaign.domain.deadlines import clock

    step = loaded.kind.next_step(loaded.state)
    standing = loaded.facts.reckoning.deadline(step)
    if standing is None:
        return data | {"deadline": None}
    when = clock(standing.at, loaded.facts.zone)
    section = {
        "heading": "Deadline",
        "items": [f"{sentence(step.rstrip('.'))} by {when}"],
        "due": int(standing.at.timestamp()),
    } | _named_as(data["sections"])
    return data | {"deadline": standing.at.isoformat(), "sections": [*data["sections"], section]}


def with_people(data: dict[str, Any], loaded: Loaded, through: int) -> dict[str, Any]:
    """Every report names both a newcomer and the player he replaced (and who withdrew)."""
    from campaign.views.people import lines, said

    whole = through == len(loaded.events)
    told = said(loaded.facts.people) if whole else lines(loaded.events[:through])
    if not told:
        return data
    # the reason after the names as the organiser typed it: text, no name marked in it (#50)
    players = {"heading": "Players", "items": told, "plain": "after the name"}
    return data | {"sections": [*data["sections"], players]}


def with_audit(data: dict[str, Any], loaded: Loaded, through: int) -> dict[str, Any]:
    """The report carries the chain head of the events it tells, so every player holds a copy
    that `campaign verify --head` checks later; a tampered log is said inside the report."""
    head = loaded.events[through - 1].chain
    audit = {
        "heading": "Audit",
        "items": [
            f"This report tells events 1 to {through} of the log; to check their chain head: "
            f"campaign verify --head {head}"
        ],
    }
    warning = (
        []
        if loaded.chain_break is None
        else [
            {
                "heading": "Warning",
                "items": [
                    f"The log has been tampered with: {loaded.chain_break[1]}. Run campaign verify."
                ],
            }
        ]
    )
    sections = [*warning, *data["sections"], audit]
    point = checkpoint.of(loaded.events, through).as_data()
    whole = through == len(loaded.events)
    key = loaded.facts.key if whole else checkpoint.announced(loaded.events, through)
    point["key"] = None if key is None else key[1]
    later = loaded.facts.key
    if key is None and later is not None:  # announced after the events this report tells
        point["key_announced_at"] = later[0]
    return data | {"events": through, "chain_head": head, "sections": sections, "checkpoint": point}


def sealed(data: dict[str, Any], signer: Signer | None = None) -> dict[str, Any]:
    """The report with its checkpoint (campaign.proof.checkpoint) as its last section, a block to
    keep — signed by `signer` where he holds the key the log announced for it (issue #30)."""
    kept = data.get("checkpoint")
    if kept is None or any(s.get("heading") == CHECKPOINT for s in data["sections"]):
        return data
    point, key = checkpoint.from_data(kept), kept.get("key")
    if signer is not None and key == signer.verifier.text():
        point = signer.sign(point)
        said = f"Signed with the organiser's key {key}, announced in the log."
    elif key is not None:
        said = (
            f"Not signed here: the organiser's key {key.split('+')[0]} is not on the machine that "
            "drew this report; the organiser's own reports carry its signature."
        )
    elif kept.get("key_announced_at") is not None:
        said = (
            f"Not signed: the organiser announced his key at event {kept['key_announced_at']}, "
            "after the events this report tells; the reports of what follows it are signed."
        )
    else:
        said = "Not signed: the organiser has announced no key (campaign key announce)."
    items = [
        said,
        "Keep the block below: campaign verify --checkpoint FILE shows at any later time whether "
        "the log still extends it (nothing cut or rewritten).",
    ]
    section = {"heading": CHECKPOINT, "items": items, "block": point.lines()}
    told = point.as_data() | {"key": key, "key_announced_at": kept.get("key_announced_at")}
    return data | {"checkpoint": told, "sections": [*data["sections"], section]}


CHECKPOINT = "Checkpoint"


def history_data(name: str, loaded: Loaded) -> dict[str, Any]:
    """The campaign on one page (#29): each finished round (or scenario) with what its report
    says it brought about (`Kind.history_sections`: battles and who gained what, results,
    eliminations), then where it stands now; its audit and checkpoint vouch for the whole log."""
    of, sections, players, drawn = loaded.kind, [], None, []
    for number in finished(of, loaded.state):
        data, _ = report_data(name, loaded, number)
        players = data["players"]  # each kind's own colours, as its reports show them
        these = [s for s in data["sections"] if s["heading"].startswith(of.history_sections)]
        scenario = data.get("scenario")
        title = f": {scenario['title']}" if isinstance(scenario, dict) else ""
        period = " ".join(word.capitalize() for word in of.period.split())  # "Game Turn"
        sections.append(_drawn(f"{period} {number}{title}", these, of.history_labelled))
        drawn += these
    if not sections:
        sections.append({"heading": "So far", "items": [f"No {of.period} has finished yet."]})
    now = {"heading": "Now", "items": [sentence(of.summary(loaded.state))]}
    sections.append(now | _named_as(drawn))
    data = {
        "campaign": name,
        "rules": of.rules,
        "kind": "history",
        "title": f"{name} — the campaign so far ({of.title})",
        "players": players or _colours(loaded),
        "sections": sections,
    }
    return with_audit(data, loaded, len(loaded.events))


def _drawn(heading: str, drawn: list[dict[str, Any]], labelled: tuple[str, ...]) -> dict[str, Any]:
    """A round's section of the history: the lines of the report's sections `drawn`, with the
    headings they come from (`from`: `history --for` keeps whole what the kind keeps whole in
    its report) and, where every one of them is told as written, told so (`plain`, #50: a
    leader who bears a player's name was marked as the player in the history, not in the
    report)."""
    told = [item for section in drawn for item in _told(section, labelled)]
    section = {
        "heading": heading,
        "items": told or ["Nothing changed."],
        "from": list(dict.fromkeys(s["heading"] for s in drawn)),
    }
    plain = _plain(drawn, labelled)
    return section | {"plain": plain} if told and plain else section


def _plain(drawn: list[dict[str, Any]], labelled: tuple[str, ...]) -> Any:
    """How the sections `drawn` are all told (`plain`), where they are told alike; a labelled
    section told "after the name" is not (its lines begin with the label now, not the name)."""
    flavours = {s.get("plain") for s in drawn}
    if len(flavours) != 1:
        return None
    (plain,) = flavours
    if plain == "after the name" and any(s["heading"].startswith(labelled) for s in drawn):
        return None
    return plain


def _named_as(sections: list[dict[str, Any]]) -> dict[str, Any]:
    """How the program's own lines drawn from a kind's words (the step due by a deadline, where
    the campaign stands now) mark its players. Where every section the kind drew is told as
    written, its lines name sides and their pieces, never a player (a piece may bear a player's
    name: a leader's); a player is then named as a player only as his side's, in parentheses
    after it (`Side (Player)`, as the kinds' next steps name the player of a side), and only
    there is he marked (#50)."""
    if sections and all(s.get("plain") is True for s in sections):
        return {"plain": formats.IN_PARENTHESES}
    return {}


def _told(section: dict[str, Any], labelled: tuple[str, ...]) -> list[str]:
    """A report section's lines for the history: its items, after its heading where only the
    heading says what they are (`Forfeits: Ann …`), the numbers of a list left out."""
    items = [NUMBERED.sub("", item) for item in section.get("items", [])]
    if section["heading"].startswith(labelled):
        return [f"{section['heading']}: {item}" for item in items]
    return items


def _colours(loaded: Loaded) -> dict[str, str]:
    from campaign.views.colours import player_colour

    players = list(loaded.kind.players(loaded.state))
    return {p: player_colour(p, players) for p in players}


NUMBERED = re.compile(r"^\d+\. ")


def for_player(data: dict[str, Any], player: str, whole: tuple[str, ...] = ()) -> dict[str, Any]:
    """The report as one player needs it: the lines that name him (his battle, his armies, his
    forfeit, his next step), with the sections the kind keeps whole (`Kind.report_kept_whole`:
    its tables, its settings) and the audit kept whole."""
    from campaign.input.names import resolve

    who = resolve("player", player, data["players"])
    naming = re.compile(rf"\b{re.escape(who)}\b")
    sections = []
    for section in data["sections"]:
        items = section.get("items")
        if items is None or _whole(section, (*KEPT_WHOLE, *whole)):
            sections.append(section)
        elif mine := [item for item in items if naming.search(item)]:
            sections.append(section | {"items": mine})
    return data | {"title": f"{data['title']}, for {who}", "for": who, "sections": sections}


def _whole(section: dict[str, Any], whole: tuple[str, ...]) -> bool:
    """Whether a player's report keeps `section` whole: its heading is one kept whole, or every
    section of the report it was drawn from is (a round of the history: `from`)."""
    drawn = section.get("from") or [section["heading"]]
    return section["heading"].startswith(whole) or all(h.startswith(whole) for h in drawn)


KEPT_WHOLE = ("Audit", "Warning", "Checkpoint")
"""The shared sections a player's report keeps whole (`with_audit`)."""


def render_report(
    name: str,
    loaded: Loaded,
    number: int | None,
    output_format: str,
    player: str | None = None,
    signer: Signer | None = None,
) -> Any:
    data, at_end = report_data(name, loaded, number)
    picture = None
    if output_format == "html":
        picture = at_end.kind.picture(at_end.state, name, data.get("round"))
    return render(data, output_format, player, picture, loaded.kind.report_kept_whole, signer)


def render(
    data: dict[str, Any],
    output_format: str,
    player: str | None = None,
    picture: str | None = None,
    whole: tuple[str, ...] = (),
    signer: Signer | None = None,
) -> Any:
    """A report's data in a format: json, markdown, bbcode, html (with its map) or text; for
    `player` alone, with the sections his kind keeps `whole`; its checkpoint signed by `signer`
    (`sealed`)."""
    if player is not None:
        data = for_player(data, player, whole)
    data = sealed(data, signer)
    if output_format == "json":
        return json.dumps(data, indent=2, ensure_ascii=False)
    if output_format == "markdown":
        return formats.markdown_text(data)
    if output_format == "bbcode":
        return formats.bbcode(data)
    if output_format == "html":
        return formats.html_page(data, picture)
    from campaign.input.text import printable_data
    from campaign.views.text_report import text_report

    return text_report(printable_data(data))


def map_svg(name: str, of: Any, state: Any, number: int | None) -> str:
    picture: str | None = of.picture(state, name, number)
    if picture is None:
        raise CampaignError(f"{name} is a campaign of {of.title}, which has no map of regions.")
    return picture


def svg_to_png(svg: str) -> bytes:
    """PNG through cairosvg (the `png` extra), which renders SVG text with the system's fonts."""
    try:
        import cairosvg
    except (ImportError, OSError):
        raise CampaignError(
            "PNG maps need cairosvg and the Cairo library: install the png extra where campaign "
            "was installed from (pip install '.[png]' in its folder; on Debian also apt install "
            "libcairo2), or write .svg."
        ) from None
    drawn: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=PNG_SCALE)
    return drawn


PNG_SCALE = 2
"""A PNG drawn at twice the SVG's size: its smallest names (9.5 pixels in the SVG) are 19 high,
legible in a Discord preview (#29: 7-pixel names on an 890-pixel picture)."""
