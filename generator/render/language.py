"""One language's pages: LanguagePages renders them (templates, catalog, the sheet's data)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from markupsafe import Markup

from ..i18n.formats import language_name
from ..i18n.sheet_messages import sheet_strings
from ..model.games import UNITS
from ..model.types import Game, Site
from .anchors import Refused, check_game_page
from .env import environment, json_object_script, json_script
from .facts import Glance
from .urls import Page, Urls
from .views import Ctx, game_view, value_label

if TYPE_CHECKING:
    from .pages import Theme


def alias_index(site: Site, lang: str, games: list[Game] | None = None) -> dict[str, list[tuple[str, str, str]]]:
    """Alias slug -> [(alias as written, its language, game id)], sorted, for one language (of
    `games`, the ones with a page in it; default: every game of the site)."""
    out: dict[str, list[tuple[str, str, str]]] = {}
    for game in site.games if games is None else games:
        for alias in game.texts[lang].aliases:
            out.setdefault(alias.slug, []).append((alias.name, alias.lang, game.id))
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


class LanguagePages:
    """What renders one language's pages: its templates, catalog and sheet strings."""

    def __init__(self, site: Site, urls: Urls, theme: Theme, lang: str, single: bool, results: dict,
                 modules: list[str] = ()):
        self.site, self.urls, self.lang, self.results = site, urls, lang, results
        self.modules = list(modules)  # what the sheet imports, for its modulepreload list
        self.tr = tr = theme.catalogs[lang]
        self.templates = theme.templates
        self.locale = site.languages[lang].locale
        self.env = environment(theme.templates, tr, self.locale, theme.bytecode)
        self.prefix = "" if single else f"{lang}/"
        # the sheet's strings, made once per unit (deal or round): the same on every page of a unit
        self.strings = {unit: json_script(sheet_strings(tr, unit)) for unit in UNITS}

    def ctx(self, page: Page) -> Ctx:
        return Ctx(self.site, self.lang, self.locale, self.tr,
                   lambda gid: self.urls.href(page, self.urls.game_page(self.lang, gid))
                   if self.urls.shown(self.site.game(gid), self.lang) else None)

    def render(self, page: Page, template: str, alternates: list[Page], **context) -> bytes:
        urls = self.urls
        return self.env.get_template(template).render(
            lang=self.lang, site=self.site, page=page, urls=urls, root=urls.root_prefix(page), ctx=self.ctx(page),
            alternates=[(p.lang, urls.absolute(p), urls.href(page, p), language_name(p.lang, p.lang))
                        for p in alternates],
            canonical=urls.absolute(page), home_url=urls.absolute(Page(self.lang, "")), **context).encode("utf-8")

    def game_page(self, game: Game, facts: Glance) -> bytes | Refused:
        page = self.urls.game_page(self.lang, game.id)
        ctx = self.ctx(page)
        view = game_view(ctx, game, self.results, facts)
        html = self.render(page, "game.html", [self.urls.game_page(code, game.id) for code in self.urls.languages_of(game)],
                           view=view, sheet=sheet_script(ctx, view, self.strings[game.unit]), sheet_modules=self.modules,
                           draft=self.lang in game.drafts)
        return check_game_page(self.site.root, html, game.texts[self.lang], self.templates / "game.html")

    def aliases(self) -> list[tuple[Page, list, str | None]]:
        """(page, [(alias, its language, game name, href)], the title's language if not this one) per alias page."""
        out = []
        for slug, targets in alias_index(self.site, self.lang, self.urls.games(self.lang)).items():
            page = Page(self.lang, slug + "/")
            links = [(name, alias_lang, self.site.game(gid).texts[self.lang].name,
                      self.urls.href(page, self.urls.game_page(self.lang, gid))) for name, alias_lang, gid in targets]
            first_lang = targets[0][1]
            out.append((page, links, first_lang if first_lang != self.lang else None))
        return out
