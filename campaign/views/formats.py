"""A report's sections rendered for where organisers post them (pure).

- markdown: for Discord, which renders no tables and takes at most 2,000
  characters a message: lists and bold only, split into messages at line
  boundaries with a marker line between them.
- bbcode: for phpBB forums, which have no table tag by default: [b], [list],
  [color], and [code] for the aligned standings.
- html: one self-contained page, inline CSS, the map inline as SVG.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

from campaign.input.text import printable

DISCORD_LIMIT = 2000
NUMBERED = re.compile(r"^\d+\. ")


IN_PARENTHESES = "in parentheses"
"""A section's `plain` where a player is marked only where named as a side's player, in
parentheses after it (`Side (Player)`): the other whole words that are his name are a piece's
(a leader who bears it), told as written (#50)."""
WHOLE_WORD = r"\b({})\b"
PARENTHESISED = r"(?<=\()({})(?=\))"


def _names(
    report: dict[str, Any],
    wrap: Callable[[str, str], str],
    text: str,
    escape: Callable[[str], str],
    where: str = WHOLE_WORD,
) -> str:
    """`text` made printable and escaped, with every player's name (escaped too) wrapped in his
    colour: each whole word that is his name, or only those `where` says."""
    players, text = report["players"], printable(text)
    if not players:
        return escape(text)
    named = "|".join(re.escape(p) for p in sorted(players, key=len, reverse=True))
    pattern = re.compile(where.format(named))
    parts, last = [], 0
    for match in pattern.finditer(text):
        name = match.group(1)
        parts += [escape(text[last : match.start()]), wrap(escape(name), players[name])]
        last = match.end()
    return "".join(parts + [escape(text[last:])])


def _said(
    report: dict[str, Any],
    section: dict[str, Any],
    wrap: Callable[[str, str], str],
    text: str,
    escape: Callable[[str], str],
) -> str:
    """An item of a section: the players' names in their colours, but in what a person wrote
    (`plain`: an organiser's notes; "after the name": a forfeit's reason after the player's
    name), which is shown as written (#29: names were bolded inside free text)."""
    plain = section.get("plain")
    if plain == "after the name":  # `Ann: why`, why as the organiser wrote it
        name, colon, why = text.partition(": ")
        return _names(report, wrap, name, escape) + escape(printable(colon + why))
    if plain == IN_PARENTHESES:  # `Side (Player) …`: the player, not a leader of his name
        return _names(report, wrap, text, escape, PARENTHESISED)
    if plain:
        return escape(printable(text))
    return _names(report, wrap, text, escape)


def aligned(table: dict[str, Any]) -> list[str]:
    rows = [table["columns"], *table["rows"]]
    widths = [max(len(r[i]) for r in rows) for i in range(len(table["columns"]))]
    return [
        "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(r, widths))
        )
        for r in rows
    ]


def markdown_lines(report: dict[str, Any]) -> list[str]:
    def bold(name: str, _: str) -> str:
        return f"**{name}**"

    escape = markdown_escape
    lines = [f"## {escape(printable(report['title']))}"]
    for section in report["sections"]:
        lines += ["", f"**{escape(printable(section['heading']))}**"]
        if "table" in section:
            table = aligned(section["table"])
            lines += [
                "```",
                *(MENTION.sub("@\u200b", printable(line).replace("`", "'")) for line in table),
                "```",
            ]
        for item in section.get("items", []):
            text = _said(report, section, bold, item, escape)
            lines.append(text if NUMBERED.match(item) else f"- {text}")
        if "block" in section:  # the program's own text (a checkpoint): kept exactly
            lines += ["```", *section["block"], "```"]
        if isinstance(section.get("due"), int):
            due = section["due"]
            lines.append(f"- <t:{due}:F> (<t:{due}:R>)")  # every reader's own time zone
    return lines


MARKDOWN_SPECIAL = re.compile(r"([\\*_~`|>\[\]<])")
MENTION = re.compile(r"@(?=[\w!&#])")


