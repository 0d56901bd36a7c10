"""Render every page of a build into memory: {relative path: bytes}. No I/O but reading templates."""
from __future__ import annotations

import hashlib
import os
from datetime import datetime, timezone
from pathlib import Path

from babel.support import Translations

from ..i18n.formats import language_name
from ..i18n.sheet_messages import sheet_strings
from ..model.crosscheck import slugify
from ..model.types import Site
from .env import environment
from .urls import Page, Urls
from .views import Ctx, game_view, value_label

ENGINE_DIR = Path(__file__).resolve().parent.parent / "engine"


def alias_index(site: Site, lang: str) -> dict[str, list[tuple[str, str, str]]]:
    """Alias slug -> [(alias as written, its language, game id)], sorted, for one language."""
    out: dict[str, list[tuple[str, str, str]]] = {}
    for game in site.games:
        for alias in game.texts[lang].aliases:
            out.setdefault(slugify(alias.name), []).append((alias.name, alias.lang, game.id))
    return dict(sorted(out.items()))


def sheet_data(ctx: Ctx, view, strings: dict[str, str]) -> dict:
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
            "strings": strings, "storageKey": f"giv:v1:{ctx.lang}:{game.id}"}


def render_site(site: Site, templates: Path, catalogs: dict[str, Translations], results: dict,
                langs: list[str], single: bool) -> dict[str, bytes]:
    """Every file of the build. With `single`, the one language's folder is the root."""
    urls = Urls(site, langs, single)
    files: dict[str, bytes] = {}
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    lastmod = datetime.fromtimestamp(int(epoch), timezone.utc).strftime("%Y-%m-%d") if epoch else None
    sitemap_entries = []
    for lang in langs:
        language = site.languages[lang]
        tr = catalogs[lang]
        env = environment(templates, tr, language.locale)
        prefix = "" if single else f"{lang}/"
        strings = sheet_strings(tr)

        def emit(page: Page, template: str, alternates: list[Page], **context) -> None:
            ctx = Ctx(site, lang, language.locale, tr,
                      lambda gid, page=page: urls.href(page, urls.game_page(lang, gid)))
            body = env.get_template(template).render(
                lang=lang, site=site, page=page, urls=urls, root=urls.root_prefix(page), ctx=ctx,
                alternates=[(p.lang, urls.absolute(p), urls.href(page, p), language_name(p.lang, p.lang))
                            for p in alternates],
                canonical=urls.absolute(page), home_url=urls.absolute(Page(lang, "")), **context)
            files[prefix + page.file()] = body.encode("utf-8")
            if page.path != "404.html" and template != "alias.html":
                sitemap_entries.append((page, alternates))

        index = Page(lang, "")
        index_alts = [Page(code, "") for code in site.languages]
        ctx = Ctx(site, lang, language.locale, tr, lambda gid: urls.href(index, urls.game_page(lang, gid)))
        emit(index, "index.html", index_alts, games=[(g, g.texts[lang], urls.href(index, urls.game_page(lang, g.id)))
                                                     for g in site.games])
        for game in site.games:
            page = urls.game_page(lang, game.id)
            ctx = Ctx(site, lang, language.locale, tr, lambda gid, page=page: urls.href(page, urls.game_page(lang, gid)))
            view = game_view(ctx, game, results)
            emit(page, "game.html", [urls.game_page(code, game.id) for code in site.languages],
                 view=view, sheet=sheet_data(ctx, view, strings))
        for slug, targets in alias_index(site, lang).items():
            page = Page(lang, slug + "/")
            links = [(name, alias_lang, site.game(gid).texts[lang].name, urls.href(page, urls.game_page(lang, gid)))
                     for name, alias_lang, gid in targets]
            first_lang = targets[0][1]
            emit(page, "alias.html", [page], targets=links, title_lang=first_lang if first_lang != lang else None)
        emit(Page(lang, "404.html"), "404.html", [Page(code, "404.html") for code in site.languages])
        for asset in sorted((templates / "assets").iterdir()):
            files[f"{prefix}assets/{asset.name}"] = asset.read_bytes()
        for name in ("engine.js", "templates.json"):
            files[f"{prefix}assets/{name}"] = (ENGINE_DIR / name).read_bytes()
        own = sorted({name[len(prefix):] for name in files if name.startswith(prefix)} - {"sitemap.xml", "robots.txt"})
        version = hashlib.sha256(b"".join(files[prefix + n] for n in own)).hexdigest()[:16]
        precache = ["./" if n == "index.html" else n.removesuffix("index.html") for n in own]
        files[f"{prefix}sw.js"] = env.get_template("sw.js").render(version=version, precache=precache).encode("utf-8")
    if not single:
        env = environment(templates, catalogs[langs[0]], site.languages[langs[0]].locale)
        choices = [(code, language_name(code, code), f"{code}/") for code in langs]
        files["index.html"] = env.get_template("root.html").render(choices=choices, site=site).encode("utf-8")
    files["sitemap.xml"] = env.get_template("sitemap.xml").render(
        entries=[(urls.absolute(p), [(a.lang, urls.absolute(a)) for a in alts]) for p, alts in sitemap_entries],
        lastmod=lastmod).encode("utf-8")
    base = site.languages[langs[0]].base_url if single else site.root_url
    files["robots.txt"] = f"User-agent: *\nAllow: /\nSitemap: {base}sitemap.xml\n".encode("utf-8")
    return dict(sorted(files.items()))
