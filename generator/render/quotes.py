"""Typographic quotes: straight ' and " in a run of inline text become the language's quotes.

The rules are markdown-it's "smartquotes": a quote opens after a space or punctuation and closes
before one; pairs match only at the same nesting level (inside the same emphasis or link); a
single quote that neither opens nor closes is an apostrophe (’) in every language, so that
Danish 1970'erne keeps its apostrophe while its quotes are »...« and ›...‹."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass

QUOTES = {"da": "»«›‹", "sv": "””’’", "en": "“”‘’"}
APOSTROPHE = "\u2019"
SPACES = {0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x202F, 0x205F, 0x3000}


@dataclass
class Piece:
    """One part of an inline run: text (quotes apply), or code, raw HTML, a line break, a tag."""
    kind: str   # "text", "code", "raw" (HTML shown as text), "break" or "tag" (markup: <em>, </a>)
    content: str
    level: int  # nesting depth: emphasis, strong and links add one (their tags are outside)


def _space(ch: str) -> bool:
    code = ord(ch)
    return code in SPACES or 0x2000 <= code <= 0x200A


def _punct(ch: str) -> bool:
    """ASCII punctuation (!"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~) or a Unicode punctuation or symbol."""
    if ch.isascii():
        return ch.isprintable() and not ch.isalnum() and ch != " "
    return unicodedata.category(ch).startswith(("P", "S"))


def _neighbour(pieces: list[Piece], i: int, step: int) -> str:
    """The character beside piece i in direction step, across pieces; a space at a break or the end."""
    j = i + step
    while 0 <= j < len(pieces):
        if pieces[j].kind == "break":
            return " "
        if pieces[j].content and pieces[j].kind != "tag":
            return pieces[j].content[-1 if step < 0 else 0]
        j += step
    return " "


def smarten(pieces: list[Piece], lang: str) -> None:
    """Replace the straight quotes of the text pieces in place."""
    marks = QUOTES.get(lang, QUOTES["en"])
    stack: list[tuple[int, int, bool, int]] = []  # (piece, position, single, level) of open quotes
    for i, piece in enumerate(pieces):
        while stack and stack[-1][3] > piece.level:
            stack.pop()
        if piece.kind != "text" or ("'" not in piece.content and '"' not in piece.content):
            continue
        pos = 0
        while True:
            found = [p for p in (piece.content.find("'", pos), piece.content.find('"', pos)) if p >= 0]
            if not found:
                break
            at = min(found)
            text, single, pos = piece.content, piece.content[at] == "'", at + 1
            last = text[at - 1] if at > 0 else _neighbour(pieces, i, -1)
            nxt = text[pos] if pos < len(text) else _neighbour(pieces, i, 1)
            last_punct, next_punct, last_space, next_space = _punct(last), _punct(nxt), _space(last), _space(nxt)
            can_open = not next_space and (not next_punct or last_space or last_punct)
            can_close = not last_space and (not last_punct or next_space or next_punct)
            if nxt == '"' and not single and last.isdigit() and last.isascii():
                can_open = can_close = False
            if can_open and can_close:
                can_open, can_close = last_punct, next_punct
            if not can_open and not can_close:
                if single:
                    piece.content = text[:at] + APOSTROPHE + text[pos:]
                continue
            if can_close and _close(pieces, stack, i, at, single, marks):
                continue
            if can_open:
                stack.append((i, at, single, piece.level))
            elif single:
                piece.content = text[:at] + APOSTROPHE + text[pos:]


def _close(pieces: list[Piece], stack: list, i: int, at: int, single: bool, marks: str) -> bool:
    """Pair the quote at pieces[i][at] with the nearest open one of its kind and level, if any."""
    level = pieces[i].level
    for j in range(len(stack) - 1, -1, -1):
        piece_j, pos_j, single_j, level_j = stack[j]
        if level_j < level:
            return False
        if single_j == single and level_j == level:
            opening, closing = (marks[2], marks[3]) if single else (marks[0], marks[1])
            text = pieces[i].content
            pieces[i].content = text[:at] + closing + text[at + 1:]
            other = pieces[piece_j].content
            pieces[piece_j].content = other[:pos_j] + opening + other[pos_j + 1:]
            del stack[j:]
            return True
    return False