def markdown_escape(text: str) -> str:
    """Plain text for Discord: Markdown characters escaped (no bold, links, quotes or headings
    from a name or a note) and mentions broken (`@everyone` pings nobody)."""
    return MENTION.sub("@\u200b", MARKDOWN_SPECIAL.sub(r"\\\1", text))


def markdown(report: dict[str, Any], limit: int = DISCORD_LIMIT) -> list[str]:
    """Discord messages of at most `limit` characters each, split between sections wherever a
    section fits in one message (#50: a split fell inside the Checkpoint section, a bare bullet
    opening the next message); a longer section split between its lines, each message it goes
    on in opening with its heading again; never inside a code block."""
    messages: list[str] = []
    for section in _sections(_units(markdown_lines(report), limit)):
        messages = _packed(messages, section, limit)
    return messages


def _units(lines: list[str], limit: int) -> list[str]:
    """The lines, each code block one unit (never split), a line longer than a message cut."""
    units: list[str] = []
    block: list[str] | None = None
    for line in lines:
        if block is not None:
            block.append(line)
            if line == "```":
                units.append("\n".join(block))
                block = None
        elif line == "```":
            block = [line]
        else:
            units.append(line[:limit])
    return units


def _sections(units: list[str]) -> list[list[str]]:
    """The units by section: the title, then each heading with its lines (blank lines, which
    only separate sections, left out)."""
    sections: list[list[str]] = []
    for unit in units:
        if not sections or HEADING.fullmatch(unit):
            sections.append([unit])
        elif unit:
            sections[-1].append(unit)
    return sections


def _packed(messages: list[str], section: list[str], limit: int) -> list[str]:
    """`messages` with `section` after them: in the last one where it fits, else in a message
    of its own, else (longer than a message) from the last one on where its heading and first
    line fit there."""
    text = "\n".join(section)
    last = messages[-1] if messages else None
    if last is not None and len(last) + 2 + len(text) <= limit:
        return [*messages[:-1], f"{last}\n\n{text}"]
    if len(text) <= limit:
        return [*messages, text]
    start = len("\n".join(section[:2]))
    if last is not None and len(last) + 2 + start <= limit:
        first, *rest = _cut(section, limit - len(last) - 2, limit)
        return [*messages[:-1], f"{last}\n\n{first}", *rest]
    return [*messages, *_cut(section, limit, limit)]


def _cut(section: list[str], room: int, limit: int) -> list[str]:
    """A section longer than a message in parts of at most `room` characters (the first) and
    `limit` (the others), each opening with its heading (#50: "(continued)" after the first)."""
    heading, *lines = section
    again = f"{heading[:-2]} (continued)**" if HEADING.fullmatch(heading) else heading
    parts, current = [], heading
    for line in lines:
        if len(current) + 1 + len(line) > room and current not in (heading, again):
            parts.append(current)
            current, room = again, limit
        current = f"{current}\n{line[: max(room - len(current) - 1, 0)]}"
    return [*parts, current]


HEADING = re.compile(r"\*\*[^\n]*\*\*")


def markdown_text(report: dict[str, Any]) -> str:
    messages = markdown(report)
    if len(messages) == 1:
        return messages[0]
    marker = "\n\n-------- ✂ message {n} of {total}: post separately --------\n\n"
    text = messages[0]
    for n, message in enumerate(messages[1:], 2):
        text += marker.format(n=n, total=len(messages)) + message
    return text


def bbcode(report: dict[str, Any]) -> str:
    def escape(text: str) -> str:
        return printable(text).replace("[", "(").replace("]", ")")

    def colour(name: str, hex_colour: str) -> str:
        """The name in the forum's own text colour, after a swatch of the player's (#50: names
        in the map's colours read at 1.3:1 on a light forum)."""
        swatch = f"[color={hex_colour}]{SWATCH}[/color] " if HEX.fullmatch(hex_colour) else ""
        return f"{swatch}[b]{name}[/b]"

    out = [f"[size=150][b]{escape(report['title'])}[/b][/size]"]
    for section in report["sections"]:
        out += ["", f"[b]{escape(section['heading'])}[/b]"]
        if "table" in section:
            out.append("[code]" + "\n".join(map(escape, aligned(section["table"]))) + "[/code]")
        items = section.get("items", [])
        if items:
            numbered = all(NUMBERED.match(i) for i in items)
            out.append("[list=1]" if numbered else "[list]")
            for item in items:
                text = NUMBERED.sub("", item) if numbered else item
                out.append("[*]" + _said(report, section, colour, text, escape))
            out.append("[/list]")
        if "block" in section:
            out.append("[code]" + "\n".join(map(escape, section["block"])) + "[/code]")
    return "\n".join(out)


