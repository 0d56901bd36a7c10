"""Standings with shared places: rank = 1 + the number of players strictly ahead."""
from __future__ import annotations


def standings(players: list[str], totals: list[int], higher_wins: bool) -> list[dict]:
    def ahead(a: int, b: int) -> bool:
        return a > b if higher_wins else a < b

    order = sorted(range(len(players)), key=lambda i: (-totals[i] if higher_wins else totals[i], i))
    result = []
    for i in order:
        rank = 1 + sum(1 for t in totals if ahead(t, totals[i]))
        shared = sum(1 for t in totals if t == totals[i]) > 1
        result.append({"player": i, "name": players[i], "total": totals[i], "rank": rank, "shared": shared})
    return result
