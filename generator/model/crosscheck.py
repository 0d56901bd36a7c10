"""Checks across games: unique slugs, aliases that do not collide, rules text that renders safely."""
from __future__ import annotations

import re
import unicodedata

from .errors import Problems
from .types import Site

RESERVED = {"assets"}  # folders the build writes beside the pages
ASCII_WORDS = re.compile(r"[a-z0-9]+")
FOLD = str.maketrans({"æ": "ae", "ø": "o", "å": "a", "ä": "a", "ö": "o", "ß": "ss"})


def slugify(name: str) -> str:
    """A URL part for an alias: lowercase ASCII letters and digits joined by hyphens."""
    if name.isascii():  # the same result, faster: most names and headings are plain ASCII
        return "-".join(ASCII_WORDS.findall(name.lower()))
    text = unicodedata.normalize("NFKD", name.lower().translate(FOLD))
    text = "".join(c if c.isascii() and c.isalnum() else "-" for c in text if not unicodedata.combining(c))
    return "-".join(part for part in text.split("-") if part)


def crosscheck(problems: Problems, site: Site, game_ids: set[str]) -> None:
    """game_ids: every game folder, loaded or not, so that a broken game does not also break links to it."""
    from ..parallel import parallel_map
    from ..render.markdown import rules_problems

    texts = [text for lang in site.languages for game in site.games
             if (text := game.texts.get(lang)) and (text.rules or text.examples)]
    scans = parallel_map(lambda text: (rules_problems(text.rules, game_ids),  # Markdown parsing, on every core
                                       [(eid, rules_problems(e.note, game_ids)) for eid, e in text.examples.items()]),
                         texts)
    markdown = {id(text): scan for text, scan in zip(texts, scans)}
    for lang in site.languages:
        slugs: dict[str, str] = {}
        names = {g.texts[lang].name.casefold(): g.id for g in site.games if lang in g.texts}
        for game in site.games:
            text = game.texts.get(lang)
            if text is None:
                continue
            if text.slug in RESERVED:
                problems.add(text.loc.file, text.slug_line, f"slug '{text.slug}' is taken by the site's own files")
            elif text.slug in slugs:
                problems.add(text.loc.file, text.slug_line,
                             f"duplicate slug '{text.slug}' ({lang}): also used by {slugs[text.slug]}")
            slugs[text.slug] = game.id
        for game in site.games:
            text = game.texts.get(lang)
            if text is None:
                continue
            seen = set()
            for alias in text.aliases:
                key, slug = alias.name.casefold(), slugify(alias.name)
                if key in names:
                    problems.add(text.loc.file, alias.line,
                                 f"alias '{alias.name}' ({lang}) collides with the name of {names[key]}")
                elif slug in RESERVED:
                    problems.add(text.loc.file, alias.line,
                                 f"alias '{alias.name}' ({lang}) would take the address of the site's own {slug}/")
                elif slug in slugs:
                    problems.add(text.loc.file, alias.line,
                                 f"alias '{alias.name}' ({lang}) collides with the slug of {slugs[slug]}")
                elif not slug:
                    problems.add(text.loc.file, alias.line, f"alias '{alias.name}' ({lang}) has no letters or digits "
                                                            "to make a page address of")
                elif slug in seen:
                    problems.add(text.loc.file, alias.line, f"alias '{alias.name}' ({lang}) is listed twice")
                seen.add(slug)
            rules, notes = markdown.get(id(text), ([], []))
            for line, message in rules:
                problems.add(text.rules_file, line, message)
            for eid, found in notes:  # notes are Markdown too, one per example
                for _, message in found:
                    problems.add(text.loc.file, text.examples[eid].line, f"examples.{eid}.note: {message}")
