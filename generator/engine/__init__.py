"""The scoring engine: pure functions, JSON in and JSON out (see docs/engine.md)."""
from .core import ShapeError, score
from .spec import TEMPLATES, template_spec

__all__ = ["ShapeError", "score", "TEMPLATES", "template_spec"]
