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


def _names(
    report: dict[str, Any], wrap: Callable[[str, str], str], text: str, escape: Callable[[str], str]
) -> str:
    """`text` made printable and escaped, with every player's name (escaped too) wrapped in his
    colour."""
    players, text = report["players"], printable(text)
    if not players:
        return escape(text)
    pattern = re.compile(
        r"\b(" + "|".join(re.escape(p) for p in sorted(players, key=len, reverse=True)) + r")\b"
    )
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
    """Discord messages of at most `limit` characters each, split between lines and never inside a
    code block."""
    units: list[str] = []
    block: list[str] | None = None
    for line in markdown_lines(report):
        if line == "```" and block is None:
            block = [line]
        elif line == "```" and block is not None:
            units.append("\n".join([*block, line]))
            block = None
        elif block is not None:
            block.append(line)
        else:
            units.append(line[:limit])
    units = _headed(units)
    messages, current = [], ""
    for unit in units:
        candidate = f"{current}\n{unit}" if current else unit
        if len(candidate) > limit and current:
            messages.append(current.strip("\n"))
            candidate = unit
        current = candidate
    return messages + [current.strip("\n")]


def _headed(units: list[str]) -> list[str]:
    """Each section's heading kept with its first line, so that no message ends on a heading
    whose lines come in the next (#29)."""
    joined: list[str] = []
    for unit in units:
        if joined and HEADING.fullmatch(joined[-1]):
            joined[-1] = f"{joined[-1]}\n{unit}"
        else:
            joined.append(unit)
    return joined


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
        return f"[color={hex_colour}][b]{name}[/b][/color]"

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


CSS = """
body { font: 15px/1.45 Georgia, 'Times New Roman', serif; color: #222; background: #f7f3e8;
  margin: 0; }
main { max-width: 900px; margin: 0 auto; padding: 24px 32px; background: #fffdf6;
  box-shadow: 0 0 12px #0002; }
h1 { font-size: 24px; border-bottom: 2px solid #8b6d3f; padding-bottom: 6px; }
h2 { font-size: 17px; color: #5a4322; margin: 22px 0 6px; }
ol, ul { padding-left: 24px; }
li { margin: 4px 0; }
table { border-collapse: collapse; }
td, th { padding: 3px 12px; border-bottom: 1px solid #ddd; text-align: right; }
td:first-child, th:first-child { text-align: left; }
.player { font-weight: bold; }
figure { margin: 16px 0; }
figure svg { width: 100%; height: auto; border: 1px solid #ccc; background: #eaf2f8; }
@media print {
  body { background: #fff; }
  main { box-shadow: none; max-width: none; }
  h2 { break-after: avoid; }
  figure { break-inside: avoid; }
}
"""


def html_page(report: dict[str, Any], svg: str | None) -> str:
    def colour(name: str, hex_colour: str) -> str:
        return f'<span class="player" style="color:{hex_colour}">{name}</span>'

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
        '<!DOCTYPE html>\n<html lang="en"><head><meta '
        f'charset="utf-8"><title>{escape(report["title"])}</title>'
        f"<style>{CSS}</style></head><body><main>{''.join(body)}</main></body></html>\n"
    )
