"""Delivery (issue #46): each person's due notices sent on each channel he left, each channel of
each person on its own (claimed, marked sent, failed with its reason, retried up to `TRIES`
times), reminders before a deadline, and `send_due`: what `campaign notify` and the hub's
notifier run for a campaign."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from campaign.errors import CampaignError
from campaign.input.names import folded
from campaign.notify.mail import UNCARRIED, Smtp
from campaign.notify.notices import (
    DISCORD,
    EMAIL,
    HUB,
    LINK_DAYS,
    NO_PAGES,
    NOTICE,
    REMIND,
    REMINDED,
    SENDING,
    SMTP_KEPT,
    TOLD,
    TRIES,
    Notice,
    Pages,
    contacts,
    discord_text,
    email_of,
    kept_notices,
    linked,
    now_due,
    overdue,
    overdue_due,
    pinged,
    settled,
    tasks_now,
)

if TYPE_CHECKING:  # mail is imported by what sends it: every write imports this module
    pass


def grouped(notices: Sequence[Notice]) -> list[list[Notice]]:
    """The notices of one write together (one Discord message for the people it concerns)."""
    groups: dict[tuple[str, bool, bool], list[Notice]] = {}
    for notice in notices:
        key = (notice.label.split(":")[1], notice.over is None, notice.overdue)
        groups.setdefault(key, []).append(notice)
    return list(groups.values())


Keep = Callable[[str, str], None]
Sending = tuple[str, Mapping[str, Any], Any, "Smtp | None", "Pages"]
"""What one run sends with: the campaign's name, who is reached how, Discord, mail, pages."""


@dataclass
class Delivered:
    """What a run of `deliver` did: who was told by what (lines), and what failed (lines)."""

    told: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)
    """Who is owed a notice that no channel of this run reaches."""
    now_told: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """By folded name: the tasks a person has now been told of (none: that they are over)."""


def deliver(
    campaign: str,
    tasks: Mapping[str, Sequence[str]],
    kept: Mapping[str, str],
    keep: Keep,
    discord: Any = None,
    smtp: Smtp | None = None,
    now_due: tuple[str, str | None, str | None] | None = None,
    claim: Callable[[str], bool] = lambda label: True,
    release: Callable[[str], None] = lambda label: None,
    pages: Pages = NO_PAGES,
) -> Delivered:
    """Send the campaign's due notices by Discord (`discord`, a `post.Delivery`) and e-mail
    (`smtp`), each channel of each person on its own, each marked as it goes (`keep(label,
    value)`). `tasks`: each person's tasks now, by his folded name. A notice goes only while
    what it says still stands (his tasks now, or its being over) and he was not told it
    already; it says the tasks, step and deadline as they stand when it goes (`now_due`). Each
    is sent by whoever `claim`s it first (one insert in the store: the hub's processes and
    `campaign notify` by cron never both send it), and `release`d again once this run is done
    with it."""
    reached, done = contacts(kept), Delivered()
    told = {
        label[len(TOLD) :]: tuple(json.loads(value))
        for label, value in kept.items()
        if label.startswith(TOLD)
    }
    latest: dict[str, Notice] = {}
    for notice in (n for n in kept_notices(kept) if n.state == "due"):
        who, now = folded(notice.player), tuple(tasks.get(folded(notice.player), ()))
        if notice.over is None:  # his tasks gone, or each of them told him already
            stale = not now or (not notice.by and set(now) <= set(told.get(who, ())))
        else:  # a task of his came back, or he was never told of the one that went
            stale = bool(now) or not told.get(who)
        earlier = latest.get(who)
        if earlier is not None and not earlier.by:  # a later notice of his says what stands
            keep(earlier.label, settled(earlier, "dropped"))
        if stale and not notice.by:
            keep(notice.label, settled(notice, "dropped"))
            latest.pop(who, None)
            continue
        step, deadline, zone = now_due or (notice.step, notice.deadline, notice.zone)
        latest[who] = replace(notice, task=now or notice.task, step=step, deadline=deadline)
        latest[who] = replace(latest[who], zone=zone)
    live = sorted(latest.values(), key=lambda n: (int(n.label.split(":")[1]), n.label))
    for group in grouped(live):
        sending = (campaign, reached, discord, smtp, pages)
        _deliver_group(sending, group, keep, claim, release, done)
    for who, last in done.now_told.items():
        keep(TOLD + who, json.dumps(list(last)))
    for who, last in told.items():  # his tasks done, none owed him: he is told when one returns
        if last and not tasks.get(who) and who not in latest:
            keep(TOLD + who, "[]")
    return done


