"""A rules text (<lang>.md) as items: its `##` sections, in the order docs/content-format.md gives,
and the `###` items inside them (house rules, tips, questions at the table), each with an id
written after its heading: `## Sådan spilles der {#play}`, `### Får et nul point? {#zero-scores}`.

The ids are what makes the languages of a game parallel: every language has the same items in
the same order (parallel()), and `giv status` follows each item by its key. The ids are stripped
before the text is rendered; the lines stay where they were, so errors keep their line numbers."""
from __future__ import annotations

import re
from pathlib import Path

from .errors import Problems
from .types import GameText, RulesItem

SECTIONS = ("overview", "deal", "play", "scoring", "end", "house-rules", "tips", "questions")
KINDS = {"house-rules": "house rule", "tips": "tip", "questions": "question"}  # what a ### item is called
ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+|$)(.*?)(?:[ \t]+#+)?[ \t]*$")
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
ID_SUFFIX = re.compile(r"[ \t]*\{#([^{}]*)\}$")
ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def fold(text: str) -> str:
    """Whitespace is no change: runs of spaces and line breaks become one space."""
    return " ".join(text.split())


def kind(key: str) -> str:
    section, _, item = key.partition("/")
    return f"{KINDS.get(section, 'item')} '{item}'" if item else f"section '{section}'"


def parse_rules(text: str) -> tuple[str, list[RulesItem], list[tuple[int, str]]]:
    """The text with the ids taken out of its headings, its items in order, and (line, message)
    for every heading without a usable id and every section missing, repeated or out of order."""
    lines = text.split("\n")
    problems: list[tuple[int, str]] = []
    heads: list[tuple[int, int, str, str]] = []  # (index, level, id, title)
    fence, previous = "", ""
    for index, line in enumerate(lines):
        if fence:
            if line.strip().startswith(fence):
                fence = ""
            continue
        if m := FENCE.match(line):
            fence, previous = m.group(1)[0] * len(m.group(1)), ""
            continue
        m = ATX.match(line)
        if m and len(m.group(1)) in (2, 3):
            title, found = m.group(2), ID_SUFFIX.search(m.group(2))
            if found is None:
                problems.append((index + 1, f"heading '{fold(title)}' has no id: write it as "
                                            f"'{m.group(1)} {fold(title)} {{#an-id}}' (docs/content-format.md)"))
            elif not ID.match(found.group(1)):
                problems.append((index + 1, f"heading id '{found.group(1)}' must be lowercase letters, digits "
                                            "and hyphens"))
            else:
                title = title[:found.start()]
                lines[index] = line[:line.index(m.group(2))] + title
                heads.append((index, len(m.group(1)), found.group(1), fold(title)))
        elif SETEXT.match(line) and previous.strip() and not previous.lstrip().startswith(("-", "*", "+", "|", ">")):
            problems.append((index + 1, "write headings as '## Title {#an-id}', not underlined"))
        previous = line if not m else ""
    if problems:  # a heading without an id: which sections are missing is not known yet
        return "\n".join(lines), [], problems
    items = _items(lines, heads, problems)
    return "\n".join(lines), items if not problems else [], problems


def _items(lines: list[str], heads: list[tuple[int, int, str, str]], problems: list[tuple[int, str]]) -> list[RulesItem]:
    items: list[RulesItem] = []
    seen: dict[str, int] = {}
    start = heads[0][0] if heads else len(lines)
    before = [n for n, line in enumerate(lines[:start], 1) if line.strip() and not ATX.match(line)]
    if before:  # (a # heading is refused where the Markdown is checked)
        problems.append((before[0],
                         "text before the first ## section: every part of a rules text is in a section"))
    section, last = None, -1
    for n, (index, level, hid, title) in enumerate(heads):
        end = heads[n + 1][0] if n + 1 < len(heads) else len(lines)
        body = fold(" ".join([title, *lines[index + 1:end]]))
        if level == 2:
            if hid not in SECTIONS:
                problems.append((index + 1, f"unknown section '{hid}' (the sections, in order: {', '.join(SECTIONS)})"))
                section = None
                continue
            if SECTIONS.index(hid) < last and hid not in seen:
                problems.append((index + 1, f"section '{hid}' must come before '{SECTIONS[last]}' (the sections, in "
                                            f"order: {', '.join(SECTIONS)})"))
            last = max(last, SECTIONS.index(hid))
            section, key = hid, hid
        elif section is None:
            problems.append((index + 1, f"'### {title}' must be inside a ## section"))
            continue
        else:
            key = f"{section}/{hid}"
        if key in seen:
            problems.append((index + 1, f"{kind(key)} is there twice (also line {seen[key]})"))
            continue
        seen[key] = index + 1
        items.append(RulesItem(key, title, index + 1, body))
    for number, sid in enumerate(SECTIONS):
        if sid not in seen:
            after = [i.line for i in items if "/" not in i.key and SECTIONS.index(i.key) > number]
            problems.append((min(after, default=len(lines)),
                             f"section '{sid}' is missing (the sections, in order: {', '.join(SECTIONS)})"))
    return items


def parallel(problems: Problems, texts: list[GameText]) -> None:
    """Every language of a game has the same sections and items, in the same order: a language that
    lacks one, or has one the others do not, is an error at its file and line. A text whose
    headings have problems has no items (parse_rules reported them) and is left out."""
    texts = [t for t in texts if t.items]
    if len(texts) < 2:
        return
    where = {t.lang: {i.key: i for i in t.items} for t in texts}
    keys = list(dict.fromkeys(i.key for t in texts for i in t.items))
    for key in keys:
        have = [t for t in texts if key in where[t.lang]]
        if len(have) == len(texts):
            continue
        lack = [t for t in texts if key not in where[t.lang]]
        if len(have) * 2 < len(texts):  # in fewer than half the languages: one item more there
            for text in have:
                others = " and ".join(Path(t.rules_file).name for t in lack)
                problems.add(text.rules_file, where[text.lang][key].line,
                             f"{kind(key)} is not in {others}: every language of a game has the same items")
            continue
        found = " and ".join(f"{Path(t.rules_file).name}:{where[t.lang][key].line}" for t in have)
        for text in lack:
            section = where[text.lang].get(key.partition("/")[0])
            problems.add(text.rules_file, section.line if section and "/" in key else 1,
                         f"{kind(key)} is missing ({found} {'has' if len(have) == 1 else 'have'} it; every language "
                         "of a game has the same items)")
    common = [k for k in keys if all(k in where[t.lang] for t in texts)]
    first = texts[0]
    order = sorted(common, key=lambda k: where[first.lang][k].line)
    for text in texts[1:]:
        mine = sorted(common, key=lambda k: where[text.lang][k].line)
        for ref, own in zip(order, mine):
            if ref != own:
                problems.add(text.rules_file, where[text.lang][own].line,
                             f"{kind(own)} comes before {kind(ref)} here, but after it in "
                             f"{Path(first.rules_file).name}: every language has its items in the same order")
                break
