"""The scoring engine: pure functions, JSON in and JSON out (see docs/engine.md)."""
from .core import score
from .shape import ShapeError
from .spec import TEMPLATES, template_spec

__all__ = ["ShapeError", "score", "TEMPLATES", "template_spec"]
