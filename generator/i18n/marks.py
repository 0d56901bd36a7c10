"""The markers that put a message in the catalogs: pybabel extracts their calls (Makefile's
`make messages`), and each returns what it marks, to be translated where a page is made."""
from __future__ import annotations


def N_(message: str) -> str:
    """Marks a message for extraction."""
    return message


def pgettext(context: str, message: str) -> tuple[str, str]:
    """Marks a message with its context (as "round" or "deal"): the pair a translation's
    pgettext() takes."""
    return context, message
