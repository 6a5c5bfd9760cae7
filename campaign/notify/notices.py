"""Turn notices (issues #27, #46): a person is told when a task of his own is new, once.

Each kind says, for the step in hand, who must act and what each must do in his own words
(`Kind.tasks`). After every write the service compares each person's tasks before and after it:
whoever has a task he did not have before has a notice due, kept beside the log (never in it,
never in an export) under the event that gave it to him — the last declarer whose battle now
waits for him too; and whoever had a task that someone else's write took away (an undo, the
organiser's forfeit, a passed deadline) has a notice that it is over. `campaign notify`
delivers the due notices — a message in the campaign's Discord channel (its kept webhook) that
pings only the people it is for (`allowed_mentions.users`), an e-mail through the organiser's
SMTP server (kept as the webhook is) to those who left an address (`campaign contact`), as
plain text and as HTML alike (`Mail`: everything people typed escaped) — each channel of each
person on its own: one refused address or one Discord error never stops the others, and a
notice is marked sent for a channel only once that channel took it. A person is never told
twice of the same task (what he was last told is kept), and a notice whose task is gone before
it went is dropped unsent: nobody is told to do what is done. The organiser and the arbiters
who left a contact are told, once, of a step whose deadline passed where the house rule leaves
what happens to the organiser (`overdue`). Sending is `campaign.notify.delivery`'s, the mail
itself `campaign.notify.mail`'s.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from campaign.errors import CampaignError
from campaign.input.names import folded
from campaign.notify.mail import Mail, Paragraph
from campaign.store.sealed import CONTACT

if TYPE_CHECKING:  # mail is imported by what sends it: every write imports this module
    pass


NOTICE = "notice:"
SENDING = "sending:"
"""Beside a notice's label, who claimed it for sending (`deliver`): one sender, ever."""
"""Labels `notice:<event number>:<player>`: a turn notice due, or what became of it."""
REMIND = "remind"
"""The label of how long before a deadline its reminders go (`deadline remind 24h,2h`)."""
REMINDED = "reminded:"
"""Labels `reminded:<deadline>:<span>:<player>`: a reminder sent."""
DISCORD_ID = re.compile(r"[0-9]{17,20}")
ADDRESS = re.compile(r"[^@\s<>()\[\],;:\"\\]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}")
SMTP_KEPT = "smtp"
"""The label of the mail server kept for a campaign (`notify --smtp URL --from ADDRESS --keep`)."""
TOLD = "told:"
"""Labels `told:<person>`: the tasks a person was last told of (none once told they are over)."""
TRIES = 5
"""How many times a channel is tried for one notice before it is given up, and said so."""
DISCORD, EMAIL = "Discord", "e-mail"
HUB = "hub-url"
"""The label of the hub's address kept for a campaign (`campaign hub-url URL`)."""
LINK_DAYS = 14
"""How long the personal link an e-mailed notice carries opens his page."""
OVERDUE = "overdue:"
"""In a notice's label, `notice:0:<person>:overdue:<digest of the step and its deadline>`: the
organiser or an arbiter told (once) that a step's deadline passed and the house rule leaves
what happens to the organiser."""


@dataclass(frozen=True)
class Pages:
    """Where a notice sends its reader: the campaign's page on the hub (public: what a channel
    message links to), a fresh personal link for each person mailed (`personal(player)`: to
    his own inbox alone, never to a channel everyone reads), and where each stands now."""

    campaign: str | None = None
    personal: Callable[[str], str | None] = lambda player: None
    standing: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """By folded name: where he stands (`Kind.player_lines`)."""


NO_PAGES = Pages()


@dataclass(frozen=True)
class Notice:
    label: str
    player: str
    step: str
    deadline: str | None
    """The deadline standing for the step when the notice became due, ISO 8601 in UTC."""
    state: str = "due"
    """due, sending, sent (by every channel that reaches him), or dropped (his task was over,
    or he was told of it already, before it went)."""
    by: tuple[str, ...] = ()
    """The channels that took it."""
    zone: str | None = None
    """The campaign's time zone, the deadline said on its clock (UTC where it has none)."""
    task: tuple[str, ...] = ()
    """What he must do, in his own words (`Kind.tasks`); as it stands when the notice goes."""
    over: str | None = None
    """For a notice that his task is over: what ended it, as the log tells it."""
    failed: Mapping[str, Any] = field(default_factory=dict)
    """By channel: how many times it was tried and refused, and the last reason."""
    overdue: bool = False
    """A notice to the organiser or an arbiter that the step in hand is overdue (`overdue`)."""


