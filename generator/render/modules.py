"""The scripts and styles a site ships in its assets/ folder, and the sheet's module graph.

templates/assets/ goes out as it is. The engine goes beside it: engine.js as the tests run it,
and templates.js, the templates' metadata (generator/engine/templates.json, the one source) as a
plain module, since browsers before Safari 17.2 and Firefox 138 cannot import JSON (no import
attributes). The page preloads every module the sheet imports, found by reading the modules'
import statements, so that opening a page does not wait on one import after another."""
from __future__ import annotations

import json
import re
from pathlib import Path

from ..model.content_error import ContentError
from ..model.errors import Problem
from .loader import template_file

ENGINE_DIR = Path(__file__).resolve().parent.parent / "engine"
ENGINE_FILES = ("engine.js", "templates.js")  # shipped from generator/engine/
ENTRY = "sheet.js"  # what game.html loads; everything it imports is preloaded
# A static import or re-export of a module beside this one: `import {a} from './x.js'`,
# `import './x.js'`, `export {a} from './x.js'` (the statement may span lines).
IMPORT = re.compile(r"""^[ \t]*(?:import|export)\b[^;'"]*?\bfrom\s*(['"])\./([\w.-]+)\1"""
                    r"""|^[ \t]*import\s*(['"])\./([\w.-]+)\3""", re.M)


def engine_modules() -> dict[str, bytes]:
    """engine.js as it is, and templates.js written from templates.json."""
    templates = json.loads((ENGINE_DIR / "templates.json").read_text(encoding="utf-8"))
    module = ("// generator/engine/templates.json, as a module (generator/render/modules.py)\n"
              f"export default {json.dumps(templates, separators=(',', ':'))};\n")
    return dict(zip(ENGINE_FILES, [(ENGINE_DIR / "engine.js").read_bytes(), module.encode("utf-8")]))


def site_assets(templates: Path) -> dict[str, bytes]:
    """Every file of a language's assets/ folder but its manifest: name -> bytes."""
    files = {asset.name: template_file(asset, templates) for asset in sorted((templates / "assets").iterdir())}
    files.update(engine_modules())
    return files


def imports(source: str) -> list[tuple[str, int]]:
    """The modules beside this one that a module's source imports: (name, line), in order."""
    return [(m.group(2) or m.group(4), source.count("\n", 0, m.start()) + 1) for m in IMPORT.finditer(source)]


def module_graph(assets: dict[str, bytes], entry: str = ENTRY) -> list[str]:
    """Every module the entry imports, at any depth, nearest first (not the entry itself). A
    module that is imported but not among the assets is an error naming the importing line."""
    order, queue, seen = [], [entry], {entry}
    problems = []
    while queue:
        name = queue.pop(0)
        for target, line in imports(assets[name].decode("utf-8")):
            if target not in assets:
                where = f"generator/engine/{name}" if name in ENGINE_FILES else f"templates/assets/{name}"
                problems.append(Problem(where, line, f"imports ./{target}, which is not among the assets"))
            elif target not in seen:
                seen.add(target)
                order.append(target)
                queue.append(target)
    if problems:
        raise ContentError(problems)
    return order
