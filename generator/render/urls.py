"""Where every page lives, and links between them: relative inside a build, absolute across builds."""
from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlparse, urlsplit

from ..model.types import Game, Site

# The pages served at any address in their language's folder: the 404 page (by the host, for a
# missing address) and the offline page (by the service worker, for a page it does not keep).
OFFLINE_PAGE = "offline.html"
ANYWHERE = ("404.html", OFFLINE_PAGE)


@dataclass(frozen=True)
class Page:
    lang: str
    path: str  # inside the language's folder: "" for its index, "<slug>/" for a game, "404.html"

    def file(self) -> str:
        return self.path + "index.html" if self.path == "" or self.path.endswith("/") else self.path


class Urls:
    """URLs for one build: `langs` are the languages written into this build; with `drafts`, the
    games' draft languages are built too (giv serve, giv build --drafts)."""

    def __init__(self, site: Site, langs: list[str], single: bool, drafts: bool = False):
        self.site, self.langs, self.single, self.drafts = site, langs, single, drafts
        self._pages: dict[tuple[str, str], Page] = {}
        self._games: dict[str, list[Game]] = {}

    def published(self, game: Game, lang: str) -> bool:
        """Whether the game is published in the language: neither is a draft."""
        return lang not in game.drafts and not self.site.languages[lang].draft

    def shown(self, game: Game, lang: str) -> bool:
        """Whether the game has a page in the language: published there, or a draft shown as one."""
        return self.drafts or self.published(game, lang)

    def languages(self) -> list[str]:
        """The site's languages that have pages (in this build or another): the index pages' versions."""
        return [code for code, info in self.site.languages.items() if self.drafts or not info.draft]

    def games(self, lang: str) -> list[Game]:
        """The games with a page in the language, in the site's order."""
        if lang not in self._games:
            self._games[lang] = [g for g in self.site.games if self.shown(g, lang)]
        return self._games[lang]

    def languages_of(self, game: Game) -> list[str]:
        """The site's languages in which the game has a page: its hreflang links and language switcher."""
        return [code for code in self.site.languages if self.shown(game, code)]

    @staticmethod
    def same_host(a: str, b: str) -> bool:
        return urlsplit(a)[:2] == urlsplit(b)[:2]

    @staticmethod
    def is_host_root(url: str) -> bool:
        """Whether the folder served at url is the root of its host (where robots.txt must be)."""
        return urlsplit(url).path in ("", "/")

    def misplaced(self) -> list[tuple[str, str]]:
        """(language, why) for each base URL of the build that does not match where its files are
        written: with every language in one build, the root is root_url and a language's folder is
        <code>/ under it, so a language on root_url's host must be at root_url + '<code>/'. (A
        language on a host of its own is served from its folder; one built alone is the root.)"""
        if self.single:
            return []
        out = []
        for code in self.langs:
            base, at = self.site.languages[code].base_url, f"{self.site.root_url}{code}/"
            if self.same_host(base, self.site.root_url) and base != at:
                out.append((code, f"languages.{code}.base_url {base} is on root_url's host, but this build writes "
                                  f"{code}/ to {at}: make it {at}, or build the language alone (giv build --lang {code})"))
        return out

    def at_home(self, lang: str) -> bool:
        """Whether the language's folder in this build is served where this build's layout puts it
        (root_url + '<code>/', or the root of a build of one language), so a relative link reaches it."""
        if lang not in self.langs:
            return False
        return self.single or self.site.languages[lang].base_url == f"{self.site.root_url}{lang}/"

    def from_root(self, lang: str) -> str:
        """The root page's link to a language's index."""
        return f"{lang}/" if self.at_home(lang) else self.site.languages[lang].base_url

    def absolute(self, page: Page) -> str:
        return self.site.languages[page.lang].base_url + page.path

    def root_prefix(self, page: Page) -> str:
        """From a page to its language folder's root, relative ("../" for a game page)."""
        if page.path in ANYWHERE:
            return urlparse(self.site.languages[page.lang].base_url).path
        return "../" * page.path.count("/")

    def href(self, source: Page, target: Page) -> str:
        """A link from source to target: relative inside this build, absolute to another build."""
        if target.lang != source.lang and not (self.at_home(source.lang) and self.at_home(target.lang)):
            return self.absolute(target)  # another build, or a language on a host of its own
        if source.path in ANYWHERE:  # served at any depth: use the path from the root
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
