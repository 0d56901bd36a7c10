"""A rendered page's ids are unique and every link to #target on it has its target. The check
reads the page as written, so it covers the template, the catalogs and the content alike; each
problem is named where the content wrote it (a heading, a link), or else in the template."""
from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from ..model.errors import Problem, Problems, closest
from ..model.types import GameText

ID_ATTR = ' id="'
HREF_ATTR = ' href="#'


def _values(page: str, attribute: str) -> list[str]:
    """Every value of the attribute as the page writes it (the templates and Markdown write
    attributes in double quotes, escaped)."""
    out, at = [], page.find(attribute)
    while at >= 0:
        start = at + len(attribute)
        end = page.find('"', start)
        out.append(page[start:end])
        at = page.find(attribute, end)
    return out


def targets(target: str, ids, headings) -> str:
    """What a dead link could have meant: the page's id nearest to it, else the rules' headings."""
    near = closest(target, ids)
    if near:
        return f"did you mean '#{near}'?"
    return f"the headings' ids: {', '.join(sorted(headings))}"


@dataclass(frozen=True)
class Refused:
    """A page the check refused, in place of its bytes: the build renders every page, then
    reports the problems of them all (render/pages.py)."""
    problems: tuple[Problem, ...]


def check_game_page(root: Path, page: bytes, text: GameText, template: Path) -> bytes | Refused:
    """The page, or Refused naming each id the page holds twice and each #link with no target."""
    written = page.decode("utf-8")
    ids = Counter(_values(written, ID_ATTR))
    problems = Problems(root)
    sources = [(text.rules_file, 0, "", text.rules_html)]  # a note's problems are named at its line
    yaml_file = text.rules_file.with_name(f"{text.lang}.yaml")
    sources += [(yaml_file, ex.line, f"examples.{eid}.note: ", ex.note_html) for eid, ex in text.examples.items()]
    from_content: set[str] = set()
    for path, at, where, markdown in sources:
        if markdown is None:
            continue
        for line, hid in markdown.ids:
            line = at or line
            from_content.add(hid)
            if ids[hid] > 1:
                problems.add(path, line, f"{where}the heading's id '{hid}' is an id the page has already "
                                         "(Giv's own, or another heading's): choose another id, the same in every language")
        for line, target in markdown.anchors:
            line = at or line
            from_content.add("#" + target)
            if target not in ids:
                shown = unquote(html.unescape(target))
                problems.add(path, line, f"{where}link to '#{shown}', which is nowhere on the page "
                                         f"({targets(shown, ids, text.heading_ids)})")
    for hid, count in sorted(ids.items()):
        if count > 1 and hid not in from_content:
            problems.add(template, 1, f"the id '{hid}' is on the page {count} times ({text.lang}, {text.slug})")
    for target in sorted(set(_values(written, HREF_ATTR))):
        if target not in ids and "#" + target not in from_content:
            problems.add(template, 1, f"link to '#{target}', which is nowhere on the page ({text.lang}, {text.slug})")
    return Refused(tuple(problems.items)) if problems.items else page
