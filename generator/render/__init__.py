"""Rendering the model into pages: Markdown, Jinja2, view models."""
