"""A synthetic site of N games shaped like the real ones, for bench/run.

Each game is a copy of one of the bundled games (content/games/*), renamed so that ids, names,
slugs and aliases stay unique, its `game:` links and `extends` pointing inside its own group of
copies, and its rules text padded to about 1,500 words per language with its own paragraphs.
Settings, variants and worked examples are kept, so the build verifies every example.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
WORDS = 1500


def _dump(data: object) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)


def _pad(text: str, words: int = WORDS) -> str:
    """The rules text with its own paragraphs repeated before the second section up to `words`."""
    paragraphs = [p for p in text.split("\n\n") if p.strip() and not p.lstrip().startswith(("#", "|", "-", "*", "1."))]
    if not paragraphs:
        return text
    parts = text.split("\n## ", 2)
    extra, count, i = [], len(text.split()), 0
    while count < words:
        extra.append(paragraphs[i % len(paragraphs)].strip())
        count += len(extra[-1].split())
        i += 1
    if len(parts) < 3:
        return text.rstrip() + "\n\n" + "\n\n".join(extra) + "\n"
    return parts[0] + "\n## " + parts[1].rstrip() + "\n\n" + "\n\n".join(extra) + "\n\n## " + parts[2]


def make_site(dest: Path, games: int = 1000, source: Path = ROOT / "content") -> list[str]:
    """Write a site of `games` games into dest (replacing it); returns the game ids in order."""
    shutil.rmtree(dest, ignore_errors=True)
    (dest / "games").mkdir(parents=True)
    shutil.copy(source / "site.yaml", dest / "site.yaml")
    if (source / "settings").is_dir():  # the standard settings' texts, shared by every game
        shutil.copytree(source / "settings", dest / "settings")
    langs = list(yaml.safe_load((source / "site.yaml").read_text("utf-8"))["languages"])
    bases = sorted((p for p in (source / "games").iterdir() if (p / "game.yaml").exists()),
                   key=lambda p: yaml.safe_load((p / "game.yaml").read_text("utf-8")).get("order", 999))
    base_ids = [p.name for p in bases]
    link = re.compile(r"\(game:(" + "|".join(map(re.escape, base_ids)) + r")([)#])")
    ids = []
    for n in range(games):
        group, base = divmod(n, len(bases))
        folder = bases[base]
        gid = f"{folder.name}-{group}"
        out = dest / "games" / gid
        out.mkdir()
        data = yaml.safe_load((folder / "game.yaml").read_text("utf-8"))
        data["id"], data["order"] = gid, n + 1
        if data.get("extends"):
            data["extends"] = f"{data['extends']}-{group}"
        (out / "game.yaml").write_text(_dump(data), "utf-8")
        if (folder / "examples.yaml").exists():
            shutil.copy(folder / "examples.yaml", out / "examples.yaml")
        for lang in langs:
            text = yaml.safe_load((folder / f"{lang}.yaml").read_text("utf-8"))
            text["name"] = f"{text['name']} {group}"
            text["slug"] = f"{text['slug']}-{group}"
            text["aliases"] = [f"{a} {group}" if isinstance(a, str) else {**a, "name": f"{a['name']} {group}"}
                               for a in text.get("aliases", [])][:2]
            (out / f"{lang}.yaml").write_text(_dump(text), "utf-8")
            rules = link.sub(lambda m: f"(game:{m.group(1)}-{group}{m.group(2)}", (folder / f"{lang}.md").read_text("utf-8"))
            (out / f"{lang}.md").write_text(_pad(rules), "utf-8")
        ids.append(gid)
    return ids


if __name__ == "__main__":
    import sys

    target = Path(sys.argv[1])
    print(len(make_site(target, int(sys.argv[2]) if len(sys.argv) > 2 else 1000)), "games in", target)
