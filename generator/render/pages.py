"""Every file of a build: {relative path: bytes, or Kept for a file already in place}. No I/O but
reading templates and assets."""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import partial
from gettext import GNUTranslations
from pathlib import Path
from typing import Callable, Protocol

from jinja2 import BytecodeCache, Environment

from ..files import Files, Kept, digest
from ..i18n.formats import language_name
from ..model.types import Game, Site
from ..parallel import parallel_map
from .facts import glance
from .language import LanguagePages
from .urls import Page, Urls

X_DEFAULT = "en"  # the hreflang x-default of a page, as base.html names it
ENGINE_DIR = Path(__file__).resolve().parent.parent / "engine"


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

    def listed(self, lang: str) -> dict[str, bytes | Kept] | None:
        """Every alias page of the language as the last build made it, if no game's listing changed."""


# A job: the output paths of some pages, and what renders them (the bodies, in the same order)
Job = tuple[list[str], Callable[[], list[bytes]]]


def sitemap_xml(env: Environment, site: Site, urls: Urls, langs: list[str], lastmod: str | None) -> bytes:
    """Each index and rule page of the build, with its versions in every language."""
    entries = []
    for lang in langs:
        entries.append((Page(lang, ""), [Page(code, "") for code in site.languages]))
        entries += [(urls.game_page(lang, g.id), [urls.game_page(code, g.id) for code in site.languages])
                    for g in site.games]
    return env.get_template("sitemap.xml").render(
        entries=[(urls.absolute(p), [(a.lang, urls.absolute(a)) for a in alts]
                  + [("x-default", urls.absolute(a)) for a in alts if a.lang == X_DEFAULT]) for p, alts in entries],
        lastmod=lastmod).encode("utf-8")


def service_worker(lp: LanguagePages, files: Files) -> bytes:
    """The language's sw.js: it precaches every file of the language, and its version is their digest."""
    prefix = lp.prefix
    own = sorted({name[len(prefix):] for name in files if name.startswith(prefix)} - {"sitemap.xml", "robots.txt"})
    version = hashlib.sha256(b"".join(n.encode() + b"\0" + digest(files[prefix + n]) for n in own)).hexdigest()[:16]
    precache = ["./" if n == "index.html" else n.removesuffix("index.html") for n in own]
    return lp.env.get_template("sw.js").render(version=version, precache=precache).encode("utf-8")


def render_site(site: Site, theme: Theme, results: dict, langs: list[str], earlier: Reuse | None = None,
                tick: Callable[[], None] | None = None) -> Files:
    """Every file of the build in these languages (one language: its folder is the root); results
    are the worked examples' (verify/examples.py).

    Every page to render is a job (its files, and how to render them), and the jobs of every
    language run in one pass over the cores. An incremental build passes what it keeps of the last
    one (`earlier`, generator/cache) to skip the pages whose inputs did not change; `tick` is called
    once per page (progress)."""
    single = len(langs) == 1
    templates = theme.templates
    urls = Urls(site, langs, single)
    files: Files = {}
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    lastmod = datetime.fromtimestamp(int(epoch), timezone.utc).strftime("%Y-%m-%d") if epoch else None
    pages = {lang: LanguagePages(site, urls, theme, lang, single, results) for lang in langs}
    env = pages[langs[0]].env  # the root page and the sitemap: in the first language
    count = tick or (lambda: None)
    warm: list[Job] = []  # done before the workers fork: one page of each template
    jobs: list[Job] = []

    def page(lang: str, at: Page, key: tuple, render: Callable[[], bytes], to: list[Job]) -> None:
        """The page as the last build made it, or a job that renders it."""
        path = pages[lang].prefix + at.file()
        files[path] = earlier.reuse(path, key) if earlier else None
        if files[path] is None:
            to.append(([path], lambda: [render()]))
        else:
            count()

    def rule_pages(game: Game, in_langs: list[str]) -> list[bytes]:  # the game's facts: the same in every language
        facts = glance(game)
        return [pages[lang].game_page(game, facts) for lang in in_langs]

    def index_page(lang: str) -> bytes:
        index = Page(lang, "")
        return pages[lang].render(index, "index.html", [Page(code, "") for code in site.languages],
                                  games=[(g, g.texts[lang], urls.href(index, urls.game_page(lang, g.id)))
                                         for g in site.games])

    for lang in langs:
        page(lang, Page(lang, ""), ("index", lang), partial(index_page, lang), jobs)
        not_found = Page(lang, "404.html")
        page(lang, not_found, ("404", lang), partial(pages[lang].render, not_found, "404.html",
                                                     [Page(code, "404.html") for code in site.languages]), jobs)
    files["sitemap.xml"] = earlier.reuse("sitemap.xml", ("sitemap",)) if earlier else None
    if files["sitemap.xml"] is None:
        jobs.append((["sitemap.xml"], lambda: [sitemap_xml(env, site, urls, langs, lastmod)]))
    if not single:
        choices = [(code, language_name(code, code), f"{code}/") for code in langs]
        files["index.html"] = env.get_template("root.html").render(choices=choices, site=site).encode("utf-8")

    # The rule pages: a job per game, for the languages whose page it does not keep.
    templates_seen: set[str] = set()
    for game in site.games:
        todo: dict[str, str] = {}
        for lang in langs:
            path = pages[lang].prefix + urls.game_page(lang, game.id).file()
            files[path] = earlier.reuse(path, ("game", game.id)) if earlier else None
            if files[path] is None:
                todo[lang] = path
            else:
                count()
        if todo:
            (jobs if game.template in templates_seen else warm).append(
                (list(todo.values()), partial(rule_pages, game, list(todo))))
            templates_seen.add(game.template)
    # The alias pages: all of a language's kept when no game's listing changed, or a job each.
    alias_jobs: list[Job] = []
    for lang in langs:
        listed = earlier.listed(lang) if earlier else None
        if listed is not None:
            files.update(listed)
            for _ in listed:
                count()
            continue
        for at, targets, title_lang in pages[lang].aliases():
            page(lang, at, ("alias", lang, tuple(targets), title_lang or lang),
                 partial(pages[lang].render, at, "alias.html", [at], targets=targets, title_lang=title_lang),
                 alias_jobs)
    warm += alias_jobs[:1]
    jobs += alias_jobs[1:]

    def run(job: Job) -> list[bytes]:
        return job[1]()

    finished = 0
    everything = warm + jobs

    def done(n: int) -> None:  # parallel_map reports jobs, in order; progress counts pages
        nonlocal finished
        for paths, _ in everything[finished:finished + n]:
            for _ in paths:
                count()
        finished += n

    for (paths, _), bodies in zip(everything, parallel_map(run, everything, done=done if tick else None,
                                                           warm=len(warm))):
        files.update(zip(paths, bodies))

    for lang in langs:
        prefix = pages[lang].prefix
        for asset in sorted((templates / "assets").iterdir()):
            files[f"{prefix}assets/{asset.name}"] = asset.read_bytes()
        for name in ("engine.js", "templates.json"):
            files[f"{prefix}assets/{name}"] = (ENGINE_DIR / name).read_bytes()
        files[f"{prefix}sw.js"] = service_worker(pages[lang], files)
    base = site.languages[langs[0]].base_url if single else site.root_url
    files["robots.txt"] = f"User-agent: *\nAllow: /\nSitemap: {base}sitemap.xml\n".encode("utf-8")
    return dict(sorted(files.items()))
