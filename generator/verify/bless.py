"""`giv build --bless`: rewrite the expected numbers of worked examples in place, keeping the layout."""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from ..model.yamlfile import LList
from .examples import Mismatch


def _flow(values: list) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def rewrite(lines: list[str], m: Mismatch) -> list[str]:
    """The file's lines with one mismatch's expected value replaced by the actual one."""
    lines = list(lines)
    want, got = m.expected, m.actual
    key_line = m.key_line - 1
    if isinstance(want, LList) and want.lines and want.lines[0] - 1 != key_line:
        first, last = want.lines[0] - 1, want.lines[-1] - 1
        indent = re.match(r"\s*", lines[first]).group(0)
        lines[first:last + 1] = [f"{indent}- {_flow(row)}\n" for row in got]
        return lines
    line = lines[key_line]
    if isinstance(got, bool):
        lines[key_line] = re.sub(r":\s*(true|false)\b", f": {'true' if got else 'false'}", line, count=1)
    else:
        lines[key_line] = re.sub(r"\[.*\]", _flow(got), line, count=1)
    return lines


def _said(value) -> str:
    if isinstance(value, list):
        return "; ".join(_flow(v) for v in value) if value and isinstance(value[0], list) else _flow(value)
    return "true" if value is True else "false" if value is False else str(value)


def said(file: str, m: Mismatch) -> list[str]:
    """What a rewrite changed, for the author to review: each row that changed at its own line
    (a round's scores or totals), else the value at its key's line."""
    want, got = m.expected, m.actual
    if isinstance(want, LList) and want.lines and isinstance(got, list) and len(want) == len(got) \
            and all(isinstance(row, list) for row in want):
        return [f"giv build --bless: {file}:{want.lines[i]}: {m.key}, round {i + 1}: {_flow(w)} -> {_flow(g)}"
                for i, (w, g) in enumerate(zip(want, got)) if w != g]
    return [f"giv build --bless: {file}:{m.key_line}: {m.key} {_said(want)} -> {_said(got)}"]


def bless(base: Path, mismatches: list[tuple[str, Mismatch, dict]]) -> list[str]:
    """Rewrite every file with mismatches, bottom-up so earlier line numbers stay true, and say
    on stdout what each rewrite changed (the author reviews it)."""
    by_file = defaultdict(list)
    for file, mismatch, _ in mismatches:
        by_file[file].append(mismatch)
    changed = []
    for file, items in sorted(by_file.items()):
        path = base / file
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        for m in sorted(items, key=lambda m: -m.key_line):
            lines = rewrite(lines, m)
        for m in sorted(items, key=lambda m: m.key_line):
            print(*said(file, m), sep="\n")
        path.write_text("".join(lines), encoding="utf-8")
        changed.append(file)
    return changed
