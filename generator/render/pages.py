"""Every file of a build: {relative path: bytes, or Kept for a file already in place}. No I/O but
reading templates and assets."""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import partial
from gettext import GNUTranslations
from pathlib import Path
from typing import Callable, Iterator, Protocol

from jinja2 import BytecodeCache, Environment

from ..files import Files, Kept, digest
from ..i18n.formats import language_name
from ..model.content_error import ContentError
from ..model.errors import Problem
from ..model.types import Game, GameText, Site
from ..parallel import parallel_map
from ..search.index import FOLDER, SEARCH_PAGE, language_indexes
from ..search.messages import search_strings
from .anchors import Refused
from .env import json_script
from .facts import glance
from .language import LanguagePages
from .modules import module_graph, site_assets
from .urls import OFFLINE_PAGE, Page, Urls

INDEX_DESCRIPTION = "Rules for card games, with a scoresheet that adds up the scores for you."  # msgid: index.html


@dataclass(frozen=True)
class Theme:
    """What the pages look like and say: templates/, each language's catalog, and where compiled
    templates are kept between builds (Jinja2's bytecode cache; None: compiled in each build)."""
    templates: Path
    catalogs: dict[str, GNUTranslations]
    bytecode: BytecodeCache | None = None


class Reuse(Protocol):
    """What an incremental build (generator/cache) keeps of the last one."""

    def reuse(self, path: str, key: tuple) -> bytes | Kept | None:
        """The page at path as the last build made it, if nothing it depends on (key) changed; else None."""

    def reuse_made(self, key: tuple) -> Files | None:
        """The files the last build made from key, if it made any; else None."""

    def made_files(self, paths: list[str], key: tuple) -> None:
        """The files this build made that are not pages, and what they were made from."""


# A job: the output paths of some pages, and what renders them (the bodies, in the same order)
Job = tuple[list[str], Callable[[], list[bytes]]]


def sitemap_xml(env: Environment, site: Site, urls: Urls, lang: str, lastmod: str | None) -> bytes:
    """One language's sitemap: its index and its published rule pages (the URLs of its own host),
    each with its versions in the languages where it is published (those may be on other hosts)."""
    entries = [(Page(lang, ""), [Page(code, "") for code in site.languages if not site.languages[code].draft])]
    entries += [(urls.game_page(lang, g.id), [urls.game_page(code, g.id) for code in site.languages
                                              if urls.published(g, code)])
                for g in site.games if urls.published(g, lang)]
    return env.get_template("sitemap.xml").render(
        entries=[(urls.absolute(p), [(a.lang, urls.absolute(a)) for a in alts]
                  + [("x-default", urls.absolute(a)) for a in alts if a.lang == site.x_default]) for p, alts in entries],
        lastmod=lastmod).encode("utf-8")


def host_files(env: Environment, site: Site, urls: Urls, langs: list[str], single: bool) -> dict[str, bytes]:
    """robots.txt in each folder of the build that is the root of a host, naming that host's
    sitemap: a language's folder whose base URL is a host's root, and (a build of every language)
    the build's root when root_url is one, with a sitemap index of the languages on its host."""
    files: dict[str, bytes] = {}

    def robots(folder: str, sitemap: str) -> None:
        files[folder + "robots.txt"] = f"User-agent: *\nAllow: /\nSitemap: {sitemap}\n".encode("utf-8")

    for lang in langs:
        base = site.languages[lang].base_url
        if urls.is_host_root(base) and not site.languages[lang].draft:
            robots("" if single else f"{lang}/", base + "sitemap.xml")
    if not single:
        here = [site.languages[lang].base_url + "sitemap.xml" for lang in langs
                if urls.same_host(site.languages[lang].base_url, site.root_url) and not site.languages[lang].draft]
        if here:
            files["sitemap.xml"] = env.get_template("sitemap-index.xml").render(sitemaps=here).encode("utf-8")
            if urls.is_host_root(site.root_url):
                robots("", site.root_url + "sitemap.xml")
    return files


