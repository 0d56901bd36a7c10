"""Incremental builds: .giv-cache/ remembers the last build, keyed by content hashes.

What depends on what (docs/serving.md has the long form):
- site.yaml, templates/ (templates, assets, catalogs), the generator's own code, the languages
  built and SOURCE_DATE_EPOCH: every page. A change there is a full build.
- a game's folder: that game's pages, and those of the games that extend it; the pages that
  list the games (indexes, alias pages, sitemaps) and the search shards they fall in when what
  those show of a game (its stub) changed; the service workers every build.
- a game's slug: the pages of the games that link to it (`game:` links).
Nothing else is read from the last build: a build that finds any problem is done again from
scratch, so errors are reported exactly as a clean build reports them.
"""


def __getattr__(name: str):
    if name == "Cache":  # imported on use: `giv build` with nothing to do needs only .index
        from .builder import Cache

        return Cache
    raise AttributeError(name)
