"""`giv score`: one game scored from JSON on stdin, within the limits of generator/limits.py."""
from __future__ import annotations

import argparse
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

from .limits import MAX_BYTES, MAX_DEPTH, MAX_ROUNDS
from .model.errors import printable


class InputError(ValueError):
    """`giv score` input beyond what it reads; the message is one line."""


def _depth(text: str) -> int:
    """How deep the JSON text's arrays and objects nest, counted without parsing it (a parser
    recurses, and would fail a million levels down); stops counting past the limit."""
    depth = deepest = 0
    for match in re.finditer(r'"(?:[^"\\]|\\.)*"|[][{}]', text):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                break
        elif match.group() in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> None:
    raise InputError(f"input: {name} is not a number (JSON has no NaN or Infinity)")


def _finite(text: str) -> float:
    number = float(text)
    if math.isinf(number):
        raise InputError(f"input: {text} is too large a number")
    return number


def _check_text(value: Any) -> None:
    """Every text in the input is Unicode text: no lone surrogate (a '\\ud800' escape alone)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and re.search("[\ud800-\udfff]", item):
            raise InputError(f"input: the text '{printable(item)[:60]}' holds a lone surrogate, which is not Unicode text")


def read_score_input(raw: bytes) -> Any:
    """The JSON input of `giv score`, within the limits of generator/limits.py."""
    if len(raw) > MAX_BYTES:
        raise InputError(f"input: over {MAX_BYTES:,} bytes, the limit")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"input is not UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start})") from None
    if _depth(text) > MAX_DEPTH:
        raise InputError(f"input: arrays and objects nest more than {MAX_DEPTH} deep, the limit")
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except InputError:
        raise
    except ValueError as exc:  # JSONDecodeError, and a number of more digits than Python reads
        raise InputError(f"input is not JSON: {printable(str(exc))}") from None
    _check_text(data)
    # Players need no limit here: the engine scores at most the template's most (templates.json)
    # and answers more with playerCount at once.
    if isinstance(data, dict) and isinstance(data.get("rounds"), list) and len(data["rounds"]) > MAX_ROUNDS:
        raise InputError(f"input: {len(data['rounds']):,} rounds; the limit is {MAX_ROUNDS:,}")
    return data


def score_command(args: argparse.Namespace) -> int:
    from .engine import ShapeError, score

    try:
        data = read_score_input(sys.stdin.buffer.read(MAX_BYTES + 1))
        if isinstance(data, dict) and "game" in data and "spec" not in data:
            from .model.specs import spec_for_game

            data = {**data, **spec_for_game(Path(args.content), data["game"])}
        result = score(data)
    except (InputError, ShapeError) as exc:
        print(f"giv score: {printable(str(exc))}", file=sys.stderr)
        return 2
    print(json.dumps(result, sort_keys=True, ensure_ascii=False, indent=1))
    return 0