def _wanted(
    notice: Notice, reached: Mapping[str, Any], discord: Any, smtp: Smtp | None
) -> dict[str, bool]:
    """The channels that reach him: each with whether this run can use it (the campaign's
    channel names a player who left no Discord id; an overdue step is said to those who did)."""
    ways = {}
    if discord is not None and (
        not notice.overdue or "discord" in reached.get(folded(notice.player), {})
    ):
        ways[DISCORD] = True
    if "email" in reached.get(folded(notice.player), {}):
        ways[EMAIL] = smtp is not None
    return ways


def _owing(ways: Mapping[str, bool], by: Sequence[str], failed: Mapping[str, Any]) -> list[str]:
    """The channels that reach him and have not yet taken the notice, nor been given up."""
    return [w for w in ways if w not in by and failed.get(w, {}).get("tries", 0) < TRIES]


def _deliver_group(
    sending: Sending,
    group: list[Notice],
    keep: Keep,
    claim: Callable[[str], bool],
    release: Callable[[str], None],
    done: Delivered,
) -> None:
    """One write's notices, each by the channels it is still owed that this run can use."""
    campaign, reached, discord, smtp, pages = sending
    ways = {n.label: _wanted(n, reached, discord, smtp) for n in group}
    owed = {n.label: _owing(ways[n.label], n.by, n.failed) for n in group}
    done.waiting += [n.player for n in group if not any(ways[n.label].values())]
    group = [n for n in group if any(ways[n.label][w] for w in owed[n.label]) and claim(n.label)]
    if not group:
        return
    by = {n.label: list(n.by) for n in group}
    failed = {n.label: dict(n.failed) for n in group}
    for notice in group:
        keep(notice.label, settled(notice, "sending", by[notice.label]))
    try:
        going = [n for n in group if DISCORD in owed[n.label]]
        if going:
            reason = _by_discord(discord, campaign, going, reached, pages=pages)
            _mark(going, DISCORD, reason, by, failed, done)
        mailed = [n for n in group if EMAIL in owed[n.label] and ways[n.label][EMAIL]]
        if mailed and smtp is not None:  # an address is usable only with a mail server
            refused = _by_email(smtp, campaign, mailed, reached, pages=pages)
            for notice in mailed:
                _mark([notice], EMAIL, refused.get(notice.label), by, failed, done)
    finally:
        for notice in group:
            left = _owing(ways[notice.label], by[notice.label], failed[notice.label])
            sent = by[notice.label]
            keep(
                notice.label,
                settled(notice, "due" if left else "sent", sent, failed=failed[notice.label]),
            )
            release(notice.label)
    for notice in group:
        new = [w for w in by[notice.label] if w not in notice.by]
        if new:
            done.now_told[folded(notice.player)] = () if notice.over is not None else notice.task
            done.told.append(f"{notice.player}: {_told_words(notice)} by {' and '.join(new)}.")


def _told_words(notice: Notice) -> str:
    if notice.overdue:
        return "told a deadline passed"
    return "told their turn is over" if notice.over is not None else "told"


def _mark(
    notices: Sequence[Notice],
    channel: str,
    reason: str | None,
    by: dict[str, list[str]],
    failed: dict[str, dict[str, Any]],
    done: Delivered,
) -> None:
    for notice in notices:
        if reason is None:
            by[notice.label].append(channel)
            continue
        tries = failed[notice.label].get(channel, {}).get("tries", 0) + 1
        failed[notice.label][channel] = {"tries": tries, "reason": reason}
        last = " (given up)" if tries >= TRIES else f" (try {tries} of {TRIES})"
        done.failed.append(f"{notice.player} not told by {channel}: {reason}{last}")


def _by_discord(
    discord: Any,
    campaign: str,
    group: Sequence[Notice],
    reached: Mapping[str, Any],
    reminder: bool = False,
    pages: Pages = NO_PAGES,
) -> str | None:
    """Post one message for `group`; why it was refused, or None once Discord has it."""
    from campaign.notify.discord import Uncertain

    try:
        said = discord_text(campaign, group, reached, reminder, pages)
        rows = discord.buttons([n.player for n in group if n.over is None]) if _bot(discord) else []
        if rows:  # the bot's message: the step in hand's buttons, as /campaign turn offers them
            discord.send(said, users=pinged(group, reached), components=rows)
        else:
            discord.send(said, users=pinged(group, reached))
    except Uncertain:
        pass  # Discord may have posted it: never sent twice
    except CampaignError as refusal:
        return str(refusal).rstrip(".")
    return None


