"""What a build reads: every file of content/, templates/ and the generator itself, by content hash.

A file's hash is taken again only when its stat (size, mtime, inode) changed, or when it changed
so recently before the last build that an edit within the file system's clock tick could hide
(git's "racy" rule). The hashes, not the times, decide what changed.
"""
from __future__ import annotations

import os
import stat
import time
from pathlib import Path
from stat import S_ISDIR

from ..model.scratch import scratch

GENERATOR_DIR = Path(__file__).resolve().parent.parent
RACY_NS = 2_000_000_000  # a file changed less than this before the last build is hashed again
SKIP = {"__pycache__"}
NOT_INPUT = {"translations.lock"}  # read by `giv status` only

Stat = tuple[int, int, int]  # size, mtime_ns, inode


def walk(root: Path, prefix: str) -> dict[str, Stat]:
    """Every file and folder under root, as 'prefix/relative/path' -> stat (folders end in '/')."""
    out: dict[str, Stat] = {}
    stack, seen = [(str(root), prefix)], set()  # seen: folders by (device, inode), so a loop of links ends
    while stack:
        folder, rel = stack.pop()
        try:
            with os.scandir(folder) as found:
                entries = list(found)
        except OSError:  # gone, unreadable, or a loop of links: content/'s loader names the problem
            continue
        for entry in entries:
            name = entry.name
            if name in SKIP or name.endswith(".pyc") or scratch(name):
                continue
            key = rel + "/" + name
            try:
                st = entry.stat()  # a link's target
            except OSError:  # a link to nothing, or a loop of links
                st = entry.stat(follow_symlinks=False)
                out[key] = (st.st_size, st.st_mtime_ns, st.st_ino)
                continue
            if S_ISDIR(st.st_mode):
                out[key + "/"] = (0, 0, 0)
                if (st.st_dev, st.st_ino) not in seen:
                    seen.add((st.st_dev, st.st_ino))
                    stack.append((entry.path, key))
            else:
                out[key] = (st.st_size, st.st_mtime_ns, st.st_ino)
    return out


def file_hash(path: str) -> str:
    """The file's hash; a pipe is opened without waiting for a writer, and is not read (nor is any
    other thing that is not a file): content/'s loader refuses them with a message."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        return f"unreadable {exc.errno}"
    from hashlib import blake2b  # here: `giv build` with nothing to do hashes nothing

    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return "not a file"
        return blake2b(handle.read(), digest_size=16).hexdigest()


class Inputs:
    """One scan: stat and content hash per input file, keyed 'content/…', 'templates/…', 'generator/…'."""

    def __init__(self, roots: dict[str, Path]):
        self.roots = roots
        self.stats: dict[str, Stat] = {}
        self.hashes: dict[str, str] = {}
        self.changed: set[str] = set()  # hash_all(): what is new, gone or of another hash than the known one
        self.scanned_at = 0  # when scan() began taking the stats (time.time_ns())
        self._keys: dict[str, tuple[str, dict[str, str]]] = {}

    @classmethod
    def scan(cls, content: Path, templates: Path) -> "Inputs":
        roots = {"content": content, "templates": templates, "generator": GENERATOR_DIR}
        inputs = cls(roots)
        inputs.scanned_at = time.time_ns()
        for name, root in roots.items():
            inputs.stats.update(walk(root, name))
        return inputs

    def path(self, key: str) -> str:
        name, _, rel = key.partition("/")
        return os.path.join(self.roots[name], rel)

    def hash_of(self, key: str) -> str:
        """The input file's hash now."""
        return file_hash(self.path(key))

    def hash_all(self, known_stats: dict[str, Stat], known_hashes: dict[str, str], trusted_before: int) -> None:
        """Hash every file, reusing a known hash when the stat is the same and not racy, and note
        what is new, gone or of another hash than the known one (keys() makes only those games' keys)."""
        self._keys.clear()
        self.changed = set(known_hashes.keys() - self.stats.keys())
        for key, st in self.stats.items():
            if key.endswith("/"):
                self.hashes[key] = "dir"
            elif known_stats.get(key) == st and st[1] < trusted_before and key in known_hashes:
                self.hashes[key] = known_hashes[key]
                continue
            else:
                self.hashes[key] = self.hash_of(key)
            if known_hashes.get(key) != self.hashes[key]:
                self.changed.add(key)

    def game_of(self, key: str) -> str | None:
        """The game folder a file belongs to, or None for what every page may depend on."""
        parts = key.split("/")
        if len(parts) >= 4 and parts[0] == "content" and parts[1] == "games":
            return parts[2] if parts[3] not in NOT_INPUT else ""  # "": belongs to no build
        return None

    def keys(self, extra: str, known: dict[str, str]) -> tuple[str, dict[str, str]]:
        """(the key of everything that is not one game's, {game id: the key of its folder}); known:
        the games' keys with the hashes hash_all() was given, kept for each game none of whose files
        changed."""
        if extra not in self._keys:  # once per set of hashes: hash_all forgets them
            self._keys[extra] = self._compute_keys(extra, known)
        common, games = self._keys[extra]
        return common, dict(games)

    def _compute_keys(self, extra: str, known: dict[str, str]) -> tuple[str, dict[str, str]]:
        import hashlib

        common, games = hashlib.blake2b(extra.encode(), digest_size=16), {}
        changed = {self.game_of(key) for key in self.changed}
        per_game: dict[str, list[str]] = {}
        for key in sorted(self.hashes):
            game = self.game_of(key)
            if game is None:
                common.update(f"{key}\0{self.hashes[key]}\n".encode())
            elif not game:  # belongs to no build
                continue
            elif game in changed or game not in known:
                per_game.setdefault(game, []).append(f"{key}\0{self.hashes[key]}\n")
            else:
                games[game] = known[game]
        for game, lines in per_game.items():
            games[game] = hashlib.blake2b("".join(lines).encode(), digest_size=16).hexdigest()
        return common.hexdigest(), games
