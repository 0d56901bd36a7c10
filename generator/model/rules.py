"""A rules text (<lang>.md) as items: its `##` sections, in the order docs/content-format.md gives,
and the `###` items inside them (house rules, tips, questions at the table), each with an id
written after its heading: `## Sådan spilles der {#play}`, `### Får et nul point? {#zero-scores}`.

The ids are what makes the languages of a game parallel: every language has the same items in
the same order (parallel()), and `giv status` follows each item by its key. An item's id is its
heading's id on the page too, the same in every language. The items are read from the tokens the
page is rendered from (generator/markdown/ parses each text once and takes the ids out of the
headings there); its checks report an id no link can name."""
from __future__ import annotations

from pathlib import Path

from markdown_it.token import Token

from .errors import Problems, closest
from .markers import MARKER, held_as
from .types import GameText, RulesItem

SECTIONS = ("overview", "deal", "play", "scoring", "end", "house-rules", "tips", "questions")
KINDS = {"house-rules": "house rule", "tips": "tip", "questions": "question"}  # what a ### item is called
Head = tuple[int, int, str, str]  # (index of its line, level, id, title)


def fold(text: str) -> str:
    """Whitespace is no change: runs of spaces and line breaks become one space."""
    return " ".join(text.split())


def kind(key: str) -> str:
    section, _, item = key.partition("/")
    return f"{KINDS.get(section, 'item')} '{item}'" if item else f"section '{section}'"


def parse_rules(text: str, tokens: list[Token]) -> tuple[list[RulesItem], list[tuple[int, str]]]:
    """The text's items in order (tokens: the text as generator/markdown/ parsed it), and (line,
    message) for every heading without an id and every section missing, repeated or out of order."""
    problems: list[tuple[int, str]] = []
    heads: list[Head] = []
    usable = True
    for index, token in enumerate(tokens):
        if token.type != "heading_open" or not token.map:
            continue
        if not token.markup.startswith("#"):  # underlined: the line under the title is the one to mend
            problems.append((token.map[1], "write headings as '## Title {#an-id}', not underlined"))
        elif token.tag in ("h2", "h3"):
            title = fold(tokens[index + 1].content)
            if "id" not in token.meta:
                problems.append((token.map[0] + 1, f"heading '{title}' has no id: write it as "
                                                   f"'{token.markup} {title} {{#an-id}}' (docs/content-format.md)"))
            elif token.attrGet("id") is None:  # an id no link can name: the Markdown check says so
                usable = False
            else:
                heads.append((token.map[0], len(token.markup), token.meta["id"], title))
        elif token.tag == "h1":  # refused where the Markdown is checked; the sections are known once it is mended
            usable = False
    if problems or not usable:  # a heading without an id: which sections are missing is not known yet
        return [], problems
    lines = text.split("\n")
    start = heads[0][0] if heads else len(lines)
    before = [t.map[0] + 1 for t in tokens if t.map and t.level == 0 and t.map[0] < start and t.type != "heading_open"]
    if before:  # (a # heading is refused where the Markdown is checked)
        problems.append((before[0], "text before the first ## section: every part of a rules text is in a section"))
    items = _items(lines, heads, problems)
    return items if not problems else [], problems


def _items(lines: list[str], heads: list[Head], problems: list[tuple[int, str]]) -> list[RulesItem]:
    items: list[RulesItem] = []
    seen: dict[str, int] = {}
    section, last = None, -1
    meant: set[str] = set()  # the sections that misspelt ids were meant to be: reported once, as misspelt
    for n, (index, level, hid, title) in enumerate(heads):
        end = heads[n + 1][0] if n + 1 < len(heads) else len(lines)
        body = fold(" ".join([title, *lines[index + 1:end]]))
        if level == 2:
            if hid not in SECTIONS:
                near = closest(hid, SECTIONS)
                meant.add(near)
                problems.append((index + 1, f"unknown section '{hid}'{f': did you mean {near!r}?' if near else ''} "
                                            f"(the sections, in order: {', '.join(SECTIONS)})"))
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
        if sid not in seen and sid not in meant:
            after = [i.line for i in items if "/" not in i.key and SECTIONS.index(i.key) > number]
            problems.append((min(after, default=len(lines)),
                             f"section '{sid}' is missing (the sections, in order: {', '.join(SECTIONS)})"))
    return items


def stand_in(key: str, lacking: list[GameText], drafts: frozenset[str]) -> str:
    """How a draft holds an item it lacks, when only drafts lack it (a section is no item)."""
    if "/" not in key or not all(t.lang in drafts for t in lacking):
        return ""
    return held_as(f"### {MARKER} {{#{key.partition('/')[2]}}}")


def parallel(problems: Problems, texts: list[GameText], items: dict[str, list[RulesItem]],
             drafts: frozenset[str] = frozenset()) -> None:
    """Every language of a game has the same sections and items, in the same order: a language that
    lacks one, or has one the others do not, is an error at its file and line. A text whose
    headings have problems has no items (parse_rules reported them) and is left out. Where only
    drafts lack an item, the error says how a draft holds it before it is translated (stand_in)."""
    texts = [t for t in texts if items.get(t.lang)]
    if len(texts) < 2:
        return
    where = {t.lang: {i.key: i for i in items[t.lang]} for t in texts}
    keys = list(dict.fromkeys(i.key for t in texts for i in items[t.lang]))
    for key in keys:
        have = [t for t in texts if key in where[t.lang]]
        if len(have) == len(texts):
            continue
        lack = [t for t in texts if key not in where[t.lang]]
        if len(have) * 2 < len(texts):  # in fewer than half the languages: one item more there
            for text in have:
                others = " and ".join(Path(t.rules_file).name for t in lack)
                problems.add(text.rules_file, where[text.lang][key].line,
                             f"{kind(key)} is not in {others}: every language of a game has the same items"
                             f"{stand_in(key, lack, drafts)}")
            continue
        found = " and ".join(f"{Path(t.rules_file).name}:{where[t.lang][key].line}" for t in have)
        for text in lack:
            section = where[text.lang].get(key.partition("/")[0])
            problems.add(text.rules_file, section.line if section and "/" in key else 1,
                         f"missing translation: {kind(key)} ({found} {'has' if len(have) == 1 else 'have'} it; "
                         f"every language of a game has the same items){stand_in(key, [text], drafts)}")
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
