"""Render every page of a build into memory: {relative path: bytes}. No I/O but reading templates."""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from babel.support import Translations
from markupsafe import Markup

from ..i18n.formats import language_name
from ..i18n.sheet_messages import sheet_strings
from ..model.crosscheck import slugify
from ..model.types import Game, Site
from ..parallel import parallel_map
from .env import environment, json_object_script, json_script
from .facts import Glance, glance
from .urls import Page, Urls
from .views import Ctx, game_view, value_label

X_DEFAULT = "en"  # the hreflang x-default of a page, as base.html names it
ENGINE_DIR = Path(__file__).resolve().parent.parent / "engine"


@dataclass(frozen=True)
class Kept:
    """A file that an incremental build leaves as the last build wrote it: only its SHA-256 is in memory."""
    digest: bytes


def digest(data: bytes | Kept) -> bytes:
    return data.digest if isinstance(data, Kept) else hashlib.sha256(data).digest()


# (output path, what the page depends on) -> the page as the last build made it, or None to render it
Reuse = Callable[[str, tuple], "bytes | Kept | None"]


def alias_index(site: Site, lang: str) -> dict[str, list[tuple[str, str, str]]]:
    """Alias slug -> [(alias as written, its language, game id)], sorted, for one language."""
    out: dict[str, list[tuple[str, str, str]]] = {}
    for game in site.games:
        for alias in game.texts[lang].aliases:
            out.setdefault(slugify(alias.name), []).append((alias.name, alias.lang, game.id))
    return dict(sorted(out.items()))


def sheet_data(ctx: Ctx, view) -> dict:
    """What the scoresheet's script needs of a game, but its UI strings (see sheet_script)."""
    game, text = view.game, view.text
    settings = []
    for key, meta in game.settings.items():
        st = text.settings[key]
        entry = {"key": key, "type": meta.type, "label": st.label, "description": st.description,
                 "default": meta.default}
        if meta.type == "int":
            entry.update(min=meta.min, max=meta.max, step=meta.step,
                         zeroLabel=value_label(ctx, game, text, key, 0) if key in ("roundCount", "lossLimit") else None)
        if meta.type == "enum":
            entry["options"] = [{"id": o, "label": st.options[o].label} for o in meta.options]
        settings.append(entry)
    variants = [{"id": vid, "name": text.variants[vid].label, "settings": v.settings}
                for vid, v in game.variants.items()]
    return {"lang": ctx.lang, "locale": ctx.locale.replace("_", "-"), "game": game.id, "name": text.name,
            "template": game.template, "spec": game.spec(), "settings": settings, "variants": variants,
            "storageKey": f"giv:v1:{ctx.lang}:{game.id}"}


def sheet_script(ctx: Ctx, view, strings: Markup) -> Markup:
    """The sheet's data as JSON for the page; `strings` are the language's UI strings as JSON, made once."""
    return json_object_script(sheet_data(ctx, view), {"strings": strings})


