"""Checks across games: unique slugs, aliases that do not collide, links to a heading of another
game's page. (Each game's Markdown is checked where the game is built: model/assemble.py.)"""
from __future__ import annotations

from ..limits import MAX_ADDRESS
from .errors import Problems, closest
from .types import Site

RESERVED = {"assets", "pagefind"}  # folders the build writes beside the pages (pagefind: the search index)


def crosscheck(problems: Problems, site: Site) -> None:
    for lang in site.languages:
        slugs: dict[str, str] = {}  # each slug's first game, named in the errors with the slug's line
        names: dict[str, str] = {}  # each name (case aside) and its first game
        name_at: dict[str, str] = {}  # and where that game writes it
        for game in site.games:
            text = game.texts.get(lang)
            if text is None:
                continue
            key = text.name.casefold()
            if key in names:
                problems.add(text.loc.file, text.loc.line,
                             f"name '{text.name}' ({lang}) is also the name of {names[key]} ({name_at[key]}): "
                             "the index and the search would list two games by it; give each game a name of its own")
            names.setdefault(key, game.id)
            name_at.setdefault(key, str(text.loc))
            if len(text.slug) > MAX_ADDRESS:  # a folder's name: a file system takes 255 bytes at most
                problems.add(text.loc.file, text.slug_line, f"slug '{text.slug[:24]}...' is {len(text.slug)} "
                                                            f"characters long; the limit is {MAX_ADDRESS}")
            elif text.slug in RESERVED:
                problems.add(text.loc.file, text.slug_line, f"slug '{text.slug}' is taken by the site's own files")
            elif text.slug in slugs:
                problems.add(text.loc.file, text.slug_line,
                             f"duplicate slug '{text.slug}' ({lang}): also used by {slugs[text.slug]}; "
                             "each game needs a slug of its own in each language")
            slugs.setdefault(text.slug, f"{game.id} ({text.loc.file}:{text.slug_line})")
        for game in site.games:
            text = game.texts.get(lang)
            if text is None:
                continue
            seen = set()
            for alias in text.aliases:
                key, slug = alias.name.casefold(), alias.slug
                # the alias's own language, and the pages it is on when that is another
                lang_tag = lang if alias.lang == lang else f"{alias.lang}, on the {lang} pages"
                if key in names:
                    problems.add(text.loc.file, alias.line,
                                 f"alias '{alias.name}' ({lang_tag}) collides with the name of {names[key]} "
                                 f"({name_at[key]}): leave the alias out, or rename that game")
                elif slug in RESERVED:
                    problems.add(text.loc.file, alias.line,
                                 f"alias '{alias.name}' ({lang_tag}) would take the address of the site's own {slug}/")
                elif slug in slugs:
                    problems.add(text.loc.file, alias.line,
                                 f"alias '{alias.name}' ({lang_tag}) would take the address {slug}/, the slug of "
                                 f"{slugs[slug]}: change that slug, or leave the alias out")
                elif not slug:
                    problems.add(text.loc.file, alias.line, f"alias '{alias.name}' ({lang_tag}) has no letters or digits "
                                                            "to make a page address of")
                elif len(slug) > MAX_ADDRESS:
                    problems.add(text.loc.file, alias.line, f"alias '{alias.name[:24]}...' ({lang_tag}) makes a page address "
                                                            f"of {len(slug)} characters; the limit is {MAX_ADDRESS}")
                elif slug in seen:
                    problems.add(text.loc.file, alias.line, f"alias '{alias.name}' ({lang_tag}) is listed twice")
                seen.add(slug)
        links_between(problems, site, lang)


def links_between(problems: Problems, site: Site, lang: str) -> None:
    """Each link to game:<id>#<heading> names a heading the other game's page has in the same
    language (the ids of a rules text's headings are the same in every language). A link to a
    game that does not exist, or to one with no text in the language, is reported elsewhere."""
    texts = {g.id: g.texts[lang] for g in site.games if lang in g.texts}
    for text in texts.values():
        for file, line, where, gid, hid in text.game_anchors:
            target = texts.get(gid)
            if target is None or hid in target.heading_ids:
                continue
            near = closest(hid, target.heading_ids)
            known = f"did you mean '{near}'?" if near else f"its headings' ids: {', '.join(sorted(target.heading_ids))}"
            problems.add(file, line, f"{where}link to '{gid}#{hid}', which is not a heading of {gid}'s page ({known})")