def tasks_of(kind: Any, state: Any, arbiters: Sequence[str] = ()) -> dict[str, tuple[str, ...]]:
    """Each person's tasks in `state`: the players' (`Kind.tasks`), and what waits for the
    arbiters (`Kind.arbiter_tasks`: a dispute), each arbiter by name."""
    tasks = dict(kind.tasks(state))
    waiting = kind.arbiter_tasks(state) if arbiters else ()
    for arbiter in arbiters if waiting else ():
        tasks[arbiter] = tuple(tasks.get(arbiter, ())) + tuple(waiting)
    return tasks


def tasks_now(kind: Any, state: Any, arbiters: Sequence[str] = ()) -> dict[str, tuple[str, ...]]:
    """Each person's tasks in `state`, by his folded name (none before a campaign starts)."""
    if state is None:
        return {}
    return {folded(p): t for p, t in tasks_of(kind, state, arbiters).items()}


def linked(kept: Mapping[str, str], roles: Sequence[str] = ("arbiter",)) -> list[str]:
    """The people whose personal link opens this campaign in one of `roles`, by name, once
    each (a revoked or an expired link opens nothing)."""
    from campaign.store.sealed import ACCESS, grant_of

    found: dict[str, str] = {}
    for label, value in kept.items():
        grant = grant_of(value) if label.startswith(ACCESS) else None
        if grant and grant["role"] in roles and grant["player"]:
            found.setdefault(folded(grant["player"]), grant["player"])
    return list(found.values())


def due_after(
    kind: Any, before: Any, after: Any, actor: str, at: int, step: str, deadline: str | None,
    said: str = "", arbiters: Sequence[str] = (),
) -> dict[str, str]:  # fmt: skip
    """The labels and values of what a write made due (event `at` its last): a notice for each
    person with a task he had not before, and for each person left with none where the write
    took tasks away (`said`: what it was, in the log's words; `takes_away`) and he did not
    write it himself (`actor`). A person whose tasks were done (by him, or for him) has what
    he was told forgotten: when a task of his comes again, it is news (a new Operations
    Phase), where one taken away and given back before he heard of it is not (an undo)."""
    earlier, now = tasks_now(kind, before, arbiters), tasks_of(kind, after, arbiters)
    made = [
        Notice(f"{NOTICE}{at}:{folded(p)}", p, step, deadline, task=task)
        for p, task in now.items()
        if set(task) - set(earlier.get(folded(p), ()))
    ]
    done: dict[str, str] = {}
    still = {folded(p) for p in now}
    for p in tasks_of(kind, before, arbiters) if before is not None else ():
        if folded(p) in still:
            continue
        if said and folded(p) != folded(actor):
            made.append(Notice(f"{NOTICE}{at}:{folded(p)}", p, step, deadline, over=said))
        else:
            done[TOLD + folded(p)] = "[]"
    return done | {notice.label: settled(notice, "due") for notice in made}


def takes_away(recorded: Sequence[Any], actor: str) -> bool:
    """Whether a write may take a person's task from him rather than do it: an undo or a redo,
    a passed deadline, or a ruling (an event with its reason, or a reason noted with it: a
    forfeit, a walkover, the organiser's choice for a player). A task done for him (the
    organiser entering his declaration) ends without a notice."""
    from campaign.domain.deadlines import DEADLINE_ACTOR
    from events.common import NoteRecorded

    return folded(actor) == folded(DEADLINE_ACTOR) or any(
        getattr(e, "reason", None) or isinstance(e, NoteRecorded) for e in recorded
    )


def kept_notices(kept: Mapping[str, str]) -> list[Notice]:
    """Every notice kept for a campaign, the oldest first."""
    notices = []
    for label, value in kept.items():
        if label.startswith(NOTICE):
            data = json.loads(value)
            notices.append(
                Notice(
                    label,
                    data["player"],
                    data["step"],
                    data.get("deadline"),
                    data.get("state", "due"),
                    tuple(data.get("by", ())),
                    task=tuple(data.get("task", ())),
                    over=data.get("over"),
                    failed=data.get("failed", {}),
                    overdue=data.get("overdue", False),
                )
            )
    return sorted(notices, key=lambda n: (int(n.label.split(":")[1]), n.label))


def settled(notice: Notice, state: str, by: Sequence[str] = (), **changed: Any) -> str:
    """What is kept of a notice: due, being sent, sent (`by` which channels) or dropped."""
    notice = replace(notice, **changed)
    return json.dumps(
        {
            "player": notice.player,
            "step": notice.step,
            "deadline": notice.deadline,
            "state": state,
            "by": list(by),
            "task": list(notice.task),
            "over": notice.over,
            "failed": dict(notice.failed),
            "overdue": notice.overdue,
        }
    )


# Who is reached how.


