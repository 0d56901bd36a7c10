"""The sheet's module graph (generator/render/modules.py): what the page preloads."""
from __future__ import annotations

import pytest

from generator.model.errors import ContentError
from generator.render.modules import module_graph


def graph(**sources: str) -> dict[str, bytes]:
    return {name.replace("_", "-") + ".js": text.encode("utf-8") for name, text in sources.items()}


def test_every_import_at_any_depth_nearest_first():
    assets = graph(sheet="// import { no } from './comment.js';\nimport { a } from './a.js';\nimport {\n  b,\n  c,\n} from \"./b.js\";\n",
                   a="import './side.js';\nexport { x } from './deep.js';\nconst s = 'import y from \"./not.js\"';\n",
                   b="import { a } from './a.js';\n", side="", deep="export const x = 1;\n", unused="")
    assert module_graph(assets) == ["a.js", "b.js", "side.js", "deep.js"]


def test_a_missing_module_names_the_importing_file_and_line():
    assets = graph(sheet="import { a } from './a.js';\n", a="// the chart\n\nimport { s } from './gone.js';\n")
    with pytest.raises(ContentError) as caught:
        module_graph(assets)
    assert str(caught.value) == "templates/assets/a.js:3: imports ./gone.js, which is not among the assets"
