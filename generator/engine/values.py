"""Value predicates shared by the engine modules, written to agree with JavaScript's JSON model."""
from __future__ import annotations

from typing import Any


def whole(value: Any) -> int | None:
    """The value as an int when it is a whole JSON number (bools excluded), else None.

    JSON has one number type: 2.0 and 2 are the same number, as in JavaScript.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def whole_in(value: Any, low: int, high: int) -> int | None:
    number = whole(value)
    if number is None or number < low or number > high:
        return None
    return number