SWATCH = "\u25a0"
"""A black square, in the player's colour before his name where text cannot have a background
(BBCode)."""
HEX = re.compile(r"#[0-9a-fA-F]{6}")
"""A player's colour as the kinds give it; anything else is drawn without its swatch."""

CSS = """
body { font: 15px/1.45 Georgia, 'Times New Roman', serif; color: #222; background: #f7f3e8;
  margin: 0; }
main { max-width: 900px; margin: 0 auto; padding: 24px 32px; background: #fffdf6;
  box-shadow: 0 0 12px #0002; overflow-wrap: anywhere; }
h1 { font-size: 24px; border-bottom: 2px solid #8b6d3f; padding-bottom: 6px; }
h2 { font-size: 17px; color: #5a4322; margin: 22px 0 6px; }
ol, ul { padding-left: 24px; }
li { margin: 4px 0; }
table { border-collapse: collapse; }
td, th { padding: 3px 12px; border-bottom: 1px solid #ddd; text-align: right; }
td:first-child, th:first-child { text-align: left; }
.player { font-weight: bold; display: inline-block; }  /* its swatch never alone at a line's end */
.swatch { display: inline-block; width: 0.75em; height: 0.75em; margin-right: 0.25em;
  border: 1px solid #0008; border-radius: 2px; vertical-align: -0.05em;
  print-color-adjust: exact; -webkit-print-color-adjust: exact; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; }
figure { margin: 16px 0; }
figure svg { width: 100%; height: auto; border: 1px solid #ccc; background: #eaf2f8; }
@media (max-width: 600px) {
  main { padding: 12px 14px; }
  td, th { padding: 3px 6px; }
}
@media print {
  body { background: #fff; }
  main { box-shadow: none; max-width: none; }
  h2 { break-after: avoid; }
  figure { break-inside: avoid; }
}
"""


def html_page(report: dict[str, Any], svg: str | None) -> str:
    def colour(name: str, hex_colour: str) -> str:
        """The name in the page's dark text, a square of the player's colour before it (#50:
        Dag's `#f0e442` as text read at 1.3:1 on the cream page)."""
        swatch = (
            f'<span class="swatch" style="background:{hex_colour}" aria-hidden="true"></span>'
            if HEX.fullmatch(hex_colour)
            else ""
        )
        return f'<span class="player">{swatch}{name}</span>'

    def escape(text: str) -> str:
        return html.escape(printable(text))

    body = [f"<h1>{escape(report['title'])}</h1>"]
    if svg:
        body.append(f"<figure>{svg}</figure>")
    for section in report["sections"]:
        body.append(f"<h2>{escape(section['heading'])}</h2>")
        if "table" in section:
            head = "".join(f"<th>{escape(c)}</th>" for c in section["table"]["columns"])
            rows = "".join(
                "<tr>"
                + "".join(f"<td>{_names(report, colour, c, html.escape)}</td>" for c in r)
                + "</tr>"
                for r in section["table"]["rows"]
            )
            body.append(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
        items = section.get("items", [])
        if items:
            numbered = all(NUMBERED.match(i) for i in items)
            tag = "ol" if numbered else "ul"
            texts = [NUMBERED.sub("", i) if numbered else i for i in items]
            lis = "".join(
                f"<li>{_said(report, section, colour, text, html.escape)}</li>" for text in texts
            )
            body.append(f"<{tag}>{lis}</{tag}>")
        if "block" in section:
            body.append("<pre>\n" + "\n".join(map(escape, section["block"])) + "\n</pre>")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(report['title'])}</title>"
        f"<style>{CSS}</style></head><body><main>{''.join(body)}</main></body></html>\n"
    )
