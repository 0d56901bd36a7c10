"""language_indexes(): each language's Pagefind index, made from the rule pages the build publishes.

Pagefind (the `pagefind[bin]` package: its binary comes in the wheel) reads the pages' HTML as
the build made them and writes its index into a temporary folder; its files go under the
language's pagefind/ folder, beside assets/. Only what pagefind.js loads is kept (the index, its
fragments, the stemmer of the language, the script and its worker), not Pagefind's own UI: the
search page has a script of its own (templates/assets/search.js)."""
from __future__ import annotations

import hashlib
import json
import subprocess
import tempfile
from importlib.metadata import version
from pathlib import Path
from typing import Callable

from ..files import Files, Kept, digest

FOLDER = "pagefind/"
SEARCH_PAGE = "search.html"  # a file, not a folder: no game's or alias's address can take it
# What Pagefind reads of a rule page: its <main>, without the scoresheet (the same words on every
# page) and the note on a draft page.
ROOT, EXCLUDE = "main", ("#sheet", ".draft-note", ".breadcrumb", ".toc")
UI = ("pagefind-ui", "pagefind-modular-ui", "pagefind-component-ui", "pagefind-highlight")


def index_key(lang: str, pages: Files) -> tuple:
    """What the index is made from: the pages (path and digest) and Pagefind's version."""
    h = hashlib.sha256(version("pagefind_bin").encode())
    for path in sorted(pages):
        h.update(path.encode() + b"\0" + digest(pages[path]))
    return ("search", lang, h.hexdigest())


def search_indexes(languages: dict[str, tuple[str, dict[str, bytes]]]) -> dict[str, bytes]:
    """The files of each language's Pagefind index ({lang: (prefix, {path in the build: HTML})};
    a page's URL is its path after prefix), as paths in the build. Pagefind's binary indexes a
    temporary copy of each language's pages, the languages side by side, and exits when its
    files are written."""
    from pagefind_bin import get_executable

    out: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory(prefix="giv-search-") as temp:
        runs = []
        for lang, (prefix, pages) in sorted(languages.items()):
            site, bundle = Path(temp) / lang, Path(temp) / f"{lang}.pagefind"
            for path, html in pages.items():
                (site / path[len(prefix):]).parent.mkdir(parents=True, exist_ok=True)
                (site / path[len(prefix):]).write_bytes(html)
            site.mkdir(exist_ok=True)
            command = [str(get_executable()), "--site", str(site), "--output-path", str(bundle), "--silent",
                       "--root-selector", ROOT, "--force-language", lang]
            command += [arg for selector in EXCLUDE for arg in ("--exclude-selectors", selector)]
            runs.append((lang, prefix, bundle, subprocess.Popen(command, stdout=subprocess.PIPE,
                                                                stderr=subprocess.STDOUT, text=True)))
        for lang, prefix, bundle, run in runs:
            said = run.communicate()[0]
            if run.returncode != 0:
                raise RuntimeError(f"pagefind failed on the {lang} pages (exit {run.returncode}): {said.strip()}")
            found = {p.relative_to(bundle).as_posix(): p.read_bytes() for p in sorted(bundle.rglob("*")) if p.is_file()}
            entry = json.loads(found["pagefind-entry.json"])
            stemmers = {f"wasm.{info['wasm']}.pagefind" for info in entry["languages"].values()}
            out.update({prefix + FOLDER + name: data for name, data in found.items()
                        if not name.startswith(UI) and (not name.startswith("wasm.") or name in stemmers)})
    return out


def language_indexes(pages: dict[str, tuple[str, Files]], earlier, read: Callable[[str], bytes]) -> Files:
    """Each language's index ({lang: (prefix, its rule pages)}): the last build's files when its
    pages are the same (an incremental build, `earlier`), else made anew from the pages (a page
    the build kept is read with `read`)."""
    files: Files = {}
    todo: dict[str, tuple[str, dict[str, bytes]]] = {}
    keys = {lang: index_key(lang, found) for lang, (_, found) in pages.items()}
    for lang, (prefix, found) in pages.items():
        kept = earlier.reuse_folder(prefix + FOLDER, keys[lang]) if earlier is not None else None
        if kept is not None:
            files.update(kept)
        else:
            todo[lang] = (prefix, {path: read(path) if isinstance(data, Kept) else data for path, data in found.items()})
    made = search_indexes(todo) if todo else {}
    if earlier is not None:
        for lang, (prefix, _) in todo.items():
            earlier.made_folder([path for path in made if path.startswith(prefix + FOLDER)], keys[lang])
    return files | made