def render_site(site: Site, templates: Path, catalogs: dict[str, Translations], results: dict,
                langs: list[str], single: bool, reuse: Reuse | None = None,
                tick: Callable[[], None] | None = None) -> dict[str, bytes | Kept]:
    """Every file of the build. With `single`, the one language's folder is the root.

    An incremental build passes `reuse` (generator/cache) to skip the pages whose inputs did not
    change; `tick` is called once per page (progress)."""
    urls = Urls(site, langs, single)
    files: dict[str, bytes] = {}
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    lastmod = datetime.fromtimestamp(int(epoch), timezone.utc).strftime("%Y-%m-%d") if epoch else None
    sitemap_entries = []
    glances: dict[str, Glance] = {}  # a game's facts are the same in every language
    for lang in langs:
        language = site.languages[lang]
        tr = catalogs[lang]
        env = environment(templates, tr, language.locale)
        prefix = "" if single else f"{lang}/"
        strings = json_script(sheet_strings(tr))  # the same on every rule page of the language

        def render(page: Page, template: str, alternates: list[Page], **context) -> bytes:
            ctx = Ctx(site, lang, language.locale, tr,
                      lambda gid, page=page: urls.href(page, urls.game_page(lang, gid)))
            return env.get_template(template).render(
                lang=lang, site=site, page=page, urls=urls, root=urls.root_prefix(page), ctx=ctx,
                alternates=[(p.lang, urls.absolute(p), urls.href(page, p), language_name(p.lang, p.lang))
                            for p in alternates],
                canonical=urls.absolute(page), home_url=urls.absolute(Page(lang, "")), **context).encode("utf-8")

        def store(page: Page, template: str, alternates: list[Page], body: bytes | Kept, counted: bool = True) -> None:
            files[prefix + page.file()] = body
            if page.path != "404.html" and template != "alias.html":
                sitemap_entries.append((page, alternates))
            if tick and counted:
                tick()

        def emit(page: Page, template: str, alternates: list[Page], **context) -> None:
            store(page, template, alternates, render(page, template, alternates, **context))

        def reused(page: Page, key: tuple, alternates: list[Page], template: str) -> bool:
            old = reuse(prefix + page.file(), key) if reuse else None
            if old is not None:
                store(page, template, alternates, old)
            return old is not None

        def game_page(game: Game) -> bytes:
            page = urls.game_page(lang, game.id)
            ctx = Ctx(site, lang, language.locale, tr, lambda gid, page=page: urls.href(page, urls.game_page(lang, gid)))
            view = game_view(ctx, game, results, glances[game.id])
            return render(page, "game.html", [urls.game_page(code, game.id) for code in site.languages],
                          view=view, sheet=sheet_script(ctx, view, strings))

        index = Page(lang, "")
        index_alts = [Page(code, "") for code in site.languages]
        if not reused(index, ("index", lang), index_alts, "index.html"):
            emit(index, "index.html", index_alts,
                 games=[(g, g.texts[lang], urls.href(index, urls.game_page(lang, g.id))) for g in site.games])
        # The rule pages: those an incremental build keeps, and the others rendered on every core.
        counter = (lambda n: [tick() for _ in range(n)]) if tick else None
        kept = {g.id: reuse(prefix + urls.game_page(lang, g.id).file(), ("game", g.id)) if reuse else None
                for g in site.games}
        todo = [g for g in site.games if kept[g.id] is None]
        new = [g for g in todo if g.id not in glances]
        glances.update(zip([g.id for g in new], parallel_map(glance, new)))
        made = dict(zip([g.id for g in todo], parallel_map(game_page, todo, done=counter)))
        for game in site.games:
            body = made[game.id] if kept[game.id] is None else kept[game.id]
            store(urls.game_page(lang, game.id), "game.html", [urls.game_page(code, game.id) for code in site.languages],
                  body, counted=kept[game.id] is not None)
        aliases = []  # the alias pages, likewise
        for slug, targets in alias_index(site, lang).items():
            page = Page(lang, slug + "/")
            links = [(name, alias_lang, site.game(gid).texts[lang].name, urls.href(page, urls.game_page(lang, gid)))
                     for name, alias_lang, gid in targets]
            first_lang = targets[0][1]
            old = reuse(prefix + page.file(), ("alias", lang, tuple(links), first_lang)) if reuse else None
            aliases.append((page, links, first_lang if first_lang != lang else None, old))
        todo = [(page, links, title_lang) for page, links, title_lang, old in aliases if old is None]
        made = parallel_map(lambda a: render(a[0], "alias.html", [a[0]], targets=a[1], title_lang=a[2]), todo)
        made_by_path = {a[0].path: body for a, body in zip(todo, made)}
        for page, _, _, old in aliases:
            store(page, "alias.html", [page], made_by_path[page.path] if old is None else old)
        not_found = [Page(code, "404.html") for code in site.languages]
        if not reused(Page(lang, "404.html"), ("404", lang), not_found, "404.html"):
            emit(Page(lang, "404.html"), "404.html", not_found)
        for asset in sorted((templates / "assets").iterdir()):
            files[f"{prefix}assets/{asset.name}"] = asset.read_bytes()
        for name in ("engine.js", "templates.json"):
            files[f"{prefix}assets/{name}"] = (ENGINE_DIR / name).read_bytes()
        own = sorted({name[len(prefix):] for name in files if name.startswith(prefix)} - {"sitemap.xml", "robots.txt"})
        version = hashlib.sha256(b"".join(n.encode() + b"\0" + digest(files[prefix + n]) for n in own)).hexdigest()[:16]
        precache = ["./" if n == "index.html" else n.removesuffix("index.html") for n in own]
        files[f"{prefix}sw.js"] = env.get_template("sw.js").render(version=version, precache=precache).encode("utf-8")
    if not single:
        env = environment(templates, catalogs[langs[0]], site.languages[langs[0]].locale)
        choices = [(code, language_name(code, code), f"{code}/") for code in langs]
        files["index.html"] = env.get_template("root.html").render(choices=choices, site=site).encode("utf-8")
    files["sitemap.xml"] = (reuse and reuse("sitemap.xml", ("sitemap",))) or env.get_template("sitemap.xml").render(
        entries=[(urls.absolute(p), [(a.lang, urls.absolute(a)) for a in alts]
                  + [("x-default", urls.absolute(a)) for a in alts if a.lang == X_DEFAULT])
                 for p, alts in sitemap_entries],
        lastmod=lastmod).encode("utf-8")
    base = site.languages[langs[0]].base_url if single else site.root_url
    files["robots.txt"] = f"User-agent: *\nAllow: /\nSitemap: {base}sitemap.xml\n".encode("utf-8")
    return dict(sorted(files.items()))