def manifest(lp: LanguagePages) -> bytes:
    """The language's web app manifest: the site's name and description in the language."""
    identity = lp.site.languages[lp.lang]
    data = {"name": identity.name, "short_name": identity.short_name or identity.name,
            "description": identity.description or lp.tr.gettext(INDEX_DESCRIPTION), "lang": lp.lang,
            "start_url": "../", "scope": "../", "display": "standalone", "background_color": "#fbfaf7",
            "theme_color": "#1f5fa8", "icons": [{"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"}]}
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def shell(prefix: str, files: Files, assets: Files, indexes: Files) -> Files:
    """A language's shell, by the names in its folder (prefix): what its service worker keeps on a
    first visit, its front, search, 404 and offline pages, its assets and its search index. Its rule
    and alias pages are kept as they are visited, so the shell does not grow with every game's page."""
    names = ["index.html", "404.html", OFFLINE_PAGE, SEARCH_PAGE, "assets/manifest.json",
             *(f"assets/{name}" for name in assets)]
    names += [name[len(prefix):] for name in indexes if name.startswith(prefix + FOLDER)]
    return {name: files[prefix + name] for name in names}


def service_worker(lp: LanguagePages, shell: Files) -> bytes:
    """The language's sw.js: it precaches the language's shell (shell()), and its version is their
    digest. A rule page's edit leaves it as it was: pages come from the network first, so a reader
    gets the new page without fetching the shell again."""
    own = sorted(shell)
    version = hashlib.sha256(b"".join(n.encode() + b"\0" + digest(shell[n]) for n in own)).hexdigest()[:16]
    precache = ["./" if n == "index.html" else n for n in own]
    return lp.env.get_template("sw.js").render(version=version, precache=precache).encode("utf-8")


def drafts_of(site: Site, langs: list[str]) -> list[str]:
    """What a build of langs without drafts leaves out: each draft language of the site, and each
    game with its draft languages among langs ("boerenbridge (da, sv)")."""
    out = [f"the language {code}" for code, info in site.languages.items() if info.draft]
    return out + [f"{g.id} ({', '.join(lang for lang in langs if lang in g.drafts)})"
                  for g in site.games if g.drafts & set(langs)]