def _bot(discord: Any) -> bool:
    from campaign.notify.discord import Bot

    return isinstance(discord, Bot) and discord.buttons is not None


def step_buttons(loaded: Any, players: Sequence[str]) -> list[dict[str, Any]]:
    """A turn notice's components (issue #49), for the bot's message in the campaign's channel:
    each player's forms of the step in hand as `/campaign turn` offers them (`discord.layout`),
    each carrying where the log stood as the notice went and whose it is
    (`discord.at_notice`): a press once anything was recorded since, or by another, is
    refused. At most a message's five rows; none for an arbiter or an organiser."""
    from campaign.notify.discord import ROWS, at_notice, layout

    of, state = loaded.kind, loaded.state
    events, head = len(loaded.events), loaded.events[-1].chain
    playing = {folded(p) for p in of.players(state)}
    people = [p for p in dict.fromkeys(players) if folded(p) in playing]
    named = len(people) > 1
    forms = [
        (form, at_notice(events, head, place, person), f"{person}: " if named else "")
        for person in people
        for place, form in enumerate(of.player_actions(state, person))
    ]
    return [{"type": 1, "components": row} for row in layout(forms)[:ROWS]]


def _by_email(
    smtp: Smtp,
    campaign: str,
    group: Sequence[Notice],
    reached: Mapping[str, Any],
    reminder: bool = False,
    pages: Pages = NO_PAGES,
) -> dict[str, str]:
    """Mail each of `group` who left an address, with a link of his own to his page; why each
    one refused was refused, by label (a server that cannot be reached refuses them all)."""
    messages, refused = {}, {}
    for n in group:
        own = n.over is None and not n.overdue  # his turn: a link to his own page
        link = pages.personal(n.player) if own else None
        standing = pages.standing.get(folded(n.player), ())
        mail = email_of(campaign, n, reminder, link, standing, pages.campaign)
        try:
            messages[n.label] = smtp.message(
                reached[folded(n.player)]["email"],
                n.player,
                mail.subject,
                mail.text(),
                ident=f"{campaign}\n{n.label}\n{n.over is not None}",
                page=link,
                html=mail.html(),
            )
        except (UnicodeError, ValueError):  # an address no header can carry
            refused[n.label] = UNCARRIED
    try:
        return refused | (smtp.send(messages) if messages else {})
    except CampaignError as refusal:
        return refused | {label: str(refusal).rstrip(".") for label in messages}


# Reminders before a deadline.


def remind(
    campaign: str,
    awaited: Iterable[str],
    kept: Mapping[str, str],
    keep: Keep,
    now_due: tuple[str, str | None, str | None],
    now: Any,
    discord: Any = None,
    smtp: Smtp | None = None,
    tasks: Mapping[str, Sequence[str]] | None = None,
    pages: Pages = NO_PAGES,
    claim: Callable[[str], bool] = lambda label: True,
    release: Callable[[str], None] = lambda label: None,
) -> Delivered:
    """The reminders due by `now` before the standing deadline (`now_due`), each sent once to
    the people who must still act, by each channel on its own; each person's reminder by
    whoever `claim`s it first (two `notify` at once send it once)."""
    from datetime import datetime

    from campaign.domain.deadlines import length_of

    step, deadline, zone = now_due
    done = Delivered()
    if deadline is None or not kept.get(REMIND):
        return done
    at = datetime.fromisoformat(deadline)
    due_now = [span for span in kept[REMIND].split() if at - length_of(span) <= now < at]
    late = [
        p
        for p in awaited
        if due_now and not all(f"{REMINDED}{deadline}:{x}:{folded(p)}" in kept for x in due_now)
    ]
    nearest = min(due_now, key=length_of) if due_now else ""
    late = [p for p in late if claim(f"{REMINDED}{deadline}:{nearest}:{folded(p)}")]
    if not late:
        return done  # a late run sends one reminder, not every one missed
    reached, tasks = contacts(kept), tasks or {}
    group = [
        Notice(
            f"{NOTICE}0:{folded(p)}",
            p,
            step,
            deadline,
            zone=zone,
            task=tuple(tasks.get(folded(p), ())),
        )
        for p in late
    ]
    by: dict[str, list[str]] = {n.label: [] for n in group}
    failed: dict[str, dict[str, Any]] = {n.label: {} for n in group}
    if discord is not None:
        _mark(
            group,
            DISCORD,
            _by_discord(discord, campaign, group, reached, True, pages),
            by,
            failed,
            done,
        )
    mailed = [n for n in group if "email" in reached.get(folded(n.player), {})]
    if smtp is not None and mailed:
        refused = _by_email(smtp, campaign, mailed, reached, True, pages)
        for notice in mailed:
            _mark([notice], EMAIL, refused.get(notice.label), by, failed, done)
    for notice in group:
        if not by[notice.label]:  # not sent: another run may try
            release(f"{REMINDED}{deadline}:{nearest}:{folded(notice.player)}")
        if by[notice.label]:
            for span in due_now:
                keep(f"{REMINDED}{deadline}:{span}:{folded(notice.player)}", "sent")
            done.told.append(f"{notice.player}: reminded, {nearest} or less before the deadline.")
    return done


