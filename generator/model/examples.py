"""examples.yaml: worked examples, their inputs and expected results, with lines for each."""
from __future__ import annotations

from pathlib import Path

from .errors import Problems, listing
from .files import present
from .format import CHECK, ERROR, EXAMPLE, EXPECT, ROUND
from .schema import Shape, kind_of, line_of, same_id
from .types import Check, Example, Loc
from .yamlfile import load_yaml


def _errors(problems: Problems, path: Path, where: str, items: list) -> list[dict] | None:
    out = []
    for index, item in enumerate(items):
        shape = Shape(problems, path, f"{where}.errors[{index + 1}]")
        if not shape.mapping(item, line_of(items, index), ERROR):
            return None
        out.append({"code": item["code"], "round": item.get("round"), "player": item.get("player"),
                    **({"setting": item["setting"]} if "setting" in item else {}), "line": line_of(items, index)})
    return out


ROUND_KEYS = sorted({key for form in ROUND.options for key in form.all()})  # a bid round's or a tally round's


def _round_keys(problems: Problems, path: Path, where: str, rounds: list) -> bool:
    """False, each said at its line, when a round has a key that no round has (a misspelt one):
    which keys a round needs depends on the game, and the engine names what is missing."""
    ok = True
    for index, rnd in enumerate(rounds):
        for key in rnd if isinstance(rnd, dict) else ():
            if key not in ROUND_KEYS:
                problems.add(path, line_of(rnd, key), f"unknown key '{where}.rounds[{index + 1}].{key}'"
                                                      f"{listing(str(key), ROUND_KEYS)}")
                ok = False
    return ok


def _ids(items: object) -> list[str]:
    """The ids written in a list of examples or checks, whatever else is wrong with them."""
    items = items if isinstance(items, list) else []
    return [item["id"] for item in items if isinstance(item, dict) and isinstance(item.get("id"), str)]


def load_examples(problems: Problems, path: Path) -> tuple[list[Example], dict[str, list[str]]] | None:
    """The game's worked examples ([] without the file) and the ids of every example written, with
    its checks' (an example refused for a missing key still has its texts, and they are not
    reported as texts of no example); None when the file cannot be read as a list."""
    if not present(path):
        return [], {}
    data, line, message = load_yaml(path, problems.root)
    if data is None:
        problems.add(path, line, message)
        return None
    if not isinstance(data, list):
        problems.add(path, 1, "examples.yaml must be a list of examples")
        return None
    out, seen = [], {}
    rel = problems.rel(path)
    named = {item["id"]: _ids(item.get("checks")) for item in data if _ids([item])}
    for index, item in enumerate(data):
        where = f"examples.{item['id']}" if _ids([item]) else f"example {index + 1}"  # its id, when it has one
        shape = Shape(problems, path, where)
        if not shape.mapping(item, line_of(data, index), EXAMPLE):
            continue
        # a worked example's players are shown by name; the example is kept, so that its texts are not "unknown"
        for pindex, name in enumerate(item["players"]):
            if not isinstance(name, str) or not name.strip():
                what = "is empty" if isinstance(name, str) or name is None else f"must be text, not {kind_of(name)}"
                problems.add(path, line_of(item["players"], pindex), f"examples.{item['id']}: player {pindex + 1}'s "
                                                                     f"name {what}")
        again = same_id(seen, item["id"], f"line {line_of(item, 'id')}", "example-")
        if again is not None:
            problems.add(path, line_of(item, "id"), f"duplicate example id '{item['id']}'{again}")
        where = f"examples.{item['id']}"
        ok = Shape(problems, path, f"{where}.expect").mapping(item["expect"], line_of(item, "expect"), EXPECT)
        ok = _round_keys(problems, path, where, item["rounds"]) and ok
        errors = _errors(problems, path, where, item.get("errors", []))
        checks, cseen = [], {}
        for cindex, citem in enumerate(item.get("checks", [])):
            cwhere = f"{where}.checks[{cindex + 1}]"
            cline = line_of(item["checks"], cindex)
            if not Shape(problems, path, cwhere).mapping(citem, cline, CHECK):
                ok = False
                continue
            again = same_id(cseen, citem["id"], f"line {line_of(citem, 'id')}")
            if again is not None:
                problems.add(path, line_of(citem, "id"), f"{where}: duplicate check id '{citem['id']}'{again}")
                ok = False
            cerrors = _errors(problems, path, cwhere, citem.get("errors", []))
            ok = Shape(problems, path, f"{cwhere}.expect").mapping(citem["expect"], line_of(citem, "expect"),
                                                                   EXPECT) and ok
            if cerrors is None:
                ok = False
                continue
            checks.append(Check(citem["id"], citem["settings"], cerrors, citem["expect"],
                                Loc(rel, cline), {key: line_of(citem, key) for key in citem}))
        if ok and errors is not None:
            out.append(Example(item["id"], item.get("settings", {}), list(item["players"]),
                               item.get("firstDealer", 0), item["rounds"], errors, item["expect"], checks,
                               Loc(rel, line_of(data, index)), {key: line_of(item, key) for key in item}))
    return out, named
