"""The scripts and styles a site ships in its assets/ folder.

templates/assets/ goes out as it is. The engine goes beside it: engine.js as the tests run it,
and templates.js, the templates' metadata (generator/engine/templates.json, the one source) as a
plain module, since browsers before Safari 17.2 and Firefox 138 cannot import JSON (no import
attributes)."""
from __future__ import annotations

import json
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parent.parent / "engine"
ENGINE_FILES = ("engine.js", "templates.js")  # shipped from generator/engine/


def engine_modules() -> dict[str, bytes]:
    """engine.js as it is, and templates.js written from templates.json."""
    templates = json.loads((ENGINE_DIR / "templates.json").read_text(encoding="utf-8"))
    module = ("// generator/engine/templates.json, as a module (generator/render/modules.py)\n"
              f"export default {json.dumps(templates, separators=(',', ':'))};\n")
    return dict(zip(ENGINE_FILES, [(ENGINE_DIR / "engine.js").read_bytes(), module.encode("utf-8")]))


def site_assets(templates: Path) -> dict[str, bytes]:
    """Every file of a language's assets/ folder but its manifest: name -> bytes."""
    files = {asset.name: asset.read_bytes() for asset in sorted((templates / "assets").iterdir()) if asset.is_file()}
    files.update(engine_modules())
    return files