def render_site(site: Site, theme: Theme, results: dict, langs: list[str], earlier: Reuse | None = None,
                tick: Callable[[], None] | None = None, drafts: bool = False) -> Files:
    """Every file of the build in these languages (one language: its folder is the root); results
    are the worked examples' (verify/examples.py).

    Every page to render is a job (its files, and how to render them), and the jobs of every
    language run in one pass over the cores. An incremental build passes what it keeps of the last
    one (`earlier`, generator/cache) to skip the pages whose inputs did not change; `tick` is called
    once per page (progress). With `drafts`, the draft languages of the site and of each game have
    pages too, each marked as a draft; without, they have none and no page links to them."""
    single = len(langs) == 1
    templates = theme.templates
    urls = Urls(site, langs, single, drafts)
    files: Files = {}
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    lastmod = datetime.fromtimestamp(int(epoch), timezone.utc).strftime("%Y-%m-%d") if epoch else None
    assets = site_assets(templates)
    modules = module_graph(assets)
    pages = {lang: LanguagePages(site, urls, theme, lang, single, results, modules) for lang in langs}
    env = pages[langs[0]].env  # the root page and the sitemap: in the first language
    count = tick or (lambda: None)
    jobs: list[Job] = []

    def page(path: str, key: tuple, render: Callable[[], bytes]) -> None:
        """The page as the last build made it, or a job that renders it."""
        files[path] = earlier.reuse(path, key) if earlier else None
        if files[path] is None:
            jobs.append(([path], lambda: [render()]))
        else:
            count()

    def rule_pages(game: Game, in_langs: list[str]) -> list[bytes | Refused]:  # the game's facts: the same in every language
        facts = glance(game)
        return [pages[lang].game_page(game, facts) for lang in in_langs]

    def index_page(lang: str) -> bytes:
        index = Page(lang, "")
        return pages[lang].render(index, "index.html", [Page(code, "") for code in urls.languages()],
                                  games=[(g, g.texts[lang], urls.href(index, urls.game_page(lang, g.id)),
                                          lang in g.drafts) for g in urls.games(lang)])

    def listing(lang: str) -> Iterator[tuple[str, tuple, Callable[[], bytes]]]:
        """The language's pages that show the games' names and addresses, but not their pages:
        (path, key, render) of its index, search page, 404 and offline pages, sitemap and alias pages."""
        lp = pages[lang]
        yield lp.prefix + "index.html", ("index", lang), partial(index_page, lang)
        search = Page(lang, SEARCH_PAGE)
        yield lp.prefix + search.file(), ("search", lang), partial(
            lp.render, search, "search.html", [Page(code, SEARCH_PAGE) for code in urls.languages()],
            strings=json_script(search_strings(lp.tr)))
        # a 404 page stands for no page: its language switcher leads to each language's home
        not_found = Page(lang, "404.html")
        yield lp.prefix + not_found.file(), ("404", lang), partial(lp.render, not_found, "404.html",
                                                                   [Page(code, "") for code in urls.languages()])
        # what the service worker shows offline for a page it does not keep (templates/sw.js)
        offline = Page(lang, OFFLINE_PAGE)
        yield lp.prefix + offline.file(), ("offline", lang), partial(lp.render, offline, OFFLINE_PAGE,
                                                                     [Page(code, "") for code in urls.languages()])
        if not site.languages[lang].draft:  # a draft language is seen only in a build with drafts
            yield lp.prefix + "sitemap.xml", ("sitemap", lang), partial(sitemap_xml, lp.env, site, urls, lang, lastmod)
        for at, targets, title_lang in lp.aliases():
            yield lp.prefix + at.file(), ("alias", lang, tuple(targets), title_lang or lang), partial(
                lp.render, at, "alias.html", [at], targets=targets, title_lang=title_lang)

    def root_listing() -> Iterator[tuple[str, tuple, Callable[[], bytes]]]:
        """The root's pages in a build of several languages: the choice of language and a 404 page."""
        first = site.x_default if site.x_default in langs else langs[0]  # the root pages' own language
        not_found = Page(first, "404.html")  # what GitHub Pages and Netlify serve for a missing address anywhere
        yield "404.html", ("404", first), partial(pages[first].render, not_found, "404.html",
                                                  [Page(code, "") for code in urls.languages()])
        yield "index.html", ("root",), lambda: pages[first].env.get_template("root.html").render(
            choices=[(code, language_name(code, code), urls.from_root(code)) for code in langs],
            site=site, lang=first, identity=site.languages[first]).encode("utf-8")

    # The pages that list the games: as the last build made them while no game's name, address
    # or aliases changed (the cache knows), else each page kept or rendered on its own.
    for group, made in [(lang, listing) for lang in langs] + ([] if single else [("", lambda _: root_listing())]):
        key = ("listing", group)
        kept = earlier.reuse_made(key) if earlier else None
        if kept is not None:
            files.update(kept)
            for _ in kept:
                count()
            continue
        paths = []
        for path, page_key, render in made(group):
            paths.append(path)
            page(path, page_key, render)
        if earlier:
            earlier.made_files(paths, key)

    # The rule pages: a job per game, for the languages whose page it does not keep.
    searched: dict[str, list[tuple[str, GameText]]] = {lang: [] for lang in langs}  # what each language's search finds
    for game in site.games:
        todo: dict[str, str] = {}
        for lang in (code for code in langs if urls.shown(game, code)):
            path = pages[lang].prefix + urls.game_page(lang, game.id).file()
            searched[lang].append((path, game.texts[lang]))
            files[path] = earlier.reuse(path, ("game", game.id)) if earlier else None
            if files[path] is None:
                todo[lang] = path
            else:
                count()
        if todo:
            jobs.append((list(todo.values()), partial(rule_pages, game, list(todo))))

    def run(job: Job) -> list[bytes]:
        return job[1]()

    finished = 0

    def done(n: int) -> None:  # parallel_map reports jobs, in order; progress counts pages
        nonlocal finished
        for paths, _ in jobs[finished:finished + n]:
            for _ in paths:
                count()
        finished += n

    indexes: Files = {}  # the search indexes, made while the pages render: they read no page, and Pagefind runs apart

    def index() -> None:
        indexes.update(language_indexes({lang: (pages[lang].prefix, searched[lang]) for lang in langs}, earlier))

    refused: list[Problem] = []  # every refused page's problems, reported together
    for (paths, _), bodies in zip(jobs, parallel_map(run, jobs, done=done if tick else None, beside=index)):
        refused += [problem for body in bodies if isinstance(body, Refused) for problem in body.problems]
        files.update(zip(paths, bodies))
    if refused:
        raise ContentError(refused)
    files.update(indexes)
    for lang in langs:
        prefix = pages[lang].prefix
        for name, body in assets.items():
            files[f"{prefix}assets/{name}"] = body
        files[f"{prefix}assets/manifest.json"] = manifest(pages[lang])
    for lang in langs:
        prefix = pages[lang].prefix
        files[f"{prefix}sw.js"] = service_worker(pages[lang], shell(prefix, files, assets, indexes))
    files.update(host_files(env, site, urls, langs, single))
    return dict(sorted(files.items()))
