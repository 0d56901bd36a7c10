"""Run each worked example (and its checks) through the engine; compare with what it expects."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import ShapeError, score
from ..engine.spec import check_value
from ..model.games import why_invalid
from ..model.errors import Problems, hint
from ..model.schema import line_of
from ..model.types import Example, Game, Site


@dataclass
class Mismatch:
    key: str
    line: int
    expected: Any
    actual: Any
    key_line: int = 0  # the line of the expected key itself


def engine_input(game: Game, example: Example, extra: dict | None = None) -> dict:
    data = {"template": game.template, "spec": game.spec(), "settings": {**example.settings, **(extra or {})},
            "players": example.players, "rounds": example.rounds}
    if game.template == "bid":
        data["firstDealer"] = example.first_dealer
    return data


def actual_values(output: dict) -> dict[str, Any]:
    """What an example may expect, taken from the engine's output."""
    ranks = [0] * len(output["players"])
    for entry in output["standings"]:
        ranks[entry["player"]] = entry["rank"]
    return {"scores": [r["scores"] for r in output["rounds"]], "totals": [r["totals"] for r in output["rounds"]],
            "final": output["totals"], "ranks": ranks, "finished": output["finished"]}


def compare(expect: dict, actual: dict[str, Any]) -> list[Mismatch]:
    out = []
    for key, want in expect.items():
        got = actual[key]
        if want == got:
            continue
        line = key_line = line_of(expect, key)
        if key in ("scores", "totals") and isinstance(want, list):
            for index, row in enumerate(want):
                if index >= len(got) or row != got[index]:
                    line = line_of(want, index)
                    break
        out.append(Mismatch(key, line, want, got, key_line))
    return out


WHAT = {"scores": "scores differ", "totals": "totals differ", "final": "final totals differ",
        "ranks": "ranks differ", "finished": "'finished' differs"}
BLESS = " (if the engine is right, `giv build --bless` writes its values in)"  # what to do, when the example is what is wrong


def _yaml(value: Any) -> str:
    """A value as the examples file writes it: true/false, [1, 2]."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_yaml(v) for v in value) + "]"
    return str(value)


def table(players: list[str], mismatch: Mismatch) -> str:
    """Expected against actual per cell, the differing cells marked."""
    def cell(want: Any, got: Any) -> str:
        return f"{want}" if want == got else f"{want} -> {got}"

    want, got = mismatch.expected, mismatch.actual
    if mismatch.key == "finished" or not isinstance(want, list):
        return f"    {mismatch.key}: expected {_yaml(want)}, the engine gives {_yaml(got)}"
    per_seat = f" (one value per player: {', '.join(players)})"
    if mismatch.key in ("final", "ranks") and len(want) != len(got):
        return f"    {mismatch.key}: expected {_yaml(want)}, the engine gives {_yaml(got)}{per_seat}"
    if mismatch.key in ("scores", "totals"):  # a row that is not one value per player: the table cannot show it
        for index, row in enumerate(want):
            if not isinstance(row, list) or len(row) != len(players):
                engine = _yaml(got[index]) if index < len(got) else "no such round"
                return f"    {mismatch.key}, round {index + 1}: expected {_yaml(row)}, the engine gives {engine}{per_seat}"
    rows = [[mismatch.key, *players]]
    if mismatch.key in ("scores", "totals"):
        for index in range(max(len(want), len(got))):
            w = want[index] if index < len(want) else ["-"] * len(players)
            g = got[index] if index < len(got) else ["-"] * len(players)
            rows.append([f"round {index + 1}", *(cell(a, b) for a, b in zip(w, g))])
    else:
        rows.append(["", *(cell(a, b) for a, b in zip(want, got))])
    widths = [max(len(str(r[i])) for r in rows if i < len(r)) for i in range(max(map(len, rows)))]
    return "\n".join("    " + "  ".join(str(c).ljust(widths[i]) for i, c in enumerate(r)).rstrip() for r in rows)


# What each engine check means (docs/engine.md), for an author reading the build's error.
MEANING = {
    "tooManyRounds": "a round after the game's last deal",
    "tooFewPresent": "fewer than two players present",
    "handSizeRange": "a hand size the deck does not allow",
    "dealerAbsent": "the dealer is absent from the round",
    "bidRange": "a bid that is not a whole number from 0 to the hand size",
    "tookRange": "a trick count that is not a whole number from 0 to the hand size",
    "tricksSum": "the tricks taken do not add up to the hand size",
    "dealerHook": "the dealer's bid makes the bids add up to the hand size",
    "adjustAbsent": "an adjustment for a player absent from the round",
    "loserRange": "the loser is not a seat (0 for the first player in players, 1 for the second, ...)",
    "loserAbsent": "the loser is absent from the round",
    "playerCount": "a number of players the game does not allow",
    "badSetting": "a setting outside what the game offers",
}


def error_declaration(e: dict) -> str:
    """The entry that declares the error in an example's `errors:`."""
    return "{" + ", ".join(f"{k}: {e[k]}" for k in ("code", "round", "player", "setting") if e.get(k) is not None) + "}"


def error_text(errors: list[dict], players: list[str]) -> str:
    parts = []
    for e in errors:
        where = [f"round {e['round']}"] if e.get("round") else []
        if e.get("player") is not None and 0 <= e["player"] < len(players):
            where.append(players[e["player"]])
        if e.get("setting"):
            where.append(f"setting {e['setting']}")
        parts.append(e["code"] + (f" ({', '.join(where)})" if where else ""))
    return "; ".join(parts)


