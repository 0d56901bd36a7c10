"""The files of templates/, read with the safe reader (model/files.py) as content/ is: Jinja2's
loader, and the assets published as they are. A file that is a link out of templates/, a named
pipe, a folder, too large, or (a template) not UTF-8 text is a one-line problem naming the file,
never a hang or a file from elsewhere on a page."""
from __future__ import annotations

from pathlib import Path
from typing import Callable, NoReturn

from jinja2 import BaseLoader, Environment, TemplateNotFound
from jinja2.loaders import split_template_path

from ..model.errors import Problems
from ..model.files import present, read_bytes, read_text


def _refuse(templates: Path, path: Path, line: int, why: str) -> NoReturn:
    problems = Problems(templates)  # named from the folder that holds templates/: templates/<file>
    problems.add(path, line, why)
    problems.raise_if_any()
    raise AssertionError("unreachable")


def template_file(path: Path, templates: Path) -> bytes:
    """A file of templates/ (an asset) as it is published."""
    data, why = read_bytes(path, templates)
    return data if data is not None else _refuse(templates, path, 1, why)


class TemplateLoader(BaseLoader):
    def __init__(self, templates: Path) -> None:
        self.templates = templates

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        path = self.templates.joinpath(*split_template_path(template))  # refuses '..'
        if not present(path):
            raise TemplateNotFound(template)
        text, line, why = read_text(path, self.templates)
        if text is None:
            _refuse(self.templates, path, line, why)
        return text, str(path), lambda: True  # one environment serves one build (env.py)
