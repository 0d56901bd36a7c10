"""Checks across games: unique slugs, aliases that do not collide, rules text that renders safely."""
from __future__ import annotations

import unicodedata

from .errors import Problems
from .types import Site

FOLD = str.maketrans({"æ": "ae", "ø": "o", "å": "a", "ä": "a", "ö": "o", "ß": "ss"})


def slugify(name: str) -> str:
    """A URL part for an alias: lowercase ASCII letters and digits joined by hyphens."""
    text = unicodedata.normalize("NFKD", name.lower().translate(FOLD))
    text = "".join(c if c.isascii() and c.isalnum() else "-" for c in text if not unicodedata.combining(c))
    return "-".join(part for part in text.split("-") if part)


def crosscheck(problems: Problems, site: Site) -> None:
    from ..render.markdown import rules_problems

    ids = {g.id for g in site.games}
    for lang in site.languages:
        slugs: dict[str, str] = {}
        names = {g.texts[lang].name.casefold(): g.id for g in site.games if lang in g.texts}
        for game in site.games:
            text = game.texts.get(lang)
            if text is None:
                continue
            if text.slug in slugs:
                problems.add(text.loc.file, text.loc.line,
                             f"duplicate slug '{text.slug}' ({lang}): also used by {slugs[text.slug]}")
            slugs[text.slug] = game.id
        for game in site.games:
            text = game.texts.get(lang)
            if text is None:
                continue
            seen = set()
            for alias in text.aliases:
                key = alias.name.casefold()
                if key in names:
                    problems.add(text.loc.file, text.loc.line,
                                 f"alias '{alias.name}' ({lang}) collides with the name of {names[key]}")
                elif slugify(alias.name) in slugs:
                    problems.add(text.loc.file, text.loc.line,
                                 f"alias '{alias.name}' ({lang}) collides with the slug of {slugs[slugify(alias.name)]}")
                elif key in seen or not slugify(alias.name):
                    problems.add(text.loc.file, text.loc.line, f"alias '{alias.name}' ({lang}) is listed twice "
                                                                "or has no letters")
                seen.add(key)
            for line, message in rules_problems(text.rules, ids):
                problems.add(text.rules_file, line, message)