def _norm(errors: list[dict]) -> list[tuple]:
    return sorted((e["code"], e.get("round") or 0, -1 if e.get("player") is None else e["player"],
                   e.get("setting", "")) for e in errors)


def run_case(problems: Problems, file: str, line: int, label: str, players: list[str], data: dict,
             declared: list[dict], expect: dict, mismatches: list, round_lines: Any = None) -> dict | None:
    """The engine's output for one example or check; None (and a problem) when its rounds are not valid."""
    try:
        output = score(data)
    except ShapeError as exc:  # at the line of its round, when the example has rounds of its own
        at = line_of(round_lines, exc.round - 1) if round_lines and exc.round else line
        problems.add(file, at, f"{label}: {str(exc).removeprefix('input: ')}")
        return None
    if _norm(output["errors"]) != _norm(declared):
        undeclared = [e for e in output["errors"] if _norm([e])[0] not in _norm(declared)]
        missing = [e for e in declared if _norm([e])[0] not in _norm(output["errors"])]
        for e in undeclared:  # each at the line of its round, when the example has rounds of its own
            at = line_of(round_lines, e["round"] - 1) if round_lines and e.get("round") else line
            meaning = f": {MEANING[e['code']]}" if e["code"] in MEANING else ""
            problems.add(file, at, f"{label} breaks its own rules: {error_text([e], players)}{meaning} (on purpose? "
                                   f"list it under errors: {error_declaration(e)})")
        for e in missing:  # a misspelt code, or a seat that is not one, said as such (error_text leaves it out)
            why = (f": '{e['code']}' is not an error code{hint(e['code'], MEANING)}" if e["code"] not in MEANING else
                   f": player {e['player']} is not a seat (0 to {len(players) - 1})"
                   if e.get("player") is not None and not 0 <= e["player"] < len(players) else "")
            problems.add(file, e.get("line", line), f"{label} declares an error the engine does not report: "
                                                    f"{error_text([e], players)}{why}")
        return None
    for m in compare(expect, actual_values(output)):
        mismatches.append((file, m, actual_values(output)))
        problems.add(file, m.line, f"{label}: expected {WHAT[m.key]} from the engine{BLESS}", table(players, m))
    return output


def settings_ok(problems: Problems, game: Game, file: str, label: str, settings: dict) -> bool:
    """An example's or check's settings are settings of the game, with values it allows."""
    ok = True
    for key, value in settings.items():
        meta = game.settings.get(key)
        if meta is None:
            problems.add(file, line_of(settings, key), f"{label} sets '{key}', which {game.id} does not have as a setting"
                                                          + hint(key, game.settings))
            ok = False
        elif check_value(meta.as_spec(), value) is None:
            problems.add(file, line_of(settings, key), f"{label}: {key} {why_invalid(meta.as_spec(), value)}")
            ok = False
    return ok


def verify(problems: Problems, site: Site, mismatches: list | None = None) -> dict[tuple[str, str], dict]:
    """Engine output per (game id, example id); every difference is a problem with its table.
    The games are verified on every core (generator/parallel.py); problems keep the games' order."""
    from ..parallel import parallel_map

    mismatches = [] if mismatches is None else mismatches
    results: dict[tuple[str, str], dict] = {}
    games = [game for game in site.games if game.examples]  # an incremental build's stubs have none
    for found, missed, outputs in parallel_map(lambda game: verify_game(problems.root, game), games):
        problems.extend(found)
        mismatches.extend(missed)
        results.update(outputs)
    return results


def verify_game(root: Path, game: Game) -> tuple[list, list, dict[tuple[str, str], dict]]:
    """(problems, mismatches, engine output per (game id, example id)) of one game's examples."""
    problems, mismatches, results = Problems(root), [], {}
    for ex in game.examples:
        label = f"example '{ex.id}'"
        low, high = game.players
        if not low <= len(ex.players) <= high:
            problems.add(ex.loc.file, ex.lines.get("players", ex.loc.line),
                         f"{label} has {len(ex.players)} players; {game.id} is for {low} to {high}")
            continue
        if not 0 <= ex.first_dealer < len(ex.players):  # the engine's "index of a player", in the author's words
            problems.add(ex.loc.file, ex.lines.get("firstDealer", ex.loc.line),
                         f"{label}: firstDealer {ex.first_dealer} is not a seat: seats count from 0 in the order of "
                         f"players, 0 ({ex.players[0]}) to {len(ex.players) - 1} ({ex.players[-1]})")
            continue
        if not settings_ok(problems, game, ex.loc.file, label, ex.settings):
            continue
        out = run_case(problems, ex.loc.file, ex.loc.line, label, ex.players, engine_input(game, ex),
                       ex.errors, ex.expect, mismatches, ex.rounds)
        if out is None:
            continue  # its checks replay the same rounds: they would only repeat the problem
        results[(game.id, ex.id)] = out
        for check in ex.checks:
            clabel = f"{label}, check '{check.id}'"
            if not settings_ok(problems, game, check.loc.file, clabel, check.settings):
                continue
            out_c = run_case(problems, check.loc.file, check.loc.line, clabel, ex.players,
                             engine_input(game, ex, check.settings), check.errors, check.expect, mismatches)
            if out_c is not None:
                results[(game.id, f"{ex.id}/{check.id}")] = out_c
    return problems.items, mismatches, results
