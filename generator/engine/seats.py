"""Who sits at a deal and who deals it: absent seats (null bid and null tricks) and the deal's turn."""
from __future__ import annotations

from typing import Any


def present_seats(rnd: dict[str, Any]) -> list[bool]:
    """True for every seat that played the round. A seat is absent when both its numbers are null;
    a null in only one of them is a missing number, not an absence."""
    return [not (bid is None and took is None) for bid, took in zip(rnd["bids"], rnd["took"])]


def next_dealer(start: int, present: list[bool]) -> int:
    """The first seat present from `start` on, going left (index + 1, wrapping)."""
    n = len(present)
    for step in range(n):
        seat = (start + step) % n
        if present[seat]:
            return seat
    return start
