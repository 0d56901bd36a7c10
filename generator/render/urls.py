"""Where every page lives, and links between them: relative inside a build, absolute across builds."""
from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlparse

from ..model.types import Site


@dataclass(frozen=True)
class Page:
    lang: str
    path: str  # inside the language's folder: "" for its index, "<slug>/" for a game, "404.html"

    def file(self) -> str:
        return self.path + "index.html" if self.path == "" or self.path.endswith("/") else self.path


class Urls:
    """URLs for one build: `langs` are the languages written into this build."""

    def __init__(self, site: Site, langs: list[str], single: bool):
        self.site, self.langs, self.single = site, langs, single
        self._pages: dict[tuple[str, str], Page] = {}

    def absolute(self, page: Page) -> str:
        return self.site.languages[page.lang].base_url + page.path

    def root_prefix(self, page: Page) -> str:
        """From a page to its language folder's root, relative ("../" for a game page)."""
        if page.path == "404.html":
            return urlparse(self.site.languages[page.lang].base_url).path
        return "../" * page.path.count("/")

    def href(self, source: Page, target: Page) -> str:
        """A link from source to target: relative inside this build, absolute to another build."""
        if target.lang not in self.langs or (self.single and target.lang != source.lang):
            return self.absolute(target)
        if source.path == "404.html":  # served at any depth: use the path from the root
            return urlparse(self.site.languages[target.lang].base_url).path + target.path
        prefix = "../" * source.path.count("/")
        if target.lang != source.lang:
            prefix += f"../{target.lang}/"
        return (prefix + target.path) or "./"

    def game_page(self, lang: str, game_id: str) -> Page:
        page = self._pages.get((lang, game_id))
        if page is None:  # asked for thousands of times on a large site
            page = self._pages[(lang, game_id)] = Page(lang, self.site.game(game_id).texts[lang].slug + "/")
        return page