def contact(discord: str | None, email: str | None) -> dict[str, str]:
    """A person's contact as given, each part checked: a Discord user id is 17 to 20 digits (in
    Discord: User Settings → Advanced → Developer Mode, then "Copy User ID"); an e-mail address
    one address, nothing that could become another header."""
    kept: dict[str, str] = {}
    if discord is not None:
        if not DISCORD_ID.fullmatch(discord.strip()):
            raise CampaignError(
                f"A Discord user id is 17 to 20 digits (Copy User ID in Discord), not {discord!r}."
            )
        kept["discord"] = discord.strip()
    if email is not None:
        printable = email.strip().isprintable()  # no control or direction codes
        if len(email) > 254 or not printable or not ADDRESS.fullmatch(email.strip()):
            raise CampaignError(f"Give one e-mail address, like ann@example.org, not {email!r}.")
        kept["email"] = email.strip()
    return kept


def contacts(kept: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """Each person's contact, by his folded name."""
    return {
        label[len(CONTACT) :]: json.loads(value)
        for label, value in kept.items()
        if label.startswith(CONTACT)
    }


# What a notice says.


def _tasks_said(notice: Notice) -> str:
    """His own tasks, as a sentence: each form of his page, by its label."""
    return "; ".join(notice.task) or notice.step.rstrip(".")


def discord_text(
    campaign: str,
    notices: Sequence[Notice],
    reached: Mapping[str, Any],
    reminder: bool = False,
    pages: Pages = NO_PAGES,
) -> str:
    """One message for the notices of one write: each person pinged where his Discord id is
    known, named otherwise, with his own task (or that it is over); the campaign's name, the
    names and the tasks are text (Markdown escaped, no mention of anyone else)."""
    from campaign.views.formats import markdown_escape

    def who(n: Notice) -> str:
        known = reached.get(folded(n.player), {})
        return f"<@{known['discord']}>" if "discord" in known else markdown_escape(n.player)

    first = notices[0]
    where = f"The campaign: <{pages.campaign}>" if pages.campaign else ""
    if first.overdue:
        lines = [f"{who(n)}: {markdown_escape(_tasks_said(n))}." for n in notices]
        return "\n".join([f"{markdown_escape(campaign)}: a deadline has passed.", *lines, where])
    if first.over is not None:
        names = ", ".join(who(n) for n in notices)
        return (
            f"{markdown_escape(campaign)}: {names}, what you had to do is over: "
            f"{markdown_escape(first.over)}"
        )
    what = "the deadline is near" if reminder else "it is your turn"
    lines = [f"{who(n)}: {markdown_escape(_tasks_said(n))}." for n in notices]
    deadline = f"\nDeadline: <t:{_epoch(first.deadline)}:R>." if first.deadline else ""
    where = f" {where}" if where else ""
    return (
        f"{markdown_escape(campaign)}: {what}.\n" + "\n".join(lines) + deadline
        + f"\nOpen your personal link to act.{where}"
    )  # fmt: skip


def pinged(notices: Sequence[Notice], reached: Mapping[str, Any]) -> list[str]:
    """The Discord ids a message for `notices` may ping: theirs, and nobody else's."""
    return [
        reached[folded(n.player)]["discord"]
        for n in notices
        if "discord" in reached.get(folded(n.player), {})
    ]


def email_text(
    campaign: str,
    notice: Notice,
    reminder: bool = False,
    link: str | None = None,
    standing: Sequence[str] = (),
) -> tuple[str, str]:
    """An e-mail's subject and plain text for one notice (or a reminder): his tasks, where he
    stands, and a link that opens his own page (`link`, where the hub's address is kept)."""
    mail = email_of(campaign, notice, reminder, link, standing)
    return mail.subject, mail.text()


def email_of(
    campaign: str,
    notice: Notice,
    reminder: bool = False,
    link: str | None = None,
    standing: Sequence[str] = (),
    page: str | None = None,
) -> Mail:
    """One notice (or a reminder) as an e-mail says it, in text and in HTML alike: his tasks,
    the deadline, where he stands, and a link that opens his own page (`link`, where the hub's
    address is kept); or that what he had to do is over, and why; or, to the organiser or an
    arbiter, that a step is overdue, with the campaign's page (`page`)."""
    hello = Paragraph((f"{notice.player},",))
    if notice.overdue:
        paragraphs = [hello, Paragraph((f"a deadline has passed in {campaign}.",))]
        paragraphs.append(Paragraph((f"{_tasks_said(notice)}.",)))
        if page:
            paragraphs.append(Paragraph(("The campaign's page:",), link=page))
        return Mail(f"{campaign}: a deadline has passed", tuple(paragraphs))
    if notice.over is not None:
        said = f"what you had to do in {campaign} is over: {notice.over}"
        return Mail(f"{campaign}: your turn is over", (hello, Paragraph((said,))))
    said = "the deadline of your turn is near" if reminder else "it is your turn"
    todo = [f"Yours to do: {_tasks_said(notice)}."]
    if notice.deadline:
        todo.append(f"Deadline: {_shown(notice.deadline, notice.zone)}.")
    paragraphs = [hello, Paragraph((f"{said} in {campaign}.",)), Paragraph(tuple(todo))]
    if standing:
        paragraphs.append(Paragraph(("Where you stand:",), tuple(standing)))
    if link:
        act = f"Open your page to act (this link is yours alone, for {LINK_DAYS} days):"
        paragraphs.append(Paragraph((act,), link=link))
    else:
        paragraphs.append(Paragraph(("Open your personal link to act, or tell your organiser.",)))
    subject = f"{campaign}: {'the deadline is near' if reminder else 'your turn'}"
    return Mail(subject, tuple(paragraphs))


def _epoch(iso: str) -> int:
    from datetime import datetime

    return int(datetime.fromisoformat(iso).timestamp())


def _shown(iso: str, zone: str | None) -> str:
    from datetime import datetime

    from campaign.domain.deadlines import clock

    return clock(datetime.fromisoformat(iso), zone, "%A %d %B %Y, %H:%M")


# Sending.


def spans(typed: str) -> str:
    """`24h,2h` (or `24h 2h`, `none`) as kept: each a time before the deadline, longest first."""
    from campaign.domain.deadlines import length_of

    words = typed.replace(",", " ").split()
    if [w.lower() for w in words] in (["none"], ["off"], []):
        return ""
    lengths = {w.lower(): length_of(w) for w in words}
    return " ".join(sorted(lengths, key=lambda word: lengths[word], reverse=True))


def overdue(loaded: Any, kept: Mapping[str, str], moment: Any) -> dict[str, tuple[str, str]]:
    """What a passed deadline leaves to the people who run the campaign: for the organisers and
    the arbiters (`linked`) who left a contact, by folded name, his name and what he is told,
    where the deadline standing for the step in hand passed by `moment` and the house rule
    leaves what happens to the organiser (`deadline rule organiser`, or `auto` where the kind's
    rules page records nothing for that step: what `tick` says); none where nobody is waited
    for."""
    from campaign.domain.grammar import listing

    of, state, facts = loaded.kind, loaded.state, loaded.facts
    step, reckoning = of.next_step(state), facts.reckoning
    missed = reckoning.missed(step, moment)
    if missed is None or (reckoning.automatic(step, moment) and of.missed(state)):
        return {}
    waiting = list(tasks_of(of, state, linked(kept)))
    if not waiting:
        return {}
    reached, runs = contacts(kept), {folded(p) for p in linked(kept, ("organiser",))}
    when = _shown(missed.at.isoformat(), facts.zone)
    said = (
        f'The deadline of "{step.rstrip(".")}" passed on {when}: it waits for '
        f"{listing(waiting)}, and the house rule leaves it to "
    )
    told = {}
    for person in linked(kept, ("organiser", "arbiter")):
        who = folded(person)
        if any(reached.get(who, {}).values()):
            whose = "you (extend it with deadline set, or rule)" if who in runs else "the organiser"
            told[who] = (person, said + whose)
    return told


def overdue_due(
    late: Mapping[str, tuple[str, str]],
    now_due: tuple[str, str | None, str | None],
    made: Callable[[str, str], bool],
) -> dict[str, str]:
    """The notices an overdue step makes due (`overdue`), each kept by the first sender that
    sees it (`made`: one insert in the store, under a label of the step and its deadline):
    whoever sees it after, in this run or the next, makes none. The labels and values made."""
    import hashlib

    step, deadline, zone = now_due
    digest = hashlib.sha256(f"{step}\n{deadline}".encode()).hexdigest()[:16]
    kept = {}
    for who, (person, task) in late.items():
        notice = Notice(
            f"{NOTICE}0:{who}:{OVERDUE}{digest}", person, step, deadline, zone=zone,
            task=(task,), overdue=True,
        )  # fmt: skip
        value = settled(notice, "due")
        if made(notice.label, value):
            kept[notice.label] = value
    return kept


def now_due(loaded: Any) -> tuple[str, str | None, str | None]:
    """The step in hand, the deadline standing for it (ISO 8601) and the campaign's time zone."""
    step, facts = loaded.kind.next_step(loaded.state), loaded.facts
    standing = facts.reckoning.deadline(step)
    due = None if standing is None else standing.at.isoformat()
    return step, due, facts.zone