def send_due(
    campaigns: Any, name: str, smtp: Smtp | None, moment: Any, webhook: str | None = None
) -> Delivered:
    """Campaign `name`'s due turn notices and reminders, sent through its kept webhook (or
    `webhook`) and its kept mail server (or `smtp`), each marked as it goes; what was sent and
    what failed, in lines. Where the campaign is bound to a Discord channel and the bot's token
    is set (`CAMPAIGN_DISCORD_TOKEN`), its Discord notices go there through the bot instead,
    with buttons for the step in hand (issue #49)."""
    from campaign.notify.discord import BOUND, WEBHOOK, Bot, Delivery, bot

    loaded, kept = campaigns.load(name), campaigns.secrets.unseal(name)
    url = webhook or kept.get(WEBHOOK)
    channel = bot(kept.get(BOUND)) or (Delivery(url) if url else None)
    if isinstance(channel, Bot):  # the bot's messages carry the step in hand's buttons
        channel.buttons = lambda players: step_buttons(loaded, players)
    if smtp is None and kept.get(SMTP_KEPT):
        smtp = Smtp.from_kept(kept[SMTP_KEPT])
    tasks, due = tasks_now(loaded.kind, loaded.state, linked(kept)), now_due(loaded)
    pages = _pages(campaigns, name, loaded, kept, moment)

    def keeping(label: str, value: str) -> None:
        campaigns.secrets.keep(name, label, value)

    stream = campaigns.listing.stream(name).hex

    def claim(label: str) -> bool:
        return bool(campaigns.secrets.claim(stream, SENDING + label, str(moment)))

    def release(label: str) -> None:
        campaigns.secrets.forget(stream, SENDING + label)

    def made(label: str, value: str) -> bool:
        return bool(campaigns.secrets.claim(stream, label, value))

    late = overdue(loaded, kept, moment)
    for who, (_, task) in late.items():  # his to see to while it is overdue: told once
        tasks[who] = (*tasks.get(who, ()), task)
    kept = kept | overdue_due(late, due, made)

    done = deliver(name, tasks, kept, keeping, channel, smtp, due, claim, release, pages)
    kept = campaigns.secrets.unseal(name)
    awaited = loaded.kind.awaited(loaded.state)
    reminded = remind(name, awaited, kept, keeping, due, moment, channel, smtp, tasks, pages, claim)
    return Delivered(
        done.told + reminded.told, done.failed + reminded.failed, done.waiting + reminded.waiting
    )


def _pages(campaigns: Any, name: str, loaded: Any, kept: Mapping[str, str], moment: Any) -> Pages:
    """Where this run's notices send their readers: the campaign's page and a fresh personal
    link for each person mailed (granted as it is written, its hash kept, for `LINK_DAYS`, in
    the role he holds: a player's, else an arbiter's or an organiser's), on the hub whose
    address is kept (none: no link)."""
    from datetime import timedelta
    from urllib.parse import quote

    of, state, hub = loaded.kind, loaded.state, kept.get(HUB)
    standing = {folded(p): of.player_lines(state, p) for p in of.awaited(state)}
    roles = {folded(p): "organiser" for p in linked(kept, ("organiser",))}
    roles |= {folded(p): "arbiter" for p in linked(kept, ("arbiter",))}
    roles |= {folded(p): "player" for p in of.players(state)}
    if not hub:
        return Pages(standing=standing)
    root = hub.rstrip("/")
    until = (moment + timedelta(days=LINK_DAYS)).isoformat()

    def personal(player: str) -> str:
        import secrets

        token = secrets.token_urlsafe(24)
        campaigns.links.grant(name, token, roles.get(folded(player), "player"), player, until)
        return f"{root}/a/{token}"

    return Pages(f"{root}/c/{quote(name, safe='')}", personal, standing)


# A step overdue: told to those who run the campaign.
