"""Checks across games: unique slugs, aliases that do not collide, links to a heading of another
game's page. (Each game's Markdown is checked where the game is built: model/assemble.py.)"""
from __future__ import annotations

from ..limits import MAX_ADDRESS
from .errors import Problems, closest
from .types import Alias, Game, Site

RESERVED = {"assets", "pagefind"}  # folders the build writes beside the pages (pagefind: the search index)


def crosscheck(problems: Problems, site: Site) -> None:
    for lang in site.languages:
        # each name (case aside) and each slug, with the first game that has it (named in the errors,
        # with where it writes it)
        names: dict[str, Game] = {}
        slugs: dict[str, Game] = {}
        for game in site.games:
            text = game.texts.get(lang)
            if text is None:
                continue
            key = text.name.casefold()
            if key in names:
                problems.add(text.loc.file, text.loc.line,
                             f"name '{text.name}' ({lang}) is also the name of {_named(names[key], lang)}: "
                             "the index and the search would list two games by it; give each game a name of its own")
            names.setdefault(key, game)
            if len(text.slug) > MAX_ADDRESS:  # a folder's name: a file system takes 255 bytes at most
                problems.add(text.loc.file, text.slug_line, f"slug '{text.slug[:24]}...' is {len(text.slug)} "
                                                            f"characters long; the limit is {MAX_ADDRESS}")
            elif text.slug in RESERVED:
                problems.add(text.loc.file, text.slug_line, f"slug '{text.slug}' is taken by the site's own files")
            elif text.slug in slugs:
                problems.add(text.loc.file, text.slug_line,
                             f"duplicate slug '{text.slug}' ({lang}): also used by {_slug_of(slugs[text.slug], lang)}; "
                             "each game needs a slug of its own in each language")
            slugs.setdefault(text.slug, game)
        for game in site.games:
            text = game.texts.get(lang)
            if text is None:
                continue
            seen = set()
            for alias in text.aliases:
                key, slug = alias.name.casefold(), alias.slug
                if key in names and names[key] is game:
                    problems.add(text.loc.file, alias.line, f"alias '{alias.name}' ({_tag(alias, lang)}) is the "
                                                            f"game's own name ({text.loc}): leave the alias out")
                elif key in names:
                    problems.add(text.loc.file, alias.line,
                                 f"alias '{alias.name}' ({_tag(alias, lang)}) collides with the name of "
                                 f"{_named(names[key], lang)}: leave the alias out, or rename that game")
                elif slug in RESERVED:
                    problems.add(text.loc.file, alias.line, f"alias '{alias.name}' ({_tag(alias, lang)}) would take "
                                                            f"the address of the site's own {slug}/")
                elif slugs.get(slug) is game:
                    problems.add(text.loc.file, alias.line, f"alias '{alias.name}' ({_tag(alias, lang)}) would take "
                                                            f"the address {slug}/, the game's own slug: leave the alias out")
                elif slug in slugs:
                    problems.add(text.loc.file, alias.line,
                                 f"alias '{alias.name}' ({_tag(alias, lang)}) would take the address {slug}/, the slug "
                                 f"of {_slug_of(slugs[slug], lang)}: change that slug, or leave the alias out")
                elif not slug:
                    problems.add(text.loc.file, alias.line, f"alias '{alias.name}' ({_tag(alias, lang)}) has no "
                                                            "letters or digits to make a page address of")
                elif len(slug) > MAX_ADDRESS:
                    problems.add(text.loc.file, alias.line, f"alias '{alias.name[:24]}...' ({_tag(alias, lang)}) makes "
                                                            f"a page address of {len(slug)} characters; the limit is "
                                                            f"{MAX_ADDRESS}")
                elif slug in seen:
                    problems.add(text.loc.file, alias.line, f"alias '{alias.name}' ({_tag(alias, lang)}) is listed twice")
                seen.add(slug)
        links_between(problems, site, lang)


def taken(site: Site) -> dict[str, str]:
    """Every page address the site takes (its own folders, a game's slug, an alias's page) -> what
    takes it: which game's, in which language, from which line (`giv new` refuses a game id that
    one of them has)."""
    claims = {name: "the site's own files" for name in RESERVED}
    texts = [(game, lang, text) for game in site.games for lang, text in game.texts.items()]
    for game, lang, text in texts:
        claims.setdefault(text.slug, f"the slug of {game.id} in {lang} ({text.loc.file}:{text.slug_line})")
    for game, lang, text in texts:
        for alias in text.aliases:
            claims.setdefault(alias.slug, f"the alias '{alias.name}' of {game.id} on the {lang} pages "
                                          f"({text.loc.file}:{alias.line})")
    return claims


def _named(game: Game, lang: str) -> str:
    """A game named in an error about a name: its id, and where it writes its name in the language."""
    return f"{game.id} ({game.texts[lang].loc})"


def _slug_of(game: Game, lang: str) -> str:
    """A game named in an error about an address: its id, and where it writes its slug in the language."""
    text = game.texts[lang]
    return f"{game.id} ({text.loc.file}:{text.slug_line})"


def _tag(alias: Alias, lang: str) -> str:
    """An alias's own language, and the pages it is on when that is another."""
    return lang if alias.lang == lang else f"{alias.lang}, on the {lang} pages"


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
